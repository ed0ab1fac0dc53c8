// Shared helpers of the kinglib web pages: cards with suit symbols and colours, any value of a
// view's extras in a plain form, score sheets, and the lobby's API.
"use strict";

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED = new Set(["H", "D"]);
const CARD_TEXT = /^(?:[2-9TJQKA][SHDC]|10[SHDC]|JK[12]?)$/;

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// A card's text ("QS", "TH", "JK1") as a face: rank and suit symbol, red or black.
function cardFace(code) {
  if (code.startsWith("JK")) {
    return el("span", { class: "card joker", "data-card": code }, "🃏", el("small", {}, code.slice(2)));
  }
  const rank = code.slice(0, -1) === "T" ? "10" : code.slice(0, -1);
  const suit = code.slice(-1);
  return el("span", { class: "card " + (RED.has(suit) ? "red" : "black"), "data-card": code },
    el("span", { class: "rank" }, rank), el("span", { class: "suit" }, SUITS[suit] || suit));
}

// Text with card codes shown with their suit symbols ("seat 1 plays Q♠").
function prettyText(text) {
  return String(text)
    .replace(/\b([2-9TJQKA])([SHDC])\b/g, (m, r, s) => (r === "T" ? "10" : r) + SUITS[s])
    .replace(/\bJK([12])\b/g, "🃏$1");
}

function cardsOf(text) {
  return String(text || "").split(/\s+/).filter(Boolean);
}

function isCards(text) {
  const cards = cardsOf(text);
  return cards.length > 0 && cards.every((c) => CARD_TEXT.test(c));
}

// A hand in display order with the suits' colours alternating (♠ ♥ ♣ ♦), jokers last.
function alternateSuits(cards) {
  const bySuit = new Map();
  const jokers = [];
  for (const card of cards) {
    if (card.startsWith("JK")) { jokers.push(card); continue; }
    const suit = card.slice(-1);
    if (!bySuit.has(suit)) bySuit.set(suit, []);
    bySuit.get(suit).push(card);
  }
  const blacks = ["S", "C"].filter((s) => bySuit.has(s));
  const reds = ["H", "D"].filter((s) => bySuit.has(s));
  const [first, second] = blacks.length >= reds.length ? [blacks, reds] : [reds, blacks];
  const order = [];
  for (let i = 0; i < first.length || i < second.length; i++) {
    if (i < first.length) order.push(first[i]);
    if (i < second.length) order.push(second[i]);
  }
  for (const suit of bySuit.keys()) if (!order.includes(suit)) order.push(suit);
  return [...order.flatMap((s) => bySuit.get(s)), ...jokers];
}

function plural(n, word) {
  return n + " " + word + (n === 1 ? "" : "s");
}

// Any JSON value as something to show: cards as faces, seats by name, lists and mappings
// laid out plainly; never "[object Object]".
function showValue(value, seatName, key) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number") {
    return seatName && /seat|chooser|declarer|maker|dealer|leader|winner|buyer/.test(key || "")
      ? seatName(value) : String(value);
  }
  if (typeof value === "string") {
    return isCards(value) ? el("span", { class: "cards" }, cardsOf(value).map(cardFace)) : prettyText(value);
  }
  if (Array.isArray(value)) {
    if (!value.length) return "none";
    if (value.every((x) => x === null || typeof x !== "object")) {
      if (value.every((x) => typeof x === "string" && isCards(x))) {
        return el("span", { class: "cards" }, value.flatMap(cardsOf).map(cardFace));
      }
      return value.map((x) => x === null ? "—" : prettyText(x)).join(", ");
    }
    return el("ul", { class: "value" }, value.map((x) => el("li", {}, showValue(x, seatName, key))));
  }
  if (typeof value === "object") {
    return el("dl", { class: "value" }, Object.entries(value).flatMap(([k, v]) =>
      [el("dt", {}, k.replace(/_/g, " ")), el("dd", {}, showValue(v, seatName, k))]));
  }
  return String(value);
}

// The score sheet as the command line prints it: a row per deal, subtotals, total, winner.
function sheetTable(sheet, id) {
  const head = el("tr", {}, sheet.columns.map((c, i) => el("th", { class: i > 1 ? "num" : "" }, c)));
  const rows = sheet.rows.map((row) =>
    el("tr", { class: row.kind + (row.end ? " end" : "") },
      row.cells.map((c, i) => el("td", { class: i > 1 || i === 0 ? "num" : "" }, prettyText(c)))));
  return el("table", { class: "sheet", id: id || "sheet" }, el("caption", {}, sheet.title),
    el("thead", {}, head), el("tbody", {}, rows));
}

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
  const response = await fetch(path, init);
  let data = null;
  try { data = await response.json(); } catch (e) { data = { error: response.statusText }; }
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function tokenKey(table) {
  return "kinglib-seat-" + table;
}

function inviteKey(table) {
  return "kinglib-invite-" + table;
}

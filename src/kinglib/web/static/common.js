// Shared helpers of the kinglib web pages: cards with suit symbols and colours, score sheets.
"use strict";

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RED = new Set(["H", "D"]);

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

// The score sheet as the command line prints it: a row per deal, subtotals, total, winner.
function sheetTable(sheet) {
  const head = el("tr", {}, sheet.columns.map((c, i) => el("th", { class: i > 1 ? "num" : "" }, c)));
  const rows = sheet.rows.map((row) =>
    el("tr", { class: row.kind + (row.end ? " end" : "") },
      row.cells.map((c, i) => el("td", { class: i > 1 || i === 0 ? "num" : "" }, prettyText(c)))));
  return el("table", { class: "sheet", id: "sheet" }, el("caption", {}, sheet.title),
    el("thead", {}, head), el("tbody", {}, rows));
}

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  };
  const response = await fetch(path, init);
  const data = await response.json();
  if (!response.ok) throw new Error(data.error || response.statusText);
  return data;
}

function tokenKey(table) {
  return "kinglib-seat-" + table;
}

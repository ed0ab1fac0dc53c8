// The table page: hold a seat by its token, show the seat's view, send moves by clicks.
"use strict";

const tableId = location.pathname.split("/").pop();
let socket = null;
let current = null;
let selected = new Set();
let retry = 500;

const $ = (id) => document.getElementById(id);

function seatName(message, seat) {
  const info = message.table.seats[seat];
  return seat === message.you ? "you" : info.name;
}

function showError(text) {
  $("error").textContent = text || "";
}

function send(move) {
  showError("");
  socket.send(JSON.stringify({ type: "move", move }));
}

function renderStatus(m) {
  const v = m.view;
  const parts = [el("b", {}, m.table.variant), " · deal " + v.deal_number, " · dealer " + seatName(m, v.dealer)];
  if (m.contract_title) parts.push(" · ", el("b", { id: "contract" }, prettyText(m.contract_title)));
  if (v.trump && !m.contract_title.includes("(")) parts.push(" · trump " + prettyText(v.trump));
  parts.push(" · ");
  if (m.over) parts.push(el("b", {}, "match over"));
  else if (v.to_move === m.you) parts.push(el("span", { class: "yours", id: "your-turn" }, "your turn"));
  else parts.push("waiting for " + seatName(m, v.to_move));
  $("status").replaceChildren(...parts);
}

function renderSeats(m) {
  const v = m.view;
  $("seats").replaceChildren(...m.table.seats.map((s, seat) => el("div", {
    class: "seat" + (seat === v.to_move ? " turn" : "") + (seat === m.you ? " you" : ""), "data-seat": seat },
    el("div", {}, el("b", {}, "seat " + seat + (seat === m.you ? " (you)" : "")), " ", s.name,
      seat === v.dealer ? " · dealer" : ""),
    el("div", {}, v.hand_sizes[seat] + " cards · total " + (v.totals[seat] > 0 ? "+" : "") + v.totals[seat]),
    s.kind === "human" && !s.connected ? el("div", { class: "off" }, "disconnected") : null,
    s.kind === "open" ? el("div", { class: "off" }, "open seat") : null)));
}

function renderTrick(m) {
  const v = m.view;
  let plays = v.trick;
  let last = false;
  if (!plays.length && v.tricks.length) {
    plays = v.tricks[v.tricks.length - 1].plays;
    last = true;
  }
  $("trick").className = "trick" + (last ? " last" : "");
  $("trick").replaceChildren(...(last ? [el("span", {}, "last trick:")] : []),
    ...plays.map(([seat, card]) => el("figure", {}, cardFace(card), el("figcaption", {}, seatName(m, seat)))));
}

function renderHand(m) {
  const plays = new Map(m.moves.filter((x) => x.kind === "play").map((x) => [x.card, x.text]));
  const discards = m.moves.filter((x) => x.kind === "discard");
  const hand = $("hand");
  hand.className = "hand" + (m.moves.length ? "" : " waiting");
  hand.replaceChildren(...cardsOf(m.view.hand).map((card) => {
    const face = cardFace(card);
    if (plays.has(card)) {
      face.classList.add("legal");
      face.addEventListener("click", () => send(plays.get(card)));
    } else if (discards.length) {
      face.classList.add("legal");
      if (selected.has(card)) face.classList.add("selected");
      face.addEventListener("click", () => {
        if (selected.has(card)) selected.delete(card); else selected.add(card);
        renderHand(current); renderMoves(current);
      });
    } else {
      face.setAttribute("aria-disabled", "true");
    }
    return face;
  }));
}

function renderMoves(m) {
  $("hint").textContent = m.hint;
  const buttons = [];
  const discards = m.moves.filter((x) => x.kind === "discard");
  if (discards.length) {
    const pick = [...selected].sort().join(" ");
    const match = discards.find((x) => [...x.cards].sort().join(" ") === pick);
    const size = discards[0].cards.length;
    buttons.push(el("button", { class: "primary", "data-move": match ? match.text : "", disabled: !match,
      onclick: () => { if (match) { selected = new Set(); send(match.text); } } },
      "Discard " + (selected.size ? prettyText([...selected].join(" ")) : size + " cards")));
  }
  for (const move of m.moves) {
    if (move.kind === "play" || move.kind === "discard") continue;
    buttons.push(el("button", { "data-move": move.text, onclick: () => send(move.text) }, prettyText(move.label)));
  }
  $("moves").replaceChildren(...buttons);
}

function renderExtra(m) {
  const items = [];
  for (const [key, value] of Object.entries(m.view.extra)) {
    const text = Array.isArray(value) ? value.map((x) => Array.isArray(x) ? x.join(": ") : x).join(", ") : value;
    items.push(el("dt", {}, key.replace(/_/g, " ")), el("dd", {}, prettyText(text === null ? "—" : text)));
  }
  for (const [pile, cards] of Object.entries(m.view.piles)) {
    items.push(el("dt", {}, pile), el("dd", {}, cardsOf(cards).map(cardFace)));
  }
  if (!items.length) items.push(el("dd", {}, "nothing declared"));
  $("extra").replaceChildren(...items);
}

function render(m) {
  current = m;
  if (!m.moves.some((x) => x.kind === "discard")) selected = new Set();
  $("join").classList.add("hidden");
  $("game").classList.remove("hidden");
  $("title").textContent = "kinglib · " + m.table.variant + " · table " + m.table.id;
  renderStatus(m);
  renderSeats(m);
  renderTrick(m);
  renderHand(m);
  renderMoves(m);
  renderExtra(m);
  const log = $("log");
  log.replaceChildren(...m.log.map((line) => el("li", {}, prettyText(line))));
  log.scrollTop = log.scrollHeight;
  $("sheet-box").replaceChildren(sheetTable(m.sheet));
  document.body.dataset.version = m.version;
  const over = $("over");
  if (m.over) {
    const names = m.winners.map((s) => s === m.you ? "you" : "seat " + s + " (" + m.table.seats[s].name + ")");
    over.replaceChildren(el("h2", { id: "winners" }, "Match over — won by " + names.join(" and ")),
      el("p", {}, el("a", { href: "/api/tables/" + tableId + "/record", id: "record", download: "" }, "Download the record"),
        " (read by kinglib replay) · ", el("a", { href: "/replay?table=" + tableId }, "replay it here"),
        " · ", el("a", { href: "/" }, "back to the lobby")),
      sheetTable(m.sheet));
    over.classList.remove("hidden");
  } else {
    over.classList.add("hidden");
  }
}

function connect(token) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(scheme + "://" + location.host + "/ws/" + tableId + "?token=" + encodeURIComponent(token));
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") { retry = 500; render(message); }
    else if (message.type === "error") showError(message.message);
  };
  socket.onclose = (event) => {
    if (event.code === 4403) { localStorage.removeItem(tokenKey(tableId)); showJoin(); return; }
    if (event.code === 4409) { showError("This seat is open in another window."); return; }
    setTimeout(() => connect(token), retry);  // a dropped connection: the token brings the seat back
    retry = Math.min(retry * 2, 8000);
  };
}

async function showJoin() {
  const box = $("join");
  box.classList.remove("hidden");
  try {
    const table = await api("/api/tables/" + tableId);
    $("title").textContent = "kinglib · " + table.variant + " · table " + table.id;
    const buttons = table.open.map((seat) => el("button", { class: "primary", "data-seat": seat, onclick: async () => {
      try {
        const answer = await api("/api/tables/" + tableId + "/join", { seat, name: $("name").value });
        localStorage.setItem(tokenKey(tableId), answer.token);
        connect(answer.token);
      } catch (e) { $("join-error").textContent = e.message; }
    } }, "sit in seat " + seat));
    $("free-seats").replaceChildren(...(buttons.length ? buttons : ["No free seat at this table."]));
  } catch (e) {
    $("join-error").textContent = e.message;
  }
}

$("link").textContent = "invite a friend: " + location.origin + "/table/" + tableId;
const saved = localStorage.getItem(tokenKey(tableId));
if (saved) connect(saved); else showJoin();

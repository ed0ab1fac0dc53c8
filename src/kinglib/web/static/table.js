// The table page: hold a seat by its token (or watch), show the table round its seats, send
// moves by clicks. The token is sent in the socket's first message, never in a URL.
"use strict";

const parts = location.pathname.split("/");
const tableId = parts.pop();
const watching = parts.pop() === "watch";
const invite = new URLSearchParams(location.hash.slice(1)).get("invite");
let socket = null;
let current = null;
let selected = new Set();
let retry = 1000;
let pinger = null;

const $ = (id) => document.getElementById(id);

function seatName(m, seat) {
  if (seat === null || seat === undefined) return "—";
  const info = m.table.seats[seat];
  if (!info) return "seat " + seat;
  return seat === m.you ? "you" : info.name;
}

function showError(text) {
  $("error").textContent = text || "";
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function sendMove(move) {
  showError("");
  send({ type: "move", move });
}

function signed(n) {
  return n > 0 ? "+" + n : String(n);
}

// Where seat `seat` sits round the felt: yours at the bottom, the next to your left, and so on.
function place(m, seat, radius) {
  const n = m.table.players;
  const base = m.you === null ? 0 : m.you;
  const k = (seat - base + n) % n;
  const angle = (2 * Math.PI * k) / n;
  return { left: 50 - radius * Math.sin(angle), top: 50 + radius * Math.cos(angle) * 0.9 };
}

function renderStatus(m) {
  const v = m.view;
  const bits = [el("b", {}, m.table.title), " · deal " + v.deal_number];
  if (m.contract_title) bits.push(" · ", el("b", { id: "contract" }, prettyText(m.contract_title)));
  if (v.trump && !m.contract_title.includes("(")) bits.push(" · trump " + prettyText(v.trump));
  bits.push(" · ");
  if (m.over) bits.push(el("b", {}, "match over"));
  else if (m.pause) bits.push(el("b", {}, "deal " + m.last_deal.number + " is over"));
  else if (v.to_move === m.you) bits.push(el("span", { class: "yours", id: "your-turn" }, "your turn"));
  else bits.push("waiting for " + seatName(m, v.to_move));
  if (watching) bits.push(" · ", el("span", { class: "watching" }, "watching"));
  $("status").replaceChildren(...bits);
}

// The trick to lay in front of the seats: the one being played, else the last one taken
// (with its winner), or at the end-of-deal pause the deal's last trick.
function shownTrick(m) {
  const v = m.view;
  if (m.pause && m.last_deal && m.last_deal.last_trick) return { ...m.last_deal.last_trick, done: true };
  if (v.trick.length) return { plays: v.trick, winner: null, done: false };
  if (v.tricks.length) return { ...v.tricks[v.tricks.length - 1], done: true };
  return { plays: [], winner: null, done: false };
}

function renderRing(m) {
  const v = m.view;
  const trick = shownTrick(m);
  const played = new Map(trick.plays.map(([seat, card]) => [seat, card]));
  const nodes = [];
  m.table.seats.forEach((s, seat) => {
    const at = place(m, seat, 40);
    const badges = [];
    if (seat === v.dealer) badges.push(el("span", { class: "badge", title: "dealer" }, "dealer"));
    if (s.kind === "bot") badges.push(el("span", { class: "badge" }, "bot"));
    if (s.stand_in) badges.push(el("span", { class: "badge" }, "a bot plays"));
    const away = s.kind !== "bot" && !s.connected && !s.stand_in;
    const give = away && m.you !== null && !m.over && s.away >= m.absent_seconds
      ? el("button", { class: "small", "data-replace": seat, onclick: () => send({ type: "replace", seat }) },
        "give to a bot") : null;
    nodes.push(el("div", {
      class: "seat" + (seat === v.to_move && !m.pause && !m.over ? " turn" : "") + (seat === m.you ? " you" : "")
        + (trick.done && trick.winner === seat ? " took" : ""),
      "data-seat": seat,
    },
    el("div", { class: "who" }, el("b", {}, s.name), seat === m.you ? " (you)" : "", " ", badges),
    el("div", { class: "facts" },
      el("span", { class: "tricks", "data-tricks": m.tricks_taken[seat] }, plural(m.tricks_taken[seat], "trick")),
      " · ", el("span", { class: "points", "data-points": v.totals[seat] }, signed(v.totals[seat])),
      " · ", plural(v.hand_sizes[seat], "card")),
    s.kind === "open" ? el("div", { class: "off" }, s.invited ? "invited seat" : "open seat") : null,
    away && s.kind === "human" ? el("div", { class: "off" }, "away " + s.away + " s") : null,
    give));
    nodes[nodes.length - 1].dataset.left = at.left;
    nodes[nodes.length - 1].dataset.top = at.top;
    if (played.has(seat)) {
      const spot = place(m, seat, 17);
      const face = cardFace(played.get(seat));
      const slot = el("div", { class: "played" + (trick.done ? " done" : "") + (trick.winner === seat ? " winner" : ""),
        "data-seat": seat }, face);
      slot.dataset.left = spot.left;
      slot.dataset.top = spot.top;
      nodes.push(slot);
    }
  });
  if (trick.done && trick.winner !== null && trick.winner !== undefined) {
    nodes.push(el("div", { class: "taker", id: "trick-winner", "data-seat": trick.winner },
      seatName(m, trick.winner) + (trick.winner === m.you ? " take" : " takes") + " the trick"));
  }
  $("ring").replaceChildren(...nodes);
  for (const node of $("ring").children) {  // positions set here: the page's style sheet allows no inline styles
    if (node.dataset.left !== undefined) {
      node.style.left = node.dataset.left + "%";
      node.style.top = node.dataset.top + "%";
    }
  }
}

function dealTable(m, deal) {
  const seats = m.table.seats.map((s, seat) => seatName(m, seat));
  return el("table", { class: "points-table" },
    el("thead", {}, el("tr", {}, el("th", {}, ""), seats.map((name) => el("th", { class: "num" }, name)))),
    el("tbody", {},
      el("tr", {}, el("th", {}, "points"), deal.points.map((p) => el("td", { class: "num" }, p === 0 ? "—" : signed(p)))),
      el("tr", {}, el("th", {}, "tricks"), deal.tricks_taken.map((t) => el("td", { class: "num" }, t)))));
}

function dealCards(m, deal) {
  const rows = deal.hands.map((hand, seat) => el("div", { class: "deal-hand" },
    el("b", {}, seatName(m, seat)), " ", alternateSuits(cardsOf(hand)).map(cardFace)));
  for (const [pile, cards] of Object.entries(deal.piles || {})) {
    rows.push(el("div", { class: "deal-hand" }, el("b", {}, pile), " ", cardsOf(cards).map(cardFace)));
  }
  return rows;
}

function renderPause(m) {
  const box = $("pause");
  if (!m.pause) { box.classList.add("hidden"); return; }
  const deal = m.last_deal;
  const waiting = m.pause.waiting.map((s) => seatName(m, s));
  const mine = m.you !== null && m.pause.waiting.includes(m.you);
  const trick = deal.last_trick;
  box.replaceChildren(
    el("h2", { id: "pause-title" }, "Deal " + deal.number + " over — " + prettyText(deal.contract)),
    dealTable(m, deal),
    trick ? el("p", {}, "Last trick: ", trick.plays.map(([, card]) => cardFace(card)),
      " taken by ", el("b", {}, seatName(m, trick.winner))) : null,
    el("p", {}, mine
      ? el("button", { class: "primary", id: "continue", onclick: () => send({ type: "continue" }) }, "Continue to the next deal")
      : "Waiting for " + (waiting.join(", ") || "the players") + " to go on."));
  box.classList.remove("hidden");
}

function renderDeal(m) {
  const deal = m.last_deal;
  if (!deal) { $("deal-box").classList.add("hidden"); return; }
  $("deal-title").textContent = "Deal " + deal.number + ": " + prettyText(deal.contract);
  $("deal").replaceChildren(dealTable(m, deal), ...dealCards(m, deal));
  $("deal-box").classList.remove("hidden");
}

function renderHand(m) {
  if (m.you === null) { $("hand-box").classList.add("hidden"); return; }
  const plays = new Map(m.moves.filter((x) => x.kind === "play").map((x) => [x.card, x.text]));
  const discards = m.moves.filter((x) => x.kind === "discard");
  const hand = $("hand");
  hand.className = "hand" + (m.moves.length ? "" : " waiting");
  hand.replaceChildren(...alternateSuits(cardsOf(m.view.hand)).map((card) => {
    const face = cardFace(card);
    if (plays.has(card)) {
      face.classList.add("legal");
      face.addEventListener("click", () => sendMove(plays.get(card)));
    } else if (discards.length) {
      face.classList.add("legal");
      if (selected.has(card)) face.classList.add("selected");
      face.addEventListener("click", () => {
        if (selected.has(card)) selected.delete(card); else selected.add(card);
        renderHand(current); renderMoves(current);
      });
    } else {
      face.setAttribute("aria-disabled", "true");
      // The server says why this card may not be played now.
      face.addEventListener("click", () => sendMove(card));
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
      onclick: () => { if (match) { selected = new Set(); sendMove(match.text); } } },
      "Discard " + (selected.size ? prettyText([...selected].join(" ")) : size + " cards")));
  }
  for (const move of m.moves) {  // every move that is not a card in the hand: a button with its text
    if (move.kind === "play" || move.kind === "discard") continue;
    buttons.push(el("button", { "data-move": move.text, onclick: () => sendMove(move.text) }, prettyText(move.label)));
  }
  $("moves").replaceChildren(...buttons);
}

function renderExtra(m) {
  const items = [];
  const name = (seat) => seatName(m, seat);
  for (const [key, value] of Object.entries(m.view.extra)) {
    items.push(el("dt", {}, key.replace(/_/g, " ")), el("dd", { "data-extra": key }, showValue(value, name, key)));
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
  $("title").textContent = "kinglib · " + m.table.title + " · table " + m.table.id;
  renderStatus(m);
  renderRing(m);
  renderPause(m);
  renderHand(m);
  renderMoves(m);
  renderExtra(m);
  renderDeal(m);
  const log = $("log");
  log.replaceChildren(...m.log.map((line) => el("li", {}, prettyText(line))));
  log.scrollTop = log.scrollHeight;
  $("sheet-box").replaceChildren(sheetTable(m.sheet));
  document.body.dataset.version = m.version;
  document.body.dataset.paused = m.pause ? "yes" : "no";
  const over = $("over");
  if (m.over) {
    const names = m.winners.map((s) => s === m.you ? "you" : "seat " + s + " (" + m.table.seats[s].name + ")");
    over.replaceChildren(el("h2", { id: "winners" }, "Match over — won by " + names.join(" and ")),
      el("p", {}, el("a", { href: "api/tables/" + tableId + "/record", id: "record", download: "" }, "Download the record"),
        " (read by kinglib replay) · ", el("a", { href: "replay?table=" + tableId }, "replay it here"),
        " · ", el("a", { href: "./" }, "back to the lobby")),
      sheetTable(m.sheet, "final-sheet"));
    over.classList.remove("hidden");
  } else {
    over.classList.add("hidden");
  }
}

function connect(token) {
  const url = new URL("ws/" + tableId, document.baseURI);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(url.href);
  socket.onopen = () => {
    socket.send(JSON.stringify(token ? { type: "hello", token } : { type: "hello", watch: true }));
    clearInterval(pinger);
    pinger = setInterval(() => send({ type: "ping" }), 25000);
  };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "state") { retry = 1000; render(message); }
    else if (message.type === "error") showError(message.message);
  };
  socket.onclose = (event) => {
    clearInterval(pinger);
    if (event.code === 4403 && token) { localStorage.removeItem(tokenKey(tableId)); showJoin(); return; }
    if (event.code === 4403) { showError("There is no such table."); return; }
    if (event.code === 4409) { showError("This seat is open in another window."); return; }
    // A dropped connection: the token brings the seat back; the waits grow, with some jitter.
    setTimeout(() => connect(token), retry + Math.random() * retry);
    retry = Math.min(retry * 2, 30000);
  };
}

async function showJoin() {
  const box = $("join");
  box.classList.remove("hidden");
  try {
    const table = await api("api/tables/" + tableId);
    $("title").textContent = "kinglib · " + table.title + " · table " + table.id;
    const free = [...table.open, ...(invite ? table.invited : [])].sort();
    const buttons = free.map((seat) => el("button", { class: "primary", "data-seat": seat, onclick: async () => {
      try {
        const body = { seat, name: $("name").value };
        if (invite) body.invite = invite;
        const answer = await api("api/tables/" + tableId + "/join", body);
        localStorage.setItem(tokenKey(tableId), answer.token);
        connect(answer.token);
      } catch (e) { $("join-error").textContent = e.message; }
    } }, "sit in seat " + seat));
    const watch = el("a", { href: "watch/" + tableId, id: "watch" }, "watch the table");
    $("free-seats").replaceChildren(...(buttons.length ? [...buttons, " or ", watch]
      : [table.invited.length ? "The free seats are kept for the invited. " : "No free seat at this table. ", watch]));
  } catch (e) {
    $("join-error").textContent = e.message;
  }
}

$("watch-link").href = "watch/" + tableId;
const kept = localStorage.getItem(inviteKey(tableId));
if (kept && !watching) $("link").replaceChildren("invite a friend: ", el("code", { id: "invite-link" }, kept));
if (watching) {
  connect(null);
} else {
  const saved = localStorage.getItem(tokenKey(tableId));
  if (saved) connect(saved); else showJoin();
}

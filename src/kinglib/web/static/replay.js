// The replay page: step through a record, every hand shown.
"use strict";

let replay = null;
const $ = (id) => document.getElementById(id);

function show(index) {
  const step = replay.steps[index];
  $("step").value = index;
  $("where").textContent = "move " + index + " of " + (replay.steps.length - 1);
  const moved = step.seat === null ? "the deal" : "seat " + step.seat + ": " + prettyText(step.move);
  $("status").replaceChildren(el("b", {}, replay.variant), " · deal " + step.deal_number + " · " +
    prettyText(step.contract || "contract to come") + " · " + moved + " · totals " + step.totals.join(" / "));
  $("trick").replaceChildren(...step.trick.map(([seat, card]) =>
    el("figure", {}, cardFace(card), el("figcaption", {}, "seat " + seat))));
  $("hands").replaceChildren(...step.hands.map((hand, seat) => el("div", {},
    el("b", {}, "seat " + seat + (seat === step.to_move ? " ▶" : "")), " ", cardsOf(hand).map(cardFace))));
}

function load(data) {
  replay = data;
  $("player").classList.remove("hidden");
  $("step").max = data.steps.length - 1;
  $("sheet-box").replaceChildren(sheetTable(data.sheet));
  $("sheet-box").classList.remove("hidden");
  show(0);
}

async function post(text) {
  $("error").textContent = "";
  try { load(await api("api/replay", text)); } catch (e) { $("error").textContent = e.message; }
}

const move = (delta) => () => show(Math.max(0, Math.min(replay.steps.length - 1, Number($("step").value) + delta)));
$("first").onclick = () => show(0);
$("last").onclick = () => show(replay.steps.length - 1);
$("prev").onclick = move(-1);
$("next").onclick = move(1);
$("step").oninput = () => show(Number($("step").value));
$("file").onchange = async () => post(await $("file").files[0].text());
document.addEventListener("keydown", (e) => {
  if (!replay) return;
  if (e.key === "ArrowRight") move(1)();
  if (e.key === "ArrowLeft") move(-1)();
});

const fromTable = new URLSearchParams(location.search).get("table");
if (fromTable) {
  fetch("api/tables/" + fromTable + "/record").then(async (r) => {
    if (!r.ok) throw new Error((await r.json()).error);
    post(await r.text());
  }).catch((e) => { $("error").textContent = e.message; });
}

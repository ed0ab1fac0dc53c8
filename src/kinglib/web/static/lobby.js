// The lobby: make a table (game, players, seats, options, house rules) and list the tables.
"use strict";

let catalogue = null;
const SEAT_CHOICES = [["you", "you"], ["invite", "a friend (invitation link)"], ["open", "anyone (open seat)"]];

function variant() {
  return catalogue.variants.find((v) => v.name === document.getElementById("variant").value);
}

function renderSeats() {
  const count = Number(document.getElementById("players").value);
  const box = document.getElementById("seats");
  box.replaceChildren();
  for (let seat = 0; seat < count; seat++) {
    const choices = [...SEAT_CHOICES, ...catalogue.bots.map((b) => [b, b + " bot"])];
    const select = el("select", { id: "seat-" + seat, "data-seat": seat },
      choices.map(([value, label]) => el("option", { value }, label)));
    select.value = seat === 0 ? "you" : (catalogue.bots.includes("heuristic") ? "heuristic" : catalogue.bots[0]);
    box.append(el("label", {}, "seat " + seat + " ", select));
  }
}

// An ordered list of contracts: each can move up or down, or be left out and put back.
function orderControl(option, contracts) {
  const box = el("div", { class: "order", "data-option": option.name, "data-kind": "tuple" });
  let items = [...option.default];
  const title = (id) => contracts[id] || id;
  function draw() {
    const left = option.default.filter((id) => !items.includes(id));
    box.replaceChildren(...[
      el("ol", {}, items.map((id, i) => el("li", { "data-id": id }, title(id), " ",
        el("button", { class: "small", title: "earlier", disabled: i === 0, onclick: () => { [items[i - 1], items[i]] = [items[i], items[i - 1]]; draw(); } }, "↑"),
        el("button", { class: "small", title: "later", disabled: i === items.length - 1, onclick: () => { [items[i + 1], items[i]] = [items[i], items[i + 1]]; draw(); } }, "↓"),
        el("button", { class: "small", title: "leave out", onclick: () => { items.splice(i, 1); draw(); } }, "✕")))),
      left.length ? el("select", { class: "add", onchange: (e) => { if (e.target.value) { items.push(e.target.value); draw(); } } },
        el("option", { value: "" }, "put back…"), left.map((id) => el("option", { value: id }, title(id)))) : null,
    ].filter(Boolean));
    box.value = items;
  }
  draw();
  return box;
}

function optionControl(option, contracts) {
  if (option.kind === "bool") {
    const input = el("input", { type: "checkbox", "data-option": option.name, "data-kind": "bool" });
    input.checked = option.default === true;
    return input;
  }
  if (option.choices) {
    const select = el("select", { "data-option": option.name, "data-kind": "choice" },
      option.choices.map((c) => el("option", { value: JSON.stringify(c) }, Array.isArray(c) ? c.join(", ") : String(c))));
    select.value = JSON.stringify(option.default);
    return select;
  }
  if (option.kind === "tuple" && Array.isArray(option.default)) return orderControl(option, contracts);
  if (option.kind === "int") {
    return el("input", { type: "number", step: "1", "data-option": option.name, "data-kind": "int", value: option.default });
  }
  return el("input", { type: "text", "data-option": option.name, "data-kind": "text", size: 20,
    value: option.default === null ? "" : String(option.default), placeholder: option.default === null ? "default" : "" });
}

function renderVariant() {
  const v = variant();
  document.getElementById("variant-summary").textContent = v.summary + (v.native_title !== v.title ? " (" + v.native_title + ")" : "");
  const players = document.getElementById("players");
  players.replaceChildren(...v.players.map((p) => el("option", { value: p }, p)));
  players.value = v.default_players;
  renderSeats();
  const options = document.getElementById("options");
  options.replaceChildren(...v.options.map((option) => el("div", { class: "option", "data-name": option.name },
    el("label", {}, el("span", { class: "option-name" }, option.label), " ", optionControl(option, v.contracts)),
    el("div", { class: "doc" }, option.doc))));
}

function optionValue(input) {
  const kind = input.dataset.kind;
  if (kind === "bool") return input.checked;
  if (kind === "choice") return JSON.parse(input.value);
  if (kind === "tuple") return input.value;
  if (kind === "int") return input.value === "" ? null : Number(input.value);
  return input.value;
}

function request() {
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const options = {};
  const v = variant();
  for (const input of document.querySelectorAll("#options [data-option]")) {
    const spec = v.options.find((o) => o.name === input.dataset.option);
    const value = optionValue(input);
    if (value !== null && value !== "" && JSON.stringify(value) !== JSON.stringify(spec.default)) {
      options[input.dataset.option] = value;
    }
  }
  const plugins = [...document.querySelectorAll("#house-rules input:checked")].map((i) => i.value);
  return { variant: v.name, players: Number(document.getElementById("players").value),
    seats, options, plugins, name: document.getElementById("name").value };
}

async function create() {
  const error = document.getElementById("create-error");
  error.textContent = "";
  try {
    const answer = await api("api/tables", request());
    if (answer.token) localStorage.setItem(tokenKey(answer.table), answer.token);
    if (answer.invite_url) localStorage.setItem(inviteKey(answer.table), location.origin + answer.invite_url);
    location.href = answer.url;
  } catch (e) {
    error.textContent = e.message;
  }
}

async function refreshTables() {
  let tables = [];
  try { ({ tables } = await api("api/tables")); } catch (e) { return; }
  const body = document.querySelector("#tables tbody");
  body.replaceChildren(...tables.map((t) => el("tr", {},
    el("td", {}, el("a", { href: "table/" + t.id }, t.id)),
    el("td", {}, t.title + " (" + t.players + ")"),
    el("td", {}, t.seats.map((s) => s.kind === "open" ? (s.invited ? "invited" : "open") : s.name).join(", ")),
    el("td", {}, t.over ? "over" : "deal " + t.deal),
    el("td", {}, t.over ? el("a", { href: "replay?table=" + t.id }, "replay")
      : [t.open.length ? el("a", { href: "table/" + t.id }, "join") : null, t.open.length ? " · " : null,
        el("a", { href: "watch/" + t.id }, "watch")]))));
}

async function start() {
  catalogue = await api("api/catalogue");
  const select = document.getElementById("variant");
  select.replaceChildren(...catalogue.variants.map((v) => el("option", { value: v.name }, v.title)));
  select.value = catalogue.variants.some((v) => v.name === "simple") ? "simple" : catalogue.variants[0].name;
  select.addEventListener("change", renderVariant);
  document.getElementById("players").addEventListener("change", renderSeats);
  document.getElementById("create-button").addEventListener("click", create);
  const rules = document.getElementById("house-rules");
  rules.replaceChildren(...catalogue.house_rules.map((name) =>
    el("label", {}, el("input", { type: "checkbox", value: name }), " " + name)));
  if (!catalogue.house_rules.length) document.getElementById("house-rules-box").classList.add("hidden");
  renderVariant();
  refreshTables();
  setInterval(refreshTables, 5000);
}

start();

// The lobby: make a table (variant, players, seats, options, house rules) and list the tables.
"use strict";

let catalogue = null;

function variant() {
  return catalogue.variants.find((v) => v.name === document.getElementById("variant").value);
}

function renderSeats() {
  const count = Number(document.getElementById("players").value);
  const box = document.getElementById("seats");
  box.replaceChildren();
  for (let seat = 0; seat < count; seat++) {
    const choices = ["you", "open", ...catalogue.bots];
    const select = el("select", { id: "seat-" + seat, "data-seat": seat },
      choices.map((c) => el("option", { value: c }, c === "you" ? "you" : c === "open" ? "open (a friend joins)" : c + " bot")));
    select.value = seat === 0 ? "you" : (catalogue.bots.includes("heuristic") ? "heuristic" : catalogue.bots[0]);
    box.append(el("label", {}, "seat " + seat + " ", select));
  }
}

function renderVariant() {
  const v = variant();
  document.getElementById("variant-title").textContent = v.title;
  const players = document.getElementById("players");
  players.replaceChildren(...v.players.map((p) => el("option", { value: p }, p)));
  players.value = v.default_players;
  renderSeats();
  const options = document.getElementById("options");
  options.replaceChildren();
  for (const option of v.options) {
    let input;
    if (option.kind === "bool") {
      input = el("input", { type: "checkbox", "data-option": option.name, "data-kind": "bool" });
      input.checked = option.default === true;
    } else if (option.choices) {
      input = el("select", { "data-option": option.name },
        option.choices.map((c) => el("option", { value: Array.isArray(c) ? c.join(",") : c }, Array.isArray(c) ? c.join(",") : c)));
      input.value = option.default;
    } else {
      input = el("input", { type: "text", "data-option": option.name, size: 30,
        value: option.default === null ? "" : option.default });
    }
    options.append(el("label", { title: option.doc }, option.name + " ", input));
  }
}

function request() {
  const seats = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  const options = {};
  const v = variant();
  for (const input of document.querySelectorAll("#options [data-option]")) {
    const spec = v.options.find((o) => o.name === input.dataset.option);
    const value = input.dataset.kind === "bool" ? input.checked : input.value;
    const given = spec.default === null ? "" : spec.default;
    if (String(value) !== String(given)) options[input.dataset.option] = value;
  }
  const plugins = [...document.querySelectorAll("#house-rules input:checked")].map((i) => i.value);
  return { variant: v.name, players: Number(document.getElementById("players").value),
    seats, options, plugins, name: document.getElementById("name").value };
}

async function create() {
  const error = document.getElementById("create-error");
  error.textContent = "";
  try {
    const answer = await api("/api/tables", request());
    if (answer.token) localStorage.setItem(tokenKey(answer.table), answer.token);
    location.href = answer.url;
  } catch (e) {
    error.textContent = e.message;
  }
}

async function refreshTables() {
  const { tables } = await api("/api/tables");
  const body = document.querySelector("#tables tbody");
  body.replaceChildren(...tables.map((t) => el("tr", {},
    el("td", {}, el("a", { href: "/table/" + t.id }, t.id)),
    el("td", {}, t.variant + " (" + t.players + ")"),
    el("td", {}, t.seats.map((s) => s.kind === "open" ? "open" : s.name).join(", ")),
    el("td", {}, t.over ? "over" : "deal " + t.deal),
    el("td", {}, t.over ? el("a", { href: "/replay?table=" + t.id }, "replay")
      : t.open.length ? el("a", { href: "/table/" + t.id }, "join") : el("a", { href: "/table/" + t.id }, "view")))));
}

async function start() {
  catalogue = await api("/api/catalogue");
  const select = document.getElementById("variant");
  select.replaceChildren(...catalogue.variants.map((v) => el("option", { value: v.name }, v.name + " — " + v.title)));
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
  setInterval(refreshTables, 3000);
}

start();

"use strict";
// The lobby: builds a create-game request from the form and shows the join links it answers.
(function () {
  const $ = (id) => document.getElementById(id);
  let info = { games: [], agents: [] };

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function currentGame() {
    return info.games.find((g) => g.id === $("game").value);
  }

  function drawSeats() {
    const game = currentGame();
    const players = Math.max(game.min_players, Math.min(game.max_players, Number($("players").value) || game.min_players));
    $("players").value = players;
    const box = $("seats");
    const old = Array.from(box.querySelectorAll("select")).map((s) => s.value);
    box.textContent = "";
    for (let seat = 0; seat < players; seat++) {
      const label = el("label", {}, `P${seat + 1} `);
      const select = el("select", { name: `seat${seat}`, "data-seat": String(seat) });
      for (const agent of info.agents) select.appendChild(el("option", { value: agent }, agent));
      select.value = old[seat] || (seat === 0 ? "human" : game.opponent.split(":")[0]);
      if (!info.agents.includes(select.value)) select.value = "random";
      label.appendChild(select);
      box.appendChild(label);
    }
  }

  function drawOptions() {
    const box = $("options");
    box.textContent = "";
    for (const spec of currentGame().options) {
      const label = el("label", { title: spec.help }, spec.name + " ");
      let input;
      if (spec.kind === "choice") {
        input = el("select", {});
        for (const c of spec.choices) input.appendChild(el("option", { value: c }, c));
        input.value = spec.default;
      } else if (spec.kind === "bool") {
        input = el("input", { type: "checkbox" });
        input.checked = !!spec.default;
      } else {
        input = el("input", { type: spec.kind === "int" ? "number" : "text" });
        input.value = spec.default === null ? "" : spec.default;
      }
      input.dataset.option = spec.name;
      input.dataset.kind = spec.kind;
      input.dataset.initial = input.type === "checkbox" ? String(input.checked) : input.value;
      label.appendChild(input);
      label.appendChild(el("small", { class: "muted" }, " " + spec.help));
      box.appendChild(label);
    }
    if (!currentGame().options.length) box.textContent = "This game has no options.";
  }

  function readOptions() {
    const options = {};
    for (const input of document.querySelectorAll("[data-option]")) {
      const value = input.type === "checkbox" ? String(input.checked) : input.value;
      if (value === input.dataset.initial) continue; // unchanged: the game's default
      if (input.dataset.kind === "bool") options[input.dataset.option] = input.checked;
      else if (input.dataset.kind === "int") options[input.dataset.option] = value === "" ? null : Number(value);
      else options[input.dataset.option] = value;
    }
    return options;
  }

  function chooseGame() {
    const game = currentGame();
    $("summary").textContent = `${game.name}: ${game.min_players} to ${game.max_players} players.`;
    $("players").min = game.min_players;
    $("players").max = game.max_players;
    $("players").value = Math.max(game.min_players, Math.min(game.max_players, Number($("players").value)));
    drawSeats();
    drawOptions();
  }

  async function create(event) {
    event.preventDefault();
    $("error").textContent = "";
    const body = {
      game: $("game").value,
      players: Number($("players").value),
      seats: Array.from($("seats").querySelectorAll("select")).map((s) => s.value),
      options: readOptions(),
      think: Number($("think").value),
    };
    const answer = await fetch("/api/games", { method: "POST", body: JSON.stringify(body) });
    const data = await answer.json();
    if (!answer.ok) { $("error").textContent = data.error; return; }
    const list = $("join");
    list.textContent = "";
    data.join.forEach((url, seat) => {
      const item = el("li", {}, `P${seat + 1} (${body.seats[seat]}): `);
      if (url) item.appendChild(el("a", { href: url, target: "_blank", class: "join-link" }, url));
      else item.appendChild(document.createTextNode("played by the server"));
      list.appendChild(item);
    });
    $("spectate").href = data.spectate;
    $("spectate").textContent = data.spectate;
    $("links").hidden = false;
  }

  async function start() {
    info = await (await fetch("/api/lobby")).json();
    for (const g of info.games) $("game").appendChild(el("option", { value: g.id }, `${g.name} (${g.id})`));
    $("game").addEventListener("change", chooseGame);
    $("players").addEventListener("change", drawSeats);
    $("create").addEventListener("submit", create);
    chooseGame();
  }
  start();
})();

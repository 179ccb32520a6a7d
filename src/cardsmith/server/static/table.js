"use strict";
// The table page: one WebSocket for this link's seat; every message redraws the table it carries.
// A question is answered in two steps where its options name cards: click a card, then one of its targets.
(function () {
  const $ = (id) => document.getElementById(id);
  const parts = location.pathname.split("/").filter(Boolean); // play, game id, token
  const socketUrl = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${parts[1]}/${parts[2]}`;
  let socket = null;
  let last = null; // the last table message
  let picked = null; // the card name picked for the two-step choice
  let retry = 250;

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function cardNode(card, cls) {
    const node = el("div", "card " + (cls || ""));
    node.dataset.name = card.name;
    node.appendChild(el("div", "card-name", card.name));
    if (card.stats && card.stats.length) node.appendChild(el("div", "card-stats", card.stats.join(" · ")));
    if (card.text) node.appendChild(el("div", "card-text", card.text));
    return node;
  }

  function pileNode(pile, you) {
    const node = el("div", "pile");
    const size = pile.cards.length + pile.hidden;
    node.appendChild(el("h4", "", `${pile.title} (${size})`));
    if (pile.counted) return node;
    const row = el("div", "cards");
    for (const card of pile.cards) {
      const face = cardNode(card, you ? "own" : "");
      if (you) face.addEventListener("click", () => pick(card.name));
      row.appendChild(face);
    }
    if (pile.hidden) row.appendChild(el("div", "card back", `${pile.hidden} hidden`));
    node.appendChild(row);
    return node;
  }

  function regionNode(region) {
    const node = el("section", "region" + (region.you ? " you" : "") + (region.seat === null ? " shared" : ""));
    node.appendChild(el("h3", "", region.title));
    if (region.counters.length) {
      const counters = el("div", "counters");
      for (const c of region.counters) counters.appendChild(el("span", "counter", `${c.label} ${c.value}`));
      node.appendChild(counters);
    }
    const lines = region.notes.concat(region.details || []);
    if (lines.length) node.appendChild(el("pre", "notes", lines.join("\n")));
    for (const pile of region.piles) node.appendChild(pileNode(pile, region.you));
    return node;
  }

  function namedCards(question) {
    const names = [];
    for (const group of question.groups)
      for (const choice of group.choices)
        for (const card of choice.cards) if (!names.includes(card.name)) names.push(card.name);
    return names;
  }

  function choiceButton(choice) {
    const names = choice.cards.map((c) => c.name);
    const button = el("button", "choice", choice.label);
    button.type = "button";
    button.dataset.id = choice.id;
    button.dataset.key = choice.key;
    if (choice.discards) button.dataset.discards = "1";
    if (picked !== null) button.classList.add(names.includes(picked) ? "named" : "dim");
    button.hidden = picked !== null && names.length > 0 && !names.includes(picked);
    button.addEventListener("click", () => {
      // an option that throws the seat's cards away is confirmed by a second click
      if (choice.discards && !button.classList.contains("armed")) {
        button.classList.add("armed");
        button.textContent = `Throw away? Click again: ${choice.label}`;
        return;
      }
      act(choice.id);
    });
    return button;
  }

  function drawQuestion(message) {
    const box = $("question");
    box.textContent = "";
    const question = message.table.question;
    if (!question) return;
    box.appendChild(el("h2", "", question.prompt));
    const names = namedCards(question);
    if (picked !== null && !names.includes(picked)) picked = null;
    if (names.length > 1) {
      const strip = el("div", "pick");
      strip.appendChild(el("span", "muted", picked === null ? "Pick a card, then what to do with it: " : "Picked: "));
      for (const name of names) {
        const b = el("button", "pick-card" + (name === picked ? " picked" : ""), name);
        b.type = "button";
        b.dataset.name = name;
        b.addEventListener("click", () => pick(name === picked ? null : name));
        strip.appendChild(b);
      }
      box.appendChild(strip);
    }
    for (const group of question.groups) {
      const node = el("div", "group");
      node.appendChild(el("h4", "", group.title + (group.target ? ` → ${group.target}` : "")));
      if (group.help) node.title = group.help;
      const buttons = group.choices.map(choiceButton);
      buttons.forEach((b) => node.appendChild(b));
      if (buttons.every((b) => b.hidden)) node.hidden = true;
      box.appendChild(node);
    }
  }

  function drawBanner(message) {
    const banner = $("banner");
    const table = message.table;
    if (table.result) {
      banner.className = "banner over";
      banner.textContent = `Game over: ${table.result}. `;
      const link = el("a", "record-link", "Download the record");
      link.href = message.record;
      link.setAttribute("download", "");
      banner.appendChild(link);
    } else if (table.question) {
      banner.className = "banner your-turn";
      const prompt = table.question.prompt.replace(`${table.seat_name}: `, "");
      banner.textContent = `Your turn, ${table.seat_name}: ${prompt}`;
    } else {
      banner.className = "banner waiting";
      const who = table.seat === null ? "You are watching." : "Not your turn.";
      banner.textContent = `${who} Waiting for ${table.waiting_for || "the next step"}.`;
    }
  }

  function draw(message) {
    const table = message.table;
    document.title = `${table.title} · ${table.seat_name}`;
    $("title").textContent = `${table.title} — ${table.seat === null ? "spectator" : table.seat_name}`;
    $("headline").textContent = table.headline;
    drawBanner(message);
    const regions = $("regions");
    regions.textContent = "";
    for (const region of table.regions) regions.appendChild(regionNode(region));
    const log = $("log");
    log.textContent = "";
    for (const line of table.log) log.appendChild(el("li", "", line));
    log.scrollTop = log.scrollHeight;
    drawQuestion(message);
    for (const face of document.querySelectorAll(".region.you .card"))
      face.classList.toggle("picked", face.dataset.name === picked);
  }

  function pick(name) {
    if (!last || !last.table.question) return;
    if (name !== null && !namedCards(last.table.question).includes(name)) return;
    picked = name;
    draw(last);
  }

  function act(optionId) {
    if (!socket || socket.readyState !== WebSocket.OPEN || !last) return;
    $("error").textContent = "";
    socket.send(JSON.stringify({ type: "act", option: optionId, decision: last.decision, seat: last.seat }));
  }

  function connect() {
    socket = new WebSocket(socketUrl);
    socket.addEventListener("open", () => { retry = 250; $("status").textContent = "connected"; });
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "error") { $("error").textContent = message.error; return; }
      if (message.type !== "table") return;
      if (!last || last.decision !== message.decision) picked = null;
      last = message;
      draw(message);
      document.body.dataset.decision = String(message.decision);
    });
    socket.addEventListener("close", (event) => {
      $("status").textContent = "disconnected; reconnecting…";
      if (event.code === 4404) { $("status").textContent = "no such game or link"; return; }
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    });
  }
  connect();
})();

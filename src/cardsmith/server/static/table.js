"use strict";
// The table page: one WebSocket for this link's seat; every message redraws the table it carries.
// A question is answered in two steps where its options name cards: click a card, then one of its targets.
// As in the terminal, an option is also taken from the keyboard: its number (shown on its button), or its key
// and Enter; a shortcut sends its options one after another, each only while it is offered.
(function () {
  const $ = (id) => document.getElementById(id);
  const parts = location.pathname.split("/").filter(Boolean); // play, game id, token
  const socketUrl = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${parts[1]}/${parts[2]}`;
  let socket = null;
  let last = null; // the last table message
  let picked = null; // the card name picked for the two-step choice
  let retry = 250;
  let typed = ""; // what was typed for the pending question, not yet taken
  let typedTimer = null;
  let series = []; // the option ids of a shortcut still to send

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
    if (card.text) {
      node.appendChild(el("div", "card-text", card.text));
      node.title = `${card.name}: ${card.text}`;
    }
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

  function gridNode(grid) {
    const node = el("div", "grid");
    const xs = grid.cells.map((c) => c.x);
    const ys = grid.cells.map((c) => c.y);
    const left = Math.min(...xs);
    const top = Math.min(...ys);
    node.style.gridTemplateColumns = `repeat(${Math.max(...xs) - left + 1}, minmax(3.6rem, 1fr))`;
    for (const cell of grid.cells) {
      const box = el("div", "cell" + (cell.kind ? ` cell-${cell.kind}` : "") + (cell.lines.length ? " busy" : ""));
      box.style.gridColumn = String(cell.x - left + 1);
      box.style.gridRow = String(cell.y - top + 1);
      box.dataset.x = String(cell.x);
      box.dataset.y = String(cell.y);
      box.title = `${cell.title} (${cell.x},${cell.y})` + (cell.lines.length ? "\n" + cell.lines.join("\n") : "");
      const head = el("div", "cell-head");
      if (cell.mark) head.appendChild(el("span", "cell-mark", cell.mark));
      head.appendChild(el("span", "cell-title", cell.title));
      box.appendChild(head);
      for (const seat of cell.seats) box.classList.add(`seat-${seat % 6}`);
      for (const line of cell.lines) box.appendChild(el("div", "cell-line", line));
      node.appendChild(box);
    }
    const frame = el("div", "grid-frame");
    frame.appendChild(node);
    if (grid.key) frame.appendChild(el("p", "muted grid-key", grid.key));
    return frame;
  }

  function regionNode(region) {
    const node = el("section", "region" + (region.you ? " you" : "") + (region.seat === null ? " shared" : ""));
    if (region.grid) node.classList.add("has-grid");
    if (region.seat !== null) node.dataset.seat = String(region.seat);
    node.appendChild(el("h3", "", region.title));
    if (region.counters.length) {
      const counters = el("div", "counters");
      for (const c of region.counters) counters.appendChild(el("span", "counter", `${c.label} ${c.value}`));
      node.appendChild(counters);
    }
    const grid = region.grid || null;
    const notes = grid ? region.notes.slice(grid.text_lines) : region.notes;
    if (grid && grid.cells.length) node.appendChild(gridNode(grid));
    if (notes.length) node.appendChild(el("pre", "notes", notes.join("\n")));
    if (region.details && region.details.length) {
      const more = el("details", "more");
      more.appendChild(el("summary", "", `More (${region.details.length} line${region.details.length === 1 ? "" : "s"})`));
      more.appendChild(el("pre", "notes", region.details.join("\n")));
      node.appendChild(more);
    }
    const empty = region.piles.filter((p) => p.cards.length + p.hidden === 0);
    for (const pile of region.piles) if (!empty.includes(pile)) node.appendChild(pileNode(pile, region.you));
    if (empty.length) node.appendChild(el("p", "muted empty-piles", "Empty: " + empty.map((p) => p.title).join(" · ")));
    return node;
  }

  function drawRegions(table) {
    const box = $("regions");
    box.textContent = "";
    const around = table.seating === "around";
    const players = table.regions.filter((r) => r.seat !== null);
    box.className = "regions" + (around ? " around" : "") + (players.length > 2 ? " crowded" : "");
    if (!around) {
      for (const region of table.regions) box.appendChild(regionNode(region));
      return;
    }
    // players around the shared area: the viewer (a spectator: the first seat) nearest, each next seat to the left
    const shared = table.regions.filter((r) => r.seat === null);
    const near = players.find((r) => r.you) || players[0];
    const others = players.filter((r) => r !== near); // in seat order from the one after the viewer
    const slots = { left: [], top: [], right: [] };
    if (others.length === 1) slots.top = others;
    else if (others.length > 1) {
      slots.left = [others[0]];
      slots.top = others.slice(1, -1);
      slots.right = [others[others.length - 1]];
    }
    box.classList.toggle("facing", others.length <= 1);
    for (const [name, regions] of Object.entries(slots)) {
      const slot = el("div", `slot slot-${name}`);
      for (const region of regions) slot.appendChild(regionNode(region));
      if (regions.length) box.appendChild(slot);
    }
    const center = el("div", "slot slot-center");
    for (const region of shared) center.appendChild(regionNode(region));
    box.appendChild(center);
    const bottom = el("div", "slot slot-bottom");
    if (near) bottom.appendChild(regionNode(near));
    box.appendChild(bottom);
  }

  function namedCards(question) {
    const names = [];
    for (const group of question.groups)
      for (const choice of group.choices)
        for (const card of choice.cards) if (!names.includes(card.name)) names.push(card.name);
    return names;
  }

  function choiceButton(choice, number) {
    const names = choice.cards.map((c) => c.name);
    const button = el("button", "choice");
    button.appendChild(el("kbd", "number", String(number)));
    button.appendChild(document.createTextNode(" " + choice.label));
    button.type = "button";
    button.title = `Key: ${number}, or type ${choice.key} and Enter`;
    button.dataset.id = choice.id;
    button.dataset.key = choice.key;
    button.dataset.number = String(number);
    if (choice.discards) button.dataset.discards = "1";
    if (picked !== null) button.classList.add(names.includes(picked) ? "named" : "dim");
    button.hidden = picked !== null && names.length > 0 && !names.includes(picked);
    button.addEventListener("click", () => {
      // an option that throws the seat's cards away is confirmed by a second click (or key)
      if (choice.discards && !button.classList.contains("armed")) {
        button.classList.add("armed");
        button.textContent = `Throw away? Click again: ${choice.label}`;
        return;
      }
      act(choice.id);
    });
    return button;
  }

  function shortcutButton(choice) {
    const button = el("button", "series", `In one step: ${choice.label}`);
    button.type = "button";
    button.title = `Type ${choice.key} and Enter`;
    button.dataset.key = choice.key;
    button.addEventListener("click", () => startSeries(choice.series));
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
    let number = 0;
    for (const group of question.groups) {
      const node = el("div", "group");
      node.appendChild(el("h4", "", group.title + (group.target ? ` → ${group.target}` : "")));
      if (group.help) node.title = group.help;
      const buttons = group.choices.map((choice) => choiceButton(choice, ++number));
      buttons.forEach((b) => node.appendChild(b));
      if (buttons.every((b) => b.hidden)) node.hidden = true;
      box.appendChild(node);
    }
    if (question.shortcuts.length) {
      const node = el("div", "group shortcuts");
      question.shortcuts.forEach((choice) => node.appendChild(shortcutButton(choice)));
      box.appendChild(node);
    }
    const hint = el("p", "muted keys", typed ? `Typed: ${typed}` : "Keys: an option's number, or its key and Enter");
    hint.id = "typed";
    box.appendChild(hint);
  }

  // ----- the keyboard: an option's number, or its key then Enter (as the terminal reads an answer) -----------

  function resolve(question, text) {
    const choices = question.groups.flatMap((g) => g.choices);
    const found = choices.concat(question.shortcuts).find((c) => c.key === text || (c.id && c.id === text));
    if (found) return found;
    const n = /^[0-9]+$/.test(text) ? parseInt(text, 10) : 0;
    return n >= 1 && n <= choices.length ? choices[n - 1] : null;
  }

  function take(text) {
    clearTimeout(typedTimer);
    typed = "";
    const question = last && last.table.question;
    if (!question) return;
    const choice = resolve(question, text);
    if (!choice) {
      $("error").textContent = `No option ${text}: type a number shown on a button, or an option's key`;
      showTyped();
      return;
    }
    if (!choice.id) {
      startSeries(choice.series);
      return;
    }
    let button = document.querySelector(`#question button.choice[data-id="${CSS.escape(choice.id)}"]`);
    if (button && button.hidden) {
      picked = null; // the option is folded away under another picked card: show it, then take it
      draw(last);
      button = document.querySelector(`#question button.choice[data-id="${CSS.escape(choice.id)}"]`);
    }
    if (button) button.click();
    showTyped();
  }

  function showTyped() {
    const hint = $("typed");
    if (hint) hint.textContent = typed ? `Typed: ${typed}` : "Keys: an option's number, or its key and Enter";
  }

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey || !last || !last.table.question) return;
    const count = last.table.question.groups.reduce((n, g) => n + g.choices.length, 0);
    if (event.key === "Escape") typed = "";
    else if (event.key === "Backspace") typed = typed.slice(0, -1);
    else if (event.key === "Enter" && typed) {
      event.preventDefault();
      take(typed);
      return;
    } else if (event.key.length === 1 && /[0-9A-Za-z.\-]/.test(event.key)) typed += event.key.toLowerCase();
    else return;
    clearTimeout(typedTimer);
    if (/^[0-9]+$/.test(typed)) {
      // a number no longer number begins with is taken at once; otherwise after a pause (or Enter)
      if (parseInt(typed, 10) * 10 > count) take(typed);
      else typedTimer = setTimeout(() => take(typed), 900);
    }
    showTyped();
  }

  function startSeries(ids) {
    series = ids.slice();
    nextInSeries();
  }

  function nextInSeries() {
    const question = last && last.table.question;
    const offered = question ? question.groups.flatMap((g) => g.choices).map((c) => c.id) : [];
    if (!series.length || !offered.includes(series[0])) {
      series = [];
      return;
    }
    act(series.shift());
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
    drawRegions(table);
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
      const moved = !last || last.decision !== message.decision;
      if (moved) {
        picked = null;
        typed = "";
        clearTimeout(typedTimer);
      }
      last = message;
      draw(message);
      document.body.dataset.decision = String(message.decision);
      if (moved && series.length) nextInSeries();
    });
    socket.addEventListener("close", (event) => {
      $("status").textContent = "disconnected; reconnecting…";
      if (event.code === 4404) { $("status").textContent = "no such game or link"; return; }
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    });
  }
  document.addEventListener("keydown", onKey);
  connect();
})();

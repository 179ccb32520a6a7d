"""How Ani-Mayhem is put into words: events, the table summary and the card list (presentation only; the rules
never import this module)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .board import seat_name
from .cards import ATTRS, describe_card
from .rules import CARDS, DEFS

LABELS = {name: describe_card(card) for name, card in CARDS.cards.items()}


_MOVED = {  # what a card's move says, by its cause ({player}: the seat whose hand, pile or area it left)
    "draw": "{player} draws {name}.",
    "discard": "{name} is discarded.",
    "flash": "{player} plays {name}.",
    "attach": "{name} is attached.",
    "global": "{player} plays the Global Effect {name}.",
    "to_haven": "{name} enters a Haven.",
    "drawn": "{player} draws the Disaster {name}!",
    "revealed": "{name} is revealed!",
    "found": "An Item is found.",
    "take": "{name} is taken.",
    "stolen": "An Item is stolen.",
    "won": "An Item changes hands.",
    "given": "An Item is given away.",
    "destroyed": "An Item is destroyed.",
    "pick_up": "A Disaster picks up an Item.",
    "drop": "A Disaster drops its Item.",
    "return": "{name} returns to its owner's hand.",
}
_CHARM_RESULTS = {"win": "The charmer wins.", "lose": "The charm fails.", "backfire": "The charm backfires!"}
Event = dict[str, Any]
_SAID = {  # what an event says ({who}: the name of its seat; {name}: its card's name; else its own fields)
    "first": "{who} goes first.",
    "dstep": "{name} moves to {at}.",
    "turn": "Turn {turn}: {who} is the active player.",
    "place": "{who} places a card at ({x},{y}).",
    "bonk": "{name} is bonked.",
    "kill": "{name} is killed.",
    "combat": "{who} fights {name}.",
    "round": "Combat round: the Disaster takes {to_d} damage, its target {to_c}.",
    "defeated": "{name} is defeated.",
    "combat_end": "The combat ends ({res}).",
    "duel": "A duel starts.",
    "duel_round": "Duel round: {to_a} and {to_b} damage.",
    "charm": "A Charm Combat starts.",
    "shown": "{name} is shown: it counts toward its carrier's {attr}.",
    "destroy_loc": "{name} is destroyed!",
    "escape": "{name} escapes.",
    "off_field": "{name} takes effect Off the Field.",
    "acted": "{name} strikes and is discarded.",
    "flash": "{who} plays {name}.",
    "end": "Game over: {reason}.",
}
_SAID_BY_RULE: dict[str, Callable[[Event, str], str]] = {  # the events whose words depend on more than that
    "phase": lambda e, n: f"{e['phase'].capitalize()} phase.",
    "charm_result": lambda e, n: _CHARM_RESULTS[e["res"]],
    "contest": lambda e, n: f"A charm contest is {'won' if e['won'] else 'lost'}.",
    "cycle": lambda e, n: (
        f"{n} leaves the Field" + (" and comes back at the entry Location." if e["major"] else ".")
    ),
}


def describe_event(event: Event, seat: int | None) -> str | None:
    t = event["t"]
    name = event.get("name") or "a card"
    if t == "move":
        text = _MOVED.get(event.get("cause") or "")
        if text is None:
            return None
        kind, _, owner = event["from"].partition(":")
        owned = kind in ("hand", "draw", "bonked") and owner.split(":")[0].isdigit()
        player = seat_name(int(owner.split(":")[0])) if owned else "A player"
        return text.format(player=player, name=name)
    text = _SAID.get(t)
    if text is not None:
        who = seat_name(event["seat"]) if "{who}" in text else ""
        return text.format_map({**event, "who": who, "name": name})
    said = _SAID_BY_RULE.get(t)
    return None if said is None else said(event, name)


def _names(view: dict[str, Any]) -> dict[int, str]:
    """The names of the cards the viewer can see, by card id."""
    names: dict[int, str] = {}
    for z in view["zones"].values():
        for e in z:
            if e is not None and e[0] is not None:
                names[e[0]] = e[1]
    return names


def _disasters_at(pub: dict[str, Any], p: int) -> list[tuple[int, dict[str, Any]]]:
    """The Disasters on the Field at ``p``, in card-id order."""
    return [
        (int(d), info)
        for d, info in sorted(pub["disasters"].items(), key=lambda kv: int(kv[0]))
        if info["at"] == p
    ]


def _cell_lines(
    view: dict[str, Any], names: dict[int, str], entry: list[Any], index: dict[int, int]
) -> list[str]:
    """The four lines of one cell of the Field's picture."""
    zones = view["zones"]
    p, _, _, kind, seat, dead = entry
    if kind == "haven":
        title = f"{seat_name(seat)} Haven"
    elif dead:
        title = "XX " + names.get(p, "?")
    else:
        num = index.get(p)
        title = ("#" + str(num) + " " if num is not None else "") + names.get(p, "?")
    chars = view["public"]["chars"]
    by_seat: dict[int, int] = {}
    for e in zones.get(f"pc:{p}", []):
        if e is not None:
            s = chars.get(str(e[0]), {}).get("seat", 0)
            by_seat[s] = by_seat.get(s, 0) + 1
    line2 = " ".join(f"{seat_name(s)}x{n}" for s, n in sorted(by_seat.items())) or "-"
    dis = [
        names.get(d, "?")[:6] + ("*" if info["carrying"] else "")
        for d, info in _disasters_at(view["public"], p)
    ]
    line3 = ("D:" + ",".join(dis)) if dis else ""
    counts = []
    if kind != "haven":
        counts = [f"?D{len(zones.get(f'ds:{p}', []))}", f"?I{len(zones.get(f'it:{p}', []))}"]
        if zones.get(f"eq:{p}"):
            counts.append(f"E{len(zones[f'eq:{p}'])}")
    return [title, line2, line3, " ".join(counts)]


def _grid(view: dict[str, Any], names: dict[int, str]) -> list[str]:
    """The Field drawn as a grid of cells, with the Disaster routes under it."""
    pub = view["public"]
    route = next(iter(pub["routes"].values()), [])
    index = {p: i + 1 for i, p in enumerate(route)}
    cells = {(e[1], e[2]): e for e in pub["cells"]}
    xs = [e[1] for e in pub["cells"]]
    ys = [e[2] for e in pub["cells"]]
    width = 17
    lines = ["      " + "".join(f"x={x}".center(width) for x in range(min(xs), max(xs) + 1))]
    for y in range(min(ys), max(ys) + 1):
        rows: list[list[str]] = [[] for _ in range(4)]
        for x in range(min(xs), max(xs) + 1):
            entry = cells.get((x, y))
            block = _cell_lines(view, names, entry, index) if entry else ["", "", "", ""]
            for i in range(4):
                text = block[i][: width - 3]
                rows[i].append(("[" + text.ljust(width - 3) + "]" if entry else " " * (width - 1)) + " ")
        for i in range(4):
            lines.append((f"y={y}".ljust(6) if i == 0 else " " * 6) + "".join(rows[i]).rstrip())
    for r, path in pub["routes"].items():
        label = "Disaster route" if len(pub["routes"]) == 1 else f"Disaster route (orientation {r})"
        lines.append(f"{label}: " + " -> ".join(names.get(p, "?") for p in path) + " -> Off the Field")
    return lines


def _place_line(view: dict[str, Any], names: dict[int, str], e: list[Any]) -> str:
    """One Location or Haven: where it is, what it needs, and who and what is there."""
    zones = view["zones"]
    p = e[0]
    where = f"({e[1]},{e[2]})"
    if e[3] == "haven":
        desc = f"{seat_name(e[4])}'s Haven {names.get(p, '?')} {where}"
    else:
        desc = f"{names.get(p, '?')} {where}" + (" [destroyed]" if e[5] else "")
        card = DEFS.get(names.get(p, ""))
        if card is not None:
            desc += f", needs {', '.join(card.skills) or 'no skills'}"
    here = [names.get(x[0], "?") for x in zones.get(f"pc:{p}", []) if x is not None]
    dis = [names.get(d, "?") for d, _ in _disasters_at(view["public"], p)]
    eq = [names.get(x[0], "?") for x in zones.get(f"eq:{p}", []) if x is not None]
    extra = []
    for title, found in (("Characters", here), ("Disasters", dis), ("Equipment", eq)):
        if found:
            extra.append(f"{title}: " + ", ".join(found))
    if e[3] != "haven":
        extra.append(
            f"face down: {len(zones.get(f'ds:{p}', []))} Disasters, {len(zones.get(f'it:{p}', []))} Items"
        )
    return f"  {desc}" + ("; " + "; ".join(extra) if extra else "")


def _char_line(view: dict[str, Any], names: dict[int, str], k: str) -> str:
    """A Character in play, with its owner's values if the viewer is its owner."""
    zones = view["zones"]
    info = view["private"].get("chars", {}).get(k, view["public"]["chars"][k])
    c = int(k)
    stats = ", ".join(f"{a.capitalize()} {info[a]}" for a in ATTRS)
    where = names.get(info["at"], "?")
    seen = [x[1] for x in zones.get(f"bag:{info['seat']}:{c}", []) if x is not None]
    items = ("Items: " + ", ".join(seen)) if seen else f"{info['items']} Item(s)"
    gear = [x[1] for x in zones.get(f"gear:{c}", []) if x is not None]
    skills = ", ".join(s if not s.startswith("scav:") else "Scavenge " + s[5:] for s in info["skills"])
    return (
        f"  {names.get(c, '?')} ({seat_name(info['seat'])}) at {where}: {stats}; skills {skills}; {items}"
        + (f"; equipped: {', '.join(gear)}" if gear else "")
    )


def summarize(view: dict[str, Any]) -> list[str]:
    pub = view["public"]
    seat = view["seat"]
    if not pub.get("cells"):
        return [f"Setup: {seat_name(pub.get('first', 0))} goes first."]
    zones = view["zones"]
    names = _names(view)
    held = ", ".join(f"{seat_name(s)} {n}" for s, n in enumerate(pub["held"]))
    lines = [
        f"Round {pub['round']}, {seat_name(pub['active'])}'s {pub['phase']} phase.",
        f"Items: {pub['items_total']} in all; held: {held}; destroyed (the deck's): {pub['destroyed_items']}; "
        f"still on the Field: {pub['loose_items']}.",
        "The Field (#n: place on the Disaster path; XX: destroyed; PnxK: K Characters of Pn; D: Disasters, "
        "* carrying an Item; ?Dn / ?In: face-down Disasters / Items; En: Equipment):",
        *_grid(view, names),
        *(_place_line(view, names, e) for e in sorted(pub["cells"], key=lambda c: (c[2], c[1]))),
    ]
    if pub["off_field"]:
        lines.append("Off the Field: " + ", ".join(names.get(int(d), "?") for d in pub["off_field"]))
    lines.append("Characters in play:")
    lines += [_char_line(view, names, k) for k in sorted(pub["chars"], key=int)]
    for k, d in sorted(pub["disasters"].items(), key=lambda kv: int(kv[0])):
        stats = ", ".join(f"{a.capitalize()} {d[a]}" for a in ATTRS if d[a] is not None)
        carrying = ", carrying an Item" if d["carrying"] else ""
        lines.append(f"  Disaster {names.get(int(k), '?')} at {names.get(d['at'], '?')}: {stats}{carrying}")
    if seat is not None:
        hand = [e[1] for e in zones.get(f"hand:{seat}", []) if e is not None]
        lines.append("Your hand: " + ("; ".join(LABELS[n] for n in hand) if hand else "empty"))
    if pub["combat"]:
        cmb = pub["combat"]
        damage = ", ".join(f"{names.get(int(k), '?')} {v}" for k, v in cmb["damage"].items()) or "none"
        lines.append(f"In combat ({cmb['kind']}), round {cmb['round'] + 1}; damage so far: {damage}")
    return lines


def card_rows() -> list[dict[str, Any]]:
    rows = []
    for card in CARDS.cards.values():
        decks = [f"{d.id}" for d in CARDS.decks.values() if card.name in _deck_names(d)]
        rows.append(
            {
                "name": card.name,
                "type": card.kind,
                "atk": card.atk,
                "def": card.dfn,
                "mov": card.mov,
                "cha": card.cha,
                "nrg": card.nrg,
                "skills": ", ".join(card.skills),
                "cost": f"{card.cost[0]} {card.cost[1]}" if card.cost else "",
                "requires": ", ".join(card.requires),
                "effects": LABELS[card.name].split(" - ", 1)[-1] if card.effects or card.keywords else "",
                "categories": ", ".join(list(card.categories) + list(card.symbols)),
                "decks": ", ".join(decks),
            }
        )
    return rows


def _deck_names(deck: Any) -> set[str]:
    out = set(deck.characters) | set(deck.locations) | {deck.haven}
    for table in (deck.items, deck.power, deck.disasters, deck.combat):
        out |= {n for n, _ in table}
    return out

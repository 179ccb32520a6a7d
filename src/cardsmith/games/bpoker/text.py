"""B-Poker presentation: the words of marks, events, card rows and the plain-text table (never imported by the rules
modules; the game class hands its hooks here)."""

from __future__ import annotations

from typing import Any

from .cards import PAIRS, POWERS, value_name
from .table import (
    NE,
    NES,
    REVEAL,
    SEAT_NAMES,
    SIDE,
    TILE_WORDS,
    WILD,
    WILD_NE,
    WILD_NE_SEEN,
    WILD_SEEN,
    WILDS,
    pot_zone,
)


def seat_name(seat: int) -> str:
    """How seats are called in labels and logs."""
    return SEAT_NAMES[seat]


MARK_WORDS = {
    WILD: "a wild",
    WILD_NE: "a sideways wild",
    WILD_SEEN: "a wild (face down, remembered by all)",
    WILD_NE_SEEN: "a sideways wild (face down, remembered by all)",
    NE: "sideways (no-effect)",
    SIDE: "sideways",
}


def entry_words(entry: Any) -> str:
    if entry is None:
        return "?"
    if len(entry) == 2:
        return entry[1]
    cid, name, mark = entry
    if mark in WILDS:
        text = f"[wild {name}]" if name else "[wild]"
    elif mark == NE:
        text = f"{name}(sideways)"
    else:
        text = name or "?"
    if mark in NES and mark != NE:
        text += "(sideways)"
    return text


def _table_words(ids_in_table: list[Any], tiles_by_card: dict[int, dict[str, Any]]) -> list[str]:
    """The words of a table's cards as a seat sees them, each tile as one group."""
    parts = []
    done: set[int] = set()
    for entry in ids_in_table:
        cid = entry[0] if entry else None
        tile = tiles_by_card.get(cid) if cid is not None else None
        if tile is not None:
            if tile["cards"][0] in done:
                continue
            done.add(tile["cards"][0])
            inner = []
            for e in ids_in_table:
                if e and e[0] in tile["cards"]:
                    w = entry_words(e)
                    if e[0] in tile["sideways"]:
                        w += "(sideways)"
                    inner.append(w)
            extra = f" as {tile['in_effect']}" if tile["in_effect"] else ""
            parts.append(f"{{{TILE_WORDS[tile['kind']]}: {' + '.join(inner)}{extra}}}")
        else:
            parts.append(entry_words(entry))
    return parts


def summarize(view: dict[str, Any]) -> list[str]:
    pub = view["public"]
    zones = view["zones"]
    arrow = "left (P1→P2→…)" if pub["dir"] == 1 else "right (…→P2→P1)"
    depth = f", f_poker depth {pub['depth']}" if pub["depth"] else ""
    pot = zones.get(pot_zone(pub["depth"]), [])
    lines = [
        f"Hand {pub['hand']}{depth}: {seat_name(pub['active'])} to play; direction of play {arrow}.",
        f"Pot {len(pot)} card(s); draw pile {len(zones.get('draw', []))}; discard {len(zones.get('discard', []))}"
        + ("; a J waits: the next card played is no-effect" if pub["j_next"] else ""),
    ]
    if pub["depth"]:
        lines.append(f"Outer pot {len(zones.get('pot', []))} card(s).")
    tiles_by_card: dict[int, dict[str, Any]] = {}
    for t in pub["tiles"]:
        for c in t["cards"]:
            tiles_by_card[c] = t
    for s in range(view["players"]):
        status = (
            "" if pub["in_hand"][s] else (" (lost this hand)" if pub["in_game"][s] else " (out of the game)")
        )
        stash = zones.get(f"stash:{s}", [])
        side = sum(1 for e in stash if e is not None and len(e) == 3 and e[2] == SIDE)
        head = (
            f"{seat_name(s)}{' *' if s == pub['active'] else ''}{status}: stash {len(stash)}"
            + (f" ({side} sideways)" if side else "")
            + f", viewing hand {len(zones.get(f'view:{s}', []))}/{pub['view_size'][s]}"
            + f", cards-to-be-played {len(zones.get(f'ctbp:{s}', []))}"
            + f", table {pub['counted'][s]}/{pub['table_max'][s]}"
        )
        if str(s) in pub["control"]:
            head += f", controlled by {seat_name(pub['control'][str(s)])}"
        lines.append(head)
        ids_in_table = zones.get(f"table:{s}", [])
        parts = _table_words(ids_in_table, tiles_by_card)
        lines.append("   table: " + (" ".join(parts) if parts else "(empty)"))
        ctbp = zones.get(f"ctbp:{s}", [])
        if ctbp:
            lines.append("   cards-to-be-played: " + " ".join(entry_words(e) for e in ctbp))
        d = pub["declared"][s]
        if d is not None:
            words = []
            for c in d["cards"]:
                if str(c) in d["wild"]:
                    r, su = d["wild"][str(c)]
                    words.append("wild as " + value_name(r, su, False))
                else:
                    entry = next((e for e in ids_in_table if e and e[0] == c), None)
                    words.append(entry_words(entry))
            lines.append(f"   declared: {d['category']}: {', '.join(words)}")
        mine = zones.get(f"view:{s}", [])
        if view["seat"] == s and mine:
            lines.append("   your viewing hand: " + " ".join(entry_words(e) for e in mine))
        elif mine and any(e is not None for e in mine):
            seen = [entry_words(e) for e in mine if e is not None and e[1] is not None]
            if seen:
                lines.append("   (you have seen) " + " ".join(seen))
    return lines


_EVENT_TEXT: dict[str, str] = {  # what an event says ({who}: the name of its seat; else its own fields)
    "turn": "{who}'s turn.",
    "skipped": "{who}'s turn is skipped.",
    "out": "{who} cannot ante and is out of the game.",
    "declare": "{who} declares {cat}.",
    "undeclare": "{who} no longer has a declared hand.",
    "resolve": "A card on {who}'s table resolves as {as}.",
    "fee": "{who} pays {n} card(s) to the {to}.",
    "magic": "{who} uses Magic.",
    "j_hit": "The J makes the card played onto {who}'s table no-effect.",
    "blocked": "A 10♦+card tile sends the card played onto {who}'s table to the discard.",
    "lost": "{who} loses the hand (10♣).",
    "released": "Control of {who}'s hand is released.",
    "fpoker": "{who} starts a game of f_poker (depth {depth}).",
    "fpoker_capped": "f_poker cannot nest deeper: its cards go into the pot.",
    "scrap": "{who} scraps their hand.",
    "neutralize": "{who} neutralizes a wild with a 3♣.",
    "three": "{who}'s 3: the cards already on the table do not count this turn.",
    "table_full": "{who}'s table is at its maximum.",
    "shuffle": "The discard is shuffled into the draw pile.",
}
_EVENT_WORDS: dict[str, Any] = {  # the events whose words depend on more than that
    "hand": lambda e: f"Hand {e['n']} begins; {seat_name(e['first'])} plays first.",
    "hand_won": lambda e: (
        f"{seat_name(e['seat'])} wins the hand ({e['reason']})."
        if e["seat"] is not None
        else f"The hand ends with no winner ({e['reason']})."
    ),
    "tunnel": lambda e: f"{seat_name(e['seat'])} tunnels the card to {seat_name(e['to'])}.",
    "reflect": lambda e: f"{seat_name(e['seat'])} reflects the card back to {seat_name(e['to'])}.",
    "break": lambda e: f"A {TILE_WORDS[e['kind']]} tile is broken up.",
    "control": lambda e: f"{seat_name(e['by'])} takes control of {seat_name(e['seat'])}'s hand.",
    "direction": lambda e: f"The direction of play is now {'left' if e['dir'] == 1 else 'right'}.",
    "ring": lambda e: f"The ring closes; {seat_name(e['splitter'])} splits the pot.",
    "swapped": lambda e: (
        f"{seat_name(e['seats'][0])} and {seat_name(e['seats'][1])} trade places at the table."
    ),
    "hands_traded": lambda e: f"{seat_name(e['seats'][0])} and {seat_name(e['seats'][1])} trade poker hands.",
    "end": lambda e: (
        f"The game ends: {', '.join(seat_name(w) for w in e['winners'])} win(s) ({e['reason']})."
        if e["winners"]
        else f"The game ends ({e['reason']})."
    ),
}


def describe_event(event: dict[str, Any], seat: int | None) -> str | None:
    t = event["t"]
    if t == "move":
        cause = event.get("cause")
        name = event.get("name") or "a card"
        src, dst = event["from"], event["to"]
        if (
            cause in ("deal", "draw", "reshuffle", "set_aside", "set_back", "swap", "scrap")
            or dst.startswith("stash")
            and cause == "pot_won"
        ):
            return None
        return f"{name}: {src} → {dst} ({cause})"
    if t == "mark":
        if event.get("mark") and str(event["mark"]).startswith(REVEAL):
            return None
        mark = MARK_WORDS.get(event["mark"], event["mark"]) if event["mark"] else "face up and upright"
        return f"{event.get('name') or 'a card'} on {event['zone']} is now {mark}"
    text = _EVENT_TEXT.get(t)
    if text is not None:
        return text.format_map({**event, "who": seat_name(event["seat"]) if "{who}" in text else ""})
    fn = _EVENT_WORDS.get(t)
    return fn(event) if fn is not None else None


def card_rows() -> list[dict[str, Any]]:
    rows = []
    for key, power in POWERS.items():
        rows.append({"card": power.name, "key": key, "kinds": ", ".join(power.kinds), "power": power.text})
    for key, pair in PAIRS.items():
        kinds = "pair or set" + (", stays tiled" if pair.tiled else "")
        rows.append({"card": pair.name, "key": key, "kinds": kinds, "power": pair.text})
    return rows

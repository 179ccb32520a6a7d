"""Taking of Taidian: what the players are shown (public view, event lines, the terminal summary, card rows).

Everything here reads public data only: the public view is built from the game-specific state and from zones every
seat may see, and the summary reads nothing but a seat's own view (TAI-1.6 .. TAI-1.8, TAI-1.17 .. TAI-1.23).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardsmith.core.state import State

from .cards import TRACKS, Card, CardSet
from .data import NAMES
from .model import Table

SeatName = Callable[[int], str]

_TURN_TYPE = {"": "", "upgrade": "upgrading", "attack": "attacking"}

_KIND_WORDS: dict[str, str] = {
    "money": "buying power",
    "energy": "energy",
    "attack": "attack",
    "poison": "damage per tick",
    "firstaid": "healing",
    "medic": "healing",
    "shield": "block",
    "shotgun": "block",
}


def describe_card(card: Card) -> str:
    """A one-line description for players."""
    head = f"{card.name} [{card.color} {card.kind}, cost {card.cost}"
    if card.icon != "none":
        head += f", {card.icon.capitalize()}"
    head += "]"
    word = _KIND_WORDS.get(card.kind)
    stat = f" {word} {card.value}" if word else ""
    return f"{head}{stat}: {card.text}" if card.text else head + stat


def public_view(state: State) -> dict[str, Any]:
    """Public game data: every player's trackers, the poison tracks, the supply piles, the open volley and window."""
    g: Table = state["g"]
    names = state["cards"]
    team = g["team"]
    players = [
        {
            "character": g["characters"][s],
            "health": g["health"][s],
            "energy": g["energy"][s],
            "levels": dict(zip(TRACKS, g["levels"][s], strict=True)),
            "alive": g["alive"][s],
            "team": None if team is None else team[s] + 1,
        }
        for s in range(state["players"])
    ]
    out: dict[str, Any] = {
        "round": g["round"],
        "start": g["start"],
        "current": g["current"],
        "turn_type": _TURN_TYPE[g["turn_type"]],
        "pool": g["pool"],
        "burned": g["burned"],
        "max_health": g["max_health"],
        "players": players,
        "poisons": [
            {"victim": p["victim"], "owner": p["owner"], "ticks": p["ticks"], "damage": p["damage"]}
            for p in g["poisons"]
        ],
        "shotgun_protected": list(g["protected"]),
        "piles": dict(zip(NAMES, g["piles"], strict=True)),
        "volley": None,
    }
    vol = g["volley"]
    if vol is not None:
        out["volley"] = {
            "attacker": vol["attacker"],
            "cards": [
                [
                    names[e["card"]],
                    e["target"],
                    names[e["structure"]] if e["structure"] >= 0 else None,
                    e["value"],
                ]
                for e in vol["entries"]
            ],
            "attacked": list(vol["attacked"]),
            "attack": list(vol["attack"]),
            "block": list(vol["block"]),
            "healing": list(vol["healing"]),
            "counter": list(vol["counter"]),
            "counter_shield": vol["counter_shield"],
        }
    return out


def _zone_count(view: dict[str, Any], zone: str) -> int:
    return len(view["zones"].get(zone, []))


def _zone_names(view: dict[str, Any], zone: str) -> list[str]:
    return [e[1] for e in view["zones"].get(zone, []) if e is not None and e[1] is not None]


def summarize(sn: SeatName, view: dict[str, Any]) -> list[str]:
    """The terminal's lines for one seat: every player's trackers, structures, poison and card counts, own hand."""
    pub = view["public"]
    seat = view["seat"]
    tt = pub["turn_type"]
    head = f"Round {pub['round']}, {sn(pub['current'])}'s turn"
    if tt:
        head += f" ({tt} turn"
        head += f", buying pool {pub['pool']})" if tt == "upgrading" else ")"
    lines = [head]
    for s, p in enumerate(pub["players"]):
        who = sn(s) + (" (you)" if s == seat else "")
        team = f", team {p['team']}" if p["team"] is not None else ""
        if not p["alive"]:
            lines.append(f"{who} {p['character']}{team}: ELIMINATED")
            continue
        lv = p["levels"]
        levels = " ".join(f"{t.capitalize()} {lv[t]}" for t in TRACKS)
        lines.append(
            f"{who} {p['character']}{team}: health {p['health']}/{pub['max_health']}, energy {p['energy']}, {levels}"
        )
        structs = _zone_names(view, f"struct:{s}")
        poisons = [x for x in pub["poisons"] if x["victim"] == s]
        extra = f"   structures: {', '.join(structs) if structs else 'none'}; poison: "
        extra += (
            ", ".join(f"{sn(x['owner'])}'s {x['damage']}/tick, {x['ticks']} left" for x in poisons)
            if poisons
            else "none"
        )
        lines.append(extra)
        lines.append(
            f"   hand {_zone_count(view, f'hand:{s}')}, deck {_zone_count(view, f'deck:{s}')}, "
            f"discard {_zone_count(view, f'discard:{s}')}"
        )
    if seat is not None:
        hand = _zone_names(view, f"hand:{seat}")
        lines.append("Your hand: " + (", ".join(sorted(hand)) if hand else "empty"))
        laid = view["private"].get("volley_being_laid")
        if laid:
            lines.append(
                "Your volley so far: "
                + ", ".join(
                    f"{c} at {sn(t) if s is None else sn(t) + chr(39) + 's ' + s}" for c, t, s in laid
                )
            )
    piles = [f"{name} {count}" for name, count in pub["piles"].items() if count]
    lines.append("Supply: " + (", ".join(piles) if piles else "empty"))
    lines += _volley_lines(sn, pub["volley"])
    return lines


def _volley_lines(sn: SeatName, vol: dict[str, Any] | None) -> list[str]:
    """The summary lines of the volley being resolved."""
    if vol is None:
        return []
    cards = ", ".join(
        f"{c} at {sn(t)}" + (f"'s {s}" if s else "") + (f" ({v})" if v else "") for c, t, s, v in vol["cards"]
    )
    lines = [f"Volley of {sn(vol['attacker'])}: {cards}"]
    for t in vol["attacked"]:
        lines.append(f"   on {sn(t)}: attack {vol['attack'][t]}, block {vol['block'][t]}")
    counter = sum(vol["counter"])
    if counter:
        lines.append(f"   counter damage pending: {counter} (Shields against it: {vol['counter_shield']})")
    return lines


_SEAT_LINES: dict[str, str] = {
    "pick": "{0} chooses {ch}.",
    "turn": "Round {round}: {0}'s turn.",
    "visit": "Round {round}: {0} is out and takes no turn.",
    "energy": "{0} gains {n} energy ({en}) from {src}.",
    "energy_cap": "{0} has every track at 3: energy stays at 9.",
    "heal": "{0} heals {n} ({hp}) from their {src}.",
    "end_play": "{0} ends the play step.",
    "shuffle": "{0} shuffles their discard pile into a new deck.",
}
"""The events told as a fixed sentence about one seat (``{0}``, its name) and the event's own fields."""

_COMBAT_EVENTS = frozenset({"volley", "rob", "fizzle", "resolve", "tick", "poison_end", "out"})


def describe_event(sn: SeatName, event: dict[str, Any]) -> str | None:
    """One line for an event as a seat sees it (already redacted)."""
    t = event["t"]
    if t == "move":
        return _describe_move(sn, event)
    if t in _COMBAT_EVENTS:
        return _describe_combat(sn, event)
    line = _SEAT_LINES.get(t)
    if line is not None:
        return line.format(sn(event["s"]), **event)
    if t == "setup":
        chars = ", ".join(f"{sn(s)} {c}" for s, c in enumerate(event["ch"]))
        line = f"Characters: {chars}. {sn(event['start'])} starts."
        if event.get("team"):
            line += " Teams: " + ", ".join(f"{sn(s)} team {x + 1}" for s, x in enumerate(event["team"]))
        return line
    if t == "round":
        return f"Round {event['round']} begins."
    if t == "declare":
        if event["tt"] == "up":
            bonus = f" with {event['pool']} buying power from structures" if event["pool"] else ""
            return f"{sn(event['s'])} takes an upgrading turn{bonus}."
        return f"{sn(event['s'])} takes an attacking turn."
    if t == "powerup":
        return f"{sn(event['s'])} powers up {event['track'].capitalize()} to level {event['lv']}."
    if t == "end":
        if not event["winners"]:
            return f"The game ends: {event['reason']}."
        who = " and ".join(sn(s) for s in event["winners"])
        return f"{who} {'wins' if len(event['winners']) == 1 else 'win'}: {event['reason']}."
    return None


_POISON_END = {
    "expired": "has ticked four times",
    "antidote": "is removed by an Antidote",
    "victim_out": "ends",
}


def _describe_combat(sn: SeatName, event: dict[str, Any]) -> str | None:
    """Volleys, Robbers, Fire Bombs, resolutions, Poisons and eliminations (sections 6, 8 and 11)."""
    t = event["t"]
    if t == "volley":
        cards = "; ".join(
            f"{c} at {sn(tg)}" + (f"'s {s}" if s else "") + (f" ({v})" if v else "")
            for c, tg, s, v in event["cards"]
        )
        return f"{sn(event['s'])} reveals a volley: {cards}."
    if t == "rob":
        if event["name"] is None:
            return f"{sn(event['s'])}'s Robber finds nothing to take from {sn(event['from'])}."
        return f"{sn(event['s'])}'s Robber takes {event['name']} from {sn(event['from'])}."
    if t == "fizzle":
        what = "Robber" if event["what"] == "robber" else "Fire Bomb"
        return f"A {what} aimed at {sn(event['s'])} has no effect."
    if t == "resolve":
        parts = []
        for p, dmg, heal, hp in event["hp"]:
            bits = []
            if dmg:
                bits.append(f"-{dmg}")
            if heal:
                bits.append(f"+{heal}")
            parts.append(f"{sn(p)} {' '.join(bits) or '±0'} -> {hp}")
        return "The volley resolves: " + (", ".join(parts) if parts else "no health changes") + "."
    if t == "tick":
        line = f"{sn(event['o'])}'s Poison ticks on {sn(event['s'])}: -{event['dmg']}"
        if event["heal"]:
            line += f" +{event['heal']}"
        return line + f" -> {event['hp']}."
    if t == "poison_end":
        return f"{sn(event['o'])}'s Poison on {sn(event['s'])} {_POISON_END.get(event['why'], 'ends')}."
    return f"{sn(event['s'])} is eliminated (by {sn(event['by'])})."


_MOVE_WORDS = {
    "money": "plays",
    "energy": "plays",
    "barrel": "uses",
    "burn": "burns",
    "buy": "buys",
    "defend": "defends with",
    "help": "helps with",
    "shotgun": "fires",
    "shotgun_help": "fires for an ally",
    "counter_shield": "shields against counters with",
    "tick_defend": "answers the Poison with",
    "tick_help": "helps against the Poison with",
    "place": "puts into play",
    "reward": "takes as knockout reward",
}


def _describe_move(sn: SeatName, event: dict[str, Any]) -> str | None:
    cause = event.get("cause")
    name = event["name"] or "a card"
    src = event["from"]
    owner = src.split(":")[1] if ":" in src else None
    dst_owner = event["to"].split(":")[1] if ":" in event["to"] else None
    who = sn(int(owner)) if owner is not None else None
    if cause == "draw":
        return f"{who} draws {name}."
    if cause == "counter" or (cause == "defend" and event["name"] in ("Kick", "9mm")):
        return f"{who} counters with {name}."
    if cause in _MOVE_WORDS:
        actor = who if cause != "buy" else sn(int(dst_owner)) if dst_owner else "Someone"
        if cause == "reward":
            actor = sn(int(dst_owner)) if dst_owner else actor
        return f"{actor} {_MOVE_WORDS[cause]} {name}."
    if cause == "firebomb":
        return f"{who}'s {name} is destroyed by a Fire Bomb."
    if cause == "poison":
        return f"Poison goes onto {sn(int(dst_owner))}'s poison track." if dst_owner else None
    if cause == "loot_open" and event["name"] is not None:
        return f"You look through {name} from {who}'s cards."
    return None  # clean-up, reshuffles, window sweeps, cards leaving the game


def card_rows(cards: CardSet) -> list[dict[str, Any]]:
    """The card list: deck cards, then characters (same keys in every row)."""
    rows: list[dict[str, Any]] = []
    for c in cards.cards.values():
        rows.append(
            {
                "name": c.name,
                "color": c.color,
                "type": c.type,
                "kind": c.kind,
                "value": c.value,
                "icon": c.icon,
                "cost": c.cost,
                "pile": f"{c.pile[0]}/{c.pile[1]}" if c.pile[0] != c.pile[1] else str(c.pile[0]),
                "text": c.text,
            }
        )
    for ch in cards.characters.values():
        rows.append(
            {
                "name": ch.name,
                "color": "-",
                "type": "character",
                "kind": ch.ability.kind,
                "value": None,
                "icon": "none",
                "cost": None,
                "pile": "-",
                "text": ch.text,
            }
        )
    return rows


__all__ = ["card_rows", "describe_card", "describe_event", "public_view", "summarize"]

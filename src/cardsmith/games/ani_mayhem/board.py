"""Who and what is where in Ani-Mayhem: card lookups, the one card move, durations, Characters and Disasters
entering and leaving play, bonks and kills, and the random picks (sections 1, 6, 10 and 11).

Everything here works on the plain-data state (see :mod:`.model`); nothing here asks a decision.
"""

from __future__ import annotations

from typing import Any

from ...core import rng
from ...core.seats import rotation
from ...core.state import State
from ...core.zones import ALL, lowest_named
from .actions import block_range, card_block
from .cards import Card
from .model import CharRecord, DisasterRecord
from .rules import CARDS, DEFS, NEVER, TYPE, VISIBILITY

# Zone kinds created on demand and removed again when they empty (per Location, Character or Disaster).
LAZY = frozenset({"pc", "eq", "bag", "gear", "loot"})
# Zones where an Item is neither held by a player nor destroyed (AM-12.1).
FREE_KINDS = frozenset({"it", "loot"})
# Zones that hold Items and nothing else (AM-1.25, AM-1.26, AM-12.1): Items waiting to be dealt, Item piles under
# Locations, the Item a Disaster carries, Items carried by Characters or being shared out, destroyed Items.
ITEM_KINDS = frozenset({"ipile", "it", "loot", "bag", "spoils", "destroyed"})
SEAT_NAMES = tuple(f"P{i + 1}" for i in range(6))
# the id range of a card's block (see ``take_named``), by (players, decks, extra_havens, name)
_BLOCK_RANGES: dict[tuple[int, str, bool, str], tuple[int, int]] = {}


def kind_of(zone: str) -> str:
    """The kind part of a zone name."""
    i = zone.find(":")
    return zone if i < 0 else zone[:i]


def seat_name(seat: int) -> str:
    """How seats are called in prompts and labels."""
    return SEAT_NAMES[seat]


def log(state: State, event: dict[str, Any]) -> None:
    """Record an event (every seat sees it)."""
    state["events"].append(event)


def cdef(state: State, cid: int) -> Card:
    """The definition of card ``cid``."""
    return DEFS[state["cards"][cid]]


def ctype(state: State, cid: int) -> str:
    return TYPE[state["cards"][cid]]


def card_name(state: State, cid: int) -> str:
    return state["cards"][cid]


def move_card(
    state: State, cid: int, src: str, dst: str, cause: str | None = None, mark: str | None = None
) -> None:
    """Move one card through the core primitive, creating and removing per-object zones as needed.

    Item moves are counted for AM-12.4 and AM-12.7 (which Items are still loose, which changed carrier). A move
    counts as an Item's by the zones it leaves and enters, never by the card: most Items lie face down, and only
    how many cards each such pile holds is public (AM-1.25, AM-1.26), so the public tallies (AM-1.29, AM-12.1)
    are counted from the piles, as every player can count them.
    """
    zones = state["zones"]
    if dst not in zones:
        zones[dst] = []
    VISIBILITY.move(state, cid, src, dst, cause=cause, mark=mark)  # the one card-move primitive
    sf = _ZONE_FLAGS.get(src) or _zone_flags(src)
    if sf[0] and not zones[src]:
        del zones[src]
    df = _ZONE_FLAGS.get(dst) or _zone_flags(dst)
    if sf[1] or df[1]:
        g = state["g"]
        g["item_changes"] += 1
        was, now = sf[2], df[2]
        if was and not now:
            g["loose_items"] -= 1
        elif now and not was:
            g["loose_items"] += 1
        if df[3]:
            g["items_lost"] += 1


# by zone name: (created on demand, holds Items, holds loose Items, destroyed Items), worked out once per name
_ZONE_FLAGS: dict[str, tuple[bool, bool, bool, bool]] = {}


def _zone_flags(zone: str) -> tuple[bool, bool, bool, bool]:
    k = kind_of(zone)
    flags = _ZONE_FLAGS[zone] = (k in LAZY, k in ITEM_KINDS, k in FREE_KINDS, k == "destroyed")
    return flags


def zone_cards(state: State, name: str) -> list[int]:
    """A zone's cards (an empty list for an on-demand zone that does not exist now)."""
    return state["zones"].get(name) or []


def discard(state: State, cid: int, src: str, cause: str, mark: str | None = None) -> None:
    """AM-1.23 / AM-1.27: a discarded card goes to its owner's Discard pile. AM-4.7: never a Location."""
    if TYPE[state["cards"][cid]] == "location" and kind_of(src) == "field":
        return  # AM-4.7: nothing can discard a Location
    move_card(state, cid, src, f"discard:{state['owner'][cid]}", cause, mark)


def expiry(state: State, duration: str, seat: int | None = None, in_combat: bool = False) -> list[Any]:
    """The expiry marker of an effect that lasts ``duration`` from now (AM-10.8, AM-10.22, AM-11.10)."""
    g = state["g"]
    if duration == "round" or (duration == "use" and in_combat):
        return ["r", g["round_serial"]]
    if duration in ("phase", "use"):
        return ["p", g["phase_serial"]]
    if duration == "turn":
        return ["t", state["turn"]]
    if duration in ("owner_next", "drawer_next"):
        assert seat is not None
        return ["o", seat, g["turns_started"][seat] + 1]
    raise AssertionError(duration)


def valid(state: State, exp: list[Any]) -> bool:
    """Whether an effect with this expiry marker still lasts."""
    k = exp[0]
    if k == "r":
        return state["g"]["round_serial"] == exp[1]
    if k == "p":
        return state["g"]["phase_serial"] == exp[1]
    if k == "t":
        return state["turn"] == exp[1]
    return state["g"]["turns_completed"][exp[1]] < exp[2]


def stamp(state: State) -> int:
    """A fresh stamp, later than every stamp given before (AM-5.5, AM-10.11)."""
    g = state["g"]
    g["stamp_counter"] += 1
    return g["stamp_counter"]


def pos(state: State, cid: int) -> int:
    """Where a Character in play stands (a Location or a Haven card id)."""
    return state["g"]["char_at"][str(cid)]


def dpos(state: State, d: int) -> int:
    """The Location a Disaster on the Field stands on."""
    return state["g"]["disaster_at"][str(d)]


def on_field(state: State, cid: int) -> bool:
    """A Character on a Location (not in a Haven) (AM-1.20, AM-6.2)."""
    g = state["g"]
    p = g["char_at"].get(str(cid))
    return p is not None and str(p) not in g["havens"]


def is_haven(state: State, p: int) -> bool:
    return str(p) in state["g"]["havens"]


def is_destroyed(state: State, p: int) -> bool:
    return p in state["g"]["destroyed"]


def chars_at(state: State, p: int) -> list[int]:
    """The Characters at a Location or in a Haven."""
    return state["zones"].get(f"pc:{p}") or []


def disasters_at(state: State, p: int) -> list[int]:
    dp = state["g"]["disaster_at"]
    return [d for d in state["zones"]["dz"] if dp[str(d)] == p]


def bag(state: State, c: int) -> str:
    """The zone of the Items carried by Character ``c`` (seen only by its owner, AM-1.26)."""
    return f"bag:{state['owner'][c]}:{c}"


def items_of(state: State, c: int) -> list[int]:
    return state["zones"].get(f"bag:{state['owner'][c]}:{c}") or []


def carries(state: State, c: int) -> bool:
    return bool(state["zones"].get(f"bag:{state['owner'][c]}:{c}"))


def loot(state: State, d: int) -> list[int]:
    """The Item a Disaster carries (at most one, AM-5.2), face down."""
    return state["zones"].get(f"loot:{d}") or []


def my_chars(state: State, seat: int, field_only: bool = False) -> list[int]:
    """A seat's Characters in play (in Havens or on the Field), in card-id order."""
    g = state["g"]
    mine = g["seat_chars"][seat]
    if not field_only:
        return list(mine)
    hv = g["havens"]
    cp = g["char_at"]
    return [c for c in mine if str(cp[str(c)]) not in hv]


def field_count(state: State, seat: int) -> int:
    """AM-6.1: how many of a seat's Characters are on the Field."""
    return len(my_chars(state, seat, field_only=True))


def havens_of(state: State, seat: int) -> list[int]:
    g = state["g"]
    return sorted(int(p) for p, s in g["havens"].items() if s == seat)


def new_char_record() -> CharRecord:
    """A Character entering play (see :class:`.model.CharRecord`); its lists of lasting modifiers, skills and
    costed cards in use appear when needed."""
    return {"moved": 0, "scavenged": 0, "fought": NEVER, "dueled": 0, "charmed": NEVER}


def enter_play(state: State, c: int, src: str, haven: int, cause: str) -> None:
    """A Character is played into a Haven (AM-6.24, AM-10.1)."""
    g = state["g"]
    move_card(state, c, src, f"pc:{haven}", cause)
    g["char_at"][str(c)] = haven
    g["chars"][str(c)] = new_char_record()
    mine = g["seat_chars"][state["owner"][c]]
    mine.append(c)
    mine.sort()


def drop_belongings(
    state: State, c: int, p: int, to: int | None = None, drops: list[int] | None = None
) -> None:
    """AM-6.21, AM-6.22, AM-6.25, AM-8.33: Enhancements discarded, Equipment under the Location, Items into its
    Item pile (or all Items to Character ``to``). On a destroyed Location the Items are destroyed and the
    Equipment discarded, as AM-4.10 does for a Location's own cards."""
    zones = state["zones"]
    names = state["cards"]
    dead = p in state["g"]["destroyed"]
    for x in list(zones.get(f"gear:{c}", ())):
        if TYPE[names[x]] == "enhancement" or dead:
            discard(state, x, f"gear:{c}", "bonk_discard")
        else:
            move_card(state, x, f"gear:{c}", f"eq:{p}", "dropped")
        state["g"]["attached"].pop(str(x), None)
    carried = bag(state, c)
    for x in list(zones.get(carried, ())):
        state["g"]["attached"].pop(str(x), None)
        if to is not None:
            move_card(state, x, carried, bag(state, to), "won")
            state["g"]["attached"][str(x)] = stamp(state)
        elif dead:
            move_card(state, x, carried, "destroyed", "destroyed")
        else:
            move_card(state, x, carried, f"it:{p}", "dropped")
            if drops is not None:
                drops.append(x)


def leave_play(
    state: State,
    c: int,
    dst: str,
    cause: str,
    to: int | None = None,
    drops: list[int] | None = None,
) -> None:
    """A Character leaves play (bonked or killed): drop its cards, then move it (AM-6.20 to AM-6.25)."""
    g = state["g"]
    p = g["char_at"].pop(str(c))
    g["seat_chars"][state["owner"][c]].remove(c)
    drop_belongings(state, c, p, to, drops)
    move_card(state, c, f"pc:{p}", dst, cause)
    g["chars"].pop(str(c), None)
    g["forced"].pop(str(c), None)


def bonk(state: State, c: int, to: int | None = None, drops: list[int] | None = None) -> None:
    """AM-6.20 to AM-6.23: out of play into the Bonked area; the owner's turn count is noted (AM-1.29)."""
    seat = state["owner"][c]
    leave_play(state, c, f"bonked:{seat}", "bonk", to, drops)
    state["g"]["bonked"][str(c)] = state["g"]["turns_started"][seat]
    log(state, {"t": "bonk", "c": c, "name": state["cards"][c]})


def kill(state: State, c: int, to: int | None = None, drops: list[int] | None = None) -> None:
    """AM-6.25, AM-8.17: a killed Character goes to its owner's Discard pile."""
    seat = state["owner"][c]
    leave_play(state, c, f"discard:{seat}", "kill", to, drops)
    log(state, {"t": "kill", "c": c, "name": state["cards"][c]})


def new_dis_record(stamp: int, moves: int) -> DisasterRecord:
    """A Disaster entering the Field (see :class:`.model.DisasterRecord`); the Characters it ignores or may not
    attack and its lasting modifiers appear when needed."""
    return {"stamp": stamp, "arrived": stamp, "moves_once": moves, "fresh": 0, "done": NEVER}


def remove_disaster(state: State, d: int, cause: str) -> None:
    """A Disaster leaves the Field for its owner's Discard pile (AM-5.11, AM-5.17, AM-5.29)."""
    g = state["g"]
    g["disaster_at"].pop(str(d))
    for x in list(loot(state, d)):  # AM-5.11: the Item it carries is destroyed
        move_card(state, x, f"loot:{d}", "destroyed", "destroyed")
    discard(state, d, "dz", cause)
    g["disasters"].pop(str(d), None)
    g["disaster_changes"] += 1


def pick(state: State, items: list[Any]) -> Any:
    """One of ``items``, uniformly, from the state's generator."""
    if len(items) == 1:
        return items[0]
    return items[rng.below(state, len(items))]


def turn_order(state: State) -> list[int]:
    """Seats in order starting with the active player (AM-2.18)."""
    return list(rotation(state["players"], state["g"]["active"]))


def distinct(state: State, cids: list[int]) -> list[tuple[str, int]]:
    """One entry per card name (copies are interchangeable), lowest id first, sorted by name."""
    names = state["cards"]
    seen: dict[str, int] = {}
    for cid in cids:
        n = names[cid]
        if n not in seen or cid < seen[n]:
            seen[n] = cid
    return sorted(seen.items())


def card_named(state: State, cids: list[int], name: str) -> int:
    """The card a name stands for among public ``cids``: the lowest id with that name."""
    return lowest_named(state["cards"], cids, name)


def take_named(state: State, zone: str, name: str) -> int:
    """The card a name (a ``CardArg`` answer) stands for in ``zone``, ready to leave it.

    In a public pile this is the lowest id with that name. A hand (or the Characters set aside in setup) is
    hidden from the other seats, so there the card leaves by the pile's lowest id in the block of ids of its
    kind (see :mod:`.actions`), whatever the names: the named card (the lowest id with that name) first trades
    its identity (name, owner, mark) with the card holding that id, both in the same pile and of the same kind.
    Which id leaves then says nothing about the cards that stay (AM-1.19).
    """
    ids = state["zones"][zone]
    cid = card_named(state, ids, name)
    if VISIBILITY.zone_info(zone)[0] == ALL:
        return cid
    options = state["options"]
    key = (state["players"], options["decks"], bool(options["extra_havens"]), name)
    span = _BLOCK_RANGES.get(key)
    if span is None:  # the range depends only on the decks in play (see ``actions.layout``)
        span = block_range(state["players"], options, card_block(CARDS, name))
        _BLOCK_RANGES[key] = span
    lo, hi = span
    if not lo <= cid < hi:
        return cid  # a scenario's cards are not created in blocks
    slot = min(c for c in ids if lo <= c < hi)
    if slot != cid:
        cards, owner, marks = state["cards"], state["owner"], state["marks"]
        cards[cid], cards[slot] = cards[slot], cards[cid]
        owner[cid], owner[slot] = owner[slot], owner[cid]
        mark_cid, mark_slot = marks.pop(str(cid), None), marks.pop(str(slot), None)
        if mark_slot is not None:
            marks[str(cid)] = mark_slot
        if mark_cid is not None:
            marks[str(slot)] = mark_cid
    return slot


def char_label(state: State, c: int) -> str:
    """A Character with its owner and place, e.g. "Reiko Sato (P2, Police Station)"."""
    g = state["g"]
    p = g["char_at"].get(str(c))
    where = "" if p is None else (", in a Haven" if str(p) in g["havens"] else f", {state['cards'][p]}")
    return f"{state['cards'][c]} ({seat_name(state['owner'][c])}{where})"

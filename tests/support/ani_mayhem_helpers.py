"""Helpers for the Ani-Mayhem scenario tests: a standard Field, card lookups and scripted decisions.

The standard Field (``GRID``), seat 0's Haven at (-1,0)::

              x=-1            x=0               x=1              x=2
    y=0   Cafe Hideout   Police Station   Hot Springs Inn    Space Port
    y=1                  Shopping Arcade  Haunted Shrine     Hospital Ward

The Disaster path (table orientation) is Space Port, Hospital Ward, Hot Springs Inn, Haunted Shrine, Police Station,
Shopping Arcade; the entry Location is Space Port. A Golden Idol lies under the Shopping Arcade so that the game does
not end at once, and seat 0's Draw pile holds three Tailwinds so that turns can pass.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from cardsmith.core import apply, state_hash, view
from cardsmith.core.actions import option_id
from cardsmith.core.errors import IllegalAction
from cardsmith.core.zones import find_card

from .scenario import build

GAME = "ani-mayhem"

GRID: dict[str, list[str]] = {
    "field:0:0": ["Police Station"],
    "field:1:0": ["Hot Springs Inn"],
    "field:2:0": ["Space Port"],
    "field:0:1": ["Shopping Arcade"],
    "field:1:1": ["Haunted Shrine"],
    "field:2:1": ["Hospital Ward"],
    "field:-1:0": ["Cafe Hideout@0"],
    "it:0:1": ["Golden Idol"],
    "draw:0": ["Tailwind", "Tailwind", "Tailwind"],
}

PATH = [
    "Space Port",
    "Hospital Ward",
    "Hot Springs Inn",
    "Haunted Shrine",
    "Police Station",
    "Shopping Arcade",
]


def board(
    zones: dict[str, list[str]] | None = None,
    setup: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
    players: int = 1,
    seed: int = 0,
    grid: dict[str, list[str]] | None = None,
) -> dict[str, Any]:
    """A scenario on the standard Field (or ``grid``), with ``zones`` added or replacing its zones."""
    all_zones = dict(GRID if grid is None else grid)
    for key, value in (zones or {}).items():
        if value is None:
            all_zones.pop(key, None)
        else:
            all_zones[key] = value
    return build(GAME, all_zones, setup, options, players, seed)


def cid(state: dict[str, Any], name: str, nth: int = 0) -> int:
    """The id of the ``nth`` card named ``name``."""
    found = [i for i, n in enumerate(state["cards"]) if n == name]
    if len(found) <= nth:
        raise AssertionError(f"no card {name!r} (#{nth})")
    return found[nth]


def at(state: dict[str, Any], x: int, y: int) -> int:
    """The card (Location or Haven) in cell (x, y), as the public view places it."""
    for p, cx, cy, *_ in public(state)["cells"]:
        if (cx, cy) == (x, y):
            return p
    raise AssertionError(f"nothing at ({x},{y})")


def zone_of(state: dict[str, Any], card: int | str) -> str:
    """The zone holding a card (given by id or by a unique name)."""
    if isinstance(card, str):
        card = cid(state, card)
    return find_card(state, card)


def names_in(state: dict[str, Any], zone: str) -> list[str]:
    """The names of the cards in a zone, bottom first."""
    return [state["cards"][c] for c in state["zones"].get(zone, [])]


def where(state: dict[str, Any], name: str, nth: int = 0) -> str:
    """The name of the Location (or "Haven") where a Character or Disaster stands, as the public view shows it."""
    c = cid(state, name, nth)
    pub = public(state)
    found = pub.get("chars", {}).get(str(c)) or pub.get("disasters", {}).get(str(c))
    if found is None:
        return zone_of(state, c)
    p = found["at"]
    if cell(state, p)["kind"] == "haven":
        return "Haven"
    return state["cards"][p]


def opts(state: dict[str, Any]) -> list[str]:
    assert state["pending"] is not None, f"the game is over: {state['result']}"
    return [o[0] for o in state["pending"]["options"]]


def kind(state: dict[str, Any]) -> str | None:
    return None if state["pending"] is None else state["pending"]["kind"]


def choose(state: dict[str, Any], oid: str) -> None:
    """Apply an option that must be legal now."""
    assert oid in opts(state), f"{oid!r} is not legal; legal: {opts(state)} ({state['pending']['prompt']})"
    apply(state, oid)


def refused(state: dict[str, Any], oid: str) -> None:
    """``oid`` is not legal now, and applying it is refused without changing the state."""
    assert state["pending"] is None or oid not in opts(state)
    before = state_hash(state)
    try:
        apply(state, oid)
    except IllegalAction:
        assert state_hash(state) == before
        return
    raise AssertionError(f"{oid!r} was accepted")


def args_of(state: dict[str, Any], verb: str) -> list[tuple[Any, ...]]:
    """The arguments of every legal option of ``verb`` now, in the order offered."""
    game = _game()
    return [a.args for a in (game.parse_action(o) for o in opts(state)) if a.verb == verb]


def verbs(state: dict[str, Any]) -> set[str]:
    """The verbs of the legal options now."""
    game = _game()
    return {game.parse_action(o).verb for o in opts(state)}


def offered(state: dict[str, Any], verb: str) -> list[Any]:
    """The first argument of every legal option of ``verb`` now (the argument itself for one-argument verbs)."""
    return [args[0] for args in args_of(state, verb)]


def pairs(state: dict[str, Any], verb: str) -> set[tuple[Any, Any]]:
    """The (card, target) plays offered now as two decisions: ``verb`` with a card, then ``target``.

    Each first choice is tried on a copy of the state, so the state itself does not change.
    """
    out = set()
    for first in offered(state, verb):
        trial = copy.deepcopy(state)
        apply(trial, option_id(verb, first))
        for target in offered(trial, "target"):
            out.add((first, target))
    return out


def choose_pair(state: dict[str, Any], verb: str, first: Any, target: Any) -> None:
    """Play a (card, target) pair: ``verb`` with ``first``, then ``target``; both must be legal."""
    choose(state, option_id(verb, first))
    choose(state, option_id("target", target))


def refused_pair(state: dict[str, Any], verb: str, first: Any, target: Any) -> None:
    """The (card, target) pair cannot be played: either ``verb`` with ``first`` is refused, or, on a copy of the
    state where it was chosen, ``target`` is refused; the state itself does not change."""
    first_id = option_id(verb, first)
    if first_id not in opts(state):
        refused(state, first_id)
        return
    trial = copy.deepcopy(state)
    apply(trial, first_id)
    refused(trial, option_id("target", target))


def _game() -> Any:
    from cardsmith.core import get_game

    return get_game(GAME)


SKIPS = ("pass", "end", "done", "stop", "hide", "fight", "set_off", "start_scavenging")


def skip_to(
    state: dict[str, Any], want: str, limit: int = 80, log: list[dict[str, Any]] | None = None
) -> None:
    """Answer "pass", "end", "done", "stop", "hide", "fight", "set_off" or "start_scavenging" until a decision of
    kind ``want`` is pending.

    With ``log``, the events of the current step and of every step taken are appended to it.
    """
    if log is not None:
        log.extend(state["events"])
    for _ in range(limit):
        if kind(state) == want:
            return
        ids = opts(state)
        for oid in SKIPS:
            if oid in ids:
                apply(state, oid)
                if log is not None:
                    log.extend(state["events"])
                break
        else:
            raise AssertionError(f"stuck at {state['pending']['kind']}: {ids}")
    raise AssertionError(f"no {want!r} decision came")


def public(state: dict[str, Any]) -> dict[str, Any]:
    """The game's public view (what every player sees)."""
    return view(state, None)["public"]


def cell(state: dict[str, Any], p: int) -> dict[str, Any]:
    """A placed Location or Haven as the public view shows it: its cell, kind, Haven owner and whether destroyed."""
    for q, x, y, what, seat, dead in public(state)["cells"]:
        if q == p:
            return {"xy": [x, y], "kind": what, "seat": seat, "dead": dead}
    raise AssertionError(f"card {p} is not on the Field")


def phase(state: dict[str, Any]) -> str:
    return public(state)["phase"]


def stats(state: dict[str, Any], name: str, nth: int = 0) -> dict[str, int]:
    """A Character's current attributes (with Items), as its owner's view shows them."""
    c = cid(state, name, nth)
    mine = view(state, state["owner"][c])["private"]["chars"][str(c)]
    return {a: mine[a] for a in ("atk", "def", "mov", "cha", "nrg")}


def combat(state: dict[str, Any]) -> dict[str, Any] | None:
    """The combat in progress (physical or a duel) as every player sees it in the public view, or None."""
    return public(state)["combat"]


def steps_left(state: dict[str, Any]) -> int:
    """The steps a pending movement action has left, as its ``step_to`` labels tell the mover (AM-6.3)."""
    assert kind(state) == "step", kind(state)
    left = {
        int(m.group(1)) + 1
        for label in (o[1] for o in state["pending"]["options"] if o[0].startswith("step_to"))
        if (m := re.search(r"\((\d+) steps? left after it\)", label))
    }
    assert len(left) == 1, left
    return left.pop()

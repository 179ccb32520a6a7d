"""Helpers for the ``dbz`` scenario tests: build positions, find cards and options, check refusals.

Numbers used by the tests (from the packaged cards.toml):

    Kairo  L1 PUR 2, power 0,200,300,...,1100 (stage s: 100*s+100 for s >= 1)
           L2 PUR 3, power 0,1500,2000,...,6000     L3 PUR 4, power 0,10000,...,25000
    Vashna L1 PUR 1, power 0,400,600,...,2200 (stage s: 200*s+200)
           L2 PUR 2, power 0,2000,2600,...,7400     L3 PUR 3, power 0,9000,...,26000
    PAT rows: 0 | 1-500 | 501-900 | 901-2900 | 2901-9900 | 9901-14900 | 14901-24900 | above
"""

from __future__ import annotations

from typing import Any

from tests.support.scenario import build, ids, names, unchanged_after_refusal

from cardsmith.core import apply, get_game, option_id, view

GAME = "dbz"
FILLER = "Cobblestone Jab"


def position(
    zones: dict[str, list[str]] | None = None, options: dict[str, Any] | None = None, **setup: Any
) -> dict:
    """A ``dbz`` position. Life decks default to 10 filler cards each so no survival loss happens by accident.

    ``setup`` takes the scenario keys (mp, level, stage, anger, turn, active, first, step, declared, to_act,
    passes, fpa); ``step`` defaults to "noncombat" (Step 2 of turn 1, seat 0 active).
    """
    all_zones: dict[str, list[str]] = {"life:0": [FILLER] * 10, "life:1": [FILLER] * 10}
    all_zones.update(zones or {})
    setup.setdefault("step", "noncombat")
    return build(GAME, all_zones, setup, options)


def cid(state: dict[str, Any], zone: str, name: str, nth: int = 0) -> int:
    """The id of the ``nth`` card named ``name`` in ``zone`` (bottom first)."""
    found = [c for c in state["zones"][zone] if state["cards"][c] == name]
    if len(found) <= nth:
        raise AssertionError(f"no {name!r} #{nth} in {zone}: {names(state, zone)}")
    return found[nth]


def card_of(state: dict[str, Any], oid: str) -> tuple[str, str | None, int | None]:
    """(verb, card name, card id) of an option id: a card in hand is named by its title (no id), a drill in play
    by its card id; (verb, None, None) for an option that names no card."""
    action = get_game(GAME).parse_action(oid)
    verb = get_game(GAME).verb_table.by_name[action.verb]
    if verb.args and verb.args[0].name == "card":
        return action.verb, action.args[0], None
    if verb.args and verb.args[0].name == "drill":
        return action.verb, state["cards"][action.args[0]], action.args[0]
    return action.verb, None, None


def option_cards(state: dict[str, Any], verb: str | None = None) -> set[str]:
    """The names of the cards the legal options (of ``verb``, if given) name."""
    out = set()
    for oid in ids(state):
        head, name, _ = card_of(state, oid)
        if name is not None and (verb is None or head == verb):
            out.add(name)
    return out


def opt(state: dict[str, Any], verb: str, zone: str | None = None, name: str | None = None) -> str:
    """The legal option of ``verb`` whose card is named ``name`` (and lies in ``zone`` if given), or ``verb``."""
    for oid in ids(state):
        head, title, c = card_of(state, oid)
        if head != verb:
            continue
        if name is None:
            return oid
        if title != name:
            continue
        if zone is None or (c in state["zones"][zone] if c is not None else name in names(state, zone)):
            return oid
    raise AssertionError(f"no legal {verb!r} option for {name!r}; legal: {ids(state)}")


def has(state: dict[str, Any], verb: str, name: str | None = None, zone: str | None = None) -> bool:
    """Whether :func:`opt` would find a legal option."""
    try:
        opt(state, verb, zone, name)
    except AssertionError:
        return False
    return True


def do(state: dict[str, Any], verb: str, name: str | None = None, zone: str | None = None) -> None:
    """Apply the option found by :func:`opt`."""
    apply(state, opt(state, verb, zone, name))


def refused(state: dict[str, Any], option_id: str) -> bool:
    """``option_id`` is not legal now, and applying it is refused with the state unchanged."""
    return option_id not in ids(state) and unchanged_after_refusal(state, option_id)


def play_id(state: dict[str, Any], seat: int, name: str, verb: str = "play") -> str:
    """The option id that would play the card ``name`` from ``seat``'s hand (legal or not); the card must be there."""
    cid(state, f"hand:{seat}", name)
    return option_id(verb, name)


def drill_id(state: dict[str, Any], seat: int, name: str, verb: str) -> str:
    """The option id of ``verb`` naming the first drill ``name`` in ``seat``'s drill area (legal or not)."""
    return option_id(verb, cid(state, f"drills:{seat}", name))


def colour_id(state: dict[str, Any], colour: str) -> str:
    """The option id that keeps the drills of ``colour`` (DBZ-8.18), by its place in the game's colour words."""
    words = get_game(GAME).colour_words(state["options"])
    return option_id("keep_colour", words.index(colour))


def deciding(state: dict[str, Any]) -> tuple[int, str]:
    """(seat, kind) of the pending decision."""
    return state["pending"]["seat"], state["pending"]["kind"]


def drills(state: dict[str, Any], seat: int) -> list[str]:
    """The titles in a seat's drill area, in the order they entered play."""
    return names(state, f"drills:{seat}")


# ----- what every seat sees of the duel (the public view): the checks read these, never the private state


def public(state: dict[str, Any]) -> dict[str, Any]:
    """The game's public view (what a spectator sees)."""
    return view(state, None)["public"]


def mps(state: dict[str, Any]) -> list[str]:
    """The Main Personality of each seat (DBZ-1.2)."""
    return [p["mp"] for p in public(state)["seats"]]


def levels(state: dict[str, Any]) -> list[int]:
    """The level of each MP (DBZ-1.5)."""
    return [p["level"] for p in public(state)["seats"]]


def stages(state: dict[str, Any]) -> list[int]:
    """The power stage of each MP (DBZ-1.5)."""
    return [p["stage"] for p in public(state)["seats"]]


def angers(state: dict[str, Any]) -> list[int]:
    """The anger of each MP (DBZ-1.5)."""
    return [p["anger"] for p in public(state)["seats"]]


def combat(state: dict[str, Any]) -> dict[str, Any] | None:
    """The combat in progress as every seat sees it, or None."""
    return public(state)["combat"]


def phase(state: dict[str, Any]) -> str:
    """The step of the turn (DBZ-3.2)."""
    return public(state)["phase"]


def active(state: dict[str, Any]) -> int:
    """The active player (DBZ-3.1)."""
    return public(state)["active"]


def first_player(state: dict[str, Any]) -> int:
    """The first player (DBZ-3.1)."""
    return public(state)["first"]


def used_drills(state: dict[str, Any]) -> list[int]:
    """The drills in play shown as having used their once-per-turn or once-per-combat power (DBZ-11.14)."""
    return [d["id"] for p in public(state)["seats"] for d in p["drills"] if d["used"]]

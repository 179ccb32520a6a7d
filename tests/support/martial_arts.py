"""Positions and checks shared by the Martial Arts scenario tests."""

from __future__ import annotations

from typing import Any

from tests.support.scenario import build, ids, names, unchanged_after_refusal

from cardsmith.core import apply, get_game, view
from cardsmith.core.actions import Action

GAME = "martial-arts"
TIGER_DECK = ["Tiger Paw Jab", "Tiger Paw Jab", "Tiger Paw Jab"]
CRANE_DECK = ["Crane Beak Tap", "Crane Beak Tap", "Crane Beak Tap"]


def fight(
    hand0: list[str],
    hand1: list[str],
    zones: dict[str, list[str]] | None = None,
    **setup: Any,
) -> dict[str, Any]:
    """Turn 1, seat 0 attacking, starting at the beginning of Attack 1 unless ``phase`` says otherwise.

    Both decks hold a few cards so that nothing about empty decks (stall, Sudden Death) comes into play.
    """
    all_zones = {"hand:0": hand0, "hand:1": hand1, "deck:0": list(TIGER_DECK), "deck:1": list(CRANE_DECK)}
    all_zones.update(zones or {})
    setup.setdefault("phase", "attack1")
    return build(GAME, all_zones, setup)


def public(state: dict[str, Any]) -> dict[str, Any]:
    """What every seat sees of the game's counters (life, ADR, boosts, phase, attacker, the sequence)."""
    return view(state, None)["public"]


def starting_seat(state: dict[str, Any]) -> int:
    """The seat the last step announced as attacking first (MA-2.9, MA-2.14)."""
    (seat,) = [e["seat"] for e in view(state, None)["events"] if e["t"] == "start"]
    return seat


def cid(state: dict[str, Any], zone: str, name: str) -> int:
    """The id of a card named ``name`` lying in ``zone``."""
    for c in state["zones"][zone]:
        if state["cards"][c] == name:
            return c
    raise AssertionError(f"no {name!r} in {zone}: {names(state, zone)}")


def refused(state: dict[str, Any], option_id: str) -> None:
    """``option_id`` is not legal now, and applying it is refused without changing anything."""
    assert option_id not in ids(state)
    assert unchanged_after_refusal(state, option_id)


def actions(state: dict[str, Any]) -> list[Action]:
    """The legal options now, parsed into typed actions (verb and arguments)."""
    game = get_game(GAME)
    return [game.parse_action(o) for o in ids(state)]


def verbs(state: dict[str, Any]) -> set[str]:
    """The verbs of the legal options now."""
    return {a.verb for a in actions(state)}


def card_names_of(state: dict[str, Any], verb: str) -> set[str]:
    """The card names the legal options of ``verb`` name (options name a card in hand by what it is)."""
    return {a.args[0] for a in actions(state) if a.verb == verb}


def attack_names(state: dict[str, Any]) -> set[str]:
    """The names of the cards the pending move decision offers as attacks."""
    return card_names_of(state, "attack")


def block_names(state: dict[str, Any]) -> set[str]:
    return card_names_of(state, "block")


def option_for(state: dict[str, Any], verb: str, card_name: str | None = None) -> str:
    """The id of the legal option ``verb`` (e.g. "pass"), or of ``verb`` naming the card ``card_name``."""
    for action in actions(state):
        if action.verb == verb and (card_name is None or action.args == (card_name,)):
            return action.id
    raise AssertionError(f"no legal {verb!r} option for {card_name!r}; legal: {ids(state)}")


def has_option(state: dict[str, Any], verb: str, card_name: str | None = None) -> bool:
    """Whether ``option_for`` would find an option."""
    try:
        option_for(state, verb, card_name)
    except AssertionError:
        return False
    return True


def do(state: dict[str, Any], verb: str, card_name: str | None = None) -> None:
    """Apply the option found by :func:`option_for`."""
    apply(state, option_for(state, verb, card_name))


def pending(state: dict[str, Any]) -> tuple[int, str]:
    """(seat, kind) of the pending decision."""
    return state["pending"]["seat"], state["pending"]["kind"]


def deciding(state: dict[str, Any]) -> tuple[int, str, str]:
    """(seat, kind, phase) of the pending decision."""
    return state["pending"]["seat"], state["pending"]["kind"], public(state)["phase"]


def action_of(option_id: str) -> Action:
    """The typed action (verb and arguments) an option id names."""
    return get_game(GAME).parse_action(option_id)


def pass_windows(state: dict[str, Any], count: int) -> None:
    """Pass ``count`` Prep or Resolve windows in a row; each is asked even when passing is all it offers (MA-4.11)."""
    for _ in range(count):
        assert state["pending"]["kind"] == "window", state["pending"]
        apply(state, "pass")

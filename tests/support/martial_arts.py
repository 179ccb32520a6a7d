"""Positions and checks shared by the Martial Arts scenario tests."""

from __future__ import annotations

from typing import Any

from tests.support.scenario import build, ids, names, unchanged_after_refusal

GAME = "martial-arts"
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


def attack_names(state: dict[str, Any]) -> set[str]:
    """The names of the cards the pending move decision offers as attacks."""
    return {state["cards"][int(o.split(":")[1])] for o in ids(state) if o.startswith("attack:")}


def block_names(state: dict[str, Any]) -> set[str]:
    return {state["cards"][int(o.split(":")[1])] for o in ids(state) if o.startswith("block:")}


def pending(state: dict[str, Any]) -> tuple[int, str]:
    """(seat, kind) of the pending decision."""
    return state["pending"]["seat"], state["pending"]["kind"]


def deciding(state: dict[str, Any]) -> tuple[int, str, str]:
    """(seat, kind, phase) of the pending decision."""
    return state["pending"]["seat"], state["pending"]["kind"], state["g"]["phase"]

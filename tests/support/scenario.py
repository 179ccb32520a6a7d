"""Helpers for scenario tests: build a position, read the legal options, check a refusal."""

from __future__ import annotations

from typing import Any

from cardsmith.core import apply, state_hash
from cardsmith.core.scenario import state_from_scenario


def build(
    game: str,
    zones: dict[str, list[str]],
    setup: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
    players: int | None = None,
    seed: int = 0,
    answers: list[str] | None = None,
) -> dict[str, Any]:
    """The state of a scenario given as Python data (same keys as a scenario file)."""
    data: dict[str, Any] = {"game": game, "seed": seed, "zones": zones}
    if answers is not None:
        data["answers"] = answers
    if players is not None:
        data["players"] = players
    if setup:
        data["setup"] = setup
    if options:
        data["options"] = options
    return state_from_scenario(data)


def ids(state: dict[str, Any]) -> list[str]:
    """The legal option ids now."""
    return [o[0] for o in state["pending"]["options"]]


def labels(state: dict[str, Any]) -> list[str]:
    """The legal option labels now."""
    return [o[1] for o in state["pending"]["options"]]


def names(state: dict[str, Any], zone: str) -> list[str]:
    """The card names in a zone, bottom first."""
    return [state["cards"][c] for c in state["zones"][zone]]


def unchanged_after_refusal(state: dict[str, Any], option_id: Any) -> bool:
    """Apply an option that must be refused; True if it raised and the state hash did not change."""
    from cardsmith.core import IllegalAction

    before = state_hash(state)
    try:
        apply(state, option_id)
    except IllegalAction:
        return state_hash(state) == before
    return False

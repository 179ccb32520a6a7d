"""Playing one game to the end with a set of agents."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..agents.base import Agent
from ..core.decision import CHANCE
from ..core.engine import apply, resolve_chance
from ..core.observe import Observation
from ..core.registry import get_game
from ..core.state import State


class DecisionLimitExceeded(RuntimeError):
    """A game ran past the decision bound its rules declare."""


def play(
    state: State,
    agents: Sequence[Agent],
    *,
    on_step: Callable[[State, str], None] | None = None,
    limit: int | None = None,
) -> list[str]:
    """Play ``state`` to the end in place. Returns every applied option id (chance outcomes included), in order.

    Each agent is given an :class:`Observation` with the game's history so far. ``on_step(state, option_id)`` is
    called after each applied option. ``limit`` defaults to the game's declared
    decision bound; passing it raises :class:`DecisionLimitExceeded`.
    """
    if limit is None:
        limit = get_game(state["game"]).max_decisions(state["options"], state["players"])
    actions: list[str] = []
    history: list[list[dict[str, Any]]] = [state["events"]]  # each step's events, redacted per seat on demand
    while state["pending"] is not None:
        if len(actions) >= limit:
            raise DecisionLimitExceeded(f"{state['game']}: no result after {limit} decisions")
        seat = state["pending"]["seat"]
        if seat == CHANCE:
            option_id = resolve_chance(state)
        else:
            option_id = agents[seat].choose(Observation(state, history))
            apply(state, option_id)
        history.append(state["events"])
        actions.append(option_id)
        if on_step is not None:
            on_step(state, option_id)
    return actions

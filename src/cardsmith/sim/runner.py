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

    Each agent is given an :class:`Observation`; it holds the game's history so far when an agent declares
    ``reads_history = True`` (otherwise only the last step's events). ``on_step(state, option_id)`` is called
    after each applied option. ``limit`` defaults to the game's declared
    decision bound; passing it raises :class:`DecisionLimitExceeded`.
    """
    if limit is None:
        limit = get_game(state["game"]).max_decisions(state["options"], state["players"])
    actions: list[str] = []
    # Each step's events, redacted per seat on demand: kept only for agents that read the history, since holding
    # every event of a game costs a long simulation time.
    history: list[list[dict[str, Any]]] | None = (
        [state["events"]] if any(getattr(a, "reads_history", False) for a in agents) else None
    )
    while state["pending"] is not None:
        if len(actions) >= limit:
            raise DecisionLimitExceeded(f"{state['game']}: no result after {limit} decisions")
        seat = state["pending"]["seat"]
        if seat == CHANCE:
            option_id = resolve_chance(state)
        else:
            option_id = agents[seat].choose(Observation(state, history))
            apply(state, option_id)
        if history is not None:
            history.append(state["events"])
        actions.append(option_id)
        if on_step is not None:
            on_step(state, option_id)
    return actions

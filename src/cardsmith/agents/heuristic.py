"""The heuristic agent: the game's own rules of thumb (``Game.heuristic``), with a seeded generator for ties."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..core.game import Game
from ..core.observe import Observation
from .base import AgentError, SeededAgent


class NoHeuristic(AgentError):
    """The game declares no heuristic (or no evaluation) for the agent that needs it."""


def game_heuristic(game: Game) -> Callable[[Observation, random.Random], str] | None:
    """The game's heuristic, ``heuristic(observation, rng) -> option id``, or None when it declares none."""
    return getattr(type(game), "heuristic", None)


def game_evaluate(game: Game) -> Callable[[Any, int], float] | None:
    """The game's evaluation, ``evaluate(observation_or_view, seat) -> float``, or None when it declares none."""
    return getattr(type(game), "evaluate", None)


def game_remember(game: Game) -> Callable[[Any, Any, dict[str, Any]], Any] | None:
    """The game's memory of the public history, ``remember(memory, events, options) -> memory``, or None."""
    return getattr(type(game), "remember", None)


def game_searched(game: Game) -> Callable[[Observation], bool] | None:
    """The game's selective-search hook, ``searched(observation) -> bool``: whether a decision is worth a search
    (IS-MCTS lets the heuristic take the others), or None when it declares none (every decision is searched). Like
    the heuristic it is a plain function kept on the game's class and reads nothing but the observation."""
    return getattr(type(game), "searched", None)


class HeuristicAgent(SeededAgent):
    """Plays the game's declared heuristic. Same seed, same choices."""

    name = "heuristic"
    stream = "cardsmith-heuristic"

    def choose(self, turn: Observation) -> str:
        """The heuristic's choice for this observation."""
        game = turn.game
        rule = game_heuristic(game)
        if rule is None:
            raise NoHeuristic(f"{game.id} declares no heuristic, so it has no heuristic agent")
        ids = turn.option_ids
        if len(ids) == 1:
            return ids[0]
        choice = rule(turn, self._rng)
        if choice not in ids:
            raise NoHeuristic(f"{game.id}'s heuristic chose {choice!r}, which is not a legal option")
        return choice

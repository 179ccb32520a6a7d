"""What every game's rules of thumb share: reading the view out of an observation, answering a decision by its
kind, the value of a finished game and the logistic that turns a score into a chance.

A game's ``heuristic.py`` writes a rule per kind of decision, ``rule(view, seat, options) -> option id``, and hands
them to :func:`choose_by_kind`; its ``evaluate`` returns :func:`outcome` for a finished game and otherwise
:func:`logistic` of its own score. All of these read only what an :class:`~cardsmith.core.observe.Observation`
holds.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

Rule = Callable[[dict[str, Any], int, Sequence[Any]], str]
"""A rule of thumb for one kind of decision: ``rule(view, seat, options) -> option id``."""


def view_of(turn_or_view: Any) -> dict[str, Any]:
    """The view itself, given an observation or a view."""
    return turn_or_view if isinstance(turn_or_view, Mapping) else turn_or_view.view


def choose_by_kind(turn: Any, rng: random.Random, rules: Mapping[str, Rule]) -> str:
    """The option id the rule for the decision's kind picks: the only option when there is one, and a seeded
    random option for a kind no rule covers."""
    options = turn.decision.options
    if len(options) == 1:
        return options[0].id
    rule = rules.get(turn.decision.kind)
    if rule is None:
        return options[rng.randrange(len(options))].id
    return rule(turn.view, turn.seat, list(options))


def outcome(view: dict[str, Any], seat: int) -> float | None:
    """The value of a finished game for ``seat`` as search scores it (1 a win, 0.5 a draw, 0 a loss), or None
    while the game goes on."""
    result = view.get("result")
    if not result:
        return None
    if result.get("draw"):
        return 0.5
    return 1.0 if seat in result.get("winners", ()) else 0.0


def logistic(score: float) -> float:
    """A score (positive: ahead) as a chance in (0, 1)."""
    return 1.0 / (1.0 + math.exp(-score))

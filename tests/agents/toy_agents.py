"""A toy game that declares a heuristic and an evaluation (test-only), for the agents' tests."""

from __future__ import annotations

import random
from typing import Any

from tests.support.toy import ToyGame

from cardsmith.core.heuristics import view_of


def toy_heuristic(turn: Any, rng: random.Random) -> str:
    """Play the highest card in hand face up; draw when the hand is empty. Reads only the view and options."""
    best, best_value = None, -1
    for option in turn.decision.options:
        if option.verb == "up":
            value = int(
                dict((e[0], e[1]) for e in turn.view["zones"][f"hand:{turn.seat}"] if e)[option.args[0]]
            )
            if value > best_value or (value == best_value and rng.random() < 0.5):
                best, best_value = option.id, value
    return best if best is not None else "draw"


def toy_evaluate(view: Any, seat: int) -> float:
    """The share of the face-up total that is ``seat``'s."""
    view = view_of(view)
    totals = [
        sum(
            int(e[1])
            for e in view["zones"][f"table:{s}"]
            if e is not None and e[0] is not None and len(e) == 2
        )
        for s in range(view["players"])
    ]
    return (totals[seat] + 1) / (sum(totals) + len(totals))


class HeuristicToy(ToyGame):
    id = "toy-heuristic"
    name = "Toy with a heuristic"
    heuristic = staticmethod(toy_heuristic)
    evaluate = staticmethod(toy_evaluate)

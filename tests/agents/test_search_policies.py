"""IS-MCTS's use of the game's heuristic: rollouts with a share of random decisions (``epsilon``) and progressive
bias towards the heuristic's choice in selection (``bias``), checked by what the agent chooses and by which of the
game's policies it consults."""

from __future__ import annotations

import random

from tests.support.playouts import decisions

from cardsmith import core
from cardsmith.agents import IsmctsAgent, Observation
from cardsmith.core.registry import get_game

GAME = "martial-arts"


def _positions(count: int) -> list[dict]:
    """Martial-arts positions from seeded random playouts, each with a choice of two options or more."""
    found = [core.clone(s) for s in decisions(GAME, 2, range(4), 40) if len(s["pending"]["options"]) > 1]
    return found[::3][:count]


def _heuristic_choice(state: dict) -> str | None:
    """The heuristic's choice at ``state`` when its rules of thumb decide it (the same for any generator)."""
    rule = type(get_game(GAME)).heuristic
    picks = {rule(Observation(core.clone(state)), random.Random(seed)) for seed in range(3)}
    return picks.pop() if len(picks) == 1 else None


def test_ismcts_with_a_strong_bias_plays_the_heuristics_choice():
    positions = [(s, _heuristic_choice(s)) for s in _positions(10)]
    positions = [(s, pick) for s, pick in positions if pick is not None]
    assert len(positions) >= 6
    plain = {"iterations": 30, "rollout": "random", "expand": "random"}
    biased = [IsmctsAgent(3, bias=100.0, **plain).choose(Observation(core.clone(s))) for s, _ in positions]
    assert biased == [pick for _, pick in positions]
    unbiased = [IsmctsAgent(3, bias=0.0, **plain).choose(Observation(core.clone(s))) for s, _ in positions]
    assert unbiased != biased, "without the bias the search should differ from the heuristic somewhere"


def test_ismcts_epsilon_is_the_share_of_rollout_decisions_the_heuristic_does_not_take(monkeypatch):
    game = get_game(GAME)
    rule = type(game).heuristic
    calls = [0]

    def counted(turn, rng):
        calls[0] += 1
        return rule(turn, rng)

    monkeypatch.setattr(type(game), "heuristic", staticmethod(counted))
    state = _positions(1)[0]
    asked = {}
    for epsilon in (0.0, 0.5, 1.0):
        calls[0] = 0
        agent = IsmctsAgent(1, iterations=20, rollout="heuristic", expand="random", epsilon=epsilon)
        agent.choose(Observation(core.clone(state)))
        asked[epsilon] = calls[0]
    assert asked[0.0] >= 20  # every rollout asks the heuristic at least once
    assert asked[0.0] > asked[0.5] > asked[1.0] == 0


def test_ismcts_with_noisy_rollouts_and_bias_is_deterministic_for_a_seed():
    params = {"iterations": 40, "rollout": "heuristic", "expand": "heuristic", "epsilon": 0.5, "bias": 1.0}
    for state in _positions(3):
        runs = [IsmctsAgent(7, **params).choose(Observation(core.clone(state))) for _ in range(2)]
        assert runs[0] == runs[1] and runs[0] in core.legal_ids(state)

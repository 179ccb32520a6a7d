"""IS-MCTS's selective search: a game that declares ``searched(observation) -> bool`` has only the decisions it names
searched; the others are the heuristic's, at the root and on the way down the tree. Checked by what the agent
chooses and how many iterations it spends."""

from __future__ import annotations

import random

import pytest
import tests.support.toy  # noqa: F401  (registers the test-only toy game)
from tests.support.playouts import decisions
from tests.support.toy import TOY

from cardsmith import core
from cardsmith.agents import AgentError, IsmctsAgent, Observation
from cardsmith.core.registry import get_game
from cardsmith.games.ani_mayhem.heuristic import SEARCHED_KINDS


def _heuristic_playout(game_id: str, seed: int, steps: int) -> list[dict]:
    """The positions with a choice of two options or more of a heuristic self-play game, up to ``steps`` decisions."""
    game = get_game(game_id)
    rule = type(game).heuristic
    state = core.new_game(game, 2, seed)
    rng = random.Random(seed)
    found = []
    for _ in range(steps):
        pending = state["pending"]
        if pending is None:
            break
        if pending["seat"] == core.CHANCE:
            core.apply(state, core.sample_chance(state))
            continue
        if len(pending["options"]) > 1:
            found.append(core.clone(state))
        core.apply(state, rule(Observation(state, borrowed=True), rng))
    return found


def _heuristic_choice(game_id: str, state: dict) -> str | None:
    """The heuristic's choice at ``state`` when its rules of thumb decide it (the same for any generator)."""
    rule = type(get_game(game_id)).heuristic
    picks = {rule(Observation(core.clone(state)), random.Random(seed)) for seed in range(3)}
    return picks.pop() if len(picks) == 1 else None


def test_ani_mayhem_searches_moves_scavenges_and_fights_and_leaves_the_rest_to_its_heuristic():
    positions = _heuristic_playout("ani-mayhem", 3, 400)
    small = [
        s
        for s in positions
        if Observation(s).decision.kind not in SEARCHED_KINDS
        and _heuristic_choice("ani-mayhem", s) is not None
    ][::8][:8]
    large = [s for s in positions if Observation(s).decision.kind in SEARCHED_KINDS][:2]
    assert len(small) == 8 and len(large) == 2
    for state in small:
        agent = IsmctsAgent(5, iterations=50, depth=10)
        choice = agent.choose(Observation(core.clone(state)))
        assert choice == _heuristic_choice("ani-mayhem", state)
        assert agent.last_iterations == 0
    for state in large:
        agent = IsmctsAgent(5, iterations=4, depth=4)
        assert agent.choose(Observation(core.clone(state))) in Observation(state).option_ids
        assert agent.last_iterations == 4


def test_a_game_that_searches_nothing_plays_its_heuristic(monkeypatch):
    game = get_game("martial-arts")
    monkeypatch.setattr(type(game), "searched", staticmethod(lambda turn: False), raising=False)
    positions = [
        core.clone(s) for s in decisions("martial-arts", 2, range(2), 30) if len(s["pending"]["options"]) > 1
    ]
    positions = [(s, _heuristic_choice("martial-arts", s)) for s in positions[::2]]
    positions = [(s, pick) for s, pick in positions if pick is not None][:6]
    assert len(positions) == 6
    for state, pick in positions:
        agent = IsmctsAgent(2, iterations=30)
        assert agent.choose(Observation(core.clone(state))) == pick
        assert agent.last_iterations == 0


def test_a_game_that_names_searched_decisions_needs_a_heuristic_for_the_rest(monkeypatch):
    monkeypatch.setattr(type(TOY), "searched", staticmethod(lambda turn: False), raising=False)
    state = next(s for s in decisions("toy", 2, range(1), 10) if len(s["pending"]["options"]) > 1)
    with pytest.raises(AgentError, match="toy names the decisions worth a search but declares no heuristic"):
        IsmctsAgent(0, iterations=2).choose(Observation(state))

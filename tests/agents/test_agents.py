"""The agents: building them by name and spec, the heuristic dispatch, and IS-MCTS's budget, determinism and
strength on the toy game."""

from __future__ import annotations

import pytest
from tests.support.playouts import decisions
from tests.support.toy import TOY

from cardsmith import core
from cardsmith.agents import (
    AGENT_NAMES,
    AgentError,
    HeuristicAgent,
    IsmctsAgent,
    NoHeuristic,
    Observation,
    RandomAgent,
    Turn,
    agent_from_spec,
    make_agent,
    parse_seats,
    parse_spec,
)
from cardsmith.agents.factory import check_agent_for_game
from cardsmith.core.registry import get_game
from cardsmith.sim.runner import play

from .toy_agents import HeuristicToy


@pytest.fixture
def htoy(registered):
    return registered(HeuristicToy())


def _decision_state(game, seed=1, players=2):
    state = core.new_game(game, players, seed)
    core.resolve_chance(state)
    return state


def test_turn_is_the_observation_and_leads_nowhere_near_the_state():
    assert Turn is Observation
    state = _decision_state(TOY)
    obs = Observation(state)
    assert obs.seat == state["pending"]["seat"]
    assert obs.option_ids == core.legal_ids(state)
    assert obs.decision.ids == obs.option_ids and obs.decision.options[0].verb
    assert obs.option_count == len(obs.option_ids)
    assert [obs.option_id(i) for i in range(obs.option_count)] == obs.option_ids
    assert obs.view == core.view(state, obs.seat)
    public = [name for name in dir(obs) if not name.startswith("_")]
    for name in public:
        value = getattr(obs, name)
        assert value is not state and value is not state["g"] and value is not state["zones"]
    assert not hasattr(obs, "__dict__"), "an observation takes no new attributes"


def test_the_history_is_every_event_the_seat_saw_and_no_later_one():
    state = core.new_game(TOY, 2, 3)
    kept = []

    class Keeper(RandomAgent):
        reads_history = True

        def choose(self, turn):
            kept.append(turn)  # the history is read only after the game
            return super().choose(turn)

    play(state, [Keeper(0), Keeper(1)])
    lengths = [len(turn.history) for turn in kept]
    assert lengths[0] > 0
    assert lengths == sorted(lengths) and lengths[0] < lengths[-1], "a history shows later events"
    moves = [e for e in kept[-1].history if e["t"] == "move"]
    assert all(e["card"] is None or e["name"] is not None for e in moves)
    other_draws = [e for e in moves if e["card"] is None]
    assert other_draws, "the other seat's draws are in the history, without their cards"
    kept.clear()
    play(core.new_game(TOY, 2, 3), [RandomAgent(0), Keeper(1)])  # one agent that reads it is enough
    assert len(kept[-1].history) > len(kept[0].history)


def test_make_agent_builds_every_agent_with_parameters():
    assert AGENT_NAMES == ("heuristic", "human", "ismcts", "random")
    assert isinstance(make_agent("random", 0, 1), RandomAgent)
    assert isinstance(make_agent("heuristic", 0, 1), HeuristicAgent)
    agent = make_agent(
        "ismcts",
        0,
        1,
        iterations=12,
        c=0.3,
        rollout="heuristic",
        depth=5,
        expand="heuristic",
        epsilon=0.1,
        bias=0.5,
    )
    assert isinstance(agent, IsmctsAgent)
    settings = agent.settings(get_game("martial-arts"))
    assert settings == (12, None, 0.3, "heuristic", 5, "heuristic", 0.1, 0.5)
    with pytest.raises(AgentError, match="has no parameter 'iterations'"):
        make_agent("random", 0, 1, iterations=3)
    with pytest.raises(AgentError, match="iterations must be from 1"):
        make_agent("ismcts", 0, 1, iterations=0)
    with pytest.raises(AgentError, match="iterations or think, not both"):
        make_agent("ismcts", 0, 1, iterations=3, think=1.0)
    with pytest.raises(AgentError, match="rollout must be random or heuristic"):
        make_agent("ismcts", 0, 1, rollout="smart")
    with pytest.raises(AgentError, match="expand must be random or heuristic"):
        make_agent("ismcts", 0, 1, expand="smart")
    with pytest.raises(AgentError, match="epsilon must be from 0 to 1"):
        make_agent("ismcts", 0, 1, epsilon=1.5)
    with pytest.raises(AgentError, match="bias must be from 0 to 100"):
        make_agent("ismcts", 0, 1, bias=-1.0)


def test_agent_specs_on_the_command_line():
    assert parse_spec("ismcts:iterations=200:c=0.5") == ("ismcts", {"iterations": 200, "c": 0.5})
    assert parse_seats("human, ismcts:think=0.5") == ["human", "ismcts:think=0.5"]
    assert isinstance(agent_from_spec("ismcts:iterations=3", 1, "s"), IsmctsAgent)
    for bad, message in [
        ("ismcts:iterations", "key=value"),
        ("ismcts:iterations=abc", "must be int"),
        ("ismcts:iterations=2:iterations=3", "twice"),
        ("ismcts:think=-1", "think must be more than 0"),
        ("robot", "unknown agent 'robot'"),
        ("ismcts:c=nan", "must be a number"),
    ]:
        with pytest.raises(AgentError, match=message):
            parse_seats(f"random,{bad}")


def test_heuristic_agent_plays_the_games_heuristic(htoy):
    state = _decision_state(htoy)
    obs = Observation(state)
    choice = HeuristicAgent(0).choose(obs)
    hand = {e[0]: int(e[1]) for e in obs.view["zones"][f"hand:{obs.seat}"] if e}
    assert choice == f"up:{max(hand, key=lambda c: (hand[c], -c))}" or int(choice[3:]) in hand
    assert hand[int(choice[3:])] == max(hand.values())


def test_a_game_without_a_heuristic_has_no_heuristic_agent():
    state = _decision_state(TOY)
    with pytest.raises(
        NoHeuristic, match=r"^toy declares no heuristic, so it has no heuristic agent$"
    ) as info:
        HeuristicAgent(0).choose(Observation(state))
    assert isinstance(info.value, AgentError)
    with pytest.raises(AgentError, match="toy declares no heuristic"):
        IsmctsAgent(0, iterations=2, rollout="heuristic").choose(Observation(state))
    with pytest.raises(AgentError, match="toy declares no heuristic"):
        check_agent_for_game("heuristic", TOY)
    check_agent_for_game("ismcts:iterations=5", TOY)


def test_ismcts_with_fixed_iterations_is_deterministic_for_a_seed():
    state = _decision_state(TOY, seed=4)
    runs = [IsmctsAgent(7, iterations=40).choose(Observation(core.clone(state))) for _ in range(2)]
    assert runs[0] == runs[1] and runs[0] in core.legal_ids(state)
    games = []
    for _ in range(2):
        s = core.new_game(TOY, 2, 9)
        games.append(play(s, [IsmctsAgent(1, iterations=15), RandomAgent(2)]))
    assert games[0] == games[1]


def test_ismcts_stops_early_only_when_the_rest_of_its_budget_cannot_change_its_choice(monkeypatch):
    from cardsmith.agents import ismcts

    game = get_game("martial-arts")
    positions = [
        core.clone(s) for s in decisions(game.id, 2, range(3), 40) if len(s["pending"]["options"]) > 1
    ][::3][:8]
    assert len(positions) == 8
    early = [IsmctsAgent(5, iterations=100) for _ in positions]
    chosen = [a.choose(Observation(core.clone(s))) for a, s in zip(early, positions, strict=True)]
    assert any(a.last_iterations < 100 for a in early)  # the budget was cut somewhere
    monkeypatch.setattr(ismcts, "_SETTLED_EVERY", 10**9)  # never look: always the whole budget
    whole = [IsmctsAgent(5, iterations=100).choose(Observation(core.clone(s))) for s in positions]
    assert chosen == whole


def test_ismcts_thinks_for_the_time_it_is_given():
    state = _decision_state(TOY, seed=4)
    agent = IsmctsAgent(0, think=0.05)
    assert agent.choose(Observation(state)) in core.legal_ids(state)
    assert agent.last_iterations >= 1


def _wins(game, agents, games, seed):
    wins = 0
    for i in range(games):
        seats = agents if i % 2 == 0 else agents[::-1]
        me = 0 if i % 2 == 0 else 1
        state = core.new_game(game, 2, f"{seed}/{i}")
        built = [make_agent(name, s, f"{seed}/{i}/{s}", **params) for s, (name, params) in enumerate(seats)]
        play(state, built)
        wins += me in state["result"]["winners"]
    return wins


def test_ismcts_beats_random_on_the_toy():
    wins = _wins(TOY, [("ismcts", {"iterations": 60}), ("random", {})], 16, "strength")
    assert wins >= 12, f"ismcts won {wins} of 16 against random"


def test_ismcts_rolls_out_with_the_heuristic_and_scores_truncated_rollouts_with_evaluate(htoy):
    wins = _wins(
        htoy, [("ismcts", {"iterations": 40, "rollout": "heuristic", "depth": 4}), ("random", {})], 12, "h"
    )
    assert wins >= 9, f"ismcts won {wins} of 12 against random"


def test_ismcts_rejects_a_sampled_world_that_proves_impossible(monkeypatch):
    """The options a seat is shown may rest on facts it cannot see; a re-deal can break them, and a decision of
    the sampled world then offers nothing. Such a world is rejected (and its traces in the tree taken back)."""
    import cardsmith.agents.ismcts as ismcts_module

    real = ismcts_module.sample_world
    calls = []

    def every_other_impossible(observation, rng):
        world = real(observation, rng)
        calls.append(1)
        if len(calls) % 2:
            world["pending"] = {**world["pending"], "options": []}
        return world

    monkeypatch.setattr(ismcts_module, "sample_world", every_other_impossible)
    monkeypatch.setattr(ismcts_module, "_SETTLED_EVERY", 10**9)  # the whole budget, however settled
    state = _decision_state(TOY, seed=4)
    agent = IsmctsAgent(3, iterations=20)
    assert agent.choose(Observation(state)) in core.legal_ids(state)
    assert agent.rejected == 20 and len(calls) == 40

    def never_possible(observation, rng):
        world = real(observation, rng)
        world["pending"] = {**world["pending"], "options": []}
        return world

    monkeypatch.setattr(ismcts_module, "sample_world", never_possible)
    with pytest.raises(AgentError, match="sampled worlds in a row were impossible"):
        IsmctsAgent(3, iterations=2).choose(Observation(state))


def test_ismcts_takes_the_games_declared_search_defaults_and_its_own_parameters_win(monkeypatch):
    game = get_game("martial-arts")
    monkeypatch.setattr(
        type(game), "search", {"iterations": 7, "rollout": "heuristic", "c": 0.2, "epsilon": 0.3, "bias": 2.0}
    )
    assert IsmctsAgent(0).settings(game) == (7, None, 0.2, "heuristic", 20, "random", 0.3, 2.0)
    # a budget is taken whole: think given to the agent replaces the declared iterations
    assert IsmctsAgent(0, think=0.5, c=1.0, bias=0.0).settings(game) == (
        None,
        0.5,
        1.0,
        "heuristic",
        20,
        "random",
        0.3,
        0.0,
    )
    monkeypatch.setattr(type(game), "search", {})
    assert IsmctsAgent(0).settings(game) == (200, None, 0.7, "random", 20, "random", 0.0, 0.0)

"""The research environments pass PettingZoo's and Gymnasium's own checks for every registered game.

PettingZoo's ``api_test`` and ``seed_test`` run at each game's smallest and largest table; ``seed_test`` plays
``SEED_CYCLES`` cycles (its default is 500) to keep the suite within its time budget. Gymnasium's ``check_env`` runs
on each game's single-agent environment.
"""

from __future__ import annotations

import json
import warnings

import numpy as np
import pytest
import tests.support.toy  # noqa: F401  (registers the test-only toy game, so every run sees the same games)
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from cardsmith import core
from cardsmith.agents.heuristic import game_heuristic
from cardsmith.agents.random_agent import RandomAgent
from cardsmith.core.errors import IllegalAction
from cardsmith.rl import env, single_agent
from cardsmith.rl import single as rl_single

GAMES = [g.id for g in core.all_games()]
TABLES = [(g.id, n) for g in core.all_games() for n in sorted({g.min_players, g.max_players})]
API_CYCLES = 60
SEED_CYCLES = 60


def _opponent(game_id: str) -> str:
    return "heuristic" if game_heuristic(core.get_game(game_id)) is not None else "random"


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_pettingzoo_api_test_passes(game_id, players):
    with warnings.catch_warnings():
        warnings.simplefilter(
            "ignore"
        )  # its advice (an all-zero mask for a seat that waits) is not a failure
        api_test(env(game_id, players=players), num_cycles=API_CYCLES)


@pytest.mark.parametrize(("game_id", "players"), TABLES)
def test_pettingzoo_seed_test_passes(game_id, players):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda: env(game_id, players=players), num_cycles=SEED_CYCLES)


@pytest.mark.parametrize("game_id", GAMES)
def test_gymnasium_check_env_passes(game_id):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "no spec": the env is built by single_agent, not gymnasium.make
        check_env(single_agent(game_id, opponents=_opponent(game_id)), skip_render_check=True)


def test_a_game_plays_to_its_end_and_rewards_the_winner():
    aec = env("martial-arts", players=2)
    aec.reset(seed=3)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    rng = np.random.default_rng(0)
    for agent in aec.agent_iter():
        obs, reward, term, trunc, _ = aec.last()
        totals[agent] += reward
        action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        aec.step(action)
    assert sorted(totals.values()) == [-1.0, 1.0]
    winners = aec.unwrapped.table.state["result"]["winners"]
    assert totals[f"player_{winners[0]}"] == 1.0


def test_an_action_outside_the_mask_is_refused_and_changes_nothing():
    aec = env("martial-arts", players=2)
    aec.reset(seed=5)
    obs = aec.observe(aec.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = core.to_json(aec.unwrapped.table.state)
    with pytest.raises(IllegalAction):
        aec.step(illegal)
    assert core.to_json(aec.unwrapped.table.state) == before


def test_the_single_agent_env_ends_an_illegal_action_as_a_loss_or_raises():
    gym_env = single_agent("martial-arts", opponents="random")
    _, info = gym_env.reset(seed=1)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    _, reward, terminated, _, info = gym_env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, illegal)
    strict = single_agent("martial-arts", opponents="random", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(IllegalAction):
        strict.step(illegal)


def test_the_single_agent_env_plays_the_learner_seat_only():
    gym_env = single_agent("martial-arts", seat=1, opponents="heuristic")
    _, info = gym_env.reset(seed=2)
    assert info["seat"] == 1
    while True:
        assert gym_env.unwrapped.table.seat == 1
        mask = gym_env.action_masks()
        _, reward, terminated, truncated, _ = gym_env.step(int(np.flatnonzero(mask)[0]))
        if terminated or truncated:
            break
    assert reward in (-1.0, 0.0, 1.0)


def test_the_single_agent_env_gives_opponents_that_read_it_the_whole_public_history(monkeypatch):
    kept = []

    class Keeper(RandomAgent):
        reads_history = True

        def choose(self, turn):
            kept.append(turn.history)
            return super().choose(turn)

    monkeypatch.setattr(rl_single, "agent_from_spec", lambda spec, seat, seed: Keeper(seed))
    gym_env = single_agent("martial-arts", seat=0, opponents="random")
    _, info = gym_env.reset(seed=4)
    while True:
        mask = gym_env.action_masks()
        _, _, terminated, truncated, _ = gym_env.step(int(np.flatnonzero(mask)[0]))
        if terminated or truncated:
            break
    assert len(kept) > 2
    assert kept[0], "the deal's events are in the history"
    for earlier, later in zip(kept, kept[1:], strict=False):
        assert later[: len(earlier)] == earlier, "the history of a later decision extends the earlier one"
        assert len(later) > len(earlier), "the learner's moves between two decisions are in the history"


def test_the_single_agent_env_keeps_no_history_for_agents_that_do_not_read_it():
    gym_env = single_agent("martial-arts", seat=0, opponents="random")
    gym_env.reset(seed=4)
    assert gym_env.unwrapped.table.history is None
    gym_env = single_agent("martial-arts", seat=0, opponents="ismcts:iterations=2")
    gym_env.reset(seed=4)
    assert gym_env.unwrapped.table.history is not None


def test_the_same_seed_deals_the_same_game():
    a, b = env("taidian", players=3), env("taidian", players=3)
    a.reset(seed=11)
    b.reset(seed=11)
    assert core.to_json(a.unwrapped.table.state) == core.to_json(b.unwrapped.table.state)
    b.reset(seed=12)
    assert core.to_json(a.unwrapped.table.state) != core.to_json(b.unwrapped.table.state)


def test_bench_rl_measures_each_environment_and_the_pettingzoo_peers(capsys):
    from cardsmith.cli.main import run

    assert run(["bench", "--rl", "--games", "martial-arts", "--seconds", "0.2", "--json"]) == 0
    measured = json.loads(capsys.readouterr().out)["rl"]
    assert measured["games"]["martial-arts"]["steps_per_s"] > 0
    assert set(measured["peers"]) == {"leduc_holdem_v4", "texas_holdem_v4"}
    assert all(m["steps_per_s"] > 0 for m in measured["peers"].values())

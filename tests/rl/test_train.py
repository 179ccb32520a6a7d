"""A short MaskablePPO run on martial-arts writes a policy that plays as the ``policy`` agent through the fair
observation, from ``--seats`` specs and the batch runner alike."""

from __future__ import annotations

import json

import pytest

from cardsmith import core
from cardsmith.agents.base import AgentError
from cardsmith.agents.factory import (
    agent_from_spec,
    check_agent_for_game,
    known_agent_names,
    parse_seats,
    parse_spec,
)
from cardsmith.cli.main import run
from cardsmith.rl.train import train
from cardsmith.sim.runner import play


@pytest.fixture(scope="module")
def policy_dir(tmp_path_factory):
    out = tmp_path_factory.mktemp("policy")
    train("martial-arts", 2048, out, net=(32, 32), n_steps=512, eval_games=4, seed=3)
    return out


def test_training_writes_the_policy_its_curve_and_its_evaluation(policy_dir):
    for name in (
        "policy.zip",
        "policy.json",
        "normalize.npz",
        "learning_curve.png",
        "learning_curve.csv",
        "evaluation.json",
    ):
        assert (policy_dir / name).stat().st_size > 0, name
    assert (policy_dir / "learning_curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    evaluation = json.loads((policy_dir / "evaluation.json").read_text())
    assert evaluation["steps"] >= 2048
    for rival in ("random", "heuristic"):
        row = evaluation["against"][rival]
        assert row["games"] == 4 and 0 <= row["wins"] <= 4
        assert row["ci95"][0] <= row["win_rate"] <= row["ci95"][1]


def test_the_policy_agent_is_named_with_a_bare_directory_or_dir_key(policy_dir):
    assert "policy" in known_agent_names()
    assert parse_spec(f"policy:{policy_dir}") == ("policy", {"dir": str(policy_dir)})
    assert parse_spec(f"policy:dir={policy_dir}") == ("policy", {"dir": str(policy_dir)})
    assert parse_seats(f"random,policy:{policy_dir}") == ["random", f"policy:{policy_dir}"]


def test_a_policy_directory_without_a_policy_is_refused(tmp_path):
    with pytest.raises(AgentError, match="policy.json"):
        parse_seats(f"random,policy:{tmp_path}")
    with pytest.raises(AgentError, match="needs its directory"):
        parse_seats("random,policy")


def test_the_policy_agent_plays_whole_games_with_legal_options(policy_dir):
    for seed in range(3):
        state = core.new_game("martial-arts", 2, seed)
        agents = [agent_from_spec(f"policy:{policy_dir}", 0, seed), agent_from_spec("random", 1, seed)]
        play(state, agents)
        assert state["result"] is not None


def test_the_policy_agent_refuses_another_game(policy_dir):
    with pytest.raises(AgentError, match="plays martial-arts, not dbz"):
        check_agent_for_game(f"policy:{policy_dir}", core.get_game("dbz"))
    state = core.new_game("dbz", 2, 0)
    agents = [agent_from_spec(f"policy:{policy_dir}", s, 0) for s in range(2)]
    with pytest.raises(AgentError, match="martial-arts"):
        play(state, agents)


def test_simulate_seats_a_policy(policy_dir, capsys):
    code = run(
        ["simulate", "martial-arts", "--games", "4", "--seats", f"policy:{policy_dir},random", "--json"]
    )
    assert code == 0
    result = json.loads(capsys.readouterr().out)
    assert result["errors"] == 0
    assert result["seats"][0] == f"policy:{policy_dir}"
    assert sum(result["wins"]) + result["draws"] + result["no_winner"] == 4

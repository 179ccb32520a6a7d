"""``cardsmith tournament`` and ``cardsmith bench --agents``: the JSON other tools read, determinism whatever
``--jobs``, the table and plot, and one ``error:`` line for a bad agent."""

from __future__ import annotations

import json

import pytest

from cardsmith.sim.tournament import PairResult, bradley_terry, seats_for

ARGS = (
    "tournament",
    "toy",
    "--agents",
    "random,ismcts:iterations=8",
    "--games",
    "6",
    "--seed",
    "3",
    "--json",
)


def test_tournament_json_has_the_interface_shape_and_is_the_same_whatever_jobs(cardsmith):
    one = cardsmith(*ARGS)
    assert one.returncode == 0, one.stderr
    data = json.loads(one.stdout)
    assert list(data) == ["game", "agents", "pairs", "ratings"]
    assert data["game"] == "toy" and data["agents"] == ["random", "ismcts:iterations=8"]
    (pair,) = data["pairs"]
    assert list(pair) == ["a", "b", "games", "a_wins", "b_wins", "draws"]
    assert (pair["a"], pair["b"], pair["games"]) == ("random", "ismcts:iterations=8", 6)
    assert pair["a_wins"] + pair["b_wins"] + pair["draws"] == 6
    assert set(data["ratings"]) == set(data["agents"])
    assert all(isinstance(v, int | float) for v in data["ratings"].values())
    two = cardsmith(*ARGS, "--jobs", "2")
    assert two.returncode == 0, two.stderr
    assert json.loads(two.stdout) == data


def test_tournament_table_and_plot(cardsmith, tmp_path):
    plot = tmp_path / "t.png"
    out = cardsmith(
        "tournament", "toy", "--agents", "random,ismcts:iterations=4", "-n", "4", "--plot", str(plot)
    )
    assert out.returncode == 0, out.stderr
    assert "95% interval" in out.stdout and "Bradley–Terry" in out.stdout
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("agents", "message"),
    [
        ("random,robot", "unknown agent 'robot'"),
        ("random", "at least two agents"),
        ("random,random", "names one twice"),
        ("random,heuristic", "toy declares no heuristic"),
        ("random,ismcts:depth=x", "parameter 'depth' must be int"),
        ("random,human", "cannot seat 'human' agents"),
    ],
)
def test_bad_agents_are_one_error_line_with_exit_2(cardsmith, agents, message):
    out = cardsmith("tournament", "toy", "--agents", agents, "--games", "2")
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], out.stderr


def test_simulate_and_play_seat_the_new_agents(cardsmith):
    sim = cardsmith("simulate", "toy", "-n", "4", "--seats", "ismcts:iterations=4,random", "--json")
    assert sim.returncode == 0, sim.stderr
    assert json.loads(sim.stdout)["errors"] == 0
    again = cardsmith(
        "simulate", "toy", "-n", "4", "--seats", "ismcts:iterations=4,random", "--json", "-j", "2"
    )
    assert json.loads(again.stdout) == json.loads(sim.stdout)
    played = cardsmith("play", "toy", "--seed", "1", "--seats", "random,ismcts:iterations=4")
    assert played.returncode == 0, played.stderr
    assert "Result:" in played.stdout
    bad = cardsmith("simulate", "toy", "-n", "2", "--seats", "heuristic,random")
    assert bad.returncode == 2 and bad.stderr.startswith("error: toy declares no heuristic")


def test_bench_agents_json(cardsmith):
    out = cardsmith("bench", "--agents", "--games", "toy", "--seconds", "0.2", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    row = data["agents"]["toy"]
    assert row["heuristic_decisions_per_s"] is None and "no heuristic" in row["note"]
    assert row["ismcts_iterations_per_s"] > 0


def test_seats_rotate_and_alternate():
    assert seats_for("a", "b", 2, 0) == ["a", "b"] and seats_for("a", "b", 2, 1) == ["b", "a"]
    assert seats_for("a", "b", 3, 1) == ["b", "a", "b"]


def test_bradley_terry_orders_agents_and_gives_intervals():
    pairs = [
        PairResult("x", "y", 40, 30, 10, 0),
        PairResult("x", "z", 40, 36, 4, 0),
        PairResult("y", "z", 40, 25, 15, 0),
    ]
    ratings, intervals = bradley_terry(["x", "y", "z"], pairs)
    assert ratings["x"] > ratings["y"] > ratings["z"]
    assert abs(sum(ratings.values()) / 3 - 1500) < 1e-6
    for name, (lo, hi) in intervals.items():
        assert lo < ratings[name] < hi
    even, _ = bradley_terry(["p", "q"], [PairResult("p", "q", 10, 5, 5, 0)])
    assert abs(even["p"] - even["q"]) < 1e-6
    sweep, _ = bradley_terry(["p", "q"], [PairResult("p", "q", 10, 10, 0, 0)])
    assert 1500 < sweep["p"] < 2500, "a clean sweep stays finite"

"""Batch simulation: seeding, statistics, records, and the same output for any number of processes."""

from __future__ import annotations

import hashlib
import statistics
from collections import Counter

import pytest
import tests.support.toy  # noqa: F401  (registers the toy game)

from cardsmith.agents import AgentError, make_agent
from cardsmith.core import SeatCountError, new_game, state_hash
from cardsmith.records import load_record, verify
from cardsmith.sim import SimulationError, derive_seed, play, simulate, wilson_interval
from cardsmith.sim.settings import RunSettings


def test_derive_seed_is_the_first_8_bytes_of_sha256():
    digest = hashlib.sha256(b"7/3").digest()
    assert derive_seed(7, 3) == int.from_bytes(digest[:8], "big")
    assert derive_seed("7", 3) == derive_seed(7, 3)
    assert derive_seed(7, 3) != derive_seed(7, 4)
    assert 0 <= derive_seed(123, 0) < 2**64


def test_wilson_interval_known_values():
    lo, hi = wilson_interval(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4)
    assert hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = wilson_interval(0, 20)
    assert lo == 0.0
    assert hi == pytest.approx(0.1611, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 0.0)


def test_stats_add_up_and_match_a_game_played_by_hand():
    result = simulate("toy", 30, 5, ["random", "random"])
    assert result.games == 30
    assert result.errors == []
    assert sum(result.wins) + result.draws == 30  # the toy game has one winner or a draw
    # Game lengths are kept as counts of each length, not one entry per game.
    assert sum(result.turn_counts.values()) == sum(result.decision_counts.values()) == 30
    assert min(result.decision_counts) >= 2
    for rate, (lo, hi) in zip(result.win_rates, result.ci95, strict=True):
        assert lo <= rate <= hi

    # Game 4 of the run is the game with seed derive_seed(5, 4) and agents seeded "<game seed>/<seat>".
    game_seed = derive_seed(5, 4)
    state = new_game("toy", 2, game_seed)
    actions = play(state, [make_agent("random", s, f"{game_seed}/{s}") for s in range(2)])
    hashes, turns, decisions = [], [], []
    for i in range(30):
        s = derive_seed(5, i)
        st = new_game("toy", 2, s)
        acts = play(st, [make_agent("random", seat, f"{s}/{seat}") for seat in range(2)])
        hashes.append(state_hash(st))
        turns.append(st["turn"])
        decisions.append(len(acts))
    assert decisions[4] == len(actions) and turns[4] == state["turn"]
    assert result.turn_counts == Counter(turns)
    assert result.decision_counts == Counter(decisions)
    assert result.mean_turns == statistics.fmean(turns)
    assert result.median_turns == float(statistics.median(turns))
    assert result.mean_decisions == statistics.fmean(decisions)
    assert result.median_decisions == float(statistics.median(decisions))
    assert result.digest == hashlib.sha256("".join(f"{h}\n" for h in hashes).encode()).hexdigest()


def test_jobs_do_not_change_the_output():
    one = simulate("toy", 40, 99, ["random", "random", "random"], {"cap": 12}, run=RunSettings(jobs=1))
    two = simulate("toy", 40, 99, ["random", "random", "random"], {"cap": 12}, run=RunSettings(jobs=2))
    assert one.to_dict() == two.to_dict()
    other_seed = simulate(
        "toy", 40, 100, ["random", "random", "random"], {"cap": 12}, run=RunSettings(jobs=2)
    )
    assert other_seed.digest != one.digest


def test_progress_is_reported_up_to_the_total():
    seen: list[tuple[int, int]] = []
    simulate(
        "toy",
        12,
        1,
        ["random", "random"],
        run=RunSettings(jobs=2, progress=lambda done, total: seen.append((done, total))),
    )
    assert seen[-1] == (12, 12)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_record_dir_gets_a_verifiable_record_per_game(tmp_path):
    result = simulate(
        "toy", 6, 3, ["random", "random"], run=RunSettings(jobs=2), record_dir=tmp_path / "recs"
    )
    files = sorted((tmp_path / "recs").iterdir())
    assert [f.name for f in files] == sorted(f"toy-{i}.json" for i in range(6))
    for i in range(6):
        record = load_record(tmp_path / "recs" / f"toy-{i}.json")
        assert record["seed"] == derive_seed(3, i)
        verify(record)
    lengths = Counter(len(load_record(f)["actions"]) for f in files)
    assert lengths == result.decision_counts


def test_bad_arguments_are_refused_before_any_game():
    with pytest.raises(SeatCountError, match="2 to 4 players, not 5"):
        simulate("toy", 3, 0, ["random"] * 5)
    with pytest.raises(SimulationError, match="cannot seat 'human'"):
        simulate("toy", 3, 0, ["human", "random"])
    with pytest.raises(AgentError, match="known agents: heuristic, human, ismcts, policy, random"):
        simulate("toy", 3, 0, ["random", "robot"])
    with pytest.raises(SimulationError, match="at least 1"):
        simulate("toy", 0, 0, ["random", "random"])
    with pytest.raises(SimulationError, match="jobs must be at least 1"):
        simulate("toy", 3, 0, ["random", "random"], run=RunSettings(jobs=0))


def test_games_nobody_won_are_counted_apart_from_draws():
    # A solo Ani-Mayhem game that the deck wins ends with no winner and no draw.
    result = simulate(
        "ani-mayhem", games=6, seed=3, seats=["random"], options={"round_limit": 3}, run=RunSettings(jobs=1)
    )
    assert result.wins[0] + result.draws + result.no_winner + len(result.errors) == 6
    assert result.no_winner > 0 and result.to_dict()["no_winner"] == result.no_winner

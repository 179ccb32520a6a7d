"""A game that raises is counted as an error, with what it takes to reproduce it, and the run goes on."""

from __future__ import annotations

from typing import Any

import pytest
from tests.support.toy import ToyGame

from cardsmith.core import new_game, registry, sample_chance
from cardsmith.sim import batch, derive_seed, simulate
from cardsmith.sim.settings import RunSettings


class BrokenToy(ToyGame):
    """The toy game, except that it crashes whenever chance lets the second player start."""

    id = "toy-broken"
    name = "Broken toy"

    def act(self, state: dict[str, Any], seat: int, action) -> None:
        if action.id == "first:1":
            raise ValueError("broken on purpose\nsecond line")
        super().act(state, seat, action)


@pytest.fixture(autouse=True)
def broken_game(monkeypatch):
    """Registered only while a test runs, so no other test (such as the conformance suite) ever sees it."""
    monkeypatch.setitem(registry._GAMES, BrokenToy.id, BrokenToy())


def _crashes(game_seed: int) -> bool:
    # Draws the chance decision of the game's start (same seed, same draw): does it pick the second player?
    return sample_chance(new_game("toy", 2, game_seed)) == "first:1"


def test_failing_games_are_counted_and_the_run_continues():
    result = simulate("toy-broken", 30, 8, ["random", "random"])
    expected = [i for i in range(30) if _crashes(derive_seed(8, i))]
    assert 0 < len(expected) < 30
    assert [e.index for e in result.errors] == expected
    assert result.completed == 30 - len(expected)
    assert sum(result.wins) + result.draws == result.completed
    assert sum(result.decision_counts.values()) == result.completed
    assert result.error_count == len(expected)
    for err in result.errors:
        assert err.seed == derive_seed(8, err.index)
        assert err.error == "ValueError: broken on purpose"
        assert err.command == f"cardsmith play toy-broken --seed {err.seed} --seats random,random"
    data = result.to_dict()
    assert data["errors"] == len(expected)
    assert [g["index"] for g in data["error_games"]] == expected


def test_failing_games_give_the_same_output_in_a_pool():
    one = simulate("toy-broken", 30, 8, ["random", "random"], {"cap": 10}, run=RunSettings(jobs=1))
    two = simulate("toy-broken", 30, 8, ["random", "random"], {"cap": 10}, run=RunSettings(jobs=2))
    assert one.errors
    assert one.to_dict() == two.to_dict()
    assert one.errors[0].command.endswith("--option cap=10")


def test_only_the_first_failing_games_are_described(monkeypatch):
    monkeypatch.setattr(batch, "MAX_ERROR_DETAILS", 2)
    expected = [i for i in range(30) if _crashes(derive_seed(8, i))]
    for jobs in (1, 2):
        result = simulate("toy-broken", 30, 8, ["random", "random"], run=RunSettings(jobs=jobs))
        assert result.error_count == len(expected) > 2
        assert [e.index for e in result.errors] == expected[:2]
        assert result.completed == 30 - len(expected)
        data = result.to_dict()
        assert data["errors"] == len(expected)
        assert len(data["error_games"]) == 2

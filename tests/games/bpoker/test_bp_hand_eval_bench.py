"""The evaluator benchmark (``run_evaluator_bench``) and ``cardsmith bench --evaluator``: shapes, not speeds."""

from __future__ import annotations

import json

import pytest

from cardsmith.cli.main import run
from cardsmith.games.bpoker import evalbench
from cardsmith.games.bpoker.evalbench import run_evaluator_bench

KEYS = {"five_per_s", "seven_per_s", "seven_two_wilds_per_s", "peers"}


@pytest.fixture
def small(monkeypatch):
    """Few hands, so that a measurement takes milliseconds."""
    monkeypatch.setattr(evalbench, "HANDS", 300)


def _check(result: dict) -> None:
    assert set(result) == KEYS
    assert all(result[k] > 0 for k in KEYS - {"peers"})
    assert "treys" in result["peers"]  # treys is in the test extra
    assert set(result["peers"]) <= {"treys", "phevaluator"}
    for rates in result["peers"].values():
        assert set(rates) == {"five_per_s", "seven_per_s"} and min(rates.values()) > 0


def test_run_evaluator_bench_returns_rates_for_us_and_the_peers(small):
    _check(run_evaluator_bench(0.01))
    with pytest.raises(ValueError):
        run_evaluator_bench(0)


def test_cli_bench_evaluator_json_has_exactly_the_keys(small, capsys):
    capsys.readouterr()
    assert run(["bench", "--evaluator", "--seconds", "0.01", "--json"]) == 0
    _check(json.loads(capsys.readouterr().out))


def test_cli_bench_evaluator_table(small, capsys):
    capsys.readouterr()
    assert run(["bench", "--evaluator", "--seconds", "0.01"]) == 0
    out = capsys.readouterr().out
    assert "cardsmith bpoker" in out and "treys" in out and "Best of 7" in out

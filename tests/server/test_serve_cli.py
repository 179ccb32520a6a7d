"""``cardsmith serve`` and ``cardsmith serve-bench`` on the command line."""

from __future__ import annotations

import pytest

from cardsmith.cli.main import run
from cardsmith.server.bench import run_bench


@pytest.mark.parametrize(
    "argv",
    [
        ["serve-bench", "--games", "0"],
        ["serve-bench", "--seconds", "0"],
        ["serve-bench", "--think", "-1"],
        ["serve-bench", "--seconds", "10", "--kill-at", "10"],
        ["serve", "--port", "eighty"],
    ],
)
def test_bad_arguments_are_one_error_line(argv, capsys):
    assert run(argv) == 2
    assert capsys.readouterr().err.startswith("error: ")


def test_serve_and_serve_bench_explain_themselves(capsys):
    assert run(["serve", "--help"]) == 0
    assert "--db" in capsys.readouterr().out
    assert run(["serve-bench", "--help"]) == 0
    assert "--kill-at" in capsys.readouterr().out


@pytest.mark.heavy
def test_a_server_killed_under_load_loses_and_doubles_nothing_and_every_game_goes_on():
    figures = run_bench(games=6, seconds=8, think=0.2, kill_at=4)
    assert figures["actions_acked"] > 20 and figures["live_at_kill"] > 0
    assert (figures["lost"], figures["doubled"], figures["stalled_after_restart"]) == (0, 0, 0)

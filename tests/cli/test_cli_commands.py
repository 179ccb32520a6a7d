"""``cardsmith games``, ``simulate``, ``bench``, ``rules``, ``cards`` and ``--help``."""

from __future__ import annotations

import json
from typing import Any

import pytest
import tests.support.toy  # noqa: F401  (registers the toy game)
from tests.support.toy import ToyGame

from cardsmith.cli.main import run
from cardsmith.core import registry
from cardsmith.sim.bench import rlcard_available


class CrashingToy(ToyGame):
    """The toy game, except that it crashes whenever chance lets the second player start."""

    id = "toy-crash"
    name = "Crashing toy"

    def act(self, state: dict[str, Any], seat: int, action) -> None:
        if action.id == "first:1":
            raise RuntimeError("crashed on purpose")
        super().act(state, seat, action)


@pytest.fixture
def crashing_game(monkeypatch):
    """Registered only while a test runs, so no other test (such as the conformance suite) ever sees it."""
    monkeypatch.setitem(registry._GAMES, CrashingToy.id, CrashingToy())


def _run(capsys, *args: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = run(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_games_json_keys(capsys):
    code, out, _ = _run(capsys, "games", "--json")
    assert code == 0
    games = json.loads(out)
    assert isinstance(games, list)
    for entry in games:
        assert set(entry) == {"id", "name", "min_players", "max_players", "opponent", "search"}
    toy = {"id": "toy", "name": "Toy", "min_players": 2, "max_players": 4, "opponent": "random", "search": {}}
    assert toy in games


def test_games_table(capsys):
    code, out, _ = _run(capsys, "games")
    assert code == 0
    assert "toy" in out
    assert "2-4" in out


def test_simulate_json_is_one_object_and_independent_of_jobs(capsys):
    args = ["simulate", "toy", "--games", "25", "--seed", "3", "--seats", "random,random,random", "--json"]
    code, one, err = _run(capsys, *args, "--jobs", "1")
    assert code == 0
    assert err == ""
    data = json.loads(one)
    required = {
        "game",
        "games",
        "seed",
        "seats",
        "wins",
        "draws",
        "errors",
        "mean_decisions",
        "mean_turns",
        "digest",
    }
    assert required <= set(data)
    assert data["game"] == "toy"
    assert data["games"] == 25
    assert data["seed"] == 3
    assert data["seats"] == ["random", "random", "random"]
    assert len(data["wins"]) == 3
    assert data["errors"] == 0
    code, two, _ = _run(capsys, *args, "--jobs", "2")
    assert code == 0
    assert two == one


def test_simulate_table(capsys):
    code, out, _ = _run(capsys, "simulate", "toy", "-n", "20", "--seed", "1")
    assert code == 0
    for text in (
        "20 games, seed 1",
        "Win rate",
        "95% CI",
        "Draws: ",
        "Errors: 0",
        "Turns: mean ",
        "Decisions: mean ",
    ):
        assert text in out
    assert out.count("│ random") == 2


@pytest.mark.usefixtures("crashing_game")
def test_simulate_reports_failing_games_with_a_reproduction_command(capsys):
    code, out, _ = _run(capsys, "simulate", "toy-crash", "-n", "12", "--seed", "2")
    assert code == 0
    assert "RuntimeError: crashed on purpose" in out
    assert "reproduce: cardsmith play toy-crash --seed " in out
    code, out, _ = _run(capsys, "simulate", "toy-crash", "-n", "12", "--seed", "2", "--json")
    data = json.loads(out)
    assert data["errors"] == len(data["error_games"]) > 0
    failing = data["error_games"][0]
    assert failing["command"] == f"cardsmith play toy-crash --seed {failing['seed']} --seats random,random"
    # The reproduction command really reproduces the failure.
    with pytest.raises(RuntimeError, match="crashed on purpose"):
        run(failing["command"].split()[1:])


def test_bench_json_shape(capsys):
    code, out, err = _run(capsys, "bench", "--games", "toy", "--seconds", "0.2", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"games", "peers"}
    assert set(data["games"]) == {"toy"}
    toy = data["games"]["toy"]
    beside_uno = {"uno_decisions_per_s", "uno_ratio"} if rlcard_available() else set()
    assert set(toy) == {
        "decisions_per_s",
        "games_per_s",
        "clone_us",
        "clone_median_us",
        "state_bytes",
        "ismcts_iterations_per_s",
        *beside_uno,
    }
    assert toy["decisions_per_s"] > toy["games_per_s"] > 0
    assert toy["clone_us"] > 0 and toy["clone_median_us"] > 0
    assert toy["ismcts_iterations_per_s"] > 0
    assert toy["state_bytes"] > 100
    if rlcard_available():
        assert set(data["peers"]) == {"rlcard-uno"}
        assert set(data["peers"]["rlcard-uno"]) == {"decisions_per_s"}
        assert data["peers"]["rlcard-uno"]["decisions_per_s"] > 0
        # the ratio is to the UNO played in turns beside the game
        assert toy["uno_ratio"] == pytest.approx(toy["decisions_per_s"] / toy["uno_decisions_per_s"])
    else:
        assert data["peers"] == {}
        assert "pip install .[bench]" in err


def test_bench_table_without_the_peer(capsys, monkeypatch):
    monkeypatch.setattr("cardsmith.cli.bench.rlcard_available", lambda: False)
    code, out, err = _run(capsys, "bench", "--games", "toy", "--seconds", "0.1")
    assert code == 0
    assert "toy" in out
    assert "Decisions/s" in out
    assert "rlcard" not in out
    assert (
        err.strip()
        == "note: RLCard is not installed, so there is no peer to compare with (pip install .[bench])"
    )


def test_bench_saves_a_run_and_compares_a_later_one_with_it(capsys, tmp_path):
    saved = tmp_path / "before.json"
    code, _, _ = _run(
        capsys, "bench", "--games", "toy", "--seconds", "0.1", "--no-search", "--save", str(saved)
    )
    assert code == 0
    before = json.loads(saved.read_text())
    assert before["format"] == "cardsmith-bench" and before["version"] == 1 and before["seconds"] == 0.1
    beside_uno = {"uno_decisions_per_s", "uno_ratio"} if rlcard_available() else set()
    assert set(before["games"]["toy"]) == {
        "decisions_per_s",
        "games_per_s",
        "clone_us",
        "clone_median_us",
        "state_bytes",
        *beside_uno,
    }
    code, out, _ = _run(capsys, "bench", "--games", "toy", "--seconds", "0.1", "--compare", str(saved))
    assert code == 0
    row = next(line for line in out.splitlines() if line.startswith("│ toy") and "→" in line)
    decisions = f"{before['games']['toy']['decisions_per_s']:,.0f} → "
    assert decisions in row  # the saved figure, then the new one
    assert "- → " in row  # the saved run did not measure the search; the new one did
    code, out, _ = _run(
        capsys, "bench", "--games", "toy", "--seconds", "0.1", "--compare", str(saved), "--json"
    )
    data = json.loads(out)
    assert data["before"] == before and set(data["games"]) == {"toy"}


def test_bench_compares_with_the_uno_beside_each_game_or_a_saved_run_s_one_uno():
    from cardsmith.cli.bench import _figures

    peers = {"rlcard-uno": {"decisions_per_s": 20_000.0}}
    beside = {"games": {"g": {"decisions_per_s": 40_000.0, "uno_ratio": 2.5}}, "peers": peers}
    assert _figures(beside, "g")["uno_ratio"] == 2.5  # the UNO measured beside the game
    older = {"games": {"g": {"decisions_per_s": 40_000.0}}, "peers": peers}
    assert _figures(older, "g")["uno_ratio"] == 2.0  # a run saved before: the run's one UNO
    assert "uno_ratio" not in _figures({"games": {"g": {"decisions_per_s": 1.0}}, "peers": {}}, "g")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "is not a saved bench run (not JSON)"),
        ('{"games": {}}', "is not a saved bench run (write one with cardsmith bench --save FILE)"),
        (
            '{"format": "cardsmith-bench", "version": 99, "games": {}}',
            "format version 99; this cardsmith reads",
        ),
    ],
)
def test_bench_compare_refuses_a_file_that_is_not_a_saved_run_in_one_line(capsys, tmp_path, text, message):
    path = tmp_path / "other.json"
    path.write_text(text)
    code, out, err = _run(capsys, "bench", "--games", "toy", "--seconds", "0.1", "--compare", str(path))
    assert code == 2 and out == ""
    assert err.startswith("error: ") and message in err and err.count("\n") == 1


def test_rules_and_cards_of_a_game_without_them(capsys):
    assert _run(capsys, "rules", "toy")[:2] == (0, "toy has no rules guide.\n")
    assert _run(capsys, "cards", "toy")[:2] == (0, "toy lists no cards.\n")
    code, out, _ = _run(capsys, "cards", "toy", "--json")
    assert (code, json.loads(out)) == (0, [])


@pytest.mark.parametrize(
    ("command", "example"),
    [
        ([], "cardsmith games"),
        (["games"], "cardsmith games --json"),
        (["play"], "--seats human,human --option starting_player=P2"),
        (["simulate"], "--seed 7 --seats random,random"),
        (["replay"], "--as P2 --pause"),
        (["bench"], "--seconds 1 --json"),
        (["rules"], "cardsmith rules martial-arts"),
        (["cards"], "cardsmith cards martial-arts --json"),
    ],
)
def test_help_explains_options_with_examples(capsys, command, example):
    code, out, _ = _run(capsys, *command, "--help")
    assert code == 0
    assert example in out
    if command:
        assert "--help" in out


def test_bench_components_are_found_through_entry_points(capsys):
    from cardsmith.core.registry import component_benches

    assert "bpoker-evaluator" in component_benches()
    code, out, err = _run(capsys, "bench", "--component", "no-such-part", "--seconds", "0.1")
    assert code == 2
    assert err.strip().startswith("error: unknown component 'no-such-part' (components: bpoker-evaluator")


def test_rules_with_cards_lists_every_card_as_the_cards_command(capsys):
    code, out, _ = _run(capsys, "rules", "ani-mayhem", "--cards")
    assert code == 0 and out == _run(capsys, "cards", "ani-mayhem")[1]
    from cardsmith.games.ani_mayhem.rules import CARDS

    assert f"Ani-Mayhem: {len(CARDS.cards)} cards" in out  # every card of the set, whatever the width

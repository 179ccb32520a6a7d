"""The balance lab: paired experiments, card statistics from move events, and reports with every plot."""

from __future__ import annotations

import csv
import json
import re
from collections import Counter

import pytest
import tests.support.toy  # noqa: F401  (registers the toy game)

from cardsmith.agents.factory import agent_from_spec
from cardsmith.cli.main import run
from cardsmith.core import all_games, get_game, new_game
from cardsmith.games.dbz.cards import load_card_set
from cardsmith.sim import simulate
from cardsmith.sim.experiment import ExperimentError, experiment
from cardsmith.sim.report import CSV_FILES, PLOTS, build_report
from cardsmith.sim.runner import play
from cardsmith.sim.stats import Z95
from cardsmith.sim.summary import PlayCounter


def _per_game(game, options, games, seed, seats):
    """Seat 0's win and the turns of every game of a plain run, by hand."""
    seeds, won, turns = [], [], []

    def keep(o):
        seeds.append(o.seed)
        won.append(0 in o.winners)
        turns.append(o.turns)

    simulate(game, games, seed, seats, options, on_outcome=keep)
    return seeds, won, turns


def test_experiment_arms_play_the_same_seeds():
    # A decision cap the toy game never reaches leaves every game as it was: on the same seeds, game i of the two
    # arms is one game, so every paired difference is exactly 0 (two unpaired samples would differ).
    result = experiment("toy", {"cap": "40"}, {"cap": "200"}, 30, 3, ["random", "random"])
    assert result.pairs == 30
    for est in (result.win_rate_seat0, result.mean_turns):
        assert (est.estimate, est.low, est.high, est.p_value) == (0.0, 0.0, 0.0, 1.0)
    seeds_a, _, _ = _per_game("toy", {"cap": "40"}, 30, 3, ["random", "random"])
    seeds_b, _, _ = _per_game("toy", {"cap": "200"}, 30, 3, ["random", "random"])
    assert seeds_a == seeds_b and len(set(seeds_a)) == 30
    assert result.a.digest == simulate("toy", 30, 3, ["random", "random"], {"cap": "40"}).digest


def test_experiment_interval_matches_a_hand_computation():
    seats = ["random", "random"]
    result = experiment("toy", {"cap": "6"}, {"cap": "40"}, 40, 5, seats)
    _, won_a, turns_a = _per_game("toy", {"cap": "6"}, 40, 5, seats)
    _, won_b, turns_b = _per_game("toy", {"cap": "40"}, 40, 5, seats)
    for est, a, b in ((result.win_rate_seat0, won_a, won_b), (result.mean_turns, turns_a, turns_b)):
        diffs = [float(x) - float(y) for x, y in zip(a, b, strict=True)]
        mean = sum(diffs) / len(diffs)
        sd = (sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)) ** 0.5
        half = Z95 * sd / len(diffs) ** 0.5
        assert (est.estimate, est.low, est.high) == pytest.approx((mean, mean - half, mean + half))
    assert result.mean_turns.estimate < 0  # a cap of 6 decisions cuts the toy game short


def test_experiment_json_has_the_documented_keys(capsys):
    code = run(
        ["experiment", "toy", "--a", "cap=6", "--b", "cap=40", "--games", "12", "--seed", "2", "--json"]
    )
    assert code == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "toy" and data["games"] == 12 and data["paired"] is True
    for arm in ("a", "b"):
        assert {"wins", "draws", "mean_turns"} <= set(data[arm])
        assert len(data[arm]["wins"]) == 2
    for measure in ("win_rate_seat0", "mean_turns"):
        assert {"estimate", "low", "high"} <= set(data["difference"][measure])
    assert data["a"]["options"] == {"cap": "6"}


def test_experiment_compares_a_deck_list_from_a_file_with_a_card_set(tmp_path, capsys):
    # deck lists (@FILE) and sample card sets are options like any other: dbz P1 with the Brannoc list from a file
    # in arm A, with the default sample deck (Kairo) in arm B
    brannoc = "\n".join(f"{n}x {t}" for t, n in Counter(load_card_set().decks["brannoc"].cards).items())
    deck = tmp_path / "brannoc.txt"
    deck.write_text("MP: Brannoc\n" + brannoc, encoding="utf-8")
    code = run(
        ["experiment", "dbz", "--a", f"decklist_p1=@{deck}", "--b", "deck_p1=kairo", "-n", "2", "--json"]
    )
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["paired"] is True
    assert data["a"]["options"]["decklist_p1"].startswith("MP: Brannoc")
    assert data["a"]["digest"] != data["b"]["digest"]
    deck.write_text("MP: Brannoc\n1x Spirit Bomb", encoding="utf-8")
    code = run(["experiment", "dbz", "--a", f"decklist_p1=@{deck}", "--b", "deck_p1=kairo", "-n", "1"])
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1 and "'Spirit Bomb' is not a card" in err


def test_identical_arms_are_refused():
    with pytest.raises(ExperimentError, match="same options"):
        experiment("toy", {"cap": "40"}, {}, 5, 0, ["random", "random"])


def test_plays_are_moves_from_a_hand_to_the_table_after_the_seats_own_decision():
    # martial-arts: a card is played when it attacks, blocks or becomes the event (from hand to battle or the
    # event slot); a forced discard from the hand is not a play.
    game = get_game("martial-arts")
    expected = {"attack", "block", "event"}
    for seed in range(3):
        state = new_game("martial-arts", 2, seed)
        counter = PlayCounter(game, state)
        moves = []

        def step(s, option_id, counter=counter, moves=moves):
            counter.on_step(s, option_id)
            moves.extend(e for e in s["events"] if e.get("t") == "move")

        play(state, [agent_from_spec("random", k, f"{seed}/{k}") for k in range(2)], on_step=step)
        by_hand = {}
        for e in moves:
            if e.get("cause") in expected:
                key = (int(e["from"].split(":")[1]), e["name"])
                by_hand[key] = by_hand.get(key, 0) + 1
        assert dict(counter.counts) == by_hand
        assert by_hand


def test_a_flash_effect_played_from_the_hand_counts_in_ani_mayhem():
    flashes = {c["name"] for c in get_game("ani-mayhem").card_rows() if "flash" in str(c).lower()}
    seen = {}
    simulate("ani-mayhem", 6, 0, ["random"] * 2, {"round_limit": 4}, summaries=True,
             on_outcome=lambda o: seen.update({name: True for _, name, _ in o.plays}))  # fmt: skip
    assert seen and set(seen) & flashes


@pytest.mark.parametrize("game_id", sorted(g.id for g in all_games()))
def test_report_builds_for_every_game_with_every_plot(game_id, tmp_path):
    game = get_game(game_id)
    players = max(game.min_players, 2) if game.max_players >= 2 else game.min_players
    options = dict(getattr(game, "playout_options", {}) or {})
    report = build_report(game_id, 3, 1, ["random"] * players, tmp_path / "r", options)
    page = report.index.read_text(encoding="utf-8")
    for plot in PLOTS:
        match = re.search(rf'<figure id="plot-{plot}">.*?<img [^>]*src="data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)"',
                          page, re.S)  # fmt: skip
        assert match and len(match.group(1)) > 1000, plot
    assert "http://" not in page and "https://" not in page  # nothing to fetch: it opens offline
    for name in CSV_FILES:
        rows = list(csv.reader((tmp_path / "r" / name).open(encoding="utf-8")))
        assert len(rows) >= 2 or name == "cards.csv", name
    games = list(csv.DictReader((tmp_path / "r" / "games.csv").open(encoding="utf-8")))
    assert [int(r["index"]) for r in games] == [0, 1, 2]
    seats = list(csv.DictReader((tmp_path / "r" / "seats.csv").open(encoding="utf-8")))
    assert [int(r["wins"]) for r in seats] == report.result.wins


def test_card_statistics_add_up(tmp_path):
    report = build_report("toy", 40, 2, ["random", "random"], tmp_path / "t")
    rows = {r["card"]: r for r in csv.DictReader((tmp_path / "t" / "cards.csv").open(encoding="utf-8"))}
    plays = list(csv.DictReader((tmp_path / "t" / "plays.csv").open(encoding="utf-8")))
    for name, row in rows.items():  # the per-card totals are the per-game rows added up
        assert int(row["plays"]) == sum(int(p["times"]) for p in plays if p["card"] == name)
        assert int(row["showings"]) == len({(p["index"], p["seat"]) for p in plays if p["card"] == name})
    assert set(rows) <= {"1", "2", "3", "4"} and rows
    wins = report.result.wins
    for row in rows.values():
        showings, won = int(row["showings"]), int(row["wins"])
        assert 0 < showings <= 2 * 40 and 0 <= won <= showings
        assert float(row["low"]) <= float(row["win_rate"]) <= float(row["high"])
        assert 0 <= float(row["baseline"]) <= max(wins) / 40


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["experiment", "toy", "--a", "cap=40", "-n", "3"], "the two arms play the same options"),
        (["experiment", "toy", "--a", "cap=x", "-n", "3"], "option 'cap' must be an integer"),
        (["experiment", "nope", "--a", "cap=4"], "unknown game 'nope'"),
        (["experiment", "toy", "--a", "cap=6", "-n", "0"], "the number of games must be at least 1"),
        (["report", "toy", "-n", "2", "--out", "FILE"], "--out must name a folder"),
        (["report", "toy", "-n", "2"], "Missing option '--out'"),
        (["simulate", "toy", "-n", "2", "--backend", "spark"], "--backend must be one of local, ray"),
        (["simulate", "toy", "-n", "2", "--address", "auto"], "--address is for --backend ray"),
        (["tournament", "toy", "--agents", "random,heuristic", "--backend", "x"], "--backend must be one of"),
    ],
)
def test_lab_mistakes_are_one_error_line(args, message, tmp_path, capsys):
    file = tmp_path / "file"
    file.write_text("x")
    code = run([str(file) if a == "FILE" else a for a in args])
    out, err = capsys.readouterr()
    assert code == 2
    assert len(err.splitlines()) == 1 and err.startswith("error: "), err
    assert message in err


@pytest.mark.parametrize(
    ("command", "example"),
    [(["experiment"], "--a extra_punches=true --b extra_punches=false"), (["report"], "--out reports/am")],
)
def test_help_explains_the_lab_commands_with_examples(command, example, capsys):
    assert run([*command, "--help"]) == 0
    out = capsys.readouterr().out
    assert example in out and "--backend" in out

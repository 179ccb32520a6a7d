"""``cardsmith play`` and ``cardsmith replay``, driven through piped stdin as a person would use them."""

from __future__ import annotations

import io
import json
import re

import tests.support.toy  # noqa: F401  (registers the toy game)

from cardsmith.cli.main import run
from cardsmith.core import all_games
from cardsmith.records import load_record, record_digest
from cardsmith.sim import derive_seed, simulate

HIDDEN_HAND = re.compile(r" Hand \d+( ·|$)")


def other_areas(text: str, other: str) -> list[str]:
    """The heading of ``other``'s area, with its piles, in each screen of ``text``."""
    return re.findall(rf"^{other}(?: ·.*)?$", text, re.M)


def test_a_whole_game_from_piped_stdin(cardsmith):
    proc = cardsmith("play", "toy", "--seats", "human,random", "--seed", "7", stdin="1\n" * 200)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    # The seed decides every hand, so the people at the table learn it only when the game is over.
    assert lines[0] == "Toy (toy): P1 human, P2 random"
    assert "seed" not in "\n".join(lines[:-2]).lower()
    assert lines[-3].startswith("Result: ")
    assert lines[-2] == "Seed: 7"
    assert lines[-1] == "Replay with: cardsmith play toy --seed 7 --seats human,random"
    assert proc.stdout.count("=== P1 to decide") >= 2
    # Only P1's view: P2's hand is a count, never names.
    p2_piles = other_areas(proc.stdout, "P2")
    assert p2_piles and any(HIDDEN_HAND.search(line) for line in p2_piles)
    assert all(HIDDEN_HAND.search(line) or "Hand" not in line for line in p2_piles)
    # The options are numbered and keyed, the events are in words, and the other seat's choices are not named.
    assert re.search(r"^   1\. \S+ +Play ", proc.stdout, re.M)
    assert "moves from" in proc.stdout
    assert "P2 decided (Play or draw)" in proc.stdout
    assert "P2 chose" not in proc.stdout


def test_answers_by_option_id(cardsmith):
    proc = cardsmith("play", "toy", "--seats", "random,human", "--seed", "2", stdin="draw\n" * 200)
    assert proc.returncode == 0, proc.stderr
    assert "You chose: Draw a card" in proc.stdout
    assert proc.stdout.splitlines()[-3].startswith("Result: ")


def test_bad_answers_are_asked_again(cardsmith):
    proc = cardsmith(
        "play", "toy", "--seats", "human,random", "--seed", "7", stdin="\nabc\n0\n99\n" + "1\n" * 200
    )
    assert proc.returncode == 0, proc.stderr
    assert "Please answer with a key or a number from 1 to 5 (help for more)." in proc.stdout
    assert "'abc' is not an option: answer with a key or a number from 1 to 5 (help for more)." in proc.stdout
    assert "'0' is not an option" in proc.stdout
    assert "'99' is not an option" in proc.stdout
    first = re.search(r"^=== P1 to decide \(turn \d+\) ===$", proc.stdout, re.M).group(0)
    assert proc.stdout.count(first) == 1  # the same question, asked again until answered
    assert proc.stdout.splitlines()[-3].startswith("Result: ")


def test_end_of_input_abandons_the_game(cardsmith):
    proc = cardsmith("play", "toy", "--seats", "human,random", stdin="1\n")
    assert proc.returncode == 1
    assert proc.stderr.strip() == "input ended; game abandoned"
    assert "seed" not in proc.stdout.lower()  # an abandoned game gives nothing away
    assert "Traceback" not in proc.stdout + proc.stderr


def test_menu_when_no_game_is_given(monkeypatch, capsys):
    ids = [g.id for g in all_games()]
    number = ids.index("toy") + 1
    monkeypatch.setattr("sys.stdin", io.StringIO(f"0\nchess\n{number}\n" + "1\n" * 200))
    assert run(["play", "--seats", "human,random", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert f"  {number}. toy: Toy (2-4 players)" in out
    assert out.count(f"Please answer with a number from 1 to {len(ids)} or a game id.") == 2
    assert "Toy (toy): P1 human, P2 random\n" in out
    assert out.endswith("Seed: 1\nReplay with: cardsmith play toy --seed 1 --seats human,random\n")


def test_menu_input_ending(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert run(["play"]) == 1
    assert capsys.readouterr().err.strip() == "input ended; game abandoned"


def test_default_seats_and_a_random_printed_seed(cardsmith):
    seeds = set()
    for _ in range(2):
        proc = cardsmith("play", "toy", stdin="1\n" * 200)
        assert proc.returncode == 0, proc.stderr
        lines = proc.stdout.splitlines()
        assert lines[0] == "Toy (toy): P1 human, P2 random"
        assert lines[-2].startswith("Seed: ")
        seed = lines[-2].removeprefix("Seed: ")
        assert lines[-1] == f"Replay with: cardsmith play toy --seed {seed} --seats human,random"
        seeds.add(int(seed))
    assert len(seeds) == 2


def test_play_seeds_a_game_like_simulate_does(tmp_path, capsys):
    simulate("toy", 3, 21, ["random", "random"], record_dir=tmp_path / "sim")
    game_seed = derive_seed(21, 2)
    assert (
        run(["play", "toy", "--seats", "random,random", "--seed", str(game_seed), "--record", str(tmp_path)])
        == 0
    )
    played = load_record(tmp_path / f"toy-{game_seed}.json")
    simulated = load_record(tmp_path / "sim" / "toy-2.json")
    assert played["actions"] == simulated["actions"]
    assert played["final_hash"] == simulated["final_hash"]
    out = capsys.readouterr().out
    assert f"Record written to {tmp_path / f'toy-{game_seed}.json'}" in out
    assert "P1 decided (Play or draw)" in out  # agents only: narrated as a spectator sees it


def test_scenario_with_options_and_record(tmp_path, monkeypatch, capsys):
    scenario = tmp_path / "end.toml"
    scenario.write_text(
        'game = "toy"\nseed = 4\ntitle = "Last cards"\n'
        '[zones]\n"hand:0" = ["4", "1"]\n"hand:1" = ["2"]\n"table:1" = ["3"]\n[setup]\ncurrent = 0\n'
    )
    monkeypatch.setattr("sys.stdin", io.StringIO("2\n1\n"))
    code = run(["play", "toy", "--scenario", str(scenario), "--option", "cap=10", "--record", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 0
    assert "Scenario: Last cards" in out
    assert re.search(r"^You \(P1\)\n  .*Hand \(2\): 1, 4", out, re.M)
    assert re.search(r"^P2 .*Table 1, top 3", out, re.M)
    assert "Result: P1 wins (highest total)" in out
    assert "seed" not in out.split("Result: ")[0].lower()
    assert (
        f"Seed: 4\nReplay with: cardsmith play --scenario {scenario} --seed 4 --seats human,random --option cap=10\n"
        in out
    )
    record = load_record(tmp_path / "toy-4.json")
    assert record["scenario"]["title"] == "Last cards"
    assert record["options"] == {"cap": 10}
    assert record["seats"] == ["human", "random"]


def _record_file(tmp_path, seats="random,random", seed="9") -> str:
    assert run(["play", "toy", "--seats", seats, "--seed", seed, "--record", str(tmp_path)]) == 0
    return str(tmp_path / f"toy-{seed}.json")


def test_replay_as_a_seat_and_as_a_spectator(tmp_path, capsys):
    path = _record_file(tmp_path)
    record = load_record(path)
    capsys.readouterr()
    assert run(["replay", path, "--as", "P1"]) == 0
    as_p1 = capsys.readouterr().out
    assert "Record verified. Showing what P1 saw." in as_p1
    assert "You chose: " in as_p1  # P1's own choices, by their labels
    assert "P2 chose: " not in as_p1 and "P1 chose: " not in as_p1
    assert "P2 decided (Play or draw)" in as_p1
    assert f"final hash {record['final_hash']}" in as_p1
    assert len(re.findall(r"^\[\d+\] ", as_p1, re.M)) == len(record["actions"])
    assert run(["replay", path, "--as", "2"]) == 0
    as_p2 = capsys.readouterr().out
    assert "You chose: " in as_p2 and "P1 decided (Play or draw)" in as_p2
    assert run(["replay", path]) == 0
    spectator = capsys.readouterr().out
    assert "Showing what a spectator saw." in spectator
    assert " chose: " not in spectator
    assert "Result: " in spectator


def test_replay_pauses_between_steps(tmp_path, monkeypatch, capsys):
    path = _record_file(tmp_path)
    steps = len(load_record(path)["actions"])
    monkeypatch.setattr("sys.stdin", io.StringIO("\n" * 3))
    assert run(["replay", path, "--pause"]) == 0
    out = capsys.readouterr().out
    # Three Enters, then the input ends and the replay runs on to the end.
    assert out.count("(Enter for the next step)") == 4
    assert len(re.findall(r"^(\(Enter for the next step\) )?\[\d+\] ", out, re.M)) == steps


def test_replay_refuses_a_record_that_does_not_replay(tmp_path, capsys):
    path = tmp_path / "forged.json"
    data = json.loads(open(_record_file(tmp_path)).read())
    data["final_hash"] = "0" * 64
    data["digest"] = record_digest(data)
    path.write_text(json.dumps(data))
    capsys.readouterr()
    assert run(["replay", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert (
        err == "error: record does not replay: the final state's hash differs from the recorded final_hash\n"
    )


def test_two_humans_each_see_their_own_view(cardsmith):
    proc = cardsmith("play", "toy", "--seats", "human,human", "--seed", "3", stdin="1\n" * 200)
    assert proc.returncode == 0, proc.stderr
    # The game's last step is told on a cleared screen, as anyone at the table saw it.
    played, ending = proc.stdout.rsplit("\x1b[2J\x1b[H", 1)
    assert "=== " not in ending and "Result: " in ending
    blocks = played.split("=== ")[1:]
    assert any(b.startswith("P1 to decide") for b in blocks)
    assert any(b.startswith("P2 to decide") for b in blocks)
    for block in blocks:
        me, other = ("P1", "P2") if block.startswith("P1") else ("P2", "P1")
        assert re.search(rf"^You \({me}\)$", block, re.M), block
        piles = other_areas(block, other)
        assert piles and all(HIDDEN_HAND.search(line) or "Hand" not in line for line in piles), block
        assert f"{me} decided" not in block
    # Between two people's turns the screen is cleared and the next person presses Enter.
    for before, after in zip(blocks, blocks[1:], strict=False):
        if before[:2] != after[:2]:
            assert "\x1b[2J" in before and f"{after[:2]}, press Enter" in before


def test_the_default_opponent_is_the_games_own(cardsmith):
    """A game names the agent `play` seats against a person by default; martial-arts names its search."""
    from cardsmith.core import get_game

    opponent = get_game("martial-arts").opponent
    assert opponent.split(":")[0] == "ismcts"
    proc = cardsmith("play", "martial-arts", "--seed", "3", stdin="1\n" * 400, toy=False)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == f"Martial Arts: The Card Game (martial-arts): P1 human, P2 {opponent}"
    assert lines[-1].endswith(f"--seats human,{opponent}")

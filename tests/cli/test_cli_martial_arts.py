"""The command line with the first real game, in fresh processes, exactly as a user runs it."""

from __future__ import annotations

import json

from cardsmith.core import get_game

GAME = "martial-arts"


def test_a_whole_game_against_random_from_piped_stdin(cardsmith, tmp_path):
    # A fixed seed: a person is shown only questions with a choice, and some deals give P1 none before it loses.
    proc = cardsmith(
        "play",
        GAME,
        "--seats",
        "human,random",
        "--seed",
        "7",
        "--record",
        str(tmp_path),
        stdin="1\n" * 20000,
        toy=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "Traceback" not in proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == f"{get_game(GAME).name} ({GAME}): P1 human, P2 random"
    assert "=== P1 to decide" in proc.stdout
    assert "  1. " in proc.stdout
    assert lines[-4].startswith("Result: ")
    assert "seed" not in "\n".join(lines[:-3]).lower()  # the seed decides the hands: shown only at the end
    seed = lines[-3].removeprefix("Seed: ")
    assert lines[-2] == f"Replay with: cardsmith play {GAME} --seed {seed} --seats human,random"
    assert lines[-1] == f"Record written to {tmp_path / f'{GAME}-{seed}.json'}"
    (record,) = tmp_path.iterdir()
    replay = cardsmith("replay", str(record), "--as", "P1", toy=False)
    assert replay.returncode == 0, replay.stderr
    assert "Record verified." in replay.stdout
    assert lines[-4] in replay.stdout.splitlines()


def test_simulate_digest_is_the_same_for_any_jobs(cardsmith):
    args = ("simulate", GAME, "--games", "60", "--seed", "11", "--seats", "random,random", "--json")
    one = cardsmith(*args, "--jobs", "1", toy=False)
    two = cardsmith(*args, "--jobs", "2", toy=False)
    assert one.returncode == 0, one.stderr
    assert two.returncode == 0, two.stderr
    first, second = json.loads(one.stdout), json.loads(two.stdout)
    assert first["digest"] == second["digest"]
    assert first == second
    assert first["errors"] == 0
    assert sum(first["wins"]) + first["draws"] == 60

"""Every mistake a user can make on the command line ends in one line on stderr, exit code 2, no traceback."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import tests.support.toy  # noqa: F401  (registers the toy game)

from cardsmith.cli.main import run
from cardsmith.records import record_digest

GOOD_SCENARIO = """
game = "toy"
seed = 3
[zones]
"hand:0" = ["4", "1"]
"hand:1" = ["2"]
[setup]
current = 0
"""


def _write(tmp: Path, name: str, text: str) -> str:
    path = tmp / name
    path.write_text(text)
    return str(path)


def _record(tmp: Path) -> str:
    folder = tmp / "recs"
    assert run(["play", "toy", "--seats", "random,random", "--seed", "5", "--record", str(folder)]) == 0
    return str(folder / "toy-5.json")


def _write_bytes(tmp: Path, name: str, data: bytes) -> str:
    path = tmp / name
    path.write_bytes(data)
    return str(path)


def _resigned(tmp: Path, **changes) -> str:
    """A record edited (fields added or changed) with its digest recomputed, as a forger would."""
    path = Path(_record(tmp))
    data = {**json.loads(path.read_text()), **changes}
    data["digest"] = record_digest(data)
    path.write_text(json.dumps(data))
    return str(path)


def _tampered(tmp: Path) -> str:
    path = Path(_record(tmp))
    data = json.loads(path.read_text())
    data["seed"] = 6
    path.write_text(json.dumps(data))
    return str(path)


CASES = [
    (lambda t: ["play", "nope"], "unknown game 'nope' (known games: "),
    (lambda t: ["simulate", "nope"], "unknown game 'nope'"),
    (lambda t: ["rules", "nope"], "unknown game 'nope'"),
    (lambda t: ["cards", "nope"], "unknown game 'nope'"),
    (lambda t: ["bench", "--games", "toy,nope"], "unknown game 'nope'"),
    (lambda t: ["play", "toy", "--option", "colour=red"], "unknown option 'colour' for toy (options: cap)"),
    (lambda t: ["simulate", "toy", "--option", "cap=lots"], "option 'cap' must be an integer, got 'lots'"),
    (lambda t: ["simulate", "toy", "-o", "cap=2"], "option 'cap' must be at least 4, got 2"),
    (lambda t: ["play", "toy", "--option", "cap"], "option 'cap' must be written key=value"),
    (lambda t: ["play", "toy", "--seats", "random"], "toy is played by 2 to 4 players, not 1"),
    (lambda t: ["simulate", "toy", "--seats", "random,random,random,random,random"], "not 5"),
    (
        lambda t: ["play", "toy", "--seats", "random,robot"],
        "unknown agent 'robot' (known agents: heuristic, human, ismcts, policy, random)",
    ),
    (lambda t: ["play", "toy", "--seats", "random,,random"], "agent names separated by commas"),
    (lambda t: ["simulate", "toy", "--seats", "human,random"], "cannot seat 'human' agents"),
    (lambda t: ["simulate", "toy", "--games", "0"], "number of games must be at least 1"),
    (lambda t: ["simulate", "toy", "--jobs", "0"], "number of jobs must be at least 1"),
    (lambda t: ["bench", "--games", "toy", "--seconds", "0"], "--seconds must be more than 0"),
    (lambda t: ["play", "--scenario", str(t / "missing.toml")], "cannot read scenario"),
    (lambda t: ["play", "--scenario", _write(t, "bad.toml", "game = [")], "is not valid TOML"),
    (
        lambda t: ["play", "--scenario", _write(t, "zone.toml", 'game = "toy"\n[zones]\n"attic" = ["1"]\n')],
        "unknown zone 'attic'",
    ),
    (
        lambda t: ["play", "--scenario", _write(t, "card.toml", 'game = "toy"\n[zones]\n"hand:0" = ["9"]\n')],
        "unknown card '9'",
    ),
    (
        lambda t: ["play", "other", "--scenario", _write(t, "s.toml", GOOD_SCENARIO)],
        "is for 'toy', not 'other'",
    ),
    (
        lambda t: [
            "play",
            "--scenario",
            _write(t, "s.toml", GOOD_SCENARIO),
            "--seats",
            "random,random,random",
        ],
        "the scenario is for 2 players, but --seats names 3",
    ),
    (lambda t: ["replay", str(t / "missing.json")], "cannot read record"),
    (lambda t: ["replay", str(t)], "cannot read record"),
    (lambda t: ["replay", _write(t, "half.json", '{"format": "cardsmith-rec')], "is not JSON"),
    (lambda t: ["replay", _write(t, "empty.json", "{}")], "has no 'format' field"),
    (lambda t: ["replay", _tampered(t)], "digest mismatch"),
    (lambda t: ["replay", _record(t), "--as", "9"], "--as '9' names no seat"),
    (
        lambda t: ["simulate", "toy", "--record", _write(t, "file", "x") + "/sub"],
        "cannot create record folder",
    ),
    # Files that used to escape as a traceback.
    (
        lambda t: ["play", "--scenario", _write_bytes(t, "bin.toml", b"\xff\xfe\x00\x01game")],
        "not UTF-8 text",
    ),
    (
        lambda t: ["replay", _write_bytes(t, "deep.json", b"[" * 100_000 + b"]" * 100_000)],
        "nested too deeply",
    ),
    (
        lambda t: [
            "play",
            "--scenario",
            _write(t, "deep.toml", 'game = "toy"\nx = ' + "[" * 5000 + "]" * 5000),
        ],
        "nested too deeply",
    ),
    # Usage mistakes that used to print a usage box.
    (lambda t: ["nope"], "No such command 'nope'"),
    (lambda t: ["simulate", "toy", "--games", "abc"], "'--games'"),
    (lambda t: ["simulate", "toy", "--seed", "1.5"], "'--seed'"),
    (lambda t: ["play", "toy", "--seed", "abc"], "'--seed'"),
    (lambda t: ["simulate"], "Missing argument"),
    # Empty seats used to fall back to the defaults.
    (lambda t: ["play", "toy", "--seats", ""], "agent names separated by commas"),
    (lambda t: ["simulate", "toy", "--seats", ""], "agent names separated by commas"),
    # Records that used to be accepted.
    (lambda t: ["replay", _resigned(t, seats=["random", "robot"])], "unknown agent 'robot'"),
    (lambda t: ["replay", _resigned(t, comment="hello")], "unknown field 'comment'"),
    # Absurd sizes.
    (
        lambda t: ["simulate", "toy", "--games", "99999999999999999999999", "--jobs", "2"],
        "the number of games must be at most 1,000,000,000",
    ),
    (lambda t: ["simulate", "toy", "--jobs", "100000"], "the number of jobs must be at most 256"),
    (lambda t: ["bench", "--games", "toy", "--seconds", "1e308"], "--seconds must be at most 3600"),
    (lambda t: ["bench", "--games", "toy", "--seconds", "inf"], "--seconds must be at most 3600"),
    (lambda t: ["bench", "--games", "toy", "--seconds", "nan"], "--seconds must be more than 0"),
]


@pytest.mark.parametrize(("argv", "message"), CASES, ids=[str(i) for i in range(len(CASES))])
def test_bad_input_is_one_line(argv, message, tmp_path, capsys):
    args = argv(tmp_path)
    capsys.readouterr()
    code = run(args)
    out, err = capsys.readouterr()
    assert code == 2
    assert "Traceback" not in out + err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: ")
    assert message in lines[0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "nope"], "error: unknown game 'nope'"),
        (["simulate", "toy", "--option", "cap=x"], "error: option 'cap' must be an integer"),
        (["replay", "/nonexistent/record.json"], "error: cannot read record"),
    ],
)
def test_bad_input_in_a_real_process(cardsmith, args, message):
    proc = cardsmith(*args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1
    assert proc.stderr.startswith(message)
    assert "Traceback" not in proc.stderr


def test_corrupt_record_in_a_real_process(cardsmith, tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("[1, 2")
    proc = cardsmith("replay", str(path), toy=False)
    assert proc.returncode == 2
    assert proc.stderr.count("\n") == 1
    assert proc.stderr.startswith(f"error: record {str(path)!r} is not JSON")


def test_usage_mistakes_exit_non_zero_without_traceback(cardsmith):
    proc = cardsmith("simulate", "toy", "--no-such-flag")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert "--no-such-flag" in proc.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nope"], "error: No such command 'nope'"),
        (["simulate", "toy", "--games", "abc"], "error: Invalid value for '--games'"),
        (["simulate", "toy", "--seed", "1.5"], "error: Invalid value for '--seed'"),
        (["play", "toy", "--seed", "abc"], "error: Invalid value for '--seed'"),
        (["simulate", "toy", "--no-such-flag"], "error: No such option: --no-such-flag"),
    ],
)
def test_usage_mistakes_are_one_line_in_a_real_process(cardsmith, args, message):
    proc = cardsmith(*args)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1, proc.stderr
    assert proc.stderr.startswith(message)


def test_help_still_works_and_exits_zero(capsys):
    assert run(["--help"]) == 0
    assert run(["simulate", "--help"]) == 0
    assert "simulate" in capsys.readouterr().out


def test_limits_are_stated_in_help(capsys):
    assert run(["simulate", "--help"]) == 0
    sim_help = re.sub(r"[│\s]+", " ", capsys.readouterr().out)
    assert "at most 1,000,000,000" in sim_help
    assert "at most 256" in sim_help
    assert run(["bench", "--help"]) == 0
    assert "at most 3600" in re.sub(r"[│\s]+", " ", capsys.readouterr().out)

"""docs/rl.md: its Python example runs, and its layout sections are what ``cardsmith.rl.describe`` prints."""

from __future__ import annotations

import json
import re
from pathlib import Path

from cardsmith.rl import describe

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_the_example_runs(capsys):
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```", text, re.M | re.S)
    assert len(blocks) == 1
    exec(compile(blocks[0], "docs/rl.md", "exec"), {"__name__": "docs_example"})
    winners, described = capsys.readouterr().out.strip().splitlines()
    assert winners in ("[0]", "[1]")
    size, name = described.split(" ", 1)
    assert int(size) > 0 and name == "seat==0"


def test_the_layouts_are_generated():
    text = DOC.read_text(encoding="utf-8")
    for game in ("martial-arts", "taidian", "bpoker", "ani-mayhem", "dbz"):
        assert describe(game) in text, f"docs/rl.md: the layout of {game} is out of date"


def test_rl_describe_prints_the_layout_and_every_feature_name(capsys):
    from cardsmith.cli.main import run
    from cardsmith.rl import encoder

    assert run(["rl-describe", "martial-arts"]) == 0
    assert describe("martial-arts").splitlines()[2] in capsys.readouterr().out
    assert run(["rl-describe", "taidian", "--players", "3", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed["players"] == 3 and listed["features"] == encoder("taidian", 3).names


def test_train_refuses_an_unknown_algorithm(capsys):
    from cardsmith.cli.main import run

    assert run(["train", "martial-arts", "--algo", "dqn", "--out", "unused"]) == 2
    assert "unknown --algo 'dqn'" in capsys.readouterr().err

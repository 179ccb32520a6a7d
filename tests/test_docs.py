"""The examples in docs/ are run: the Python example of docs/adding-a-game.md plays Tricks to the end."""

from __future__ import annotations

import re
from pathlib import Path

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_adding_a_game_example_runs(capsys):
    text = (DOCS / "adding-a-game.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```python\n(.*?)^```", text, re.M | re.S)
    assert len(blocks) == 1, "docs/adding-a-game.md should hold exactly one Python example"
    namespace: dict = {"__name__": "docs_example"}
    exec(compile(blocks[0], "docs/adding-a-game.md", "exec"), namespace)
    result = namespace["state"]["result"]
    assert result is not None and result["winners"]
    assert capsys.readouterr().out.strip() == str(result)


def test_the_files_the_walkthrough_names_exist():
    text = (DOCS / "adding-a-game.md").read_text(encoding="utf-8")
    root = Path(__file__).resolve().parents[1] / "tests" / "plugins" / "tricks"
    for name in re.findall(r"`((?:src/cardsmith_tricks/)?[\w.]+\.(?:py|md|toml))`", text):
        if name.startswith("src/") or name == "pyproject.toml":
            assert (root / name).is_file(), f"the walkthrough names {name}, which Tricks does not have"

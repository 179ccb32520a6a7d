"""The examples in README.md are run: the Python API example is executed, the scenario example is loaded."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from cardsmith.core.scenario import state_from_scenario

README = Path(__file__).resolve().parents[1] / "README.md"


def _block(heading: str, language: str) -> str:
    text = README.read_text(encoding="utf-8")
    section = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert section, f"README has no '## {heading}' section"
    block = re.search(rf"^```{language}\n(.*?)^```", section.group(1), re.M | re.S)
    assert block, f"README's '## {heading}' section has no ```{language} block"
    return block.group(1)


def test_python_api_example_runs(capsys):
    code = _block("Python API", "python")
    namespace: dict = {"__name__": "readme_example"}
    exec(compile(code, str(README), "exec"), namespace)
    state, again = namespace["state"], namespace["again"]
    assert state["result"] is not None
    assert again["result"] is not None
    out = capsys.readouterr().out.splitlines()
    assert out[0] == str(state["result"])
    assert out[1].endswith(namespace["state_hash"](again)[:12])


def test_scenario_example_loads():
    data = tomllib.loads(_block("Scenarios", "toml"))
    state = state_from_scenario(data)
    assert state["game"] == data["game"]
    assert state["turn"] == data["setup"]["turn"]
    assert state["pending"] is not None

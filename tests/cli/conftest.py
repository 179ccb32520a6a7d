"""Helpers for the command-line tests: run ``cardsmith`` in a fresh process, with the toy game registered."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Registers the test-only toy game, then runs the real entry point with the given arguments.
_BOOT = (
    f"import sys; sys.path.insert(0, {str(ROOT)!r}); import tests.support.toy; "
    "from cardsmith.cli.main import main; main()"
)


def run_cardsmith(
    *args: str, stdin: str = "", toy: bool = True, timeout: float = 120
) -> subprocess.CompletedProcess:
    """Run ``cardsmith ARGS`` in a subprocess (stdout/stderr captured as text, stdin piped)."""
    command = [sys.executable, "-c", _BOOT, *args] if toy else [sys.executable, "-m", "cardsmith", *args]
    path = os.pathsep.join(p for p in (str(ROOT / "src"), os.environ.get("PYTHONPATH", "")) if p)
    env = {**os.environ, "PYTHONPATH": path, "COLUMNS": "160"}
    return subprocess.run(
        command, input=stdin, capture_output=True, text=True, timeout=timeout, cwd=str(ROOT), env=env
    )


@pytest.fixture
def cardsmith():
    """The :func:`run_cardsmith` helper."""
    return run_cardsmith

"""Make the repository root importable, so tests can ``import tests.support.toy`` (which registers the toy game),
and offer ``registered``: register a game for one test only.

The ``sys.path`` lines are only needed while pyproject's ``[tool.pytest.ini_options]`` has no
``pythonpath = ["."]``.
"""

import sys
from pathlib import Path

import pytest

_ROOT = str(Path(__file__).resolve().parent.parent)
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)


@pytest.fixture
def registered(monkeypatch):
    """``registered(game)`` adds ``game`` to the registry until the test ends, and returns it."""
    from cardsmith.core import all_games, registry

    all_games()  # load the registry first, so the temporary entry is the only change to undo

    def add(game):
        monkeypatch.setitem(registry._GAMES, game.id, game)
        return game

    return add

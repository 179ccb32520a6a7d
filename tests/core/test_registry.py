"""The registry: games register themselves; an unknown id is refused with the list of known ones."""

from __future__ import annotations

import pytest
from tests.support.toy import TOY, ToyGame

from cardsmith import core
from cardsmith.core import registry


def test_an_unknown_game_is_refused_with_the_known_ids():
    known = ", ".join(g.id for g in core.all_games())
    assert "toy" in known.split(", ")
    with pytest.raises(core.UnknownGame) as exc:
        core.get_game("nope")
    assert str(exc.value) == f"unknown game 'nope' (known games: {known})"
    assert isinstance(exc.value, core.CardsmithError)


def test_with_no_games_the_message_says_none(monkeypatch):
    monkeypatch.setattr(registry, "_GAMES", {})
    monkeypatch.setattr(registry, "_loaded", True)
    with pytest.raises(core.UnknownGame, match=r"^unknown game 'toy' \(known games: none\)$"):
        core.get_game("toy")
    assert core.all_games() == []


def test_games_are_found_by_id_and_listed_in_id_order():
    assert core.get_game("toy") is TOY
    ids = [g.id for g in core.all_games()]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    assert TOY in core.all_games()


def test_an_id_is_registered_once(monkeypatch):
    monkeypatch.setitem(registry._GAMES, "toy", TOY)  # restored after the test

    class Impostor(ToyGame):
        pass

    with pytest.raises(ValueError, match="game id 'toy' is already registered"):
        core.register(Impostor())
    assert core.get_game("toy") is TOY
    again = ToyGame()
    assert core.register(again) is again  # the same class may register again (a reloaded module)
    assert core.get_game("toy") is again


def test_getting_one_game_imports_only_that_game():
    """A game is loaded through the entry point named after it; the others are imported only when the whole list
    is asked for (or an id no entry point is named after)."""
    import ast
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from cardsmith.core.registry import get_game, all_games\n"
        "get_game('martial-arts')\n"
        "print(sorted(m for m in sys.modules if m.count('.') == 2 and m.startswith('cardsmith.games.')))\n"
        "all_games()\n"
        "print(sorted(m for m in sys.modules if m.count('.') == 2 and m.startswith('cardsmith.games.')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    first, second = out.splitlines()
    assert first == "['cardsmith.games.martial_arts']"
    assert {"cardsmith.games.bpoker", "cardsmith.games.dbz", "cardsmith.games.taidian"} <= set(
        ast.literal_eval(second)
    )

"""Every rule id listed in a game's player guide is cited by the name of at least one test.

For each registered game, the rule ids are read from ``game.rules_guide()`` (ids such as ``MA-5.5``, ``TAI-3.4``,
``BP-10.2``). A test cites an id when its function name contains the id with ``-`` and ``.`` written as ``_``
(``MA-5.5`` -> ``test_MA_5_5_...``), not directly preceded by a letter or digit and not followed by a digit, so
``MA_1_1`` is not cited by ``test_MA_1_10``. Only real test functions count: their names are collected with
:mod:`ast` from every ``.py`` file under ``tests/``, so comments, strings and helper functions do not.

Games defined by the test suite itself (the ``toy`` game in ``tests/support``) are engine fixtures with no rules
guide; they are left out so that the result does not depend on which test modules happened to be imported first.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import pytest

from cardsmith.core import Game, all_games

TESTS_DIR = Path(__file__).resolve().parent

# A rule id: an upper-case prefix, a dash, then section.number, not glued to a longer word or number.
RULE_ID = re.compile(r"(?<![A-Za-z0-9])([A-Z]{1,6}-\d+\.\d+)(?![\d])")


def _shipped(game: Game) -> bool:
    return type(game).__module__.split(".")[0] != "tests"


GAMES = [g for g in all_games() if _shipped(g)]


def guide_ids(game: Game) -> list[str]:
    """The distinct rule ids named in the game's rules guide, in order of first appearance."""
    return list(dict.fromkeys(RULE_ID.findall(game.rules_guide() or "")))


def function_names_in(source: str, filename: str = "<test>") -> set[str]:
    """The names of the test functions and test methods defined in Python source."""
    tree = ast.parse(source, filename=filename)
    return {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith("test")
    }


@functools.cache
def collected_test_names() -> tuple[str, ...]:
    """The names of all test functions (and test methods) defined in .py files under tests/."""
    found: set[str] = set()
    for path in sorted(TESTS_DIR.rglob("*.py")):
        found |= function_names_in(path.read_text(encoding="utf-8"), str(path))
    return tuple(sorted(found))


def cited(rule_id: str, test_names: tuple[str, ...]) -> bool:
    token = re.escape(rule_id.replace("-", "_").replace(".", "_"))
    pattern = re.compile(rf"(?<![A-Za-z0-9]){token}(?!\d)")
    return any(pattern.search(name) for name in test_names)


def test_there_is_a_game_to_check():
    assert GAMES, "no game is registered"


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_rule_id_in_the_guide_is_cited_by_a_test_name(game):
    ids = guide_ids(game)
    assert ids, f"{game.id}: the rules guide lists no rule ids"
    names = collected_test_names()
    uncited = [rule_id for rule_id in ids if not cited(rule_id, names)]
    assert not uncited, (
        f"{game.id}: {len(uncited)} of {len(ids)} rule ids in the guide are not cited by any test name: "
        + ", ".join(uncited)
    )


# ----------------------------------------------------------------------------------------- the matching itself


def test_id_matching_needs_a_non_digit_after_the_id():
    names = ("test_MA_1_10_something", "test_MA_9_14_reduce", "test_XMA_2_2_other")
    assert not cited("MA-1.1", names)
    assert cited("MA-1.10", names)
    assert not cited("MA-9.1", names)
    assert cited("MA-9.14", names)
    assert not cited("MA-2.2", names)  # glued to a longer prefix
    assert cited("MA-1.1", ("test_MA_1_1_two_players",))
    assert cited("MA-1.1", ("test_MA_1_1",))
    assert cited("MA-3.4", ("test_MA_3_3_MA_3_4_phases",))


def test_guide_id_pattern_reads_the_id_styles_of_all_games():
    text = "See (MA-5.5, TAI-3.4), BP-10.2 and AM-1.1; DBZ-7.3. Not UTF-8 or xMA-4.4, but MA-5.5 again."
    assert RULE_ID.findall(text) == ["MA-5.5", "TAI-3.4", "BP-10.2", "AM-1.1", "DBZ-7.3", "MA-5.5"]


def test_only_real_test_functions_count():
    # Names from comments, strings and helpers must not count; test functions and methods must.
    source = (
        "# test_MA_99_1 in a comment\n"
        "X = 'test_MA_99_2'\n"
        "def helper_MA_99_3(): pass\n"
        "def test_MA_99_4(): pass\n"
        "class TestX:\n"
        "    async def test_MA_99_5(self): pass\n"
    )
    names = tuple(function_names_in(source))
    assert [rid for rid in ("MA-99.1", "MA-99.2", "MA-99.3", "MA-99.4", "MA-99.5") if cited(rid, names)] == [
        "MA-99.4",
        "MA-99.5",
    ]


def test_this_suites_own_test_names_are_collected():
    names = collected_test_names()
    assert "test_every_rule_id_in_the_guide_is_cited_by_a_test_name" in names
    assert "collected_test_names" not in names and "function_names_in" not in names

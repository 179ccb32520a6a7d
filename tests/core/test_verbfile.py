"""Verbs declared as data (``verbs.toml``): read into the same :class:`Verb` objects, and every mistake refused in one
line naming the file, the verb and the field."""

from __future__ import annotations

import pytest

from cardsmith.core.actions import CardArg, ChoiceArg, IntArg, SeatArg, Verb
from cardsmith.core.errors import CardDataError
from cardsmith.core.verbfile import load_verbs


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A throwaway importable package whose ``verbs.toml`` each test writes."""
    name = "verbfile_" + tmp_path.name.replace("-", "_")
    pkg = tmp_path / name
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))

    def write(text: str) -> str:
        (pkg / "verbs.toml").write_text(text, encoding="utf-8")
        return name

    return write


def last(players: int, options: dict) -> int:
    return players * 2


GOOD = """
[[verb]]
name = "pass"
help = "play nothing"

[[verb]]
name = "lay"
help = "lay a card at a player"
args = [{ name = "card", type = "card", help = "a card in hand" }, { name = "target", type = "seat" }]

[[verb]]
name = "pick"
help = "pick a word"
args = [{ name = "word", type = "choice", choices = ["up", "down"] }]

[[verb]]
name = "named"
help = "pick a word from the game's list"
args = [{ name = "word", type = "choice", choices = "colours" }]

[[verb]]
name = "count"
help = "a number"
args = [{ name = "n", type = "int", lo = 1, hi = "last" }]
"""


def test_a_verbs_file_reads_into_the_declared_verbs(package):
    verbs = load_verbs(package(GOOD), {"colours": ("red", "blue"), "last": last})
    assert verbs == (
        Verb("pass", help="play nothing"),
        Verb(
            "lay", (CardArg("card", help="a card in hand"), SeatArg("target")), help="lay a card at a player"
        ),
        Verb("pick", (ChoiceArg("word", ("up", "down")),), help="pick a word"),
        Verb("named", (ChoiceArg("word", ("red", "blue")),), help="pick a word from the game's list"),
        Verb("count", (IntArg("n", 1, last),), help="a number"),
    )


def test_the_built_in_games_declare_their_verbs_in_files():
    from cardsmith.games.bpoker.actions import VERBS as BP
    from cardsmith.games.dbz.actions import VERBS as DBZ
    from cardsmith.games.martial_arts.actions import VERBS as MA
    from cardsmith.games.taidian.game import VERBS as TAI

    assert [v.name for v in MA][:3] == ["start", "event", "adrenaline"]
    assert all(isinstance(v, Verb) and v.help for v in (*MA, *DBZ, *TAI, *BP))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('[[verb]]\nname = "x"\n', ["verb[0] 'x'", "help"]),
        ('[[verb]]\nname = "x"\nhelp = "h"\nspeed = 3\n', ["verb[0] 'x'", "speed"]),
        (
            '[[verb]]\nname = "x"\nhelp = "h"\nargs = [{ name = "a", type = "float" }]\n',
            ["verb[0] 'x'", "type"],
        ),
        (
            '[[verb]]\nname = "x"\nhelp = "h"\nargs = [{ name = "a", type = "int", lo = 0 }]\n',
            ["verb 'x'", "argument 'a'", "needs field 'hi'"],
        ),
        (
            '[[verb]]\nname = "x"\nhelp = "h"\nargs = [{ name = "a", type = "card", lo = 0 }]\n',
            ["verb 'x'", "argument 'a'", "takes no field 'lo'"],
        ),
        (
            '[[verb]]\nname = "x"\nhelp = "h"\nargs = [{ name = "a", type = "int", lo = 0, hi = "nowhere" }]\n',
            ["verb 'x'", "'nowhere' names no bound", "supplies: colours, last"],
        ),
        (
            '[[verb]]\nname = "x"\nhelp = "h"\nargs = [{ name = "a", type = "choice", choices = "last" }]\n',
            ["verb 'x'", "'last' is not a list of words"],
        ),
        ('[[verb]]\nname = "x:y"\nhelp = "h"\n', ["verb name 'x:y'"]),
        ("[[verb]\n", ["not valid TOML"]),
    ],
)
def test_a_mistake_is_one_error_naming_the_file_the_verb_and_the_field(package, text, words):
    with pytest.raises(CardDataError) as err:
        load_verbs(name := package(text), {"colours": ("red", "blue"), "last": last})
    message = str(err.value)
    assert "\n" not in message
    assert message.startswith(f"verb declarations {name}/verbs.toml"), message
    for word in words:
        assert word in message, (word, message)


def test_a_verb_declared_twice_is_refused_when_the_game_builds_its_table(package):
    from cardsmith.core.actions import Verbs

    verbs = load_verbs(package('[[verb]]\nname = "x"\nhelp = "h"\n\n[[verb]]\nname = "x"\nhelp = "again"\n'))
    with pytest.raises(ValueError, match="declared twice"):
        Verbs(verbs)

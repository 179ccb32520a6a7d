"""Game declarations as data (``game.toml``, :mod:`cardsmith.core.gamefile`): what a file declares reaches the
game class, and each kind of mistake is one error naming the file and the field."""

from __future__ import annotations

import pytest

from cardsmith import core
from cardsmith.core.errors import CardDataError
from cardsmith.core.gamefile import load_game_file

GOOD = """
id = "pairs"
name = "Pairs"
summary = "Match two cards."
players = { min = 2, max = 4 }
rules_version = "2"
opponent = "heuristic"
playout_options = { rounds = 3 }

[search]
iterations = 500
rollout = "heuristic"

[[option]]
name = "deck"
kind = "choice"
default = "small"
help = "which deck"
choices = "decks"

[[option]]
name = "rounds"
kind = "int"
help = "rounds to play"
optional = true
minimum = 1

[[option]]
name = "target"
kind = "int"
default_from = "target"
help = "points to win"
maximum = 50

[zones]
stock = { visibility = "none", owned = false, description = "the stock" }
hand = { visibility = "owner", description = "hand" }

[marks]
peeked = "owner+0"
"""


def _load(tmp_path, text: str, named=None):
    path = tmp_path / "game.toml"
    path.write_text(text, encoding="utf-8")
    return load_game_file("cardsmith", named, path=path)


def test_a_game_file_declares_names_players_options_and_zones(tmp_path):
    declared = _load(tmp_path, GOOD, {"decks": ("small", "large"), "target": 21})
    assert (declared.id, declared.name, declared.min_players, declared.max_players) == (
        "pairs",
        "Pairs",
        2,
        4,
    )
    assert (declared.rules_version, declared.opponent, declared.playout_options) == (
        "2",
        "heuristic",
        {"rounds": 3},
    )
    assert declared.search == {"iterations": 500, "rollout": "heuristic"}
    deck, rounds, target = declared.option_specs
    assert deck.choices == ("small", "large") and deck.default == "small"
    assert rounds.optional and rounds.default is None and rounds.minimum == 1
    assert target.default == 21 and target.maximum == 50
    visibility = declared.visibility
    assert visibility.zone_info("stock") == (core.NONE, None)
    assert visibility.zone_info("hand:1") == (core.OWNER, 1)
    assert visibility.mark_kinds == {"peeked": "owner+0"}


def test_a_game_class_takes_what_its_file_declares(tmp_path):
    declared = _load(tmp_path, GOOD, {"decks": ("small", "large"), "target": 21})

    class Pairs(core.Game, declared=declared):
        def setup(self, state):  # pragma: no cover - never dealt here
            raise AssertionError

    assert (Pairs.id, Pairs.max_players, Pairs.opponent) == ("pairs", 4, "heuristic")
    assert [o.name for o in Pairs.option_specs] == ["deck", "rounds", "target"]
    assert Pairs.visibility is declared.visibility


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("rules_version", "colour = 3\nrules_version"), "unknown field `colour`"),
        (('kind = "choice"', 'kind = "list"'), "option"),
        (('choices = "decks"', 'choices = "colours"'), "'colours' names nothing the game supplies"),
        (('default = "small"', 'default = "huge"'), "default 'huge' is refused"),
        (('default_from = "target"', 'default = 3\ndefault_from = "target"'), "not both"),
        (('visibility = "owner"', 'visibility = "friends"'), "visibility"),
        (("max = 4", "max = 1"), "players needs 1 <= min <= max"),
        (('peeked = "owner+0"', 'peeked = "sometimes"'), "unknown visibility 'sometimes'"),
        (('help = "rounds to play"', 'help = "rounds to play"\nchoices = ["a"]'), "takes no field 'choices'"),
        (('rollout = "heuristic"', 'rollout = "clever"'), "field 'search', field 'rollout'"),
        (("iterations = 500", "iterations = 0"), "field 'search', field 'iterations'"),
        (("iterations = 500", "iterations = 500\nepsilon = 1.5"), "field 'search', field 'epsilon'"),
        (("iterations = 500", "iterations = 500\nbias = -1"), "field 'search', field 'bias'"),
    ],
)
def test_a_mistake_in_a_game_file_is_one_error_naming_the_file(tmp_path, change, message):
    old, new = change
    assert old in GOOD
    with pytest.raises(CardDataError) as caught:
        _load(tmp_path, GOOD.replace(old, new, 1), {"decks": ("small", "large"), "target": 21})
    text = str(caught.value)
    assert "game.toml" in text and message in text and "\n" not in text


def test_shipped_games_declare_their_names_in_their_game_file():
    for game_id in ("martial-arts", "taidian", "dbz", "bpoker"):
        game = type(core.get_game(game_id))
        assert game.id == game_id
        assert game.option_specs and game.visibility.zone_kinds

"""Named, validated game options: parsing each kind, bounds, errors that name the option, key=value pairs."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardsmith.core import OptionError, OptionSpec
from cardsmith.core.options import parse_option_pairs, resolve_options

LIFE = OptionSpec("life", "int", 15, "starting life", minimum=1, maximum=99)
CAP = OptionSpec("cap", "int", None, "turn cap", minimum=0, optional=True)
HOUSE = OptionSpec("house_rules", "bool", True, "use the house rules")
MODE = OptionSpec("event_mode", "choice", "hand", "where events come from", choices=("hand", "per_game"))
DECK = OptionSpec("event_deck", "str", "", "a deck file")
SPECS = (LIFE, CAP, HOUSE, MODE, DECK)


@given(st.integers(min_value=1, max_value=99))
def test_int_parses_numbers_and_their_text(n):
    assert LIFE.parse(n) == n
    assert LIFE.parse(str(n)) == n
    assert LIFE.parse(f"  {n} ") == n


@given(st.integers().filter(lambda n: not 1 <= n <= 99))
def test_int_outside_its_bounds_is_refused_with_the_bound(n):
    bound = "at least 1" if n < 1 else "at most 99"
    with pytest.raises(OptionError, match=rf"option 'life' must be {bound}, got {n}$"):
        LIFE.parse(n)
    with pytest.raises(OptionError, match=rf"option 'life' must be {bound}"):
        LIFE.parse(str(n))


def test_int_bounds_are_inclusive():
    assert LIFE.parse(1) == 1
    assert LIFE.parse(99) == 99


@pytest.mark.parametrize("raw", ["ten", "1.5", "", "0x10", 1.0, 2.5, True, False, [3]])
def test_int_refuses_what_is_not_an_integer(raw):
    with pytest.raises(OptionError, match=r"option 'life' must be an integer, got "):
        LIFE.parse(raw)


def test_a_required_value_cannot_be_none():
    with pytest.raises(OptionError, match=r"option 'life' needs a value"):
        LIFE.parse(None)


@pytest.mark.parametrize("raw", [None, "none", "off", "", " None "])
def test_an_optional_int_may_be_unset(raw):
    assert CAP.parse(raw) is None


def test_an_optional_int_still_checks_values():
    assert CAP.parse("12") == 12
    with pytest.raises(OptionError, match="option 'cap' must be at least 0, got -1"):
        CAP.parse("-1")
    with pytest.raises(OptionError, match="option 'cap' must be an integer"):
        CAP.parse("many")


@pytest.mark.parametrize(
    ("raw", "value"),
    [(True, True), (False, False), ("true", True), ("Yes", True), (" on ", True), ("1", True), (1, True),
     ("false", False), ("NO", False), ("off", False), ("0", False), (0, False)],
)  # fmt: skip
def test_bool_parses_the_usual_words(raw, value):
    assert HOUSE.parse(raw) is value


@pytest.mark.parametrize("raw", ["maybe", "", "2", 2, "tru"])
def test_bool_refuses_other_words(raw):
    with pytest.raises(OptionError, match=r"option 'house_rules' must be true or false, got "):
        HOUSE.parse(raw)


def test_choice_accepts_only_its_choices():
    assert MODE.parse("per_game") == "per_game"
    assert MODE.parse(" hand ") == "hand"
    with pytest.raises(OptionError, match=r"option 'event_mode' must be one of hand, per_game; got 'Hand'"):
        MODE.parse("Hand")
    with pytest.raises(OptionError, match=r"option 'event_mode' must be one of"):
        MODE.parse("")


def test_str_accepts_text_only():
    assert DECK.parse("decks/tiger.toml") == "decks/tiger.toml"
    assert DECK.parse("") == ""
    with pytest.raises(OptionError, match=r"option 'event_deck' must be text, got 5"):
        DECK.parse(5)


def test_resolve_fills_defaults_and_parses_given_values():
    assert resolve_options("g", SPECS, None) == {
        "life": 15,
        "cap": None,
        "house_rules": True,
        "event_mode": "hand",
        "event_deck": "",
    }
    got = resolve_options("g", SPECS, {"life": "30", "house_rules": "no", "event_mode": "per_game"})
    assert got == {"life": 30, "cap": None, "house_rules": False, "event_mode": "per_game", "event_deck": ""}


def test_resolve_names_an_unknown_option_the_game_and_its_options():
    with pytest.raises(OptionError) as exc:
        resolve_options("martial-arts", SPECS, {"lives": 3})
    assert str(exc.value) == (
        "unknown option 'lives' for martial-arts (options: cap, event_deck, event_mode, house_rules, life)"
    )
    with pytest.raises(OptionError, match=r"unknown option 'x' for toy \(options: none\)"):
        resolve_options("toy", (), {"x": 1})


def test_resolve_names_the_option_with_a_bad_value():
    with pytest.raises(OptionError, match=r"^option 'life' must be at most 99, got 100$"):
        resolve_options("g", SPECS, {"life": 100, "event_mode": "hand"})


def test_resolve_does_not_change_its_input():
    given = {"life": "20"}
    resolve_options("g", SPECS, given)
    assert given == {"life": "20"}


def test_parse_option_pairs_splits_key_value():
    assert parse_option_pairs([]) == {}
    assert parse_option_pairs(["life=30", " event_mode = per_game ", "deck=a=b", "note="]) == {
        "life": "30",
        "event_mode": "per_game",
        "deck": "a=b",
        "note": "",
    }


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        (["life"], r"^option 'life' must be written key=value$"),
        (["=30"], r"^option '=30' must be written key=value$"),
        ([" =30"], r"^option ' =30' must be written key=value$"),
        (["life=1", "life = 2"], r"^option 'life' is given twice$"),
    ],
)
def test_parse_option_pairs_errors(pairs, message):
    with pytest.raises(OptionError, match=message):
        parse_option_pairs(pairs)

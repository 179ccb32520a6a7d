"""DBZ: decks given by their list, as option text or a file (``--option decklist_p1=@FILE``), checked against the
deck-building rules with one error line for each broken rule (DBZ-1.3, DBZ-2.1, DBZ-2.2)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from tests.support.dbz_helpers import mps

from cardsmith.cli.main import run
from cardsmith.core import DeckError, ScenarioError, new_game
from cardsmith.core.scenario import state_from_scenario
from cardsmith.games.dbz.cards import deck_problems, load_card_set, parse_deck_list

CS = load_card_set()


def listing(deck: str) -> str:
    return "\n".join(f"{n}x {t}" for t, n in Counter(CS.decks[deck].cards).items())


def test_DBZ_2_1_DBZ_2_2_one_error_line_for_each_broken_deck_rule():
    bad = ["Cobblestone Jab"] * 5 + ["Kairo's Morning Kata Drill"] * 5 + ["Kairo, Unbound", "Spirit Bomb"]
    problems = deck_problems(bad, CS, "Kairo")
    assert len(problems) == 4
    assert problems[0] == "'Spirit Bomb' is not a card of the card set"
    assert problems[1].startswith("'Kairo, Unbound' is a level card") and problems[1].endswith("(DBZ-1.3)")
    assert problems[2] == "a life deck holds at least 50 cards, this one holds 12 (DBZ-2.1)"
    assert problems[3].startswith(
        "5 copies of 'Cobblestone Jab', 5 copies of \"Kairo's Morning Kata Drill\"; "
    )
    assert "(Kairo: at most 4 times) (DBZ-2.2)" in problems[3]
    with pytest.raises(DeckError) as caught:
        new_game("dbz", 2, 0, {"decklist_p1": "; ".join(bad)})
    lines = str(caught.value).splitlines()
    assert lines == [f"P1's deck list for Kairo: {p}" for p in problems]
    assert deck_problems(CS.decks["brannoc"].cards, CS, "Brannoc") == []


def test_DBZ_2_5_a_deck_list_names_its_own_mp():
    text = "# Brannoc, built from the sample\nMP: Brannoc\n" + listing("brannoc")
    assert parse_deck_list(text)[0] == "Brannoc"
    s = new_game("dbz", 2, 0, {"decklist_p1": text})
    assert mps(s) == ["Brannoc", "Vashna"]
    with pytest.raises(
        DeckError, match='for Kairo: 4 copies of "Brannoc\'s Red Ember Drill"; a life deck holds at most 3'
    ):
        new_game("dbz", 2, 0, {"decklist_p1": text.replace("MP: Brannoc", "MP: Kairo")})
    with pytest.raises(DeckError, match="'Goku' is not a Main Personality"):
        new_game("dbz", 2, 0, {"decklist_p1": text.replace("MP: Brannoc", "MP: Goku")})


def test_DBZ_2_1_a_deck_file_is_given_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    good = tmp_path / "brannoc.txt"
    good.write_text("MP: Brannoc\n" + listing("brannoc"), encoding="utf-8")
    code = run(["simulate", "dbz", "--games", "1", "--json", "--option", f"decklist_p2=@{good}"])
    assert code == 0
    bad = tmp_path / "short.txt"
    bad.write_text("MP: Brannoc\n5x Cobblestone Jab\n", encoding="utf-8")
    capsys.readouterr()
    assert run(["simulate", "dbz", "--games", "1", "--option", f"decklist_p1=@{bad}"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: P1's deck list for Brannoc:")
    assert "(DBZ-2.1)" in err[0] and "(DBZ-2.2)" in err[0]
    assert run(["simulate", "dbz", "--option", f"decklist_p1=@{tmp_path / 'none.txt'}"]) == 2
    assert "error: option 'decklist_p1': cannot read" in capsys.readouterr().err


def test_DBZ_2_2_a_scenario_carries_a_deck_list_checked_like_any_other():
    zones = {"life:0": ["Sieve Palm"] * 5, "life:1": ["Sieve Palm"] * 5}
    text = "MP: Brannoc\n" + listing("brannoc")
    s = state_from_scenario({"game": "dbz", "options": {"decklist_p1": text}, "zones": zones, "setup": {}})
    assert mps(s) == ["Brannoc", "Vashna"]  # the list's MP plays the position
    broken = text.replace("4x Brannoc's Red Ember Drill", "5x Brannoc's Red Ember Drill")
    with pytest.raises(ScenarioError, match=r"P1's deck list for Brannoc: 5 copies .*\(DBZ-2\.2\)"):
        state_from_scenario({"game": "dbz", "options": {"decklist_p1": broken}, "zones": zones})

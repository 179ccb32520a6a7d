"""Martial Arts: decks given by their list, as option text or a file (``--option decklist_p1=@FILE``), checked
against the deck-building rules MA-2.1 to MA-2.5 with one error line for each broken rule (MA-2.6)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from cardsmith.cli.main import run
from cardsmith.core import DeckError, ScenarioError, new_game, view
from cardsmith.core.scenario import state_from_scenario
from cardsmith.games.martial_arts.cards import load_card_set, parse_deck_list

CS = load_card_set()


def listing(deck: str) -> str:
    return "\n".join(f"{n}x {name}" for name, n in Counter(CS.decks[deck].cards).items())


def deck_cards(state: dict, seat: int) -> Counter[str]:
    """Every card a seat owns at the start (deck and hand), by name."""
    return Counter(state["cards"][c] for z in (f"deck:{seat}", f"hand:{seat}") for c in state["zones"][z])


def test_MA_2_6_a_deck_list_replaces_the_sample_deck():
    text = "# the crane deck, written out\n" + listing("crane")
    assert Counter(parse_deck_list(text)) == Counter(CS.decks["crane"].cards)
    state = new_game("martial-arts", 2, 0, {"decklist_p1": text, "starting_player": "P1"})
    assert deck_cards(state, 0) == Counter(CS.decks["crane"].cards)  # P1 plays the list, not deck_p1 (tiger)
    assert deck_cards(state, 1) == Counter(CS.decks["crane"].cards)
    assert view(state, 0)["zones"]["hand:0"]  # the game starts and deals from the list


def test_MA_2_6_one_error_line_for_each_broken_deck_rule():
    bad = "5x Tiger Paw Jab; Dragon Tail Whip; 2x Torrential Rain"
    with pytest.raises(DeckError) as caught:
        new_game("martial-arts", 2, 0, {"decklist_p2": bad})
    lines = str(caught.value).splitlines()
    assert len(lines) == 3
    assert lines[0] == "P2's deck list breaks MA-2.3: 'Dragon Tail Whip' not defined in the card data"
    assert lines[1].startswith("P2's deck list breaks MA-2.2: 5 copies of 'Tiger Paw Jab' (1 too many)")
    assert lines[2] == "P2's deck list breaks MA-2.1: 8 cards, at least 40 are needed (32 short)"
    with pytest.raises(DeckError, match=r"'0x Tiger Paw Jab' asks for 0 copies"):
        new_game("martial-arts", 2, 0, {"decklist_p1": "0x Tiger Paw Jab"})


def test_MA_2_5_a_deck_list_loses_its_events_before_the_size_check_under_per_game():
    tiger = list(CS.decks["tiger"].cards)
    events = [n for n in tiger if CS.is_event(n)]
    moves = [n for n in tiger if not CS.is_event(n)]
    assert events and len(moves) >= 40
    # 39 cards besides the Events: legal only while Events count (MA-2.4)
    short = Counter(moves[:39] + events)
    text = "\n".join(f"{n}x {name}" for name, n in short.items())
    assert deck_cards(new_game("martial-arts", 2, 0, {"decklist_p1": text}), 0).total() == 39 + len(events)
    with pytest.raises(DeckError) as caught:
        new_game("martial-arts", 2, 0, {"decklist_p1": text, "event_mode": "per_game"})
    assert str(caught.value) == (
        f"P1's deck list breaks MA-2.1 after MA-2.5 set aside {len(events)} Event cards: "
        "39 cards, at least 40 are needed (1 short)"
    )


def test_MA_2_1_a_deck_file_is_given_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    good = tmp_path / "crane.txt"
    good.write_text(listing("crane"), encoding="utf-8")
    assert (
        run(["simulate", "martial-arts", "--games", "1", "--json", "--option", f"decklist_p1=@{good}"]) == 0
    )
    bad = tmp_path / "short.txt"
    bad.write_text("5x Tiger Paw Jab\n", encoding="utf-8")
    capsys.readouterr()
    assert run(["simulate", "martial-arts", "--games", "1", "--option", f"decklist_p2=@{bad}"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: P2's deck list breaks MA-2.2")
    assert "MA-2.1" in err[0]


def test_MA_2_3_a_scenario_carries_a_deck_list_checked_like_any_other():
    zones = {"hand:0": ["Tiger Paw Jab"], "hand:1": ["Tiger Paw Jab"]}
    text = listing("crane")
    state_from_scenario(
        {"game": "martial-arts", "options": {"decklist_p1": text}, "zones": zones, "setup": {}}
    )
    broken = text + "\nDragon Tail Whip"
    with pytest.raises(ScenarioError, match=r"P1's deck list breaks MA-2\.3: 'Dragon Tail Whip'"):
        state_from_scenario({"game": "martial-arts", "options": {"decklist_p1": broken}, "zones": zones})

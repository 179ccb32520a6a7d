"""Ani-Mayhem, section 2: every refusal of a deck names the rule it breaks and by how much (AM-2.17).

Each test changes the solo sample deck (8 Characters, 20 Power cards, 9 Locations and Items, 31 Disasters of which
11 Major and 16 Combat) just enough to break one rule and keep every rule checked before it.
"""

from __future__ import annotations

import dataclasses
import tomllib
from importlib import resources

import pytest

from cardsmith.core import DeckError, new_game
from cardsmith.core.errors import CardDataError
from cardsmith.games.ani_mayhem.cards import Deck, parse_card_set, validate_deck
from cardsmith.games.ani_mayhem.rules import CARDS

SOLO = CARDS.decks["solo"]


def deck(**changes: object) -> Deck:
    return dataclasses.replace(SOLO, **changes)


def table(base: tuple, **counts: int) -> tuple:
    out = dict(base)
    for name, n in counts.items():
        name = name.replace("_", " ")
        if n:
            out[name] = n
        else:
            out.pop(name, None)
    return tuple(out.items())


def refusal(d: Deck, players: int = 1, *, extra_havens: bool = False) -> str:
    with pytest.raises(DeckError) as err:
        validate_deck(d, CARDS, players, extra_havens=extra_havens)
    return str(err.value)


def test_AM_2_17_the_sample_decks_pass():
    validate_deck(SOLO, CARDS, 1)


def test_AM_2_1_a_deck_without_a_combat_pile_is_refused_by_one_card():
    msg = refusal(deck(combat=()))
    assert "AM-2.1" in msg and "0 Combat cards" in msg and "1 too few" in msg


def test_AM_2_2_a_fourth_copy_of_a_haven_is_one_too_many():
    d = deck(power=table(SOLO.power, Cafe_Hideout=3, Scooter=0, Team_Spirit=0, Tailwind=0))
    msg = refusal(d, extra_havens=True)
    assert "AM-2.2" in msg and "4 copies of 'Cafe Hideout'" in msg and "1 too many" in msg


def test_AM_2_3_a_character_twice_is_one_too_many():
    msg = refusal(deck(characters=SOLO.characters[:-1] + ("Reiko Sato",)))
    assert "AM-2.3" in msg and "appears 2 times" in msg and "1 too many" in msg


def test_AM_2_5_a_power_card_four_times_is_one_too_many():
    msg = refusal(deck(power=table(SOLO.power, Battle_Aura=4, Bathhouse_Pass=0, Rift_Compass=0)))
    assert "AM-2.5" in msg and "4 copies of 'Battle Aura'" in msg and "1 too many" in msg


def test_AM_2_7_too_many_locations_and_by_how_much():
    d = deck(locations=SOLO.locations + ("Ramen Stand",), items=table(SOLO.items, Data_Disk=2))
    msg = refusal(d)
    assert "AM-2.7" in msg and "10 Locations, needs exactly 9" in msg and "1 too many" in msg
    msg = refusal(deck(locations=SOLO.locations[:-2], items=SOLO.items[:-2]))
    assert "AM-2.7" in msg and "7 Locations, needs exactly 9" in msg and "2 too few" in msg


def test_AM_2_7_a_repeated_location_names_how_many_copies_are_too_many():
    msg = refusal(deck(locations=SOLO.locations[:-1] + ("Police Station",)))
    assert "AM-2.7" in msg and "'Police Station' appears 2 times" in msg and "1 too many" in msg


def test_AM_2_7_the_player_count_decides_and_new_game_refuses_with_the_amount():
    with pytest.raises(DeckError, match=r"AM-2\.7: 9 Locations, needs exactly 4 \(5 too many\)"):
        new_game("ani-mayhem", 5, 0, {"decks": "solo,solo,solo,solo,solo"})


def test_AM_2_9_one_item_per_location_too_many_and_too_few():
    msg = refusal(deck(items=table(SOLO.items, Photo_Album=2)))
    assert "AM-2.9" in msg and "10 Items for 9 Locations" in msg and "1 too many" in msg
    msg = refusal(deck(items=table(SOLO.items, Photo_Album=0, Data_Disk=0)))
    assert "AM-2.9" in msg and "7 Items for 9 Locations" in msg and "2 too few" in msg


def test_AM_2_10_an_extra_haven_without_the_option_is_counted():
    msg = refusal(deck(power=table(SOLO.power, Temple_Sanctuary=1, Scooter=0)))
    assert "AM-2.10" in msg and "1 more" in msg


def test_AM_2_13_the_disaster_total_by_how_much():
    msg = refusal(deck(disasters=table(SOLO.disasters, Acid_Fog=3)))
    assert "AM-2.13" in msg and "32 Disasters, needs exactly 31" in msg and "1 too many" in msg
    msg = refusal(deck(disasters=table(SOLO.disasters, Acid_Fog=0, Tar_Pit=1)))
    assert "AM-2.13" in msg and "27 Disasters, needs exactly 31" in msg and "4 too few" in msg


def test_AM_2_14_the_major_count_by_how_much():
    msg = refusal(deck(disasters=table(SOLO.disasters, Giant_Kaiju=1, Runaway_Mecha=3)))
    assert "AM-2.14" in msg and "10 Major Disasters, needs exactly 11 of 31" in msg and "1 too few" in msg


def test_AM_2_15_the_combat_count_by_how_much():
    msg = refusal(deck(disasters=table(SOLO.disasters, Rampaging_Fan=2, Cowardly_Ninja=2)))
    assert "AM-2.15" in msg and "17 Combat Disasters, needs exactly 16 of 31" in msg and "1 too many" in msg


def deck_list_refusal(**changes: object) -> str:
    data = tomllib.loads(resources.files("cardsmith.games.ani_mayhem").joinpath("cards.toml").read_text())
    solo = data["deck"][0]
    assert solo["id"] == "solo"
    for key, value in changes.items():
        solo[key] = value(solo[key]) if callable(value) else value
    with pytest.raises(CardDataError) as err:
        parse_card_set(data)
    return str(err.value)


def test_AM_2_1_a_deck_list_names_known_cards_of_the_right_type_each_at_least_once():
    msg = deck_list_refusal(items=lambda items: {**items, "Nope": 1})
    assert "deck[0] 'solo', field 'items': unknown card 'Nope'" in msg
    msg = deck_list_refusal(locations=lambda locs: [*locs, "Reiko Sato"])
    assert "field 'locations': 'Reiko Sato' is a card of type character, not location" in msg
    msg = deck_list_refusal(haven="Data Disk")
    assert "field 'haven': 'Data Disk' is a card of type item, not haven or location" in msg
    msg = deck_list_refusal(items=lambda items: {**items, "Data Disk": 0})
    assert "field 'items': 'Data Disk': 0 copies; a count is at least 1" in msg


def test_AM_2_9_a_sample_deck_that_breaks_a_rule_is_refused_when_the_file_is_loaded():
    msg = deck_list_refusal(items=lambda items: {**items, "Data Disk": 2})
    assert "sample deck 'solo' (1 player): AM-2.9: 10 Items for 9 Locations (1 too many)" in msg

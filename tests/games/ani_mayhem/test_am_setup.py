"""Ani-Mayhem scenario tests, section 2: deck construction and setup.

The sample decks: `solo` (1 player: 8 Characters, 20 Power cards, 1 Haven, 9 Locations and Items, 31 Disasters),
`tank_police` and `spirit_office` (2 players: 6, 15, 1, 7 and 21), `trio`, `quartet`, `band` (5 or 6 players).
"""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from tests.support.ani_mayhem_helpers import (
    GAME,
    args_of,
    cell,
    choose,
    kind,
    opts,
    phase,
    public,
    refused,
)

from cardsmith.core import DeckError, apply, get_game, new_game
from cardsmith.core.actions import option_id
from cardsmith.games.ani_mayhem.cards import Deck, deck_requirements, locations_per_player, validate_deck
from cardsmith.games.ani_mayhem.rules import CARDS

SOLO = CARDS.decks["solo"]


def deck(**changes) -> Deck:
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


def refuses(d: Deck, players: int, *parts: str) -> None:
    with pytest.raises(DeckError) as err:
        validate_deck(d, CARDS, players)
    for part in parts:
        assert part in str(err.value), str(err.value)


def to_play(state: dict, limit: int = 400) -> None:
    """Finish setup by always taking the first option (the discard menus choose "done")."""
    for _ in range(limit):
        if phase(state) != "setup":
            return
        ids = opts(state)
        apply(state, "done" if "done" in ids else ids[0])
    raise AssertionError("setup did not finish")


def types_in(state: dict, zone: str) -> Counter:
    return Counter(CARDS.cards[state["cards"][c]].type for c in state["zones"][zone])


# ================================================================ deck construction


def test_AM_2_1_card_ids_come_in_blocks_by_kind_and_the_action_space_stays_small():
    # Options name a Character, a Disaster, a Location or Haven, or an Enhancement or Equipment in play by its card
    # id; each kind has one range of ids, so the action space is a sum of small domains for every player count.
    game = get_game(GAME)
    block = {"character": 0, "disaster": 1, "location": 2, "haven": 2, "enhancement": 3, "equipment": 3}
    for players in range(game.min_players, game.max_players + 1):
        s = new_game(GAME, players, 0)
        blocks = [block.get(CARDS.cards[n].type, 4) for n in s["cards"]]
        assert blocks == sorted(blocks)
        space = game.action_space(players, s["options"])
        assert space.size < 4000
        for kind_ in ("character", "disaster"):
            last = max(c for c, n in enumerate(s["cards"]) if CARDS.cards[n].type == kind_)
            verb = "move" if kind_ == "character" else "attack"
            assert space.decode(space.encode(option_id(verb, last))) == option_id(verb, last)


def test_AM_2_1_a_deck_brings_every_kind_of_card_and_a_combat_pile():
    s = new_game(GAME, 1, 0)
    kinds = Counter(CARDS.cards[n].type for n in s["cards"])
    assert kinds == {
        "character": 8,
        "location": 9,
        "item": 9,
        "haven": 1,
        "disaster": 31,
        "combat": 20,
        "enhancement": 5,
        "equipment": 6,
        "flash": 7,
        "global": 2,
    }
    refuses(deck(combat=()), 1, "AM-2.1")


def test_AM_2_2_at_most_three_copies_of_a_card():
    d = deck(disasters=table(SOLO.disasters, Whirlwind=4, Meteor_Strike=1))
    refuses(d, 1, "AM-2.2", "4 copies of 'Whirlwind'", "1 too many")


def test_AM_2_3_each_character_only_once():
    refuses(
        deck(characters=SOLO.characters[:-1] + ("Reiko Sato",)), 1, "AM-2.3", "'Reiko Sato' appears 2 times"
    )


def test_AM_2_4_any_number_of_power_cards():
    # 24 Power cards: ceil(33 / 2) - 2 = 15 + 18 = 33 Disasters, 11 Major, 17 Combat.
    d = deck(
        power=table(SOLO.power, Team_Spirit=3, Tailwind=3),
        disasters=table(SOLO.disasters, Slime_Blob=3, Falling_Piano=3),
    )
    assert sum(n for _, n in d.power) == 24
    validate_deck(d, CARDS, 1)


def test_AM_2_5_power_cards_still_obey_the_copy_limit():
    d = deck(power=table(SOLO.power, Battle_Aura=4, Bathhouse_Pass=0, Rift_Compass=0))
    refuses(d, 1, "AM-2.5", "4 copies of 'Battle Aura'")


def test_AM_2_6_a_combat_pile_takes_any_number_of_copies():
    validate_deck(deck(combat=(("Lucky Break", 12), ("Tripped", 5))), CARDS, 1)


def test_AM_2_7_locations_per_player_count_all_different():
    assert [locations_per_player(n) for n in range(1, 7)] == [9, 7, 5, 5, 4, 4]
    refuses(
        deck(locations=SOLO.locations[:-1], items=SOLO.items[:-1]), 1, "AM-2.7", "8 Locations", "1 too few"
    )
    refuses(
        deck(locations=SOLO.locations[:-1] + ("Police Station",)),
        1,
        "AM-2.7",
        "'Police Station' appears 2 times",
    )
    with pytest.raises(DeckError, match="AM-2.7: 9 Locations, needs exactly 7"):
        new_game(GAME, 2, 0, {"decks": "solo,tank_police"})


def test_AM_2_8_two_players_may_bring_the_same_location():
    s = new_game(GAME, 2, 4)
    to_play(s)
    placed = Counter(s["cards"][p] for p in s["zones"]["field"])
    assert placed["Shopping Arcade"] == 2 and placed["Police Station"] == 2


def test_AM_2_9_one_item_per_location():
    refuses(deck(items=table(SOLO.items, Photo_Album=0)), 1, "AM-2.9", "8 Items for 9 Locations", "1 too few")


def test_AM_2_10_exactly_one_haven_or_a_spare_location_standing_in():
    validate_deck(deck(haven="Rooftop Hot Tub"), CARDS, 1)  # a spare Location, not one of the counted nine
    refuses(deck(power=table(SOLO.power, Temple_Sanctuary=1, Scooter=0)), 1, "AM-2.10")
    # In play the stand-in is a Haven without text: no Movement +1 for leaving it (the Cafe Hideout would give it).
    from tests.support.ani_mayhem_helpers import board, cid, steps_left

    s = board({"field:-1:0": ["Rooftop Hot Tub"], "pc:-1:0": ["Kenji Hoshino"]}, {"havens": [[-1, 0]]})
    kenji = cid(s, "Kenji Hoshino")
    choose(s, option_id("move", kenji))
    choose(s, option_id("step_to", cid(s, "Police Station")))
    assert steps_left(s) == 1  # Kenji's Movement 2, not 3, less the 1 step used
    assert cell(s, cid(s, "Rooftop Hot Tub"))["seat"] == 0


def test_AM_2_11_draw_pile_disasters_formula():
    assert deck_requirements(20, 1, 8, 9, 1)["draw"] == 13  # ceil(29 / 2) - 2
    s = new_game(GAME, 1, 2)
    to_play(s)
    assert types_in(s, "draw:0")["disaster"] == 13


def test_AM_2_12_a_negative_count_means_none():
    assert deck_requirements(12, 1, 6, 4, 6)["draw"] == 0  # ceil(19 / 2) - 12 < 0
    s = new_game(GAME, 6, 2)
    to_play(s)
    assert all(types_in(s, f"draw:{seat}")["disaster"] == 0 for seat in range(6))


def test_AM_2_13_total_disasters_add_two_per_location():
    assert deck_requirements(20, 1, 8, 9, 1)["total"] == 31
    d = deck(disasters=table(SOLO.disasters, Tar_Pit=2))
    refuses(
        d,
        1,
        "AM-2.13",
        "30 Disasters, needs exactly 31",
        "13 for the Draw pile",
        "18 for the Locations",
        "1 too few",
    )


def test_AM_2_14_exactly_a_third_rounded_up_are_major():
    d = deck(disasters=table(SOLO.disasters, Whirlwind=2, Tar_Pit=3, Slime_Blob=2, Falling_Piano=3))
    refuses(d, 1, "AM-2.14", "10 Major Disasters, needs exactly 11", "1 too few")


def test_AM_2_15_exactly_half_rounded_up_are_combat():
    d = deck(disasters=table(SOLO.disasters, Slime_Blob=1, Falling_Piano=3))
    refuses(d, 1, "AM-2.15", "15 Combat Disasters, needs exactly 16", "1 too few")
    assert deck_requirements(36, 1, 6, 5, 3)["combat"] == 13  # not the seed's slip (11)


def test_AM_2_16_the_worked_check():
    assert deck_requirements(36, 1, 6, 5, 3) == {"draw": 16, "total": 26, "major": 9, "combat": 13}


def test_AM_2_17_every_deck_is_checked_before_setup():
    for players, ids in ((1, "solo"), (2, "tank_police,spirit_office"), (3, "trio,trio,trio")):
        new_game(GAME, players, 0, {"decks": ids})
    with pytest.raises(DeckError, match=r"AM-2\.7: 7 Locations, needs exactly 5 \(2 too many\)"):
        new_game(GAME, 3, 0, {"decks": "trio,trio,tank_police"})
    with pytest.raises(DeckError, match=r"AM-2\.13: 12 Disasters, needs exactly 14"):
        new_game(GAME, 3, 0, {"decks": "trio,quartet,trio"})


# ================================================================ setup


def test_AM_2_18_seat_order_and_a_random_first_player():
    firsts = {public(new_game(GAME, 3, seed))["first"] for seed in range(20)}
    assert firsts == {0, 1, 2}
    s = new_game(GAME, 3, 0)
    first = public(s)["first"]
    assert s["pending"]["seat"] == (first + 1) % 3  # the first player's Location went to (0, 0) by itself
    to_play(s)
    assert public(s)["active"] == first


def test_AM_2_19_combat_piles_are_shuffled_and_set_aside():
    orders = set()
    for seed in range(6):
        s = new_game(GAME, 1, seed)
        orders.add(tuple(s["cards"][c] for c in s["zones"]["combat:0"]))
        assert len(s["zones"]["combat:0"]) == 20 and all(
            CARDS.cards[s["cards"][c]].type == "combat" for c in s["zones"]["combat:0"]
        )
    assert len(orders) == 6


def test_AM_2_20_locations_are_placed_in_turn_order_round_the_table():
    s = new_game(GAME, 2, 5)
    first = public(s)["first"]
    seats = []
    while phase(s) == "setup" and kind(s) == "place_location":
        seats.append(s["pending"]["seat"])
        apply(s, opts(s)[0])
    # 14 Locations: the first goes to (0, 0) by itself, then the seats alternate.
    assert len(seats) == 13
    assert seats == [(first + 1 + i) % 2 for i in range(13)]


def test_AM_2_21_the_first_location_goes_to_0_0():
    s = new_game(GAME, 1, 7)
    assert len(s["zones"]["field"]) == 2  # the first is placed; the second waits for a cell
    assert cell(s, s["zones"]["field"][0])["xy"] == [0, 0]


def test_AM_2_22_later_locations_touch_a_placed_card():
    s = new_game(GAME, 1, 7)
    cells = set(args_of(s, "place"))
    assert cells == {(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1)} - {(0, 0)}
    refused(s, option_id("place", 2, 0))
    choose(s, option_id("place", 1, 1))
    cells = set(args_of(s, "place"))
    assert (2, 2) in cells and (-2, 0) not in cells and (1, 1) not in cells


def test_AM_2_23_havens_go_next_to_a_location():
    s = new_game(GAME, 1, 7)
    while kind(s) == "place_location":
        apply(s, opts(s)[0])
    assert kind(s) == "place_haven"
    locs = [tuple(cell(s, p)["xy"]) for p in s["zones"]["field"]]
    cells = set(args_of(s, "place"))
    assert all(any(abs(x - a) <= 1 and abs(y - b) <= 1 for a, b in locs) for x, y in cells)
    refused(s, option_id("place", 40, 40))


def test_AM_2_24_havens_need_not_be_on_the_edge():
    # Every empty cell next to a Location is offered, including cells enclosed by Locations.
    s = new_game(GAME, 1, 7)
    while kind(s) == "place_location":
        apply(s, opts(s)[-1])
    locs = {tuple(cell(s, p)["xy"]) for p in s["zones"]["field"]}
    around = {(a + dx, b + dy) for a, b in locs for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - locs
    cells = set(args_of(s, "place"))
    assert cells == around


def test_AM_2_25_AM_2_26_an_item_and_two_disasters_under_each_own_location():
    s = new_game(GAME, 2, 3)
    to_play(s)
    for p in s["zones"]["field"]:
        owner = s["owner"][p]
        assert [s["owner"][x] for x in s["zones"][f"it:{p}"]] == [owner]
        stack = s["zones"][f"ds:{p}"]
        assert len(stack) == 2 and all(
            s["owner"][x] == owner and CARDS.cards[s["cards"][x]].type == "disaster" for x in stack
        )


def test_AM_2_27_up_to_four_characters_start_in_the_haven():
    s = new_game(GAME, 1, 3)
    while kind(s) != "starting_characters":
        apply(s, opts(s)[0])
    picks = 0
    while kind(s) == "starting_characters":
        assert "done" in opts(s)
        apply(s, opts(s)[0])
        picks += 1
    assert picks == 4
    haven = s["zones"]["haven:0"][0]
    assert len(s["zones"][f"pc:{haven}"]) == 4
    # stopping early is allowed
    s = new_game(GAME, 1, 3)
    while kind(s) != "starting_characters":
        apply(s, opts(s)[0])
    apply(s, opts(s)[0])
    apply(s, "done")
    assert len(s["zones"][f"pc:{haven}"]) == 1


def test_AM_2_28_opening_hands_of_seven_never_hold_a_disaster():
    for seed in range(5):
        s = new_game(GAME, 2, seed)
        to_play(s)
        for seat in (0, 1):
            hand = types_in(s, f"hand:{seat}")
            assert sum(hand.values()) == 7 and "disaster" not in hand


def test_AM_2_29_the_rest_is_shuffled_into_the_draw_pile():
    s = new_game(GAME, 1, 3)
    to_play(s)
    draw = types_in(s, "draw:0")
    in_play = len(public(s)["chars"])
    assert draw["disaster"] == 13
    assert (
        draw["character"] + draw["enhancement"] + draw["equipment"] + draw["flash"] + draw["global"]
        == 28 - 7 - in_play
    )
    assert "lpile:0" not in s["zones"] and "dpile:0" not in s["zones"]


def test_AM_2_30_AM_2_31_free_discards_in_turn_order_not_replaced_until_reload():
    s = new_game(GAME, 1, 3, {"first_turn_full": False})
    while kind(s) != "discard":
        apply(s, opts(s)[0])
    assert public(s)["phase"] == "setup"
    choose(s, "discard_from_hand")
    apply(s, opts(s)[0])
    choose(s, "discard_from_hand")
    apply(s, opts(s)[0])
    choose(s, "discard_from_haven")
    apply(s, opts(s)[0])
    assert len(s["zones"]["hand:0"]) == 5 and len(s["zones"]["discard:0"]) == 3
    choose(s, "done")
    # the first turn starts at Equip: no Reload, so the hand stays at 5 (plus nothing drawn)
    assert public(s)["phase"] == "equip"
    assert len(s["zones"]["hand:0"]) == 5

"""DBZ scenario tests: the shipped cards beyond the sample set (the Hero Brannoc with two levels, his deck and five
cards; RULES.md, "Beyond the sample set") make rules matter in play that the sample set alone cannot reach.

``life:S`` is listed top card first.
"""

from __future__ import annotations

import pytest
from tests.support.dbz_helpers import (
    angers,
    deciding,
    do,
    drills,
    first_player,
    has,
    levels,
    play_id,
    position,
    refused,
    stages,
    used_drills,
)
from tests.support.scenario import names

from cardsmith.core import OptionError, new_game, view
from cardsmith.games.dbz.cards import load_card_set, validate_deck

BRANNOC = ["Brannoc", "Kairo"]
FILL = ["Sieve Palm"] * 6


def test_brannocs_sample_deck_obeys_the_deck_rules():
    cs = load_card_set()
    deck = cs.decks["brannoc"]
    assert deck.mp == "Brannoc" and len(deck.cards) == 60
    assert validate_deck(deck.cards, cs, "Brannoc") == deck.cards
    assert deck.cards.count("Brannoc's Red Ember Drill") == 4  # DBZ-2.2: a title naming the deck's own MP


def test_DBZ_2_9_the_hero_goes_first_when_the_power_check_does_not_apply():
    for seed in range(4):
        s = new_game("dbz", 2, seed, {"deck_p1": "kairo", "deck_p2": "brannoc"})
        assert first_player(s) == 1 and stages(s) == [5, 5]  # 600 against 900: no doubling (DBZ-2.7)
        assert [e for e in view(s, 0)["events"] if e["t"] == "first"] == [
            {"t": "first", "seat": 1, "how": "hero"}
        ]
        t = new_game("dbz", 2, seed, {"deck_p1": "brannoc", "deck_p2": "vashna"})
        assert first_player(t) == 0 and stages(t) == [5, 5]  # 900 against 1200
    # DBZ-2.10: two Heroes (or none) leave it to chance
    assert deciding(new_game("dbz", 2, 0, {"deck_p1": "brannoc", "deck_p2": "brannoc"}))[1] == "first_player"


def test_DBZ_8_5_a_title_with_a_name_and_a_colour_word_is_a_named_drill_without_colour():
    s = position(
        {
            "drills:0": ["Black Anvil Posture Drill"],
            "hand:0": ["Brannoc's Red Ember Drill", "Red Brick-Wall Drill"],
        },
        mp=BRANNOC,
    )
    assert refused(s, play_id(s, 0, "Red Brick-Wall Drill"))  # the lock is Black
    do(s, "play", "Brannoc's Red Ember Drill")  # not Red: the colour lock does not bind it
    assert drills(s, 0) == ["Black Anvil Posture Drill", "Brannoc's Red Ember Drill"]
    assert refused(s, play_id(s, 0, "Red Brick-Wall Drill"))  # and it sets no Red colour either
    # drawn with a Black drill in play, it never clashes (DBZ-9.1, DBZ-9.8)
    t = position(
        {"drills:0": ["Black Anvil Posture Drill"], "life:0": ["Brannoc's Red Ember Drill", *FILL]},
        mp=BRANNOC,
        step="draw",
    )
    assert deciding(t) == (0, "non_combat") and not has(t, "show_and_shuffle", "Brannoc's Red Ember Drill")


def test_DBZ_8_6_colour_words_that_give_a_shipped_drill_two_colours_are_refused():
    words = "Black,Blue,Orange,Red,Saiyan,Namekian"
    s = position({"hand:0": ["Saiyan Silver-Crest Drill", "Red Brick-Wall Drill"]}, mp=BRANNOC)
    do(s, "play", "Saiyan Silver-Crest Drill")  # one colour word: a Saiyan drill
    assert refused(s, play_id(s, 0, "Red Brick-Wall Drill"))
    with pytest.raises(OptionError, match=r"'Saiyan Silver-Crest Drill' has two colour words.*\(DBZ-8\.6\)"):
        new_game("dbz", 2, 0, {"deck_p1": "brannoc", "colour_words": words + ",Silver"})


def test_DBZ_9_7_a_card_that_draws_offers_the_clash_choice_after_its_draw():
    s = position(
        {
            "drills:0": ["Black Anvil Posture Drill"],
            "hand:0": ["Second Wind Scroll", "Lantern Bolt"],
            "life:0": ["Orange Kiln-Step Drill", "Oak-Arm Guard", *FILL],
        },
        mp=BRANNOC,
    )
    assert not has(s, "show_and_shuffle", "Orange Kiln-Step Drill")
    do(s, "play", "Second Wind Scroll")
    assert sorted(names(s, "hand:0")) == ["Lantern Bolt", "Oak-Arm Guard", "Orange Kiln-Step Drill"]
    assert names(s, "discard:0") == ["Second Wind Scroll"] and len(s["zones"]["life:0"]) == 6
    assert deciding(s)[0] == 0
    assert has(s, "show_and_shuffle", "Orange Kiln-Step Drill") and has(
        s, "discard_unshown", "Orange Kiln-Step Drill"
    )
    do(s, "discard_unshown", "Orange Kiln-Step Drill")
    assert names(s, "discard:0") == ["Second Wind Scroll", "Orange Kiln-Step Drill"]
    assert deciding(s) == (0, "non_combat")


def test_DBZ_13_1_a_players_own_card_draw_can_empty_their_life_deck():
    s = position({"hand:0": ["Second Wind Scroll", "Lantern Bolt"], "life:0": ["Oak-Arm Guard"]}, mp=BRANNOC)
    do(s, "play", "Second Wind Scroll")
    assert s["result"]["winners"] == [1] and names(s, "hand:0") == ["Lantern Bolt", "Oak-Arm Guard"]


def test_DBZ_11_12_DBZ_11_16_two_anger_drills_each_add_their_own_anger_in_one_step_2():
    s = position(
        {
            "drills:0": ["Red Boiling-Kettle Drill"],
            "hand:0": ["Clenched-Breath Drill", "Clenched-Breath Drill", "Lantern Bolt"],
        },
        mp=BRANNOC,
    )
    do(s, "play", "Clenched-Breath Drill")
    do(s, "play", "Clenched-Breath Drill")  # DBZ-8.14: copies of a colourless drill
    assert drills(s, 0) == ["Red Boiling-Kettle Drill", "Clenched-Breath Drill", "Clenched-Breath Drill"]
    do(s, "use_power", "Clenched-Breath Drill")
    do(s, "use_power", "Clenched-Breath Drill")  # the other copy: its own once-per-turn use (DBZ-11.14)
    do(s, "use_power", "Red Boiling-Kettle Drill")
    assert angers(s) == [3, 0] and len(used_drills(s)) == 3
    assert not has(s, "use_power")


def test_DBZ_13_3_both_life_decks_emptied_by_the_same_card_is_a_draw():
    s = position(
        {
            "hand:0": ["Last Stand Pact", "Lantern Bolt"],
            "life:0": ["Sieve Palm"] * 2,
            "life:1": ["Sieve Palm"] * 2,
        },
        mp=BRANNOC,
    )
    do(s, "play", "Last Stand Pact")
    assert s["result"] == {
        "winners": [],
        "draw": True,
        "reason": "both life decks became empty at the same moment",
    }
    # DBZ-13.2: the pair that empties one deck first ends the game there
    t = position(
        {
            "hand:0": ["Last Stand Pact", "Lantern Bolt"],
            "life:0": ["Sieve Palm"] * 3,
            "life:1": ["Sieve Palm"],
        },
        mp=BRANNOC,
    )
    do(t, "play", "Last Stand Pact")
    assert t["result"]["winners"] == [0] and len(t["zones"]["life:0"]) == 2


def test_DBZ_13_6_brannoc_reaching_his_top_level_does_not_win_against_three_levels():
    s = position(
        {"drills:0": ["Clenched-Breath Drill"], "hand:0": ["Lantern Bolt"]},
        mp=BRANNOC,
        anger=[4, 0],
        stage=[3, 5],
    )
    do(s, "use_power", "Clenched-Breath Drill")
    assert levels(s) == [2, 1] and s["result"] is None  # Brannoc's top, but Kairo has three levels
    assert stages(s)[0] == 10 and drills(s, 0) == []  # DBZ-4.6, DBZ-4.12
    # DBZ-4.8: at his top level more anger changes nothing
    t = position(
        {"drills:0": ["Clenched-Breath Drill"], "hand:0": ["Lantern Bolt"]},
        mp=BRANNOC,
        level=[2, 1],
        anger=[4, 0],
    )
    do(t, "use_power", "Clenched-Breath Drill")
    assert levels(t) == [2, 1] and angers(t) == [5, 0] and t["result"] is None
    # DBZ-13.4: Kairo's three levels are at least Brannoc's two
    u = position({"hand:1": ["Old Grudge Remembered", "Lantern Bolt"]}, mp=BRANNOC, level=[1, 2], anger=[0, 3],
                 active=1, turn=2)  # fmt: skip
    do(u, "play", "Old Grudge Remembered")
    assert u["result"]["winners"] == [1]

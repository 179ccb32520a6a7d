"""DBZ scenario tests: power, anger and levels (section 4), level changes and drills (DBZ-7.6 .. DBZ-7.10),
anger and level effects (DBZ-12.9 .. DBZ-12.12, DBZ-12.16) and the end of the game (section 13)."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

import pytest
from tests.support.dbz_helpers import angers, do, drills, has, levels, play_id, position, refused, stages
from tests.support.scenario import names

from cardsmith.core import GameOver, OptionError, apply, new_game, view
from cardsmith.games.dbz import cards as dbz_cards
from cardsmith.games.dbz.cards import parse_card_set
from cardsmith.games.dbz.game import DragonBallZ

RAW = tomllib.loads(Path(dbz_cards.__file__).with_name("cards.toml").read_text(encoding="utf-8"))


def game_with_levels(kairo_levels: int, vashna_levels: int) -> DragonBallZ:
    """The dbz game with Kairo and Vashna cut down to their first levels."""
    raw = copy.deepcopy(RAW)
    keep = {"Kairo": kairo_levels, "Vashna": vashna_levels}
    for mp in raw["mp"]:
        mp["levels"] = mp["levels"][: keep.get(mp["name"], len(mp["levels"]))]
    return DragonBallZ(parse_card_set(raw))


# ================================================================ section 4: power, anger and levels


def test_DBZ_4_1_power_is_the_table_value_at_the_current_stage():
    s = position(level=[1, 2], stage=[4, 9], step="declare")
    pub = view(s, None)["public"]["seats"]
    assert (pub[0]["power"], pub[1]["power"]) == (500, 6800)
    s = position(level=[3, 1], stage=[0, 10], step="declare")
    assert [p["power"] for p in view(s, 0)["public"]["seats"]] == [0, 2200]


def test_DBZ_4_2_a_stage_never_rises_above_10():
    s = position({"drills:0": ["Kairo's Morning Kata Drill"]}, step="powerup", stage=[9, 5])
    assert stages(s)[0] == 10  # 9 + PUR 2 = 11, capped
    s = position({"hand:1": ["Old Grudge Remembered"]}, step="powerup", stage=[10, 5])
    assert stages(s)[0] == 10


def test_DBZ_4_3_damage_beyond_stage_0_is_taken_as_life_cards():
    # Kairo L2 stage 10 (6000, row 4) hits Vashna L1 stage 2 (600, row 2): base 3, +1 own bonus = 4 stages.
    s = position(
        {"hand:0": ["Pinwheel Heel Strike", "Drum-Chest Roar"]}, step="combat", level=[2, 1], stage=[10, 2]
    )
    do(s, "attack", "Pinwheel Heel Strike")
    assert stages(s)[1] == 0
    assert len(s["zones"]["life:1"]) == 8 and names(s, "discard:1") == ["Cobblestone Jab"] * 2


def test_DBZ_4_4_a_stage_cost_needs_enough_stages_and_never_spills_into_life():
    s = position({"hand:0": ["Furnace Wave", "Lantern Bolt"]}, step="combat", stage=[2, 5])
    assert has(s, "attack", "Lantern Bolt") and not has(s, "attack", "Furnace Wave")  # costs 2 and 3
    assert refused(s, play_id(s, 0, "Furnace Wave", "attack"))
    do(s, "attack", "Lantern Bolt")
    assert stages(s)[0] == 0 and len(s["zones"]["life:0"]) == 10


def test_DBZ_4_5_anger_stops_at_0():
    s = position({"hand:0": ["Lullaby of the Valley", "Lantern Bolt"]}, anger=[0, 1])
    do(s, "play", "Lullaby of the Valley")
    assert angers(s) == [0, 0]


def test_DBZ_4_6_anger_5_advances_the_mp_to_the_next_level_at_stage_10_and_anger_0():
    s = position({"hand:0": ["Old Grudge Remembered", "Lantern Bolt"]}, anger=[3, 0], stage=[2, 5])
    do(s, "play", "Old Grudge Remembered")
    assert (levels(s)[0], stages(s)[0], angers(s)[0]) == (2, 10, 0)


def test_DBZ_4_7_anger_beyond_5_is_lost_one_advance_only():
    s = position({"hand:0": ["Old Grudge Remembered", "Lantern Bolt"]}, anger=[4, 0])
    do(s, "play", "Old Grudge Remembered")  # 4 + 2: one advance, the extra point is lost
    assert (levels(s)[0], angers(s)[0]) == (2, 0)


def test_DBZ_4_8_at_the_highest_level_anger_5_does_nothing_and_stays_5():
    s = position(
        {"hand:0": ["Old Grudge Remembered", "Lullaby of the Valley"]},
        level=[3, 1],
        anger=[4, 0],
        stage=[3, 5],
    )
    do(s, "play", "Old Grudge Remembered")
    assert (levels(s)[0], stages(s)[0], angers(s)[0]) == (3, 3, 5)
    assert s["result"] is None


def test_DBZ_4_9_a_card_that_raises_the_level_sets_stage_10_and_keeps_anger():
    s = position({"hand:0": ["Ninth-Gate Breakthrough", "Lantern Bolt"]}, anger=[3, 0], stage=[1, 5])
    do(s, "play", "Ninth-Gate Breakthrough")
    assert (levels(s)[0], stages(s)[0], angers(s)[0]) == (2, 10, 3)


def test_DBZ_4_10_a_card_that_lowers_the_level_keeps_the_stage_number_and_anger():
    # Kairo L3 stage 1 (10000, row 5) hits Vashna L2 stage 6 (4400, row 4): 2 stages, then Vashna drops a level.
    s = position(
        {"hand:0": ["Pride-Breaker Throw", "Drum-Chest Roar"]},
        step="combat",
        level=[3, 2],
        stage=[1, 6],
        anger=[0, 2],
    )
    do(s, "attack", "Pride-Breaker Throw")
    assert (levels(s)[1], stages(s)[1], angers(s)[1]) == (1, 4, 2)
    assert view(s, 0)["public"]["seats"][1]["power"] == 1000  # read from the level-1 table


def test_DBZ_4_11_a_level_change_past_either_end_does_nothing_and_keeps_drills():
    s = position(
        {"hand:0": ["Pride-Breaker Throw", "Drum-Chest Roar"], "drills:1": ["Red Brick-Wall Drill"]},
        step="combat",
        level=[2, 1],
        stage=[10, 5],
    )
    do(s, "attack", "Pride-Breaker Throw")  # 6000 (row 4) vs 1200 (row 3): 2 - 1 reduction = 1 stage: a hit
    assert stages(s)[1] == 4 and levels(s)[1] == 1
    assert drills(s, 1) == ["Red Brick-Wall Drill"]
    t = position(
        {"hand:0": ["Ninth-Gate Breakthrough", "Lantern Bolt"], "drills:0": ["Hill-Sprint Drill"]},
        level=[3, 1],
    )
    do(t, "play", "Ninth-Gate Breakthrough")
    assert levels(t)[0] == 3 and drills(t, 0) == ["Hill-Sprint Drill"] and t["result"] is None


def test_DBZ_4_12_every_level_change_discards_that_players_drills():
    up = position(
        {"hand:0": ["Old Grudge Remembered", "Lantern Bolt"], "drills:0": ["Black Anvil Posture Drill"]},
        anger=[3, 0],
    )
    do(up, "play", "Old Grudge Remembered")
    assert drills(up, 0) == [] and names(up, "discard:0")[0] == "Black Anvil Posture Drill"
    card = position(
        {"hand:0": ["Ninth-Gate Breakthrough", "Lantern Bolt"], "drills:0": ["Hill-Sprint Drill"]}
    )
    do(card, "play", "Ninth-Gate Breakthrough")
    assert drills(card, 0) == [] and "Hill-Sprint Drill" in names(card, "discard:0")


# ================================================================ level changes and drills (DBZ-7.6 .. DBZ-7.10)


def test_DBZ_7_6_rising_a_level_by_anger_or_card_discards_every_drill_at_once():
    held = ["Namekian Taproot Drill", "Kairo's Morning Kata Drill", "Gravel-Sack Conditioning Drill"]
    s = position(
        {"hand:0": ["Drum-Chest Roar", "Lantern Bolt"], "drills:0": held}, step="combat", anger=[4, 0]
    )
    do(s, "combat_action", "Drum-Chest Roar")  # in combat, anger reaches 5
    assert levels(s)[0] == 2 and drills(s, 0) == []
    assert sorted(names(s, "discard:0")) == sorted([*held, "Drum-Chest Roar"])


def test_DBZ_7_7_lowering_a_level_by_card_discards_that_players_drills_too():
    s = position(
        {
            "hand:0": ["Pride-Breaker Throw", "Drum-Chest Roar"],
            "drills:1": ["Red Brick-Wall Drill", "Hill-Sprint Drill"],
        },
        step="combat",
        level=[3, 2],
        stage=[5, 6],
    )
    do(s, "attack", "Pride-Breaker Throw")
    assert levels(s)[1] == 1 and drills(s, 1) == []
    assert names(s, "discard:1") == ["Hill-Sprint Drill", "Red Brick-Wall Drill"]


def test_DBZ_7_8_named_and_colourless_drills_go_on_a_level_change_like_coloured_ones():
    s = position(
        {
            "hand:0": ["Ninth-Gate Breakthrough", "Lantern Bolt"],
            "drills:0": ["Kairo's Morning Kata Drill", "Kairo's Morning Kata Drill", "Two-Schools Drill"],
        }
    )
    do(s, "play", "Ninth-Gate Breakthrough")
    assert drills(s, 0) == []
    assert names(s, "discard:0") == [
        "Two-Schools Drill",
        "Kairo's Morning Kata Drill",
        "Kairo's Morning Kata Drill",
        "Ninth-Gate Breakthrough",
    ]


def test_DBZ_7_9_a_level_change_never_touches_the_other_players_drills():
    s = position(
        {
            "hand:0": ["Old Grudge Remembered", "Lantern Bolt"],
            "drills:1": ["Blue Heron Watch Drill", "Vashna's Cold Focus Drill"],
        },
        anger=[3, 0],
    )
    do(s, "play", "Old Grudge Remembered")
    assert levels(s) == [2, 1]
    assert drills(s, 1) == ["Vashna's Cold Focus Drill", "Blue Heron Watch Drill"]


def test_DBZ_7_10_drills_discarded_together_go_in_entry_order_latest_on_top():
    s = position(
        {
            "hand:0": [
                "Black Coal-Forge Drill",
                "Kairo's Morning Kata Drill",
                "Old Grudge Remembered",
                "Lantern Bolt",
            ]
        },
        anger=[3, 0],
    )
    do(s, "play", "Kairo's Morning Kata Drill")
    do(s, "play", "Black Coal-Forge Drill")
    do(s, "play", "Old Grudge Remembered")
    assert names(s, "discard:0") == [
        "Kairo's Morning Kata Drill",
        "Black Coal-Forge Drill",
        "Old Grudge Remembered",
    ]


# ================================================================ anger and level effects (section 12)


def test_DBZ_12_9_anger_self_raises_or_lowers_ones_own_anger():
    s = position({"hand:0": ["Old Grudge Remembered", "Lantern Bolt"]}, anger=[1, 1])
    do(s, "play", "Old Grudge Remembered")
    assert angers(s) == [3, 1]
    c = position({"hand:0": ["Drum-Chest Roar", "Lantern Bolt"]}, step="combat", anger=[0, 0])
    do(c, "combat_action", "Drum-Chest Roar")
    assert angers(c) == [1, 0]


def test_DBZ_12_10_anger_opp_changes_the_opposing_mps_anger():
    s = position({"hand:0": ["Lullaby of the Valley", "Lantern Bolt"]}, anger=[2, 4])
    do(s, "play", "Lullaby of the Valley")
    assert angers(s) == [2, 2]
    c = position({"hand:0": ["Cool Rain Gaze", "Lantern Bolt"]}, step="combat", anger=[2, 4])
    do(c, "combat_action", "Cool Rain Gaze")
    assert angers(c) == [2, 3]


def test_DBZ_12_11_level_self_raises_ones_own_mp_one_level():
    s = position({"hand:0": ["Ninth-Gate Breakthrough", "Lantern Bolt"]}, level=[1, 2])
    do(s, "play", "Ninth-Gate Breakthrough")
    assert levels(s) == [2, 2] and names(s, "discard:0") == ["Ninth-Gate Breakthrough"]


def test_DBZ_12_12_level_opp_lowers_the_opposing_mp_one_level():
    s = position(
        {"hand:0": ["Pride-Breaker Throw", "Lantern Bolt"]}, step="combat", level=[3, 3], stage=[10, 1]
    )
    do(s, "attack", "Pride-Breaker Throw")  # 25000 (row 7) vs 9000 (row 4): 4 stages
    assert levels(s) == [3, 2] and stages(s)[1] == 0


def test_DBZ_12_16_a_card_that_changes_nothing_is_still_played_and_discarded():
    s = position({"hand:0": ["Lullaby of the Valley", "Lantern Bolt"]}, anger=[0, 0])
    do(s, "play", "Lullaby of the Valley")
    assert angers(s) == [0, 0] and names(s, "discard:0") == ["Lullaby of the Valley"]
    t = position(
        {"hand:0": ["Pride-Breaker Throw", "Lantern Bolt"]}, step="combat", level=[2, 1], stage=[10, 5]
    )
    do(t, "attack", "Pride-Breaker Throw")  # hits a level-1 MP: the drop does nothing, the card is discarded
    assert levels(t)[1] == 1 and names(t, "discard:0") == ["Pride-Breaker Throw"]


# ================================================================ section 13: the end of the game


def test_DBZ_13_1_a_player_whose_life_deck_empties_loses_even_by_their_own_draw():
    s = position({"life:0": ["Lantern Bolt", "Sieve Palm"]}, step="draw")
    assert s["result"] == {"winners": [1], "draw": False, "reason": "survival: P1's life deck is empty"}
    assert s["pending"] is None


def test_DBZ_13_2_the_check_comes_after_each_single_card_so_the_rest_is_ignored():
    s = position(
        {"hand:0": ["Furnace Wave"], "life:1": ["Oak-Arm Guard", "Sieve Palm"]}, step="combat", stage=[5, 5]
    )
    do(s, "attack", "Furnace Wave")  # 6 life cards, only 2 there
    assert s["result"]["winners"] == [0]
    assert names(s, "discard:1") == ["Oak-Arm Guard", "Sieve Palm"]
    d = position({"life:0": ["Lantern Bolt", "Sieve Palm"]}, step="draw")
    assert names(d, "hand:0") == ["Lantern Bolt", "Sieve Palm"]  # the draw stopped at the emptying card


def test_DBZ_13_3_both_life_decks_empty_at_the_same_moment_is_a_draw():
    s = position({"life:0": [], "life:1": [], "hand:0": ["Lantern Bolt"]})
    assert s["result"] == {
        "winners": [],
        "draw": True,
        "reason": "both life decks became empty at the same moment",
    }


def test_DBZ_13_4_reaching_the_highest_level_wins():
    s = position({"hand:0": ["Old Grudge Remembered", "Lantern Bolt"]}, level=[2, 1], anger=[4, 0])
    do(s, "play", "Old Grudge Remembered")
    assert s["result"]["winners"] == [0] and "Most Powerful Personality" in s["result"]["reason"]
    c = position({"hand:0": ["Ninth-Gate Breakthrough", "Lantern Bolt"]}, level=[2, 1])
    do(c, "play", "Ninth-Gate Breakthrough")
    assert c["result"]["winners"] == [0]


def test_DBZ_13_5_the_win_comes_at_once_even_in_the_middle_of_an_attack():
    s = position(
        {"hand:0": ["Bull-Temper Rush"], "hand:1": ["Oak-Arm Guard"]},
        step="combat",
        level=[2, 1],
        anger=[4, 0],
    )
    do(s, "attack", "Bull-Temper Rush")  # ON_PLAY anger +1 reaches level 3 before any response
    assert s["result"]["winners"] == [0] and s["pending"] is None
    assert names(s, "play:0") == ["Bull-Temper Rush"] and names(s, "hand:1") == ["Oak-Arm Guard"]
    assert "damage" not in [e["t"] for e in s["events"]]


def test_DBZ_13_6_an_mp_with_fewer_levels_cannot_win_by_reaching_its_top(registered):
    registered(game_with_levels(2, 3))
    s = position(
        {"hand:0": ["Old Grudge Remembered", "Lantern Bolt"], "drills:0": ["Hill-Sprint Drill"]}, anger=[3, 0]
    )
    do(s, "play", "Old Grudge Remembered")
    assert levels(s)[0] == 2 and s["result"] is None  # Kairo's top, but Vashna has more levels
    assert drills(s, 0) == []
    t = position(
        {"hand:1": ["Old Grudge Remembered", "Lantern Bolt"]},
        anger=[0, 3],
        mp=["Kairo", "Vashna"],
        active=1,
        turn=2,
    )
    do(t, "play", "Old Grudge Remembered")
    assert levels(t)[1] == 2 and t["result"] is None


def test_DBZ_13_7_starting_at_the_highest_level_is_not_reaching_it(registered):
    registered(game_with_levels(1, 1))
    s = new_game("dbz", 2, 4)
    assert s["result"] is None and levels(s) == [1, 1]
    t = position({"hand:0": ["Old Grudge Remembered", "Lantern Bolt"]}, anger=[4, 0])
    do(t, "play", "Old Grudge Remembered")
    assert t["result"] is None and angers(t)[0] == 5  # DBZ-4.8 at the top: no change of level, no win


def test_DBZ_13_8_once_the_game_ends_nothing_more_happens():
    s = position(
        {"hand:0": ["Old Grudge Remembered", "Lantern Bolt"], "drills:0": ["Hill-Sprint Drill"]},
        level=[2, 1],
        anger=[4, 0],
    )
    do(s, "play", "Old Grudge Remembered")
    assert s["result"] is not None
    assert names(s, "play:0") == ["Old Grudge Remembered"]  # not even discarded
    assert drills(s, 0) == ["Hill-Sprint Drill"]  # the win came first
    with pytest.raises(GameOver):
        apply(s, "done")


def test_DBZ_13_9_there_is_no_dragon_ball_victory():
    assert new_game("dbz", 2, 0)["options"]["dragon_ball_victory"] is False
    with pytest.raises(OptionError, match="DBZ-14.5"):
        new_game("dbz", 2, 0, {"dragon_ball_victory": True})
    assert not any("Dragon Ball" in t for t in dbz_cards.load_card_set().cards)


def test_DBZ_13_1_an_attack_that_empties_the_opponents_life_deck_wins():
    s = position(
        {"hand:0": ["Lantern Bolt", "Pinwheel Heel Strike"], "life:1": ["Sieve Palm"] * 4}, step="combat"
    )
    do(s, "attack", "Lantern Bolt")
    assert s["result"]["winners"] == [0] and s["pending"] is None
    with pytest.raises(GameOver):
        apply(s, "pass")

"""DBZ scenario tests: drills in play (section 7), kinds, colours and the colour lock (section 8), restricted
drills (section 10), drill powers (section 11) and DESTROY_DRILL (DBZ-12.13).

Seat 0 (Kairo) is active in its Step 2 unless a test says otherwise. A non-combat card left in hand keeps Step 2
open, so the tests can look at the options after each play.
"""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path

from tests.support.dbz_helpers import (
    active,
    angers,
    cid,
    colour_id,
    deciding,
    do,
    drill_id,
    drills,
    has,
    option_cards,
    phase,
    play_id,
    position,
    refused,
    stages,
    used_drills,
)
from tests.support.dbz_helpers import (
    combat as combat_view,
)
from tests.support.scenario import ids, names

from cardsmith.core import apply, view
from cardsmith.games.dbz import GAME
from cardsmith.games.dbz import cards as dbz_cards
from cardsmith.games.dbz.cards import parse_card_set
from cardsmith.games.dbz.game import DragonBallZ

HOLD = "Lullaby of the Valley"  # a one-shot kept in hand so that Step 2 stays open
KEEP = "Drum-Chest Roar"
RAW = tomllib.loads(Path(dbz_cards.__file__).with_name("cards.toml").read_text(encoding="utf-8"))


def step2(hand, drills0=(), drills1=(), **setup):
    zones = {"hand:0": [*hand, HOLD], "drills:0": list(drills0), "drills:1": list(drills1)}
    zones.update(setup.pop("zones", {}))
    return position(zones, **setup)


def playable(state):
    return option_cards(state, "play") - {HOLD}


def game_with_extra_drills(*extra: dict) -> DragonBallZ:
    raw = copy.deepcopy(RAW)
    raw["card"].extend(extra)
    return DragonBallZ(parse_card_set(raw))


# ================================================================ section 7: drills in play


def test_DBZ_7_1_a_drill_goes_from_hand_to_its_owners_drill_area_in_step_2():
    s = step2(["Black Anvil Posture Drill"], zones={"hand:1": ["Red Brick-Wall Drill"]})
    assert refused(s, play_id(s, 1, "Red Brick-Wall Drill"))  # not P2's Step 2
    do(s, "play", "Black Anvil Posture Drill")
    assert drills(s, 0) == ["Black Anvil Posture Drill"] and drills(s, 1) == []
    assert deciding(s) == (0, "non_combat")


def test_DBZ_7_2_other_non_combat_cards_are_single_use():
    s = step2(["Old Grudge Remembered"])
    do(s, "play", "Old Grudge Remembered")
    assert names(s, "discard:0") == ["Old Grudge Remembered"] and drills(s, 0) == []


def test_DBZ_7_3_using_a_drills_power_keeps_the_drill_in_play_for_reuse():
    s = step2([], ["Red Boiling-Kettle Drill"], stage=[5, 5])
    do(s, "use_power", "Red Boiling-Kettle Drill")
    assert angers(s)[0] == 1 and drills(s, 0) == ["Red Boiling-Kettle Drill"]
    c = position(
        {
            "hand:0": ["Cobblestone Jab", "Cobblestone Jab", KEEP],
            "hand:1": [KEEP, KEEP],
            "drills:0": ["Black Coal-Forge Drill"],
        },
        step="combat",
        stage=[10, 10],
    )
    do(c, "attack", "Cobblestone Jab")  # 1100 (row 3) vs 2200 (row 3): 1 + 1 = 2
    apply(c, "take")
    do(c, "combat_action", KEEP)
    do(c, "attack", "Cobblestone Jab")
    apply(c, "take")
    assert stages(c)[1] == 6 and drills(c, 0) == ["Black Coal-Forge Drill"]


def test_DBZ_7_4_a_drills_power_serves_only_its_owner():
    s = position(
        {
            "hand:0": ["Cobblestone Jab", KEEP],
            "drills:1": ["Black Coal-Forge Drill", "Red Rampart-Charge Drill", "Blue Heron Watch Drill"],
        },
        step="combat",
        stage=[10, 2],
    )
    assert not has(s, "drill_attack")  # P2's attack power is not P1's
    do(s, "attack", "Cobblestone Jab")  # row 3 vs row 2: 2 stages, P2's attack bonus does not help P1
    assert stages(s)[1] == 0 and len(s["zones"]["life:1"]) == 10
    t = position({"life:0": ["Sieve Palm"] * 6, "drills:1": ["Blue Heron Watch Drill"]}, step="draw")
    assert len(t["zones"]["hand:0"]) == 3  # P2's EXTRA_DRAW does not make P1 draw more


def test_DBZ_7_5_a_drill_stays_through_turns_and_combats_until_removed():
    s = position({"drills:0": ["Black Anvil Posture Drill"], "hand:1": [KEEP]}, step="declare")
    apply(s, "declare_combat")
    for _ in range(2):
        while s["pending"]["kind"] != "declare":
            pending = ids(s)
            apply(s, next((o for o in ("pass", "take", "done") if o in pending), pending[0]))
        apply(s, "declare_combat")
    assert s["turn"] == 3 and drills(s, 0) == ["Black Anvil Posture Drill"]


def test_DBZ_7_11_a_drill_play_must_pass_every_check_or_is_refused_and_stays_in_hand():
    s = step2(
        ["Orange Kiln-Step Drill", "Black Anvil Posture Drill", "Silent Pagoda Drill", "Two-Schools Drill"],
        ["Black Anvil Posture Drill", "Two-Schools Drill", "Namekian Taproot Drill"],
        ["Red Brick-Wall Drill"],
    )
    # colour lock (two colours allowed, both used), duplicate title, in-play limit 1, restriction against Red
    assert playable(s) == set()
    for title in (
        "Orange Kiln-Step Drill",
        "Black Anvil Posture Drill",
        "Silent Pagoda Drill",
        "Two-Schools Drill",
    ):
        assert refused(s, play_id(s, 0, title))
        assert title in names(s, "hand:0")
    assert refusal_reason(s, "Orange Kiln-Step Drill").startswith("the colour lock")
    assert refusal_reason(s, "Silent Pagoda Drill") == "a Red drill is in play"


def refusal_reason(state, title):
    return GAME.drill_refusal(state, 0, title)


def test_DBZ_7_12_no_other_limit_on_drills_played_in_one_step_2():
    hand = [
        "Black Anvil Posture Drill",
        "Black Coal-Forge Drill",
        "Black Nightfall Drill",
        "Kairo's Morning Kata Drill",
        "Kairo's Morning Kata Drill",
        "Gravel-Sack Conditioning Drill",
        "Two-Schools Drill",
        "Namekian Taproot Drill",
    ]
    s = step2(hand)
    for title in hand:
        do(s, "play", title)
    assert sorted(drills(s, 0)) == sorted(hand)


def test_DBZ_7_13_a_drill_that_leaves_play_keeps_no_record_of_its_power_uses():
    s = step2(["Scrambled Routine"], ["Red Boiling-Kettle Drill"])
    kettle = cid(s, "drills:0", "Red Boiling-Kettle Drill")
    do(s, "use_power", "Red Boiling-Kettle Drill")
    assert used_drills(s) == [kettle]
    do(s, "play", "Scrambled Routine")  # the only drill in play: discarded without a target question
    assert used_drills(s) == [] and names(s, "discard:0")[0] == "Red Boiling-Kettle Drill"
    # The same card played again later is a fresh drill: its power can be used at once.
    t = step2(["Red Boiling-Kettle Drill"])
    do(t, "play", "Red Boiling-Kettle Drill")
    assert has(t, "use_power", "Red Boiling-Kettle Drill")


# ================================================================ section 8: the colour lock and copies


def test_DBZ_8_7_all_coloured_drills_in_play_share_one_colour():
    s = step2(
        ["Orange Kiln-Step Drill", "Red Brick-Wall Drill", "Black Coal-Forge Drill"],
        ["Black Anvil Posture Drill"],
    )
    assert playable(s) == {"Black Coal-Forge Drill"}
    assert refused(s, play_id(s, 0, "Orange Kiln-Step Drill"))


def test_DBZ_8_8_the_opponents_colours_never_limit_yours():
    s = step2(
        ["Black Anvil Posture Drill", "Orange Kiln-Step Drill"],
        [],
        ["Red Brick-Wall Drill", "Red Boiling-Kettle Drill"],
    )
    assert playable(s) == {"Black Anvil Posture Drill", "Orange Kiln-Step Drill"}
    do(s, "play", "Orange Kiln-Step Drill")
    assert drills(s, 0) == ["Orange Kiln-Step Drill"]


def test_DBZ_8_9_no_second_copy_of_a_coloured_drill_in_your_area():
    s = step2(["Black Anvil Posture Drill"], ["Black Anvil Posture Drill"])
    assert refused(s, play_id(s, 0, "Black Anvil Posture Drill"))


def test_DBZ_8_10_several_differently_titled_drills_of_your_colour():
    s = step2(["Black Coal-Forge Drill", "Black Nightfall Drill"], ["Black Anvil Posture Drill"])
    do(s, "play", "Black Coal-Forge Drill")
    do(s, "play", "Black Nightfall Drill")
    assert len(drills(s, 0)) == 3


def test_DBZ_8_11_with_black_in_play_no_blue_orange_red_or_second_copy_but_another_black():
    s = step2(
        [
            "Blue Tidepool Breathing Drill",
            "Orange Kiln-Step Drill",
            "Red Brick-Wall Drill",
            "Black Anvil Posture Drill",
            "Black Coal-Forge Drill",
        ],
        ["Black Anvil Posture Drill"],
    )
    assert playable(s) == {"Black Coal-Forge Drill"}


def test_DBZ_8_12_the_lock_depends_only_on_what_is_in_play_now():
    s = step2(["Scrambled Routine", "Orange Kiln-Step Drill"], ["Black Anvil Posture Drill"])
    assert "Orange Kiln-Step Drill" not in playable(s)
    do(s, "play", "Scrambled Routine")  # the only drill in play goes
    assert playable(s) == {"Orange Kiln-Step Drill"}


def test_DBZ_8_13_named_and_colourless_drills_ignore_and_never_set_the_lock():
    s = step2(
        ["Kairo's Morning Kata Drill", "Gravel-Sack Conditioning Drill", "Red Brick-Wall Drill"],
        ["Black Anvil Posture Drill"],
    )
    assert playable(s) == {"Kairo's Morning Kata Drill", "Gravel-Sack Conditioning Drill"}
    t = step2(
        ["Red Brick-Wall Drill", "Orange Kiln-Step Drill"],
        ["Kairo's Morning Kata Drill", "Hill-Sprint Drill"],
    )
    assert playable(t) == {"Red Brick-Wall Drill", "Orange Kiln-Step Drill"}
    assert view(t, 0)["public"]["seats"][0]["colours"] == []


def test_DBZ_8_14_up_to_four_copies_of_a_named_or_colourless_drill():
    s = step2(
        ["Kairo's Morning Kata Drill"] * 2 + ["Gravel-Sack Conditioning Drill"],
        ["Kairo's Morning Kata Drill"] * 3 + ["Gravel-Sack Conditioning Drill"] * 4,
    )
    do(s, "play", "Kairo's Morning Kata Drill")
    assert drills(s, 0).count("Kairo's Morning Kata Drill") == 4
    assert refused(s, play_id(s, 0, "Kairo's Morning Kata Drill"))
    assert refused(s, play_id(s, 0, "Gravel-Sack Conditioning Drill"))


def test_DBZ_8_15_a_printed_in_play_limit_replaces_the_cap_of_4():
    s = step2(["Two-Schools Drill", "Hill-Sprint Drill"], ["Two-Schools Drill", "Hill-Sprint Drill"])
    assert playable(s) == {"Hill-Sprint Drill"}
    assert refused(s, play_id(s, 0, "Two-Schools Drill"))


def test_DBZ_8_16_the_in_play_cap_is_separate_from_the_deck_limit():
    # Vashna's deck could hold only 3 Kairo's Morning Kata Drill, but a constructed position can reach 4 in play.
    s = position(
        {"hand:1": ["Kairo's Morning Kata Drill", HOLD], "drills:1": ["Kairo's Morning Kata Drill"] * 3},
        active=1,
        turn=2,
    )
    do(s, "play", "Kairo's Morning Kata Drill")
    assert drills(s, 1).count("Kairo's Morning Kata Drill") == 4


def test_DBZ_8_17_extra_colour_allows_a_second_colour_but_no_duplicates():
    s = step2(
        ["Orange Kiln-Step Drill", "Namekian Taproot Drill", "Black Anvil Posture Drill"],
        ["Black Anvil Posture Drill", "Two-Schools Drill"],
    )
    assert playable(s) == {"Orange Kiln-Step Drill", "Namekian Taproot Drill"}
    do(s, "play", "Orange Kiln-Step Drill")
    assert playable(s) == set()  # a third colour is too many, a second Anvil is a duplicate
    assert view(s, 1)["public"]["seats"][0]["allowance"] == 2


def test_DBZ_8_18_a_dropped_allowance_makes_the_owner_choose_colours_to_keep():
    s = position(
        {
            "hand:1": ["Scrambled Routine", HOLD],
            "drills:0": [
                "Orange Kiln-Step Drill",
                "Two-Schools Drill",
                "Black Coal-Forge Drill",
                "Black Anvil Posture Drill",
            ],
        },
        active=1,
        turn=2,
    )
    do(s, "play", "Scrambled Routine")
    do(s, "destroy_drill", "Two-Schools Drill")
    assert deciding(s) == (0, "keep_colour")  # the owner chooses, on the opponent's turn
    assert ids(s) == [colour_id(s, "Black"), colour_id(s, "Orange")]
    apply(s, colour_id(s, "Orange"))
    assert drills(s, 0) == ["Orange Kiln-Step Drill"]
    assert names(s, "discard:0") == [
        "Two-Schools Drill",
        "Black Anvil Posture Drill",
        "Black Coal-Forge Drill",
    ]
    assert names(s, "discard:1") == ["Scrambled Routine"] and deciding(s) == (1, "non_combat")


# ================================================================ section 10: restricted drills


def test_DBZ_10_1_a_restriction_names_a_colour_its_own_or_another():
    cards = GAME.cards.cards
    assert cards["Orange Single-Wick Drill"].restricted_against == "Orange"  # its own colour
    assert cards["Black Nightfall Drill"].restricted_against == "Orange"  # another colour
    assert cards["Silent Pagoda Drill"].restricted_against == "Red"


def test_DBZ_10_2_a_restricted_drill_cannot_be_played_while_c_is_in_either_area():
    theirs = step2(["Black Nightfall Drill"], [], ["Orange Kiln-Step Drill"])
    assert refused(theirs, play_id(theirs, 0, "Black Nightfall Drill"))
    mine = step2(["Silent Pagoda Drill"], ["Red Brick-Wall Drill"])
    assert refused(mine, play_id(mine, 0, "Silent Pagoda Drill"))
    free = step2(["Black Nightfall Drill"], [], ["Red Brick-Wall Drill"])
    assert playable(free) == {"Black Nightfall Drill"}


def test_DBZ_10_3_the_opponents_same_title_is_ignored_for_the_check():
    s = step2(["Orange Single-Wick Drill"], [], ["Orange Single-Wick Drill"])
    assert playable(s) == {"Orange Single-Wick Drill"}
    blocked = step2(["Orange Single-Wick Drill"], [], ["Orange Single-Wick Drill", "Orange Kiln-Step Drill"])
    assert playable(blocked) == set()


def test_DBZ_10_4_a_c_drill_entering_discards_every_other_drill_restricted_against_c():
    s = step2(["Orange Kiln-Step Drill"], [], ["Black Nightfall Drill", "Black Anvil Posture Drill"])
    do(s, "play", "Orange Kiln-Step Drill")
    assert drills(s, 1) == ["Black Anvil Posture Drill"] and names(s, "discard:1") == [
        "Black Nightfall Drill"
    ]


def test_DBZ_10_5_the_discard_happens_whoever_owns_the_new_drill():
    s = step2(["Orange Kiln-Step Drill"], ["Black Nightfall Drill", "Two-Schools Drill"])
    do(s, "play", "Orange Kiln-Step Drill")  # the owner's own Orange drill removes the owner's Nightfall
    assert drills(s, 0) == ["Two-Schools Drill", "Orange Kiln-Step Drill"]
    assert names(s, "discard:0") == ["Black Nightfall Drill"]


def test_DBZ_10_6_the_drill_that_caused_the_discard_stays_in_play():
    s = step2(["Orange Kiln-Step Drill"], [], ["Black Nightfall Drill"])
    do(s, "play", "Orange Kiln-Step Drill")
    assert drills(s, 0) == ["Orange Kiln-Step Drill"]


def test_DBZ_10_7_the_same_restricted_title_on_both_sides_both_players_lose_it():
    s = step2(["Black Nightfall Drill"], [], ["Black Nightfall Drill"])
    do(s, "play", "Black Nightfall Drill")
    assert drills(s, 0) == [] and drills(s, 1) == []
    assert names(s, "discard:0") == ["Black Nightfall Drill"] and names(s, "discard:1") == [
        "Black Nightfall Drill"
    ]
    p = step2(["Silent Pagoda Drill"], [], ["Silent Pagoda Drill"])
    do(p, "play", "Silent Pagoda Drill")
    assert drills(p, 0) == [] and drills(p, 1) == []


def test_DBZ_10_8_all_discards_from_one_entry_happen_together_before_anything_else():
    s = step2(["Orange Kiln-Step Drill"], ["Orange Single-Wick Drill"], ["Black Nightfall Drill"])
    do(s, "play", "Orange Kiln-Step Drill")
    causes = [(e["name"], e.get("cause")) for e in s["events"] if e["t"] == "move"]
    assert causes == [
        ("Orange Kiln-Step Drill", "drill"),
        ("Orange Single-Wick Drill", "restriction"),
        ("Black Nightfall Drill", "restriction"),
    ]
    assert deciding(s) == (0, "non_combat")


def test_DBZ_10_9_both_players_may_keep_the_same_unrestricted_drill():
    s = step2(["Black Anvil Posture Drill"], [], ["Black Anvil Posture Drill"])
    do(s, "play", "Black Anvil Posture Drill")
    assert drills(s, 0) == ["Black Anvil Posture Drill"] and drills(s, 1) == ["Black Anvil Posture Drill"]


def test_DBZ_10_10_named_and_colourless_drills_never_block_or_trigger_a_restriction(registered):
    registered(game_with_extra_drills(
        {"title": "Vashna's Red Fury Drill", "type": "non-combat", "subtype": "drill", "kind": "named",
         "in_play_limit": 4, "power": "PHYS_ATTACK_BONUS", "n": 1}
    ))  # fmt: skip
    s = step2(["Silent Pagoda Drill", "Vashna's Red Fury Drill"], [], ["Vashna's Red Fury Drill"])
    assert playable(s) == {
        "Silent Pagoda Drill",
        "Vashna's Red Fury Drill",
    }  # a "Red" named drill has no colour
    do(s, "play", "Silent Pagoda Drill")
    do(s, "play", "Vashna's Red Fury Drill")
    assert drills(s, 0) == ["Silent Pagoda Drill", "Vashna's Red Fury Drill"]


def test_DBZ_10_11_a_restricted_colourless_drill_obeys_its_restriction():
    s = step2(["Silent Pagoda Drill"], [], ["Red Brick-Wall Drill"])
    assert refused(s, play_id(s, 0, "Silent Pagoda Drill"))
    t = position(
        {
            "hand:1": ["Red Brick-Wall Drill", HOLD],
            "drills:0": ["Silent Pagoda Drill", "Silent Pagoda Drill"],
        },
        active=1,
        turn=2,
    )
    do(t, "play", "Red Brick-Wall Drill")
    assert drills(t, 0) == [] and names(t, "discard:0") == ["Silent Pagoda Drill", "Silent Pagoda Drill"]


def test_DBZ_10_12_a_c_drill_restricted_against_c_still_counts_as_c_for_the_lock():
    s = step2(["Black Anvil Posture Drill", "Orange Kiln-Step Drill"], ["Orange Single-Wick Drill"])
    assert playable(s) == {"Orange Kiln-Step Drill"}
    do(s, "play", "Orange Kiln-Step Drill")
    assert drills(s, 0) == ["Orange Kiln-Step Drill"] and names(s, "discard:0") == [
        "Orange Single-Wick Drill"
    ]


# ================================================================ section 11: drill powers


def combat(hand0, hand1, d0=(), d1=(), **setup):
    return position(
        {"hand:0": list(hand0), "hand:1": list(hand1), "drills:0": list(d0), "drills:1": list(d1)},
        step="combat",
        **setup,
    )


def test_DBZ_11_2_phys_attack_bonus():
    s = combat(["Cobblestone Jab", KEEP], [], ["Orange Kiln-Step Drill"], stage=[10, 5])  # row 3 vs 3: 1 + 1
    do(s, "attack", "Cobblestone Jab")
    assert stages(s)[1] == 3


def test_DBZ_11_3_phys_damage_reduction():
    s = combat(["Cobblestone Jab", KEEP], [], [], ["Red Brick-Wall Drill"], stage=[10, 2])  # 2 - 1
    do(s, "attack", "Cobblestone Jab")
    assert stages(s)[1] == 1


def test_DBZ_11_4_energy_attack_bonus():
    s = combat(["Lantern Bolt", KEEP], [], ["Vashna's Cold Focus Drill"])
    do(s, "attack", "Lantern Bolt")
    assert len(s["zones"]["life:1"]) == 5


def test_DBZ_11_5_energy_damage_reduction():
    s = combat(["Lantern Bolt", KEEP], [], [], ["Black Nightfall Drill"])
    do(s, "attack", "Lantern Bolt")
    assert len(s["zones"]["life:1"]) == 8


def test_DBZ_11_6_extra_draw_only_in_ones_own_step_1():
    s = position({"drills:0": ["Blue Heron Watch Drill"], "life:0": ["Sieve Palm"] * 8}, step="draw")
    assert len(s["zones"]["hand:0"]) == 4
    d = position({"drills:1": ["Blue Heron Watch Drill"], "hand:0": [KEEP]}, step="declare")
    apply(d, "declare_combat")
    assert len(d["zones"]["hand:1"]) == 3  # the combat draw stays 3


def test_DBZ_11_7_power_up_bonus_only_in_ones_own_step_3():
    s = position(
        {"drills:0": ["Hill-Sprint Drill", "Blue Tidepool Breathing Drill"]}, step="powerup", stage=[1, 5]
    )
    assert stages(s)[0] == 5  # PUR 2 + 1 + 1
    a = position({"drills:1": ["Hill-Sprint Drill"]}, step="powerup", stage=[1, 1])
    assert stages(a) == [3, 1]  # P2's bonus does nothing in P1's Step 3


def test_DBZ_11_8_extra_colour_gives_n_more_colours():
    s = step2(["Orange Kiln-Step Drill"], ["Black Anvil Posture Drill", "Two-Schools Drill"])
    assert playable(s) == {"Orange Kiln-Step Drill"}
    do(s, "play", "Orange Kiln-Step Drill")
    assert view(s, 0)["public"]["seats"][0]["colours"] == ["Black", "Orange"]


def test_DBZ_11_9_act_anger_once_per_turn_in_step_2():
    s = step2([], ["Red Boiling-Kettle Drill"])
    kettle = drill_id(s, 0, "Red Boiling-Kettle Drill", "use_power")
    apply(s, kettle)
    assert angers(s)[0] == 1
    assert refused(s, kettle)
    c = combat([KEEP], [], ["Red Boiling-Kettle Drill"])
    assert refused(c, drill_id(c, 0, "Red Boiling-Kettle Drill", "use_power"))  # not in combat


def test_DBZ_11_10_act_phys_attack_once_per_combat_without_a_card():
    s = combat([KEEP], [KEEP, KEEP], ["Red Rampart-Charge Drill", "Red Brick-Wall Drill"], stage=[10, 2])
    power = drill_id(s, 0, "Red Rampart-Charge Drill", "drill_attack")
    apply(s, power)  # row 3 vs row 2: 2 stages, no bonus of its own
    apply(s, "take")
    assert stages(s)[1] == 0 and drills(s, 0) == ["Red Brick-Wall Drill", "Red Rampart-Charge Drill"]
    assert names(s, "discard:0") == []
    do(s, "combat_action", KEEP)
    assert deciding(s) == (0, "combat") and refused(s, power)
    n = position({"hand:1": [KEEP], "drills:0": ["Red Rampart-Charge Drill"]}, step="declare")
    apply(n, "declare_combat")
    assert has(n, "drill_attack")  # a new combat: available again


def test_DBZ_11_11_act_stop_energy_once_per_combat_as_the_response_to_an_energy_attack():
    p = position(
        {
            "hand:1": ["Cobblestone Jab", KEEP],
            "drills:0": ["Blue Mirror-Lake Drill"],
            "hand:0": ["Oak-Arm Guard"],
        },
        step="combat",
        active=1,
        turn=2,
    )
    do(p, "attack", "Cobblestone Jab")
    assert deciding(p) == (0, "response") and ids(p) == [play_id(p, 0, "Oak-Arm Guard", "block"), "take"]
    s = position(
        {
            "hand:1": ["Lantern Bolt", "Lantern Bolt"],
            "drills:0": ["Blue Mirror-Lake Drill"],
            "hand:0": [KEEP, KEEP, "Sieve Palm"],
        },
        step="combat",
        active=1,
        turn=2,
        stage=[5, 10],
    )
    do(s, "attack", "Lantern Bolt")
    do(s, "drill_stop", "Blue Mirror-Lake Drill")
    assert len(s["zones"]["life:0"]) == 10 and names(s, "hand:0").count("Sieve Palm") == 1
    do(s, "combat_action", KEEP)
    do(s, "attack", "Lantern Bolt")
    assert deciding(s) == (0, "response") and not has(s, "drill_stop")  # once per combat


def test_DBZ_11_12_like_powers_add_up_including_copies():
    s = combat(
        ["Cobblestone Jab", KEEP],
        [],
        ["Kairo's Morning Kata Drill", "Kairo's Morning Kata Drill", "Black Coal-Forge Drill"],
        stage=[10, 5],
    )
    do(s, "attack", "Cobblestone Jab")  # 1 + 3
    assert stages(s)[1] == 1
    e = combat(
        ["Lantern Bolt", KEEP],
        [],
        [],
        ["Silent Pagoda Drill", "Silent Pagoda Drill", "Namekian Taproot Drill"],
    )
    do(e, "attack", "Lantern Bolt")  # 4 - 3
    assert len(e["zones"]["life:1"]) == 9


def test_DBZ_11_13_a_continuous_power_stops_the_moment_its_drill_leaves():
    s = step2(["Scrambled Routine", "Cobblestone Jab"], [], ["Red Brick-Wall Drill"], stage=[8, 2])
    do(s, "play", "Scrambled Routine")  # the only drill in play goes
    assert deciding(s) == (0, "non_combat")
    do(s, "done")
    apply(s, "declare_combat")  # stage 10 after power-up: row 3 vs row 2, no reduction any more
    do(s, "attack", "Cobblestone Jab")
    apply(s, "take")
    assert stages(s)[1] == 0


def test_DBZ_11_14_each_drill_keeps_its_own_use_record_reset_each_turn_or_combat():
    s = step2(["Red Boiling-Kettle Drill"])
    do(s, "play", "Red Boiling-Kettle Drill")
    do(s, "use_power", "Red Boiling-Kettle Drill")  # the same Step 2 it entered play
    assert not has(s, "use_power")
    kettle = cid(s, "drills:0", "Red Boiling-Kettle Drill")
    assert used_drills(s) == [kettle]
    do(s, "done")
    apply(s, "no_combat")
    while active(s) != 0 or phase(s) != "noncombat":
        apply(s, "done" if "done" in ids(s) else ("no_combat" if "no_combat" in ids(s) else ids(s)[0]))
    assert s["turn"] == 3 and has(s, "use_power", "Red Boiling-Kettle Drill")


def test_DBZ_11_15_using_an_activated_power_is_optional():
    s = step2([], ["Red Boiling-Kettle Drill"])
    assert "done" in ids(s) and has(s, "use_power")
    do(s, "done")
    assert angers(s)[0] == 0 and phase(s) == "declare"


def test_DBZ_11_16_several_act_anger_drills_in_one_step_2_each_add_their_n(registered):
    registered(game_with_extra_drills(
        {"title": "Temper Drill", "type": "non-combat", "subtype": "drill", "kind": "colourless",
         "in_play_limit": 4, "power": "ACT_ANGER", "n": 2}
    ))  # fmt: skip
    s = step2([], ["Red Boiling-Kettle Drill", "Temper Drill"])
    do(s, "use_power", "Red Boiling-Kettle Drill")
    do(s, "use_power", "Temper Drill")
    assert angers(s)[0] == 3


def test_DBZ_12_13_destroy_drill_picks_any_drill_and_needs_one_in_play():
    s = step2(["Scrambled Routine"])
    assert refused(s, play_id(s, 0, "Scrambled Routine"))
    t = step2(["Scrambled Routine"], ["Hill-Sprint Drill"], ["Red Brick-Wall Drill"])
    do(t, "play", "Scrambled Routine")
    assert deciding(t) == (0, "target")
    assert sorted(lbl for _, lbl in t["pending"]["options"]) == [
        "Discard P2's Red Brick-Wall Drill",
        "Discard your Hill-Sprint Drill",
    ]
    do(t, "destroy_drill", "Hill-Sprint Drill")
    assert drills(t, 0) == [] and names(t, "discard:0") == ["Hill-Sprint Drill", "Scrambled Routine"]


def test_DBZ_12_15_a_one_shot_resolves_in_step_2_and_is_then_discarded():
    s = step2(["Old Grudge Remembered"], anger=[0, 0])
    do(s, "play", "Old Grudge Remembered")
    trail = [(e["t"], e.get("to")) for e in s["events"] if e["t"] in ("move", "anger")]
    assert trail == [("move", "play:0"), ("anger", None), ("move", "discard:0")]
    assert (
        angers(s)[0] == 2
        and names(s, "discard:0") == ["Old Grudge Remembered"]
        and s["zones"]["play:0"] == []
    )


def test_DBZ_12_13_with_a_single_drill_in_play_it_is_chosen_without_asking():
    s = step2(["Scrambled Routine"], [], ["Red Brick-Wall Drill"])
    do(s, "play", "Scrambled Routine")
    assert drills(s, 1) == [] and names(s, "discard:1") == ["Red Brick-Wall Drill"]
    assert deciding(s) == (0, "non_combat")


# ================================================================ audit: stronger checks of the drill rules


def _drill(title: str, power: str, n: int, limit: int) -> dict:
    return {"title": title, "type": "non-combat", "subtype": "drill", "kind": "colourless",
            "in_play_limit": limit, "power": power, "n": n}  # fmt: skip


def test_DBZ_11_8_extra_colour_counts_its_n_not_just_one_drill(registered):
    registered(game_with_extra_drills(_drill("Rainbow Lattice Drill", "EXTRA_COLOUR", 2, 1)))
    s = step2(
        ["Namekian Taproot Drill", "Red Brick-Wall Drill"],
        ["Rainbow Lattice Drill", "Black Anvil Posture Drill", "Orange Kiln-Step Drill"],
    )
    assert view(s, 1)["public"]["seats"][0]["allowance"] == 3  # 1 + n with n = 2
    assert playable(s) == {"Namekian Taproot Drill", "Red Brick-Wall Drill"}
    do(s, "play", "Namekian Taproot Drill")
    assert playable(s) == set()  # a fourth colour is one too many
    assert refused(s, play_id(s, 0, "Red Brick-Wall Drill"))


def test_DBZ_8_18_keeping_colours_leaves_named_and_colourless_drills_in_play():
    s = position(
        {
            "hand:1": ["Scrambled Routine", HOLD],
            "drills:0": [
                "Orange Kiln-Step Drill",
                "Kairo's Morning Kata Drill",
                "Two-Schools Drill",
                "Gravel-Sack Conditioning Drill",
                "Black Anvil Posture Drill",
            ],
        },
        active=1,
        turn=2,
    )
    do(s, "play", "Scrambled Routine")
    do(s, "destroy_drill", "Two-Schools Drill")
    assert deciding(s) == (0, "keep_colour") and ids(s) == [colour_id(s, "Black"), colour_id(s, "Orange")]
    apply(s, colour_id(s, "Black"))
    assert drills(s, 0) == [
        "Black Anvil Posture Drill",
        "Gravel-Sack Conditioning Drill",
        "Kairo's Morning Kata Drill",
    ]
    assert names(s, "discard:0") == ["Two-Schools Drill", "Orange Kiln-Step Drill"]


def test_DBZ_8_18_an_allowance_above_one_is_filled_colour_by_colour(registered):
    registered(game_with_extra_drills(_drill("Twin Lineage Drill", "EXTRA_COLOUR", 1, 2)))
    s = position(
        {
            "hand:1": ["Scrambled Routine", HOLD],
            "drills:0": [
                "Namekian Taproot Drill",
                "Twin Lineage Drill",
                "Orange Kiln-Step Drill",
                "Twin Lineage Drill",
                "Black Anvil Posture Drill",
            ],
        },
        active=1,
        turn=2,
    )
    do(s, "play", "Scrambled Routine")
    do(s, "destroy_drill", "Twin Lineage Drill")  # allowance 3 -> 2 with three colours in play
    assert deciding(s) == (0, "keep_colour") and len(ids(s)) == 3
    apply(s, colour_id(s, "Namekian"))
    assert deciding(s) == (0, "keep_colour") and ids(s) == [colour_id(s, "Black"), colour_id(s, "Orange")]
    apply(s, colour_id(s, "Black"))
    assert sorted(drills(s, 0)) == [
        "Black Anvil Posture Drill",
        "Namekian Taproot Drill",
        "Twin Lineage Drill",
    ]
    assert names(s, "discard:0") == ["Twin Lineage Drill", "Orange Kiln-Step Drill"]
    assert deciding(s) == (1, "non_combat")


def test_DBZ_12_13_the_same_title_in_both_areas_gives_two_targets():
    s = step2(["Scrambled Routine"], ["Black Anvil Posture Drill"], ["Black Anvil Posture Drill"])
    do(s, "play", "Scrambled Routine")
    assert deciding(s) == (0, "target")
    assert sorted(lbl for _, lbl in s["pending"]["options"]) == [
        "Discard P2's Black Anvil Posture Drill",
        "Discard your Black Anvil Posture Drill",
    ]
    do(s, "destroy_drill", "Black Anvil Posture Drill", "drills:1")
    assert drills(s, 0) == ["Black Anvil Posture Drill"] and drills(s, 1) == []
    assert names(s, "discard:1") == ["Black Anvil Posture Drill"]


def test_DBZ_11_6_extra_draw_counts_its_n(registered):
    registered(game_with_extra_drills(_drill("Deep Well Drill", "EXTRA_DRAW", 2, 4)))
    s = position(
        {"drills:0": ["Deep Well Drill", "Blue Heron Watch Drill"], "life:0": ["Sieve Palm"] * 9}, step="draw"
    )
    assert len(s["zones"]["hand:0"]) == 6 and len(s["zones"]["life:0"]) == 3  # 3 + 2 + 1


def _to_next_combat_of_p1(s):
    """Play on from a combat of P1 in turn 1 to P1's next combat in turn 3, with no other combat between."""
    while combat_view(s) is not None:
        apply(s, "pass")
    while not (s["turn"] == 3 and s["pending"]["kind"] == "declare"):
        pending = ids(s)
        apply(s, "no_combat" if "no_combat" in pending else ("done" if "done" in pending else pending[0]))
    apply(s, "declare_combat")


def test_DBZ_11_14_once_per_combat_powers_come_back_in_the_next_combat():
    s = position(
        {"hand:0": [KEEP], "drills:0": ["Red Rampart-Charge Drill"], "life:1": ["Lantern Bolt"] * 10},
        step="combat",
        stage=[10, 2],
    )
    rampart = drill_id(s, 0, "Red Rampart-Charge Drill", "drill_attack")
    apply(s, rampart)
    assert deciding(s) == (0, "combat") and rampart not in ids(s)  # used up for this combat
    _to_next_combat_of_p1(s)
    assert active(s) == 0 and deciding(s) == (0, "combat") and rampart in ids(s)
    t = position(
        {
            "hand:1": ["Lantern Bolt", "Lantern Bolt"],
            "drills:0": ["Blue Mirror-Lake Drill"],
            "hand:0": [KEEP],
            "life:0": ["Sieve Palm"] * 10,
        },
        step="combat",
        active=1,
        turn=2,
        stage=[5, 10],
    )
    do(t, "attack", "Lantern Bolt")
    do(t, "drill_stop", "Blue Mirror-Lake Drill")
    while combat_view(t) is not None:
        apply(t, "pass")
    while not (active(t) == 1 and t["pending"]["kind"] == "declare"):
        pending = ids(t)
        apply(t, "no_combat" if "no_combat" in pending else ("done" if "done" in pending else pending[0]))
    apply(t, "declare_combat")
    while t["pending"]["kind"] != "response":
        do(t, "attack", "Lantern Bolt") if has(t, "attack", "Lantern Bolt") else apply(t, "pass")
    assert deciding(t) == (0, "response") and has(t, "drill_stop", "Blue Mirror-Lake Drill")


def test_DBZ_11_14_a_once_per_combat_power_is_not_shown_as_used_after_its_combat():
    s = position(
        {"hand:0": [KEEP], "drills:0": ["Red Rampart-Charge Drill"]},
        step="combat",
        stage=[10, 2],
    )
    do(s, "drill_attack", "Red Rampart-Charge Drill")
    assert view(s, 1)["public"]["seats"][0]["drills"][0]["used"] is True
    while combat_view(s) is not None:
        apply(s, "pass")
    for seat in (0, 1, None):
        assert view(s, seat)["public"]["seats"][0]["drills"][0]["used"] is False
    assert "(used)" not in "\n".join(GAME.summarize(view(s, 1)))


def test_DBZ_10_7_every_opposing_copy_of_the_title_goes_and_unrelated_drills_stay():
    # Reading: with several opposing copies of a restricted colourless title, all of them go with the new one.
    s = step2(
        ["Silent Pagoda Drill"],
        ["Black Anvil Posture Drill"],
        ["Silent Pagoda Drill", "Hill-Sprint Drill", "Silent Pagoda Drill"],
    )
    do(s, "play", "Silent Pagoda Drill")
    assert drills(s, 0) == ["Black Anvil Posture Drill"] and drills(s, 1) == ["Hill-Sprint Drill"]
    assert names(s, "discard:0") == ["Silent Pagoda Drill"]
    assert names(s, "discard:1") == ["Silent Pagoda Drill", "Silent Pagoda Drill"]

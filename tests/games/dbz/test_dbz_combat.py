"""DBZ scenario tests: combat (section 5), damage (section 6), attack and block effects (DBZ-12.2 .. DBZ-12.8,
DBZ-12.14) and the options (section 14).

Unless a test says otherwise both MPs are at level 1, stage 5: Kairo 600 (PAT row 2), Vashna 1200 (row 3). So a
Kairo attack does base 0 and a Vashna attack base 2 (DBZ-6.2). Seat 0 (Kairo) is active in combat.
"""

from __future__ import annotations

import pytest
from tests.support.dbz_helpers import (
    angers,
    card_of,
    cid,
    combat,
    deciding,
    do,
    drills,
    has,
    levels,
    opt,
    option_cards,
    phase,
    play_id,
    position,
    refused,
    stages,
)
from tests.support.scenario import ids, names

from cardsmith.core import OptionError, apply, new_game, view
from cardsmith.games.dbz import GAME

KEEP = "Drum-Chest Roar"  # a combat action that keeps a seat with something to do


def verbs(state):
    return {card_of(state, o)[0] for o in ids(state)}


def fight(hand0, hand1=(), zones=None, **setup):
    all_zones = {"hand:0": list(hand0), "hand:1": list(hand1)}
    all_zones.update(zones or {})
    setup.setdefault("step", "combat")
    return position(all_zones, **setup)


def events(state):
    return [e.get("cause") or e["t"] for e in state["events"]]


# ================================================================ section 5: combat


def test_DBZ_5_1_only_the_active_player_declares_combat_and_attacks():
    s = position(
        {"hand:1": ["Lantern Bolt", KEEP], "hand:0": ["Lantern Bolt"]}, step="declare", active=1, turn=2
    )
    assert deciding(s) == (1, "declare")
    apply(s, "declare_combat")
    assert combat(s)["attacker"] == 1 and deciding(s) == (1, "combat")
    t = position(step="declare")
    apply(t, "no_combat")
    assert all(e["t"] != "combat" for e in t["events"])


def test_DBZ_5_2_the_defender_draws_3_as_soon_as_combat_is_declared():
    s = position(
        {"life:1": ["Sieve Palm", "Oak-Arm Guard", "Willow Roll", "Lantern Bolt"], "hand:0": [KEEP]},
        step="declare",
    )
    apply(s, "declare_combat")
    assert sorted(names(s, "hand:1")) == ["Oak-Arm Guard", "Sieve Palm", "Willow Roll"]
    assert names(s, "life:1") == ["Lantern Bolt"] and deciding(s) == (0, "combat")


def test_DBZ_5_3_players_act_alternately_the_attacker_first():
    s = fight([KEEP, KEEP], [KEEP])
    assert deciding(s) == (0, "combat")
    do(s, "combat_action", KEEP)
    assert deciding(s) == (1, "combat")
    do(s, "combat_action", KEEP)
    assert deciding(s) == (0, "combat")


def test_DBZ_5_4_an_action_is_one_attack_power_combat_action_or_pass():
    s = fight(
        ["Cobblestone Jab", "Lantern Bolt", KEEP, "Oak-Arm Guard", "Old Grudge Remembered"],
        zones={"drills:0": ["Red Rampart-Charge Drill"]},
    )
    assert verbs(s) == {"attack", "combat_action", "drill_attack", "pass"}
    assert option_cards(s) == {
        "Cobblestone Jab",
        "Lantern Bolt",
        KEEP,
        "Red Rampart-Charge Drill",
    }
    f = fight(["Cobblestone Jab"], options={"final_physical_attack": True})
    assert verbs(f) == {"attack", "final_physical_attack", "pass"}


def test_DBZ_5_5_passing_is_always_legal_and_automatic_with_nothing_else():
    s = fight(["Cobblestone Jab", KEEP], [])
    assert "pass" in ids(s)
    do(s, "attack", "Cobblestone Jab")  # P2 has no block and nothing to do: takes it, then passes by itself
    assert deciding(s) == (0, "combat") and combat(s)["passes"] == 1
    assert [e["seat"] for e in s["events"] if e["t"] == "pass"] == [1]
    assert "pass" in ids(s)


def test_DBZ_5_6_two_passes_in_a_row_end_combat_other_actions_reset_the_count():
    s = fight([KEEP, KEEP], [KEEP, KEEP], stage=[0, 0])
    apply(s, "pass")
    assert combat(s)["passes"] == 1
    do(s, "combat_action", KEEP)  # P2 acts instead of passing: the count starts again
    assert combat(s)["passes"] == 0 and deciding(s) == (0, "combat")
    apply(s, "pass")
    assert combat(s) is not None and deciding(s) == (1, "combat")
    apply(s, "pass")
    assert combat(s) is None and "combat_end" in [e["t"] for e in s["events"]]


def test_DBZ_5_7_an_attack_pays_then_on_play_then_response_then_damage_then_on_hit_then_discards():
    s = fight(["Needling Spark", KEEP], ["Sieve Palm", KEEP], anger=[0, 2])
    do(s, "attack", "Needling Spark")
    assert stages(s)[0] == 3 and deciding(s) == (1, "response")  # cost paid before the response
    do(s, "block", "Sieve Palm")  # 3 - 2 = 1 life card: a hit, so ON_HIT anger -1
    order = events(s)
    assert order.index("block") < order.index("damage") < order.index("life") < order.index("anger")
    assert order.index("anger") < order.index("resolved")
    assert angers(s)[1] == 1
    b = fight(["Bull-Temper Rush", KEEP], ["Oak-Arm Guard"], anger=[1, 0])
    do(b, "attack", "Bull-Temper Rush")
    assert angers(b)[0] == 2 and deciding(b) == (1, "response")  # ON_PLAY before the response


def test_DBZ_5_8_the_response_is_one_fitting_block_a_stopping_power_or_no_defence():
    s = fight(
        ["Lantern Bolt", KEEP],
        ["Glass-Bell Barrier", "Oak-Arm Guard", "Sieve Palm"],
        zones={"drills:1": ["Blue Mirror-Lake Drill"]},
    )
    do(s, "attack", "Lantern Bolt")
    assert deciding(s) == (1, "response")
    assert {card_of(s, o)[1] or o for o in ids(s)} == {
        "Glass-Bell Barrier",
        "Sieve Palm",
        "Blue Mirror-Lake Drill",
        "take",
    }
    do(s, "take")
    assert len(s["zones"]["life:1"]) == 6


def test_DBZ_5_9_at_most_one_block_or_defensive_power_answers_an_attack():
    s = fight(
        ["Lantern Bolt", KEEP],
        ["Sieve Palm", "Sieve Palm", "Glass-Bell Barrier", KEEP],
        zones={"drills:1": ["Blue Mirror-Lake Drill"]},
    )
    do(s, "attack", "Lantern Bolt")
    do(s, "block", "Sieve Palm")  # 4 - 2 = 2 life cards; no second block is asked for
    assert len(s["zones"]["life:1"]) == 8
    assert deciding(s) == (1, "combat") and combat(s)["attack"] is None
    assert names(s, "hand:1").count("Sieve Palm") == 1


def test_DBZ_5_10_blocks_fit_physical_energy_or_both():
    blocks = ["Oak-Arm Guard", "Willow Roll", "Glass-Bell Barrier", "Sieve Palm", "Sparrow Sidestep"]
    p = fight(["Cobblestone Jab", KEEP], blocks)
    do(p, "attack", "Cobblestone Jab")
    assert option_cards(p, "block") == {
        "Oak-Arm Guard",
        "Willow Roll",
        "Sparrow Sidestep",
    }
    assert refused(p, play_id(p, 1, "Glass-Bell Barrier", "block"))
    e = fight(["Lantern Bolt", KEEP], blocks)
    do(e, "attack", "Lantern Bolt")
    assert option_cards(e, "block") == {
        "Glass-Bell Barrier",
        "Sieve Palm",
        "Sparrow Sidestep",
    }
    assert refused(e, play_id(e, 1, "Oak-Arm Guard", "block"))


def test_DBZ_5_11_blocks_are_only_played_as_a_response():
    s = fight(["Oak-Arm Guard", "Sparrow Sidestep", KEEP])
    assert not has(s, "block") and not has(s, "attack")
    assert refused(s, play_id(s, 0, "Oak-Arm Guard", "block"))
    assert refused(s, play_id(s, 0, "Sparrow Sidestep", "attack"))
    n = position({"hand:0": ["Oak-Arm Guard", "Old Grudge Remembered"]})
    assert refused(n, play_id(n, 0, "Oak-Arm Guard", "play"))


def test_DBZ_5_12_attacks_and_combat_actions_only_on_ones_own_combat_action():
    s = fight(["Cobblestone Jab", KEEP], ["Lantern Bolt", "Oak-Arm Guard", KEEP])
    do(s, "attack", "Cobblestone Jab")
    assert deciding(s) == (1, "response")
    assert refused(s, play_id(s, 1, "Lantern Bolt", "attack")) and refused(
        s, play_id(s, 1, KEEP, "combat_action")
    )
    n = position({"hand:0": ["Cobblestone Jab", KEEP, "Old Grudge Remembered"]})
    assert refused(n, play_id(n, 0, "Cobblestone Jab", "attack")) and refused(
        n, play_id(n, 0, KEEP, "combat_action")
    )


def test_DBZ_5_13_a_combat_action_resolves_with_no_response_and_is_discarded():
    s = fight([KEEP, "Lantern Bolt"], ["Oak-Arm Guard", "Sparrow Sidestep", KEEP])
    do(s, "combat_action", KEEP)
    assert angers(s)[0] == 1 and names(s, "discard:0") == [KEEP]
    assert deciding(s) == (1, "combat")  # straight on to P2's action: no response


def test_DBZ_5_14_on_hit_effects_need_at_least_one_damage():
    stopped = fight(["Pride-Breaker Throw", KEEP], ["Oak-Arm Guard"], level=[2, 2], stage=[10, 5])
    do(stopped, "attack", "Pride-Breaker Throw")
    do(stopped, "block", "Oak-Arm Guard")
    assert levels(stopped)[1] == 2
    zero = fight(["Pride-Breaker Throw", KEEP], [], level=[1, 2], stage=[5, 5])  # 600 vs 4400: base 0
    do(zero, "attack", "Pride-Breaker Throw")
    assert levels(zero)[1] == 2 and stages(zero)[1] == 5
    hit = fight(["Pride-Breaker Throw", KEEP], [], level=[2, 2], stage=[10, 5])  # 6000 vs 4400: 1 stage
    do(hit, "attack", "Pride-Breaker Throw")
    assert levels(hit)[1] == 1 and stages(hit)[1] == 4


def test_DBZ_5_15_attack_card_then_block_are_discarded_and_the_other_player_acts_next():
    s = fight(["Cobblestone Jab", KEEP], ["Willow Roll", KEEP])
    do(s, "attack", "Cobblestone Jab")
    do(s, "block", "Willow Roll")
    moves = [(e["name"], e["to"]) for e in s["events"] if e.get("cause") == "resolved"]
    assert moves == [("Cobblestone Jab", "discard:0"), ("Willow Roll", "discard:1")]
    assert deciding(s) == (1, "combat")


def test_DBZ_5_16_when_combat_ends_step_5_follows():
    s = fight([KEEP], ["Lantern Bolt", "Sieve Palm"], stage=[5, 0])
    apply(s, "pass")  # P2 can do nothing (Lantern Bolt needs 2 stages): only a pass, which ends combat
    assert deciding(s) == (1, "combat") and ids(s) == ["pass"]
    apply(s, "pass")
    assert combat(s) is None
    assert deciding(s) == (1, "discard") and phase(s) == "discard"  # P1 kept 1 card; P2 holds 2
    w = fight(["Lantern Bolt", KEEP], [], zones={"life:1": ["Sieve Palm"] * 3})
    do(w, "attack", "Lantern Bolt")  # the game ends during combat: combat stops at once
    assert w["result"]["winners"] == [0] and combat(w)["attack"] is not None


# ================================================================ section 6: damage


def test_DBZ_6_1_the_physical_attack_table_rows():
    pat = GAME.config(new_game("dbz", 2, 0)).pat
    values = [0, 1, 500, 501, 900, 901, 2900, 2901, 9900, 9901, 14900, 14901, 24900, 24901, 99999]
    assert [pat.row(v) for v in values] == [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7]


def test_DBZ_6_2_base_damage_is_row_difference_plus_one_read_after_the_response():
    s = fight(["Cobblestone Jab", KEEP], [], stage=[10, 2])  # 1100 (row 3) vs 600 (row 2)
    do(s, "attack", "Cobblestone Jab")
    assert stages(s)[1] == 0  # 2 stages
    weak = fight(["Cobblestone Jab", KEEP], [], stage=[5, 5])  # row 2 vs row 3: never below 0
    do(weak, "attack", "Cobblestone Jab")
    assert stages(weak)[1] == 5 and len(weak["zones"]["life:1"]) == 10
    # Bull-Temper Rush raises anger to 5 ON_PLAY: Kairo is level 2 stage 10 (6000, row 4) when damage is read.
    late = fight(["Bull-Temper Rush", KEEP], ["Sieve Palm"], anger=[4, 0], stage=[5, 5])
    do(late, "attack", "Bull-Temper Rush")
    apply(late, "take")  # P2 holds a card, so it is asked (only "take" fits)
    assert stages(late)[1] == 3  # row 4 - row 3 + 1 = 2


def test_DBZ_6_3_final_physical_damage_adds_bonuses_and_subtracts_reductions_never_below_0():
    s = fight(
        ["Pinwheel Heel Strike", KEEP],
        ["Willow Roll"],
        zones={
            "drills:0": ["Black Coal-Forge Drill", "Kairo's Morning Kata Drill"],
            "drills:1": ["Red Brick-Wall Drill"],
        },
        stage=[10, 6],
    )  # base 3 - 3 + 1 = 1; +1 card +1 +1 drills - 2 block - 1 drill = 1
    do(s, "attack", "Pinwheel Heel Strike")
    do(s, "block", "Willow Roll")
    assert stages(s)[1] == 5
    floor = fight(["Cobblestone Jab", KEEP], ["Willow Roll"], zones={"drills:1": ["Red Brick-Wall Drill"]})
    do(floor, "attack", "Cobblestone Jab")
    do(floor, "block", "Willow Roll")
    assert stages(floor)[1] == 5 and len(floor["zones"]["life:1"]) == 10


def test_DBZ_6_4_physical_damage_comes_from_stages_then_life_cards():
    s = fight(["Pinwheel Heel Strike", KEEP], [], level=[3, 1], stage=[10, 1])  # row 7 vs row 1: 7 + 1 = 8
    do(s, "attack", "Pinwheel Heel Strike")
    assert stages(s)[1] == 0 and len(s["zones"]["life:1"]) == 3


def test_DBZ_6_5_an_energy_attack_costs_2_stages_and_the_cost_stays_paid_when_stopped():
    s = fight(["Lantern Bolt", KEEP], ["Glass-Bell Barrier"], stage=[6, 5])
    do(s, "attack", "Lantern Bolt")
    do(s, "block", "Glass-Bell Barrier")
    assert stages(s)[0] == 4 and len(s["zones"]["life:1"]) == 10
    poor = fight(["Lantern Bolt", KEEP], [], stage=[1, 5])
    assert refused(poor, play_id(poor, 0, "Lantern Bolt", "attack"))


def test_DBZ_6_6_energy_damage_adds_bonuses_subtracts_reductions_and_hits_only_life():
    s = fight(
        ["Sieve Palm", KEEP],
        ["Furnace Wave", KEEP],
        zones={
            "drills:1": ["Vashna's Cold Focus Drill", "Orange Marigold Burst Drill"],
            "drills:0": ["Namekian Taproot Drill"],
            "life:0": ["Lantern Bolt"] * 12,
        },
        active=1,
        turn=2,
        stage=[7, 5],
    )  # 6 + 1 + 1 - 2 (Sieve Palm) - 1 (Taproot) = 5
    do(s, "attack", "Furnace Wave")
    do(s, "block", "Sieve Palm")
    assert len(s["zones"]["life:0"]) == 7 and stages(s) == [7, 2]


def test_DBZ_6_7_a_stop_makes_the_damage_0_whatever_the_bonuses():
    s = fight(
        ["Pinwheel Heel Strike", KEEP],
        ["Sparrow Sidestep"],
        zones={"drills:0": ["Orange Single-Wick Drill"]},
        level=[3, 1],
    )
    do(s, "attack", "Pinwheel Heel Strike")
    do(s, "block", "Sparrow Sidestep")
    assert stages(s)[1] == 5 and len(s["zones"]["life:1"]) == 10
    d = fight(
        ["Furnace Wave", KEEP],
        [],
        zones={"drills:1": ["Blue Mirror-Lake Drill"], "drills:0": ["Kairo's Morning Kata Drill"]},
    )
    do(d, "attack", "Furnace Wave")
    do(d, "drill_stop", "Blue Mirror-Lake Drill")
    assert len(d["zones"]["life:1"]) == 10


def test_DBZ_6_8_with_no_defence_the_full_damage_applies_but_drill_reductions_still_count():
    s = fight(
        ["Lantern Bolt", KEEP],
        ["Sieve Palm"],
        zones={"drills:1": ["Silent Pagoda Drill", "Silent Pagoda Drill"]},
    )
    do(s, "attack", "Lantern Bolt")
    do(s, "take")
    assert len(s["zones"]["life:1"]) == 8  # 4 - 1 - 1


def test_DBZ_6_9_life_cards_go_one_at_a_time_and_the_rest_is_ignored_once_empty():
    s = fight(["Furnace Wave", KEEP], [], zones={"life:1": ["Sieve Palm", "Oak-Arm Guard", "Willow Roll"]})
    do(s, "attack", "Furnace Wave")
    life_moves = [e["name"] for e in s["events"] if e.get("cause") == "life"]
    assert life_moves == ["Sieve Palm", "Oak-Arm Guard", "Willow Roll"]
    assert s["result"]["winners"] == [0]


# ================================================================ section 12: attack and block cards


def test_DBZ_12_2_physical_attack_with_its_own_bonus():
    jab = fight(["Cobblestone Jab", KEEP], [], stage=[10, 2])
    do(jab, "attack", "Cobblestone Jab")
    heel = fight(["Pinwheel Heel Strike", KEEP], [], stage=[10, 2])
    do(heel, "attack", "Pinwheel Heel Strike")
    assert (stages(jab)[1], stages(heel)[1]) == (0, 0)
    assert (len(jab["zones"]["life:1"]), len(heel["zones"]["life:1"])) == (10, 9)  # 2 vs 3 stages + 1 life


def test_DBZ_12_3_energy_attacks_with_their_own_damage_and_cost():
    s = fight(["Furnace Wave", KEEP], [], stage=[5, 5])
    do(s, "attack", "Furnace Wave")
    assert stages(s)[0] == 2 and len(s["zones"]["life:1"]) == 4
    n = fight(["Needling Spark", KEEP], [], stage=[5, 5])
    do(n, "attack", "Needling Spark")
    assert stages(n)[0] == 3 and len(n["zones"]["life:1"]) == 7


def test_DBZ_12_4_stop_phys_stops_a_physical_attack():
    s = fight(["Pinwheel Heel Strike", KEEP], ["Oak-Arm Guard"], stage=[10, 2])
    do(s, "attack", "Pinwheel Heel Strike")
    do(s, "block", "Oak-Arm Guard")
    assert stages(s)[1] == 2


def test_DBZ_12_5_reduce_phys_takes_stages_off():
    s = fight(["Pinwheel Heel Strike", KEEP], ["Willow Roll"], stage=[10, 2])  # 3 - 2 = 1
    do(s, "attack", "Pinwheel Heel Strike")
    do(s, "block", "Willow Roll")
    assert stages(s)[1] == 1


def test_DBZ_12_6_stop_energy_stops_an_energy_attack():
    s = fight(["Furnace Wave", KEEP], ["Glass-Bell Barrier"])
    do(s, "attack", "Furnace Wave")
    do(s, "block", "Glass-Bell Barrier")
    assert len(s["zones"]["life:1"]) == 10


def test_DBZ_12_7_reduce_energy_takes_life_cards_off():
    s = fight(["Furnace Wave", KEEP], ["Sieve Palm"])
    do(s, "attack", "Furnace Wave")
    do(s, "block", "Sieve Palm")
    assert len(s["zones"]["life:1"]) == 6


def test_DBZ_12_8_stop_any_stops_either_kind():
    for attack in ("Furnace Wave", "Pinwheel Heel Strike"):
        s = fight([attack, KEEP], ["Sparrow Sidestep"], stage=[10, 2])
        do(s, "attack", attack)
        do(s, "block", "Sparrow Sidestep")
        assert stages(s)[1] == 2 and len(s["zones"]["life:1"]) == 10


def test_DBZ_12_14_on_play_before_the_response_on_hit_after_damage():
    s = fight(["Bull-Temper Rush", KEEP], ["Oak-Arm Guard"], anger=[2, 0])
    do(s, "attack", "Bull-Temper Rush")
    assert angers(s)[0] == 3 and deciding(s) == (1, "response")
    do(s, "block", "Oak-Arm Guard")
    assert angers(s)[0] == 3  # stays raised though the attack was stopped
    n = fight(["Needling Spark", KEEP], [], anger=[0, 3])
    do(n, "attack", "Needling Spark")
    order = events(n)
    assert order.index("life") < order.index("anger") and angers(n)[1] == 2


# ================================================================ section 14: options


def test_DBZ_14_1_hand_limit_option_1_or_2():
    s = position(
        {"hand:0": ["Lantern Bolt", "Sieve Palm", "Oak-Arm Guard"]}, step="declare", options={"hand_limit": 2}
    )
    apply(s, "no_combat")
    do(s, "discard", "Sieve Palm")
    assert sorted(names(s, "hand:0")) == ["Lantern Bolt", "Oak-Arm Guard"]
    assert new_game("dbz", 2, 0)["options"]["hand_limit"] == 1
    for bad in (0, 3):
        with pytest.raises(OptionError):
            new_game("dbz", 2, 0, {"hand_limit": bad})


def test_DBZ_14_2_final_physical_attack_discards_a_card_for_a_blockable_physical_attack():
    on = {"final_physical_attack": True}
    s = fight(
        ["Sieve Palm", KEEP],
        ["Willow Roll", KEEP],
        zones={"drills:0": ["Black Coal-Forge Drill"]},
        options=on,
        stage=[10, 2],
    )
    assert verbs(fight(["Sieve Palm", KEEP], [])) == {"combat_action", "pass"}  # off by default: no FPA
    do(s, "final_physical_attack", "Sieve Palm")
    assert names(s, "discard:0") == ["Sieve Palm"] and deciding(s) == (1, "response")
    assert view(s, 1)["public"]["combat"]["attack"]["bonus"] == 0
    do(s, "block", "Willow Roll")  # base 2 + 1 drill - 2 block = 1
    assert stages(s)[1] == 1


def test_DBZ_14_3_after_a_final_physical_attack_only_passes_and_it_needs_a_card():
    on = {"final_physical_attack": True}
    s = fight(["Sieve Palm", "Lantern Bolt"], [KEEP, KEEP], options=on)
    do(s, "final_physical_attack", "Sieve Palm")  # P2 has no block: takes it (base 0, no damage)
    assert deciding(s) == (1, "response") and ids(s) == ["take"]
    apply(s, "take")
    assert deciding(s) == (1, "combat")
    do(
        s, "combat_action", KEEP
    )  # P1 still holds Lantern Bolt, but after an FPA it may only pass: done by itself
    assert combat(s)["final_physical_attack"] == [True, False] and combat(s)["passes"] == 1
    assert deciding(s) == (1, "combat") and names(s, "hand:0") == ["Lantern Bolt"]
    empty = fight([], [], zones={"drills:0": ["Red Rampart-Charge Drill"]}, options=on)
    assert deciding(empty) == (0, "combat") and verbs(empty) == {"drill_attack", "pass"}  # no card: no FPA


def test_DBZ_14_4_pat_bands_formula_and_colour_words_are_configuration():
    s = fight(["Cobblestone Jab", KEEP], [], options={"pat_formula": "1,-1,3"})  # row 2 - row 3 + 3 = 2
    do(s, "attack", "Cobblestone Jab")
    assert stages(s)[1] == 3
    b = fight(["Cobblestone Jab", KEEP], [], options={"pat_bands": "100,700,5000"})  # 600 row 2, 1200 row 3
    do(b, "attack", "Cobblestone Jab")
    assert stages(b)[1] == 5
    c = fight(["Cobblestone Jab", KEEP], [], options={"pat_bands": "1000,2000"})  # 600 and 1200: rows 1 and 2
    do(c, "attack", "Cobblestone Jab")
    assert stages(c)[1] == 5
    d = fight(
        ["Cobblestone Jab", KEEP], [], options={"pat_bands": "2000"}, stage=[5, 5]
    )  # both row 1: base 1
    do(d, "attack", "Cobblestone Jab")
    assert stages(d)[1] == 4
    for bad in (
        {"pat_bands": "900,500"},
        {"pat_bands": "x"},
        {"pat_formula": "1,2"},
        {"colour_words": "Red,red"},
    ):
        with pytest.raises(OptionError):
            new_game("dbz", 2, 0, bad)
    words = position({"hand:0": ["Namekian Taproot Drill", "Old Grudge Remembered"], "drills:0": ["Black Anvil Posture Drill"]},
                     options={"colour_words": "Black,Blue,Orange,Red,Saiyan"})  # fmt: skip
    do(words, "play", "Namekian Taproot Drill")  # no longer a colour word: a colourless drill
    assert drills(words, 0) == ["Black Anvil Posture Drill", "Namekian Taproot Drill"]
    assert view(words, 0)["public"]["seats"][0]["colours"] == ["Black"]
    assert cid(words, "drills:0", "Namekian Taproot Drill") is not None


def test_DBZ_14_4_DBZ_8_3_option_labels_read_drills_under_the_games_colour_words():
    hand = {"hand:0": ["Namekian Taproot Drill", "Hill-Sprint Drill"]}
    plain = position(hand)
    assert label_of(plain, "play", "Namekian Taproot Drill") == (
        "Play Namekian Taproot Drill [drill: Namekian] energy attacks on you -1 life cards"
    )
    assert "[drill: colourless, max 4]" in label_of(plain, "play", "Hill-Sprint Drill")
    # without the word Namekian the drill is colourless (DBZ-8.3), and its label says so
    words = position(hand, options={"colour_words": "Black,Blue,Orange,Red,Saiyan"})
    label = label_of(words, "play", "Namekian Taproot Drill")
    assert "[drill: colourless, max 4]" in label and "[drill: Namekian" not in label
    # a new colour word makes a drill coloured (DBZ-8.4), with the cap of one copy (DBZ-8.9)
    hill = position(hand, options={"colour_words": "Black,Blue,Orange,Red,Saiyan,Namekian,Hill"})
    assert "Play Hill-Sprint Drill [drill: Hill] " in label_of(hill, "play", "Hill-Sprint Drill")
    assert "[drill: Namekian]" in label_of(hill, "play", "Namekian Taproot Drill")
    assert "[drill: colourless, max 4]" in label_of(
        plain, "play", "Hill-Sprint Drill"
    )  # each game its own words


def label_of(state, verb, name):
    oid = opt(state, verb, name=name)
    return dict(map(tuple, state["pending"]["options"]))[oid]


def test_DBZ_14_5_dragon_ball_victory_is_a_placeholder_that_stays_off():
    spec = {s.name: s for s in GAME.option_specs}["dragon_ball_victory"]
    assert spec.default is False
    with pytest.raises(OptionError, match="no rules or cards"):
        new_game("dbz", 2, 0, {"dragon_ball_victory": "on"})
    assert new_game("dbz", 2, 0, {"dragon_ball_victory": "off"})["result"] is None

"""The Dragon Ball Z heuristic (RULES.md, "How the computer plays"): positions where one option is clearly right,
legal choices over seeded playouts, and choices that depend only on what the seat sees.

Seat 0 is Kairo and seat 1 Vashna unless a test says otherwise; life decks hold filler cards. Numbers used below:
Furnace Wave deals 6 life cards for 3 stages, Lantern Bolt 4 for 2; Glass-Bell Barrier stops an energy attack,
Sieve Palm takes 2 off one, Sparrow Sidestep stops any attack, Oak-Arm Guard stops a physical one.
"""

from __future__ import annotations

import random

from tests.agents.test_heuristics_common import check_function_of_observation, check_legal_over_playouts
from tests.support.dbz_helpers import deciding, do, drill_id, position

from cardsmith.agents.base import Turn
from cardsmith.games.dbz.heuristic import choose, evaluate


def pick(state: dict) -> str:
    return choose(Turn(state), random.Random(0))


def attacked(hand1: list[str], attack: str, drills1: list[str] | None = None, **setup: object) -> dict:
    """Seat 0 (Kairo) makes ``attack`` in combat; seat 1 (Vashna) holds ``hand1`` and must respond."""
    zones = {"hand:0": [attack, "Cobblestone Jab"], "hand:1": hand1}
    if drills1:
        zones["drills:1"] = drills1
    setup.setdefault("stage", [10, 10])
    s = position(zones, step="combat", declared=True, to_act=0, **setup)
    do(s, "attack", attack)
    assert deciding(s) == (1, "response")
    return s


def test_DBZ_5_8_stops_an_energy_attack_with_the_block_made_for_it():
    s = attacked(["Sieve Palm", "Sparrow Sidestep", "Glass-Bell Barrier"], "Furnace Wave")
    # all three answer it; the energy block stops all 6 and keeps the any-attack block for a physical attack
    assert pick(s) == "block:Glass-Bell Barrier"


def test_DBZ_11_11_a_drill_power_stops_the_energy_attack_before_any_card_is_spent():
    s = attacked(["Glass-Bell Barrier"], "Lantern Bolt", drills1=["Blue Mirror-Lake Drill"])
    assert pick(s) == drill_id(s, 1, "Blue Mirror-Lake Drill", "drill_stop")


def test_DBZ_6_2_takes_a_physical_attack_that_can_do_no_damage():
    # Kairo at stage 1 (power 200, PAT row 1) against Vashna at stage 10 (2200, row 3): base damage 0
    s = attacked(["Oak-Arm Guard"], "Cobblestone Jab", stage=[1, 10])
    assert pick(s) == "take"
    s = attacked(
        ["Oak-Arm Guard"], "Pinwheel Heel Strike", stage=[10, 0]
    )  # Vashna at stage 0: every stage hurts
    assert pick(s) == "block:Oak-Arm Guard"


def test_DBZ_5_2_declares_combat():
    s = position({"hand:0": ["Cobblestone Jab"]}, step="declare")
    assert deciding(s) == (0, "declare")
    assert pick(s) == "declare_combat"


def test_DBZ_6_6_attacks_with_the_energy_attack_that_does_most():
    s = position(
        {"hand:0": ["Lantern Bolt", "Furnace Wave", "Cobblestone Jab"]},
        step="combat",
        declared=True,
        to_act=0,
        stage=[10, 10],
    )
    assert pick(s) == "attack:Furnace Wave"


def test_DBZ_12_13_a_drill_breaker_is_aimed_at_the_opponent_only():
    own_only = position(
        {"hand:0": ["Scrambled Routine"], "drills:0": ["Black Coal-Forge Drill"]},
    )
    assert pick(own_only) == "done"  # the only drill in play is one's own: keep the card
    both = position(
        {
            "hand:0": ["Scrambled Routine"],
            "drills:0": ["Black Coal-Forge Drill"],
            "drills:1": ["Vashna's Cold Focus Drill"],
        },
    )
    assert pick(both) == "play:Scrambled Routine"
    do(both, "play", "Scrambled Routine")
    assert deciding(both) == (0, "target")
    assert pick(both) == drill_id(both, 1, "Vashna's Cold Focus Drill", "destroy_drill")


def test_DBZ_4_6_plays_anger_toward_the_next_level():
    s = position({"hand:0": ["Old Grudge Remembered", "Lullaby of the Valley"]}, anger=[3, 0])
    assert pick(s) == "play:Old Grudge Remembered"  # the opponent has no anger to take away


def test_DBZ_9_2_a_clashing_drill_is_shuffled_back_into_the_life_deck():
    s = position(
        {
            "drills:0": ["Black Anvil Posture Drill"],
            "life:0": ["Blue Tidepool Breathing Drill"] + ["Cobblestone Jab"] * 10,  # top card first
        },
        step="draw",
    )
    assert deciding(s)[0] == 0 and s["pending"]["kind"] == "non_combat"  # the choice comes with Step 2
    assert pick(s) == "show_and_shuffle:Blue Tidepool Breathing Drill"


def test_DBZ_13_1_evaluation_follows_life_and_levels():
    ahead = position({"life:0": ["Cobblestone Jab"] * 30, "life:1": ["Cobblestone Jab"] * 5})
    behind = position({"life:0": ["Cobblestone Jab"] * 5, "life:1": ["Cobblestone Jab"] * 30})
    assert evaluate(Turn(ahead), 0) > 0.9 > 0.1 > evaluate(Turn(behind), 0)
    climbing = position(level=[2, 1], anger=[4, 0])
    assert evaluate(Turn(climbing), 0) > 0.8


def test_the_heuristic_always_chooses_a_legal_option():
    assert check_legal_over_playouts("dbz", range(40)) > 1000


def test_the_heuristic_is_a_function_of_the_observation():
    assert check_function_of_observation("dbz", range(10)) > 100


def test_DBZ_13_3_plays_the_shared_life_loss_only_with_the_longer_life_deck():
    def step2(life0: int, life1: int) -> str:
        zones = {
            "hand:0": ["Last Stand Pact", "Lantern Bolt"],
            "life:0": ["Cobblestone Jab"] * life0,
            "life:1": ["Cobblestone Jab"] * life1,
        }
        return pick(position(zones, mp=["Brannoc", "Kairo"]))

    assert step2(20, 6) == "play:Last Stand Pact"  # the race is won by the longer deck (DBZ-13.2)
    assert step2(6, 20) == "done" and step2(8, 6) == "done"


def test_DBZ_9_7_draws_while_its_life_deck_is_long():
    def step2(life0: int) -> str:
        zones = {"hand:0": ["Second Wind Scroll", "Lantern Bolt"], "life:0": ["Cobblestone Jab"] * life0}
        return pick(position(zones, mp=["Brannoc", "Kairo"]))

    assert step2(20) == "play:Second Wind Scroll" and step2(6) == "done"

"""The Taking of Taidian heuristic (RULES.md, "How the computer plays"): positions where one option is clearly right,
legal choices over seeded playouts, and choices that depend only on what the seat sees.

Characters are the helpers' neutral ones (seat 0 Volt, seat 1 Rook); decks hold Coins. Numbers used below: Punch
attacks for 10, Kick for 5 (both bear Strength), Shield blocks 10; Coin buys 1, Cash 2, Gold 4; Strike gives 6
energy; Bunker (cost 6) takes 10 off every volley's damage.
"""

from __future__ import annotations

import random

from tests.agents.test_heuristics_common import check_function_of_observation, check_legal_over_playouts
from tests.support.taidian_helpers import apply, attack_table, deciding, table, upgrade_table

from cardsmith.agents.base import Turn
from cardsmith.core import clone, view
from cardsmith.games.taidian.heuristic import choose, evaluate


def pick(state: dict) -> str:
    return choose(Turn(state), random.Random(0))


def play_heuristic(state: dict, seat: int) -> list[str]:
    """Let the heuristic answer ``seat``'s decisions of the pending kind, in a row; the options it chose.

    A decision whose only option is to do nothing is answered by the helpers' ``apply`` and is not listed."""
    chosen = []
    kind = state["pending"]["kind"]
    while state["pending"] is not None and (state["pending"]["seat"], state["pending"]["kind"]) == (
        seat,
        kind,
    ):
        option = pick(state)
        chosen.append(option)
        apply(state, option)
    return chosen


def test_TAI_3_7_attacks_with_a_hand_that_hits_hard_and_upgrades_with_a_hand_of_money():
    hits = table(step="choice", hands={0: ["Punch", "Punch", "Punch", "Coin", "Coin"]})
    assert deciding(hits) == (0, "turn_type")
    assert pick(hits) == "attack"
    money = table(step="choice", hands={0: ["Coin", "Coin", "Cash", "Punch", "Shield"]})
    assert pick(money) == "upgrade"


def test_TAI_4_5_plays_its_money_then_buys_the_best_card_it_can_afford():
    s = upgrade_table(hands={0: ["Gold", "Cash", "Shield"]})
    assert play_heuristic(s, 0) == ["play_money:Cash", "play_money:Gold", "buy:Bunker"]


def test_TAI_6_4_lays_every_damage_card_at_the_opponent_in_one_volley():
    s = attack_table(hands={0: ["Punch", "Kick", "Coin"], 1: ["Coin"]})
    assert pick(s) == "lay_all:1"


def test_TAI_7_2_counters_and_blocks_what_would_get_through():
    s = attack_table(hands={0: ["Punch", "Punch", "Coin"], 1: ["Shield", "Kick", "Coin"]})
    apply(s, "lay_all:1")  # 20 damage at seat 1
    assert deciding(s) == (1, "respond")
    assert play_heuristic(s, 1) == ["counter:Kick", "play:Shield"]  # 10 of the 20 get through: nothing left


def test_TAI_7_3_plays_nothing_when_nothing_gets_through():
    s = attack_table(hands={0: ["Kick", "Coin"], 1: ["Shield", "Coin"]}, structs={1: ["Bunker"]})
    apply(s, "lay:Kick:1")
    apply(s, "reveal")  # 5 damage, and the Bunker takes 10 off
    assert deciding(s) == (1, "respond")
    assert pick(s) == "done"


def test_TAI_8_6_shields_its_attack_against_counter_damage():
    s = attack_table(hands={0: ["Punch", "Punch", "Shield"], 1: ["Kick", "Coin"]})
    apply(s, "lay_all:1")
    assert play_heuristic(s, 1) == ["counter:Kick"]  # then only "play nothing more" is left
    assert deciding(s) == (0, "counter_shield")
    assert pick(s) == "play:Shield"


def test_TAI_5_2_raises_strength_first():
    s = upgrade_table(hands={0: ["Strike"]}, energy=[5, 0])
    apply(s, "play_energy:Strike")
    assert deciding(s) == (0, "powerup")
    assert pick(s) == "power_up:strength"


def test_TAI_11_9_evaluation_follows_health():
    ahead = table(step="choice", hands={0: ["Coin"]}, health=[150, 40])
    behind = table(step="choice", hands={0: ["Coin"]}, health=[40, 150])
    assert evaluate(Turn(ahead), 0) > 0.9 > 0.1 > evaluate(Turn(behind), 0)


def test_the_heuristic_always_chooses_a_legal_option():
    assert check_legal_over_playouts("taidian", range(20)) > 1000


def test_the_heuristic_is_a_function_of_the_observation():
    assert check_function_of_observation("taidian", range(6), every=5) > 100


def test_TAI_1_19_evaluation_prefers_the_better_deck_in_the_discard_pile():
    """The discard piles are face up: a deck that holds 9mms and Golds is worth more than one that holds Coins."""
    strong = table(step="choice", hands={0: ["Coin"]}, discards={0: ["9mm", "9mm", "Gold", "Punch"]})
    weak = table(step="choice", hands={0: ["Coin"]}, discards={0: ["Coin", "Coin", "Coin", "Punch"]})
    assert evaluate(Turn(strong), 0) > evaluate(Turn(weak), 0) + 0.1
    # and the same decks held by the opponent
    theirs = table(step="choice", hands={0: ["Coin"]}, discards={1: ["9mm", "9mm", "Gold", "Punch"]})
    assert evaluate(Turn(theirs), 0) < 0.5 - 0.1


def test_TAI_4_5_evaluation_counts_a_bought_card_and_the_dilution_of_a_weak_one():
    """A card bought waits face up in the bought area (TAI-1.22): a Punch adds to the deck, a Coin dilutes it."""
    s = upgrade_table(hands={0: ["Cash", "Coin"]}, discards={0: ["Punch", "Punch", "Kick"]})
    apply(s, "play_money:Cash")
    apply(s, "play_money:Coin")
    before = evaluate(Turn(s), 0)
    punch, coin = clone(s), clone(s)
    apply(punch, "buy:Punch")
    apply(coin, "buy:Coin")
    assert evaluate(view(punch, 0), 0) > before > evaluate(view(coin, 0), 0)


def test_TAI_5_7_evaluation_counts_track_levels_on_the_cards_that_bear_them():
    plain = table(step="choice", hands={0: ["Coin"]}, discards={0: ["Punch", "Punch"]})
    strong = table(
        step="choice", hands={0: ["Coin"]}, discards={0: ["Punch", "Punch"]}, levels=[[0, 2, 0, 0], [0] * 4]
    )
    assert evaluate(Turn(strong), 0) > evaluate(Turn(plain), 0) + 0.1

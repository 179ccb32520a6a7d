"""The B-Poker heuristic (RULES.md, "How the computer plays"): positions where one option is clearly right, legal
choices over seeded playouts, and choices that depend only on what the seat sees.

Positions are built with the B-Poker test helpers: every stash not given holds filler cards, P1 (seat 0) is at the
play step of its turn unless the setup says otherwise.
"""

from __future__ import annotations

import random

from tests.agents.test_heuristics_common import check_function_of_observation, check_legal_over_playouts
from tests.support.bpoker_helpers import deciding, declared, names, play, pos

from cardsmith.agents.base import Turn
from cardsmith.core import apply
from cardsmith.games.bpoker.heuristic import choose, evaluate

FULL_HOUSE = ["A♠", "A♥", "K♣", "K♦", "A♣"]
PAIR = ["3♠", "3♥", "5♣", "9♣", "2♦"]


def pick(state: dict) -> str:
    return choose(Turn(state), random.Random(0))


def test_BP_3_2_declares_the_best_hand_as_soon_as_the_table_offers_it():
    s = pos({"table:0": ["A♠", "A♥", "K♣", "K♦", "2♣", "K♥"], "view:0": ["3♦", "4♠"]})
    assert pick(s) == "declare"
    apply(s, "declare")
    assert deciding(s) == (0, "declare")
    assert pick(s) == "declare_best"
    apply(s, "declare_best")
    hand = [s["cards"][c] for c in declared(s, 0)]
    assert sorted(hand) == sorted(["A♠", "A♥", "K♣", "K♦", "K♥"])  # the full house, not a lower hand
    assert "declare" not in [o[0] for o in s["pending"]["options"]]  # and then it plays on


def test_BP_18_1_BP_18_2_plays_the_seven_the_others_pay_for_never_the_one_it_pays():
    s = pos({"view:0": ["7♣", "7♥", "2♦"]})
    assert pick(s) == "play:7♥"
    s = pos({"view:0": ["7♣", "7♦", "4♠"]})
    assert pick(s) == "play:7♦"


def test_BP_6_2_plays_the_nine_of_diamonds_that_wins_the_hand_at_once():
    s = pos({"view:0": ["7♥", "9♦", "A♠"]})
    assert pick(s) == "play:9♦"


def test_BP_21_7_never_plays_a_ten_of_clubs_that_would_lose_it_the_hand():
    s = pos({"view:0": ["10♣"]}, {"plays": 1})
    assert pick(s) == "end_turn"


def test_BP_17_1_BP_21_7_forces_the_ten_of_clubs_onto_the_opponent():
    s = pos({"view:0": ["6♥", "10♣", "7♥"]})
    play(s, "6♥")
    assert deciding(s) == (0, "shaft")
    assert pick(s) == "force:10♣:1"


def test_BP_24_10_keeps_its_declared_hand_rather_than_play_a_king_of_spades():
    s = pos(
        {"view:0": ["K♠"], "table:0": FULL_HOUSE},
        {"plays": 1, "decl": {"0": {"cards": FULL_HOUSE}}},
    )
    assert pick(s) == "end_turn"


def test_BP_20_1_BP_3_3_discards_a_card_of_the_leading_declared_hand():
    s = pos(
        {"view:0": ["9♥"], "table:0": PAIR, "table:1": ["Q♠", "Q♥", "Q♣", "J♦", "J♣", "7♠"]},
        {"decl": {"0": {"cards": PAIR}, "1": {"cards": ["Q♠", "Q♥", "Q♣", "J♦", "J♣"]}}},
    )
    leading = set(declared(s, 1))
    play(s, "9♥")
    assert deciding(s) == (0, "discard_card")
    while (
        pick(s) == "declare" or deciding(s)[1] == "declare"
    ):  # the 9♥ changed its table: it redeclares first
        apply(s, pick(s))
    assert deciding(s) == (0, "discard_card")
    choice = pick(s)
    assert choice.startswith("discard_from_table:") and int(choice.split(":")[1]) in leading
    apply(s, choice)
    assert declared(s, 1) is None  # the full house fell apart before its win check (BP-6.1)
    assert "7♠" in names(s, "table:1")


def test_BP_19_1_BP_19_6_pays_the_one_card_fee_so_the_eight_turns_wild():
    s = pos({"view:0": ["8♠", "2♦"]})
    play(s, "8♠")
    assert deciding(s) == (0, "eight")
    assert pick(s) == "pay_eight_fee:1"


def test_BP_4_8_evaluation_follows_the_stashes():
    s = pos({"stash:0": ["2♣"] * 12, "stash:1": ["2♣"] * 3, "view:0": ["4♠"]})
    ahead, behind = evaluate(Turn(s), 0), evaluate(Turn(s), 1)
    assert ahead > 0.8 > 0.2 > behind
    assert abs(ahead + behind - 1.0) < 1e-9


def test_BP_4_5_BP_6_1_evaluation_counts_the_pot_for_the_leading_declared_hand():
    zones = {"pot": ["2♣"] * 8, "view:0": ["4♠"], "table:0": FULL_HOUSE, "table:1": PAIR}
    leading = pos(zones, {"decl": {"0": {"cards": FULL_HOUSE}, "1": {"cards": PAIR}}})
    level = pos(zones)  # the same tables, nobody declared
    assert evaluate(Turn(leading), 0) > evaluate(Turn(level), 0) > 0.5 > evaluate(Turn(leading), 1)


def test_the_heuristic_always_chooses_a_legal_option():
    assert check_legal_over_playouts("bpoker", range(12), {"max_hands": 3}) > 500


def test_the_heuristic_is_a_function_of_the_observation():
    assert check_function_of_observation("bpoker", range(4), every=4) > 100

"""B-Poker scenarios in the middle of things: a card's power part-way through its questions (``[setup] power``) and
the outer hand's declarations inside an f_poker hand (``[setup] fpoker.decl``), played on through the rules, and
refused with a message naming the key when they do not fit."""

from __future__ import annotations

from typing import Any

import pytest
from tests.support.bpoker_helpers import act, deciding, names, play, pos, public
from tests.support.scenario import ids

from cardsmith.core import ScenarioError, apply, option_id

SPADE_TEN = {"view:0": ["2♦", "K♣"], "table:0": ["9♣", "10♠", "8♥"]}


def test_BP_21_4_a_spade_ten_whose_card_is_chosen_asks_for_the_table_it_is_forced_onto():
    # The 10♠'s power: the viewing hand went to the pot (BP-21.3), the 9♣ is chosen (BP-21.4); now its table.
    state = pos(SPADE_TEN, {"power": {"card": "10♠", "answers": ["Force 9♣ on P1's table"]}}, players=3)
    assert deciding(state) == (0, "force")
    assert sorted(ids(state)) == [option_id("force_onto", 1), option_id("force_onto", 2)]  # another player's
    assert names(state, "view:0") == [] and len(state["zones"]["pot"]) == 2
    act(state, "force_onto", 2)
    assert names(state, "table:2") == ["9♣"] and names(state, "table:0") == ["10♠", "8♥"]
    # without the power under way, the same table offers the play step's choices and no forcing
    assert deciding(pos(SPADE_TEN, players=3)) == (0, "play")


def test_BP_21_5_a_spade_ten_under_way_offers_no_card_of_no_effect():
    setup = {"power": {"card": "10♠"}, "marks": {"table:0": {"8♥": "ne"}}}
    state = pos(SPADE_TEN, setup, players=3)
    assert deciding(state) == (0, "force")
    assert [label for _, label in state["pending"]["options"]] == [
        "Do not force a card",
        "Force 9♣ on P1's table",
    ]


TWOS = {"view:0": ["K♣"], "table:0": ["2♥", "2♦", "9♣"], "table:1": ["Q♠", "8♠", "3♥"]}


def test_BP_26_22_BP_13_13_a_pair_of_twos_taking_two_cards_asks_the_second_from_the_same_table():
    first = "Take two cards, first Q♠ on P2's table"
    state = pos(TWOS, {"power": {"cards": ["2♥", "2♦"], "answers": [first]}})
    assert deciding(state) == (0, "trade") and "second card" in state["pending"]["prompt"]
    assert [label for _, label in state["pending"]["options"]] == ["8♠ on P2's table", "3♥ on P2's table"]
    apply(state, state["pending"]["options"][0][0])
    # BP-26.24: the taker picks the replay order of the cards taken
    assert deciding(state) == (0, "order")
    assert sorted(label for _, label in state["pending"]["options"]) == ["Replay 8♠ first", "Replay Q♠ first"]
    assert deciding(pos(TWOS)) == (0, "play")  # without the pair under way: the play step


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"power": {"card": "10♦"}}, r"\[setup\] power: no card '10♦' left in 'table:0'"),
        ({"power": {}}, r"\[setup\] power: give a card, or the cards of a pair or set, not both"),
        ({"power": {"cards": ["9♣", "8♥"]}}, r"\[setup\] power\.cards: 9♣ \+ 8♥ is no pair or set"),
        ({"power": {"card": "10♠", "seat": 3}}, r"\[setup\] power\.seat must be a seat \(0 to 2\), not 3"),
        (
            {"power": {"card": "10♠"}, "phase": "draw"},
            r"\[setup\] power: a power resolves in the play step",
        ),
        (
            {"power": {"card": "10♠"}, "marks": {"table:0": {"10♠": "ne"}}},
            r"\[setup\] power: 10♠ on table:0 is tiled, wild or no-effect",
        ),
        (
            {"power": {"card": "10♠", "answers": ["Force 2♦"]}},
            r"\[setup\] power\.answers\[0\]: 'Force 2♦' is not an option of the question asked \(force: decline",
        ),
        (
            {"power": {"card": "10♠", "answers": ["decline"]}},
            r"\[setup\] power: the effects of 10♠ are over after its answers",
        ),
        (
            {"power": {"card": "10♠", "answers": ["decline", "decline"]}},
            r"\[setup\] power\.answers\[1\]: the effects of 10♠ are over before it",
        ),
    ],
)
def test_BP_29_3_a_power_under_way_that_does_not_fit_is_refused_naming_the_key(setup: dict, message: str):
    with pytest.raises(ScenarioError, match=message):
        pos(SPADE_TEN, setup, players=3)


OUTER = ["A♠", "A♥", "K♠", "K♥", "Q♣"]


def inner_hand(setup: dict[str, Any]) -> dict[str, Any]:
    """Inside an f_poker hand P2 started, P1 holds the 9♦ that wins it (BP-6.2); P2's outer table is set aside."""
    zones = {"view:0": ["9♦", "2♣"], "table:1:a1": OUTER, "view:0:a1": ["8♠"], "fpot": ["3♦"] * 9}
    return pos(zones, setup, stash=4)


def test_BP_9_3_BP_6_1_the_outer_hands_declaration_is_back_when_the_fpoker_hand_ends():
    state = inner_hand({"fpoker": {"player": 1, "decl": {"1": {"cards": OUTER}}}})
    assert public(state)["declared"] == [None, None]  # a table set aside is not in play (BP-9.1)
    play(
        state, "9♦"
    )  # P1 wins the f_poker hand; the outer hand resumes with P1's turn, which cannot win (BP-9.3)
    assert public(state)["depth"] == 0 and public(state)["declared"][1]["category"] == "two pair"
    play(state, "4♠")
    apply(state, "end_turn")
    # P2's win check: its declared two pair beats P1, who has no declared hand (BP-6.1)
    won = [e for e in state["events"] if e["t"] == "hand_won"]
    assert won == [
        {"t": "hand_won", "seat": 1, "reason": "the best declared hand at the win check", "depth": 0}
    ]


def test_BP_9_3_without_the_outer_declaration_nobody_wins_at_the_win_check():
    state = inner_hand({"fpoker": {"player": 1}})
    play(state, "9♦")
    play(state, "4♠")
    apply(state, "end_turn")
    assert not [e for e in state["events"] if e["t"] == "hand_won"] and deciding(state) == (1, "play")


@pytest.mark.parametrize(
    ("decl", "message"),
    [
        (
            {"1": {"cards": OUTER[:4]}},
            r"\[setup\] fpoker\.decl\.1: a declared hand is 5 cards \(BP-3\.1\), not 4",
        ),
        ({"0": {"cards": OUTER}}, r"\[setup\] fpoker\.decl: no card 'A♠' left in 'table:0:a1'"),
        ({"2": {"cards": OUTER}}, r"\[setup\] fpoker\.decl: '2' is not a seat \(0 to 1\)"),
        (
            {"1": {"cards": OUTER, "wild": {"A♠": "Z♠"}}},
            r"\[setup\] fpoker\.decl\.1\.wild: 'A♠' is not a card of the hand, or 'Z♠' no card",
        ),
    ],
)
def test_BP_29_3_an_outer_declaration_that_does_not_fit_is_refused_naming_the_key(decl: dict, message: str):
    with pytest.raises(ScenarioError, match=message):
        inner_hand({"fpoker": {"player": 1, "decl": decl}})

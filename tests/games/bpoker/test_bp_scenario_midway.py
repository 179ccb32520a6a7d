"""B-Poker scenarios in the middle of things: the outer hand's declarations inside an f_poker hand (``[setup]
fpoker.decl``), played on through the rules, and refused with a message naming the key when they do not fit."""

from __future__ import annotations

from typing import Any

import pytest
from tests.support.bpoker_helpers import deciding, play, pos, public

from cardsmith.core import ScenarioError, apply

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

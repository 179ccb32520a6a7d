"""B-Poker scenarios for positions of a card on its way or at another value: a card being forced onto a table
(``[setup] forced``: its reaction window, then its power as its receiver's) and a 5-tile's newest card resolving
at its value in effect (``power`` on a tiled card), played on through the rules, and refused with a message naming
the key when they do not fit."""

from __future__ import annotations

from typing import Any

import pytest
from tests.support.bpoker_helpers import deciding, names, pos, public
from tests.support.scenario import ids, labels

from cardsmith.core import ScenarioError, apply, option_id

MAGIC_NO_EFFECT = "Magic: discard your 10♦; it arrives no-effect"
MAGIC = {"limbo": ["8♠"], "table:1": ["10♦"], "view:0": ["K♣"], "view:1": ["2♦"]}


def forced(zones: dict[str, list[str]] = MAGIC, **spec: Any) -> dict[str, Any]:
    return pos(zones, {"forced": {"card": "8♠", "seat": 1, "forcer": 0, **spec}})


def test_BP_8_2_a_card_being_forced_gives_its_target_a_reaction_window():
    s = forced()
    assert (
        deciding(s) == (1, "react") and "8♠ is being played onto your table by P1" in s["pending"]["prompt"]
    )
    assert labels(s) == ["Let it arrive", MAGIC_NO_EFFECT]
    assert names(s, "limbo") == ["8♠"]
    apply(s, ids(s)[1])  # Magic: the 8 arrives with no effect, and the forcer's turn goes on
    assert names(s, "discard") == ["10♦"] and names(s, "table:1") == ["8♠"]
    assert deciding(s) == (0, "play")


def test_BP_8_1_a_forced_card_resolves_as_its_receivers_card():
    s = forced(answers=["Let it arrive"])
    assert (
        deciding(s) == (1, "eight") and s["pending"]["prompt"] == "P2: pay for your 8?"
    )  # the 8's player: P2
    assert "10♦" in names(s, "table:1") and "8♠" in names(s, "table:1")


@pytest.mark.parametrize(
    ("zones", "spec", "setup", "message"),
    [
        (MAGIC, {"forcer": 1}, {}, r"\[setup\] forced: a player forces a card onto another player's table"),
        (MAGIC, {"seat": 2}, {}, r"\[setup\] forced\.seat must be a seat \(0 to 1\), not 2"),
        (MAGIC, {"card": "9♠"}, {}, r"\[setup\] forced: no card '9♠' left in 'limbo'"),
        (MAGIC, {}, {"phase": "draw"}, r"\[setup\] forced: a card is forced in the play step"),
        (MAGIC, {"answers": ["Reflect"]}, {}, r"\[setup\] forced\.answers\[0\]: 'Reflect' is not an option"),
        (
            MAGIC,
            {"answers": [MAGIC_NO_EFFECT, "Let it arrive"]},  # after Magic nothing is left of the 8's arrival
            {},
            r"\[setup\] forced\.answers\[1\]: the effects of 8♠ are over before it",
        ),
        (
            {"limbo": ["8♠"], "view:0": ["K♣"]},
            {"answers": []},
            {"inh": [True, False]},
            r"\[setup\] forced: a player forces a card onto another player's table, both still in the hand",
        ),
    ],
)
def test_BP_8_1_a_card_being_forced_that_does_not_fit_is_refused_naming_the_key(
    zones: dict[str, list[str]], spec: dict[str, Any], setup: dict[str, Any], message: str
):
    with pytest.raises(ScenarioError, match=message):
        pos(zones, {"forced": {"card": "8♠", "seat": 1, "forcer": 0, **spec}, **setup})


FIVE_TILE = {"table:0": ["5♥", "9♣"], "view:0": ["K♣"]}
TILED = [{"kind": "five", "zone": "table:0", "cards": ["5♥", "9♣"]}]


def test_BP_16_8_BP_16_9_a_five_tiles_newest_card_resolves_at_its_value_in_effect():
    s = pos(FIVE_TILE, {"tiles": TILED, "power": {"card": "9♣"}})
    assert deciding(s) == (0, "eight")  # after a red 5 the 9♣ is an 8♣ in effect: the 8's choice (BP-19.1)
    assert "Pay nothing: discard the 8 and break a tile" in labels(s)
    with pytest.raises(ScenarioError, match=r"the effects of 9♣ are over after its answers"):
        pos({"table:0": ["9♣"], "view:0": ["K♣"]}, {"power": {"card": "9♣"}})  # at face value it asks nothing


def test_BP_16_5_the_five_of_a_five_tile_has_no_power_of_its_own():
    with pytest.raises(ScenarioError, match=r"\[setup\] power: 5♥ on table:0 is tiled, wild or no-effect"):
        pos(FIVE_TILE, {"tiles": TILED, "power": {"card": "5♥"}})


def test_BP_4_9_a_per_seat_list_of_the_wrong_length_is_refused_naming_the_key():
    with pytest.raises(ScenarioError, match=r"\[setup\] inh must be a list of 2 booleans"):
        pos({"view:0": ["K♣"]}, {"inh": [True, True, True]})


# ---------------------------------------------------------------- f_poker hands started as the rules start them

JJ7 = {"cards": ["Joker", "Joker", "7♠"]}


def test_BP_9_1_a_joker_joker_seven_resolving_sets_the_outer_hands_tiles_and_declarations_aside():
    zones = {
        "table:0": ["Joker", "Joker", "7♠", "5♥", "9♣"],
        "table:1": ["3♥"],
        "view:0": ["K♣"],
        "view:1": ["2♦"],
    }
    s = pos(zones, {"power": JJ7, "tiles": TILED}, stash=8)
    assert (
        public(s)["depth"] == 1 and public(s)["tiles"] == []
    )  # the 5-tile is not in play in the f_poker hand
    assert names(s, "table:0:a1") == ["5♥", "9♣"] and names(s, "table:1:a1") == ["3♥"]
    assert names(s, "view:0:a1") == ["K♣"] and len(names(s, "view:0")) == 5  # a fresh viewing hand (BP-9.1)
    assert (
        sorted(names(s, "fpot"))[-3:] == ["7♠", "Joker", "Joker"] and len(names(s, "fpot")) == 11
    )  # BP-26.16
    assert deciding(s) == (0, "play")  # the set's player takes the first turn (BP-9.2)


NESTED = {"table:0": ["Joker", "Joker", "7♠"], "table:1:a1": ["3♥"], "view:0": ["K♣"], "view:1": ["2♦"]}


def test_BP_9_4_a_joker_joker_seven_inside_an_f_poker_hand_nests_a_second_one():
    s = pos(NESTED, {"fpoker": {"player": 1}, "power": JJ7}, stash=8)
    assert public(s)["depth"] == 2
    assert names(s, "table:1:a1") == ["3♥"] and names(s, "view:0:a2") == ["K♣"]  # each hand set aside in turn
    assert len(names(s, "fpot:2")) == 11 and deciding(s) == (0, "play")


def test_BP_9_4_past_the_nesting_cap_the_set_only_pays_into_the_f_pot():
    with pytest.raises(ScenarioError, match=r"\[setup\] power: the effects of Joker \+ Joker \+ 7♠ are over"):
        pos(NESTED, {"fpoker": {"player": 1}, "power": JJ7}, stash=8, options={"max_fpoker_depth": 1})


# ---------------------------------------------------------------- beginning-of-turn triggers part-way: the scenario's answers

TRIGGERS = {"table:1": ["7♥", "7♥"], "table:0": ["7♣", "7♣", "3♥"], "view:0": ["2♦"]}
HOLES = [
    {"kind": "bh", "zone": "table:1", "cards": ["7♥", "7♥"]},
    {"kind": "wh", "zone": "table:0", "cards": ["7♣", "7♣"]},
]


def test_BP_5_3_beginning_of_turn_triggers_part_way_ask_the_order_of_the_rest():
    s = pos(TRIGGERS, {"phase": "tbegin", "tiles": HOLES}, answers=["Resolve Black Hole of P2 next"])
    assert deciding(s) == (0, "trigger_order")
    assert sorted(labels(s)) == ["Resolve White Hole of P1 next", "Resolve your 3's trigger of P1 next"]
    assert len(names(s, "stash:0")) == 4 and len(names(s, "stash:1")) == 8  # the Black Hole's fee is paid
    apply(s, option_id("trigger", "white_hole", 0))
    assert len(names(s, "stash:0")) == 2 and len(names(s, "stash:1")) == 10  # then the 3's trigger, at once


def test_BP_5_3_an_answer_the_position_does_not_offer_is_refused_naming_the_key():
    with pytest.raises(
        ScenarioError, match=r"^answers\[0\]: 'Resolve White Hole of P2 next' is not an option"
    ):
        pos(TRIGGERS, {"phase": "tbegin", "tiles": HOLES}, answers=["Resolve White Hole of P2 next"])


def test_BP_16_22_BP_16_23_a_q_in_effect_passed_on_is_in_flight_with_its_receivers_window_open():
    zones = {"table:0": ["5♥", "K♦"], "table:1": ["10♦"], "view:0": ["K♣"], "view:1": ["2♦"]}
    s = pos(
        zones,
        {"tiles": [{"kind": "five", "zone": "table:0", "cards": ["5♥", "K♦"]}], "power": {"card": "K♦"}},
    )
    # 5♥ + K♦ is a Q♦ in effect (BP-16.6): it is passed on, and played at face value onto P2's table as a force
    assert (
        deciding(s) == (1, "react") and "K♦ is being played onto your table by P1" in s["pending"]["prompt"]
    )
    assert names(s, "limbo") == ["K♦"] and names(s, "table:0") == ["5♥"]
    apply(s, ids(s)[0])  # let it arrive: it resolves as a K♦ for P2, into the pot (BP-24.7)
    assert names(s, "pot") == ["K♦"] and names(s, "table:1") == ["10♦"]
    assert public(s)["tiles"] == [] and deciding(s) == (0, "play")  # the 5-tile is broken up (BP-16.22 (4))

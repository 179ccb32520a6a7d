"""B-Poker scenarios: the ``[setup]`` keys of the middle of a turn, and refusals that name the key."""

from __future__ import annotations

import pytest
from tests.support.bpoker_helpers import act, deciding, decline_all, names, play, pos, public, verbs
from tests.support.scenario import ids

from cardsmith.core import ScenarioError, apply, option_id, view


def test_BP_5_5_a_play_step_whose_scrap_is_spent_offers_no_scrap():
    zones = {"view:0": ["2♦"], "table:0": ["9♣", "8♥"]}
    assert "scrap" in ids(pos(zones))
    assert "scrap" not in ids(pos(zones, {"scrap": False}))
    with pytest.raises(ScenarioError, match=r"\[setup\] scrap = false needs phase = 'play'"):
        pos(zones, {"scrap": False, "phase": "tbegin"})


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"marks": {"table:0": {"3♠": "wild"}}}, r"\[setup\] marks: no card '3♠' left in 'table:0'"),
        ({"tiles": [{"kind": "six", "zone": "table:0", "cards": ["6♠"]}]}, r"\[setup\] tiles: no card '6♠'"),
        ({"decl": {"0": {"cards": ["K♠"]}}}, r"\[setup\] decl: no card 'K♠' left in 'table:0'"),
        ({"decl": {"0": {"cards": ["9♣"], "wild": {"8♥": "A♠"}}}}, r"\[setup\] decl\.0\.wild: '8♥'"),
        ({"ctrl": {"0": [1, "10♦"]}}, r"\[setup\] ctrl: no card '10♦' left in 'table:0'"),
        (
            {"decl": {"0": {"cards": ["9♣", "8♥"]}}},
            r"\[setup\] decl\.0: a declared hand is 5 cards \(BP-3\.1\), not 2",
        ),
        ({"fpoker": {"player": 2}}, r"\[setup\] fpoker\.player must be a seat \(0 to 1\), not 2"),
        (
            {"fpoker": {"seat": 0}},
            r"\[setup\] of bpoker: Object contains unknown field `seat` - at `setup\.fpoker`",
        ),
    ],
)
def test_BP_29_3_a_setup_key_that_does_not_fit_is_refused_naming_it(setup: dict, message: str):
    with pytest.raises(ScenarioError, match=message):
        pos({"view:0": ["2♦"], "table:0": ["9♣", "8♥"]}, setup)


def test_BP_9_1_cards_set_aside_need_an_fpoker_hand():
    with pytest.raises(
        ScenarioError, match=r"\[setup\] fpoker: zone 'table:0:a1' holds an outer hand set aside"
    ):
        pos({"view:0": ["2♦"], "table:0:a1": ["9♣"]})
    with pytest.raises(
        ScenarioError, match=r"\[setup\] fpoker: zone 'view:1:a2' holds an outer hand set aside"
    ):
        pos({"view:0": ["2♦"], "view:1:a2": ["9♣"]}, {"fpoker": {"player": 1}})


def test_BP_9_1_BP_9_3_BP_6_2_an_fpoker_hand_won_resumes_the_outer_hand_with_the_winner():
    # Inside f_poker P1's 9♦ at face value wins the hand at once (BP-6.2): P1 takes the f_pot, the f_poker tables
    # are scrapped, and the outer hand (set aside when P2 played Joker+Joker+7) resumes with P1's turn.
    state = pos(
        {
            "view:0": ["9♦", "2♣"],
            "table:1": ["8♥"],
            "view:0:a1": ["K♠"],
            "table:1:a1": ["Q♣"],
            "fpot": ["3♦"] * 9,
        },
        {"fpoker": {"player": 1}},
        stash=4,
    )
    seen = view(state, 1)
    assert seen["public"]["depth"] == 1 and seen["zones"]["view:0:a1"] == [None]  # set aside, still P1's only
    play(state, "9♦")
    assert public(state)["depth"] == 0 and public(state)["active"] == 0
    assert "K♠" in names(state, "view:0") and names(state, "table:1") == [
        "Q♣"
    ]  # back, then drawn up (BP-5.2)
    assert len(state["zones"]["stash:0"]) == 4 + 9 and "8♥" in names(state, "discard")


def test_BP_17_9_BP_17_11_BP_17_14_a_ring_under_way_closes_when_its_last_seat_is_reached():
    # P1 forced a 6 onto P2 (the ring reached P2, P1 splits); P2 now uses that 6's shaft.
    state = pos(
        {"table:1": ["6♥"], "view:1": ["6♦"], "view:2": ["6♣"], "pot": ["2♣"] * 7},
        {"ring": {"reached": [1], "splitter": 0}},
        players=3,
    )
    assert deciding(state) == (1, "shaft")
    act(state, "force", "6♦", 2)
    decline_all(state, "let_it_arrive")
    act(state, "force", "6♣", 0)  # every seat has received a 6: the ring closes
    decline_all(state, "let_it_arrive")
    assert deciding(state) == (1, "ring_pile")  # the splitter's left takes first (BP-17.14)
    apply(state, option_id("take_pile", 3))
    assert len(state["zones"]["pot"]) == 0 and len(state["zones"]["stash:1"]) == 6 + 3


def test_BP_17_9_a_ring_ended_by_a_card_other_than_a_6_does_not_close():
    state = pos(
        {"table:1": ["6♥"], "view:1": ["9♣", "2♠"], "pot": ["2♣"] * 7},
        {"ring": {"reached": [1], "splitter": 0}},
        players=3,
    )
    act(state, "force", "9♣", 2)
    decline_all(state, "let_it_arrive")
    assert len(state["zones"]["pot"]) == 7 and "ring_pile" not in verbs(state)


@pytest.mark.parametrize(
    ("ring", "message"),
    [
        ({"reached": [], "splitter": 0}, r"\[setup\] ring\.reached must list distinct seats"),
        ({"reached": [1, 1], "splitter": 0}, r"\[setup\] ring\.reached must list distinct seats"),
        ({"reached": [1, 2, 0], "splitter": 0}, r"\[setup\] ring\.reached: a ring that reached every seat"),
        ({"reached": [1], "splitter": 5}, r"\[setup\] ring\.splitter must be a seat"),
        ({"reached": [2], "splitter": 0}, r"\[setup\] ring: table:2 holds no 6"),
    ],
)
def test_BP_17_9_a_ring_that_does_not_fit_is_refused_naming_the_key(ring: dict, message: str):
    with pytest.raises(ScenarioError, match=message):
        pos({"table:1": ["6♥"], "view:1": ["6♦"]}, {"ring": ring}, players=3)


def test_BP_5_6_BP_26_15_a_set_chosen_card_by_card_goes_on_from_the_cards_chosen():
    state = pos({"view:0": ["Joker", "Joker", "7♠", "2♦"], "stash:0": ["2♣"] * 8}, {"chosen": ["Joker"]})
    assert deciding(state) == (0, "set")
    # a lone Joker is no pair (a Joker+Joker is, BP-29.5): the other Joker or the 7 of Joker+Joker+7 comes next
    assert sorted(ids(state)) == sorted(option_id("add_to_set", n) for n in ("Joker", "7♠"))
    assert "Joker" not in view(state, 1)["pending"]["prompt"]  # the cards chosen are told in the labels only
    act(state, "add_to_set", "Joker")
    act(state, "add_to_set", "7♠")
    apply(state, "play_set")  # Joker + Joker + 7: an f_poker hand begins (BP-26.15)
    assert public(state)["depth"] == 1


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"chosen": ["2♦"]}, r"\[setup\] chosen: 2♦ begins no pair or set of view:0"),
        ({"chosen": ["Joker", "Joker", "Joker"]}, r"\[setup\] chosen: 'Joker' is not in view:0 as often"),
        (
            {"chosen": ["Joker"], "phase": "draw"},
            r"\[setup\] chosen: a pair or set is chosen in the play step",
        ),
    ],
)
def test_BP_5_6_a_choice_that_does_not_fit_is_refused_naming_the_key(setup: dict, message: str):
    with pytest.raises(ScenarioError, match=message):
        pos({"view:0": ["Joker", "Joker", "7♠", "2♦"]}, setup)

"""Tricks, the game that plugs in from its own package: scenario tests by rule id, checked through views, options,
events and results (never private state)."""

from __future__ import annotations

import pytest
from tests.support.scenario import build, ids

from cardsmith.core import apply, get_game, new_game, view
from cardsmith.core.errors import IllegalAction, ScenarioError

HANDS = {
    "hand:0": ["6 of Acorns", "1 of Bells", "2 of Leaves", "5 of Leaves"],
    "hand:1": ["3 of Acorns", "6 of Bells", "1 of Leaves", "4 of Leaves"],
}


def test_tricks_is_found_through_its_entry_point():
    from importlib import metadata

    names = {ep.name: ep.value for ep in metadata.entry_points(group="cardsmith.games")}
    assert names["tricks"] == "cardsmith_tricks"
    assert type(get_game("tricks")).__module__ == "cardsmith_tricks.game"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_TR_1_1_four_hidden_cards_each_and_a_stock_nobody_sees(players):
    state = new_game("tricks", players, 3)
    for seat in range(players):
        mine = view(state, seat)["zones"]
        assert len(mine[f"hand:{seat}"]) == 4 and all(entry is not None for entry in mine[f"hand:{seat}"])
        for other in range(players):
            if other != seat:
                assert mine[f"hand:{other}"] == [None] * 4
        assert mine["stock"] == [None] * (18 - 4 * players)


def test_TR_2_1_the_leader_may_play_any_card_and_others_must_follow_suit():
    state = build("tricks", HANDS)
    assert ids(state) == ["play:1 of Bells", "play:2 of Leaves", "play:5 of Leaves", "play:6 of Acorns"]
    apply(state, "play:2 of Leaves")
    assert state["pending"]["seat"] == 1
    assert ids(state) == ["play:1 of Leaves", "play:4 of Leaves"]  # must follow Leaves
    with pytest.raises(IllegalAction):
        apply(state, "play:6 of Bells")


def test_TR_2_1_a_player_without_the_suit_led_plays_any_card_and_one_legal_card_is_still_asked():
    state = build("tricks", {"hand:0": ["6 of Acorns", "1 of Bells"], "hand:1": ["3 of Acorns", "6 of Bells"]},
                  setup={"tricks_played": 2})  # fmt: skip
    apply(state, "play:1 of Bells")
    assert ids(state) == ["play:6 of Bells"]  # one legal card, and the seat is asked all the same
    apply(state, "play:6 of Bells")
    state2 = build("tricks", {"hand:0": ["6 of Acorns", "2 of Leaves"], "hand:1": ["3 of Acorns", "6 of Bells"]},
                   setup={"tricks_played": 2})  # fmt: skip
    apply(state2, "play:2 of Leaves")
    assert ids(state2) == ["play:3 of Acorns", "play:6 of Bells"]  # no Leaves: any card


def test_TR_3_1_the_highest_card_of_the_suit_led_wins_and_leads_next():
    state = build("tricks", HANDS)
    apply(state, "play:5 of Leaves")
    apply(state, "play:4 of Leaves")
    seen = view(state, 0)
    assert {"t": "trick", "winner": 0} in seen["events"]
    assert len(seen["zones"]["won:0"]) == 2 and seen["pending"]["seat"] == 0
    apply(state, "play:1 of Bells")
    apply(state, "play:6 of Bells")
    assert state["pending"]["seat"] == 1  # the winner of the trick leads
    # an off-suit card never wins, however high
    last = build("tricks", {"hand:0": ["1 of Bells"], "hand:1": ["6 of Acorns"]}, setup={"tricks_played": 3})
    apply(last, "play:1 of Bells")
    apply(last, "play:6 of Acorns")
    assert {"t": "trick", "winner": 0} in view(last, 1)["events"]


def test_TR_4_1_most_tricks_wins_and_ties_share_the_win():
    state = build("tricks", HANDS)
    for oid in ("play:5 of Leaves", "play:4 of Leaves", "play:6 of Acorns", "play:3 of Acorns",
                "play:1 of Bells", "play:6 of Bells", "play:1 of Leaves", "play:2 of Leaves"):  # fmt: skip
        apply(state, oid)
    assert state["result"] == {"winners": [0], "draw": False, "reason": "most tricks (3)"}
    tied = build("tricks", {"hand:0": ["6 of Acorns", "1 of Bells"], "hand:1": ["3 of Acorns", "6 of Bells"]},
                 setup={"tricks_played": 2})  # fmt: skip
    for oid in ("play:6 of Acorns", "play:3 of Acorns", "play:1 of Bells", "play:6 of Bells"):
        apply(tied, oid)
    assert tied["result"]["winners"] == [0, 1] and tied["result"]["draw"] is False


def test_scenario_setup_keys_are_checked_against_the_declared_schema():
    with pytest.raises(ScenarioError, match=r"unknown field `trumps`"):
        build("tricks", HANDS, setup={"trumps": "Bells"})
    with pytest.raises(ScenarioError, match=r"Expected `int`, got `str` - at `setup.leader`"):
        build("tricks", HANDS, setup={"leader": "P2"})
    with pytest.raises(ScenarioError, match=r"leader 3 is not a seat of 2 players"):
        build("tricks", HANDS, setup={"leader": 3})
    with pytest.raises(ScenarioError, match=r"the trick zone must be empty"):
        build("tricks", {**HANDS, "trick": ["2 of Acorns"]})

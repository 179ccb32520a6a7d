"""B-Poker scenario tests: components, values, declarations, hands, turns, winning, fees (sections 1-9, 28-30)."""

from __future__ import annotations

import pytest
from tests.support.bpoker_helpers import (
    act,
    cid,
    deciding,
    declared,
    hands_finished,
    names,
    pair,
    play,
    pos,
    public,
    refused,
    tiles,
    verbs,
)
from tests.support.scenario import ids

from cardsmith.core import apply, decision, new_game, option_id, view
from cardsmith.core.errors import DeckError, OptionError
from cardsmith.games.bpoker.cards import DECK, FACES, deck_names, power_key
from cardsmith.games.bpoker.table import fee_size, off_table


def test_BP_1_1_BP_1_2_BP_28_1_BP_29_1_BP_29_2_three_decks_of_54_distinct_cards():
    state = new_game("bpoker", 4, 1)
    assert len(state["cards"]) == 3 * 54 and len(DECK) == 54
    assert state["cards"].count("7♥") == 3 and state["cards"].count("Joker") == 6
    assert len(set(range(len(state["cards"])))) == len(state["cards"])  # one id per physical card
    assert deck_names(1).count("4♦") == 1  # with fewer than 3 decks no card exists three times
    one = new_game("bpoker", 2, 1, {"decks": 1})
    assert len(one["cards"]) == 54
    try:
        new_game("bpoker", 2, 1, {"decks": 0})
    except OptionError:
        pass
    else:
        raise AssertionError("0 decks accepted")


def test_BP_1_3_BP_1_4_BP_1_7_zones_and_visibility():
    state = pos({"view:0": ["7♥"], "view:1": ["8♣"], "table:1": ["9♣"], "pot": ["K♠"], "discard": ["2♦"]})
    v0 = view(state, 0)
    z = v0["zones"]
    assert z["view:0"][0][1] == "7♥" and z["view:1"] == [None]  # viewing hand: owner only
    assert all(e is None for e in z["stash:0"])  # the stash is hidden even from its owner
    assert z["pot"] == [None] and z["draw"][0] is None and z["discard"][0][1] == "2♦"
    assert z["table:1"][0][1] == "9♣"
    total = sum(len(v) for v in state["zones"].values())
    assert total == len(state["cards"])  # every card in exactly one zone


def test_BP_1_5_BP_10_32_BP_30_1_marks_wild_noeffect_and_sideways_stash():
    state = pos(
        {"view:0": ["7♥"], "table:0": ["8♣", "9♣"], "stash:0": ["2♠", "3♠"]},
        {"marks": {"table:0": {"8♣": "wild", "9♣": "ne"}, "stash:0": {"3♠": "side"}}},
    )
    v1 = view(state, 1)["zones"]
    assert [e[2] for e in v1["table:0"]] == ["wild", "ne"]
    assert v1["table:0"][0][1] is None and v1["table:0"][1][1] == "9♣"  # a wild's face only for its owner
    assert view(state, 0)["zones"]["table:0"][0][1] == "8♣"
    assert v1["stash:0"][1] == [None, None, "side"]
    text = "\n".join(
        __import__("cardsmith.core", fromlist=["get_game"]).get_game("bpoker").summarize(view(state, 1))
    )
    assert "[wild]" in text and "9♣(sideways)" in text and "(1 sideways)" in text


def test_BP_1_6_BP_28_7_direction_left_and_seeded_first_player():
    a = new_game("bpoker", 4, 77)
    b = new_game("bpoker", 4, 77)
    assert public(a)["dir"] == 1 and a == b
    firsts = {public(new_game("bpoker", 4, s))["active"] for s in range(12)}  # who begins the first hand
    assert len(firsts) > 1


def test_BP_2_1_BP_2_2_BP_12_1_BP_12_2_ranks_and_joker():
    assert FACES["A♠"].rank == 14 and FACES["Joker"].rank == 1 and FACES["Joker"].suit == -1
    assert not FACES["Joker"].red
    assert power_key(14, 3, False) == "AU" and power_key(1, -1, False) == "1B"


def test_BP_2_3_BP_2_4_BP_12_3_BP_12_4_BP_16_6_red_five_makes_a_two_a_one_of_red():
    state = pos({"view:0": ["5♥", "2♦", "K♠"], "table:0": []})
    play(state, "5♥")
    # the 5's fee is paid, then the follow-up is picked
    assert deciding(state) == (0, "follow")
    act(state, "follow", "2♦")
    assert tiles(state)[0]["in_effect"] == "1 of Red"  # a 1 of Red, not a 1 of any suit
    assert names(state, "table:0") == ["5♥", "2♦"]  # face value unchanged on the table


def test_BP_3_1_BP_3_2_BP_3_3_BP_3_4_BP_10_6_BP_10_19_BP_30_3_declaring_with_a_wild_and_alternatives():
    state = pos(
        {"view:0": ["2♠"], "table:0": ["K♠", "K♥", "9♣", "4♦", "3♠", "8♣"]},
        {"marks": {"table:0": {"8♣": "wild"}}},
    )
    act(state, "declare")
    assert deciding(state) == (0, "declare")
    labels = [o.label for o in decision(state).options if o.verb in ("declare_best", "declare_without")]
    assert "best" in labels[0] and 2 <= len(labels) <= 4  # the best hand and at most three lower ones
    assert "declare" not in ids(state)
    act(state, "declare_best")
    d = public(state)["declared"][0]
    assert len(d["cards"]) == 5 and len(d["wild"]) == 1  # the wild got a declared value
    ((r, s),) = d["wild"].values()
    assert r == 13  # three kings
    assert "declare" not in ids(state)  # nothing changed since: no redeclaring offer
    # a card of the hand leaving the table ends the declaration (BP-3.3)
    g = __import__("cardsmith.core", fromlist=["get_game"]).get_game("bpoker")
    off_table(g, state, 0, cid(state, "table:0", "9♣"), "discard", "test")
    assert declared(state, 0) is None


def test_BP_3_5_BP_3_6_BP_3_7_declared_hands_compare_in_the_win_check():
    # P1 declared a flush; P2 a straight 1-2-3-4-5 (a Joker as the 1). P1 wins at the start of their turn.
    state = pos(
        {
            "table:0": ["2♥", "5♥", "9♥", "J♥", "K♥"],
            "table:1": ["Joker", "2♣", "3♦", "4♠", "5♣"],
            "view:0": ["7♠"],
        },
        {
            "decl": {
                "0": {"cards": ["2♥", "5♥", "9♥", "J♥", "K♥"]},
                "1": {"cards": ["Joker", "2♣", "3♦", "4♠", "5♣"]},
            },
            "phase": "tbegin",
        },
    )
    assert hands_finished(state) == 1  # P1 won hand 1 at the win check
    assert any(e["t"] == "hand_won" and e["seat"] == 0 for e in state["events"])


def test_BP_3_7_BP_6_1_a_tie_does_not_win():
    hand = ["2♥", "5♥", "9♥", "J♥", "K♥"]
    other = ["2♦", "5♦", "9♦", "J♦", "K♦"]
    state = pos(
        {"table:0": hand, "table:1": other, "view:0": ["7♠", "8♠"]},
        {"decl": {"0": {"cards": hand}, "1": {"cards": other}}, "phase": "tbegin"},
    )
    assert hands_finished(state) == 0 and deciding(state)[0] == 0


def test_BP_4_1_BP_28_2_BP_28_3_setup_deals_stashes_and_viewing_hands():
    state = new_game("bpoker", 3, 5, {"stash": 10})
    for s in range(3):
        # 10 dealt, 1 paid as ante
        assert len(state["zones"][f"stash:{s}"]) == 9
        assert len(state["zones"][f"view:{s}"]) == 5 or public(state)["active"] == s
    assert len(state["zones"]["pot"]) == 3


def test_BP_4_2_BP_4_3_BP_4_8_BP_28_5_antes_outs_and_game_end():
    # P2 has no stash: out at the next hand's ante, leaving P1 the winner of the game.
    state = pos({"stash:1": [], "view:0": ["7♠"]}, {"phase": "hstart"}, stash=4)
    assert state["result"] is not None and state["result"]["winners"] == [0]
    state = pos({"view:0": ["A♦"], "view:1": ["7♠"]}, {"hand": 0}, options={"max_hands": 1})
    assert state["options"]["max_hands"] == 1


def test_BP_4_4_BP_4_5_BP_4_6_BP_4_7_BP_26_42_BP_26_71_winning_the_pot_and_scrapping():
    hand = ["2♥", "5♥", "9♥", "J♥", "K♥"]
    state = pos(
        {
            "table:0": hand + ["6♣", "6♦", "6♠"],
            "table:1": ["10♦", "3♠", "8♠"],
            "view:0": ["7♠"],
            "pot": ["A♠", "A♣"],
            "discard": ["Q♣"],
        },
        {
            "decl": {"0": {"cards": hand}},
            "phase": "tbegin",
            "tiles": [
                {"kind": "six", "zone": "table:0", "cards": ["6♣", "6♦", "6♠"]},
                {"kind": "lock", "zone": "table:1", "cards": ["10♦", "3♠"]},
            ],
        },
    )
    assert hands_finished(state) == 1
    assert "A♠" in names(state, "stash:0") or len(state["zones"]["stash:0"]) >= 7  # pot to the winner's stash
    assert sorted(names(state, "table:0")) == ["6♠", "6♣", "6♦"]  # the 6+6+6 stays
    assert names(state, "table:1") == ["10♦", "3♠"]  # the 10♦+card stays; the 8♠ was scrapped
    assert "Q♣" not in names(state, "discard")  # the discard was shuffled into the draw pile


def test_BP_4_9_BP_6_3_BP_21_7_BP_21_8_ten_of_clubs_loses_the_hand():
    state = pos({"view:0": ["10♣", "7♠"], "table:0": ["2♥"], "ctbp:0": []}, players=3)
    play(state, "10♣")
    assert public(state)["in_hand"] == [False, True, True]
    assert names(state, "stash:0")[-1] == "10♣" and "2♥" not in names(state, "table:0")
    assert "7♠" not in names(state, "view:0")
    assert deciding(state)[0] == 1  # the next player's turn
    state2 = pos({"view:0": ["10♣"]})
    play(state2, "10♣")
    assert hands_finished(state2) == 1  # only P2 left: P2 won the hand


def test_BP_5_1_BP_5_10_end_step_discards_down_and_passes():
    state = pos({"view:0": ["7♠", "8♠", "9♠", "10♠", "J♠", "Q♠", "K♠", "2♦"]})
    play(state, "2♦")
    act(state, "end_turn")
    assert deciding(state) == (0, "discard")
    while deciding(state) == (0, "discard"):
        apply(state, ids(state)[0])
    assert len(state["zones"]["view:0"]) == 5 and public(state)["active"] == 1


def test_BP_5_2_BP_5_4_BP_15_1_BP_15_2_BP_15_3_correct_viewing_hand_size():
    state = pos({"view:1": [], "table:1": ["4♥", "4♠", "4♣"], "view:0": ["4♠"]})
    assert public(state) and view(state, 1)["public"]["view_size"][1] == 6
    play(state, "4♠")  # P1's hand is now empty: the turn passes
    assert public(state)["active"] == 1
    assert len(state["zones"]["view:1"]) == 6  # drew up to 6 at the draw step


def test_BP_5_3_BP_11_7_BP_11_8_BP_26_57_BP_26_59_BP_26_60_triggers_ordered_by_active_player():
    state = pos(
        {"table:1": ["7♥", "7♥"], "table:0": ["7♣", "7♣"], "view:0": ["2♦"]},
        {
            "phase": "tbegin",
            "tiles": [
                {"kind": "bh", "zone": "table:1", "cards": ["7♥", "7♥"]},
                {"kind": "wh", "zone": "table:0", "cards": ["7♣", "7♣"]},
            ],
        },
    )
    assert deciding(state) == (0, "trigger_order")
    apply(state, option_id("trigger", "black_hole", 1))
    # both fired: P1 paid 2 to P2 (Black Hole) and P1 paid 2 to P2 (White Hole)
    assert len(state["zones"]["stash:0"]) == 2 and len(state["zones"]["stash:1"]) == 10


def test_BP_5_5_scrap_at_the_start_of_the_play_step():
    state = pos({"view:0": ["2♦"], "table:0": ["9♣", "8♥"]})
    act(state, "scrap")
    assert names(state, "table:0") == [] and "9♣" in names(state, "discard")
    assert "scrap" not in ids(state)


def test_BP_5_6_BP_5_8_BP_5_7_BP_28_4_turn_ends_at_table_maximum():
    state = pos(
        {"view:0": ["2♦", "7♠"], "table:0": ["9♣", "8♥", "3♥", "4♦", "K♠", "Q♠"]}, options={"table_max": 6}
    )
    # 4♦ on the table raises the maximum to 7: one more play fills it
    play(state, "2♦")
    assert public(state)["active"] == 1


def test_BP_5_8_must_play_once_then_may_end():
    state = pos({"view:0": ["2♦", "7♣"]})
    refused(state, "end_turn")
    play(state, "2♦")
    assert "end_turn" in ids(state)


def test_BP_5_9_BP_21_1_BP_21_2_dump_then_cards_to_be_played_first():
    state = pos({"view:0": ["10♥", "2♦", "9♣"]})
    play(state, "10♥")
    assert names(state, "ctbp:0") == ["2♦", "9♣"] and names(state, "view:0") == []
    assert deciding(state) == (0, "ctbp")
    refused(state, "end_turn")
    apply(state, ids(state)[0])  # the last one is then played at once
    assert names(state, "ctbp:0") == [] and {"2♦", "9♣"} <= set(names(state, "table:0"))


def test_BP_5_11_BP_25_1_BP_25_2_BP_25_3_ace_ends_the_turn():
    state = pos({"view:0": ["A♦", "2♦"]})
    play(state, "A♦")
    assert public(state)["active"] == 1 and "2♦" in names(state, "view:0")  # the turn ended after the A


def test_BP_6_2_BP_20_4_BP_20_5_nine_of_diamonds_wins():
    state = pos({"view:0": ["9♦"], "pot": ["A♠", "A♣"]})
    play(state, "9♦")
    assert hands_finished(state) == 1 and "9♦" not in names(state, "table:0")


def test_BP_7_1_BP_7_2_BP_10_2_BP_18_1_BP_18_4_paying_from_the_top_of_the_stash():
    state = pos(
        {"view:0": ["7♥"], "stash:1": ["2♣", "3♣", "4♣", "5♣"]}, {"marks": {"stash:1": {"5♣": "side"}}}
    )
    play(state, "7♥")
    # P2 pays 2: the top upright cards (4♣, then 3♣); the sideways 5♣ goes last
    assert names(state, "stash:1") == ["2♣", "5♣"]
    assert sorted(names(state, "stash:0"))[-2:] != []


def test_BP_7_3_BP_19_5_BP_22_6_BP_22_7_BP_22_8_BP_26_77_BP_26_78_BP_26_79_fee_size():
    g = __import__("cardsmith.core", fromlist=["get_game"]).get_game("bpoker")
    state = pos(
        {"table:1": ["J♣", "J♥", "8♠"], "table:0": ["J♦", "J♦", "J♠"], "view:0": ["2♦"]},
        {"tiles": [{"kind": "jjj", "zone": "table:0", "cards": ["J♦", "J♦", "J♠"]}]},
    )
    assert fee_size(g, state, 1, 2) == (2 + 2 + 1 - 1) * 2  # +J♣ +J♥ -8, then doubled by the mixed J+J+J
    state2 = pos(
        {"table:1": ["8♠", "8♣", "J♥"], "table:0": ["J♦", "J♦", "J♦"], "view:0": ["2♦"]},
        {"tiles": [{"kind": "jjj", "zone": "table:0", "cards": ["J♦", "J♦", "J♦"]}]},
    )
    assert fee_size(g, state2, 1, 1) == 0  # 1 + 1 - 2 = 0, tripled is 0
    assert fee_size(g, state2, 0, 1) == 3  # tiled Js add nothing; one-suit J+J+J triples


def test_BP_7_4_BP_10_20_cannibalizing_table_cards():
    state = pos({"view:0": ["7♦"], "stash:1": ["2♣"], "table:1": ["9♣", "9♥", "K♠"]})
    play(state, "7♦")
    assert deciding(state) == (1, "cannibalize")
    while deciding(state) == (1, "cannibalize"):
        apply(state, ids(state)[0])
    assert names(state, "table:1") == [] and len(state["zones"]["stash:0"]) == 10


def test_BP_7_5_BP_11_19_payments_in_order_from_the_next_player():
    state = pos({"view:0": ["7♥"]}, players=4)
    play(state, "7♥")
    payers = [e["seat"] for e in state["events"] if e["t"] == "fee"]
    assert payers == [1, 2, 3]


def test_BP_8_1_BP_8_2_BP_11_17_BP_17_1_forced_card_is_the_targets_play():
    state = pos({"view:0": ["6♠", "7♥"], "stash:0": ["2♣"] * 6}, players=3)
    play(state, "6♠")
    assert deciding(state) == (0, "shaft")
    act(state, "force", "7♥", 1)
    # the 7♥ is P2's: everyone else pays P2
    assert "7♥" in names(state, "table:1") and len(state["zones"]["stash:1"]) == 10


def test_BP_8_3_BP_8_5_BP_11_9_BP_11_10_BP_11_11_discard_effects_offered_only_when_named():
    state = pos(
        {"view:0": ["2♦"], "table:0": ["J♥", "9♣"], "view:1": []},
        {"marks": {"table:0": {"J♥": "ne", "9♣": "ne"}}},
    )
    assert "restore" in verbs(state)  # a no-effect J during its owner's turn
    state2 = pos({"view:0": ["2♦"], "table:0": ["J♥", "9♣"]}, {"marks": {"table:0": {"9♣": "ne"}}})
    assert "restore" not in verbs(state2)  # the J must itself be no-effect
    state3 = pos(
        {"view:0": ["2♦"], "ctbp:0": ["J♥"], "table:0": ["9♣"]}, {"marks": {"table:0": {"9♣": "ne"}}}
    )
    assert "restore" not in verbs(state3)  # not from cards-to-be-played


def test_BP_8_4_BP_12_13_BP_12_14_one_of_clubs_split_by_the_left_player():
    state = pos({"view:0": ["5♣", "Joker"], "view:1": [], "stash:0": ["2♣"] * 8}, {}, players=3)
    # a Joker after 5♣ + 5♣... use a direct 1♣ via 5♣+5♣+Joker set instead
    state = pos({"view:0": ["5♣", "5♣", "Joker"], "stash:0": ["2♦"] * 6}, players=3)
    pair(state, "5♣", "5♣", "Joker")
    assert deciding(state) == (1, "split")  # the player on the left (seat + 1)
    apply(state, option_id("split", 2))
    assert deciding(state) == (0, "pile")
    apply(state, option_id("pick_pile", "first"))
    assert len(state["zones"]["stash:0"]) == 4 and len(state["zones"]["pot"]) == 2


def test_BP_9_1_BP_9_2_BP_9_3_BP_26_15_BP_26_16_BP_26_17_BP_26_18_BP_26_19_BP_26_20_BP_29_13_fpoker():
    state = pos(
        {"view:0": ["Joker", "Joker", "7♠"], "table:0": ["K♥"], "table:1": ["Q♥"], "view:1": ["3♥"]},
        {"dir": -1},
        stash=8,
    )
    pair(state, "Joker", "Joker", "7♠")
    assert public(state)["depth"] == 1 and public(state)["active"] == 0 and public(state)["dir"] == -1
    assert len(state["zones"]["fpot"]) == 3 + 8  # the set and 4 stash cards from each player
    assert names(state, "table:0:a1") == ["K♥"] and names(state, "table:1:a1") == ["Q♥"]
    assert names(state, "table:0") == [] and len(state["zones"]["view:0"]) == 5
    assert len(state["zones"]["pot"]) == 0


def test_BP_9_2_BP_9_3_BP_6_1_BP_29_3_the_outer_hand_takes_the_fpoker_direction():
    # An f_poker hand in progress whose direction of play was turned round (BP-26.80); P2's declared hand wins it
    # at the win check of P2's turn (BP-6.1), and the outer hand resumes in the f_poker hand's direction.
    fpot = ["2♣", "3♦", "4♠", "6♥", "7♠", "9♥", "J♦", "Q♥", "K♦", "A♥", "Joker"]
    state = pos(
        {"table:0:a1": ["K♥"], "table:1:a1": ["Q♥"], "table:1": ["9♣", "9♠", "6♥", "7♠", "J♦"], "fpot": fpot},
        {
            "fpoker": {"player": 0},
            "dir": -1,
            "active": 1,
            "phase": "tbegin",
            "decl": {"1": {"cards": ["9♣", "9♠", "6♥", "7♠", "J♦"]}},
        },
        players=3,
        stash=4,
    )
    assert public(state)["depth"] == 0 and public(state)["dir"] == -1
    assert names(state, "table:0") == ["K♥"] and names(state, "table:1") == ["Q♥"]
    assert public(state)["active"] == 1 and len(state["zones"]["stash:1"]) == 4 + 11
    assert sorted(names(state, "discard")) == sorted(["9♣", "9♠", "6♥", "7♠", "J♦"])


def _nested_fpoker(players: int, options: dict | None = None) -> dict:
    """P1 plays Joker+Joker+7 at once; the draw pile is stacked so that every fresh f_poker viewing hand of P1 holds
    another Joker+Joker+7 (BP-29.3: a scenario forces the nesting)."""
    again = ["Joker", "Joker", "7♣", "2♠", "9♣"]
    other = ["3♦", "4♠", "6♥", "8♥", "10♥"]
    top_first: list[str] = []
    for _depth in (1, 2):
        top_first += again
        for _seat in range(1, players):
            top_first += other
    top_first += ["K♦", "Q♠", "J♦", "5♣", "8♣", "2♦"]
    zones = {"view:0": ["Joker", "Joker", "7♠"], "draw": list(reversed(top_first))}
    for seat in range(1, players):
        zones[f"view:{seat}"] = ["Q♥"]
    return pos(zones, players=players, stash=14, options=options)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_BP_9_4_BP_28_6_fpoker_nested_twice_then_capped_and_played_to_the_end(players):
    from cardsmith.agents import RandomAgent
    from cardsmith.sim.runner import play as play_out

    state = _nested_fpoker(players, {"max_hands": 1})
    pair(state, "Joker", "Joker", "7♠")
    assert public(state)["depth"] == 1 and len(state["zones"]["fpot"]) == 3 + 4 * players
    pair(state, "Joker", "Joker", "7♣")  # nested: depth 2, its own f_pot
    assert public(state)["depth"] == 2 and len(state["zones"]["fpot:2"]) == 3 + 4 * players
    # both outer hands are set aside, each table of theirs in a zone of its own (BP-9.1)
    assert [z for z in state["zones"] if z.startswith("table:0:")] == ["table:0:a1", "table:0:a2"]
    pair(state, "Joker", "Joker", "7♣")  # deeper than max_fpoker_depth (2): no third f_poker
    assert public(state)["depth"] == 2 and any(e["t"] == "fpoker_capped" for e in state["events"])
    # the set and four stash cards of every player are paid into the f_pot of the hand being played (depth 2)
    assert (
        len(state["zones"]["fpot:2"]) == 2 * (3 + 4 * players)
        and len(state["zones"]["fpot"]) == 3 + 4 * players
    )
    assert all(len(state["zones"][f"stash:{s}"]) == 2 for s in range(players))
    assert state["zones"]["pot"] == []
    total = len(state["cards"])

    def conserved(st: dict, _oid: str) -> None:
        seen = [c for cards in st["zones"].values() for c in cards]
        assert len(seen) == total and len(set(seen)) == total

    play_out(state, [RandomAgent(f"nest/{players}/{s}") for s in range(players)], on_step=conserved)
    assert state["result"] is not None and public(state)["depth"] == 0
    assert "fpot:2" not in state["zones"] and state["zones"]["fpot"] == []
    assert not any(":a" in z for z in state["zones"])  # no outer hand is left set aside


def test_BP_9_4_BP_28_6_capped_fpoker_pays_into_the_pot_of_its_hand():
    state = pos({"view:0": ["Joker", "Joker", "7♠"]}, options={"max_fpoker_depth": 0}, stash=8)
    pair(state, "Joker", "Joker", "7♠")
    assert public(state)["depth"] == 0 and len(state["zones"]["pot"]) == 3 + 2 * 4
    assert names(state, "pot")[:3] == ["Joker", "Joker", "7♠"]
    assert all(len(state["zones"][f"stash:{s}"]) == 4 for s in range(2))


def test_BP_28_2_BP_4_1_too_few_cards_refused():
    try:
        new_game("bpoker", 6, 1, {"decks": 1, "stash": 15})
    except (DeckError, OptionError):
        return
    raise AssertionError("a game with too few cards was created")


def test_BP_29_3_BP_30_2_scenarios_set_every_zone():
    state = pos({"view:0": ["2♦"], "ctbp:1": ["3♣"], "table:1": ["4♣"]}, {"active": 0, "dir": -1})
    # P2's cards-to-be-played are played at once, outside P2's turn (BP-5.9)
    assert public(state)["dir"] == -1 and names(state, "ctbp:1") == [] and "3♣" in names(state, "table:1")


def test_BP_1_2_BP_5_6_copies_in_a_viewing_hand_are_one_option_by_name():
    state = pos({"view:0": ["7♠", "2♦", "7♠"], "view:1": ["9♥"]})
    sevens = sorted(c for c in state["zones"]["view:0"] if state["cards"][c] == "7♠")
    assert ids(state) == [
        option_id("play", "7♠"),
        option_id("play", "2♦"),
    ]  # the name says which card, not its id
    assert view(state, 1)["pending"].get("options") is None  # the other seat sees no options
    play(state, "7♠")
    assert state["zones"]["table:0"] == [sevens[0]] and names(state, "view:0") == ["2♦", "7♠"]

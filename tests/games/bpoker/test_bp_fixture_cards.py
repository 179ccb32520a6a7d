"""B-Poker fixture tests for every single-card entry (BP-29.4) and every pair and set (BP-29.5) of the card set
requirements, one test each, driven through real plays from a staged position (zone lists bottom card first).

The default position gives every stash six filler cards, bottom to top 9♥ 7♠ 6♥ 4♠ 3♦ 2♣ (so fees take the 2♣
first); ``_stash`` names the top cards a test wants to follow.
"""

from __future__ import annotations

from tests.support.bpoker_helpers import (
    act,
    cid,
    deciding,
    declared,
    hands_finished,
    known_wild,
    names,
    pair,
    play,
    pos,
    public,
    refused,
    tile_names,
    tiles,
)
from tests.support.scenario import ids, labels

from cardsmith.core import apply, get_game, option_id, view
from cardsmith.games.bpoker.declare import _poker_value, can_hand, eligible
from cardsmith.games.bpoker.table import counted, fee_size, is_ne, magic_units, mark_of, table_max, view_size

G = get_game("bpoker")
FILLER_TOP_FIRST = ["2♣", "3♦", "4♠", "6♥", "7♠", "9♥"]


def _resolved(state: dict) -> list[tuple[int, str]]:
    return [(e["seat"], e["as"]) for e in state["events"] if e["t"] == "resolve"]


def _tiles(state: dict) -> list[tuple[str, list[str]]]:
    return sorted(tile_names(state))


def _sizes(state: dict, kind: str = "stash") -> list[int]:
    return [len(state["zones"][f"{kind}:{s}"]) for s in range(state["players"])]


# ----- 1s (BP-29.4) --------------------------------------------------------------------------------------------------


def test_BP_29_4_one_black_joker():
    state = pos({"view:0": ["Joker", "2♠"], "stash:0": ["4♣", "5♣", "6♣"]})
    play(state, "Joker")
    assert names(state, "pot") == ["Joker"] and names(state, "ctbp:0") == [
        "6♣",
        "5♣",
    ]  # the top two, not a fee
    assert names(state, "stash:0") == ["4♣"] and deciding(state) == (0, "ctbp")


def test_BP_29_4_one_black_black_two_after_red_five():
    state = pos({"view:0": ["5♥", "2♠", "9♥"], "stash:0": ["4♣", "5♣", "6♣", "7♣"]})
    play(state, "5♥")
    act(state, "follow", "2♠")  # one lower than 2: a 1 of Black
    assert _resolved(state)[-1] == (0, "1 of Black")
    assert names(state, "pot")[-1] == "2♠" and names(state, "table:0") == ["5♥"] and tiles(state) == []
    assert names(state, "ctbp:0") == ["6♣", "5♣"] and names(state, "stash:0") == [
        "4♣"
    ]  # after the 5's fee (7♣)


def test_BP_29_4_one_red_red_two_after_red_five():
    state = pos({"view:0": ["5♦", "2♦", "9♥"]})
    play(state, "5♦")
    act(state, "follow", "2♦")
    assert _resolved(state)[-1] == (0, "1 of Red") and deciding(state) == (0, "one_red")


def test_BP_29_4_one_red_red_ace_after_black_five():
    state = pos({"view:0": ["5♠", "A♥", "9♥"]})
    play(state, "5♠")
    act(state, "follow", "A♥")  # one above A: a 1 of Red
    assert _resolved(state)[-1] == (0, "1 of Red") and sorted(ids(state)) == [
        option_id("take_random_from", 0),
        option_id("take_random_from", 1),
    ]


def test_BP_29_4_one_of_clubs_via_five_five_joker():
    state = pos({"view:0": ["5♣", "5♣", "Joker", "2♠"], "stash:0": ["2♦", "3♦", "4♦", "5♦"]}, players=3)
    pair(state, "5♣", "5♣", "Joker")
    assert _resolved(state) == [(0, "1♣")] and deciding(state) == (1, "split")  # the left player splits
    apply(state, option_id("split", 1))  # the top card, and the other three
    assert deciding(state) == (0, "pile") and labels(state) == ["The pile of 1", "The pile of 3"]
    apply(state, option_id("pick_pile", "second"))
    assert names(state, "pot") == ["4♦", "3♦", "2♦"] and names(state, "stash:0") == ["5♦"]


def test_BP_29_4_one_of_diamonds_via_five_five_joker():
    state = pos({"view:0": ["5♦", "5♦", "Joker", "2♠"], "pot": ["2♣", "3♣", "4♣", "5♣"]})
    pair(state, "5♦", "5♦", "Joker")
    assert _resolved(state) == [(0, "1♦")] and deciding(state) == (1, "split")
    apply(state, option_id("split", 1))
    apply(state, option_id("pick_pile", "second"))
    assert names(state, "pot") == ["2♣"] and names(state, "stash:0")[-3:] == ["3♣", "4♣", "5♣"]


def test_BP_29_4_one_of_hearts_via_five_five_joker():
    state = pos(
        {"view:0": ["5♥", "5♥", "Joker", "2♠"], "table:0": ["8♦"], "table:1": ["3♠", "9♣"]},
        {"marks": {"table:0": {"8♦": "wild"}, "table:1": {"3♠": "wild_ne"}}},
    )
    pair(state, "5♥", "5♥", "Joker")
    assert _resolved(state) == [(0, "1♥")]
    assert sorted(names(state, "pot")) == ["3♠", "8♦"] and names(state, "table:1") == ["9♣"]


def test_BP_29_4_one_of_spades_via_five_five_joker():
    state = pos({"view:0": ["5♠", "5♠", "Joker", "2♦"], "view:1": ["K♥", "K♦"]})
    pair(state, "5♠", "5♠", "Joker")
    assert _resolved(state) == [(0, "1♠")] and deciding(state) == (0, "swap")
    assert [e[1] for e in view(state, 0)["zones"]["view:1"]] == ["K♥", "K♦"]
    apply(state, "keep")
    assert names(state, "view:0") == ["2♦"] and names(state, "view:1") == ["K♥", "K♦"]


# ----- 2s ------------------------------------------------------------------------------------------------------------


def test_BP_29_4_two_of_spades():
    state = pos(
        {"view:0": ["2♠", "3♠"], "table:1": ["10♦", "7♥", "9♣"]}, {"marks": {"table:1": {"9♣": "ne"}}}
    )
    play(state, "2♠")
    assert labels(state) == ["Do not trade", "7♥ on P2's table"]  # neither protected nor no-effect
    act(state, "trade", cid(state, "table:1", "7♥"))
    apply(state, "let_it_happen")
    assert names(state, "table:0") == ["7♥"] and names(state, "table:1") == ["10♦", "9♣", "2♠"]
    assert _sizes(state) == [6, 6]  # nothing was played: no 7♥ fee


def test_BP_29_4_two_of_hearts():
    state = pos({"view:0": ["2♥", "3♠"], "table:1": ["7♥"]})
    play(state, "2♥")
    act(state, "trade", cid(state, "table:1", "7♥"))
    assert _resolved(state) == [(0, "7♥")] and _sizes(state) == [8, 4]  # played for P1


def test_BP_29_4_two_of_diamonds_one_card_of_any_status():
    state = pos({"view:0": ["2♦", "3♠"], "table:1": ["10♦", "7♣"]})
    play(state, "2♦")
    act(state, "trade", cid(state, "table:1", "10♦"))  # a protected card
    assert deciding(state) == (1, "magic")
    apply(state, "let_it_happen")  # P2 could still use that 10♦'s Magic against the trade
    assert names(state, "table:0") == ["10♦"] and names(state, "table:1") == ["7♣", "2♦"]


def test_BP_29_4_two_of_diamonds_two_unprotected_cards():
    state = pos({"view:0": ["2♦", "3♠"], "table:1": ["10♦", "7♣", "9♣"]})
    play(state, "2♦")
    act(state, "trade_two", cid(state, "table:1", "7♣"))
    refused(state, option_id("trade", cid(state, "table:1", "10♦")))
    act(state, "trade", cid(state, "table:1", "9♣"))
    assert deciding(state) == (1, "magic")
    apply(state, "let_it_happen")
    assert names(state, "table:0") == ["7♣", "9♣"] and names(state, "table:1") == ["10♦", "2♦"]


def test_BP_29_4_two_of_clubs_standard_trade():
    state = pos({"view:0": ["2♣", "3♠"], "table:1": ["7♣"]})
    play(state, "2♣")
    act(state, "trade", cid(state, "table:1", "7♣"))
    assert names(state, "table:0") == ["7♣"] and names(state, "table:1") == ["2♣"]


def test_BP_29_4_two_of_clubs_hand_trade_with_the_receiver_forcing_a_higher_hand():
    mine = ["K♠", "K♥", "9♣", "4♦", "3♠", "K♦"]
    theirs = ["A♠", "A♥", "A♦", "7♣", "6♣"]
    state = pos(
        {"view:0": ["2♣"], "table:0": mine, "table:1": theirs},
        {"decl": {"0": {"cards": ["9♣", "4♦", "3♠", "K♠", "K♥"]}, "1": {"cards": theirs}}},
    )
    play(state, "2♣")
    act(state, "trade_hands", 1)
    assert _sizes(state)[0] == 6 - 3  # the 3-card fee
    assert deciding(state) == (1, "higher")
    apply(state, "name_higher")  # P2 makes P1 declare its three kings, and that hand is the one traded
    assert sorted(names(state, "table:1")) == sorted(["K♠", "K♥", "K♦", "9♣", "4♦"])
    assert sorted(names(state, "table:0")) == sorted(["A♠", "A♥", "A♦", "7♣", "6♣", "3♠", "2♣"])  # not the 2♣
    assert declared(state, 1) == [cid(state, "table:1", n) for n in names(state, "table:1")]


# ----- 3s, 4s ------------------------------------------------------------------------------------------------------


def test_BP_29_4_three_of_hearts_wild_and_trigger():
    state = pos({"view:0": ["3♥", "2♦"]})
    play(state, "3♥")
    assert known_wild(state, cid(state, "table:0", "3♥"))
    later = pos(
        {"view:0": ["7♠"], "table:0": ["3♦", "9♣", "8♣"]},
        {"phase": "tbegin", "marks": {"table:0": {"3♦": "wild"}}},
        options={"table_max": 3},
    )
    assert any(e["t"] == "three" for e in later["events"]) and counted(G, later, 0) == 0
    play(later, "7♠")
    assert counted(G, later, 0) == 1 and deciding(later) == (
        0,
        "play",
    )  # only the new card counts: P1 plays on


def test_BP_29_4_three_of_clubs_play_and_redeclare():
    table = ["K♠", "K♥", "9♣", "4♦", "A♠", "A♥"]
    state = pos(
        {"view:0": ["3♣", "2♦"], "table:0": table}, {"decl": {"0": {"cards": ["K♠", "K♥", "9♣", "A♠", "A♥"]}}}
    )
    play(state, "3♣")
    if deciding(state) == (0, "declare"):
        apply(state, "declare_best")
    hand = declared(state, 0)
    assert cid(state, "table:0", "3♣") in hand and len(hand) == 5


def test_BP_29_4_four_of_hearts_and_spades():
    state = pos({"view:0": ["4♥", "4♠", "2♦"]})
    play(state, "4♥")
    assert view_size(G, state, 0) == 6
    play(state, "4♠")
    assert view_size(G, state, 0) == 7


def test_BP_29_4_four_of_clubs():
    state = pos({"view:0": ["4♣", "2♦"], "view:1": ["3♦"]})
    play(state, "4♣")
    assert view_size(G, state, 0) == 4 and view_size(G, state, 1) == 5


def test_BP_29_4_four_of_diamonds_replay_and_table_maximum():
    state = pos({"view:0": ["4♦", "2♦"], "table:0": ["7♥"]})
    assert table_max(G, state, 0) == 7
    play(state, "4♦")
    assert table_max(G, state, 0) == 8 and deciding(state) == (0, "replay")
    act(state, "replay", cid(state, "table:0", "7♥"))
    # pay 3 to the pot, discard the 4♦, and the 7♥ resolves again for P1
    assert names(state, "discard") == ["4♦"] and _resolved(state)[-1] == (0, "7♥")
    assert _sizes(state) == [6 - 3 + 2, 4] and len(state["zones"]["pot"]) == 3 and table_max(G, state, 0) == 7


# ----- 5s, 6s ------------------------------------------------------------------------------------------------------


def test_BP_29_4_red_five():
    state = pos({"view:0": ["5♥", "9♠", "2♦"]})
    play(state, "5♥")
    act(state, "follow", "9♠")  # one lower: an 8♠ in effect
    assert _resolved(state) == [(0, "8♠")] and len(state["zones"]["pot"]) == 2


def test_BP_29_4_black_five():
    state = pos({"view:0": ["5♣", "9♠", "2♦"]})
    play(state, "5♣")
    act(state, "follow", "9♠")  # one higher: a 10♠ in effect
    assert _resolved(state) == [(0, "10♠")] and names(state, "pot")[-1] == "2♦"  # the 10♠ empties the hand


def test_BP_29_4_six_shaft():
    state = pos({"view:0": ["6♠", "7♥", "2♦"]}, players=3)
    play(state, "6♠")
    assert deciding(state) == (0, "shaft") and "decline" not in ids(state)  # the shaft is not optional
    act(state, "force", "7♥", 2)
    assert names(state, "table:2") == ["7♥"] and _resolved(state)[-1] == (2, "7♥")


def test_BP_29_4_six_tunnel():
    state = pos({"view:0": ["6♠", "7♥", "2♦"], "table:1": ["6♦"], "view:1": ["2♣"]}, players=3)
    play(state, "6♠")
    act(state, "force", "7♥", 1)
    apply(state, option_id("tunnel", 2))
    assert (
        names(state, "table:2") == ["7♥"]
        and names(state, "pot") == ["2♣"]
        and names(state, "discard") == ["6♦"]
    )


# ----- 7s, 8s ------------------------------------------------------------------------------------------------------


def test_BP_29_4_seven_of_hearts():
    state = pos({"view:0": ["7♥", "2♦"]}, players=3)
    play(state, "7♥")
    assert _sizes(state) == [10, 4, 4]


def test_BP_29_4_seven_of_spades():
    state = pos({"view:0": ["7♠", "2♦"]}, players=3)
    play(state, "7♠")
    assert _sizes(state) == [10, 4, 4]


def test_BP_29_4_seven_of_clubs():
    state = pos({"view:0": ["7♣", "2♦"]}, players=3)
    play(state, "7♣")
    assert _sizes(state) == [2, 8, 8]


def test_BP_29_4_seven_of_diamonds():
    state = pos({"view:0": ["7♦", "2♦"]}, players=3)
    play(state, "7♦")
    assert _sizes(state) == [14, 2, 2]


def test_BP_29_4_eight_all_three_choices():
    wild = pos({"view:0": ["8♣", "2♦"]})
    play(wild, "8♣")
    assert labels(wild) == [
        "Pay nothing: discard the 8 and break a tile",
        "Pay 0: the 8 becomes wild",
        "Pay 1: the 8 stays",
    ]
    apply(wild, option_id("pay_eight_fee", 1))
    assert known_wild(wild, cid(wild, "table:0", "8♣")) and _sizes(wild) == [6, 6]
    stays = pos({"view:0": ["8♣", "2♦"]})
    play(stays, "8♣")
    apply(stays, option_id("pay_eight_fee", 2))
    assert mark_of(stays, cid(stays, "table:0", "8♣")) is None and _sizes(stays) == [5, 6]
    assert fee_size(G, stays, 0, 1) == 0  # its continuous effect
    free = pos(
        {"view:0": ["8♣", "2♦"], "table:1": ["5♥", "9♥"]},
        {"tiles": [{"kind": "five", "zone": "table:1", "cards": ["5♥", "9♥"]}]},
    )
    play(free, "8♣")
    apply(free, option_id("pay_eight_fee", 0))  # the only tile is broken at once
    assert names(free, "discard") == ["8♣"] and tiles(free) == []


# ----- 9s ----------------------------------------------------------------------------------------------------------


def test_BP_29_4_nine_of_hearts_and_spades():
    state = pos({"view:0": ["9♥", "9♠", "2♦"], "table:1": ["10♦", "7♣", "K♥"]})
    play(state, "9♥")
    assert labels(state)[-2:] == ["7♣ on P2's table", "K♥ on P2's table"] and len(ids(state)) == 2
    act(state, "discard_from_table", cid(state, "table:1", "K♥"))
    apply(state, "let_it_happen")
    play(state, "9♠")
    apply(state, "let_it_happen")  # only the 7♣ is left to pick
    assert names(state, "table:1") == ["10♦"] and sorted(names(state, "discard")) == ["7♣", "K♥"]


def test_BP_29_4_nine_of_diamonds_at_face_value():
    state = pos({"view:0": ["9♦", "2♦"], "pot": ["A♠", "A♣"]})
    play(state, "9♦")
    assert hands_finished(state) == 1 and any(
        e["t"] == "hand_won" and e["seat"] == 0 for e in state["events"]
    )
    won = [e["name"] for e in state["events"] if e["t"] == "move" and e.get("cause") == "pot_won"]
    assert won == ["A♠", "A♣"] and "9♦" in [
        e["name"] for e in state["events"] if e.get("cause") == "9_diamonds"
    ]


def test_BP_29_4_nine_of_diamonds_in_effect():
    state = pos(
        {"view:0": ["5♥", "10♦", "2♠"], "table:1": ["8♣", "7♣"]}, {"marks": {"table:1": {"8♣": "wild"}}}
    )
    play(state, "5♥")
    act(state, "follow", "10♦")  # a 9♦ in effect: no win, a discard of any card
    assert hands_finished(state) == 0 and deciding(state) == (0, "discard_card") and len(ids(state)) == 2
    act(state, "discard_from_table", cid(state, "table:1", "8♣"))  # a protected card
    assert names(state, "discard") == ["8♣"]


def test_BP_29_4_nine_of_clubs():
    state = pos(
        {"view:0": ["9♣", "2♦"], "table:0": ["7♥", "K♠", "8♣"]}, {"marks": {"table:0": {"8♣": "wild"}}}
    )
    play(state, "9♣")
    assert deciding(state) == (1, "discard_card") and len(ids(state)) == 2  # never the 9♣, never the wild
    act(state, "discard_from_table", cid(state, "table:0", "7♥"))
    assert names(state, "table:0") == ["K♠", "8♣", "9♣"]


# ----- 10s ---------------------------------------------------------------------------------------------------------


def test_BP_29_4_ten_of_hearts():
    state = pos({"view:0": ["10♥", "2♦", "9♣"]})
    play(state, "10♥")
    assert names(state, "ctbp:0") == ["2♦", "9♣"] and deciding(state) == (0, "ctbp")


def test_BP_29_4_ten_of_spades():
    state = pos({"view:0": ["10♠", "2♦"], "table:0": ["7♥"]})
    play(state, "10♠")
    assert names(state, "pot") == ["2♦"] and labels(state) == [
        "Do not force a card",
        "Force 7♥ on P1's table onto P2's table",
    ]
    act(state, "force_card", cid(state, "table:0", "7♥"))  # P2's table is the only other one: not asked
    assert names(state, "table:1") == ["7♥"] and _resolved(state)[-1] == (1, "7♥")


def test_BP_29_4_ten_of_clubs_losing_the_hand():
    state = pos({"view:0": ["10♣", "2♦"], "table:0": ["9♥"]}, players=3)
    play(state, "10♣")
    assert public(state)["in_hand"] == [False, True, True] and names(state, "stash:0")[-1] == "10♣"
    assert sorted(names(state, "pot")) == ["2♦", "9♥"]


def test_BP_29_4_ten_of_clubs_restoring_no_effect_cards():
    state = pos(
        {"view:0": ["10♣", "2♦"], "table:0": ["9♥", "10♦"]}, {"marks": {"table:0": {"9♥": "ne", "10♦": "ne"}}}
    )
    play(state, "10♣")
    assert (
        state["marks"] == {}
        and public(state)["in_hand"][0]
        and names(state, "table:0") == ["9♥", "10♦", "10♣"]
    )
    assert magic_units(G, state, 0) == [cid(state, "table:0", "10♦")]  # a protected card restored too


def test_BP_29_4_ten_of_diamonds_magic_on_a_card_played_onto_its_table():
    state = pos({"view:0": ["7♥", "2♦"], "table:0": ["10♦"]})
    play(state, "7♥")
    apply(state, "magic_no_effect")
    assert mark_of(state, cid(state, "table:0", "7♥")) == "ne" and _sizes(state) == [6, 6]


def test_BP_29_4_ten_of_diamonds_magic_against_an_effect():
    state = pos({"view:0": ["K♦", "2♦"], "table:1": ["10♦", "7♣"]})
    play(state, "K♦")
    assert deciding(state) == (1, "magic")
    apply(state, "use_magic")
    assert names(state, "table:1") == ["7♣"] and names(state, "discard") == ["10♦"]


# ----- Js, Qs ------------------------------------------------------------------------------------------------------


def test_BP_29_4_jack_next_card_discard_effect_and_fees():
    state = pos({"view:0": ["J♥", "7♥", "2♦"], "table:1": ["9♣"]}, {"marks": {"table:1": {"9♣": "ne"}}})
    play(state, "J♥")
    assert fee_size(G, state, 0, 1) == 2  # +1
    play(state, "7♥")  # the next card played enters no-effect
    assert mark_of(state, cid(state, "table:0", "7♥")) == "ne" and _sizes(state) == [6, 6]
    noeffect_j = pos(
        {"view:0": ["2♦"], "table:0": ["J♠"], "table:1": ["9♣"]},
        {"marks": {"table:0": {"J♠": "ne"}, "table:1": {"9♣": "ne"}}},
    )
    act(noeffect_j, "restore", cid(noeffect_j, "table:1", "9♣"))
    assert mark_of(noeffect_j, cid(noeffect_j, "table:1", "9♣")) is None and names(noeffect_j, "discard") == [
        "J♠"
    ]


def test_BP_29_4_jack_of_clubs():
    state = pos({"view:0": ["J♣", "2♦"]})
    play(state, "J♣")
    assert fee_size(G, state, 0, 1) == 3 and public(state)["j_next"]


def test_BP_29_4_queen_of_diamonds():
    state = pos({"view:0": ["Q♦", "2♦"], "view:1": ["7♣"]}, players=3)
    play(state, "Q♦")
    assert names(state, "table:1") == ["Q♦"] and view(state, 0)["zones"]["view:1"][0][1] == "7♣"
    assert view(state, 2)["zones"]["view:1"][0][1] is None  # only P1 looked


def test_BP_29_4_queen_of_hearts():
    state = pos({"view:0": ["Q♥", "2♦"]}, players=3)
    play(state, "Q♥")
    assert names(state, "table:2") == ["Q♥"] and names(state, "table:0") == []


def test_BP_29_4_queen_of_clubs_with_one_card():
    state = pos({"view:0": ["Q♣", "2♦"], "table:0": ["7♥", "9♣"]}, players=3)
    play(state, "Q♣")
    assert labels(state) == ["Pass 7♥ on P1's table", "Pass 9♣ on P1's table"]
    act(state, "pass_card", cid(state, "table:0", "7♥"))
    assert names(state, "table:1") == ["Q♣", "7♥"] and _resolved(state)[-1] == (1, "7♥")


def test_BP_29_4_queen_of_clubs_with_the_paid_pair():
    state = pos({"view:0": ["Q♣", "2♦"], "table:0": ["7♥", "7♥"]}, players=3)
    play(state, "Q♣")
    act(state, "pass_pair")
    assert _tiles(state) == [("bh", ["7♥", "7♥"])] and tiles(state)[0]["seat"] == 1
    assert len(state["zones"]["pot"]) == 2 and names(state, "table:1") == ["Q♣", "7♥", "7♥"]


def test_BP_29_4_queen_of_spades():
    state = pos({"view:0": ["Q♠", "2♦"], "table:0": ["7♥"]}, players=3)
    play(state, "Q♠")  # to the previous player, with the only card it may pass
    assert names(state, "table:2") == ["Q♠", "7♥"] and _resolved(state)[-1] == (2, "7♥")


# ----- Ks, As ------------------------------------------------------------------------------------------------------


def test_BP_29_4_king_of_hearts():
    state = pos({"view:0": ["K♥", "2♦"], "table:0": ["7♥"], "table:1": ["9♣", "10♦"]})
    play(state, "K♥")
    assert deciding(state) == (0, "pot_card")
    act(state, "put_in_pot", cid(state, "table:0", "7♥"))
    apply(state, "let_it_happen")
    assert (
        names(state, "pot") == ["7♥"]
        and names(state, "discard") == ["9♣"]
        and names(state, "table:1") == ["10♦"]
    )


def test_BP_29_4_king_of_diamonds():
    state = pos({"view:0": ["K♦", "2♦"], "table:1": ["9♣", "10♦"], "table:2": ["8♥"]}, players=3)
    play(state, "K♦")
    assert names(state, "pot") == ["K♦"] and deciding(state) == (1, "magic")
    apply(state, "let_it_happen")
    assert sorted(names(state, "discard")) == ["8♥", "9♣"] and names(state, "table:1") == ["10♦"]


def test_BP_29_4_king_of_spades_with_the_forcers_higher_hand():
    table = ["A♠", "A♥", "A♦", "2♣", "3♦", "9♥"]
    state = pos(
        {"view:0": ["6♠", "K♠", "2♦"], "table:1": table},
        {"decl": {"1": {"cards": ["2♣", "3♦", "9♥", "A♠", "A♥"]}}},
    )
    play(state, "6♠")
    act(state, "force", "K♠", 1)
    assert deciding(state) == (0, "higher")
    apply(state, "name_higher")  # P1 makes P2 discard its three aces instead of the pair it declared
    assert sorted(names(state, "discard")) == sorted(["A♠", "A♥", "A♦", "K♠", "9♥"])
    assert names(state, "table:1") == ["2♣", "3♦"] and declared(state, 1) is None


def test_BP_29_4_king_of_clubs():
    state = pos(
        {"view:0": ["K♣", "2♦"], "table:0": ["7♥", "10♦", "9♣"]}, {"marks": {"table:0": {"9♣": "ne"}}}
    )
    play(state, "K♣")
    assert names(state, "table:0") == ["9♣"] and sorted(names(state, "pot")) == ["10♦", "7♥", "K♣"]


def test_BP_29_4_aces_of_diamonds_hearts_spades():
    for ace in ("A♦", "A♥", "A♠"):
        state = pos({"view:0": [ace, "2♦"]})
        play(state, ace)
        assert public(state)["active"] == 1 and names(state, "view:0") == ["2♦"]


def test_BP_29_4_ace_of_clubs():
    state = pos({"view:0": ["6♠", "A♣", "2♦"], "ctbp:1": []}, players=3)
    play(state, "6♠")
    act(state, "force", "A♣", 1)  # forced onto P2 outside P2's turn: no turn to end
    assert names(state, "table:1") == ["A♣"] and public(state)["active"] == 0 and deciding(state)[0] == 0


# ----- pairs and sets (BP-29.5) ------------------------------------------------------------------------------------


def test_BP_29_5_two_jokers():
    state = pos({"view:0": ["Joker", "Joker", "2♠"], "stash:0": ["4♣", "5♣", "6♣", "7♣", "8♣"]})
    pair(state, "Joker", "Joker")  # each resolves on its own as a 1 of Black
    assert names(state, "pot") == ["Joker", "Joker"] and names(state, "ctbp:0") == ["8♣", "7♣", "6♣", "5♣"]
    assert names(state, "stash:0") == ["4♣"]


def test_BP_29_5_three_jokers():
    state = pos(
        {"view:0": ["Joker", "Joker", "Joker", "2♠"], "stash:0": ["4♣", "5♣", "6♣", "7♣", "8♣", "9♣", "10♣"]}
    )
    pair(state, "Joker", "Joker", "Joker")
    assert names(state, "pot") == ["Joker"] * 3 and len(state["zones"]["ctbp:0"]) == 6
    assert names(state, "stash:0") == ["4♣"] and deciding(state) == (0, "ctbp")


def test_BP_29_5_joker_joker_seven():
    state = pos({"view:0": ["Joker", "Joker", "7♦", "2♠"]}, stash=8)
    pair(state, "Joker", "Joker", "7♦")
    assert public(state)["depth"] == 1 and names(state, "fpot")[:3] == ["Joker", "Joker", "7♦"]
    assert len(state["zones"]["fpot"]) == 3 + 8 and _sizes(state) == [4, 4]


def test_BP_29_5_two_of_hearts_and_diamonds_one_card():
    state = pos({"view:0": ["2♥", "2♦", "3♠"], "table:1": ["10♦", "7♥"]})
    pair(state, "2♥", "2♦")
    act(state, "trade", cid(state, "table:1", "10♦"))  # one card of any status
    apply(state, "let_it_happen")
    assert names(state, "table:0") == ["10♦"] and names(state, "table:1") == ["7♥", "2♥", "2♦"]
    # replayed onto P1's table: it is the card being played, so it cannot also be the 10♦ whose Magic stops it
    # (BP-21.14, BP-27.5), and P1 has no other 10♦: nothing to ask
    assert _resolved(state) == [(0, "10♦")] and public(state)["control"] == {}  # no Control over oneself


def test_BP_29_5_two_of_hearts_and_diamonds_two_cards():
    state = pos({"view:0": ["2♥", "2♦", "3♠"], "table:1": ["7♥", "7♠"]})
    pair(state, "2♥", "2♦")
    act(state, "trade_two", cid(state, "table:1", "7♥"))
    act(state, "trade", cid(state, "table:1", "7♠"))
    act(state, "replay", cid(state, "table:1", "7♠"))  # the taker orders the replays; never as a pair
    assert _resolved(state) == [(0, "7♠"), (0, "7♥")] and _sizes(state) == [10, 2]
    assert names(state, "table:1") == ["2♥", "2♦"] and tiles(state) == []


def test_BP_29_5_three_of_clubs_pair():
    hand = ["2♥", "5♥", "9♥", "J♥", "K♥"]
    state = pos({"view:0": ["3♣", "3♣", "2♠"], "table:0": hand}, {"decl": {"0": {"cards": hand}}})
    pair(state, "3♣", "3♣")
    assert _tiles(state) == [("ccc", ["3♣", "3♣"])] and declared(state, 0) is None
    assert not can_hand(G, state, 0) and "declare" not in ids(state)


def test_BP_29_5_four_four():
    state = pos({"view:0": ["4♠", "4♥", "2♦"], "table:0": ["9♣"]})
    pair(state, "4♠", "4♥")
    assert labels(state)[1:] == [
        "Take 9♣ into your viewing hand",
        "Take 4♠ into your viewing hand",
        "Take 4♥ into your viewing hand",
    ]
    act(state, "take_back", cid(state, "table:0", "4♥"))
    assert sorted(names(state, "view:0")) == ["2♦", "4♥"] and names(state, "table:0") == ["9♣", "4♠"]


def test_BP_29_5_four_of_diamonds_pair():
    hand = ["K♠", "K♥", "9♣", "8♠", "7♦"]
    state = pos({"view:0": ["4♦", "4♦", "2♠"], "table:0": hand}, {"decl": {"0": {"cards": hand}}})
    pair(state, "4♦", "4♦")
    assert names(state, "ctbp:0") == hand and names(state, "table:0") == ["4♦", "4♦"]


def test_BP_29_5_three_fours_of_diamonds():
    state = pos(
        {"view:0": ["4♦", "4♦", "4♦", "2♦"], "table:0": ["9♣", "8♣", "6♣", "6♦", "6♠"]},
        {
            "marks": {"table:0": {"8♣": "ne"}},
            "tiles": [{"kind": "six", "zone": "table:0", "cards": ["6♣", "6♦", "6♠"]}],
        },
    )
    pair(state, "4♦", "4♦", "4♦")
    # every card but the no-effect 8♣ moves, the 6+6+6 tile and the 4♦s included, losing their marks and tiles
    assert names(state, "table:0") == ["8♣"] and tiles(state) == []
    assert names(state, "ctbp:0") == ["9♣", "6♣", "6♦", "6♠", "4♦", "4♦", "4♦"]


def test_BP_29_5_five_five_card_five_hearts_five_hearts_two_diamonds():
    state = pos({"view:0": ["5♥", "5♥", "2♦", "3♠"], "table:1": ["7♣", "2♥"]})
    pair(state, "5♥", "5♥", "2♦")
    # a 2♥ in effect: the 2♥'s trade, which may not take a 2♥; the 5s' fee and follow-up do not happen
    assert _resolved(state) == [(0, "2♥")] and labels(state) == ["Do not trade", "7♣ on P2's table"]
    assert names(state, "pot") == [] and _tiles(state) == [("set5", ["5♥", "5♥", "2♦"])]
    assert tiles(state)[0]["in_effect"] == "2♥"
    assert _poker_value(state, cid(state, "table:0", "2♦")) == (2, 1)  # its face suit for the poker hand


def test_BP_29_5_six_six_six_every_clause():
    state = pos({"view:0": ["6♣", "6♣", "6♣", "7♥", "2♦"], "table:0": ["K♠", "K♥", "9♣", "4♦", "A♠", "A♥"]})
    pair(state, "6♣", "6♣", "6♣")
    (tile,) = tiles(state)
    tid = tile["cards"][0]
    assert tile["kind"] == "six" and counted(G, state, 0) == 6  # not counted toward the maximum
    assert not set(tile["cards"]) & set(eligible(G, state, 0))  # never in the poker hand
    act(state, "turn_six", int(tid))  # its owner turns a 6 sideways (not no-effect) and may force a card
    sideways = tiles(state)[0]["sideways"]
    assert len(sideways) == 1 and mark_of(state, sideways[0]) is None
    act(state, "force", "7♥", 1)
    assert names(state, "table:1") == ["7♥"]
    act(state, "turn_six", int(tid))
    apply(state, "decline")  # declining the force still leaves the 6 sideways
    act(state, "turn_six", int(tid))
    apply(state, "decline")
    assert tiles(state) == [] and sorted(names(state, "discard")) == [
        "6♣",
        "6♣",
        "6♣",
    ]  # all three


def test_BP_29_5_black_hole():
    state = pos(
        {"view:0": ["7♥", "7♥", "2♠"], "view:1": ["3♦"]},
        {},
    )
    pair(state, "7♥", "7♥")
    assert _tiles(state) == [("bh", ["7♥", "7♥"])]
    act(state, "end_turn")  # the beginning of P2's turn: P2 pays P1 two cards
    assert _sizes(state) == [8, 4] and public(state)["active"] == 1


def test_BP_29_5_white_hole():
    state = pos({"view:0": ["7♣", "7♣", "2♠"], "view:1": ["3♦"]})
    pair(state, "7♣", "7♣")
    assert _tiles(state) == [("wh", ["7♣", "7♣"])]
    act(state, "end_turn")  # the beginning of P2's turn: P1 pays P2 two cards
    assert _sizes(state) == [4, 8]


def test_BP_29_5_nine_of_diamonds_ten_of_clubs_reaching_the_table_maximum():
    state = pos(
        {
            "view:0": ["9♦", "10♣", "2♠"],
            "table:0": ["K♠"],
            "table:1": ["10♦", "A♠", "A♥", "A♦", "2♥", "3♥", "4♥"],
        }
    )
    pair(state, "9♦", "10♣")  # the only other player: no table to choose
    assert names(state, "table:0") == ["10♦", "A♠", "A♥", "A♦", "2♥", "3♥", "4♥"] and names(
        state, "table:1"
    ) == ["K♠"]
    assert sorted(names(state, "discard")) == ["10♣", "9♦"]
    assert public(state)["active"] == 1  # seven counted cards: P1's turn ended at once


def test_BP_29_5_nine_of_diamonds_ten_of_clubs_below_the_table_maximum():
    state = pos({"view:0": ["9♦", "10♣", "2♠"], "table:0": ["K♠"], "table:1": ["A♠"], "view:1": ["3♣", "4♣"]})
    pair(state, "9♦", "10♣")
    assert names(state, "table:0") == ["A♠"] and names(state, "view:0") == ["3♣", "4♣"]
    assert names(state, "view:1") == ["2♠"] and deciding(state) == (0, "play")  # still P1's turn


def test_BP_29_5_ten_of_diamonds_lock_blocks_its_owners_play():
    state = pos({"view:0": ["10♦", "7♣", "7♥", "2♠"]})
    pair(state, "10♦", "7♣")
    assert _tiles(state) == [("lock", ["10♦", "7♣"])]
    play(state, "7♥")
    assert names(state, "discard") == ["7♥"] and _sizes(state) == [6, 6] and public(state)["plays"] == 2


def test_BP_29_5_ten_of_diamonds_lock_blocks_a_forced_card():
    state = pos(
        {"view:0": ["6♠", "7♥", "2♦"], "table:1": ["10♦", "7♣"]},
        {"tiles": [{"kind": "lock", "zone": "table:1", "cards": ["10♦", "7♣"]}]},
    )
    play(state, "6♠")
    act(state, "force", "7♥", 1)
    assert (
        names(state, "discard") == ["7♥"]
        and names(state, "table:1") == ["10♦", "7♣"]
        and _sizes(state) == [6, 6]
    )


def test_BP_29_5_jack_jack_shield():
    state = pos(
        {"view:0": ["J♠", "J♥", "2♦"], "table:0": ["7♥", "5♥", "9♥"]},
        {"tiles": [{"kind": "five", "zone": "table:0", "cards": ["5♥", "9♥"]}]},
    )
    pair(state, "J♠", "J♥")
    assert all(is_ne(G, state, c) for c in state["zones"]["table:0"]) and tiles(state) == []
    assert not public(state)["j_next"] and fee_size(G, state, 0, 1) == 1  # no-effect Js add nothing


def test_BP_29_5_jack_jack_jack_mixed():
    state = pos({"view:0": ["J♠", "J♠", "J♦", "2♦"]})
    pair(state, "J♠", "J♠", "J♦")
    assert (
        _tiles(state) == [("jjj", ["J♠", "J♠", "J♦"])]
        and fee_size(G, state, 1, 1) == 2
        and fee_size(G, state, 1, 3) == 6
    )


def test_BP_29_5_jack_jack_jack_one_suit():
    state = pos({"view:0": ["J♠", "J♠", "J♠", "2♦"], "table:1": ["8♣"]})
    pair(state, "J♠", "J♠", "J♠")
    assert fee_size(G, state, 1, 1) == 0 and fee_size(G, state, 1, 2) == 3 and fee_size(G, state, 0, 1) == 3


def test_BP_29_5_queen_queen():
    state = pos({"view:0": ["Q♦", "Q♦", "2♠"]}, players=3)
    pair(state, "Q♦", "Q♦")
    assert public(state)["dir"] == -1 and names(state, "table:0") == ["Q♦", "Q♦"]
    act(state, "end_turn")
    assert public(state)["active"] == 2


def test_BP_29_5_king_of_clubs_pair_atomic_bomb():
    state = pos(
        {
            "view:0": ["K♣", "K♣", "2♠"],
            "table:0": ["9♣"],
            "table:1": ["10♦", "7♣", "6♣", "6♦", "6♠"],
            "discard": ["2♥"],
        },
        {
            "marks": {"table:0": {"9♣": "ne"}},
            "tiles": [{"kind": "six", "zone": "table:1", "cards": ["6♣", "6♦", "6♠"]}],
        },
    )
    pair(state, "K♣", "K♣")  # Magic cannot stop it (P2 is not asked)
    assert names(state, "table:0") == [] and names(state, "table:1") == [] and names(state, "discard") == []
    assert sorted(names(state, "pot")) == sorted(["9♣", "K♣", "K♣", "10♦", "7♣", "6♣", "6♦", "6♠", "2♥"])
    assert tiles(state) == []


def test_BP_29_5_ace_ace():
    state = pos({"view:0": ["A♠", "A♥", "2♦"]}, players=3)
    pair(state, "A♠", "A♥")
    assert [(e["t"], e["seat"]) for e in state["events"] if e["t"] in ("turn", "skipped")] == [
        ("skipped", 1),
        ("turn", 2),
    ]
    assert names(state, "view:0") == ["2♦"] and deciding(state)[0] == 2

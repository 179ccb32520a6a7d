"""B-Poker scenario tests: card types, effects and the single-card powers (sections 10-25)."""

from __future__ import annotations

from tests.conformance.prompts import assert_prompts_name_no_hidden_card
from tests.support.bpoker_helpers import (
    act,
    args_of,
    cid,
    deciding,
    declared,
    decline_all,
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
    verbs,
)
from tests.support.scenario import ids, labels

from cardsmith.core import apply, get_game, option_id, view
from cardsmith.games.bpoker.table import (
    counted,
    fee_size,
    identity,
    is_ne,
    magic_units,
    mark_of,
    off_table,
    protected,
    table_fx,
    table_max,
    tile_of,
    view_size,
)

G = get_game("bpoker")


def test_BP_10_1_BP_13_8_BP_13_9_BP_11_16_two_of_hearts_takes_and_plays():
    state = pos({"view:0": ["2♥"], "table:1": ["7♥", "2♥"]})
    play(state, "2♥")
    assert deciding(state) == (0, "trade")
    refused(state, option_id("trade", cid(state, "table:1", "2♥")))  # a 2♥ may not take a 2♥
    act(state, "trade", cid(state, "table:1", "7♥"))
    # the 7♥ is played for P1: P2 pays P1 two cards
    assert "7♥" in names(state, "table:0") and len(state["zones"]["stash:0"]) == 8


def test_BP_10_3_BP_10_4_BP_10_5_BP_15_4_BP_15_5_BP_15_6_BP_15_7_four_of_diamonds_replay():
    state = pos({"view:0": ["4♦"], "table:0": ["7♥", "9♣"]}, {"marks": {"table:0": {"9♣": "ne"}}})
    play(state, "4♦")
    assert deciding(state) == (0, "replay")
    refused(state, option_id("replay", cid(state, "table:0", "9♣")))  # not a no-effect card
    act(state, "replay", cid(state, "table:0", "7♥"))
    assert "4♦" in names(state, "discard") and len(state["zones"]["stash:0"]) == 6 - 3 + 2
    poor = pos({"view:0": ["4♦"], "table:0": ["7♥"], "stash:0": ["2♣"]})
    play(poor, "4♦")
    assert deciding(poor)[1] != "replay"  # an optional fee needs the whole fee in the stash
    assert table_max(G, poor, 0) == 8


def test_BP_10_7_BP_10_8_BP_10_9_BP_10_11_wild_has_no_powers_and_is_protected():
    state = pos({"view:0": ["2♦"], "table:1": ["8♣", "J♣"]}, {"marks": {"table:1": {"8♣": "wild"}}})
    assert fee_size(G, state, 1, 1) == 3  # a wild 8 lowers nothing; the J♣ adds 2
    assert protected(G, state, cid(state, "table:1", "8♣"))


def test_BP_10_10_BP_10_31_BP_26_22_BP_26_23_BP_26_24_replayed_card_turns_face_up():
    state = pos({"view:0": ["2♥", "2♦"], "table:1": ["9♣", "7♥"]}, {"marks": {"table:1": {"9♣": "ne"}}})
    from tests.support.bpoker_helpers import pair

    pair(state, "2♥", "2♦")
    act(state, "trade", cid(state, "table:1", "9♣"))  # one card of any status
    assert names(state, "table:1").count("2♥") == 1 and "2♦" in names(state, "table:1")
    assert mark_of(state, cid(state, "table:0", "9♣")) is None  # replayed: upright again


def test_BP_10_12_BP_13_10_BP_13_11_BP_10_16_two_diamonds_takes_a_wild_which_stays_wild():
    state = pos({"view:0": ["2♦"], "table:1": ["8♣"]}, {"marks": {"table:1": {"8♣": "wild"}}})
    play(state, "2♦")
    act(state, "trade", cid(state, "table:1", "8♣"))
    w = cid(state, "table:0", "8♣")
    assert mark_of(state, w) == "wild" and "2♦" in names(state, "table:1")


def test_BP_10_13_BP_10_14_BP_10_15_BP_10_18_BP_16_9_tile_acts_as_its_card_in_effect():
    state = pos(
        {"view:0": ["2♦"], "table:0": ["5♣", "4♠", "2♣"]},
        {"tiles": [{"kind": "five", "zone": "table:0", "cards": ["5♣", "4♠", "2♣"]}]},
    )
    # 5♣ + 4♠ (a 5♠ in effect) + 2♣ (+2: a 4♣ in effect): the tile acts as a 4♣
    assert view_size(G, state, 0) == 4 and counted(G, state, 0) == 3
    assert protected(G, state, cid(state, "table:0", "5♣"))


def test_BP_10_17_BP_10_21_BP_10_23_BP_10_24_BP_16_20_BP_16_21_leaving_card_breaks_the_tile():
    state = pos(
        {"view:0": ["2♦"], "table:0": ["5♣", "4♠", "2♣"]},
        {"tiles": [{"kind": "five", "zone": "table:0", "cards": ["5♣", "4♠", "2♣"]}]},
    )
    off_table(G, state, 0, cid(state, "table:0", "2♣"), "discard", "test")
    assert tiles(state) == [] and view_size(G, state, 0) == 6  # the freed 4♠ now counts at face value


def test_BP_10_25_BP_10_26_BP_11_13_BP_13_5_BP_20_3_effects_skip_protected_and_noeffect():
    state = pos({"view:0": ["9♥"], "table:1": ["10♦", "8♣", "7♣"]}, {"marks": {"table:1": {"8♣": "ne"}}})
    play(state, "9♥")
    # only the 7♣ can be picked (the 10♦ is protected, the 8♣ no-effect); P2 lets it happen
    assert deciding(state) == (1, "magic")
    apply(state, "let_it_happen")
    assert names(state, "table:1") == ["10♦", "8♣"] and "7♣" in names(state, "discard")


def test_BP_10_27_BP_10_28_BP_10_29_BP_10_30_BP_22_1_BP_22_2_j_makes_the_next_card_noeffect():
    state = pos({"view:0": ["J♥", "7♥"]})
    play(state, "J♥")
    play(state, "7♥")
    assert mark_of(state, cid(state, "table:0", "7♥")) == "ne"
    assert len(state["zones"]["stash:1"]) == 6  # no fee: none of its effects happened
    assert fee_size(G, state, 0, 1) == 2  # the J♥ itself is effective


def test_BP_10_33_BP_10_34_BP_22_3_BP_22_4_BP_22_5_j_discard_restores_a_card():
    state = pos(
        {"view:0": ["2♦"], "table:0": ["J♥"], "table:1": ["7♥"]},
        {"marks": {"table:0": {"J♥": "ne"}, "table:1": {"7♥": "ne"}}},
    )
    act(state, "restore", cid(state, "table:1", "7♥"))
    assert mark_of(state, cid(state, "table:1", "7♥")) is None and "J♥" in names(state, "discard")
    assert mark_of(state, cid(state, "discard", "J♥")) is None  # off the tables: no marks


def test_BP_11_1_BP_11_2_BP_11_3_BP_11_4_BP_13_4_lost_immediate_effects():
    state = pos({"view:0": ["2♠", "K♦"]})
    play(state, "2♠")  # nothing to trade for: lost
    assert deciding(state) == (0, "play")
    play(state, "K♦")  # goes to the pot even with nothing to discard
    assert "K♦" in names(state, "pot")


def test_BP_11_5_BP_11_6_BP_11_14_BP_11_15_BP_11_20_continuous_only_in_play():
    state = pos({"view:0": ["2♦"], "view:1": ["4♣"], "ctbp:1": [], "table:1": ["4♥"]})
    assert view_size(G, state, 1) == 6  # only the table card counts


def test_BP_11_12_noeffect_discard_effects_unusable():
    state = pos({"view:0": ["2♦"], "table:0": ["10♦"]}, {"marks": {"table:0": {"10♦": "ne"}}})
    assert magic_units(G, state, 0) == []


def test_BP_11_18_BP_16_1_BP_16_11_BP_16_12_BP_16_13_five_fee_then_follow_up_before_anything():
    state = pos({"view:0": ["5♠", "3♠", "A♦"]}, players=3)
    play(state, "5♠")
    fees = [e["seat"] for e in state["events"] if e["t"] == "fee"]
    assert fees == [1, 2, 0]  # every player, the 5's player last
    assert deciding(state) == (0, "follow")


def test_BP_12_5_BP_12_6_BP_26_34_BP_26_35_BP_26_36_BP_26_37_BP_26_38_set_five_five_card():
    from tests.support.bpoker_helpers import pair

    state = pos({"view:0": ["5♥", "5♥", "2♦"], "table:1": ["7♣"]})
    pair(state, "5♥", "5♥", "2♦")
    # 5♥+5♥+2♦ is a 2♥ in effect: it may trade, and may not take a 2♥
    assert deciding(state) == (0, "trade")
    tile = tiles(state)[0]
    assert tile["kind"] == "set5" and tile["in_effect"] == "2♥"
    assert len(state["zones"]["pot"]) == 0  # the 5s' own fee does not happen


def test_BP_12_7_BP_12_8_BP_12_9_BP_26_13_BP_26_14_jokers_resolve_as_one_black():
    from tests.support.bpoker_helpers import pair

    state = pos({"view:0": ["Joker", "Joker", "9♣"], "stash:0": ["2♣", "3♣", "4♣", "5♣", "6♣"]})
    pair(state, "Joker", "Joker")
    assert names(state, "pot").count("Joker") == 2
    assert len(state["zones"]["stash:0"]) == 1  # 2 x 2 stash cards became cards-to-be-played


def test_BP_12_10_BP_12_11_BP_12_12_one_of_red_forces_a_random_stash_card():
    # 5♦ then 2♥: a red 2 after a red 5 is a 1 of Red. The 5's fee takes the K♦ off the top of P2's stash, so the
    # card drawn at random from P2's stash can only be the 4♥.
    state = pos({"view:0": ["5♦", "2♥", "9♣"], "stash:1": ["4♥", "K♦"], "stash:0": ["2♣", "3♣"]})
    play(state, "5♦")
    act(state, "follow", "2♥")
    assert names(state, "stash:1") == ["4♥"] and "K♦" in names(state, "pot")
    assert deciding(state) == (0, "one_red") and sorted(ids(state)) == [
        option_id("take_random_from", 0),
        option_id("take_random_from", 1),
    ]  # the 1's player too
    four = cid(state, "stash:1", "4♥")
    apply(state, option_id("take_random_from", 1))
    # the 4♥ left P2's stash through limbo and was played onto P1's table (the 1's table), face up and untiled
    assert names(state, "stash:1") == [] and names(state, "table:0") == ["5♦", "2♥", "4♥"]
    moves = [(e["card"], e["from"], e["to"]) for e in state["events"] if e["t"] == "move"]
    assert moves[:2] == [(four, "stash:1", "limbo"), (four, "limbo", "table:0")]
    assert mark_of(state, four) is None and tile_of(state, four) is None
    assert view_size(G, state, 0) == 6  # it is P1's card now: its continuous effect counts for P1
    assert tiles(state)[0]["in_effect"] == "1 of Red"  # the 1 of Red itself stays the tile's card-in-effect


def test_BP_12_11_one_of_red_stash_owner_gets_no_five_choice():
    # The random card is a 5♠: P2 counts as its forcer but may not pick its follow-up (P2 holds a card that could),
    # so P1 follows it from P1's own viewing hand: the 7♠, an 8♠ in effect after the black 5.
    state = pos(
        {
            "view:0": ["5♦", "2♥", "7♠"],
            "view:1": ["9♥"],
            "stash:1": ["5♠", "K♦"],
            "stash:0": ["2♣", "3♣", "4♣"],
        }
    )
    play(state, "5♦")
    act(state, "follow", "2♥")
    apply(state, option_id("take_random_from", 1))
    assert deciding(state) == (0, "eight")  # no bundle choice was offered to P2
    tiled = sorted(cards for _kind, cards in tile_names(state))
    assert tiled == [["5♠", "7♠"], ["5♦", "2♥"]] and names(state, "view:1") == ["9♥"]


def test_BP_12_11_one_of_red_lost_when_every_stash_is_empty():
    state = pos({"view:0": ["5♦", "2♥", "7♠"], "stash:1": ["K♦"], "stash:0": ["3♣"]})
    play(state, "5♦")  # the fee empties both stashes
    act(state, "follow", "2♥")
    assert deciding(state) == (0, "play") and names(state, "table:0") == ["5♦", "2♥"]
    assert not any(e.get("cause") == "1_red" for e in state["events"])


def test_BP_12_15_BP_12_16_one_of_diamonds_splits_the_pot():
    from tests.support.bpoker_helpers import pair

    state = pos({"view:0": ["5♦", "5♦", "Joker"], "pot": ["2♣", "3♣", "4♣", "5♣"]})
    pair(state, "5♦", "5♦", "Joker")
    assert deciding(state) == (1, "split")
    apply(state, option_id("split", 3))
    apply(state, option_id("pick_pile", "first"))
    assert len(state["zones"]["pot"]) == 1 and len(state["zones"]["stash:0"]) == 9


def test_BP_12_17_BP_12_18_one_of_hearts_takes_every_wild():
    from tests.support.bpoker_helpers import pair

    state = pos(
        {"view:0": ["5♥", "5♥", "Joker"], "table:1": ["8♣", "3♥"]},
        {"marks": {"table:1": {"8♣": "wild", "3♥": "wild"}}},
    )
    pair(state, "5♥", "5♥", "Joker")
    assert names(state, "table:1") == [] and {"8♣", "3♥"} <= set(names(state, "pot"))


def test_BP_12_19_BP_12_20_one_of_spades_swaps_viewing_hands():
    from tests.support.bpoker_helpers import pair

    state = pos({"view:0": ["5♠", "5♠", "Joker", "2♦"], "view:1": ["K♥", "K♦", "K♠"]})
    pair(state, "5♠", "5♠", "Joker")
    assert deciding(state) == (0, "swap")
    from cardsmith.core import view

    assert [e[1] for e in view(state, 0)["zones"]["view:1"]] == ["K♥", "K♦", "K♠"]  # the look
    act(state, "swap_hands", 1)
    assert sorted(names(state, "view:0")) == ["K♠", "K♥", "K♦"] and names(state, "view:1") == ["2♦"]


def test_BP_13_1_BP_13_2_BP_13_3_BP_13_6_standard_two_trade():
    state = pos({"view:0": ["2♠"], "table:0": ["9♣"], "table:1": ["7♣"]})
    play(state, "2♠")
    refused(state, option_id("trade", cid(state, "table:0", "9♣")))
    assert "decline" in ids(state)
    act(state, "trade", cid(state, "table:1", "7♣"))
    assert names(state, "table:1") == ["2♠"] and "7♣" in names(state, "table:0")
    assert len(state["zones"]["stash:0"]) == 6  # the 7♣ was not played


def test_BP_13_12_BP_13_13_two_diamonds_two_unprotected_cards():
    state = pos({"view:0": ["2♦"], "table:1": ["7♣", "9♣", "10♦"]})
    play(state, "2♦")
    act(state, "trade_two", cid(state, "table:1", "7♣"))
    refused(state, option_id("trade", cid(state, "table:1", "10♦")))
    act(state, "trade", cid(state, "table:1", "9♣"))
    apply(state, "let_it_happen")
    assert sorted(names(state, "table:1")) == ["10♦", "2♦"]


def test_BP_13_14_BP_13_15_BP_13_16_BP_13_17_BP_13_18_two_clubs_hand_trade():
    mine = ["K♠", "K♥", "9♣", "4♦", "3♠", "K♦"]
    theirs = ["A♠", "A♥", "A♦", "7♣", "6♣"]
    state = pos(
        {"view:0": ["2♣"], "table:0": mine, "table:1": theirs},
        {"decl": {"0": {"cards": ["9♣", "4♦", "3♠", "K♠", "K♥"]}, "1": {"cards": theirs}}},
    )
    play(state, "2♣")
    act(state, "trade_hands", 1)
    assert deciding(state) == (1, "higher")
    apply(state, "name_higher")  # P2 makes P1 declare the three kings
    assert {"A♠", "A♥", "A♦"} <= set(names(state, "table:0"))
    assert names(state, "table:1").count("K♦") == 1 and len(state["zones"]["stash:0"]) == 3


def test_BP_14_1_BP_14_2_BP_14_3_BP_14_4_three_wild_and_trigger():
    state = pos({"view:0": ["3♥", "2♦"]})
    play(state, "3♥")
    assert known_wild(state, cid(state, "table:0", "3♥"))
    s2 = pos(
        {"view:0": ["7♠"], "table:0": ["3♠", "9♣", "8♣"]},
        {"phase": "tbegin", "marks": {"table:0": {"3♠": "wild"}}},
        options={"table_max": 3},
    )
    assert counted(G, s2, 0) == 0 and deciding(s2) == (0, "play")  # nothing already there counts


def test_BP_14_5_noeffect_three_never_wild():
    state = pos({"view:0": ["J♥", "3♥"]})
    play(state, "J♥")
    play(state, "3♥")
    assert mark_of(state, cid(state, "table:0", "3♥")) == "ne"


def test_BP_14_6_BP_14_7_BP_14_8_BP_14_9_three_of_clubs_in_the_hand():
    state = pos({"view:0": ["3♣"], "table:0": ["K♠", "K♥", "9♣", "4♦", "A♠"]})
    play(state, "3♣")
    if deciding(state) == (0, "declare"):
        apply(state, ids(state)[0])
    assert cid(state, "table:0", "3♣") in declared(state, 0)


def test_BP_16_2_BP_16_3_BP_16_4_BP_16_5_BP_16_10_follow_up_from_cards_to_be_played_first():
    state = pos({"view:0": ["5♠", "9♠"], "ctbp:0": []})
    play(state, "5♠")
    # only one card left: it follows at once, tiled with the 5 on the left
    tile = tiles(state)[0]
    assert names(state, "table:0")[:2] == ["5♠", "9♠"] and tile["cards"][0] == cid(state, "table:0", "5♠")
    assert tile["in_effect"] == "10♠"


def test_BP_16_7_BP_16_8_BP_16_14_BP_16_15_BP_16_16_BP_16_17_BP_29_7_chained_fives():
    state = pos({"view:0": ["5♠", "4♠", "3♠", "7♦", "2♣"]})
    play(state, "5♠")
    act(state, "follow", "4♠")  # a 5♠ in effect
    act(state, "follow", "3♠")  # +2: a 5♠ in effect
    act(state, "follow", "7♦")  # +3: a 10♦ in effect
    assert tiles(state)[0]["in_effect"] == "10♦"
    assert len([e for e in state["events"] if e["t"] == "fee"]) >= 0
    assert len(state["zones"]["pot"]) == 6  # three rounds of 1-card fees from 2 players


def test_BP_16_18_BP_16_19_joker_after_a_black_five_picks_a_suit():
    state = pos({"view:0": ["5♠", "Joker", "7♦"]})
    play(state, "5♠")
    act(state, "follow", "Joker")
    assert deciding(state) == (0, "joker_suit")
    apply(state, option_id("joker_suit", "spades"))  # a 2♠ in effect
    assert tiles(state)[0]["in_effect"] == "2♠"


def test_BP_16_18_the_joker_is_shown_before_its_suit_is_asked():
    # The follow-up comes from P1's viewing hand, which P2 does not see: the question of the Joker's suit (public,
    # as every prompt is) may only come once the Joker itself is face up for every seat.
    state = pos({"view:0": ["5♠", "Joker", "7♦", "2♣"]})
    play(state, "5♠")
    act(state, "follow", "Joker")
    assert deciding(state) == (0, "joker_suit")
    for seat in (1, None):
        seen = view(state, seat)
        assert "Joker" in seen["pending"]["prompt"]
        shown = [
            e[1] for entries in seen["zones"].values() for e in entries if e is not None and e[1] is not None
        ]
        assert shown.count("Joker") == 1, f"seat {seat} is asked about a Joker it cannot see"
    assert assert_prompts_name_no_hidden_card(G, state, "joker_suit") == 0  # the generic check passes
    apply(state, option_id("joker_suit", "clubs"))  # played from where it was shown: a 2♣ in effect
    assert tiles(state)[0]["in_effect"] == "2♣" and names(state, "table:0") == ["5♠", "Joker"]
    assert names(state, "limbo") == [] and sorted(names(state, "view:0")) == ["2♣", "7♦"]


def test_BP_16_24_BP_16_25_BP_16_29_BP_16_30_BP_16_31_BP_29_8_forcing_a_five_in_turn():
    state = pos({"view:0": ["6♠", "5♣", "9♥"], "view:1": ["K♥"], "table:1": ["7♣"]})
    play(state, "6♠")
    act(state, "force", "5♣", 1)
    assert deciding(state) == (0, "bundle")
    act(state, "bundle", "9♥")
    # the 9♥ is played onto the 5 as a 10♥ in effect for P2, and P1's turn ends
    assert "9♥" in names(state, "table:1") and public(state)["turn_over"]


def test_BP_16_26_BP_16_27_BP_16_28_forcing_a_five_out_of_turn_turns_a_stash_card():
    state = pos({"view:0": ["2♦"], "view:1": ["6♠", "5♣", "9♥"], "stash:1": ["2♣", "3♣"]}, {"active": 0})
    state["pending"] = None  # P2's 6♠ is being played out of turn: its shaft starts above P1's play step
    G.flow.resume(G, state, [*state["flow"], {"step": "shaft", "you": 1}])
    act(state, "force", "5♣", 0)
    assert deciding(state) == (1, "bundle")
    act(state, "bundle", "9♥")
    assert mark_of(state, cid(state, "stash:1", "2♣")) == "side"  # the bottom-most card


def test_BP_16_22_BP_16_23_BP_23_1_BP_23_2_BP_23_3_BP_23_4_queens_move():
    state = pos({"view:0": ["Q♦", "Q♥"], "view:1": ["7♣"]}, players=3)
    play(state, "Q♦")
    assert "Q♦" in names(state, "table:1")
    from cardsmith.core import view

    assert view(state, 0)["zones"]["view:1"][0][1] == "7♣"  # the look
    play(state, "Q♥")
    assert "Q♥" in names(state, "table:2")


def test_BP_16_32_magic_on_follow_up_still_tiled():
    state = pos({"view:0": ["5♠", "9♥", "2♦"], "table:0": ["10♦"]})
    play(state, "5♠")
    assert deciding(state) == (0, "react")
    apply(state, "let_it_arrive")  # the 5 itself arrives with effect
    act(state, "follow", "9♥")  # a 10♥ in effect (Dump) after the black 5
    assert deciding(state) == (0, "react")
    apply(state, "magic_no_effect")  # Magic on the follow-up only
    five, nine = cid(state, "table:0", "5♠"), cid(state, "table:0", "9♥")
    assert names(state, "table:0") == ["5♠", "9♥"] and "10♦" in names(state, "discard")
    (tile,) = tiles(state)
    assert tile["kind"] == "five" and tile["cards"] == [
        five,
        nine,
    ]  # still tiled with the 5, the 5 on the left
    assert mark_of(state, nine) == "ne" and mark_of(state, five) is None
    assert identity(G, state, five) is None and table_fx(G, state, 0) == (0, 0, 0)  # the tile has no effect
    assert names(state, "view:0") == ["2♦"] and names(state, "ctbp:0") == []  # no Dump happened
    assert deciding(state) == (0, "play")


def test_BP_17_2_BP_17_3_BP_17_4_BP_17_5_BP_17_6_BP_17_7_tunnel():
    state = pos({"view:0": ["6♠", "7♥"], "table:1": ["6♦"], "view:1": ["2♣", "3♣"]}, players=3)
    play(state, "6♠")
    act(state, "force", "7♥", 1)
    assert deciding(state) == (1, "react")
    refused(state, option_id("tunnel", 0))  # not back to the forcer
    apply(state, option_id("tunnel", 2))
    assert "7♥" in names(state, "table:2") and {"2♣", "3♣"} <= set(names(state, "pot"))
    assert "6♦" in names(state, "discard")


def test_BP_17_8_BP_17_9_BP_17_10_BP_17_11_BP_17_12_BP_17_13_BP_17_14_BP_17_15_BP_29_9_ring():
    state = pos(
        {"view:0": ["6♠", "6♥"], "view:1": ["6♦"], "view:2": ["6♣"], "pot": ["2♣"] * 7},
        players=3,
    )
    play(state, "6♠")
    act(state, "force", "6♥", 1)
    act(state, "force", "6♦", 2)
    act(state, "force", "6♣", 0)
    decline_all(state, "let_it_arrive")
    # everyone received a 6: the ring closes, P1 splits 7 pot cards as 3/2/2, P2 picks first
    assert deciding(state) == (1, "ring_pile")
    apply(state, option_id("take_pile", 3))  # the others take the two piles of 2, the splitter last
    assert len(state["zones"]["pot"]) == 0 and len(state["zones"]["stash:1"]) == 9


def test_BP_18_2_BP_18_3_BP_18_5_sevens_and_magic():
    state = pos({"view:0": ["7♦"], "table:1": ["10♦"]}, players=3)
    play(state, "7♦")
    assert deciding(state) == (1, "magic")
    apply(state, "use_magic")
    assert len(state["zones"]["stash:1"]) == 6 and len(state["zones"]["stash:2"]) == 2
    s2 = pos({"view:0": ["7♣"]}, players=3)
    play(s2, "7♣")
    assert len(s2["zones"]["stash:0"]) == 2


def test_BP_19_1_BP_19_2_BP_19_3_BP_19_4_BP_19_6_BP_19_7_eights():
    state = pos({"view:0": ["8♣"]})
    play(state, "8♣")
    assert deciding(state) == (0, "eight")
    assert any("Pay 0" in o[1] for o in state["pending"]["options"])  # the 8 lowers its own fee
    apply(state, option_id("pay_eight_fee", 1))
    assert known_wild(state, cid(state, "table:0", "8♣"))
    s2 = pos(
        {"view:0": ["8♣"], "table:1": ["6♣", "6♣", "6♣", "5♥", "9♥"]},
        {
            "tiles": [
                {"kind": "six", "zone": "table:1", "cards": ["6♣", "6♣", "6♣"]},
                {"kind": "five", "zone": "table:1", "cards": ["5♥", "9♥"]},
            ]
        },
    )
    play(s2, "8♣")
    apply(s2, option_id("pay_eight_fee", 0))
    # the one-suit 6+6+6 cannot be picked: the 5-tile is broken at once
    assert len(tiles(s2)) == 1 and "8♣" in names(s2, "discard")


def test_BP_20_1_BP_20_2_BP_20_6_BP_20_7_nines():
    state = pos({"view:0": ["5♥", "10♦"], "table:1": ["8♣", "9♣"]}, {"marks": {"table:1": {"8♣": "wild"}}})
    play(state, "5♥")  # the 10♦ follows at once: a 9♦ in effect
    assert deciding(state) == (0, "discard_card")
    act(state, "discard_from_table", cid(state, "table:1", "8♣"))  # a protected card may be picked
    assert "8♣" in names(state, "discard")


def test_BP_20_8_magic_stops_the_nine_of_diamonds_win():
    state = pos({"view:0": ["9♦"], "table:1": ["10♦"]})
    play(state, "9♦")
    apply(state, "use_magic")
    assert hands_finished(state) == 0 and "9♦" in names(state, "table:0")


def test_BP_20_9_BP_20_10_nine_of_clubs():
    state = pos({"view:0": ["9♣"], "table:0": ["7♥", "K♠"]})
    play(state, "9♣")
    assert deciding(state) == (1, "discard_card")
    refused(state, option_id("discard_from_table", cid(state, "table:0", "9♣")))
    act(state, "discard_from_table", cid(state, "table:0", "K♠"))
    assert "K♠" in names(state, "discard")


def test_BP_21_3_BP_21_4_BP_21_5_BP_21_6_ten_of_spades():
    state = pos({"view:0": ["10♠", "2♦"], "table:0": ["7♥"]})
    play(state, "10♠")
    assert "2♦" in names(state, "pot")
    act(state, "force_card", cid(state, "table:0", "7♥"))  # P2's table is the only other one: not asked
    assert "7♥" in names(state, "table:1") and len(state["zones"]["stash:1"]) == 8


def test_BP_21_9_BP_21_10_BP_21_11_ten_of_clubs_restores():
    state = pos(
        {"view:0": ["10♣"], "table:0": ["7♥", "8♣"]}, {"marks": {"table:0": {"7♥": "ne", "8♣": "wild_ne"}}}
    )
    play(state, "10♣")
    assert mark_of(state, cid(state, "table:0", "7♥")) is None
    assert mark_of(state, cid(state, "table:0", "8♣")) == "wild" and public(state)["in_hand"][0]


def test_BP_21_12_BP_21_13_BP_21_14_BP_21_17_magic_on_own_play():
    state = pos({"view:0": ["7♥", "K♣"], "table:0": ["10♦"]})
    play(state, "7♥")
    assert deciding(state) == (0, "react")
    apply(state, "magic_no_effect")
    assert mark_of(state, cid(state, "table:0", "7♥")) == "ne" and len(state["zones"]["stash:0"]) == 6


def test_BP_21_18_BP_21_19_BP_21_20_BP_21_21_BP_21_24_BP_21_26_BP_21_27_control():
    state = pos({"view:0": ["6♠", "10♦"], "view:1": ["7♥", "2♣"]})
    play(state, "6♠")
    act(state, "force", "10♦", 1)
    assert deciding(state) == (0, "control")
    # P1 controls P2 through the 10♦ now on P2's table, which P2 may not use for Magic meanwhile (BP-21.18)
    assert public(state)["control"] == {"1": 0} and names(state, "table:1") == ["10♦"]
    assert magic_units(G, state, 1) == []
    act(state, "control_play", "7♥")
    assert "7♥" in names(state, "table:1") and public(state)["control"] == {}


def test_BP_22_6_BP_22_7_BP_22_8_jack_fees():
    state = pos({"view:0": ["2♦"], "table:0": ["J♣", "J♥", "J♠"]}, {"marks": {"table:0": {"J♠": "ne"}}})
    assert fee_size(G, state, 0, 1) == 4


def test_BP_23_5_BP_23_6_BP_23_7_BP_23_8_BP_23_12_queen_of_clubs_passes_a_card():
    state = pos({"view:0": ["Q♣"], "table:0": ["7♥", "Q♠"]})
    play(state, "Q♣")  # the Q♠ may not go with it: the 7♥ is passed at once
    assert "Q♠" in names(state, "table:0")
    assert {"Q♣", "7♥"} <= set(names(state, "table:1")) and len(state["zones"]["stash:1"]) == 8


def test_BP_23_9_BP_23_10_BP_23_11_queen_of_spades_passes_a_pair_for_a_fee():
    state = pos({"view:0": ["Q♠"], "table:0": ["7♥", "7♥"]}, players=3)
    play(state, "Q♠")
    opts = args_of(state, "pass_pair")
    assert opts
    act(state, "pass_pair", *opts[0])
    assert names(state, "table:2").count("7♥") == 2  # to the previous player, played as a Black Hole
    assert any(t["kind"] == "bh" and t["seat"] == 2 for t in tiles(state))


def test_BP_24_1_BP_24_2_BP_24_3_BP_24_4_BP_24_5_BP_24_6_king_of_hearts():
    state = pos({"view:0": ["K♥"], "table:1": ["10♦"], "table:0": []}, players=2)
    play(state, "K♥")
    apply(state, "let_it_happen")
    # the K♥ itself goes to the pot; P2 must discard the protected 10♦ (its only candidate)
    assert "K♥" in names(state, "pot") and names(state, "table:1") == []


def test_BP_24_7_BP_24_8_BP_24_9_king_of_diamonds():
    state = pos({"view:0": ["K♦"], "table:1": ["7♣", "10♦"]})
    play(state, "K♦")
    apply(state, "let_it_happen")
    assert "K♦" in names(state, "pot") and names(state, "table:1") == ["10♦"]


def test_BP_24_10_BP_24_11_BP_24_12_BP_24_13_BP_24_14_BP_24_15_king_of_spades():
    state = pos({"view:0": ["K♠"], "table:0": ["2♥", "5♥", "9♥", "J♥", "4♣", "8♠"]})
    play(state, "K♠")
    if deciding(state) == (0, "declare"):
        apply(state, ids(state)[0])
    assert len(state["zones"]["table:0"]) == 7 - 5 and declared(state, 0) is None


def test_BP_24_16_BP_24_17_king_of_clubs():
    state = pos({"view:0": ["K♣"], "table:0": ["7♥", "9♣"]}, {"marks": {"table:0": {"9♣": "ne"}}})
    play(state, "K♣")
    assert names(state, "table:0") == ["9♣"] and {"K♣", "7♥"} <= set(names(state, "pot"))


def test_BP_25_4_BP_25_5_BP_25_7_BP_25_8_ace_of_clubs_from_cards_to_be_played():
    # P1 must play the cards-to-be-played first (BP-5.9) and picks the A♣: its turn ends, and the 7♥ and 4♥ left in
    # its cards-to-be-played are placed on its table with no immediate effects (no 7♥ fee) but their continuous
    # effects apply (the 4♥); the turn goes on to P2 and P1 is never asked again in it.
    state = pos({"view:0": ["2♠"], "ctbp:0": ["A♣", "7♥", "4♥"]})
    assert deciding(state) == (0, "ctbp")
    act(state, "play_to_be_played", "A♣")
    assert names(state, "table:0") == ["A♣", "7♥", "4♥"] and names(state, "ctbp:0") == []
    assert [e["cause"] for e in state["events"] if e["t"] == "move" and e["to"] == "table:0"] == [
        "play",
        "placed",
        "placed",
    ]
    assert len(state["zones"]["stash:1"]) == 6 and len(state["zones"]["stash:0"]) == 6  # no fee was paid
    assert view_size(G, state, 0) == 6 and names(state, "view:0") == ["2♠"]
    assert public(state)["active"] == 1 and deciding(state) == (1, "play")
    assert [e["seat"] for e in state["events"] if e["t"] == "turn"] == [1]


def test_BP_25_4_BP_25_6_BP_25_7_ace_of_clubs_stops_its_players_effects():
    # 2♥ + 2♦ takes the A♣ and the 7♥ and replays them, the A♣ first: the A♣ ends P1's turn and stops the rest of
    # the pair's effect, so the 7♥ is never replayed (P2 pays no fee) and P1 keeps the 9♠ it had not played.
    state = pos({"view:0": ["2♥", "2♦", "9♠"], "table:1": ["A♣", "7♥"]})
    pair(state, "2♥", "2♦")
    act(state, "trade_two", cid(state, "table:1", "A♣"))
    act(state, "trade", cid(state, "table:1", "7♥"))
    assert deciding(state) == (0, "order")
    act(state, "replay", cid(state, "table:1", "A♣"))
    assert names(state, "table:0") == ["A♣", "7♥"] and names(state, "table:1") == ["2♥", "2♦"]
    assert [e["as"] for e in state["events"] if e["t"] == "resolve"] == ["A♣"]
    assert len(state["zones"]["stash:1"]) == 6 and names(state, "view:0") == ["9♠"]
    assert public(state)["active"] == 1 and deciding(state)[0] == 1


def test_BP_23_9_BP_23_10_a_pair_to_pass_is_chosen_card_by_card():
    state = pos({"view:0": ["Q♣", "2♦"], "table:0": ["7♥", "7♥", "7♥"]}, players=3)
    sevens = [cid(state, "table:0", "7♥", n) for n in range(3)]
    play(state, "Q♣")
    assert args_of(state, "pass_pair") == [(sevens[0],), (sevens[1],)]  # each pair by its first card
    assert labels(state)[-1] == "Pay 2 and pass the pair 7♥ + 7♥"  # the second 7♥ has one partner left
    act(state, "pass_pair", sevens[0])
    assert deciding(state) == (0, "pass") and args_of(state, "pass_pair") == [(sevens[1],), (sevens[2],)]
    act(state, "pass_pair", sevens[2])
    assert names(state, "table:0") == ["7♥"] and state["zones"]["table:0"] == [sevens[1]]
    assert names(state, "table:1") == ["Q♣", "7♥", "7♥"] and len(state["zones"]["pot"]) == 2


def test_BP_21_4_ten_of_spades_card_then_table_with_three_players():
    state = pos({"view:0": ["10♠", "2♦"], "table:0": ["7♥"]}, players=3)
    play(state, "10♠")
    assert labels(state) == ["Do not force a card", "Force 7♥ on P1's table"]
    act(state, "force_card", cid(state, "table:0", "7♥"))
    assert deciding(state) == (0, "force") and labels(state) == [
        "Force 7♥ on P1's table onto P2's table",
        "Force 7♥ on P1's table onto P3's table",
    ]
    act(state, "force_onto", 2)
    assert names(state, "table:2") == ["7♥"] and names(state, "table:0") == ["10♠"]


def test_BP_23_9_BP_23_10_BP_26_61_a_passed_nine_and_ten_pair_is_played_by_the_receiver():
    state = pos({"view:0": ["Q♣", "2♦"], "table:0": ["9♦", "10♣", "K♠"], "stash:1": ["3♣"]})
    play(state, "Q♣")
    assert labels(state)[-1] == "Pay 2 and pass the pair 9♦ + 10♣"
    act(state, "pass_pair")
    # P2 plays the pair onto the only other table, P1's: the two players exchange tables and stashes
    assert names(state, "stash:0") == ["3♣"] and {"9♦", "10♣"} <= set(names(state, "discard"))
    assert names(state, "table:0") == ["Q♣"] and names(state, "table:1") == ["K♠"]


# ----- a 10♦ being replayed is the card being played, not the Magic against it ------------------------------------


def _replay_with_four_of_diamonds(table, tiles=()):
    state = pos(
        {"view:0": ["4♦"], "table:0": table},
        {"tiles": [{"kind": "five", "zone": "table:0", "cards": list(t)} for t in tiles]},
    )
    play(state, "4♦")
    if deciding(state) == (0, "react"):  # the 4♦ itself may be stopped by the table's 10♦ (BP-21.13)
        apply(state, "let_it_arrive")
    assert deciding(state) == (0, "replay")
    return state


def test_BP_21_14_BP_15_6_BP_27_5_a_replayed_tile_in_effect_ten_of_diamonds_cannot_stop_itself():
    # the 5♣ + 9♦ tile is a 10♦ in effect, the only 10♦ of the table: it is the card being replayed
    state = _replay_with_four_of_diamonds(["5♣", "9♦", "7♠"], tiles=[("5♣", "9♦")])
    act(state, "replay", cid(state, "table:0", "5♣"))
    assert deciding(state) != (0, "react") or "magic_no_effect" not in ids(state)
    assert names(state, "table:0") == ["5♣", "9♦", "7♠"]
    assert tile_of(state, cid(state, "table:0", "5♣")) is not None  # the tile was replayed whole


def test_BP_21_14_BP_15_6_BP_27_5_a_replayed_ten_of_diamonds_is_stopped_only_by_another():
    alone = _replay_with_four_of_diamonds(["10♦", "7♠"])
    act(alone, "replay", cid(alone, "table:0", "10♦"))
    assert deciding(alone) != (0, "react") or "magic_no_effect" not in ids(alone)
    assert names(alone, "table:0") == ["10♦", "7♠"]
    two = _replay_with_four_of_diamonds(["10♦", "10♦", "7♠"])
    replayed, other = [c for c in two["zones"]["table:0"] if two["cards"][c] == "10♦"]
    act(two, "replay", replayed)
    assert deciding(two) == (0, "react") and "magic_no_effect" in ids(two)
    apply(two, "magic_no_effect")  # the other 10♦ is discarded; the replayed one arrives no-effect
    assert replayed in two["zones"]["table:0"] and other in two["zones"]["discard"]
    assert is_ne(G, two, replayed)


def test_BP_2_4_BP_12_6_powers_are_checked_card_data():
    """Every power and pair is data (cards.toml) checked against the effect vocabulary: one error names the file,
    the card and the field; every value in effect has exactly one power; every effect has a handler."""
    import copy

    import pytest

    from cardsmith.core.carddata import read_card_toml
    from cardsmith.core.errors import CardDataError
    from cardsmith.games.bpoker.cards import PAIRS, POWERS, parse_card_file
    from cardsmith.games.bpoker.effects import EFFECTS, UNIQUE
    from cardsmith.games.bpoker.steps.powers import PROGRAMS

    data = read_card_toml("cardsmith.games.bpoker")
    assert EFFECTS.missing_handlers() == []
    assert set(PROGRAMS["power"]) == set(POWERS) and set(PROGRAMS["pair_or_set"]) == set(PAIRS)
    shared = sum(
        not any(isinstance(e, UNIQUE) for e in p.effects) for p in [*POWERS.values(), *PAIRS.values()]
    )
    assert shared > (len(POWERS) + len(PAIRS)) / 2  # most cards are made of shared effects only

    def error(edit) -> str:
        broken = copy.deepcopy(data)
        edit(broken)
        with pytest.raises(CardDataError) as info:
            parse_card_file(broken, "cards.toml")
        return str(info.value)

    def seven_as_string(d):
        d["powers"][17]["effects"][0]["n"] = "two"

    msg = error(seven_as_string)
    assert "cards.toml" in msg and "'7♥, 7♠'" in msg and "'n'" in msg
    msg = error(lambda d: d["powers"][0]["effects"].append({"effect": "NO_SUCH_EFFECT"}))
    assert "cards.toml" in msg and "1 of Black" in msg and "NO_SUCH_EFFECT" in msg
    msg = error(lambda d: d["powers"][2].update(values=[]))  # the 1♣ loses its value: no power for it
    assert "no power for 1♣" in msg and "BP-2.4" in msg
    msg = error(lambda d: d["powers"][3]["values"].append("1♣"))  # two powers for one value
    assert "1♣" in msg and "'values'" in msg


def test_BP_21_15_BP_27_13_a_side_option_at_the_magic_question_then_asked_again():
    state = pos(
        {"view:0": ["9♥", "2♠"], "table:1": ["10♦", "3♣", "8♣", "K♠"]},
        {"marks": {"table:1": {"8♣": "wild"}}},
    )
    play(state, "9♥")
    act(state, "discard_from_table", cid(state, "table:1", "K♠"))
    assert deciding(state) == (1, "magic") and "neutralize" in verbs(state)
    act(state, "neutralize", cid(state, "table:1", "8♣"))  # P2 first discards the 3♣ and the wild
    assert sorted(names(state, "discard")) == ["3♣", "8♣"]
    assert deciding(state) == (1, "magic") and "neutralize" not in verbs(state)  # the same question again
    apply(state, "let_it_happen")
    assert names(state, "table:1") == ["10♦"] and "K♠" in names(state, "discard")

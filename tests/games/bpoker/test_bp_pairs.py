"""B-Poker scenario tests: card pairs and sets (section 26), joint effects (section 27) and the fixtures (section 29)."""

from __future__ import annotations

from tests.support.bpoker_helpers import (
    act,
    args_of,
    cid,
    deciding,
    declared,
    decline_all,
    names,
    pair,
    play,
    pos,
    public,
    refused,
    sets_offered,
    tile_names,
    tiles,
    verbs,
)
from tests.support.scenario import ids, labels

from cardsmith.core import apply, get_game, option_id, view
from cardsmith.games.bpoker.declare import can_hand, eligible
from cardsmith.games.bpoker.groups import pair_key
from cardsmith.games.bpoker.steps.hands import end_hand
from cardsmith.games.bpoker.table import (
    break_tile,
    counted,
    fee_size,
    is_ne,
    magic_units,
    mark_of,
    new_tile,
    tile_of,
)

G = get_game("bpoker")


def _pairs(state):
    return sets_offered(state)


def test_BP_26_1_BP_26_10_BP_26_11_BP_26_12_only_listed_groups_by_face():
    assert (
        pair_key(["7♠", "8♠"]) is None and pair_key(["4♦", "4♦"]) == "4d4d" and pair_key(["4♦", "4♠"]) == "44"
    )
    assert pair_key(["Joker", "Joker", "7♣"]) == "jj7" and pair_key(["Joker", "Joker"]) == "jokers"
    assert pair_key(["5♥", "5♥", "5♠"]) is None  # the third card is never a 5
    state = pos({"view:0": ["5♠", "7♣", "7♣"]})
    play(state, "5♠")
    # the follow-up is a single card: no pair is offered
    assert "add_to_set" not in verbs(state)


def test_BP_26_2_BP_26_3_BP_26_4_BP_26_5_BP_26_6_pairs_from_the_viewing_hand_as_one_play():
    state = pos({"view:0": ["7♥", "7♥"], "table:0": ["2♦", "3♦", "4♠", "6♥", "9♣", "K♠"]})
    assert ["7♥", "7♥"] in _pairs(state)
    pair(state, "7♥", "7♥")  # one play past the maximum
    assert len(state["zones"]["table:0"]) == 8 and public(state)["active"] == 1
    s2 = pos({"view:0": ["2♦"], "ctbp:1": ["7♥", "7♥"]})
    assert s2["zones"]["ctbp:1"] == []  # cards-to-be-played go one at a time, never as a pair
    assert not any(t["kind"] == "bh" for t in tiles(s2))


def test_BP_26_7_BP_26_8_BP_26_9_BP_26_82_BP_26_80_BP_26_81_qq_reverses_and_cards_lie_apart():
    state = pos({"view:0": ["Q♦", "Q♦", "2♠"]}, players=3)
    pair(state, "Q♦", "Q♦")
    assert public(state)["dir"] == -1 and names(state, "table:0").count("Q♦") == 2  # the Qs do not move
    act(state, "end_turn")
    assert public(state)["active"] == 2  # the next turn in the new direction


def test_BP_26_25_BP_26_26_BP_26_27_three_clubs_pair_no_hand():
    hand = ["2♥", "5♥", "9♥", "J♥", "K♥"]
    state = pos({"view:0": ["3♣", "3♣"], "table:0": hand}, {"decl": {"0": {"cards": hand}}})
    pair(state, "3♣", "3♣")
    assert declared(state, 0) is None and not can_hand(G, state, 0) and "declare" not in ids(state)


def test_BP_26_28_BP_26_29_four_four_takes_a_card_back():
    state = pos({"view:0": ["4♠", "4♥"], "table:0": ["9♣"]})
    pair(state, "4♠", "4♥")
    act(state, "take_back", cid(state, "table:0", "9♣"))
    assert "9♣" in names(state, "view:0")


def test_BP_26_30_BP_26_31_four_diamonds_pair_moves_the_declared_hand():
    # The declared hand holds a wild (declared as K♦) and a no-effect card: all five move, losing their marks.
    hand = ["K♠", "K♥", "9♣", "8♣", "7♦"]
    state = pos(
        {"view:0": ["4♦", "4♦", "2♠"], "table:0": hand + ["3♠"]},
        {
            "marks": {"table:0": {"8♣": "wild", "7♦": "ne"}},
            "decl": {"0": {"cards": hand, "wild": {"8♣": "K♦"}}},
        },
    )
    cards = list(declared(state, 0))
    pair(state, "4♦", "4♦")
    assert state["zones"]["ctbp:0"] == cards and names(state, "ctbp:0") == hand
    assert names(state, "table:0") == ["3♠", "4♦", "4♦"] and declared(state, 0) is None
    assert not any(str(c) in state["marks"] for c in cards)
    assert deciding(state) == (0, "ctbp") and len(ids(state)) == 5  # they must now be played one at a time


def test_BP_26_31_four_diamonds_pair_declares_first_or_moves_nothing():
    state = pos({"view:0": ["4♦", "4♦", "2♠"], "table:0": ["K♠", "K♥", "9♣", "7♦", "3♠", "Q♣"]})
    pair(state, "4♦", "4♦")
    assert deciding(state) == (
        0,
        "declare",
    )  # no declared hand: P1 declares now (the two 4♦s are on the table)
    labels = [o[1] for o in state["pending"]["options"]]
    assert labels[0] == "Declare best: K♠, K♥, Q♣, 4♦, 4♦"
    apply(state, "declare_best")
    assert names(state, "ctbp:0") == ["K♠", "K♥", "Q♣", "4♦", "4♦"]
    assert names(state, "table:0") == ["9♣", "7♦", "3♠"]
    short = pos({"view:0": ["4♦", "4♦", "2♠"], "table:0": ["K♠", "K♥"]})
    pair(short, "4♦", "4♦")  # four cards in all: no hand can be formed, nothing moves
    assert names(short, "table:0") == ["K♠", "K♥", "4♦", "4♦"] and names(short, "ctbp:0") == []
    assert deciding(short) == (0, "play")


def test_BP_26_32_BP_26_33_three_four_diamonds_move_the_table():
    state = pos({"view:0": ["4♦", "4♦", "4♦"], "table:0": ["9♣", "8♣"]}, {"marks": {"table:0": {"8♣": "ne"}}})
    pair(state, "4♦", "4♦", "4♦")
    assert names(state, "table:0")[0] == "8♣"  # the no-effect card stays
    assert "8♣" not in names(state, "ctbp:0")


def test_BP_26_39_BP_26_40_BP_26_41_BP_26_43_BP_26_44_BP_26_45_BP_26_46_BP_26_47_BP_26_55_six_six_six():
    state = pos({"view:0": ["6♣", "6♣", "6♣"], "table:0": ["K♠", "K♥", "9♣", "4♦", "A♠"]})
    pair(state, "6♣", "6♣", "6♣")
    tile = tiles(state)[0]
    assert tile["kind"] == "six" and counted(G, state, 0) == 5
    assert not any(c in eligible(G, state, 0) for c in tile["cards"])
    s2 = pos(
        {"view:0": ["K♣"], "table:0": ["6♣", "6♦", "6♠"]},
        {"tiles": [{"kind": "six", "zone": "table:0", "cards": ["6♣", "6♦", "6♠"]}]},
    )
    play(s2, "K♣")
    assert len(s2["zones"]["table:0"]) == 3  # the K♣ cannot affect it
    s3 = pos(
        {"view:0": ["J♠", "J♥"], "table:0": ["6♣", "6♦", "6♠"]},
        {"tiles": [{"kind": "six", "zone": "table:0", "cards": ["6♣", "6♦", "6♠"]}]},
    )
    pair(s3, "J♠", "J♥")
    assert len(tiles(s3)) == 1  # J+J does not affect it
    s4 = pos(
        {"view:0": ["2♦"], "table:1": ["6♣", "6♦", "6♠"]},
        {"tiles": [{"kind": "six", "zone": "table:1", "cards": ["6♣", "6♦", "6♠"]}]},
    )
    play(s4, "2♦")
    assert deciding(s4)[1] != "trade"  # 2s cannot affect it


def test_BP_26_48_BP_26_49_BP_26_50_BP_26_51_BP_26_52_BP_26_53_BP_26_54_six_six_six_trigger():
    state = pos(
        {"view:0": ["2♠", "7♥"], "table:0": ["6♣", "6♦", "6♠", "J♥"]},
        {
            "tiles": [{"kind": "six", "zone": "table:0", "cards": ["6♣", "6♦", "6♠"], "sd": ["6♣", "6♦"]}],
            "marks": {"table:0": {"J♥": "ne"}},
        },
    )
    tid = tiles(state)[0]["cards"][0]
    act(state, "upright_six", tid)
    assert len(tiles(state)[0]["sideways"]) == 1
    act(state, "turn_six", tid)
    assert deciding(state) == (0, "shaft") and "decline" in ids(state)
    act(state, "force", "7♥", 1)
    assert "7♥" in names(state, "table:1")
    break_tile(G, state, tile_of(state, tid), "test")
    assert sum(1 for c in names(state, "table:0") if c.startswith("6")) == 3
    assert sum(1 for c in state["zones"]["table:0"] if mark_of(state, c) == "ne") == 2


def test_BP_26_56_BP_26_58_holes_stay_tiled():
    state = pos({"view:0": ["7♣", "7♣", "2♠"]})
    pair(state, "7♣", "7♣")
    assert tiles(state)[0]["kind"] == "wh"


def test_BP_26_61_BP_26_62_BP_26_63_BP_26_64_BP_26_65_BP_26_66_nine_ten_swaps_places():
    state = pos(
        {
            "view:0": ["9♦", "10♣", "2♠"],
            "table:0": ["K♠"],
            "table:1": ["10♦", "A♠", "A♥", "A♦", "2♥", "3♥", "4♥"],
            "stash:1": ["5♣"],
        },
        {"decl": {"1": {"cards": ["A♠", "A♥", "A♦", "2♥", "3♥"]}}},
        players=3,
    )
    pair(state, "9♦", "10♣")
    assert deciding(state) == (0, "target")
    act(state, "swap_tables", 1)
    assert "K♠" in names(state, "table:1") and "10♦" in names(state, "table:0")
    assert names(state, "stash:0") == ["5♣"] and {"9♦", "10♣"} <= set(names(state, "discard"))
    assert public(state)["declared"] == [None, None, None]
    assert public(state)["active"] == 1  # P1 now holds 7 counted cards: the turn ended


def test_BP_26_67_BP_26_68_BP_26_69_BP_26_70_BP_26_72_ten_diamonds_lock():
    state = pos({"view:0": ["10♦", "7♣", "7♥", "2♠"]})
    pair(state, "10♦", "7♣")
    assert tiles(state)[0]["kind"] == "lock" and magic_units(G, state, 0) == []
    play(state, "7♥")
    assert "7♥" in names(state, "discard")  # blocked, with none of its effects
    assert len(state["zones"]["stash:1"]) == 6 and public(state)["plays"] == 2


def test_BP_26_73_BP_26_74_BP_26_75_BP_29_12_shield():
    state = pos(
        {"view:0": ["J♠", "J♥"], "table:0": ["5♥", "9♥", "8♣", "6♣", "6♦", "6♠"]},
        {
            "marks": {"table:0": {"8♣": "wild"}},
            "tiles": [
                {"kind": "five", "zone": "table:0", "cards": ["5♥", "9♥"]},
                {"kind": "six", "zone": "table:0", "cards": ["6♣", "6♦", "6♠"]},
            ],
        },
    )
    pair(state, "J♠", "J♥")
    assert len(tiles(state)) == 1  # the 5-tile broke, the 6+6+6 did not
    assert mark_of(state, cid(state, "table:0", "8♣")) == "wild_ne"
    assert all(is_ne(G, state, cid(state, "table:0", n)) for n in ("5♥", "9♥", "J♠", "J♥"))
    assert not public(state)["j_next"]


def test_BP_26_76_jjj_stays_tiled():
    state = pos({"view:0": ["J♠", "J♠", "J♠", "2♠"]})
    pair(state, "J♠", "J♠", "J♠")
    assert tiles(state)[0]["kind"] == "jjj" and fee_size(G, state, 1, 1) == 3


def test_BP_26_83_BP_26_84_BP_26_85_atomic_bomb():
    state = pos({"view:0": ["K♣", "K♣"], "table:1": ["10♦", "7♣"], "discard": ["2♥"]})
    pair(state, "K♣", "K♣")
    assert names(state, "table:1") == [] and names(state, "discard") == [] and "2♥" in names(state, "pot")


def test_BP_26_86_BP_26_87_BP_26_88_ace_pair_skips_the_next_turn():
    state = pos({"view:0": ["A♠", "A♥"]}, players=3)
    pair(state, "A♠", "A♥")
    assert public(state)["active"] == 2  # P2's turn was skipped whole


def test_BP_26_21_BP_29_13_scrap_proof_tiles_return_from_fpoker():
    state = pos({"view:0": ["Joker", "Joker", "7♠"]}, stash=8)
    pair(state, "Joker", "Joker", "7♠")
    z = state["zones"]["table:1"]
    for c in list(state["zones"]["view:1"])[:2]:
        state["zones"]["view:1"].remove(c)
        z.append(c)
    new_tile(state, "lock", list(z), 1)
    end_hand(G, state, 0, "test")
    assert len(state["zones"]["table:1"]) == 2 and public(state)["depth"] == 0


def test_BP_27_1_BP_27_2_BP_27_6_BP_27_7_BP_27_12_reflector():
    state = pos({"view:0": ["6♠", "7♥"], "table:1": ["6♦", "10♦"]})
    play(state, "6♠")
    act(state, "force", "7♥", 1)
    assert "reflect" in ids(state)
    apply(state, "reflect")
    decline_all(state, "let_it_arrive")
    assert "7♥" in names(state, "table:0") and len(state["zones"]["stash:0"]) == 8


def test_BP_27_11_BP_29_10_reflector_refused_against_king_of_clubs_with_one_pair():
    # One 6 and one 10♦ cannot reflect a K♣ (and neither Magic nor Tunnel may stop it): P2 is not even asked, and the
    # K♣ bombs P2's table, the 6 and the 10♦ included.
    state = pos({"view:0": ["6♠", "K♣"], "table:0": ["9♣"], "table:1": ["6♦", "10♦", "7♥"]})
    play(state, "6♠")
    act(state, "force", "K♣", 1)
    assert not any(e["t"] == "reflect" for e in state["events"])
    assert names(state, "table:1") == [] and sorted(names(state, "pot")) == ["10♦", "6♦", "7♥", "K♣"]
    assert names(state, "table:0") == ["9♣", "6♠"]


def test_BP_27_11_BP_27_12_BP_29_10_reflector_sends_back_king_of_clubs_with_two_pairs():
    state = pos({"view:0": ["6♠", "K♣"], "table:0": ["9♣"], "table:1": ["6♦", "10♦", "6♣", "10♦", "7♥"]})
    play(state, "6♠")
    act(state, "force", "K♣", 1)
    assert deciding(state) == (1, "react") and ids(state) == [
        "let_it_arrive",
        "reflect",
    ]  # no Magic, no Tunnel against a K♣
    apply(state, "reflect")
    # two full pairs are discarded, and the K♣ is forced back onto P1's table, where it bombs P1's table
    assert sorted(names(state, "discard")) == ["10♦", "10♦", "6♣", "6♦"]
    assert names(state, "table:1") == ["7♥"]
    assert sorted(names(state, "pot")) == ["6♠", "9♣", "K♣"] and names(state, "table:0") == []
    assert [e["seat"] for e in state["events"] if e["t"] == "resolve"] == [0]


def test_BP_27_3_BP_27_4_BP_27_5_card_in_effect_in_a_reflector():
    state = pos(
        {"view:0": ["6♠", "7♥"], "table:1": ["6♦", "5♠", "4♠", "3♠", "7♦"]},
        {"tiles": [{"kind": "five", "zone": "table:1", "cards": ["5♠", "4♠", "3♠", "7♦"]}]},
    )
    play(state, "6♠")
    act(state, "force", "7♥", 1)
    apply(state, "reflect")
    assert "7♦" in names(state, "discard") and tiles(state) == []  # the tile's last card went


def test_BP_27_8_BP_27_9_BP_27_10_reflected_queen_pass_goes_back():
    state = pos({"view:0": ["Q♣"], "table:0": ["7♥"], "table:1": ["6♦", "10♦"]})
    play(state, "Q♣")
    apply(state, "reflect")
    decline_all(state, "let_it_arrive")
    assert {"Q♣", "7♥"} <= set(names(state, "table:0"))


def test_BP_27_13_BP_27_14_BP_27_15_neutralization():
    state = pos({"view:0": ["2♠"], "table:0": ["3♣", "8♣"]}, {"marks": {"table:0": {"8♣": "wild"}}})
    opts = args_of(state, "neutralize")
    assert opts
    act(state, "neutralize", *opts[0])
    assert names(state, "table:0") == []


def test_BP_13_7_two_in_effect_moves_its_face_card():
    state = pos({"view:0": ["5♥", "3♠"], "table:1": ["7♣"]})
    play(state, "5♥")  # the 3♠ follows as a 2♠ in effect
    act(state, "trade", cid(state, "table:1", "7♣"))
    assert "3♠" in names(state, "table:1") and tiles(state) == []


def test_BP_21_15_BP_21_16_magic_cancels_a_trade():
    state = pos({"view:0": ["2♠"], "table:1": ["7♣", "10♦"]})
    play(state, "2♠")
    act(state, "trade", cid(state, "table:1", "7♣"))
    apply(state, "use_magic")
    assert "7♣" in names(state, "table:1") and "2♠" in names(state, "table:0")


def test_BP_21_22_BP_21_23_BP_21_25_BP_21_28_control_picks_plays():
    state = pos({"view:0": ["6♠", "10♦"], "view:1": ["6♥", "7♥"]}, players=3)
    play(state, "6♠")
    act(state, "force", "10♦", 1)
    act(state, "control_play", "6♥")
    # P2's 6 resolves: the controller picks the card and the table
    assert deciding(state) == (0, "shaft")
    act(state, "force", "7♥", 2)
    decline_all(state, "let_it_arrive")
    assert "7♥" in names(state, "table:2")


def test_BP_10_22_summary_shows_tiles_in_order():
    state = pos(
        {"view:0": ["2♠"], "table:0": ["5♣", "4♠", "2♣"]},
        {"tiles": [{"kind": "five", "zone": "table:0", "cards": ["5♣", "4♠", "2♣"]}]},
    )
    from cardsmith.core import view

    text = "\n".join(G.summarize(view(state, 1)))
    assert "{5-tile: 5♣ + 4♠ + 2♣ as 4♣}" in text and "direction of play left" in text
    rows = G.card_rows()
    from cardsmith.games.bpoker.cards import PAIRS, POWERS

    assert len(rows) == len(POWERS) + len(PAIRS) and all(rows[0].keys() == r.keys() for r in rows)
    refused(state, option_id("play", "K♣"))  # a card that is not in the viewing hand
    refused(state, option_id("play", "no such card"))


def test_BP_5_6_BP_26_4_a_set_is_chosen_card_by_card_then_played_as_one_play():
    state = pos({"view:0": ["Joker", "2♠", "Joker", "Joker"]})
    assert args_of(state, "add_to_set") == [("Joker",)]  # copies are one option; the 2♠ starts no set
    act(state, "add_to_set", "Joker")
    assert deciding(state) == (0, "set") and ids(state) == [option_id("add_to_set", "Joker")]
    assert labels(state) == ["Add Joker to Joker"] and public(state)["plays"] == 0  # nothing is played yet
    assert (
        "Joker" not in view(state, 1)["pending"]["prompt"]
    )  # the others learn the cards once they are played
    act(state, "add_to_set", "Joker")
    assert ids(state) == [option_id("add_to_set", "Joker"), "play_set"]  # two Jokers, or all three
    apply(state, "play_set")
    assert names(state, "view:0") == ["2♠", "Joker"] and public(state)["plays"] == 1  # one play of two cards
    assert names(state, "pot") == ["Joker", "Joker"]  # each resolved as a 1 of Black (BP-26.13)


def test_BP_5_6_BP_26_34_a_complete_set_is_still_asked_for_and_lies_in_its_order():
    state = pos({"view:0": ["7♠", "5♥", "5♥", "2♦"]})
    act(state, "add_to_set", "7♠")  # the third card first: the set still lies 5, 5, then the 7♠
    act(state, "add_to_set", "5♥")
    assert ids(state) == [option_id("add_to_set", "5♥")]
    act(state, "add_to_set", "5♥")
    assert deciding(state) == (0, "set") and ids(state) == ["play_set"]  # asked even with one way on
    apply(state, "play_set")
    assert tile_names(state) == [("set5", ["5♥", "5♥", "7♠"])]

"""B-Poker scenario tests: the fixtures of the card set requirements (section 29), one test each, and the dedicated
scenarios of the rules they cross (BP-16.22, BP-16.23, BP-21.23).

Every position is staged with ``pos`` (zone lists bottom card first) and driven through real plays and decisions.
"""

from __future__ import annotations

from tests.support.bpoker_helpers import (
    act,
    args_of,
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
    resolved,
    tile_names,
    tiles,
)
from tests.support.scenario import ids, labels

from cardsmith.core import apply, get_game, option_id, view
from cardsmith.games.bpoker.table import mark_of, tile_of

G = get_game("bpoker")


def _tiles(state: dict) -> list[tuple[str, list[str]]]:
    return sorted(tile_names(state))


def _resolved(state: dict) -> list[tuple[int, str]]:
    return [(e["seat"], e["as"]) for e in state["events"] if e["t"] == "resolve"]


# ----- BP-16.22, BP-16.23: a tile's card-in-effect passed as a Q ---------------------------------------------------


def test_BP_16_22_BP_16_23_queen_in_effect_pass_steps_in_order():
    # 5♥ + K♦ is a Q♦ in effect. (1) The K♦ is passed to P2, (2) P1 looks at P2's viewing hand, (3) the K♦ is played
    # at face value onto P2's table as forced by P1 and resolves as a K♦ for P2, (4) only then is the 5-tile broken:
    # while the K♦ resolves the 5♥ is still a tile (protected), so the only card the K♦ may discard is the 7♣.
    state = pos({"view:0": ["5♥", "K♦", "2♠"], "table:0": ["7♣"], "view:1": ["3♦", "9♠"], "table:1": ["4♠"]})
    play(state, "5♥")
    act(state, "follow", "K♦")
    assert _resolved(state) == [(0, "Q♦"), (1, "K♦")]
    assert [e[1] for e in view(state, 0)["zones"]["view:1"]] == ["3♦", "9♠"]  # the look
    moves = [(e["from"], e["to"]) for e in state["events"] if e["t"] == "move" and e["name"] == "K♦"]
    assert moves == [("view:0", "table:0"), ("table:0", "limbo"), ("limbo", "table:1"), ("table:1", "pot")]
    assert "K♦" in names(state, "pot") and "7♣" in names(state, "discard")
    assert names(state, "table:0") == ["5♥"] and tiles(state) == []  # step 4: the 5♥ is a card again
    kinds = [e["t"] for e in state["events"] if e["t"] in ("resolve", "break")]
    assert kinds == ["resolve", "resolve", "break"]
    assert deciding(state) == (0, "play")


# ----- BP-21.23, BP-29.11: Control and the 5's follow-up -------------------------------------------------------------


def _controlled_five(players: int, active: int) -> dict:
    """P1 controls P2 (its 10♦); P2 must play the 5♠ waiting in its cards-to-be-played, and P1 picks it (BP-21.22)."""
    return pos(
        {
            "view:0": [],
            "table:1": ["10♦"],
            "ctbp:1": ["5♠"],
            "view:1": ["9♥", "3♦"],
            "stash:0": ["2♣", "3♣", "4♣"],
        },
        {"ctrl": {"1": [0, "10♦"]}, "active": active},
        players=players,
    )


def test_BP_21_23_BP_29_11_controller_ends_own_turn_to_pick_the_five_follow_up():
    state = _controlled_five(2, 0)
    assert deciding(state) == (0, "ctbp")
    act(state, "play_to_be_played", "5♠")
    assert deciding(state) == (0, "control_five")
    assert labels(state) == ["End your turn to pick P2's follow-up", "Let them pick"]
    apply(state, "control_pick")
    assert public(state)["turn_over"] and deciding(state) == (0, "follow")  # P1 picks, from P2's viewing hand
    act(state, "follow", "9♥")
    # the 9♥ follows the black 5 on P2's table as a 10♥ in effect (Dump), forced there by P1
    assert names(state, "table:1") == ["10♦", "5♠", "9♥"] and _tiles(state) == [("five", ["5♠", "9♥"])]
    assert names(state, "ctbp:1") == ["3♦"] and names(state, "view:1") == []


def test_BP_21_23_BP_29_11_controller_turns_a_stash_card_outside_its_turn():
    state = _controlled_five(3, 2)  # P3's turn
    act(state, "play_to_be_played", "5♠")
    assert deciding(state) == (0, "control_five")
    assert labels(state)[0] == "Turn a stash card sideways to pick P2's follow-up"
    assert names(state, "stash:0") == ["2♣", "3♣"]  # the 5's fee took the top card
    apply(state, "control_pick")
    assert mark_of(state, cid(state, "stash:0", "2♣")) == "side"  # the bottom-most upright card
    assert mark_of(state, cid(state, "stash:0", "3♣")) is None and not public(state)["turn_over"]
    assert deciding(state) == (0, "follow")


def test_BP_21_23_BP_29_11_controlled_player_picks_when_the_controller_declines():
    state = _controlled_five(2, 0)
    act(state, "play_to_be_played", "5♠")
    apply(state, "let_them_pick")
    assert deciding(state) == (1, "follow") and not public(state)["turn_over"]
    assert not any(state["marks"].get(str(c)) == "side" for c in state["zones"]["stash:0"])


def test_BP_29_11_control_pick_and_a_shaft_table_choice():
    state = pos({"view:0": ["6♠", "10♦", "2♦"], "view:1": ["6♥", "7♥", "K♦"]}, players=3)
    play(state, "6♠")
    act(state, "force", "10♦", 1)
    assert deciding(state) == (
        0,
        "control",
    )  # the controller plays a card of P2's viewing hand onto P2's table
    assert [e[1] for e in view(state, 0)["zones"]["view:1"]] == ["6♥", "7♥", "K♦"]
    act(state, "control_play", "6♥")
    # P2's 6 resolves: the controller picks both the card and the table of its shaft
    assert deciding(state) == (0, "shaft")
    assert {seat for _card, seat in args_of(state, "force")} == {0, 1, 2}
    act(state, "force", "7♥", 2)
    assert names(state, "table:2") == ["7♥"] and names(state, "table:1") == ["10♦", "6♥"]
    assert public(state)["control"] == {}  # released once the controlled play's effects finished


# ----- BP-29.6: tiles broken by an 8 and by a K♠ ------------------------------------------------------------------


def test_BP_29_6_eight_breaks_a_protected_tile_but_not_a_one_suit_six_six_six():
    state = pos(
        {"view:0": ["8♣", "2♠"], "table:1": ["6♣", "6♣", "6♣", "6♦", "6♥", "6♠", "5♥", "9♥"]},
        {
            "tiles": [
                {"kind": "six", "zone": "table:1", "cards": ["6♣", "6♣", "6♣"]},
                {"kind": "six", "zone": "table:1", "cards": ["6♦", "6♥", "6♠"]},
                {"kind": "five", "zone": "table:1", "cards": ["5♥", "9♥"]},
            ]
        },
    )
    play(state, "8♣")
    apply(state, option_id("pay_eight_fee", 0))  # no fee: the 8 goes to the discard and a tile must be broken
    assert names(state, "discard") == ["8♣"] and deciding(state) == (0, "break")
    assert labels(state) == ["the tile 6♦ + 6♥ + 6♠ on P2's table", "the tile 5♥ + 9♥ on P2's table"]
    act(state, "break_tile", cid(state, "table:1", "5♥"))
    assert _tiles(state) == [("six", ["6♣", "6♣", "6♣"]), ("six", ["6♦", "6♥", "6♠"])]
    assert tile_of(state, cid(state, "table:1", "9♥")) is None


def test_BP_29_6_king_of_spades_discarding_part_of_a_five_tile_breaks_the_rest():
    hand = ["4♠", "A♥", "A♦", "A♣", "K♦"]
    state = pos(
        {"view:0": ["K♠", "2♠"], "table:0": ["5♠", "4♠", "A♥", "A♦", "A♣", "K♦"]},
        {
            "tiles": [{"kind": "five", "zone": "table:0", "cards": ["5♠", "4♠"]}],
            "decl": {"0": {"cards": hand}},
        },
    )
    play(state, "K♠")
    assert names(state, "discard") == hand and names(state, "table:0") == ["5♠", "K♠"]
    assert tiles(state) == [] and declared(state, 0) is None


# ----- BP-29.7: chained 5s ------------------------------------------------------------------------------------------


def test_BP_29_7_red_five_then_red_six_shifts_the_next_card_by_two():
    state = pos({"view:0": ["5♥", "6♥", "9♣", "2♠"]})
    play(state, "5♥")
    values = resolved(state)
    act(state, "follow", "6♥")  # a 5♥ in effect: its own fee and follow-up
    values += resolved(state)
    act(state, "follow", "9♣")  # two lower: a 7♣ in effect
    values += resolved(state)
    # the values in effect along the tile: the 5♥, the 6♥ as a 5♥, the 9♣ as a 7♣ (a shift of -2 from its face)
    assert tile_names(state) == [("five", ["5♥", "6♥", "9♣"])] and tiles(state)[0]["in_effect"] == "7♣"
    assert values == [(0, "5♥"), (0, "5♥"), (0, "7♣")]
    assert _resolved(state)[-1] == (0, "7♣") and len(state["zones"]["pot"]) == 4  # two rounds of 1-card fees
    assert len(state["zones"]["stash:0"]) == 6 - 2 - 2 and len(state["zones"]["stash:1"]) == 6 - 2 + 2


# ----- BP-29.8: forcing a 5 outside one's turn ----------------------------------------------------------------------


def test_BP_29_8_forcing_a_five_outside_ones_turn_turns_a_stash_card_sideways():
    # P1's shaft forces a 6 onto P2; P2's own shaft (outside P2's turn) forces the 5♣ onto P1 and picks its follow-up.
    state = pos({"view:0": ["6♠", "6♥", "2♦"], "view:1": ["5♣", "9♥"], "stash:1": ["2♣", "3♣"]})
    play(state, "6♠")
    act(state, "force", "6♥", 1)
    act(state, "force", "5♣", 0)
    assert deciding(state) == (1, "bundle")
    assert labels(state) == [
        "Let them pick the follow-up",
        "turn a stash card sideways and force 9♥ onto the 5",
    ]
    act(state, "bundle", "9♥")
    assert mark_of(state, cid(state, "stash:1", "2♣")) == "side"  # the bottom-most card, still in the stash
    assert names(state, "stash:1") == ["2♣"]  # the 5's fee then took the upright 3♣
    assert _tiles(state) == [("five", ["5♣", "9♥"])] and not public(state)["turn_over"]


def test_BP_29_8_forcing_a_five_outside_ones_turn_refused_when_every_stash_card_is_sideways():
    state = pos(
        {"view:0": ["6♠", "6♥", "2♦"], "view:1": ["5♣", "9♥"], "stash:1": ["2♣", "3♣"]},
        {"marks": {"stash:1": {"2♣": "side", "3♣": "side"}}},
    )
    play(state, "6♠")
    act(state, "force", "6♥", 1)
    act(state, "force", "5♣", 0)
    # no choice for P2: P1 follows the 5♣ from its own hand (the 2♦, a 3♦ in effect that turns wild)
    assert names(state, "table:0") == ["6♠", "5♣", "2♦"] and "9♥" in names(state, "view:1")
    assert known_wild(state, cid(state, "table:0", "2♦"))
    assert not any(e.get("cause") == "bundle" for e in state["events"])
    assert all(mark_of(state, c) == "side" for c in state["zones"]["stash:1"][:2])


# ----- BP-29.10: the Reflector against Q passes ---------------------------------------------------------------------


def test_BP_29_10_reflector_against_a_queen_of_clubs_pass():
    state = pos({"view:0": ["Q♣", "2♠"], "table:0": ["7♥"], "table:1": ["6♦", "10♦"]})
    play(state, "Q♣")  # the 7♥ goes with it (the only card it may pass)
    assert deciding(state) == (1, "react") and "reflect" in ids(state)
    apply(state, "reflect")
    # the 7♥ is forced back onto P1's table and the Q♣ goes back too, unplayed
    assert names(state, "table:0") == ["Q♣", "7♥"] and names(state, "table:1") == []
    assert _resolved(state) == [(0, "7♥")] and len(state["zones"]["stash:0"]) == 8


def test_BP_29_10_reflector_against_a_queen_in_effect_pass():
    # 5♦ + K♣ is a Q♣ in effect; it passes the 7♥. P2 reflects: P1 plays the 7♥, then the K♣ at face value, its
    # 5-tile already broken (BP-27.9, BP-27.10): the K♣ bombs P1's own table.
    state = pos({"view:0": ["5♦", "K♣", "2♠"], "table:0": ["7♥", "9♣"], "table:1": ["6♦", "10♦", "8♥"]})
    play(state, "5♦")
    apply(state, "let_it_happen")  # P2 lets the 5's fee happen
    act(state, "follow", "K♣")
    act(state, "pass_card", cid(state, "table:0", "7♥"))
    assert deciding(state) == (1, "react") and names(state, "limbo") == ["K♣", "7♥"]
    apply(state, "reflect")
    kinds = [e["t"] for e in state["events"] if e["t"] in ("reflect", "break", "resolve")]
    assert kinds == ["reflect", "break", "resolve", "resolve"] and _resolved(state) == [(0, "7♥"), (0, "K♣")]
    assert names(state, "table:0") == [] and sorted(names(state, "pot"))[-4:] == ["5♦", "7♥", "9♣", "K♣"]
    assert names(state, "table:1") == ["8♥"] and sorted(names(state, "discard")) == ["10♦", "6♦"]


# ----- BP-29.13: f_poker from Joker + Joker + 7 ---------------------------------------------------------------------


def test_BP_29_13_fpoker_pot_first_player_direction_and_winner_turn_without_a_win():
    hand0 = ["A♠", "A♥", "A♦", "K♠", "K♥"]  # a full house, declared: it beats P2's declared high card
    hand1 = ["2♣", "3♦", "4♠", "6♥", "8♣"]
    top_first = ["Q♦", "Q♦", "9♦", "2♠", "3♠", "7♣", "J♣", "4♥", "5♥", "10♠", "K♦", "K♦", "K♦", "K♦"]
    state = pos(
        {
            "view:0": ["Joker", "Joker", "7♠"],
            "table:0": hand0,
            "table:1": hand1,
            "view:1": ["Q♥"],
            "draw": list(reversed(top_first)),
        },
        {"dir": -1, "decl": {"0": {"cards": hand0}, "1": {"cards": hand1}}},
        stash=8,
    )
    pair(state, "Joker", "Joker", "7♠")
    # the f_pot: the set, then four stash cards of each player; P1 starts, in the game's direction
    assert names(state, "fpot")[:3] == ["Joker", "Joker", "7♠"] and len(state["zones"]["fpot"]) == 11
    assert public(state)["depth"] == 1 and public(state)["active"] == 0 and public(state)["dir"] == -1
    assert names(state, "table:0") == [] and names(state, "table:0:a1") == hand0
    assert sorted(names(state, "view:0")) == ["2♠", "3♠", "9♦", "Q♦", "Q♦"]  # a fresh viewing hand
    pair(state, "Q♦", "Q♦")  # f_poker's direction turns
    play(state, "9♦")  # and P1 wins the f_poker hand
    assert (
        public(state)["depth"] == 0 and public(state)["dir"] == 1
    )  # the outer game takes f_poker's direction
    assert len(state["zones"]["stash:0"]) == 4 + 11 and state["zones"]["fpot"] == []
    assert names(state, "table:0") == hand0 and declared(state, 0) is not None
    # the outer hand resumes with P1's turn, and P1's better declared hand does not win it in that turn's check
    assert hands_finished(state) == 0 and public(state)["active"] == 0 and deciding(state)[0] == 0
    assert [e["seat"] for e in state["events"] if e["t"] == "turn"] == [0]


# ----- BP-29.14: fixtures that cross several rules ------------------------------------------------------------------


def test_BP_29_14_queen_in_effect_five_of_diamonds_and_king_of_clubs():
    # 5♦ + K♣ is a Q♣ in effect: the K♣ goes to P2 with one card of P1's table (the 7♥); P2 plays the 7♥ (P1 pays
    # P2) and then the K♣ at face value, which bombs P2's table; then P1's 5-tile breaks up.
    state = pos({"view:0": ["5♦", "K♣", "2♠"], "table:0": ["7♥", "9♣"], "table:1": ["4♠", "8♥"]})
    play(state, "5♦")
    act(state, "follow", "K♣")
    assert deciding(state) == (0, "pass") and labels(state) == [
        "Pass 7♥ on P1's table",
        "Pass 9♣ on P1's table",
    ]
    act(state, "pass_card", cid(state, "table:0", "7♥"))
    assert _resolved(state) == [(1, "7♥"), (1, "K♣")]
    assert names(state, "table:1") == [] and names(state, "pot")[-4:] == ["4♠", "8♥", "7♥", "K♣"]
    assert names(state, "table:0") == ["9♣", "5♦"] and tiles(state) == []
    assert len(state["zones"]["stash:0"]) == 6 - 1 - 2 and len(state["zones"]["stash:1"]) == 6 + 2


def test_BP_29_14_one_of_hearts_takes_a_wild_out_of_a_tile():
    # P2's 5♠ + 2♥ is a 3♥ in effect, its 2♥ face down (BP-14.5). 5♥ + 5♥ + Joker is a 1♥: the wild goes to the pot
    # and the 5♠ left behind is a separate card again.
    state = pos(
        {"view:0": ["5♥", "5♥", "Joker", "2♠"], "table:1": ["5♠", "2♥", "7♣"]},
        {
            "tiles": [{"kind": "five", "zone": "table:1", "cards": ["5♠", "2♥"]}],
            "marks": {"table:1": {"2♥": "wild"}},
        },
    )
    pair(state, "5♥", "5♥", "Joker")
    assert _resolved(state) == [(0, "1♥")]
    assert names(state, "pot") == ["2♥"] and names(state, "table:1") == ["5♠", "7♣"]
    assert _tiles(state) == [("set5", ["5♥", "5♥", "Joker"])] and state["marks"] == {}


def test_BP_29_14_black_hole_fees_under_jjj_with_a_jack_and_an_eight_on_the_payers_table():
    def black_hole(jacks: list[str]) -> dict:
        return pos(
            {
                "view:0": ["2♠"],
                "table:0": ["J♥", "8♣"],
                "table:1": ["7♥", "7♥", *jacks],
                "stash:0": ["2♣"] * 10,
                "stash:1": ["3♣"] * 3,
            },
            {
                "phase": "tbegin",
                "tiles": [
                    {"kind": "bh", "zone": "table:1", "cards": ["7♥", "7♥"]},
                    {"kind": "jjj", "zone": "table:1", "cards": jacks},
                ],
            },
        )

    mixed = black_hole(["J♠", "J♠", "J♦"])  # (2 + 1 for the J♥ - 1 for the 8♣) x 2
    assert len(mixed["zones"]["stash:0"]) == 10 - 4 and len(mixed["zones"]["stash:1"]) == 3 + 4
    one_suit = black_hole(["J♠", "J♠", "J♠"])  # tripled
    assert len(one_suit["zones"]["stash:0"]) == 10 - 6 and len(one_suit["zones"]["stash:1"]) == 3 + 6
    assert [e["n"] for e in one_suit["events"] if e["t"] == "fee"] == [6] and deciding(one_suit) == (
        0,
        "play",
    )


def test_BP_29_14_magic_against_a_sevens_fee():
    state = pos({"view:0": ["7♥", "2♠"], "table:1": ["10♦"]}, players=3)
    play(state, "7♥")
    assert deciding(state) == (1, "magic")
    apply(state, "use_magic")  # P2's payment is cancelled; P3 still pays
    assert len(state["zones"]["stash:1"]) == 6 and len(state["zones"]["stash:2"]) == 4
    assert len(state["zones"]["stash:0"]) == 8 and names(state, "discard") == ["10♦"]


def test_BP_29_14_tunnel_with_three_players():
    state = pos({"view:0": ["6♠", "7♥", "2♦"], "table:1": ["6♦"], "view:1": ["2♣", "3♣"]}, players=3)
    play(state, "6♠")
    act(state, "force", "7♥", 1)
    assert deciding(state) == (1, "react") and ids(state) == [
        "let_it_arrive",
        option_id("tunnel", 2),
    ]  # never back to the forcer
    apply(state, option_id("tunnel", 2))
    assert names(state, "table:2") == ["7♥"] and names(state, "table:1") == []
    assert names(state, "pot") == ["2♣", "3♣"] and names(state, "discard") == ["6♦"]
    assert _resolved(state) == [(2, "7♥")]  # P3's 7♥: P1 and P2 pay P3
    assert len(state["zones"]["stash:2"]) == 10 and len(state["zones"]["stash:1"]) == 4


def test_BP_29_14_neutralization():
    state = pos(
        {"view:1": ["2♠"], "table:1": ["3♣", "8♣", "K♥"], "view:0": ["2♦"]},
        {"active": 1, "marks": {"table:1": {"8♣": "wild"}}},
    )
    assert args_of(state, "neutralize") == [(cid(state, "table:1", "8♣"),)]  # with the 3♣ of that table
    act(state, "neutralize", cid(state, "table:1", "8♣"))
    assert names(state, "table:1") == ["K♥"] and names(state, "discard") == ["3♣", "8♣"]
    assert deciding(state) == (1, "play")


def test_BP_29_14_card_in_effect_used_in_a_reflector():
    # 5♠ + 4♠ + 3♠ + 7♦ is a 10♦ in effect: with a 6 it makes a Reflector; the tile's last card is the one that goes
    state = pos(
        {"view:0": ["6♠", "7♥"], "table:1": ["6♦", "5♠", "4♠", "3♠", "7♦"]},
        {"tiles": [{"kind": "five", "zone": "table:1", "cards": ["5♠", "4♠", "3♠", "7♦"]}]},
    )
    play(state, "6♠")
    act(state, "force", "7♥", 1)
    assert deciding(state) == (1, "react") and "reflect" in ids(state)
    apply(state, "reflect")
    assert sorted(names(state, "discard")) == ["6♦", "7♦"] and tiles(state) == []
    assert names(state, "table:1") == ["5♠", "4♠", "3♠"] and "7♥" in names(state, "table:0")


def test_BP_29_14_ace_pair_passed_by_a_queen_of_spades():
    # P1's Q♠ passes the A♥ + A♠ (for a 2-card fee) to P3, the previous player, who plays them as a pair out of turn:
    # the next player after P3 is P1, whose turn is in progress, so it ends at once (BP-26.88) and P2 plays next.
    state = pos({"view:0": ["Q♠", "9♠", "2♦"], "table:0": ["A♥", "A♠"]}, players=3)
    play(state, "Q♠")
    assert labels(state)[-1] == "Pay 2 and pass the pair A♥ + A♠"
    act(state, "pass_pair")
    assert names(state, "table:2") == ["Q♠", "A♥", "A♠"] and len(state["zones"]["pot"]) == 2
    assert names(state, "view:0") == ["9♠", "2♦"]  # P1 could not play on
    assert public(state)["active"] == 1 and deciding(state) == (1, "play")
    assert [e["seat"] for e in state["events"] if e["t"] in ("turn", "skipped")] == [1]

"""B-Poker: a card the whole table saw face up and that then turns face down stays known to every seat (BP-1.4 as
amended by the game's rules guide), so a wild 3's beginning-of-turn trigger (BP-14.2, BP-14.3) tells nobody
anything they could not see: whether it fires, and who is asked next, follow from what every seat's view shows."""

from __future__ import annotations

from tests.support.bpoker_helpers import act, cid, deciding, pair, play, pos, unseen_by, views_through
from tests.support.scenario import ids

from cardsmith.core import apply, get_game, option_id, view
from cardsmith.games.bpoker.table import is_ne, is_wild, tile_of

G = get_game("bpoker")
SEATS = (0, 1, None)  # both players and a spectator


def _entry(state, seat, zone, card):
    """How ``seat`` sees ``card`` in ``zone``: [id, name, mark], or None / [None, None, mark] when hidden."""
    return view(state, seat)["zones"][zone][state["zones"][zone].index(card)]


def _to_p2_end_of_turn(state):
    """P1 ends its turn; P2 plays a 4♥ (nothing to ask) and is about to end its own turn."""
    apply(state, "end_turn")
    assert deciding(state) == (1, "play")
    play(state, "4♥")
    assert deciding(state) == (1, "play") and "end_turn" in ids(state)


def test_BP_14_1_BP_1_4_a_three_turned_face_down_stays_known_to_every_seat():
    state = pos({"view:0": ["3♥", "2♦"], "view:1": ["4♥"]})
    play(state, "3♥")
    three = cid(state, "table:0", "3♥")
    assert is_wild(G, state, three)  # BP-14.1: it is a wild now
    for seat in SEATS:
        entry = _entry(state, seat, "table:0", three)
        assert (
            entry[:2] == [three, "3♥"] and entry[2] is not None
        )  # face down, and everyone remembers its face
        assert three not in unseen_by(state, seat)
    assert "[wild 3♥]" in "\n".join(G.summarize(view(state, 1)))  # the terminal shows P2 what it remembers
    turned = [e for e in view(state, 1)["events"] if e["t"] == "mark" and e["card"] == three]
    assert turned and "3♥" in G.describe_event(turned[0], 1)


def test_BP_14_2_BP_14_3_whether_a_wild_three_fires_tells_nobody_anything_new():
    state = pos({"view:0": ["3♥", "2♦"], "view:1": ["4♥"]}, options={"table_max": 3})
    play(state, "3♥")
    three = cid(state, "table:0", "3♥")
    _to_p2_end_of_turn(state)
    for seat in SEATS:
        seen = views_through(state, "end_turn", seat, three)
        # the trigger fires at the beginning of P1's turn, and every seat sees it do so
        assert any(e["t"] == "three" and e["seat"] == 0 for e in seen[0]["events"])
        assert seen[0]["public"]["counted"][0] == 0  # BP-14.2: the 3 itself does not count this turn
        # no position this seat cannot tell from the real one gives it another view after the step
        assert all(v == seen[0] for v in seen[1:])


def test_BP_19_1_BP_1_4_an_eight_paid_wild_stays_known_and_its_face_decides_nothing_hidden():
    state = pos({"view:0": ["8♣", "2♦"], "view:1": ["4♥"]})
    play(state, "8♣")
    apply(state, option_id("pay_eight_fee", 1))
    eight = cid(state, "table:0", "8♣")
    assert is_wild(G, state, eight)
    for seat in SEATS:
        assert _entry(state, seat, "table:0", eight)[:2] == [eight, "8♣"]
    _to_p2_end_of_turn(state)
    # stashes and the draw pile hold 3♦s: were the wild's face hidden, it could have been one, and its trigger
    # would have told P2 so
    assert any(state["cards"][c] == "3♦" for c in unseen_by(state, 1))
    for seat in SEATS:
        seen = views_through(state, "end_turn", seat, eight)
        assert not any(e["t"] == "three" for e in seen[0]["events"])
        assert all(v == seen[0] for v in seen[1:])


def test_BP_19_7_BP_10_24_a_tile_card_turned_wild_by_an_eight_in_effect_stays_known_when_freed():
    # a red 5 makes the 9♦ an 8♦ in effect; paying 1 card turns the face card (the 9♦) face down inside the tile
    state = pos({"view:0": ["5♥", "9♦", "2♦"], "view:1": ["8♠", "4♥"]})
    play(state, "5♥")
    act(state, "follow", "9♦")
    assert deciding(state) == (0, "eight")
    apply(state, option_id("pay_eight_fee", 1))
    nine = cid(state, "table:0", "9♦")
    assert is_wild(G, state, nine)
    for seat in SEATS:
        assert _entry(state, seat, "table:0", nine)[:2] == [nine, "9♦"]
    apply(state, "end_turn")
    play(state, "8♠")  # P2 pays nothing, discards its 8 and breaks P1's 5-tile: the 9♦ is a lone wild now
    apply(state, option_id("pay_eight_fee", 0))
    if deciding(state) == (1, "break"):
        act(state, "break_tile", cid(state, "table:0", "5♥"))
    assert tile_of(state, nine) is None and is_wild(G, state, nine)
    for seat in SEATS:
        assert _entry(state, seat, "table:0", nine)[:2] == [nine, "9♦"]


def test_BP_26_73_BP_21_9_a_known_wild_made_no_effect_and_restored_stays_known():
    state = pos({"view:0": ["3♥", "J♥", "J♠", "10♣"], "view:1": ["4♥"]})
    play(state, "3♥")
    three = cid(state, "table:0", "3♥")
    pair(
        state, "J♥", "J♠"
    )  # BP-26.73: the Shield makes every card of its table no-effect, the wild 3 included
    assert is_wild(G, state, three) and is_ne(G, state, three)
    for seat in SEATS:
        assert _entry(state, seat, "table:0", three)[:2] == [three, "3♥"]
    play(state, "10♣")  # BP-21.9: every no-effect card of the table is normal again; the 3 is still a wild
    assert is_wild(G, state, three) and not is_ne(G, state, three)
    for seat in SEATS:
        assert _entry(state, seat, "table:0", three)[:2] == [three, "3♥"]

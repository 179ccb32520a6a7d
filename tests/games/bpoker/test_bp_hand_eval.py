"""B-Poker hand evaluator: the rules of sections 2 and 3 on hand-made hands, and the API's contract.

Cards are written as short strings here: rank ``1 2 .. 9 T J Q K A`` then suit ``c d h s``; a 1 has no suit
(``"1"``). The oracle comparison with ``treys`` is in ``test_bp_hand_eval_oracle.py``, the brute-force property
tests of wilds and 1s in ``test_bp_hand_eval_props.py``.
"""

from __future__ import annotations

import dataclasses
import itertools

import pytest

from cardsmith.games.bpoker.hand_eval import (
    CATEGORIES,
    BestHand,
    best_hand,
    best_score,
    category_of,
    clear_caches,
    decode_score,
    encode_score,
    score5,
)

RANKS = {"1": 1, "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14} | {str(r): r for r in range(2, 10)}
SUITS = {"c": 0, "d": 1, "h": 2, "s": 3}


def cards(text: str) -> list[tuple[int, int]]:
    """``"Ah Kh 1 2c"`` -> ``[(14, 2), (13, 2), (1, -1), (2, 0)]``."""
    out = []
    for word in text.split():
        out.append((1, -1) if word == "1" else (RANKS[word[0]], SUITS[word[1]]))
    return out


def s5(text: str) -> int:
    return score5(cards(text))


def witness_score(hand: list[tuple[int, int]], found: BestHand) -> int:
    """The score of the five cards a BestHand names (its real cards and its wilds at their declared values)."""
    return score5([hand[i] for i in found.used] + list(found.wild_values))


# ------------------------------------------------------------------------------------------------ BP-2.1, BP-2.2


def test_BP_2_1_ranks_run_1_below_2_up_to_A():
    assert s5("1 3d 4h 6s 8c") < s5("2c 3d 4h 6s 8c")
    order = ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]
    singles = [s5(f"{r}c 1 1 1 1") for r in order]  # four 1s with a kicker of each rank
    assert singles == sorted(singles) and len(set(singles)) == len(order)
    highs = [s5(f"{r}c {r}d {r}h 1 1") for r in order]  # r full of 1s
    assert highs == sorted(highs) and len(set(highs)) == len(order)
    assert s5("1 1 1 2c 2d") < s5("2c 2d 2h 1 1")  # 1s full of 2s loses to 2s full of 1s
    assert s5("Ac 1 1 1 1") > s5("Kc 1 1 1 1")  # four 1s: the kicker decides
    assert s5("1 1 1 1 2c") < s5("2c 2d 2h 2s 1")


def test_BP_2_1_an_ace_is_never_a_1():
    # A 1 and an Ace are different ranks: they do not pair, and A-1-2-3-4 is no straight.
    assert category_of(s5("Ac 1 7d 9h Js")) == "high card"
    assert category_of(s5("Ac 1 2d 3h 4s")) == "high card"
    assert category_of(best_score(cards("Ac 1 2d 3h 4s 9c Jd"))) == "high card"


def test_BP_2_2_a_joker_is_a_1_with_no_suit():
    assert category_of(s5("1 1 4c 4d 9s")) == "two pair"
    assert decode_score(s5("1 1 4c 4d 9s")) == ("two pair", (4, 1, 9))
    assert category_of(s5("1 1 1 1 1")) == "five of a kind"  # never a flush five (BP-3.6)


# ----------------------------------------------------------------------------------------------------- BP-3.5


CATEGORY_EXAMPLES = {
    "high card": "Ac Qd 9h 6s 3c",
    "pair": "9c 9d Ah 6s 3c",
    "two pair": "9c 9d 6h 6s Ac",
    "three of a kind": "9c 9d 9h 6s Ac",
    "straight": "5c 6d 7h 8s 9c",
    "flush": "2h 4h 6h 8h Th",
    "full house": "9c 9d 9h 6s 6c",
    "four of a kind": "9c 9d 9h 9s Ac",
    "straight flush": "5h 6h 7h 8h 9h",
    "five of a kind": "9c 9d 9h 9s 9c",
    "flush house": "9h 9h 9h 6h 6h",
    "flush five": "9h 9h 9h 9h 9h",
}


def test_BP_3_5_categories_rank_from_flush_five_down_to_high_card():
    assert tuple(CATEGORY_EXAMPLES) == CATEGORIES
    scores = [s5(text) for text in CATEGORY_EXAMPLES.values()]
    assert [category_of(s) for s in scores] == list(CATEGORIES)
    assert scores == sorted(scores) and len(set(scores)) == len(scores)
    # The weakest hand of each category beats the strongest of the one below.
    weakest_above = {
        "pair": "1 1 2c 3d 4h",
        "two pair": "1 1 2c 2d 3s",
        "three of a kind": "1 1 1 2c 3d",
        "straight": "1 2c 3d 4h 5s",
        "flush": "4h 3h 2h 2h 2h",  # 4 3 2 2 2 of one suit: the lowest flush that several decks allow
        "full house": "1 1 1 2c 2d",
        "four of a kind": "1 1 1 1 2c",
        "straight flush": "Ah 2h 3h 4h 5h",
        "five of a kind": "1 1 1 1 1",
        "flush house": "2h 2h 2h 3h 3h",
        "flush five": "2h 2h 2h 2h 2h",
    }
    strongest_below = {
        "pair": "Ac Kd Qh Js 9c",
        "two pair": "Ac Ad Kh Qs Jc",
        "three of a kind": "Ac Ad Kh Ks Qc",
        "straight": "Ac Ad Ah Ks Qc",
        "flush": "Tc Jd Qh Ks Ac",
        "full house": "Ah Ah Ah Kh Qh",  # three Aces of one suit and K Q: a flush
        "four of a kind": "Ac Ad Ah Ks Kc",
        "straight flush": "Ac Ad Ah As Kc",
        "five of a kind": "Th Jh Qh Kh Ah",
        "flush house": "Ac Ad Ah As Ac",
        "flush five": "Ah Ah Ah Kh Kh",
    }
    for name, low in weakest_above.items():
        assert category_of(s5(low)) == name, low
        assert s5(low) > s5(strongest_below[name]), name


def test_BP_3_5_counted_groups_first_then_kickers():
    assert s5("3c 3d 3h 2s 2c") > s5("2c 2d 2h As Ac")  # full house: the three decide first
    assert s5("Kc Kd 2h 2s 3c") > s5("Qc Qd Jh Js Ac")  # two pair: the higher pair first
    assert s5("Kc Kd 3h 3s 2c") > s5("Kc Kd 2h 2s Ac")  # then the lower pair
    assert s5("Kc Kd 3h 3s 5c") > s5("Kc Kd 3h 3s 4c")  # then the kicker
    assert s5("7c 7d Ah 3s 2c") > s5("7c 7d Kh Qs Jc")  # pair: then kickers from the top
    assert s5("7c 7d Ah 4s 2c") > s5("7c 7d Ah 3s 2c")
    assert s5("9c 9d 9h 9s 3c") > s5("9c 9d 9h 9s 2c")  # four of a kind: the kicker
    assert s5("9c 9d 9h 9s 2c") > s5("8c 8d 8h 8s Ac")
    assert s5("9c 9d 9h 9s 9c") > s5("8c 8d 8h 8s 8d") == s5("8h 8h 8s 8s 8c")
    assert s5("3h 3h 3h 2h 2h") > s5("2s 2s 2s As As")  # flush house: the three first


def test_BP_3_5_suits_never_break_ties():
    for text in CATEGORY_EXAMPLES.values():
        hand = cards(text)
        for shift in range(1, 4):
            moved = [(r, (s + shift) % 4) for r, s in hand]
            assert score5(moved) == score5(hand)
    assert s5("Ac Kd Qh Js 9c") == s5("As Kh Qd Jc 9s")
    assert best_score(cards("Ac Kd Qh Js 9c 2d 3h")) == best_score(cards("As Kh Qd Jc 9s 2c 3d"))


def test_BP_3_5_a_flush_with_equal_ranks_is_a_flush_compared_card_by_card():
    # Ruling (module docstring): several decks give flushes with pairs; they stay flushes, compared card by card.
    assert category_of(s5("Kh Kh 9h 5h 2h")) == "flush"
    assert category_of(s5("Kh Kh Kh 5h 2h")) == "flush"
    assert category_of(s5("Kh Kh 5h 5h 2h")) == "flush"
    assert s5("Ah Qh 9h 5h 2h") > s5("Kh Kh 9h 5h 2h") > s5("Kh Qh 9h 5h 2h")
    assert s5("Kh Kh Kh 5h 2h") > s5("Kh Kh Qh Qh Jh")
    assert s5("Kh Kh 9h 5h 2h") == s5("Ks Ks 9s 5s 2s")


def test_BP_3_5_five_suited_cards_that_are_four_of_a_kind_are_a_four_of_a_kind():
    assert category_of(s5("9h 9h 9h 9h Ah")) == "four of a kind"
    assert s5("9h 9h 9h 9h Ah") == s5("9c 9d 9h 9s Ac")
    assert category_of(best_score(cards("9h 9h 9h 9h Ah 2h 3h"))) == "four of a kind"


def test_BP_3_5_straights_and_straight_flushes_rank_by_their_top_card():
    tops = [
        s5(" ".join(f"{'A23456789TJQKA'[i]}{'chds'[i % 4]}" for i in range(t - 5, t))) for t in range(5, 15)
    ]
    assert tops == sorted(tops) and len(set(tops)) == len(tops)
    sf = [s5(" ".join(f"{'A23456789TJQKA'[i]}h" for i in range(t - 5, t))) for t in range(5, 15)]
    assert all(category_of(s) == "straight flush" for s in sf)
    assert sf == sorted(sf) and len(set(sf)) == len(sf)
    assert decode_score(s5("Th Jh Qh Kh Ah")) == ("straight flush", (14,))


# ----------------------------------------------------------------------------------------------------- BP-3.6


def test_BP_3_6_a_1_cannot_be_part_of_a_flush():
    # Four hearts and a 1 are no flush; with two more hearts at the table the flush uses them instead.
    assert category_of(s5("2h 5h 9h Kh 1")) == "high card"
    assert category_of(best_score(cards("2h 5h 9h Kh 1 1 3c"))) == "pair"
    assert category_of(best_score(cards("2h 5h 9h Kh 1 1 3h"))) == "flush"
    assert category_of(best_score(cards("1 2h 3h 4h 5h"))) == "straight"  # not a straight flush
    assert category_of(best_score(cards("1 1 2h 2h 2h 9c"))) == "full house"  # not a flush house
    # With wilds: a wild can join the hearts, but the 1 still cannot.
    found = best_hand(cards("1 2h 3h 4h 5h 9c"), 1)
    assert decode_score(found.score) == ("straight flush", (6,))
    assert found.used == (1, 2, 3, 4) and found.wild_values == ((6, 2),)
    assert category_of(best_score(cards("1 2h 3h 4h 9c"), 1)) == "straight"


def test_BP_3_6_1_2_3_4_5_is_a_straight_and_ties_A_2_3_4_5():
    low_one = s5("1 2c 3d 4h 5s")
    low_ace = s5("Ac 2c 3d 4h 5s")
    assert category_of(low_one) == category_of(low_ace) == "straight"
    assert low_one == low_ace  # both are the five-high straight (ruling in the module docstring)
    assert decode_score(low_one) == ("straight", (5,))
    assert low_one < s5("2c 3d 4h 5s 6c")
    assert low_one > s5("Ac Ad Ah 5s 4c")  # any straight beats three of a kind


def test_BP_3_6_the_ace_plays_high_and_also_low_but_straights_do_not_wrap():
    assert category_of(s5("Tc Jd Qh Ks Ac")) == "straight"
    assert category_of(s5("Ac 2d 3h 4s 5c")) == "straight"
    for text in ("Qc Kd Ah 2s 3c", "Kc Ad 2h 3s 4c", "Kc Ad 1 2s 3c", "Ac 1 2d 3h 4s"):
        assert category_of(s5(text)) == "high card", text
    assert category_of(s5("Ah 2h 3h 4h 5h")) == "straight flush"
    assert s5("Ah 2h 3h 4h 5h") < s5("2h 3h 4h 5h 6h")
    # A table with both a 1 and an Ace makes the five-high straight either way, and a 6 makes it six-high.
    assert best_score(cards("1 Ac 2d 3h 4s 5c 9d")) == s5("1 2d 3h 4s 5c")
    assert decode_score(best_score(cards("1 Ac 2d 3h 4s 5c 6d"))) == ("straight", (6,))


def test_BP_3_6_a_1_ranks_below_2_as_a_kicker_and_in_groups():
    assert s5("Kc Kd 9h 4s 1") < s5("Kc Kd 9h 4s 2c")
    assert s5("1 1 Kc Qd 9h") < s5("2c 2d 4h 5s 7c")
    assert s5("1 1 1 1 Ac") < s5("2c 2d 2h 2s 3c")


# ----------------------------------------------------------------------------------------------------- BP-3.7


def test_BP_3_7_hands_that_compare_equal_tie():
    pairs = [
        ("Ac Kd Qh Js 9c", "Ad Kc Qs Jh 9d"),
        ("1 2c 3d 4h 5s", "Ac 2d 3h 4s 5c"),
        ("9c 9d 9h 9s 9c", "9h 9h 9s 9s 9d"),
        ("1 1 7c 7d Kh", "1 1 7h 7s Kc"),
        ("Kh Kh 9h 5h 2h", "Kd Kd 9d 5d 2d"),
    ]
    for a, b in pairs:
        assert s5(a) == s5(b), (a, b)
        assert not s5(a) > s5(b) and not s5(b) > s5(a)
    # The best hand of a larger table ignores cards that do not play.
    assert best_score(cards("Ac Kd Qh Js 9c 2d 3h")) == best_score(cards("Ac Kd Qh Js 9c 2s 4h"))


# ----------------------------------------------------------------------------------------------------- BP-3.4


def test_BP_3_4_wilds_take_any_rank_2_to_A_and_any_suit_but_never_a_1():
    # One wild with four 1s: the wild cannot be a fifth 1, so it is an Ace kicker.
    found = best_hand(cards("1 1 1 1"), 1)
    assert (found.category, found.wild_values) == ("four of a kind", ((14, 3),))
    assert decode_score(found.score) == ("four of a kind", (1, 14))
    # Wilds can copy a card already held (several decks): K♥ K♥ and three wilds are a flush five of K♥.
    assert best_hand(cards("Kh Kh"), 3).score == s5("Kh Kh Kh Kh Kh")
    assert best_hand(cards("Kh Kh 2c"), 2).category == "four of a kind"
    assert decode_score(best_hand(cards("Kh Kh 2h"), 2).score) == ("flush house", (13, 2))
    assert best_hand(cards(""), 5) == best_hand(cards("2c 3d"), 5)
    assert best_hand(cards(""), 5).score == s5("Ac Ac Ac Ac Ac")
    assert best_hand(cards("Kh Kh"), 3).wild_values == ((13, 2),) * 3


def test_BP_3_4_the_best_use_of_wilds_by_category():
    examples = [
        ("Ah", 4, "flush five", (14,)),
        ("Ah Ah Ah Kh", 1, "flush house", (14, 13)),
        ("Ah Ac Ad As 2c", 1, "five of a kind", (14,)),
        ("9h Th Jh Kh 2c", 1, "straight flush", (13,)),
        ("2h 3h 4h 5h Ac", 1, "straight flush", (6,)),
        ("Ac Ad 9s 2c", 2, "four of a kind", (14, 9)),
        ("Kc Kd Qh Qs 3c", 1, "full house", (13, 12)),
        ("2h 7h 9h 4c Jc", 2, "flush", (14, 14, 9, 7, 2)),
        ("5c 6d 8h 9s 2c", 1, "straight", (9,)),
        ("Ac 2d 3h 4s 9s", 1, "straight", (5,)),
        ("Kc 9d 5h 2s", 1, "pair", (13, 9, 5, 2)),
    ]
    for text, w, name, ranks in examples:
        found = best_hand(cards(text), w)
        assert decode_score(found.score) == (name, ranks), text
        assert witness_score(cards(text), found) == found.score


def test_BP_3_4_a_wild_fills_the_low_place_of_the_five_high_straight_as_an_ace():
    found = best_hand(cards("2c 3d 4h 5s"), 1)
    assert decode_score(found.score) == ("straight", (6,))  # a 6 beats an Ace at the bottom
    found = best_hand(cards("2c 3d 4h 5s Kd Kh Kc"), 0)
    assert found.category == "three of a kind"
    found = best_hand(cards("1 3d 4h 5s"), 1)
    assert decode_score(found.score) == ("straight", (5,))  # the 1 stays at the bottom, the wild is a 2
    assert found.wild_values == ((2, 3),)
    found = best_hand(cards("1 3d 4h 5s 6c"), 1)
    assert decode_score(found.score) == ("straight", (7,))


def test_BP_3_4_more_than_five_wilds_help_no_more_than_five():
    for w in (5, 6, 9, 30):
        assert best_score([], w) == s5("Ah Ah Ah Ah Ah")
        assert best_score(cards("2c 3d 1"), w) == s5("Ah Ah Ah Ah Ah")
        assert len(best_hand(cards("2c"), w).wild_values) == 5


def test_BP_3_4_real_cards_are_preferred_to_wilds_when_they_tie():
    found = best_hand(cards("Ah Ah Ah Ah Ah"), 2)
    assert found.used == (0, 1, 2, 3, 4) and found.wild_values == ()
    found = best_hand(cards("Ac Kd Qh Js Tc"), 1)
    assert found.category == "straight" and found.wild_values == ()


# ------------------------------------------------------------------------------------------------- the API itself


def test_BP_3_1_best_hand_is_five_cards_and_none_below_five():
    assert best_hand(cards("Ac Kd Qh Js")) is None
    assert best_hand(cards("Ac Kd Qh"), 1) is None
    assert best_score(cards("Ac Kd Qh Js")) == -1
    assert best_score([], 4) == -1
    found = best_hand(cards("Ac Kd Qh"), 2)
    assert found is not None and len(found.used) + len(found.wild_values) == 5


def test_best_hand_names_cards_that_make_its_score():
    table = cards("Qh 1 Qh 7c Qd 1 2h 9h Th Jh 1 Kc 3s Ah 8h")
    for w in range(4):
        found = best_hand(table, w)
        assert found.score == best_score(table, w) == witness_score(table, found)
        assert len(set(found.used)) == len(found.used) and list(found.used) == sorted(found.used)
        assert len(found.used) + len(found.wild_values) == 5
        assert all(2 <= r <= 14 and 0 <= s <= 3 for r, s in found.wild_values)
        assert found.category == category_of(found.score)


def test_best_score_equals_best_hand_for_every_table_size():
    deck = [(1, -1)] * 2 + [(r, s) for r in range(2, 15) for s in range(4)]
    tables = [deck[i : i + n] for n in range(0, 16) for i in range(0, 40, 7)]
    for table in tables:
        for w in range(0, 7):
            found = best_hand(table, w)
            assert best_score(table, w) == (found.score if found else -1)


def test_best_of_seven_is_the_best_of_its_21_five_card_hands():
    deck = [(1, -1)] * 4 + [(r, s) for r in range(2, 15) for s in range(4)] * 2
    for start in range(0, len(deck) - 7, 3):
        table = deck[start : start + 7]
        expected = max(score5(list(five)) for five in itertools.combinations(table, 5))
        assert best_score(table) == expected
        clear_caches()
        assert best_score(table) == expected  # the same from an empty cache


def test_score5_is_score_of_the_only_hand():
    for text in CATEGORY_EXAMPLES.values():
        assert best_score(cards(text)) == s5(text) == best_hand(cards(text)).score


def test_score_encoding_round_trips():
    assert category_of(encode_score(CATEGORIES.index("full house"), (13, 4))) == "full house"
    assert decode_score(encode_score(CATEGORIES.index("full house"), (13, 4))) == ("full house", (13, 4))
    assert decode_score(s5("Ac Kd Qh Js 9c")) == ("high card", (14, 13, 12, 11, 9))
    assert decode_score(s5("9h 9h 9h 6h 6h")) == ("flush house", (9, 6))
    with pytest.raises(ValueError):
        encode_score(12, (2,))
    with pytest.raises(ValueError):
        encode_score(0, (15,))
    with pytest.raises(ValueError):
        category_of(-1)
    with pytest.raises(ValueError):
        category_of(12 << 20)


def test_bad_input_is_refused():
    for bad in ([(1, 2)] + cards("2c 3c 4c 5c"), [(15, 0)] * 5, [(5, 4)] * 5, [(0, -1)] * 5, [(7, -1)] * 5):
        with pytest.raises(ValueError):
            best_hand(bad)
    with pytest.raises(ValueError):
        best_hand(cards("2c 3c 4c 5c 6c"), -1)
    with pytest.raises(ValueError):
        best_score(cards("2c 3c 4c 5c 6c"), -1)
    with pytest.raises(ValueError):
        best_hand(cards("2c") * 16)
    with pytest.raises(ValueError):
        best_score(cards("2c") * 16)
    with pytest.raises(ValueError):
        score5(cards("2c 3c 4c 5c"))


def test_best_hand_is_frozen():
    found = best_hand(cards("Ac Kd Qh Js 9c"))
    with pytest.raises(dataclasses.FrozenInstanceError):
        found.score = 0  # type: ignore[misc]

"""The B-Poker evaluator against an outside oracle, ``treys``, on hands both can read: one 52-card deck, no 1s, no
wilds, where B-Poker's ranking (BP-3.5) is ordinary poker's.

Agreement is checked on every pair of hands at once: sort the hands by our score; then every two neighbours must
compare the same way in treys (lower treys rank = better): equal with equal, better with better. Along the sorted
list this chains to every pair, so one pass over N-1 neighbours checks all N(N-1)/2 pairs. The pairs that are
neighbours in the order the hands were drawn are counted too. A negative control shows the check catches evaluators
with deliberate mistakes.

The normal suite compares 200,000 random 5-card and 200,000 random 7-card hands and every one of the 7,462 distinct
5-card hand values; ``-m heavy`` adds all 2,598,960 5-card hands and 1,000,000 more 7-card hands.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence

import pytest
from treys import Card as TreysCard
from treys import Evaluator

from cardsmith.games.bpoker.hand_eval import CATEGORIES, best_score, category_of, clear_caches, score5

DECK = [(rank, suit) for rank in range(2, 15) for suit in range(4)]
TREYS = Evaluator()
_TREYS_CARD = {(r, s): TreysCard.new("..23456789TJQKA"[r] + "cdhs"[s]) for r, s in DECK}

Hand = list[tuple[int, int]]


def treys_rank(hand: Sequence[tuple[int, int]]) -> int:
    """treys' rank of 5 to 7 cards: 1 (royal flush) .. 7462 (7-5-4-3-2); lower is better."""
    return TREYS.evaluate([_TREYS_CARD[c] for c in hand], [])


def random_hands(size: int, count: int, seed: int) -> list[Hand]:
    rng = random.Random(seed)
    return [rng.sample(DECK, size) for _ in range(count)]


def disagreements(ours: Sequence[int], oracle: Sequence[int]) -> tuple[int, int]:
    """Pairs of hands ordered differently by two scorers where higher is better: (all pairs checked, disagreeing
    neighbours after sorting by ``ours``). Zero disagreeing neighbours means every pair agrees."""
    order = sorted(range(len(ours)), key=ours.__getitem__)
    bad = 0
    for i, j in itertools.pairwise(order):
        if (ours[i] == ours[j]) != (oracle[i] == oracle[j]) or (ours[i] < ours[j]) != (oracle[i] < oracle[j]):
            bad += 1
    return len(ours) * (len(ours) - 1) // 2, bad


def draw_order_disagreements(ours: Sequence[int], oracle: Sequence[int]) -> tuple[int, int]:
    """(consecutive pairs in draw order, how many of them the two scorers order differently)."""
    bad = sum(
        1
        for k in range(len(ours) - 1)
        if (ours[k] > ours[k + 1]) - (ours[k] < ours[k + 1])
        != (oracle[k] > oracle[k + 1]) - (oracle[k] < oracle[k + 1])
    )
    return len(ours) - 1, bad


def compare_with_treys(hands: list[Hand], evaluate: Callable[[Hand], int]) -> dict[str, int]:
    ours = [evaluate(h) for h in hands]
    oracle = [-treys_rank(h) for h in hands]  # negated: higher is better, as ours
    pairs, bad = disagreements(ours, oracle)
    neighbours, bad_neighbours = draw_order_disagreements(ours, oracle)
    return {
        "hands": len(hands),
        "pairs": pairs,
        "bad": bad,
        "draw_pairs": neighbours,
        "bad_draw_pairs": bad_neighbours,
        "values": len(set(ours)),
    }


# ------------------------------------------------------------------------------------------ the normal suite


def test_BP_3_5_agrees_with_treys_on_200000_random_5_card_hands():
    result = compare_with_treys(random_hands(5, 200_000, seed=1), score5)
    assert result["bad"] == 0 and result["bad_draw_pairs"] == 0, result
    assert result["values"] > 6000  # most of the 7,462 hand values are met


def test_BP_3_5_agrees_with_treys_on_200000_random_7_card_hands():
    clear_caches()  # every rank-count key is solved afresh, not read from an earlier test's cache
    result = compare_with_treys(random_hands(7, 200_000, seed=2), best_score)
    assert result["bad"] == 0 and result["bad_draw_pairs"] == 0, result
    assert result["values"] > 4000


def _every_5_card_value() -> list[Hand]:
    """One 5-card hand of each distinct value in one deck: each multiset of ranks (at most 4 of a rank) with mixed
    suits, and each set of 5 different ranks in one suit."""
    hands = []
    for ranks in itertools.combinations_with_replacement(range(2, 15), 5):
        if max(Counter(ranks).values()) <= 4:
            hands.append(
                [(r, i % 4) for i, r in enumerate(ranks)]
            )  # equal ranks sit together: distinct suits
    for ranks in itertools.combinations(range(2, 15), 5):
        hands.append([(r, 2) for r in ranks])
    return hands


# The number of distinct 5-card hand values of each category in one deck (standard poker combinatorics).
DISTINCT_VALUES = {
    "straight flush": 10,
    "four of a kind": 156,
    "full house": 156,
    "flush": 1277,
    "straight": 10,
    "three of a kind": 858,
    "two pair": 858,
    "pair": 2860,
    "high card": 1277,
}


def test_BP_3_5_agrees_with_treys_on_every_one_of_the_7462_hand_values():
    hands = _every_5_card_value()
    assert len(hands) == 7462
    result = compare_with_treys(hands, score5)
    assert result["bad"] == 0 and result["values"] == 7462, result
    assert sorted(-treys_rank(h) for h in hands) == list(range(-7462, 0))
    per_category = Counter(category_of(score5(h)) for h in hands)
    assert per_category == DISTINCT_VALUES


def test_treys_is_a_standard_evaluator():
    # The oracle itself: ranks 1..7462, royal flush best, 7-5-4-3-2 worst, the wheel the lowest straight, and the
    # class boundaries of standard poker.
    assert treys_rank([(14, 0), (13, 0), (12, 0), (11, 0), (10, 0)]) == 1
    assert treys_rank([(7, 0), (5, 1), (4, 2), (3, 3), (2, 0)]) == 7462
    wheel = treys_rank([(14, 0), (2, 1), (3, 2), (4, 3), (5, 0)])
    six_high = treys_rank([(6, 0), (2, 1), (3, 2), (4, 3), (5, 0)])
    trips = treys_rank([(14, 0), (14, 1), (14, 2), (13, 3), (12, 0)])
    assert six_high < wheel < trips
    assert treys_rank([(14, 0), (2, 0), (3, 0), (4, 0), (5, 0)]) == 10  # the lowest straight flush
    by_class = Counter(TREYS.class_to_string(TREYS.get_rank_class(r)) for r in range(1, 7463))
    assert by_class["Straight Flush"] + by_class["Royal Flush"] == 10
    assert by_class["Flush"] == 1277 and by_class["Pair"] == 2860 and by_class["Full House"] == 156


# ------------------------------------------------------------------------------------- the negative controls


def _flush_below_straight(hand: Hand) -> int:
    score = score5(hand)
    name = category_of(score)
    swap = {"flush": "straight", "straight": "flush"}
    return score if name not in swap else (score & 0xFFFFF) | (CATEGORIES.index(swap[name]) << 20)


def _wheel_is_ace_high(hand: Hand) -> int:
    score = score5(hand)
    if sorted(r for r, _ in hand) == [2, 3, 4, 5, 14]:
        return (score & ~0xFFFFF) | (14 << 16)
    return score


def _ignores_last_kicker(hand: Hand) -> int:
    return score5(hand) & ~0xF


def _best_of_first_five(hand: Hand) -> int:
    return score5(hand[:5])


def _suits_break_ties(hand: Hand) -> int:
    return score5(hand) * 4 + max(s for _, s in hand)


@pytest.mark.parametrize(
    ("mutant", "size"),
    [
        (_flush_below_straight, 5),
        (_wheel_is_ace_high, 5),
        (_ignores_last_kicker, 5),
        (_suits_break_ties, 5),
        (_best_of_first_five, 7),
    ],
)
def test_BP_3_5_the_oracle_check_catches_a_wrong_evaluator(mutant, size):
    hands = random_hands(size, 20_000, seed=3)
    assert compare_with_treys(hands, mutant)["bad"] > 0
    assert compare_with_treys(hands, score5 if size == 5 else best_score)["bad"] == 0


def test_BP_3_5_agrees_with_phevaluator_too():
    phevaluator = pytest.importorskip("phevaluator")
    hands = random_hands(7, 20_000, seed=4) + random_hands(5, 20_000, seed=5)
    ours = [best_score(h) for h in hands]
    theirs = [-phevaluator.evaluate_cards(*(4 * (r - 2) + s for r, s in h)) for h in hands]
    assert disagreements(ours, theirs)[1] == 0


# -------------------------------------------------------------------------------------------- -m heavy only


FIVE_CARD_HANDS_PER_CATEGORY = {
    "straight flush": 40,
    "four of a kind": 624,
    "full house": 3744,
    "flush": 5108,
    "straight": 10200,
    "three of a kind": 54912,
    "two pair": 123552,
    "pair": 1098240,
    "high card": 1302540,
}


@pytest.mark.heavy
def test_BP_3_5_agrees_with_treys_on_all_2598960_five_card_hands():
    hands = [list(h) for h in itertools.combinations(DECK, 5)]
    result = compare_with_treys(hands, score5)
    assert result["bad"] == 0 and result["values"] == 7462, result
    assert Counter(category_of(score5(h)) for h in hands) == FIVE_CARD_HANDS_PER_CATEGORY


@pytest.mark.heavy
def test_BP_3_5_agrees_with_treys_on_1000000_more_random_7_card_hands():
    clear_caches()
    result = compare_with_treys(random_hands(7, 1_000_000, seed=6), best_score)
    assert result["bad"] == 0 and result["bad_draw_pairs"] == 0, result

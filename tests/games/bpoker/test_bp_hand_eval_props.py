"""Property tests of the B-Poker evaluator with several decks, 1s and wilds, against brute force and against an
independent reference scorer.

- ``reference_value`` scores five cards straight from the wording of BP-3.5 and BP-3.6, written apart from the
  evaluator; ``score5`` must order every pair of hands as it does (duplicates and 1s included).
- ``brute_best`` tries every 5-card choice among the non-wild cards and every assignment of values to the wilds
  used (each of the 13 x 4 ranks 2-A and suits, BP-3.4); ``best_score`` and ``best_hand`` must reach the same best.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardsmith.games.bpoker.hand_eval import BestHand, best_hand, best_score, category_of, score5

Card = tuple[int, int]
ONE: Card = (1, -1)
WILD_VALUES: list[Card] = [(r, s) for r in range(2, 15) for s in range(4)]

# BP-3.5, high to low.
ORDER = [
    "flush five",
    "flush house",
    "five of a kind",
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "three of a kind",
    "two pair",
    "pair",
    "high card",
]


def reference_value(hand: Sequence[Card]) -> tuple[str, tuple[int, ...]]:
    """(category, tie-break ranks) of five cards, from the rules' words; compare with ``reference_key``."""
    ranks = sorted((r for r, _ in hand), reverse=True)
    suits = {s for _, s in hand}
    flush = len(suits) == 1 and suits != {-1}  # a 1 has no suit (BP-3.6)
    counts = Counter(ranks)
    groups = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    shape = sorted(counts.values(), reverse=True)
    top = 0
    if len(counts) == 5:
        for t in range(14, 4, -1):
            # t-4..t; for t = 5 that is 1-2-3-4-5, and the Ace also plays low in A-2-3-4-5.
            if set(ranks) == set(range(t - 4, t + 1)) or (t == 5 and set(ranks) == {14, 2, 3, 4, 5}):
                top = t
                break
    if shape == [5]:
        return ("flush five" if flush else "five of a kind"), groups
    if shape == [3, 2] and flush:
        return "flush house", groups
    if top and flush:
        return "straight flush", (top,)
    if shape == [4, 1]:
        return "four of a kind", groups
    if shape == [3, 2]:
        return "full house", groups
    if flush:
        return "flush", tuple(ranks)
    if top:
        return "straight", (top,)
    name = {(3, 1, 1): "three of a kind", (2, 2, 1): "two pair", (2, 1, 1, 1): "pair"}.get(
        tuple(shape), "high card"
    )
    return name, groups


def reference_key(hand: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    name, tie = reference_value(hand)
    return -ORDER.index(name), tie


def brute_best(cards: Sequence[Card], wilds: int) -> int:
    """The best score over every 5-card choice and every value of every wild used (-1 below five cards)."""
    best = -1
    cards = list(cards)
    for used_wilds in range(min(wilds, 5) + 1):
        if 5 - used_wilds > len(cards):
            continue
        for real in itertools.combinations(cards, 5 - used_wilds):
            for values in itertools.combinations_with_replacement(WILD_VALUES, used_wilds):
                score = score5(real + values)
                if score > best:
                    best = score
    return best


def check_best_hand(cards: Sequence[Card], wilds: int, expected: int) -> None:
    found = best_hand(cards, wilds)
    if expected < 0:
        assert found is None and best_score(cards, wilds) == -1
        return
    assert isinstance(found, BestHand)
    assert found.score == expected == best_score(cards, wilds)
    assert found.category == category_of(expected)
    assert len(found.used) + len(found.wild_values) == 5
    assert len(set(found.used)) == len(found.used) and all(0 <= i < len(cards) for i in found.used)
    assert len(found.wild_values) <= wilds
    assert all(2 <= r <= 14 and 0 <= s <= 3 for r, s in found.wild_values)  # never a 1 (BP-3.4)
    assert score5([cards[i] for i in found.used] + list(found.wild_values)) == expected


# --------------------------------------------------------------------------------------------------- strategies


@st.composite
def palettes(draw: st.DrawFn, with_one: bool = False) -> list[Card]:
    """The card values a table is drawn from: few ranks and suits, so that groups, flushes and straights are
    common; several decks, so every value may repeat."""
    kind = draw(st.sampled_from(["any", "few ranks", "low straight", "straight window"]))
    if kind == "any":
        ranks = list(range(1, 15))
    elif kind == "few ranks":
        ranks = draw(st.lists(st.integers(1, 14), min_size=1, max_size=5, unique=True))
    elif kind == "low straight":
        ranks = [1, 2, 3, 4, 5, 6, 14]
    else:
        low = draw(st.integers(2, 10))
        ranks = list(range(low, low + 5))
    if with_one and 1 not in ranks:
        ranks.append(1)
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
    return [ONE] * (1 in ranks) + [(r, s) for r in ranks if r != 1 for s in suits]


@st.composite
def tables(draw: st.DrawFn, max_total: int, max_wilds: int, min_wilds: int = 0, with_one: bool = False):
    wilds = draw(st.integers(min_wilds, max_wilds))
    palette = draw(palettes(with_one))
    n = draw(st.integers(max(0, min(5, max_total) - wilds), max_total - wilds))  # five cards in all, or more
    cards = draw(st.lists(st.sampled_from(palette), min_size=n, max_size=n))
    if with_one and n and ONE not in cards:
        cards[draw(st.integers(0, n - 1))] = ONE
    return cards, wilds


five_cards = palettes().flatmap(lambda p: st.lists(st.sampled_from(p), min_size=5, max_size=5))


def examples(n: int) -> settings:
    """``n`` examples, no deadline (a brute force takes tens of milliseconds)."""
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# ------------------------------------------------------------------------------------------------------ score5


@examples(400)
@given(five_cards, five_cards)
def test_BP_3_5_score5_orders_hands_as_the_rules_say(a, b):
    assert category_of(score5(a)) == reference_value(a)[0]
    sa, sb = score5(a), score5(b)
    ka, kb = reference_key(a), reference_key(b)
    assert (sa > sb) == (ka > kb) and (sa == sb) == (ka == kb)


def multi_deck_hands(count: int, seed: int) -> list[list[Card]]:
    """Random 5-card hands from several decks with 1s: half uniform, half from one or two suits and a few ranks
    (flushes, flush houses, flush fives, straights and groups)."""
    rng = random.Random(seed)
    values = [ONE] + WILD_VALUES
    hands = [[rng.choice(values) for _ in range(5)] for _ in range(count // 2)]
    for _ in range(count - count // 2):
        ranks = rng.sample(range(1, 15), rng.randint(2, 6))
        suits = rng.sample(range(4), rng.randint(1, 2))
        hands.append([ONE if r == 1 else (r, rng.choice(suits)) for r in rng.choices(ranks, k=5)])
    return hands


def reference_disagreements(scorer: Callable[[list[Card]], int], hands: list[list[Card]]) -> int:
    """Neighbours, after sorting by ``scorer``, that the reference orders differently (0: every pair agrees)."""
    keys = [reference_key(h) for h in hands]
    scores = [scorer(h) for h in hands]
    order = sorted(range(len(hands)), key=scores.__getitem__)
    return sum(
        1
        for i, j in itertools.pairwise(order)
        if (scores[i] == scores[j]) != (keys[i] == keys[j]) or (scores[i] < scores[j]) != (keys[i] < keys[j])
    )


def test_BP_3_5_score5_orders_100000_random_multi_deck_hands_as_the_rules_say():
    hands = multi_deck_hands(100_000, seed=7)
    assert reference_disagreements(score5, hands) == 0
    assert {category_of(score5(h)) for h in hands} == set(ORDER)


def _ones_are_aces(hand: list[Card]) -> int:
    return score5([(14, 0) if c == ONE else c for c in hand])


def _flushes_with_pairs_are_pairs(hand: list[Card]) -> int:
    score = score5(hand)
    if category_of(score) == "flush" and len({r for r, _ in hand}) < 5:
        first_rank, first_suit = hand[0]
        return score5([(first_rank, (first_suit + 1) % 4), *hand[1:]])
    return score


def test_BP_3_6_the_reference_check_catches_a_wrong_score5():
    # Negative controls: evaluators that read a 1 as an Ace, or that break up flushes holding a pair, are caught.
    hands = multi_deck_hands(20_000, seed=8)
    assert reference_disagreements(_ones_are_aces, hands) > 0
    assert reference_disagreements(_flushes_with_pairs_are_pairs, hands) > 0
    assert reference_disagreements(score5, hands) == 0


# ----------------------------------------------------------------------------------------- wilds, brute force


@examples(300)
@given(tables(max_total=7, max_wilds=2))
def test_BP_3_4_best_hand_with_up_to_two_wilds_matches_brute_force(table):
    cards, wilds = table
    check_best_hand(cards, wilds, brute_best(cards, wilds))


@examples(200)
@given(tables(max_total=7, max_wilds=2, with_one=True))
def test_BP_3_6_best_hand_with_1s_matches_brute_force(table):
    cards, wilds = table
    check_best_hand(cards, wilds, brute_best(cards, wilds))


@examples(150)
@given(tables(max_total=11, max_wilds=1))
def test_BP_3_4_larger_tables_with_one_wild_match_brute_force(table):
    cards, wilds = table
    check_best_hand(cards, wilds, brute_best(cards, wilds))


@examples(60)
@given(tables(max_total=15, max_wilds=0))
def test_BP_3_5_tables_of_up_to_15_cards_match_brute_force(table):
    cards, wilds = table
    check_best_hand(cards, wilds, brute_best(cards, wilds))


@examples(15)
@given(tables(max_total=6, max_wilds=3, min_wilds=3))
def test_BP_3_4_three_wilds_match_brute_force(table):
    cards, wilds = table
    check_best_hand(cards, wilds, brute_best(cards, wilds))


@examples(300)
@given(tables(max_total=20, max_wilds=7, min_wilds=1))
def test_BP_3_4_a_wild_is_worth_the_best_of_the_52_values_it_may_take(table):
    # Declaring one wild is adding one of 52 cards (BP-3.4): with w wilds the best hand is the best, over those
    # 52 cards, of the table with that card added and w - 1 wilds. With the brute-force checks of tables without
    # wilds (up to 15 cards), this checks any number of wilds on tables of any size, by induction on w.
    cards, wilds = table
    cards = cards[:14]
    expected = max(best_score([*cards, value], wilds - 1) for value in WILD_VALUES)
    check_best_hand(cards, wilds, expected)


def test_BP_3_4_the_brute_force_check_catches_a_wrong_wild_search():
    # Negative control: a search that always declares wilds as Aces of spades misses what brute force finds.
    def aces_of_spades(cards: list[Card], wilds: int) -> int:
        return best_score([*cards, *[(14, 3)] * wilds])

    tables = [
        ([(9, 2), (10, 2), (11, 2), (13, 2), (2, 0)], 1),  # a straight flush needs the wild as the Q♥
        ([(7, 0), (7, 1), (7, 2), (2, 3)], 1),  # four 7s need the wild as a 7
        ([(14, 2), (14, 2), (14, 2), (14, 2)], 1),  # a flush five needs the wild as the A♥, not the A♠
    ]
    assert [aces_of_spades(c, w) == brute_best(c, w) for c, w in tables] == [False, False, False]
    for c, w in tables:
        check_best_hand(c, w, brute_best(c, w))


# -------------------------------------------------------------------------------------------------- invariants


@examples(200)
@given(tables(max_total=15, max_wilds=6), st.randoms(use_true_random=False))
def test_BP_3_5_order_of_cards_and_names_of_suits_do_not_matter(table, rng):
    cards, wilds = table
    score = best_score(cards, wilds)
    shuffled = list(cards)
    rng.shuffle(shuffled)
    relabel = list(range(4))
    rng.shuffle(relabel)
    renamed = [(r, s if s < 0 else relabel[s]) for r, s in shuffled]
    assert best_score(shuffled, wilds) == best_score(renamed, wilds) == score
    found = best_hand(cards, wilds)
    assert (found.score if found else -1) == score


@examples(200)
@given(tables(max_total=14, max_wilds=4), st.sampled_from([ONE] + WILD_VALUES))
def test_BP_3_4_one_more_card_or_wild_never_lowers_the_best_hand(table, extra):
    cards, wilds = table
    score = best_score(cards, wilds)
    assert best_score([*cards, extra], wilds) >= score
    assert best_score(cards, wilds + 1) >= score
    if extra != ONE:  # a wild can copy any card but a 1 (BP-3.4); four 1s and a 1 beat four 1s and a wild
        assert best_score(cards, wilds + 1) >= best_score([*cards, extra], wilds)

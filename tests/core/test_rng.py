"""The in-state SplitMix64 generator: determinism, ranges, permutations, weights, and pinned values."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from itertools import permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardsmith.core import rng
from cardsmith.core.observe import shuffle_with

GOLDEN = 0x9E3779B97F4A7C15
MASK = (1 << 64) - 1
words = st.integers(min_value=0, max_value=MASK)
seeds = st.one_of(st.integers(), st.text(max_size=20))


def fresh(seed):
    return {"rng": rng.seed_word(seed)}


def test_splitmix64_reference_vector():
    # The published SplitMix64 outputs for state 0: any change to the mixer would break every recorded game.
    state = {"rng": 0}
    assert [rng.next_word(state) for _ in range(4)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
        0xF88BB8A8724C81EC,
    ]
    assert state["rng"] == (4 * GOLDEN) & MASK


def test_seed_word_is_pinned():
    assert rng.seed_word(0) == 0x18481F447BBD0397
    assert rng.seed_word("cardsmith") == int.from_bytes(
        hashlib.sha256(b"cardsmith-seed:cardsmith").digest()[:8], "big"
    )
    state = fresh(42)
    assert [rng.below(state, 100) for _ in range(8)] == [80, 16, 23, 78, 21, 6, 40, 36]
    items = list(range(10))
    rng.shuffle(fresh(42), items)
    assert items == [2, 4, 3, 6, 0, 7, 5, 9, 1, 8]


def test_seed_word_of_an_int_equals_that_of_its_decimal_text():
    # A seed typed on the command line ("7") and the same seed stored as a number (7) give the same game.
    assert rng.seed_word(7) == rng.seed_word("7")
    assert rng.seed_word(-3) == rng.seed_word("-3")
    assert rng.seed_word(2**200) == rng.seed_word(str(2**200))
    # ... but only the exact decimal text does.
    assert rng.seed_word("07") != rng.seed_word(7)
    assert rng.seed_word(" 7") != rng.seed_word(7)


@given(seeds)
def test_seed_word_is_a_64_bit_word(seed):
    word = rng.seed_word(seed)
    assert 0 <= word <= MASK
    assert word == rng.seed_word(seed)


def test_different_seeds_give_different_streams():
    streams = {tuple(rng.next_word(s) for _ in range(3)) for s in (fresh(n) for n in range(200))}
    assert len(streams) == 200
    assert rng.seed_word("a") != rng.seed_word("b")


@given(seeds)
def test_same_seed_same_stream(seed):
    a, b = fresh(seed), fresh(seed)
    assert [rng.next_word(a) for _ in range(20)] == [rng.next_word(b) for _ in range(20)]
    assert a == b


@given(words, st.integers(min_value=1, max_value=2**80))
def test_below_is_in_range_and_draws_one_word(word, n):
    state = {"rng": word}
    value = rng.below(state, n)
    assert 0 <= value < n
    assert state["rng"] == (word + GOLDEN) & MASK


@given(words)
def test_below_one_is_zero(word):
    assert rng.below({"rng": word}, 1) == 0


@pytest.mark.parametrize("n", [0, -1, -(2**70)])
def test_below_refuses_an_empty_range(n):
    state = {"rng": 5}
    with pytest.raises(ValueError, match="n >= 1"):
        rng.below(state, n)
    assert state == {"rng": 5}


def test_below_covers_its_range_evenly():
    state = fresh("even")
    counts = Counter(rng.below(state, 6) for _ in range(6000))
    assert sorted(counts) == list(range(6))
    assert all(850 <= c <= 1150 for c in counts.values()), counts


@given(words, st.lists(st.integers(), max_size=40))
def test_shuffle_is_a_permutation_drawing_one_word_per_position_but_the_first(word, items):
    state = {"rng": word}
    shuffled = list(items)
    rng.shuffle(state, shuffled)
    assert sorted(shuffled) == sorted(items)
    assert state["rng"] == (word + GOLDEN * max(len(items) - 1, 0)) & MASK


@given(words, st.lists(st.integers(), max_size=20))
def test_shuffle_is_deterministic(word, items):
    a, b = list(items), list(items)
    rng.shuffle({"rng": word}, a)
    rng.shuffle({"rng": word}, b)
    assert a == b


@given(words, st.lists(st.integers(), max_size=60))
def test_shuffle_is_the_documented_fisher_yates_over_below(word, items):
    expected, state = list(items), {"rng": word}
    for i in range(len(expected) - 1, 0, -1):
        j = rng.below(state, i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    shuffled, other = list(items), {"rng": word}
    rng.shuffle(other, shuffled)
    assert shuffled == expected
    assert other == state


def test_shuffle_reaches_every_order():
    seen = set()
    for seed in range(300):
        items = [0, 1, 2]
        rng.shuffle(fresh(seed), items)
        seen.add(tuple(items))
    assert seen == set(permutations([0, 1, 2]))


@given(words, st.lists(st.integers(min_value=0, max_value=5), min_size=1, max_size=12))
def test_choice_index_never_picks_a_zero_weight(word, weights):
    if sum(weights) == 0:
        weights = [*weights, 1]
    state = {"rng": word}
    for _ in range(5):
        index = rng.choice_index(state, weights)
        assert 0 <= index < len(weights)
        assert weights[index] > 0


def test_choice_index_follows_the_weights():
    state = fresh("weights")
    counts = Counter(rng.choice_index(state, [0, 1, 3, 0]) for _ in range(4000))
    assert set(counts) == {1, 2}
    assert 2800 <= counts[2] <= 3200, counts
    assert rng.choice_index(fresh(1), [0, 0, 7]) == 2


@pytest.mark.parametrize("weights", [[], [0], [0, 0, 0]])
def test_choice_index_refuses_weights_without_a_positive_sum(weights):
    with pytest.raises(ValueError, match="positive sum"):
        rng.choice_index(fresh(0), weights)


def test_choice_index_refuses_negative_weights():
    state = {"rng": rng.seed_word(1)}
    with pytest.raises(ValueError, match="not be negative"):
        rng.choice_index(state, [2, -1, 3])


@given(st.integers(min_value=0, max_value=2**64), st.lists(st.integers(), max_size=60))
def test_the_belief_sampler_shuffles_as_the_standard_library_does_with_the_same_generator(seed, items):
    """shuffle_with(Random(seed).getrandbits, ...) is Random(seed).shuffle: the same order and the same draws after."""
    ours, theirs = random.Random(seed), random.Random(seed)
    mine, expected = list(items), list(items)
    shuffle_with(ours.getrandbits, mine)
    theirs.shuffle(expected)
    assert mine == expected
    assert ours.getrandbits(64) == theirs.getrandbits(64)

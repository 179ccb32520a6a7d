"""The statistics helpers: intervals checked against hand computations, and properties that must hold for any data."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardsmith.sim.stats import (
    Z95,
    bonferroni_z,
    mcnemar_p_value,
    paired_difference,
    paired_proportion_difference,
    wilson_interval,
    z_for,
)


def test_paired_difference_matches_a_hand_computation():
    # differences 1, 0, 0, 1, 0: mean 0.4, sample variance (2 * 0.36 + 3 * 0.16) / 4 = 0.3
    est = paired_difference([1, 1, 0, 1, 0], [0, 1, 0, 0, 0])
    se = math.sqrt(0.3 / 5)
    assert est.estimate == pytest.approx(0.4)
    assert est.low == pytest.approx(0.4 - 1.959963984540054 * se)
    assert est.high == pytest.approx(0.4 + 1.959963984540054 * se)
    assert (est.low, est.high) == (pytest.approx(-0.08010, abs=1e-5), pytest.approx(0.88010, abs=1e-5))
    # the paired z-test: z = 0.4 / se = 1.633, two-sided p = 0.1025
    assert est.p_value == pytest.approx(0.10247, abs=1e-4)


def test_paired_turns_difference_by_hand():
    est = paired_difference([10, 12, 9, 15], [8, 12, 10, 11])  # differences 2, 0, -1, 4: mean 1.25
    var = ((2 - 1.25) ** 2 + 1.25**2 + 2.25**2 + 2.75**2) / 3
    half = Z95 * math.sqrt(var / 4)
    assert (est.estimate, est.low, est.high) == pytest.approx((1.25, 1.25 - half, 1.25 + half))


def test_mcnemar_exact_values():
    # 1 discordant pair for A and 6 for B: 2 * P(X <= 1), X ~ Bin(7, 1/2) = 2 * 8 / 128
    assert mcnemar_p_value(1, 6) == pytest.approx(16 / 128)
    assert mcnemar_p_value(6, 1) == pytest.approx(16 / 128)
    assert mcnemar_p_value(3, 3) == 1.0
    assert mcnemar_p_value(0, 0) == 1.0
    assert mcnemar_p_value(0, 10) == pytest.approx(2 / 1024)


def test_paired_proportion_uses_mcnemar():
    a = [True] * 6 + [False] * 4
    b = [False] * 6 + [True] * 1 + [False] * 3
    est = paired_proportion_difference(a, b)
    assert est.estimate == pytest.approx(0.6 - 0.1)
    assert est.p_value == pytest.approx(mcnemar_p_value(6, 1))


def test_degenerate_samples():
    assert paired_difference([], []).p_value == 1.0
    same = paired_difference([3, 3, 3], [1, 1, 1])
    assert (same.estimate, same.low, same.high, same.p_value) == (2, 2, 2, 0.0)
    with pytest.raises(ValueError):
        paired_difference([1], [1, 2])


def test_quantiles():
    assert z_for(0.95) == pytest.approx(Z95)
    assert bonferroni_z(1) == pytest.approx(Z95)
    assert bonferroni_z(10) == pytest.approx(z_for(0.995))


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 500), st.integers(0, 500))
def test_wilson_contains_the_rate_and_stays_in_0_1(successes, extra):
    trials = successes + extra
    lo, hi = wilson_interval(successes, trials)
    if trials == 0:
        assert (lo, hi) == (0.0, 0.0)
        return
    assert 0.0 <= lo <= successes / trials <= hi <= 1.0
    assert (lo == 0.0) == (successes == 0)
    assert (hi == 1.0) == (extra == 0)
    wider = wilson_interval(successes, trials, z=3.0)
    assert wider[0] <= lo and hi <= wider[1]


pairs = st.lists(st.tuples(st.integers(-50, 50), st.integers(-50, 50)), min_size=2, max_size=60)


@settings(max_examples=40, deadline=None)
@given(pairs)
def test_paired_difference_is_antisymmetric_and_brackets_the_mean(data):
    a, b = [x for x, _ in data], [y for _, y in data]
    ab, ba = paired_difference(a, b), paired_difference(b, a)
    assert ab.low <= ab.estimate <= ab.high
    assert ab.estimate == pytest.approx(sum(a) / len(a) - sum(b) / len(b))
    assert (ba.estimate, ba.low, ba.high) == pytest.approx((-ab.estimate, -ab.high, -ab.low))
    assert ab.p_value == pytest.approx(ba.p_value)
    assert 0.0 <= ab.p_value <= 1.0


@settings(max_examples=40, deadline=None)
@given(pairs, st.integers(-20, 20))
def test_shifting_both_arms_changes_nothing(data, shift):
    a, b = [x for x, _ in data], [y for _, y in data]
    plain = paired_difference(a, b)
    moved = paired_difference([x + shift for x in a], [y + shift for y in b])
    assert (moved.estimate, moved.low, moved.high) == pytest.approx((plain.estimate, plain.low, plain.high))


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 300), st.integers(0, 300))
def test_mcnemar_is_a_symmetric_probability(a_only, b_only):
    p = mcnemar_p_value(a_only, b_only)
    assert 0.0 < p <= 1.0
    assert p == pytest.approx(mcnemar_p_value(b_only, a_only))
    if a_only >= b_only:  # one more pair on the side already ahead is more extreme
        assert mcnemar_p_value(a_only + 1, b_only) <= p + 1e-12

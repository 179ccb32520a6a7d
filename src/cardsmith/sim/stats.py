"""The statistics of simulations, as pure functions: intervals for proportions, paired differences and tests.

Every interval is two-sided at 95% unless a ``z`` is given. Paired comparisons take one value per pair (game ``i``
played under arm A and under arm B with the same seed) and work on the per-pair differences.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

_NORMAL = NormalDist()


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (``(0.0, 0.0)`` when there are no trials)."""
    if trials <= 0:
        return (0.0, 0.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p)) / trials + z * z / (4 * trials * trials)) / denom
    low = 0.0 if successes <= 0 else max(0.0, min(p, centre - half))  # exact at the ends, and around p
    high = 1.0 if successes >= trials else min(1.0, max(p, centre + half))
    return (low, high)


def z_for(confidence: float) -> float:
    """The two-sided normal quantile for a confidence level (1.96 for 0.95)."""
    if not 0 < confidence < 1:
        raise ValueError(f"a confidence level is between 0 and 1, not {confidence}")
    return _NORMAL.inv_cdf(0.5 + confidence / 2)


@dataclass(frozen=True)
class Estimate:
    """An estimate with its interval and the two-sided p-value of the test that the true value is 0."""

    estimate: float
    low: float
    high: float
    p_value: float

    def to_dict(self) -> dict[str, float]:
        return {"estimate": self.estimate, "low": self.low, "high": self.high, "p_value": self.p_value}


def paired_difference(a: Sequence[float], b: Sequence[float], z: float = Z95) -> Estimate:
    """The mean of the paired differences ``a[i] - b[i]`` with a normal interval ``mean ± z·sd/√n`` (``sd`` the
    sample standard deviation of the differences, with ``n - 1``), and the two-sided p-value of the paired z-test
    that the mean difference is 0 (1.0 when every difference is the same and that is 0; 0.0 when it is not 0).

    With no pairs the estimate and interval are 0 and the p-value 1."""
    if len(a) != len(b):
        raise ValueError(f"paired samples have the same length, not {len(a)} and {len(b)}")
    n = len(a)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0, 1.0)
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = math.fsum(diffs) / n
    if n == 1:
        return Estimate(mean, mean, mean, 1.0 if mean == 0 else 0.0)
    var = math.fsum((d - mean) ** 2 for d in diffs) / (n - 1)
    se = math.sqrt(var / n)
    if se == 0:
        return Estimate(mean, mean, mean, 1.0 if mean == 0 else 0.0)
    p = 2 * (1 - _NORMAL.cdf(abs(mean) / se))
    return Estimate(mean, mean - z * se, mean + z * se, min(1.0, max(0.0, p)))


def mcnemar_p_value(a_only: int, b_only: int) -> float:
    """The exact two-sided McNemar test of paired yes/no outcomes: ``a_only`` pairs where only A succeeded,
    ``b_only`` where only B did; under the null each discordant pair is a fair coin."""
    if a_only < 0 or b_only < 0:
        raise ValueError("counts are not negative")
    n = a_only + b_only
    if n == 0:
        return 1.0
    k = min(a_only, b_only)
    # P(X <= k) for X ~ Binomial(n, 1/2), in logs so that large n does not overflow
    log_half_n = -n * math.log(2)
    tail = math.fsum(
        math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + log_half_n)
        for i in range(k + 1)
    )
    return min(1.0, 2 * tail)


def paired_proportion_difference(a: Sequence[bool], b: Sequence[bool], z: float = Z95) -> Estimate:
    """The difference of two paired proportions (A's rate minus B's), with the normal interval of
    :func:`paired_difference` and the exact McNemar p-value."""
    est = paired_difference([float(x) for x in a], [float(y) for y in b], z)
    a_only = sum(1 for x, y in zip(a, b, strict=True) if x and not y)
    b_only = sum(1 for x, y in zip(a, b, strict=True) if y and not x)
    return Estimate(est.estimate, est.low, est.high, mcnemar_p_value(a_only, b_only))


def bonferroni_z(tests: int, confidence: float = 0.95) -> float:
    """The normal quantile that keeps the family-wise confidence at ``confidence`` over ``tests`` intervals."""
    tests = max(1, tests)
    return z_for(1 - (1 - confidence) / tests)

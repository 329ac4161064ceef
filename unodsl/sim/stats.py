"""The statistics behind `unodsl simulate` and `unodsl compare`, in plain Python.

Every interval is a 95% one (Z = 1.96) unless a `z` is given.

- `wilson(k, n)`: a proportion's interval (Wilson's score interval), right
  even near 0 and 1 and for small n, where the textbook p ± z·se is not.
- `newcombe(k1, n1, k2, n2)`: the difference p1 - p2 of two independent
  proportions, from their Wilson intervals (Newcombe's method 10).
- `Distribution`: mean, median, spread and quantiles of integer counts kept
  as a histogram (a Counter), which is exact and small.
- `PairedRatio`: a ratio of sums (turns / rounds) measured on the same games
  under two conditions; its relative and absolute change, with a delta-method
  interval from the per-game pairs (see the class).
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from statistics import NormalDist

Z = 1.959963984540054  # the normal quantile of 0.975


@dataclass(frozen=True)
class Interval:
    value: float
    low: float
    high: float

    def contains(self, x: float) -> bool:
        return self.low <= x <= self.high

    def as_list(self, digits: int = 4) -> list[float]:
        return [round(self.value, digits), round(self.low, digits), round(self.high, digits)]


def wilson(k: int, n: int, z: float = Z) -> Interval:
    """The proportion k/n with Wilson's score interval; (0, 0, 1) when n is 0."""
    if n <= 0:
        return Interval(0.0, 0.0, 1.0)
    p = k / n
    z2 = z * z
    denominator = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator
    # At k = 0 or k = n the bound is exactly 0 or 1; rounding may miss it by a hair.
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return Interval(p, low, high)


def newcombe(k1: int, n1: int, k2: int, n2: int, z: float = Z) -> Interval:
    """p1 - p2 for two independent samples, with Newcombe's hybrid score interval.

    None of the two groups may be empty; with an empty one the difference is
    unknown: (0, -1, 1).
    """
    if n1 <= 0 or n2 <= 0:
        return Interval(0.0, -1.0, 1.0)
    a, b = wilson(k1, n1, z), wilson(k2, n2, z)
    d = a.value - b.value
    low = d - math.sqrt((a.value - a.low) ** 2 + (b.high - b.value) ** 2)
    high = d + math.sqrt((a.high - a.value) ** 2 + (b.value - b.low) ** 2)
    return Interval(d, max(-1.0, low), min(1.0, high))


def p_value(estimate: float, se: float) -> float:
    """Two-sided p-value of estimate / se under the normal law; 1 when nothing varies."""
    if se <= 0:
        return 1.0 if estimate == 0 else 0.0
    return 2 * (1 - NormalDist().cdf(abs(estimate) / se))


class Distribution:
    """Integer observations (turns in a round, ...) kept as value -> count."""

    def __init__(self, counts: Counter | None = None):
        self.counts: Counter = Counter(counts or ())

    def add(self, value: int, times: int = 1) -> None:
        self.counts[value] += times

    def update(self, values) -> None:
        self.counts.update(values)

    def __eq__(self, other) -> bool:
        return isinstance(other, Distribution) and self.counts == other.counts

    @property
    def n(self) -> int:
        return sum(self.counts.values())

    @property
    def total(self) -> int:
        return sum(v * c for v, c in self.counts.items())

    @property
    def mean(self) -> float:
        n = self.n
        return self.total / n if n else 0.0

    @property
    def sd(self) -> float:
        """The sample standard deviation (n - 1)."""
        n = self.n
        if n < 2:
            return 0.0
        mean = self.mean
        return math.sqrt(sum(c * (v - mean) ** 2 for v, c in self.counts.items()) / (n - 1))

    def mean_interval(self, z: float = Z) -> Interval:
        """The mean with the normal-approximation interval of a mean."""
        half = z * self.sd / math.sqrt(self.n) if self.n else 0.0
        return Interval(self.mean, self.mean - half, self.mean + half)

    def _order_statistic(self, index: int) -> int:
        """The value at 0-based position `index` of the sorted observations."""
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            if seen > index:
                return value
        raise IndexError(index)

    def quantile(self, q: float) -> float:
        """The q-quantile, interpolated between order statistics (as numpy's default)."""
        n = self.n
        if not n:
            return 0.0
        position = q * (n - 1)
        below = math.floor(position)
        low = self._order_statistic(below)
        if position == below:
            return low
        return low + (self._order_statistic(below + 1) - low) * (position - below)

    @property
    def median(self) -> float:
        return self.quantile(0.5)

    def summary(self) -> dict:
        if not self.n:
            return {"n": 0}
        mean = self.mean_interval()
        return {"n": self.n, "mean": round(mean.value, 3), "mean_ci": [round(mean.low, 3), round(mean.high, 3)],
                "median": self.median, "sd": round(self.sd, 3), "p10": self.quantile(0.1),
                "p90": self.quantile(0.9), "min": min(self.counts), "max": max(self.counts)}


class PairedRatio:
    """A ratio of sums, R = sum(num) / sum(den), measured on the same n games twice.

    Game i of A and game i of B share a seed, so the pairs may be correlated;
    the interval of the change comes from the per-game pairs (the delta
    method, with each game's influence on R: (num_i - R den_i) / mean(den)),
    which is right whether they are correlated or not. With den = 1 for every
    game, R is a plain mean (rounds per match); with num in {0, 1} it is a
    proportion (matches won by seat 0).
    """

    def __init__(self):
        self.n = 0
        self.sums = [0, 0, 0, 0]  # of num A, den A, num B, den B
        self.products = [[0] * 4 for _ in range(4)]  # sums of x_j * x_k: enough for any variance

    def add(self, num_a: float, den_a: float, num_b: float, den_b: float) -> None:
        x = (num_a, den_a, num_b, den_b)
        self.n += 1
        sums, products = self.sums, self.products
        for j in range(4):
            sums[j] += x[j]
            row = products[j]
            for k in range(j, 4):
                row[k] += x[j] * x[k]

    @property
    def a(self) -> float:
        return self.sums[0] / self.sums[1] if self.sums[1] else 0.0

    @property
    def b(self) -> float:
        return self.sums[2] / self.sums[3] if self.sums[3] else 0.0

    def _se(self, c: tuple[float, float, float, float]) -> float:
        """The standard error of the mean of c . x_i over the games."""
        n, sums, products = self.n, self.sums, self.products
        var = 0.0
        for j in range(4):
            for k in range(4):
                if c[j] and c[k]:
                    s = products[min(j, k)][max(j, k)]
                    var += c[j] * c[k] * (s - sums[j] * sums[k] / n) / (n - 1)
        return math.sqrt(max(var, 0.0) / n)

    def interval_b(self, z: float = Z) -> Interval:
        """B's ratio alone with its interval (the delta method on B's games)."""
        rb = self.b
        if self.n < 2 or not self.sums[3]:
            return Interval(rb, -math.inf, math.inf)
        mdb = self.sums[3] / self.n
        se = self._se((0, 0, 1 / mdb, -rb / mdb))
        return Interval(rb, rb - z * se, rb + z * se)

    def difference(self, z: float = Z) -> tuple[Interval, float]:
        """B - A with its interval, and the p-value of "no difference"."""
        ra, rb, d = self.a, self.b, self.b - self.a
        if self.n < 2 or not self.sums[1] or not self.sums[3]:
            return Interval(d, -math.inf, math.inf), 1.0
        mda, mdb = self.sums[1] / self.n, self.sums[3] / self.n
        se = self._se((-1 / mda, ra / mda, 1 / mdb, -rb / mdb))
        return Interval(d, d - z * se, d + z * se), p_value(d, se)

    def relative(self, z: float = Z) -> tuple[Interval, float] | None:
        """B / A - 1 with its interval (from the log ratio), and the p-value; None if A or B is 0."""
        ra, rb = self.a, self.b
        if self.n < 2 or ra <= 0 or rb <= 0:
            return None
        mda, mdb = self.sums[1] / self.n, self.sums[3] / self.n
        log_ratio = math.log(rb / ra)
        se = self._se((-1 / (ra * mda), 1 / mda, 1 / (rb * mdb), -1 / mdb))
        return (Interval(math.exp(log_ratio) - 1, math.exp(log_ratio - z * se) - 1,
                         math.exp(log_ratio + z * se) - 1), p_value(log_ratio, se))

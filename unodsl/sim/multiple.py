"""Many comparisons at once: p-values adjusted for their number.

`impact` tests one figure (round length, ...) on every variant of an edition;
among twenty variants with no effect at all one passes p < 0.05 by chance.
Holm's step-down method (Holm 1979) keeps the chance of any false "significant"
among them under 0.05 and, unlike Bonferroni's, loses little power doing so.
"""
from __future__ import annotations


def holm(p_values: list[float]) -> list[float]:
    """Holm–Bonferroni adjusted p-values, in the order given.

    Sorted ascending, the i-th smallest of m (i from 0) is multiplied by m - i;
    each adjusted value is at least the one before it (the step-down), at most 1.
    A p-value adjusted below 0.05 is significant with the family's error held at 0.05.
    """
    m = len(p_values)
    adjusted = [0.0] * m
    running = 0.0
    for rank, index in enumerate(sorted(range(m), key=lambda i: p_values[i])):
        running = max(running, min(1.0, (m - rank) * p_values[index]))
        adjusted[index] = running
    return adjusted

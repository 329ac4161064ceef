"""The helpers the generated functions call (each is put in their namespace by build):
values that may be absent or of another kind match nothing rather than fail at play."""
from __future__ import annotations

import operator

from ...stops import number_passed
from ...limits import MAX_NUMBER


def _colour(value, colours: tuple):
    """A colour a state variable holds: one of the edition's, or none."""
    return value if value in colours else None


def _whole(value):
    """A number a statement takes: a value of another kind counts as absent."""
    return value if isinstance(value, int) else None


_SMALLEST, _LARGEST = -MAX_NUMBER, MAX_NUMBER  # (worked out once: _arith runs in the hot path)
_OPERATORS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv,
              "%": operator.mod}


def _arith(op: str, a, b):
    """Whole-number arithmetic in scripts. With an absent value (a Skip's number), a value
    that is not a number (a tag's text), or a division by zero, the result is absent
    (None), which matches nothing, rather than an error at play. A result past the numbers
    a script may hold stops the round (a counter squared in a loop grows without end)."""
    if not isinstance(a, int) or not isinstance(b, int) or (op in ("//", "%") and b == 0):
        return None
    result = _OPERATORS[op](a, b)
    if _SMALLEST <= result <= _LARGEST:
        return result
    raise number_passed(f"`{a} {'/' if op == '//' else op} {b}`", result)


_ORDER = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}


def _ordered(op: str, a, b) -> bool:
    """`a op b` for whole numbers only, each side read once (an absent value is never < or >)."""
    return isinstance(a, int) and isinstance(b, int) and _ORDER[op](a, b)


def _equal(a, b, negated: bool) -> bool:
    """`a == b` (or `!=`), each side read once; two absent values do not match."""
    same = a == b and a is not None
    return not same if negated else same


def _identical(a, b) -> bool:
    """`a is identical to b`: two cards of the same kind, colour, number and symbol. A card
    with no colour of its own (a Wild, whatever colour was named for it) is identical to
    none, nor is an absent card (a `let` name that holds none)."""
    return (a is not None and b is not None and a.colour is not None and a.kind == b.kind
            and a.colour == b.colour and a.number == b.number and a.symbol == b.symbol)


def _between(value, low, high) -> bool:
    """`value in low..high`, for whole numbers only (an absent value is in no range)."""
    return isinstance(value, int) and isinstance(low, int) and isinstance(high, int) and low <= value <= high


def _total(values) -> int:
    """`total FIGURE of GROUP`: the figures added up; past the numbers a script may hold, the
    round stops (16 counters near the bound)."""
    result = sum(values)
    if _SMALLEST <= result <= _LARGEST:
        return result
    raise number_passed("a total", result)

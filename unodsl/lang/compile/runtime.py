"""The helpers the generated functions call (each is put in their namespace by build):
values that may be absent or of another kind match nothing rather than fail at play."""
from __future__ import annotations

import operator

from ...stops import number_passed
from ...limits import MAX_NAMED_NUMBERS, MAX_NUMBER, MAX_SAID_CHARS
from ...stops import RoundStopped


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


def _under_top(discard: list):
    """The card under the top of the discard pile (the card played before it), or none."""
    return discard[-2] if len(discard) > 1 else None


def _total(values) -> int:
    """`total FIGURE of GROUP`: the figures added up; past the numbers a script may hold, the
    round stops (16 counters near the bound)."""
    result = sum(values)
    if _SMALLEST <= result <= _LARGEST:
        return result
    raise number_passed("a total", result)


def _named_numbers(low, high) -> range:
    """The numbers `choose number in LOW..HIGH` offers (none when an end is absent or the range is
    empty); a range wider than MAX_NAMED_NUMBERS stops the round (its ends were worked out at play)."""
    if not isinstance(low, int) or not isinstance(high, int) or high < low:
        return range(0)
    if high - low >= MAX_NAMED_NUMBERS:
        raise RoundStopped(f"`choose number in {low}..{high}` would offer {high - low + 1:,} numbers, more than "
                           f"{MAX_NAMED_NUMBERS}")
    return range(low, high + 1)


def _said(value, kind: str) -> str:
    """A value as a question's text says it (`{n}`): a number, a word, a card's label, a player by
    seat (counted from 1, as the table shows them), yes/no, or "none"; never longer than
    MAX_SAID_CHARS characters."""
    if value is None:
        text = "none"
    elif isinstance(value, bool):
        text = "yes" if value else "no"
    elif kind == "player" and isinstance(value, int):
        text = f"player {value + 1}"
    elif hasattr(value, "label"):
        text = value.label()
    else:
        text = str(value)
    return text if len(text) <= MAX_SAID_CHARS else text[:MAX_SAID_CHARS - 1] + "…"

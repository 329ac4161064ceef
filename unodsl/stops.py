"""A round stopped: the exception a crossed limit raises inside a round.

Apart from the engine's budget (unodsl.engine.budget) because code below the engine
raises and catches it too: a compiled script's arithmetic past the largest number
(unodsl.lang.compile.runtime) and an edition's tag conditions worked out as it loads
(unodsl.edition), where there is no round to stop and the file is reported wrong.
"""
from __future__ import annotations

from .limits import MAX_NUMBER


class RoundStopped(Exception):
    """A limit crossed inside a round: the round ends there, abandoned, with this report
    (`where`: the script running, when one was; filled in as the round stops)."""

    def __init__(self, reason: str, where: str | None = None, under_way: str | None = None):
        super().__init__(reason)
        self.reason = reason
        self.where = where
        self.under_way = under_way  # what the round was doing, said as the limit was crossed

    def report(self) -> str:
        return f"{self.reason} (in {self.where})" if self.where else self.reason


def number_passed(what: str, value: int) -> RoundStopped:
    """The stop of a round in which `what` (a sum, a variable) would hold `value`, a number past
    those a script may hold (unodsl.limits.MAX_NUMBER): past it, numbers grow without end."""
    bound = f"largest number a script may hold ({MAX_NUMBER:,})" if value > 0 else \
        f"smallest number a script may hold ({-MAX_NUMBER:,})"
    return RoundStopped(f"{what} passed the {bound}")

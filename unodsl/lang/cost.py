"""What one run of a script may cost, estimated before it runs (CEL's promise: every accepted
expression's cost is known before it runs).

The engine spends a budget of work as a script runs (unodsl.engine.budget): each pass of a
loop spends its weight, the statements the pass may run (those of its inner blocks, and of the
actions it does, counted in, and the players its aggregates look at). Straight-line code outside loops spends nothing: its size bounds
it. Here the same is counted statically, at the most a run can reach: a `repeat N` runs N times
(N not written as a number: the most a repeat runs, MAX_REPEATS), `repeat until` the most,
`for each player` once per seat of the largest table, an action what its own loops cost (once
per player who does it), an `if` its dearest branch, a written rule applied what it costs (a
rule drawn at random, the dearest of them: a written rule applies no other, so this ends). A script whose estimate passes one turn's
budget would be stopped every time it ran: it is refused where it is written, at the smallest
loop or action that passes the budget alone.
"""
from __future__ import annotations

from typing import Callable

from ..errors import ScriptError
from ..limits import MAX_REPEATS, MAX_TURN_WORK
from . import ast
from .ast.values import AGGREGATES
from .registry import LANGUAGE
from .statements import GROUP_WORDS

MAX_SEATS = 16  # the most players a table may have (the schema's `players.max`; a test holds them equal)
_LOOPS = LANGUAGE.classes(lambda row: row.loops)  # (repeat, repeat until, for each player)
_APPLIED = (ast.ApplyNamedRule, ast.ApplyRandomRule)  # (statements that run a written rule)


def _blocks(value) -> list[tuple]:
    """The blocks a statement's field holds: itself, or (an `if`'s branches) those inside it."""
    if not isinstance(value, tuple) or not value:
        return []
    if all(isinstance(item, ast.Node) for item in value):
        return [value]
    return [block for item in value for block in _blocks(item)]


def _doers(stmt: ast.DoAction) -> int:
    return MAX_SEATS if stmt.target.who in GROUP_WORDS else 1


class ScriptCost:
    """The weight and the cost of blocks, given what the edition's actions weigh and cost
    (by the verb a script says them with; 0 for a verb that names no action)."""

    def __init__(self, action_weight: Callable[[str], int], action_cost: Callable[[str], int],
                 rule_sizes: dict | None = None):
        self.action_weight = action_weight
        self.action_cost = action_cost
        self.rule_sizes = rule_sizes or {}  # written rule name -> (weight, cost)

    def _applied(self, stmt) -> tuple[int, int]:
        """(weight, cost) of the written rule a statement applies ((0, 0): it applies none)."""
        if isinstance(stmt, ast.ApplyNamedRule):
            return self.rule_sizes.get(stmt.name, (0, 0))
        if isinstance(stmt, ast.ApplyRandomRule) and self.rule_sizes:
            return (max(weight for weight, _ in self.rule_sizes.values()),
                    max(cost for _, cost in self.rule_sizes.values()))
        return 0, 0

    def weight(self, body) -> int:
        """The statements one run of a block may run, its inner blocks' and actions' counted in:
        what a loop's pass over it spends at play."""
        total = 0
        for stmt in body:
            total += 1 + _looks(stmt)
            if isinstance(stmt, ast.DoAction):
                total += _doers(stmt) * self.action_weight(stmt.verb)
            total += self._applied(stmt)[0]
            for value in vars(stmt).values():
                total += sum(self.weight(block) for block in _blocks(value))
        return total

    def cost(self, body) -> int:
        """The most one run of a block spends: its loops' passes, its actions' loops."""
        return sum(self.statement_cost(stmt) for stmt in body)

    def statement_cost(self, stmt) -> int:
        if isinstance(stmt, _LOOPS):
            return _passes(stmt) * (self.weight(stmt.body) + self.cost(stmt.body))
        if isinstance(stmt, ast.DoAction):
            return _doers(stmt) * self.action_cost(stmt.verb)
        if isinstance(stmt, _APPLIED):
            return self._applied(stmt)[1]
        blocks = [block for value in vars(stmt).values() for block in _blocks(value)]
        if isinstance(stmt, ast.If):  # (one branch runs)
            return max((self.cost(block) for block in blocks), default=0)
        return sum(self.cost(block) for block in blocks)

    def check(self, body) -> None:
        """Refuse a block whose one run may pass a turn's budget of work, at the smallest loop
        or action inside it that passes it alone."""
        cost = self.cost(body)
        if cost <= MAX_TURN_WORK:
            return
        found = self._smallest_over(body)
        culprit = found or body[0]  # (none passes alone: the script's statements together do)
        what = (f"`{culprit.verb}` here does an action that" if isinstance(culprit, ast.DoAction)
                else "this loop" if isinstance(culprit, _LOOPS) and found else "this script")
        steps = self.statement_cost(culprit) if found else cost
        raise ScriptError(f"{what} may do {steps:,} steps of work in one run, more than a "
                          f"turn may do ({MAX_TURN_WORK:,}): loops inside loops, and actions done inside loops, "
                          "multiply", *_place(culprit),
                          hint="fewer passes: one `repeat` of what is needed, not loops inside loops")

    def _smallest_over(self, body):
        """The innermost statement whose own cost passes the budget (None: only their sum does)."""
        for stmt in body:
            if self.statement_cost(stmt) > MAX_TURN_WORK:
                inner = (self._smallest_over(block) for value in vars(stmt).values() for block in _blocks(value))
                return next((found for found in inner if found is not None), stmt)
        return None


def _looks(node) -> int:
    """The players the aggregates in a statement's own values may look at (`count of others
    where ...`: every seat, and for each, those of an aggregate in its condition): a step of
    work each. Its blocks' statements are weighed as statements."""
    return sum(_looks_in(value) for value in vars(node).values())


def _looks_in(value) -> int:
    if isinstance(value, tuple):
        return sum(_looks_in(item) for item in value)
    if not isinstance(value, ast.Node) or LANGUAGE.of(value).kind == "statement":
        return 0
    if isinstance(value, AGGREGATES):
        return MAX_SEATS * (1 + _looks(value))
    return _looks(value)


def _place(stmt) -> tuple[int, int]:
    """Where to point: an action's verb (`bangs`), else the statement."""
    if isinstance(stmt, ast.DoAction) and stmt.verb_line:
        return stmt.verb_line, stmt.verb_column
    return stmt.line, stmt.column


def _passes(stmt) -> int:
    """The most times a loop runs its block."""
    if isinstance(stmt, ast.ForEach):
        return MAX_SEATS
    if isinstance(stmt, ast.RepeatTimes) and isinstance(stmt.count, ast.Int):
        return max(0, min(stmt.count.value, MAX_REPEATS))
    return MAX_REPEATS


def action_sizes(bodies: dict, verb_of: Callable[[str], str | None]) -> tuple[dict, dict]:
    """(name -> weight, name -> cost) of an edition's actions (`bodies`: name -> statements, in
    which no action calls itself, through others or not: the loader drops those first)."""
    weights: dict[str, int] = {}
    costs: dict[str, int] = {}

    def measure(name: str, table: dict, how) -> int:
        if name not in table:
            table[name] = 0  # (a cycle, were one left, would count as nothing rather than recurse)
            table[name] = how(bodies[name])
        return table[name]

    def weight(verb: str) -> int:
        name = verb_of(verb)
        return measure(name, weights, sizes.weight) if name in bodies else 0

    def cost(verb: str) -> int:
        name = verb_of(verb)
        return measure(name, costs, sizes.cost) if name in bodies else 0

    sizes = ScriptCost(weight, cost)
    for name in bodies:
        measure(name, weights, sizes.weight)
        measure(name, costs, sizes.cost)
    return weights, costs

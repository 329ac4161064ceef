"""What one run of a script may cost, estimated before it runs (CEL's promise: every accepted
expression's cost is known before it runs).

The engine spends a budget of work as a script runs (unodsl.engine.budget): each pass of a
loop by the statements its block holds, each action done by one and by what its own script
spends. Here the same is counted statically, at the most a run can reach: a `repeat N` runs
N times (N not written as a number: the most a repeat runs, MAX_REPEATS), `repeat until` the
most, `for each player` once per seat of the largest table, an action its script's cost (once
per player it is done by), an `if` its dearest branch. A script whose estimate passes one
turn's budget would be stopped every time it ran: it is refused where it is written, at the
smallest loop or call that passes the budget alone.
"""
from __future__ import annotations

from typing import Callable

from ..errors import ScriptError
from ..limits import MAX_REPEATS, MAX_TURN_WORK
from . import ast

MAX_SEATS = 10  # the most players a table may have (the schema's `players.max`)
_GROUPS = ("others", "everyone")


def block_weight(body) -> int:
    """How many statements a block holds, those of its inner blocks counted too: what each
    pass of a loop over it spends at play."""
    weight = 0
    for stmt in body:
        weight += 1
        for value in vars(stmt).values():
            if isinstance(value, tuple):
                weight += _inner_weight(value)
    return weight


def _inner_weight(value: tuple) -> int:
    """The statements of a field that holds a block, or (an `if`'s branches) blocks."""
    if value and all(isinstance(item, ast.Node) for item in value):
        return block_weight(value)
    return sum(_inner_weight(item) for item in value if isinstance(item, tuple))


def block_cost(body, action_cost: Callable[[str], int]) -> int:
    """The most one run of `body` spends; `action_cost(verb)` is what one action said by
    that verb costs (0 for a verb that names no action: it is refused elsewhere)."""
    return sum(_statement_cost(stmt, action_cost) for stmt in body)


def _statement_cost(stmt, action_cost) -> int:
    if isinstance(stmt, (ast.RepeatTimes, ast.RepeatUntil, ast.ForEach)):
        return _passes(stmt) * (block_weight(stmt.body) + block_cost(stmt.body, action_cost))
    if isinstance(stmt, ast.DoAction):
        doers = MAX_SEATS if stmt.target.who in _GROUPS else 1
        return doers * (1 + action_cost(stmt.verb))
    if isinstance(stmt, ast.If):
        blocks = [body for _condition, body in stmt.branches] + [stmt.otherwise]
        return max(block_cost(body, action_cost) for body in blocks)
    return sum(block_cost(value, action_cost) for value in vars(stmt).values()
               if isinstance(value, tuple) and value and all(isinstance(item, ast.Node) for item in value))


def _passes(stmt) -> int:
    """The most times a loop runs its block."""
    if isinstance(stmt, ast.ForEach):
        return MAX_SEATS
    if isinstance(stmt, ast.RepeatTimes) and isinstance(stmt.count, ast.Int):
        return max(0, min(stmt.count.value, MAX_REPEATS))
    return MAX_REPEATS


def check_cost(body, action_cost: Callable[[str], int]) -> None:
    """Refuse a block whose one run may pass a turn's budget of work, at the smallest loop,
    action or block inside it that passes it alone."""
    cost = block_cost(body, action_cost)
    if cost <= MAX_TURN_WORK:
        return
    culprit = _smallest_over(body, action_cost)
    if isinstance(culprit, ast.DoAction):
        what = f"`{culprit.verb}` here runs an action that"
    elif isinstance(culprit, (ast.RepeatTimes, ast.RepeatUntil, ast.ForEach)):
        what = "this loop"
    else:
        what = "this script"
    at = culprit or (body[0] if body else None)
    raise ScriptError(f"{what} may do {_statement_cost(culprit, action_cost) if culprit else cost:,} steps of work "
                      f"in one run, more than a turn may do ({MAX_TURN_WORK:,}): loops inside loops, and "
                      "actions done inside loops, multiply", at.line if at else 1, at.column if at else 1,
                      hint="fewer passes: one `repeat` of what is needed, not loops inside loops")


def _smallest_over(body, action_cost):
    """The innermost statement whose own cost passes the budget (None: only their sum does)."""
    for stmt in body:
        if _statement_cost(stmt, action_cost) > MAX_TURN_WORK:
            for value in vars(stmt).values():
                inner = _smallest_in(value, action_cost)
                if inner is not None:
                    return inner
            return stmt
    return None


def _smallest_in(value, action_cost):
    if isinstance(value, tuple) and value and all(isinstance(item, ast.Node) for item in value):
        return _smallest_over(value, action_cost)
    if isinstance(value, tuple):
        for item in value:
            found = _smallest_in(item, action_cost)
            if found is not None:
                return found
    return None

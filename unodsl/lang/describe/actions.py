"""Actions, repeats and what replaces a draw in words: `next presses` ("the next
player presses"), `repeat 2 times:` ("twice: ..."), `repeat until C:` and a house
rule's `instead of turn_draw:`."""
from __future__ import annotations

import dataclasses

from ...limits import MAX_REPEATS
from .. import ast
from ..registry import describes
from ..compile import action_forms
from .words import THAT_PLAYER, Clause, Compound, Context, act, capital


class ActionWords:
    """Actions of the edition, repeats, `instead of`."""

    @describes(ast.DoAction)
    def d_DoAction(self, node: ast.DoAction, ctx: Context) -> Clause:
        """`next presses`: the action's name is its verb ("the next player presses")."""
        who = self.who(node.target, ctx)
        verb = next((name for name in self.vocab.actions if node.verb in action_forms(name)), node.verb)
        return act(who, verb)

    @describes(ast.RepeatTimes)
    def d_RepeatTimes(self, node: ast.RepeatTimes, ctx: Context) -> Compound:
        inner = dataclasses.replace(ctx, depth=ctx.depth + 1)
        count = node.count.value if isinstance(node.count, ast.Int) else None
        times = {1: "once", 2: "twice"}.get(count) or (f"{count} times" if count is not None
                                                        else f"as many times as {self.value(node.count, ctx)}")
        text = f"{times}: {self.inline(node.body, inner)}"
        return Compound([capital(text) + "."], text)

    @describes(ast.RepeatUntil)
    def d_RepeatUntil(self, node: ast.RepeatUntil, ctx: Context) -> Compound:
        inner = dataclasses.replace(ctx, depth=ctx.depth + 1)
        text = (f"{self.inline(node.body, inner)}, and again until {self.cond(node.predicate, inner)} "
                f"(at most {MAX_REPEATS} times)")
        return Compound([capital(text) + "."], text)

    @describes(ast.Instead)
    def d_Instead(self, node: ast.Instead, ctx: Context) -> Compound:
        inner = Context(me=THAT_PLAYER, depth=1)
        what = {"turn_draw": "drawing a card on their turn (their turn then ends)",
                "uno_penalty": "drawing the penalty when caught not calling UNO"}[node.event]
        text = f"instead of {what}, {self.inline(node.body, inner)}"
        return Compound([capital(text) + "."], text)

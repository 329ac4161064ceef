"""Naming a value in words: "you name a number from 1 to 6", "the number named"."""
from __future__ import annotations

from .. import ast
from ..registry import describes
from .words import Clause, Context, say


class ChoiceWords:
    """`choose number`/`symbol`/`kind`, and the pick read after."""

    @describes(ast.ChooseValue)
    def d_ChooseValue(self, node: ast.ChooseValue, ctx: Context) -> Clause:
        who = self.who(node.chooser, ctx)
        if node.what != "number":
            among = f"a {node.what} of this edition's cards"
        elif node.low is None:
            among = "a number one of this edition's cards bears"
        else:
            among = f"a number from {self.value(node.low, ctx)} to {self.value(node.high, ctx)}"
        return Clause(who, say(who, f"name {among}"))

    def chosen_value_words(self, node: ast.ChosenValue) -> str:
        return f"the {node.what} named"

    @describes(ast.ChosenValue)
    def d_ChosenValue(self, node: ast.ChosenValue, ctx: Context, negated: bool = False) -> str:
        return f"{self.chosen_value_words(node)} is {'none' if negated else 'some'}"

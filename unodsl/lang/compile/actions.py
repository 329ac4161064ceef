"""The edition's actions (`next presses`), `repeat`, and `instead of` a draw in the
generated code."""
from __future__ import annotations

from ...errors import ScriptError
from ...limits import MAX_REPEATS
from .. import ast
from ..registry import compiles
from ..statements import verbs_after_a_player
from .model import _unknown

# The words a statement has after a player (`next draws 2`): an unknown action may be one misspelt.
_STATEMENT_VERBS = verbs_after_a_player()


def action_forms(name: str) -> tuple[str, str]:
    """How a script says an action: `press` (`others press`) and `presses` (`next presses`)."""
    from ..describe.words import third_person  # (describe reads this module's vocabulary)
    return name, third_person(name)


class ActionCode:
    """Actions, repeats and what replaces a draw."""

    @compiles(ast.DoAction)
    def s_DoAction(self, s):
        name = self.action_name(s)
        if self.context.kind == "use" and self.vocab.actions[name]:
            raise ScriptError(f"a table card is used while a player is deciding something, so its `use:` "
                              f"cannot {name}: that action takes cards out of a hand or a player out of the "
                              "round", s.line, s.column)
        self.pure = False
        self.aimed(s, f"g.act({name!r}, {{p}})")

    def action_name(self, s: ast.DoAction) -> str:
        """The action `next presses` names: `press`, said as `press` or `presses`."""
        for name in self.vocab.actions:
            if s.verb in action_forms(name):
                return name
        at = ast.Name(s.verb_line or s.line, s.verb_column or s.column, s.verb)
        error = _unknown(at, s.verb, [*_STATEMENT_VERBS, *(f for n in self.vocab.actions for f in action_forms(n))],
                         what="action")
        if not self.vocab.actions and error.hint is None:
            error.hint = "declare it in the edition's `actions:` section (`press: me draws 1`)"
        raise error

    @compiles(ast.RepeatTimes)
    def s_RepeatTimes(self, s):
        count, var = self.amount(s.count, "`repeat`"), self.fresh("r")

        def header(_index):
            self.emit(f"for {var} in range(min({count} or 0, {MAX_REPEATS})):")
            self.spend_each_pass(s.body)

        # (the block may run no time at all: what it sets is not certain after it)
        self.loop(s, lambda: self.branches([s.body], False, header))

    @compiles(ast.RepeatUntil)
    def s_RepeatUntil(self, s):
        var = self.fresh("r")

        def header(_index):
            self.emit(f"for {var} in range({MAX_REPEATS}):")
            self.spend_each_pass(s.body)

        self.loop(s, lambda: self.branches([s.body], True, header))  # (the block runs at least once)
        self.depth += 1
        self.emit(f"if {self.expr(s.predicate, self.card)}: break")
        self.depth -= 1

    @compiles(ast.Instead)
    def s_Instead(self, s):
        raise ScriptError(f"`instead of {s.event}` is a rule for the whole table: write it at the top of a "
                          "house rule (an edition's `rules:`), not in a card's script or a block",
                          s.line, s.column)

"""Aggregates over players in the generated code: `count of GROUP where C`, `total FIGURE of
GROUP`, `highest`/`lowest FIGURE of GROUP`, `any of` / `all of GROUP where C`. Each is one
Python generator over the group's seats, whose variable is `player` (the player looked at):
a group has at most 16 players, and aggregates inside each other's conditions are refused
past MAX_AGGREGATE_DEPTH, so that what a condition may cost stays bounded (a loop's pass
weighs the players it looks at: unodsl.lang.cost)."""
from __future__ import annotations

from ...errors import ScriptError
from ...limits import MAX_AGGREGATE_DEPTH
from .. import ast
from ..ast.values import AGGREGATES, about_each_player
from ..registry import compiles
from .model import PLAYER_ATTRIBUTES, _unknown


class AggregateCode:
    """The aggregates' handlers, and the condition they ask of each player."""

    aggregating = 0  # aggregates around the value being compiled

    @compiles(ast.Aggregate)
    def x_Aggregate(self, node, card):
        seats, test = self.each_player(node, card)
        if node.how == "count":
            return f"sum(1 for player in {seats} if {test})"
        figure = self.figure_of_player(node)
        if node.how == "total":
            return f"_total({figure} for player in {seats} if {test})"
        pick = "max" if node.how == "highest" else "min"
        return f"{pick}(({figure} for player in {seats} if {test}), default=None)"

    @compiles(ast.Quantified)
    def x_Quantified(self, node, card):
        seats, test = self.each_player(node, card)
        return f"{'all' if node.every else 'any'}({test} for player in {seats})"

    def each_player(self, node, card) -> tuple[str, str]:
        """The group's seats, and the condition asked of each (`player`), as Python source."""
        if self.aggregating >= MAX_AGGREGATE_DEPTH:
            raise ScriptError(f"aggregates nested too deeply: more than {MAX_AGGREGATE_DEPTH} inside each "
                              "other's conditions", node.line, node.column,
                              hint="each looks at every player of its group for each player of the one around it")
        seats = self.each(node.group)
        if node.predicate is None:
            return seats, "True"
        if self.looping or self.aggregating:
            _no_outer_player(node.predicate, "an aggregate inside a `for each player` loop or another aggregate")
        test = about_each_player(node.predicate, {*PLAYER_ATTRIBUTES, *self.vocab.player_state})
        saved = self.looping
        self.looping, self.aggregating = True, self.aggregating + 1
        try:
            source = self.expr(test, card)
        finally:
            self.looping, self.aggregating = saved, self.aggregating - 1
        return seats, source

    def figure_of_player(self, node: ast.Aggregate) -> str:
        """The figure totalled or ranked, of `player`: a number."""
        name = node.figure
        if name in PLAYER_ATTRIBUTES:
            return PLAYER_ATTRIBUTES[name].format(p="player")
        var = self.vocab.player_state.get(name)
        if var is None:
            raise _unknown(node, name, [*PLAYER_ATTRIBUTES, *self.vocab.player_state], what="player figure")
        if var.type != "counter":
            raise ScriptError(f"`{node.how} {name}` adds up or ranks numbers: `{name}` is a {var.type}",
                              node.line, node.column, hint=f"count them instead: `count of ... where {name} ...`")
        self.pure = False
        return f"g.player_state[player][{name!r}]"


def _no_outer_player(predicate: ast.Node, where: str) -> None:
    """`player` in the condition would be the player looked at, hiding the loop's own `player`."""
    stack = [predicate]
    while stack:
        part = stack.pop()
        if isinstance(part, tuple):
            stack.extend(part)
        if not isinstance(part, ast.Node) or isinstance(part, AGGREGATES):
            continue  # (an aggregate's own condition is checked when it is compiled)
        stack.extend(vars(part).values())
        if isinstance(part, ast.Player) and part.who == "player":
            raise ScriptError(f"`player` here would be the player looked at by {where}, hiding the "
                              "player around it", part.line, part.column,
                              hint="say the figures of the player looked at bare (`hand > 5`), or give the "
                                   "outer player a name first (`let p = player`)")

"""Players in the generated code: one seat, several, by rank, and `chosen`, which may be
nobody."""
from __future__ import annotations

import difflib

from ...errors import ScriptError
from .. import ast
from ..statements import LOOP_WORDS, ONE_PLAYER_WORDS
from .model import _A_TYPE, GROUP_PLAYERS, PLAYER_ATTRIBUTES, SINGLE_PLAYERS, _unknown

# Players named by a word whose seat is worked out by the round.
_OTHER_SEATS = {"partner": "g.partner(me)", "player": "player"}
# In an edition where a player may leave the round (g.out), `next` and `previous` pass over them.
_PASSING_OVER = {"next": "((me + g.direction) % g.n if not g.out else g.seat(me, 1))",
                 "previous": "((me - g.direction) % g.n if not g.out else g.seat(me, -1))"}

# The words that name one player (for a did-you-mean).
_PLAYER_WORDS = (*ONE_PLAYER_WORDS, *LOOP_WORDS)


class PlayerCode:
    """Seats of players, as Python source."""

    def single(self, player: ast.Player) -> str:
        if player.who in GROUP_PLAYERS:
            raise ScriptError(f"'{player.who}' is several players; this needs one "
                              f"({', '.join(ONE_PLAYER_WORDS)})", player.line, player.column)
        self.pure = False
        self.read_chosen(player)
        return self.seat_source(player)

    def each(self, player: ast.Player) -> str:
        """An iterable of seats for a statement that may target several players."""
        self.pure = False
        if player.who in GROUP_PLAYERS:
            return GROUP_PLAYERS[player.who]
        self.read_chosen(player)
        return self.unless_nobody(player, f"({self.seat_source(player)},)", "()")

    def seat_source(self, player: ast.Player) -> str:
        """Python source of the seat of one player (groups are refused before)."""
        if isinstance(player, ast.SeatOffset):
            return f"g.seat(me, {player.offset})"
        if isinstance(player, ast.NamedPlayer):
            return self.held_player(player)
        if isinstance(player, ast.RankedPlayer):
            return self.ranked(player)
        if isinstance(player, ast.RelativePlayer):
            return self.relative(player)
        if player.who == "player" and not self.looping:
            raise ScriptError("`player` is the player of a `for each player in ...:` loop, but this is "
                              "not inside one", player.line, player.column,
                              hint="write `for each player in others:` and use `player` in its block")
        if player.who == "partner":
            self.teams_needed(player)
        if self.vocab.eliminates and player.who in _PASSING_OVER:
            return _PASSING_OVER[player.who]
        return _OTHER_SEATS.get(player.who) or SINGLE_PLAYERS[player.who]

    def relative(self, player: ast.RelativePlayer) -> str:
        """`chosen's partner`, `p's left`: from one player, who is someone (a `chosen` that
        may be no one is refused: a seat is counted from it)."""
        base = player.base
        if base.who == "chosen" and self.maybe_nobody:
            raise ScriptError("`chosen` may be no one here (`choose player where` may find none): a player "
                              "is named from someone", base.line, base.column,
                              hint="choose without a condition, or test first and go on in that test's block: "
                                   "`if chosen.hand >= 0:` ...")
        seat = self.single(base)
        relation = player.relation
        if relation == "partner":
            self.teams_needed(player, "a partner")
            return f"g.partner({seat})"
        # left and right by the seats (left: the way play starts), next and previous by play
        offset = {"left": "g.direction", "right": "-g.direction", "next": str(player.steps),
                  "previous": str(-player.steps)}[relation]
        return f"g.seat({seat}, {offset})"

    def teams_needed(self, player: ast.Player, said: str = "`partner`") -> None:
        if not self.vocab.settings.get("teams"):
            raise ScriptError(f"{said} is the player sitting opposite in team play, but this edition "
                              "is not played in teams", player.line, player.column,
                              hint="set `teams: true` in the edition's settings (or play it with them on)")

    def ranked(self, player: ast.RankedPlayer) -> str:
        """`highest hand among others`: max/min keep the first of a tie, and the group is in
        turn order from me."""
        if player.figure not in PLAYER_ATTRIBUTES:
            raise _unknown(player, player.figure, list(PLAYER_ATTRIBUTES), what="player figure")
        var = self.fresh("q")
        figure = PLAYER_ATTRIBUTES[player.figure].format(p=var)
        pick = "max" if player.highest else "min"
        # (an empty group, all the others out: the round is over, and it is me)
        return f"{pick}({self.each(player.among)}, key=lambda {var}: {figure}, default=me)"

    def read_chosen(self, player: ast.Player) -> None:
        """`chosen` names someone only after a `choose player` on every path to here."""
        if player.who == "chosen" and not self.chosen:
            raise ScriptError("`chosen` is read here, but no `choose player` has certainly run before it",
                              player.line, player.column,
                              hint="put `choose player` before it, on every path (in each branch of an `if`)")

    def unless_nobody(self, player: ast.Player, source: str, absent: str) -> str:
        """`source`, or `absent` when the player is `chosen` and no one was chosen."""
        if player.who == "chosen" and self.maybe_nobody:
            return f"({absent} if chosen is None else {source})"
        return source

    def held_player(self, player: ast.NamedPlayer) -> str:
        """The seat a `let` name holds (`let victim = chosen`)."""
        name = player.name
        if name not in self.all_lets:
            close = difflib.get_close_matches(name, [*_PLAYER_WORDS, *self.all_lets], n=1)
            raise ScriptError(f"`{name}` is not a player", player.line, player.column,
                              hint=f"did you mean '{close[0]}'?" if close else
                              "a player is me, next, previous, chosen, ..., or a name a `let` gave one to "
                              "(`let victim = chosen`)")
        source = self.value_name(ast.Name(player.line, player.column, name), None)
        if self.lets.get(name) not in ("player", None):
            raise ScriptError(f"`{name}` is {_A_TYPE[self.lets[name]]}, not a player", player.line, player.column)
        return source


# Orderings are false of an absent figure (a whole number is compared only with one), and so
# is `==` with a number or a text written out (a name might hold none, which equals none):
# such a test of `chosen` holds of someone only.
_ORDERINGS = ("<", "<=", ">", ">=")
_WRITTEN_OUT = (ast.Int, ast.Str)


def true_only_of_someone(cond: ast.Node) -> bool:
    """Whether the condition is false when `chosen` is no one (`if chosen.hand >= 0:`,
    `if chosen holds red`): in its block `chosen` is someone, and may be named by a `let`."""
    if isinstance(cond, ast.And):
        return any(true_only_of_someone(item) for item in cond.items)
    if isinstance(cond, (ast.Holds, ast.Challenges)):
        return _is_chosen(cond.player)
    if isinstance(cond, ast.Compare):
        sides = (cond.left, cond.right)
        if cond.op in _ORDERINGS:
            return any(_figure_of_chosen(side) for side in sides)
        if cond.op == "==":
            return any(_figure_of_chosen(a) and isinstance(b, _WRITTEN_OUT) for a, b in (sides, sides[::-1]))
    return False


def _figure_of_chosen(node: ast.Node) -> bool:
    return isinstance(node, (ast.PlayerAttr, ast.Count)) and _is_chosen(node.player)


def _is_chosen(player: ast.Node) -> bool:
    return type(player) is ast.Player and player.who == "chosen"


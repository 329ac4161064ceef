"""The emitter: the Python source of one function, line by line, made of the code of each
part of the language (the mixins beside this module), and what holds across statements:
blocks, where a statement may stand, branches and what is known of `chosen` and `let`
names after them, loops over players, the types of values."""
from __future__ import annotations

from ...errors import ScriptError
from ...limits import MAX_LOOP_DEPTH
from .. import ast
from ..registry import LANGUAGE
from .actions import ActionCode
from .aggregates import AggregateCode
from .choices import ChoiceCode
from .expressions import ExpressionCode
from .model import _A_TYPE, GROUP_PLAYERS, TRUTH_WORDS, Context, Vocabulary
from .moves import MoveCode
from .outcomes import OutcomeCode
from .players import PlayerCode
from .state_chance import StateChanceCode
from .statements import StatementCode


class MissingCompiler(AssertionError):
    """A node the parser makes with no compile handler: an inconsistency inside unodsl (the
    registry's check at import refuses it before any script is compiled), never shown as a
    mistake in the author's script."""


class _Emitter(PlayerCode, ExpressionCode, StatementCode, MoveCode, ActionCode, StateChanceCode, AggregateCode,
               ChoiceCode, OutcomeCode):
    """Builds the Python source of one function, line by line."""

    def __init__(self, vocab: Vocabulary, context: Context):
        self.vocab = vocab
        self.context = context
        # The card bare names read in statements: the one the script is about, if any.
        self.card = "card" if context.has_card else None
        # What is known of `chosen` at the statement being compiled (a flow analysis
        # over the branches): set on every path, and whether it may be nobody (a
        # `choose player where ...` that found no one).
        self.chosen = context.chosen
        self.maybe_nobody = False
        self.choosing = False  # compiling the `where` of `choose player`: about each candidate
        self.looping = False  # compiling the body of `for each player`: `player` is someone
        self.loops = 0  # `repeat` and `for each player` blocks around the statement being compiled
        self.lines: list[str] = []
        self.depth = 1
        self.pure = True
        self.asks = False  # puts a question to a player
        self.reads_card = False  # `card.X`: in a bare condition, the card it is about
        self.counter = 0
        # `let` names: the type of each set so far, the ones set on every path to here,
        # and every one the script sets somewhere (to say "read before it is set").
        self.lets: dict[str, str] = {}
        self.assigned: frozenset = frozenset()
        self.all_lets: set = set()
        self.let_tables: dict[str, str] = {}  # `let` names holding a chance outcome: of which table

    def fresh(self, stem: str) -> str:
        self.counter += 1
        return f"_{stem}{self.counter}"

    def emit(self, line: str) -> None:
        self.lines.append("    " * self.depth + line)

    # ---- blocks, branches and types

    def block(self, body: tuple) -> None:
        if not body:
            self.emit("pass")
        for index, stmt in enumerate(body):
            handler = LANGUAGE.compilers.get(type(stmt))
            if handler is None:  # (unodsl's gap, not the author's mistake: the registry's check)
                raise MissingCompiler(f"unodsl has no compiler for the statement {type(stmt).__name__}: "
                                      "give it a row in lang/ast/ and a handler, @compiles(ast.X)")
            self.check_place(stmt, body[index - 1] if index else None)
            if self.maybe_nobody and _names_chosen(stmt):
                self.when_someone_chosen(handler, stmt)
            else:
                handler(self, stmt)

    def check_place(self, stmt: ast.Node, previous: ast.Node | None) -> None:
        """Refuse a statement that cannot run where it is (what a statement needs of its
        kind of script, each statement's method checks)."""
        if isinstance(previous, ast.TurnAnother):
            raise ScriptError("nothing after `turn another` runs: the card is back in the draw pile "
                              "and another is turned", stmt.line, stmt.column)
        if self.context.kind == "use" and takes_what_is_offered(stmt):
            what = ("make a player leave the round (their cards leave their hand)" if isinstance(stmt, ast.Eliminate)
                    else "take cards out of a hand")
            raise ScriptError(f"a table card is used while a player is deciding something, so its `use:` "
                              f"cannot {what}: the decision would offer cards no longer there", stmt.line,
                              stmt.column, hint="a `use:` may draw, skip, reverse, choose, show hands, ...")
        if self.context.kind == "use" and _names_a_discard_pile(stmt, self.vocab.discard_piles):
            raise ScriptError("a table card is used while a player is deciding something, so its `use:` cannot "
                              "move cards to or from a discard pile: the decision would offer cards that no longer "
                              "go", stmt.line, stmt.column, hint="a `use:` may move cards between other piles")

    def when_someone_chosen(self, handler, stmt) -> None:
        """A statement about `chosen` does nothing when no one was chosen."""
        self.emit("if chosen is not None:")
        self.depth += 1
        self.maybe_nobody = False
        handler(self, stmt)
        self.maybe_nobody = True  # (on the path where no one was chosen)
        self.depth -= 1

    def branches(self, bodies, exhaustive: bool, emit_header) -> None:
        """Compile alternative bodies (`emit_header(index)` before each); afterwards
        `chosen` is known to be set only if it is so at the end of every path."""
        before = self.chosen, self.maybe_nobody
        after = [] if exhaustive else [before]
        lets_before = self.assigned
        lets_after = [] if exhaustive else [lets_before]
        for index, body in enumerate(bodies):
            self.chosen, self.maybe_nobody = before
            self.assigned = lets_before
            emit_header(index)
            self.depth += 1
            self.block(body)
            self.depth -= 1
            after.append((self.chosen, self.maybe_nobody))
            lets_after.append(self.assigned)
        self.chosen = all(known for known, _ in after)
        self.maybe_nobody = any(nobody for _, nobody in after)
        self.assigned = frozenset.intersection(*lets_after)

    def loop(self, stmt: ast.Node, body) -> None:
        """Compile a loop's block with `body()`, refusing loops nested past MAX_LOOP_DEPTH
        (each is a Python loop: Python refuses more than 20 inside each other)."""
        if self.loops >= MAX_LOOP_DEPTH:
            raise ScriptError(f"loops nested too deeply: more than {MAX_LOOP_DEPTH} `repeat` and `for each player` "
                              "blocks inside each other", stmt.line, stmt.column,
                              hint="loops inside each other can be one `repeat` of the counts multiplied")
        self.loops += 1
        try:
            body()
        finally:
            self.loops -= 1

    def spend_each_pass(self, body: tuple) -> None:
        """The first line of a loop's block: each pass spends the round's budget of work by
        the statements it may run (unodsl.engine.budget), so loops inside loops are stopped."""
        self.depth += 1
        self.emit(f"g.work += {self.vocab.costs().weight(body)}")  # (g.spend written out: no call)
        self.emit("if g.work > g.work_check: g.checkpoint()")
        self.depth -= 1

    def for_each(self, player: ast.Player, call: str, aimed: bool = False) -> None:
        """Emit `call` (with {p}) once per targeted player.

        An `aimed` action against another player first lets them react
        (cancel it with a reaction card), in editions that have one.
        """
        guarded = aimed and self.vocab.reactions and player.who != "me"
        if player.who in GROUP_PLAYERS or guarded:
            var = self.fresh("p")
            self.emit(f"for {var} in {self.each(player)}:")
            self.depth += 1
            if guarded:
                self.emit(f"if g.against({var}):")
                self.depth += 1
            self.emit(call.format(p=var))
            self.depth -= 2 if guarded else 1
        else:
            self.emit(call.format(p=self.single(player)))

    def aimed(self, stmt: ast.Node, call: str) -> None:
        """Emit `call` (with {p}) once per player the statement is aimed at: the field its
        row's `aims` names; each of them may first cancel it with a reaction card."""
        self.for_each(getattr(stmt, LANGUAGE.of(stmt).aims), call, aimed=True)

    def number(self, node: ast.Node, what: str) -> str:
        """`what` takes a whole number: say so when the script gives something else."""
        kind = self.type_of(node)
        if kind not in ("number", "any"):
            raise ScriptError(f"{what} takes a number, not {_A_TYPE[kind]}", node.line, node.column)
        return kind

    def amount(self, node: ast.Node, what: str) -> str:
        """The source of a number a statement takes; a value that may be something else
        (a tag's text, a setting's table) counts as absent, which is none."""
        if self.number(node, what) == "any":
            return f"_whole({self.expr(node, self.card)})"
        return self.expr(node, self.card)

    def type_of(self, node: ast.Node) -> str:
        """number, text, bool, card or any (a tag, whose values may be of any kind)."""
        typed = self.value_type(node)
        if typed is not None:
            return typed
        if isinstance(node, ast.Name):
            if node.name in ("number", "points", "players"):
                return "number"
            if node.name in ("colour", "symbol", "kind", "name") or node.name in self.vocab.values():
                return "text"
            return "bool" if node.name in ("wild", "playable", *TRUTH_WORDS) else "any"
        if isinstance(node, ast.PlaceAttr):  # (a pile's size, top card or colour)
            return {"size": "number", "top": "card"}.get(node.attr, "text")
        if isinstance(node, ast.Dotted):
            if node.base == "settings":
                value = self.vocab.settings.get(node.attr)
                return ("bool" if isinstance(value, bool) else "number" if isinstance(value, int)
                        else "text" if isinstance(value, str) else "any")
            return self.type_of(ast.Name(node.line, node.column, node.attr))
        return LANGUAGE.of(node).gives or "bool"  # (the row's type of the value; a condition is one)


def takes_what_is_offered(stmt: ast.Node) -> bool:
    """A statement that takes cards out of a hand, or moves what a player deciding something
    is offered: what may not run while a table card is used (at a decision)."""
    return LANGUAGE.of(stmt).takes_from_hands or _moves_what_is_offered(stmt)


def _moves_what_is_offered(stmt: ast.Node) -> bool:
    """A move out of a hand or the discard pile, or onto the discard pile: what a player
    deciding something is offered (their cards, what they match). (Whether a statement takes
    from hands whatever its places is its row's `takes_from_hands`: lang/ast/.)"""
    if isinstance(stmt, ast.Move):
        return stmt.destination.pile == "discard" or _offered(stmt.source)
    return isinstance(stmt, ast.Deal) and _offered(stmt.source)


def _names_a_discard_pile(stmt: ast.Node, names: tuple) -> bool:
    """A move, shuffle or deal with one of several discard piles by name (`left pile`)."""
    places = [value for value in vars(stmt).values() if isinstance(value, ast.Place)]
    return bool(names) and isinstance(stmt, (ast.Move, ast.Shuffle, ast.Deal)) and any(
        place.pile in names and place.player is None for place in places)


def _offered(place: ast.Place) -> bool:
    return place.player is not None and place.pile is None or place.every_hand or place.pile == "discard"


def _names_chosen(stmt: ast.Node) -> bool:
    """The statement acts on or with `chosen` (not only in a condition of it): named
    itself, or as a place or a picker of a move, or as whose state variable it sets."""
    for value in vars(stmt).values():
        if isinstance(value, ast.Player) and value.who == "chosen":
            return True
        if isinstance(value, (ast.Place, ast.Cards, ast.StateRef)) and _names_chosen(value):
            return True
    return False

"""Compile effect-language syntax trees into Python functions, once, at load.

Each script becomes the source text of one Python function, which is then
compiled by Python itself: a card's effect costs a plain function call when it
is played, with no tree walked and no closure per node. A question put to a
player (choose colour, challenges, ...) is a plain call too: the engine's
`ask` answers it from the seat's agent, or pauses the match until the answer
comes from outside (see unodsl.engine.match).

The functions call the engine through a small set of primitives on the round
state `g` (see unodsl.engine.round.Round): g.draw, g.skip, g.reverse, ...
"""
from __future__ import annotations

import difflib
import operator
from dataclasses import dataclass, field
from typing import Callable

from ..errors import ScriptError
from . import ast

CARD_ATTRIBUTES = ("colour", "number", "symbol", "kind", "name", "points", "wild")
# `next` and `previous` are written out (not g.next_of(me)): a call less each time.
# `chosen` is a local of the compiled function, set by its `choose player` (or, in a table
# card's `use:`, by the engine's g.chosen): a script never reads another script's pick.
SINGLE_PLAYERS = {"me": "me", "next": "(me + g.direction) % g.n", "previous": "(me - g.direction) % g.n",
                  "chosen": "chosen", "dealer": "g.dealer"}
GROUP_PLAYERS = {"others": "g.others(me)", "everyone": "g.everyone(me)"}
PLAYER_ATTRIBUTES = {"hand": "len(g.hands[{p}])", "score": "g.scores[{p}]"}
GAME_NAMES = {"players": "g.n"}


@dataclass
class Vocabulary:
    """What names mean in one edition: card attributes, tags, values, settings."""

    colours: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    symbols: tuple[str, ...] = ()
    tags: dict[str, set] = field(default_factory=dict)  # tag -> values (True for flags)
    settings: dict = field(default_factory=dict)
    # Some card may be played out of turn to cancel an action aimed at its
    # holder: actions aimed at other players then ask `g.against(p)` first.
    reactions: bool = False
    # A house rule says `stack where ...`: a draw a card gives another player may wait
    # for their answer, so `draws` asks the engine (an edition without pays nothing).
    stacking: bool = False

    def values(self) -> set:
        found = set(self.colours) | set(self.kinds) | set(self.symbols)
        for values in self.tags.values():
            found |= {v for v in values if isinstance(v, str)}
        return found


@dataclass(frozen=True)
class Context:
    """Which kind of script is compiled, and so what it may do and read.

    kind: "effect" (a card played, or a reaction card's effect), "start" (a start
    card's `on_start`), "use" (a table card's `use:`), "written" (a rule written on
    a blank card), "hook" (the body of an `on EVENT:` house rule) or "condition"
    (`bluff_if`, a tag, a hook's `where`, a reaction's `against`) or "playable" (a
    kind's `playable` condition, which may not ask itself whether a card is playable).
    """

    kind: str = "effect"
    event: str | None = None  # a hook's event
    chosen: bool = False  # `chosen` is someone as the script begins (a table card's target)

    @property
    def has_card(self) -> bool:
        """Whether the script is about a card (`card.X`, and bare names in its statements):
        a turn_start hook is about none."""
        return self.event != "turn_start"

    def about(self) -> str:
        return f"an `on {self.event}` hook" if self.kind == "hook" else _SCRIPT_NAMES[self.kind]


_SCRIPT_NAMES = {"effect": "a card's effect", "start": "a start card's `on_start`", "use": "a table card's `use:`",
                 "written": "a rule written on a card", "hook": "a hook", "condition": "a condition",
                 "playable": "a `playable` condition"}
EFFECT = Context("effect")
START = Context("start")
USE = Context("use", chosen=True)
WRITTEN = Context("written")
CONDITION = Context("condition")
PLAYABLE = Context("playable")


def hook_context(event: str) -> Context:
    return Context("hook", event)


@dataclass
class Compiled:
    """One compiled script: the function and its Python source."""

    function: Callable
    source: str
    pure: bool = True  # a condition reading only the card, the top card and settings
    hooks: list = field(default_factory=list)  # (event, Compiled predicate or None, Compiled body)
    stack_rules: list = field(default_factory=list)  # Compiled conditions of `stack where C` (house rules)
    tree: object = None  # the syntax tree it was compiled from (for checks and explanations)


class _Emitter:
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
        self.lines: list[str] = []
        self.depth = 1
        self.pure = True
        self.asks = False  # puts a question to a player
        self.reads_card = False  # `card.X`: in a bare condition, the card it is about
        self.counter = 0

    def fresh(self, stem: str) -> str:
        self.counter += 1
        return f"_{stem}{self.counter}"

    def emit(self, line: str) -> None:
        self.lines.append("    " * self.depth + line)

    # ---- players

    def single(self, player: ast.Player) -> str:
        if player.who in GROUP_PLAYERS:
            raise ScriptError(f"'{player.who}' is several players; this needs one "
                              f"(me, next, previous, chosen, dealer)", player.line, player.column)
        self.pure = False
        self.read_chosen(player)
        return SINGLE_PLAYERS[player.who]

    def each(self, player: ast.Player) -> str:
        """An iterable of seats for a statement that may target several players."""
        self.pure = False
        if player.who in GROUP_PLAYERS:
            return GROUP_PLAYERS[player.who]
        self.read_chosen(player)
        return self.unless_nobody(player, f"({SINGLE_PLAYERS[player.who]},)", "()")

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

    # ---- expressions

    def expr(self, node: ast.Node, card: str) -> str:
        """Python source of an expression; bare attributes read the card named `card`."""
        method = getattr(self, "x_" + type(node).__name__, None)
        if method is None:
            raise ScriptError(f"a {type(node).__name__.lower()} statement cannot be used as a value",
                              node.line, node.column)
        return method(node, card)

    def x_Int(self, node, card):
        return repr(node.value)

    def x_Str(self, node, card):
        return repr(node.value)

    def x_Const(self, node, card):
        return repr(node.value)

    def x_Name(self, node, card):
        """A bare name: an attribute of the card `card` (None: there is none here), a game
        value or a value."""
        name = node.name
        if name in CARD_ATTRIBUTES or name in self.vocab.tags or name == "playable":
            if card is None:
                raise self.no_card(node, name)
            return self.card_attribute(name, card, node)
        if name in GAME_NAMES:
            self.pure = False
            return GAME_NAMES[name]
        if name in self.vocab.values():
            return repr(name)
        if name in PLAYER_ATTRIBUTES:
            whose = "chosen" if self.choosing else "me"
            raise ScriptError(f"`{name}` is about a player: say whose", node.line, node.column,
                              hint=f"write `{whose}.{name}` (or `next.{name}`, `previous.{name}`, ...)")
        raise _unknown(node, name, self.known_names())

    def card_attribute(self, name: str, card: str, node) -> str:
        if name in CARD_ATTRIBUTES:
            return f"{card}.{name}"
        if name in self.vocab.tags:
            return f"{card}.tags.get({name!r})"
        if self.context.kind == "playable":  # is_playable runs the `playable` conditions
            raise ScriptError("a `playable` condition cannot read `playable`: it would ask itself again "
                              "and again", node.line, node.column,
                              hint="say when the card may be played from the cards themselves "
                                   "(colour == top.colour, ...)")
        self.pure = False  # `playable`: the card could be played now
        return f"g.is_playable({card})"

    def no_card(self, node, name: str) -> ScriptError:
        """A card's attribute read where the condition or hook is about no card."""
        if self.choosing:
            return ScriptError(f"`{name}` is about a card, but the condition of `choose player` is about "
                               "each player it may choose", node.line, node.column,
                               hint="write `chosen.hand`, `chosen.score` or `chosen holds CONDITION` "
                                    f"(and `card.{name}` for the card played)")
        return ScriptError(f"`{name}` reads a card, but {self.context.about()} is about no card",
                           node.line, node.column,
                           hint="read the players instead: `me.hand`, `me holds CONDITION`, ...")

    def known_names(self) -> list[str]:
        return [*CARD_ATTRIBUTES, "playable", *self.vocab.tags, *GAME_NAMES, *sorted(self.vocab.values())]

    def x_Dotted(self, node, card):
        base, attr = node.base, node.attr
        if base == "settings":
            if attr not in self.vocab.settings:
                raise _unknown(node.attr_node(), attr, list(self.vocab.settings), what="setting")
            return repr(self.vocab.settings[attr])
        if base == "top":
            if attr == "colour":
                return "g.colour"  # the colour in play: a Wild's chosen colour
            return self.x_Name(node.attr_node(), "g.discard[-1]")
        if base == "card":
            if not self.context.has_card:
                raise self.no_card(node, f"card.{attr}")
            self.pure = False
            self.reads_card = True
            return self.x_Name(node.attr_node(), "card")
        raise _unknown(node, base, ["top", "card", "settings"], what="name before '.'")

    def x_PlayerAttr(self, node, card):
        if node.attr not in PLAYER_ATTRIBUTES:
            raise _unknown(node, node.attr, list(PLAYER_ATTRIBUTES), what="player attribute")
        figure = PLAYER_ATTRIBUTES[node.attr].format(p=self.single(node.player))
        return self.unless_nobody(node.player, figure, "None")

    def x_Compare(self, node, card):
        left, right = self.expr(node.left, card), self.expr(node.right, card)
        types = {self.type_of(node.left), self.type_of(node.right)} - {"any"}
        if len(types) > 1:
            a, b = (self.type_of(n) for n in (node.left, node.right))
            raise ScriptError(f"`{node.op}` compares {_A_TYPE[a]} with {_A_TYPE[b]}: they are never equal",
                              node.line, node.column)
        if node.op not in ("==", "!=") and types - {"number"}:
            raise ScriptError(f"`{node.op}` compares numbers, not {_A_TYPE[types.pop()]}s"[:-1],
                              node.line, node.column)
        op = node.op
        # (a side that compiled to a literal, a colour or a setting, is never None: no test of it,
        # which Python would warn about)
        may_be_none = [self.may_be_none(n) and not _literal(src) for n, src in ((node.left, left), (node.right, right))]
        if op in ("==", "!="):
            if may_be_none[0] and may_be_none[1]:
                # Two absent attributes (a number card's symbol and another's) do not match.
                test = f"({left} == {right} and {left} is not None)"
                return test if op == "==" else f"(not {test})"
            return f"({left} {op} {right})"
        # Only whole numbers are ordered: an absent value, or a tag's text, is never < or >.
        guards = [f"isinstance({src}, int)" for src, maybe in zip((left, right), may_be_none) if maybe]
        return "(" + " and ".join([*guards, f"{left} {op} {right}"]) + ")"

    def x_Member(self, node, card):
        value = self.expr(node.value, card)
        coll = node.collection
        if isinstance(coll, ast.RangeOf):
            for end in (node.value, coll.low, coll.high):
                self.number(end, "`in LOW..HIGH`")
            test = f"_between({value}, {self.expr(coll.low, card)}, {self.expr(coll.high, card)})"
        else:
            items = ", ".join(self.expr(item, card) for item in coll.items)
            test = f"({value} in ({items}{',' if len(coll.items) == 1 else ''}))"
        return f"(not {test})" if node.negated else test

    def x_Arith(self, node, card):
        self.number(node.left, f"`{node.op}`")
        self.number(node.right, f"`{node.op}`")
        op = "//" if node.op == "/" else node.op
        return f"_arith({op!r}, {self.expr(node.left, card)}, {self.expr(node.right, card)})"

    def x_Neg(self, node, card):
        self.number(node.operand, "`-`")
        return f"_arith('-', 0, {self.expr(node.operand, card)})"

    def x_And(self, node, card):
        return "(" + " and ".join(self.expr(item, card) for item in node.items) + ")"

    def x_Or(self, node, card):
        return "(" + " or ".join(self.expr(item, card) for item in node.items) + ")"

    def x_Not(self, node, card):
        return f"(not {self.expr(node.operand, card)})"

    def x_Holds(self, node, card):
        var = self.fresh("c")
        hand = f"g.hands[{self.single(node.player)}]"
        return self.unless_nobody(node.player, f"any({self.expr(node.predicate, var)} for {var} in {hand})", "False")

    def x_Count(self, node, card):
        var = self.fresh("c")
        hand = f"g.hands[{self.single(node.player)}]"
        count = f"sum(1 for {var} in {hand} if {self.expr(node.predicate, var)})"
        return self.unless_nobody(node.player, count, "None")

    def x_Challenges(self, node, card):
        self.asks, self.pure = True, False
        target = self.single(node.player)
        if self.vocab.reactions:
            challenge = f"(g.against({target}) and g.ask_challenge({target}, me))"
        else:
            challenge = f"g.ask_challenge({target}, me)"
        return self.unless_nobody(node.player, challenge, "False")

    def x_Accepts(self, node, card):
        self.asks, self.pure = True, False
        return f"g.anyone_accepts(list({self.each(node.player)}), {node.question!r})"

    def x_Bluffed(self, node, card):
        self.pure = False
        return "g.bluffed"

    def predicate(self, node: ast.Node | None) -> str:
        """A one-argument function testing a card, as Python source."""
        if node is None:
            return "None"
        var = self.fresh("c")
        return f"(lambda {var}: {self.expr(node, var)})"

    def player_predicate(self, node: ast.Node | None) -> str:
        """A one-argument function testing a seat (`choose player where`): in it,
        `chosen` is the player tested."""
        if node is None:
            return "None"
        saved = self.chosen, self.maybe_nobody, self.choosing
        self.chosen, self.maybe_nobody, self.choosing = True, False, True
        test = self.expr(node, None)
        self.chosen, self.maybe_nobody, self.choosing = saved
        return f"(lambda chosen: {test})"

    def may_be_none(self, node: ast.Node) -> bool:
        """Card attributes can be absent (a Wild has no colour, a Skip no number), and so
        can arithmetic on them, and the figures of `chosen` when no one was chosen."""
        if isinstance(node, (ast.PlayerAttr, ast.Count)):
            return node.player.who == "chosen" and self.maybe_nobody
        return isinstance(node, (ast.Name, ast.Dotted, ast.Arith, ast.Neg))

    # ---- statements

    def block(self, body: tuple) -> None:
        if not body:
            self.emit("pass")
        for index, stmt in enumerate(body):
            method = getattr(self, "s_" + type(stmt).__name__, None)
            if method is None:
                raise ScriptError(f"{type(stmt).__name__.lower()} is not allowed here",
                                  stmt.line, stmt.column)
            self.check_place(stmt, body[index - 1] if index else None)
            if self.maybe_nobody and _names_chosen(stmt):
                self.when_someone_chosen(method, stmt)
            else:
                method(stmt)

    def check_place(self, stmt: ast.Node, previous: ast.Node | None) -> None:
        """Refuse a statement that cannot run where it is (what a statement needs of its
        kind of script, each statement's method checks)."""
        if isinstance(previous, ast.TurnAnother):
            raise ScriptError("nothing after `turn another` runs: the card is back in the draw pile "
                              "and another is turned", stmt.line, stmt.column)
        if self.context.kind == "use" and isinstance(stmt, _TAKES_FROM_HANDS):
            raise ScriptError("a table card is used while a player is deciding something, so its `use:` "
                              "cannot take cards out of a hand: the decision would offer cards no longer "
                              "there", stmt.line, stmt.column,
                              hint="a `use:` may draw, skip, reverse, choose, show hands, ...")

    def when_someone_chosen(self, method, stmt) -> None:
        """A statement about `chosen` does nothing when no one was chosen."""
        self.emit("if chosen is not None:")
        self.depth += 1
        self.maybe_nobody = False
        method(stmt)
        self.maybe_nobody = True  # (on the path where no one was chosen)
        self.depth -= 1

    def branches(self, bodies, exhaustive: bool, emit_header) -> None:
        """Compile alternative bodies (`emit_header(index)` before each); afterwards
        `chosen` is known to be set only if it is so at the end of every path."""
        before = self.chosen, self.maybe_nobody
        after = [] if exhaustive else [before]
        for index, body in enumerate(bodies):
            self.chosen, self.maybe_nobody = before
            emit_header(index)
            self.depth += 1
            self.block(body)
            self.depth -= 1
            after.append((self.chosen, self.maybe_nobody))
        self.chosen = all(known for known, _ in after)
        self.maybe_nobody = any(nobody for _, nobody in after)

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
        """number, text, bool or any (a tag, whose values may be of any kind)."""
        if isinstance(node, (ast.Int, ast.Arith, ast.Neg, ast.Count, ast.PlayerAttr)):
            return "number"
        if isinstance(node, ast.Str):
            return "text"
        if isinstance(node, ast.Name):
            if node.name in ("number", "points", "players"):
                return "number"
            if node.name in ("colour", "symbol", "kind", "name") or node.name in self.vocab.values():
                return "text"
            return "bool" if node.name in ("wild", "playable") else "any"
        if isinstance(node, ast.Dotted):
            if node.base == "settings":
                value = self.vocab.settings.get(node.attr)
                return ("bool" if isinstance(value, bool) else "number" if isinstance(value, int)
                        else "text" if isinstance(value, str) else "any")
            return self.type_of(ast.Name(node.line, node.column, node.attr))
        return "bool"

    def s_Draw(self, s):
        draw = "g.draw_or_wait" if self.vocab.stacking and s.target.who != "me" else "g.draw"
        self.for_each(s.target, f"{draw}({{p}}, {self.amount(s.amount, '`draws`')})", aimed=True)

    def s_StackRule(self, s):
        raise ScriptError("a stacking rule is for the whole table: write `stack where ...` at the "
                          "top of a house rule, not inside a block", s.line, s.column)

    def s_DrawOrPass(self, s):
        call = f"g.draw_or_pass({{p}}, {self.amount(s.amount, '`draws`')}, {self.predicate(s.predicate)})"
        self.for_each(s.target, call, aimed=True)

    def s_DrawUntil(self, s):
        self.for_each(s.target, f"g.draw_until({{p}}, {self.predicate(s.predicate)})", aimed=True)

    def s_DrawTo(self, s):
        self.for_each(s.target, f"g.draw_or_discard_to({{p}}, {self.amount(s.size, '`to`')}, {s.can_draw})",
                      aimed=True)

    def s_DiscardAll(self, s):
        self.for_each(s.target, f"g.discard_all({{p}}, {self.predicate(s.predicate)})", aimed=True)

    def s_GiveAll(self, s):
        self.emit(f"g.give_all(me, {self.predicate(s.predicate)}, list({self.each(s.recipients)}))")

    def s_Skip(self, s):
        self.for_each(s.target, "g.skip({p})", aimed=True)

    def s_Reverse(self, s):
        self.emit("g.reverse()")

    def s_ChooseColour(self, s):
        self.for_each(s.chooser, "g.choose_colour({p})")

    def s_ChoosePlayer(self, s):
        self.emit(f"chosen = g.choose_player(me, {self.player_predicate(s.predicate)})")
        # Someone, unless a condition left no one to choose.
        self.chosen, self.maybe_nobody = True, s.predicate is not None

    def s_ExtraTurn(self, s):
        self.emit("g.extra_turn(me)")

    def s_TurnAnother(self, s):
        if self.context.kind != "start":
            raise ScriptError(f"`turn another` replaces a start card, so it belongs in an `on_start:` rule, "
                              f"not in {self.context.about()}", s.line, s.column)
        self.emit("g.turn_another(card)")
        self.emit("return")  # the card is no longer on the pile: nothing more to do with it

    def s_ShowHand(self, s):
        self.for_each(s.owner, f"g.show_hand({{p}}, list({self.each(s.viewers)}))", aimed=True)

    def s_FaceUp(self, s):
        self.for_each(s.target, "g.face_up({p}, me)", aimed=True)

    def s_SwapHands(self, s):
        self.emit(f"g.swap_hands({self.single(s.player)}, {self.single(s.other)})")

    def s_RotateHands(self, s):
        self.emit("g.rotate_hands()")

    def s_ApplyRule(self, s):
        if self.context.kind == "written":
            raise ScriptError("a rule written on a card cannot apply the rule written on it: "
                              "it would apply itself again and again", s.line, s.column)
        if not self.context.has_card:
            raise ScriptError(f"`apply written rule` reads the card's rule, but {self.context.about()} "
                              "is about no card", s.line, s.column)
        self.emit("g.apply_written_rule(me, card)")

    def s_Nothing(self, s):
        self.emit("pass")

    def s_If(self, s):
        bodies = [body for _, body in s.branches] + ([s.otherwise] if s.otherwise else [])

        def header(index):
            if index < len(s.branches):
                self.emit(f"{'if' if index == 0 else 'elif'} {self.expr(s.branches[index][0], self.card)}:")
            else:
                self.emit("else:")

        self.branches(bodies, bool(s.otherwise), header)

    def s_Ask(self, s):
        var = self.fresh("a")
        options = [answer.text for answer in s.answers]
        self.emit(f"{var} = g.ask_question({self.single(s.target)}, {s.question!r}, {options!r})")

        def header(index):
            self.emit(f"{'if' if index == 0 else 'elif'} {var} == {s.answers[index].text!r}:")

        # (the player answers with one of the answers: every path runs one of them)
        self.branches([answer.body for answer in s.answers], True, header)


_A_TYPE = {"number": "a number", "text": "a text", "bool": "a condition", "any": "a value"}


# Statements that take cards out of a hand (or may: a written rule, a draw passed on).
_TAKES_FROM_HANDS = (ast.DiscardAll, ast.DrawTo, ast.GiveAll, ast.SwapHands, ast.RotateHands, ast.DrawOrPass,
                     ast.ApplyRule)


def _names_chosen(stmt: ast.Node) -> bool:
    """The statement acts on or with `chosen` (not only in a condition of it)."""
    return any(isinstance(value, ast.Player) and value.who == "chosen" for value in vars(stmt).values())


def _whole(value):
    """A number a statement takes: a value of another kind counts as absent."""
    return value if isinstance(value, int) else None


def _literal(source: str) -> bool:
    """The Python source of a constant: a text, a number, true/false (values and settings)."""
    return source[:1] in "'\"0123456789-" or source in ("True", "False", "None")


_OPERATORS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv,
              "%": operator.mod}


def _arith(op: str, a, b):
    """Whole-number arithmetic in scripts. With an absent value (a Skip's number), a value
    that is not a number (a tag's text), or a division by zero, the result is absent
    (None), which matches nothing, rather than an error at play."""
    if not isinstance(a, int) or not isinstance(b, int) or (op in ("//", "%") and b == 0):
        return None
    return _OPERATORS[op](a, b)


def _between(value, low, high) -> bool:
    """`value in low..high`, for whole numbers only (an absent value is in no range)."""
    return isinstance(value, int) and isinstance(low, int) and isinstance(high, int) and low <= value <= high


def _unknown(node: ast.Node, name: str, known: list[str], what: str = "name") -> ScriptError:
    close = difflib.get_close_matches(name, known, n=1)
    hint = f"did you mean '{close[0]}'?" if close else None
    return ScriptError(f"unknown {what} '{name}'", node.line, node.column, hint=hint)


def _build(emitter: _Emitter, name: str, params: str, origin: str, tree=None) -> Compiled:
    header = f"def {name}({params}):"
    body = emitter.lines or ["    pass"]
    source = "\n".join([header, *body]) + "\n"
    namespace: dict = {"_arith": _arith, "_between": _between, "_whole": _whole}
    exec(compile(source, origin, "exec"), namespace)  # source built only from our own syntax tree
    # Taken out of its namespace, the function is not in a reference cycle with it.
    return Compiled(namespace.pop(name), source, emitter.pure, tree=tree)


def compile_condition(node: ast.Node, vocab: Vocabulary, origin: str = "<condition>",
                      context: Context = CONDITION) -> Compiled:
    """A condition on a card `c` in state `g` for player `me`: `f(c, g, me) -> bool`
    (in a turn_start hook's `where`, `c` is about no card and may not be read)."""
    emitter = _Emitter(vocab, context)
    emitter.emit(f"return bool({emitter.expr(node, 'c' if context.has_card else None)})")
    if emitter.reads_card:  # (was a NameError when the condition ran)
        emitter.lines.insert(0, "    card = c")
    if emitter.asks:
        raise ScriptError("a condition here cannot ask a player a question", node.line, node.column)
    return _build(emitter, "condition", "c, g, me", origin, node)


def compile_script(script: ast.Script, vocab: Vocabulary, origin: str = "<script>",
                   context: Context = EFFECT) -> Compiled:
    """An effect `f(g, me, card)` of the kind `context` says; `on` hooks are compiled
    apart into `.hooks`."""
    emitter = _Emitter(vocab, context)
    if context.chosen:  # the engine chose the player before the script runs
        emitter.emit("chosen = g.chosen")
    statements = [s for s in script.body if not isinstance(s, (ast.On, ast.StackRule))]
    emitter.block(tuple(statements))
    compiled = _build(emitter, "effect", "g, me, card", origin, script)
    compiled.stack_rules = [compile_condition(rule.predicate, vocab, origin)
                            for rule in script.body if isinstance(rule, ast.StackRule)]
    for hook in (s for s in script.body if isinstance(s, ast.On)):
        where = hook_context(hook.event)
        guard = compile_condition(hook.predicate, vocab, origin, where) if hook.predicate else None
        body = compile_script(ast.Script(hook.line, hook.column, hook.body), vocab, origin, where)
        if body.hooks:
            raise ScriptError("a hook cannot hold another hook", hook.line, hook.column)
        if body.stack_rules:
            rule = next(s for s in hook.body if isinstance(s, ast.StackRule))
            raise ScriptError("a stacking rule is for the whole table: write `stack where ...` at the "
                              "top of a house rule, not inside a hook", rule.line, rule.column)
        compiled.hooks.append((hook.event, guard, body))
    return compiled

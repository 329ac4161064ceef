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
SINGLE_PLAYERS = {"me": "me", "next": "(me + g.direction) % g.n", "previous": "(me - g.direction) % g.n",
                  "chosen": "g.chosen", "dealer": "g.dealer"}
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

    def values(self) -> set:
        found = set(self.colours) | set(self.kinds) | set(self.symbols)
        for values in self.tags.values():
            found |= {v for v in values if isinstance(v, str)}
        return found


@dataclass
class Compiled:
    """One compiled script: the function and its Python source."""

    function: Callable
    source: str
    pure: bool = True  # a condition reading only the card, the top card and settings
    hooks: list = field(default_factory=list)  # (event, Compiled predicate or None, Compiled body)
    tree: object = None  # the syntax tree it was compiled from (for checks and explanations)


class _Emitter:
    """Builds the Python source of one function, line by line."""

    def __init__(self, vocab: Vocabulary):
        self.vocab = vocab
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
        return SINGLE_PLAYERS[player.who]

    def each(self, player: ast.Player) -> str:
        """An iterable of seats for a statement that may target several players."""
        self.pure = False
        if player.who in GROUP_PLAYERS:
            return GROUP_PLAYERS[player.who]
        return f"({SINGLE_PLAYERS[player.who]},)"

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
        name = node.name
        if name in CARD_ATTRIBUTES:
            return f"{card}.{name}"
        if name in self.vocab.tags:
            return f"{card}.tags.get({name!r})"
        if name in GAME_NAMES:
            self.pure = False
            return GAME_NAMES[name]
        if name == "playable":  # the card could be played now
            self.pure = False
            return f"g.is_playable({card})"
        if name in self.vocab.values():
            return repr(name)
        raise _unknown(node, name, self.known_names())

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
            self.pure = False
            self.reads_card = True
            return self.x_Name(node.attr_node(), "card")
        raise _unknown(node, base, ["top", "card", "settings"], what="name before '.'")

    def x_PlayerAttr(self, node, card):
        if node.attr not in PLAYER_ATTRIBUTES:
            raise _unknown(node, node.attr, list(PLAYER_ATTRIBUTES), what="player attribute")
        return PLAYER_ATTRIBUTES[node.attr].format(p=self.single(node.player))

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
        may_be_none = [_may_be_none(n) and not _literal(src) for n, src in ((node.left, left), (node.right, right))]
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
        return f"any({self.expr(node.predicate, var)} for {var} in {hand})"

    def x_Count(self, node, card):
        var = self.fresh("c")
        hand = f"g.hands[{self.single(node.player)}]"
        return f"sum(1 for {var} in {hand} if {self.expr(node.predicate, var)})"

    def x_Challenges(self, node, card):
        self.asks, self.pure = True, False
        target = self.single(node.player)
        if self.vocab.reactions:
            return f"(g.against({target}) and g.ask_challenge({target}, me))"
        return f"g.ask_challenge({target}, me)"

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

    # ---- statements

    def block(self, body: tuple) -> None:
        if not body:
            self.emit("pass")
        for stmt in body:
            method = getattr(self, "s_" + type(stmt).__name__, None)
            if method is None:
                raise ScriptError(f"{type(stmt).__name__.lower()} is not allowed here",
                                  stmt.line, stmt.column)
            method(stmt)

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

    def number(self, node: ast.Node, what: str) -> None:
        """`what` takes a whole number: say so when the script gives something else."""
        kind = self.type_of(node)
        if kind not in ("number", "any"):
            raise ScriptError(f"{what} takes a number, not {_A_TYPE[kind]}", node.line, node.column)

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
        self.number(s.amount, "`draws`")
        self.for_each(s.target, f"g.draw({{p}}, {self.expr(s.amount, 'card')})", aimed=True)

    def s_DrawOrPass(self, s):
        self.number(s.amount, "`draws`")
        call = f"g.draw_or_pass({{p}}, {self.expr(s.amount, 'card')}, {self.predicate(s.predicate)})"
        self.for_each(s.target, call, aimed=True)

    def s_DrawUntil(self, s):
        self.for_each(s.target, f"g.draw_until({{p}}, {self.predicate(s.predicate)})", aimed=True)

    def s_DrawTo(self, s):
        self.number(s.size, "`to`")
        self.for_each(s.target, f"g.draw_or_discard_to({{p}}, {self.expr(s.size, 'card')}, {s.can_draw})",
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
        self.emit(f"g.choose_player(me, {self.predicate(s.predicate)})")

    def s_ExtraTurn(self, s):
        self.emit("g.extra_turn(me)")

    def s_TurnAnother(self, s):
        self.emit("g.turn_another(card)")

    def s_ShowHand(self, s):
        self.for_each(s.owner, f"g.show_hand({{p}}, list({self.each(s.viewers)}))", aimed=True)

    def s_FaceUp(self, s):
        self.for_each(s.target, "g.face_up({p}, me)", aimed=True)

    def s_SwapHands(self, s):
        self.emit(f"g.swap_hands({self.single(s.player)}, {self.single(s.other)})")

    def s_RotateHands(self, s):
        self.emit("g.rotate_hands()")

    def s_ApplyRule(self, s):
        self.emit("g.apply_written_rule(me, card)")

    def s_Nothing(self, s):
        self.emit("pass")

    def s_If(self, s):
        for index, (cond, body) in enumerate(s.branches):
            self.emit(f"{'if' if index == 0 else 'elif'} {self.expr(cond, 'card')}:")
            self.depth += 1
            self.block(body)
            self.depth -= 1
        if s.otherwise:
            self.emit("else:")
            self.depth += 1
            self.block(s.otherwise)
            self.depth -= 1

    def s_Ask(self, s):
        var = self.fresh("a")
        options = [answer.text for answer in s.answers]
        self.emit(f"{var} = g.ask_question({self.single(s.target)}, {s.question!r}, {options!r})")
        for index, answer in enumerate(s.answers):
            self.emit(f"{'if' if index == 0 else 'elif'} {var} == {answer.text!r}:")
            self.depth += 1
            self.block(answer.body)
            self.depth -= 1


_A_TYPE = {"number": "a number", "text": "a text", "bool": "a condition", "any": "a value"}


def _may_be_none(node: ast.Node) -> bool:
    """Card attributes can be absent (a Wild has no colour, a Skip no number), and so
    can arithmetic on them."""
    return isinstance(node, (ast.Name, ast.Dotted, ast.Arith, ast.Neg))


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
    namespace: dict = {"_arith": _arith, "_between": _between}
    exec(compile(source, origin, "exec"), namespace)  # source built only from our own syntax tree
    # Taken out of its namespace, the function is not in a reference cycle with it.
    return Compiled(namespace.pop(name), source, emitter.pure, tree=tree)


def compile_condition(node: ast.Node, vocab: Vocabulary, origin: str = "<condition>") -> Compiled:
    """A condition on a card `c` in state `g` for player `me`: `f(c, g, me) -> bool`."""
    emitter = _Emitter(vocab)
    emitter.emit(f"return bool({emitter.expr(node, 'c')})")
    if emitter.reads_card:  # (was a NameError when the condition ran)
        emitter.lines.insert(0, "    card = c")
    if emitter.asks:
        raise ScriptError("a condition here cannot ask a player a question", node.line, node.column)
    return _build(emitter, "condition", "c, g, me", origin, node)


def compile_script(script: ast.Script, vocab: Vocabulary, origin: str = "<script>") -> Compiled:
    """An effect `f(g, me, card)`; `on` hooks are compiled apart into `.hooks`."""
    emitter = _Emitter(vocab)
    statements = [s for s in script.body if not isinstance(s, ast.On)]
    emitter.block(tuple(statements))
    compiled = _build(emitter, "effect", "g, me, card", origin, script)
    for hook in (s for s in script.body if isinstance(s, ast.On)):
        guard = compile_condition(hook.predicate, vocab, origin) if hook.predicate else None
        body = compile_script(ast.Script(hook.line, hook.column, hook.body), vocab, origin)
        if body.hooks:
            raise ScriptError("a hook cannot hold another hook", hook.line, hook.column)
        compiled.hooks.append((hook.event, guard, body))
    return compiled

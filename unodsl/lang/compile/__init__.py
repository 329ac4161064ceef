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

from ...errors import ScriptError
from ...limits import MAX_REPEATS
from .. import ast, statements

CARD_ATTRIBUTES = ("colour", "number", "symbol", "kind", "name", "points", "wild")
# `next` and `previous` are written out (not g.next_of(me)): a call less each time.
# `chosen` is a local of the compiled function, set by its `choose player` (or, in a table
# card's `use:`, by the engine's g.chosen): a script never reads another script's pick.
SINGLE_PLAYERS = {"me": "me", "next": "(me + g.direction) % g.n", "previous": "(me - g.direction) % g.n",
                  "chosen": "chosen", "dealer": "g.dealer"}
GROUP_PLAYERS = {"others": "g.others(me)", "everyone": "g.everyone(me)"}
PLAYER_ATTRIBUTES = {"hand": "len(g.hands[{p}])", "score": "g.scores[{p}]"}
GAME_NAMES = {"players": "g.playing"}  # the players still in the round


@dataclass
class Vocabulary:
    """What names mean in one edition: card attributes, tags, values, settings."""

    colours: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    symbols: tuple[str, ...] = ()
    tags: dict[str, set] = field(default_factory=dict)  # tag -> values (True for flags)
    settings: dict = field(default_factory=dict)
    # The edition's `state:` (name -> StateVar, per player and per game) and `chance:`
    # (table name -> ((outcome, weight), ...)) sections.
    player_state: dict = field(default_factory=dict)
    game_state: dict = field(default_factory=dict)
    chance: dict = field(default_factory=dict)
    # The piles the edition declares in `piles:`, besides the draw, discard and aside piles.
    piles: tuple = ()
    # Some card may be played out of turn to cancel an action aimed at its
    # holder: actions aimed at other players then ask `g.against(p)` first.
    reactions: bool = False
    # A player may leave a round (some script may `eliminate`): `next` and `previous`
    # then pass over those who left. The loader says False for an edition none of whose
    # scripts eliminates and that has no blank card (a rule written mid-game might), so
    # that its `next` stays plain arithmetic; `eliminating` records that one did.
    eliminates: bool = True
    eliminating: bool = False
    # A house rule says `stack where ...`: a draw a card gives another player may wait
    # for their answer, so `draws` asks the engine (an edition without pays nothing).
    stacking: bool = False
    # The edition's `actions:` (name -> whether its script may take cards out of a hand,
    # or make a player leave the round: refused in a table card's `use:`).
    actions: dict = field(default_factory=dict)

    def values(self) -> set:
        found = set(self.colours) | set(self.kinds) | set(self.symbols)
        for values in self.tags.values():
            found |= {v for v in values if isinstance(v, str)}
        return found


@dataclass(frozen=True)
class StateVar:
    """One variable of an edition's `state:` section."""

    name: str
    type: str  # counter, flag, colour or card
    initial: object  # a whole number, true/false, a colour or None
    keep: str = "round"  # "round": back to `initial` each round; "match": kept from round to round

    @property
    def value_type(self) -> str:
        """Its type as the script's values are typed (number, bool, text, card)."""
        return STATE_VALUE_TYPES[self.type]


STATE_VALUE_TYPES = {"counter": "number", "flag": "bool", "colour": "text", "card": "card"}


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
        return self.kind != "action" and self.event not in ("turn_start", "hand_grows", *REPLACED_DRAWS)

    def about(self) -> str:
        if self.event in REPLACED_DRAWS:
            return f"an `instead of {self.event}` rule"
        return f"an `on {self.event}` hook" if self.kind == "hook" else _SCRIPT_NAMES[self.kind]


_SCRIPT_NAMES = {"effect": "a card's effect", "start": "a start card's `on_start`", "use": "a table card's `use:`",
                 "written": "a rule written on a card", "hook": "a hook", "condition": "a condition",
                 "playable": "a `playable` condition", "action": "an action of the edition's `actions:`"}
# The draws a house rule may replace (`instead of turn_draw:`): the turn's draw, the missed-UNO penalty.
REPLACED_DRAWS = ("turn_draw", "uno_penalty")
ACTION = Context("action")
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
    replacements: list = field(default_factory=list)  # (event, Compiled body) of `instead of EVENT:` rules


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
        self.looping = False  # compiling the body of `for each player`: `player` is someone
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
        if isinstance(player, ast.RankedPlayer):
            return self.ranked(player)
        if player.who == "player" and not self.looping:
            raise ScriptError("`player` is the player of a `for each player in ...:` loop, but this is "
                              "not inside one", player.line, player.column,
                              hint="write `for each player in others:` and use `player` in its block")
        if player.who == "partner" and not self.vocab.settings.get("teams"):
            raise ScriptError("`partner` is the player sitting opposite in team play, but this edition "
                              "is not played in teams", player.line, player.column,
                              hint="set `teams: true` in the edition's settings (or play it with them on)")
        if self.vocab.eliminates and player.who in _PASSING_OVER:
            return _PASSING_OVER[player.who]
        return _OTHER_SEATS.get(player.who) or SINGLE_PLAYERS[player.who]

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
        if name in self.all_lets or name in CARD_VALUES:
            return self.value_name(node, card)
        if name in CARD_ATTRIBUTES or name in self.vocab.tags or name == "playable":
            if card is None:
                raise self.no_card(node, name)
            return self.card_attribute(name, card, node)
        if name in GAME_NAMES:
            self.pure = False
            return GAME_NAMES[name]
        if name in TRUTH_WORDS and name not in self.vocab.values():  # `set me.power to true`
            return repr(TRUTH_WORDS[name])
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
        return [*CARD_ATTRIBUTES, "playable", *self.vocab.tags, *GAME_NAMES, *sorted(self.vocab.values()), *TRUTH_WORDS]

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
        if base == "game" or base in self.all_lets:
            return self.dotted_value(node)
        raise _unknown(node, base, ["top", "card", "settings", "game", *self.lets], what="name before '.'")

    def x_PlayerAttr(self, node, card):
        if node.attr in self.vocab.player_state:
            return self.read_player_state(node)
        if node.attr not in PLAYER_ATTRIBUTES:
            raise _unknown(node, node.attr, [*PLAYER_ATTRIBUTES, *self.vocab.player_state], what="player attribute")
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
        if _draws_chance(node):  # each side once: a value drawn twice would be two draws
            return f"_equal({left}, {right}, {op == '!='})" if op in ("==", "!=") else f"_ordered({op!r}, {left}, {right})"
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
        if isinstance(node, ast.PlayerAttr) and node.attr in self.vocab.player_state:
            return True  # (a remembered colour or card may be none; so may `chosen`)
        if isinstance(node, (ast.PlayerAttr, ast.Count)):
            return node.player.who == "chosen" and self.maybe_nobody
        if isinstance(node, (ast.RandomNumber, ast.RandomOutcome, ast.RandomCard)):
            return True
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
        if self.context.kind == "use" and (isinstance(stmt, _TAKES_FROM_HANDS) or _moves_what_is_offered(stmt)):
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
        """number, text, bool, card or any (a tag, whose values may be of any kind)."""
        typed = self.value_type(node)
        if typed is not None:
            return typed
        if isinstance(node, (ast.Int, ast.Arith, ast.Neg, ast.Count, ast.PlayerAttr)):
            return "number"
        if isinstance(node, ast.Str):
            return "text"
        if isinstance(node, ast.Name):
            if node.name in ("number", "points", "players"):
                return "number"
            if node.name in ("colour", "symbol", "kind", "name") or node.name in self.vocab.values():
                return "text"
            return "bool" if node.name in ("wild", "playable", *TRUTH_WORDS) else "any"
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
        # (sugar: `move all cards where C from P's hand to discard pile`)
        move = f"g.move({{p}}, ('hand', {{p}}), ('pile', 'discard'), None, {self.predicate(s.predicate)}, None, False)"
        self.for_each(s.target, move, aimed=True)

    def s_GiveAll(self, s):
        self.emit(f"g.give_all(me, {self.predicate(s.predicate)}, list({self.each(s.recipients)}))")

    def s_Skip(self, s):
        self.for_each(s.target, "g.skip({p})", aimed=True)

    def s_Reverse(self, s):
        self.emit("g.reverse()")

    def s_ChooseColour(self, s):
        if not self.vocab.colours:
            raise ScriptError("this edition has no colours: there is none to choose", s.line, s.column,
                              hint="an edition of Wilds only (`colours: []`) plays any card on any card")
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

    def s_ForEach(self, s):
        if self.looping:
            raise ScriptError("a `for each player` loop inside another would hide the outer `player`",
                              s.line, s.column, hint="loop once, and test each player with `if`")
        group = self.each(s.group)
        self.looping = True

        def header(_index):
            self.emit(f"for player in list({group}):")
            self.depth += 1
            self.emit("if player in g.out: continue  # left the round during the loop")
            self.depth -= 1

        # (the body may run no time at all: what it does to `chosen` is not certain after it)
        self.branches([s.body], False, header)
        self.looping = False

    def s_Eliminate(self, s):
        if self.context.kind == "use":
            raise ScriptError("a table card is used while a player is deciding something, so its `use:` "
                              "cannot make a player leave the round", s.line, s.column)
        self.vocab.eliminating = True
        self.for_each(s.target, f"g.eliminate({{p}}, {s.shuffled})")

    def s_Ask(self, s):
        var = self.fresh("a")
        options = [answer.text for answer in s.answers]
        self.emit(f"{var} = g.ask_question({self.single(s.target)}, {s.question!r}, {options!r})")

        def header(index):
            self.emit(f"{'if' if index == 0 else 'elif'} {var} == {s.answers[index].text!r}:")

        # (the player answers with one of the answers: every path runs one of them)
        self.branches([answer.body for answer in s.answers], True, header)

    # ---- places and moves (unodsl/engine/moves.py)

    def s_Move(self, s):
        source, destination = self.place(s.source, source=True), self.place(s.destination)
        if s.destination.player is not None and s.position != "top":
            raise ScriptError("a hand has no top or bottom: cards moved to a hand are simply held",
                              s.destination.line, s.destination.column, hint="leave the position out")
        cards = s.cards
        count = "None" if cards.count is None else self.amount(cards.count, "`move`")
        picker = "None" if cards.picker is None else self.single(cards.picker)
        self.emit(f"g.move(me, {source}, {destination}, {count}, {self.predicate(cards.predicate)}, {picker}, "
                  f"{cards.random}, {s.position!r})")

    def s_Shuffle(self, s):
        if s.place.pile is None:
            raise ScriptError("only a pile can be shuffled: a hand has no order", s.place.line, s.place.column,
                              hint="`shuffle aside pile`, or `shuffle hands` to shuffle and deal every hand again")
        self.emit(f"g.shuffle_pile({self.place(s.place)})")

    def s_Deal(self, s):
        if s.source.every_hand:
            raise ScriptError("deal from one place: collect every hand first", s.source.line, s.source.column,
                              hint="move all cards from every hand to aside pile, then deal all cards from aside pile")
        first = "None" if s.first is None else self.single(s.first)
        self.emit(f"g.deal(me, {self.place(s.source)}, list({self.each(s.group)}), {first})")

    def s_ShuffleHands(self, s):
        # (sugar: every hand to the aside pile, shuffled, dealt out one at a time from the next player)
        self.emit("g.move(me, ('hands', None), ('pile', 'aside'), None, None, None, False)")
        self.emit("g.shuffle_pile(('pile', 'aside'))")
        self.emit(f"g.deal(me, ('pile', 'aside'), g.everyone(me), {self.seat_source(ast.Player(s.line, s.column, 'next'))})")

    def place(self, place: ast.Place, source: bool = False) -> str:
        """A place as the engine takes it: ('hand', seat), ('pile', name) or ('hands', None)."""
        if place.every_hand:
            if not source:
                raise ScriptError("cards cannot go to every hand at once", place.line, place.column,
                                  hint="deal them: `deal all cards from aside pile to everyone`")
            return "('hands', None)"
        if place.player is not None:
            return f"('hand', {self.single(place.player)})"
        known = ("draw", "discard", "aside", *self.vocab.piles)
        if place.pile not in known:
            raise ScriptError(f"there is no {place.pile} pile", place.line, place.column,
                              hint=_pile_hint(place.pile, known))
        return repr(("pile", place.pile))
    # ---- actions, repeats and what replaces a draw

    def s_DoAction(self, s):
        name = self.action_name(s)
        if self.context.kind == "use" and self.vocab.actions[name]:
            raise ScriptError(f"a table card is used while a player is deciding something, so its `use:` "
                              f"cannot {name}: that action takes cards out of a hand or a player out of the "
                              "round", s.line, s.column)
        self.pure = False
        self.for_each(s.target, f"g.act({name!r}, {{p}})", aimed=True)

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

    def s_RepeatTimes(self, s):
        count, var = self.amount(s.count, "`repeat`"), self.fresh("r")

        def header(_index):
            self.emit(f"for {var} in range(min({count} or 0, {MAX_REPEATS})):")

        # (the block may run no time at all: what it sets is not certain after it)
        self.branches([s.body], False, header)

    def s_RepeatUntil(self, s):
        var = self.fresh("r")

        def header(_index):
            self.emit(f"for {var} in range({MAX_REPEATS}):")

        self.branches([s.body], True, header)  # (the block runs at least once)
        self.depth += 1
        self.emit(f"if {self.expr(s.predicate, self.card)}: break")
        self.depth -= 1

    def s_Instead(self, s):
        raise ScriptError(f"`instead of {s.event}` is a rule for the whole table: write it at the top of a "
                          "house rule (an edition's `rules:`), not in a card's script or a block",
                          s.line, s.column)

    # ---- values and state: `let`, the edition's `state:`

    def value_name(self, node: ast.Name, card) -> str:
        """A `let` name, or `card` / `top` as a card value."""
        name = node.name
        if name in CARD_VALUES and name not in self.all_lets:
            if name == "card":
                if not self.context.has_card:
                    raise self.no_card(node, "card")
                self.pure = False
                self.reads_card = True
            return CARD_VALUES[name]
        if name not in self.assigned:
            raise ScriptError(f"`{name}` is read here, but is not certainly set before it", node.line, node.column,
                              hint=f"put `let {name} = ...` before it, on every path (in each branch of an `if`)")
        return _let_variable(name)

    def dotted_value(self, node: ast.Dotted) -> str:
        """`game.NAME` (a game variable) or `NAME.attribute` of a card held by a `let` name."""
        if node.base == "game":
            var = self.state_var(self.vocab.game_state, node.attr, node.attr_node(), "game variable")
            self.pure = False
            return f"g.game_state[{var.name!r}]"
        held = self.value_name(ast.Name(node.line, node.column, node.base), None)
        if self.lets[node.base] not in ("card", "any"):
            raise ScriptError(f"`{node.base}` is {_A_TYPE[self.lets[node.base]]}, not a card: it has no "
                              f"`.{node.attr}`", node.line, node.column)
        return f"(None if {held} is None else {self.x_Name(node.attr_node(), held)})"

    def read_player_state(self, node: ast.PlayerAttr) -> str:
        self.pure = False
        value = f"g.player_state[{self.single(node.player)}][{node.attr!r}]"
        return self.unless_nobody(node.player, value, "None")

    def state_var(self, declared: dict, name: str, node: ast.Node, what: str) -> StateVar:
        if name in declared:
            return declared[name]
        other = self.vocab.game_state if declared is self.vocab.player_state else self.vocab.player_state
        hint = None
        if name in other:
            hint = (f"`{name}` is a game variable: write `game.{name}`" if other is self.vocab.game_state
                    else f"`{name}` is each player's: write `me.{name}` (or `next.{name}`, ...)")
        error = _unknown(node, name, list(declared), what=what)
        if hint or not declared:
            error.hint = hint or "declare it in the edition's `state:` section"
        raise error

    def state_ref(self, ref: ast.StateRef) -> StateVar:
        """The variable a `set`/`add`/`flip` changes."""
        at = ast.Name(ref.name_line or ref.line, ref.name_column or ref.column, ref.name)
        if ref.player is not None:
            return self.state_var(self.vocab.player_state, ref.name, at, "player variable")
        if ref.base != "game":
            raise _unknown(ast.Name(ref.line, ref.column, ref.base), ref.base, ["game", *SINGLE_PLAYERS,
                                                                                   *GROUP_PLAYERS],
                           what="name before '.'")
        return self.state_var(self.vocab.game_state, ref.name, at, "game variable")

    def change_state(self, ref: ast.StateRef, call: str) -> None:
        """Emit `call` (with {p}: the seat, or None for the game) for each player of the ref."""
        self.pure = False
        if ref.player is None:
            self.emit(call.format(p="None"))
        else:
            self.for_each(ref.player, call)

    def state_value(self, var: StateVar, node: ast.Node, what: str) -> str:
        """The source of a value stored in `var`, checked against its type."""
        kind = self.type_of(node)
        wanted = var.value_type
        if kind not in (wanted, "any"):
            raise ScriptError(f"{what} holds {_A_TYPE[wanted]} ({var.type}), not {_A_TYPE[kind]}",
                              node.line, node.column)
        if var.type == "colour" and isinstance(node, (ast.Str, ast.Name)):
            word = node.value if isinstance(node, ast.Str) else node.name
            # (a Name may be a card's colour, a `let`, ...: only another value, or no name, is wrong)
            written = (isinstance(node, ast.Str) or word in self.vocab.values()
                       or word not in {*self.reserved_names(), *self.all_lets})
            if written and word not in self.vocab.colours:
                raise _unknown(node, word, list(self.vocab.colours), what="colour")
        source = self.expr(node, self.card)
        # What the variable may hold, whatever the value turns out to be: an absent number
        # counts as 0, a text that is no colour as none.
        if var.type == "counter":
            return f"(_whole({source}) or 0)"
        if var.type == "flag":
            return f"bool({source})"
        if var.type == "colour":
            return f"_colour({source}, {tuple(self.vocab.colours)!r})"
        return source

    def s_Let(self, s):
        name = s.name
        if name in self.reserved_names():
            raise ScriptError(f"`let {name}` would hide what `{name}` already means here", s.line, s.column,
                              hint="give the value another name")
        kind = self.type_of(s.value)
        known = self.lets.get(name)
        if known is not None and "any" not in (known, kind) and known != kind:
            raise ScriptError(f"`{name}` was set to {_A_TYPE[known]}; here it would be {_A_TYPE[kind]}",
                              s.line, s.column, hint="give the value another name")
        self.emit(f"{_let_variable(name)} = {self.expr(s.value, self.card)}")
        self.lets[name] = kind if known in (None, "any") else known
        self.assigned = self.assigned | {name}

    def reserved_names(self) -> set:
        return {*self.known_names(), *CARD_VALUES, *PLAYER_ATTRIBUTES, *SINGLE_PLAYERS, *GROUP_PLAYERS, "game",
                "settings", *self.vocab.settings}

    def s_SetState(self, s):
        var = self.state_ref(s.ref)
        value = self.fresh("v")
        self.emit(f"{value} = {self.state_value(var, s.value, f'`{var.name}`')}")
        self.change_state(s.ref, f"g.set_state({{p}}, {var.name!r}, {value})")

    def s_AddState(self, s):
        var = self.state_ref(s.ref)
        if var.type != "counter":
            raise ScriptError(f"`add` counts: `{var.name}` is a {var.type}, not a counter", s.ref.line,
                              s.ref.column, hint="`set ... to ...` changes it" + (", `flip` turns it over"
                                                                                   if var.type == "flag" else ""))
        amount = self.fresh("v")
        self.emit(f"{amount} = {self.amount(s.amount, '`add`')}")
        self.change_state(s.ref, f"g.add_state({{p}}, {var.name!r}, {amount})")

    def s_FlipState(self, s):
        var = self.state_ref(s.ref)
        if var.type != "flag":
            raise ScriptError(f"`flip` turns a flag over: `{var.name}` is a {var.type}", s.ref.line, s.ref.column,
                              hint="`add N to ...` changes a counter" if var.type == "counter"
                              else "`set ... to ...` changes it")
        self.change_state(s.ref, f"g.flip_state({{p}}, {var.name!r})")

    def value_type(self, node: ast.Node) -> str | None:
        """The type of a `let` name, a state variable or a chance value (None: another node)."""
        if isinstance(node, ast.Name):
            if node.name in self.all_lets:
                return self.lets.get(node.name, "any")
            return "card" if node.name in CARD_VALUES else None
        if isinstance(node, ast.Dotted):
            if node.base == "game" and node.attr in self.vocab.game_state:
                return self.vocab.game_state[node.attr].value_type
            if node.base in self.lets:
                return self.type_of(ast.Name(node.line, node.column, node.attr))
            return None
        if isinstance(node, ast.PlayerAttr) and node.attr in self.vocab.player_state:
            return self.vocab.player_state[node.attr].value_type
        if isinstance(node, ast.RandomOutcome):
            if node.table not in self.vocab.chance:
                return "any"  # (reported as unknown where it is compiled)
            outcomes = [o for o, _ in self.vocab.chance[node.table]]
            return "number" if all(isinstance(o, int) for o in outcomes) else "text"
        return {ast.RandomNumber: "number", ast.RandomCard: "card"}.get(type(node))

    # ---- chance

    def chance(self, node: ast.Node) -> None:
        """Chance is drawn where a script acts: a condition may be asked again and again."""
        if self.context.kind in ("condition", "playable"):
            raise ScriptError(f"chance is drawn in effects, not in {self.context.about()}: it may be asked "
                              "again and again", node.line, node.column,
                              hint="draw it in the effect with `let x = random ...` and test `x`")
        self.pure = False

    def x_RandomNumber(self, node, card):
        self.chance(node)
        self.number(node.low, "`random number in LOW..HIGH`")
        self.number(node.high, "`random number in LOW..HIGH`")
        return f"g.random_number({self.expr(node.low, card)}, {self.expr(node.high, card)})"

    def x_RandomOutcome(self, node, card):
        self.chance(node)
        if node.table not in self.vocab.chance:
            error = _unknown(node, node.table, list(self.vocab.chance), what="chance table")
            if not self.vocab.chance:
                error.hint = "declare its outcomes in the edition's `chance:` section"
            raise error
        return f"g.random_outcome({node.table!r})"

    def x_RandomCard(self, node, card):
        self.chance(node)
        return self.unless_nobody(node.owner, f"g.random_card({self.single(node.owner)})", "None")

    def s_ChooseRandomPlayer(self, s):
        self.chance(s)
        self.emit(f"chosen = g.choose_random_player(me, {self.player_predicate(s.predicate)})")
        self.chosen, self.maybe_nobody = True, s.predicate is not None


_A_TYPE = {"number": "a number", "text": "a text", "bool": "a condition", "any": "a value", "card": "a card"}


# The words a statement has after a player (`next draws 2`): an unknown action may be one misspelt.
_STATEMENT_VERBS = ("draws", "discards", "swaps", "chooses", "plays")


def action_forms(name: str) -> tuple[str, str]:
    """How a script says an action: `press` (`others press`) and `presses` (`next presses`)."""
    from ..describe.words import third_person  # (describe reads this module's vocabulary)
    return name, third_person(name)


# Statements that take cards out of a hand (or may: a written rule, a draw passed on).
_TAKES_FROM_HANDS = tuple(getattr(ast, name) for name in sorted(statements.taking_from_hands()))


def _moves_what_is_offered(stmt: ast.Node) -> bool:
    """A move out of a hand or the discard pile, or onto the discard pile: what a player
    deciding something is offered (their cards, what they match)."""
    if isinstance(stmt, ast.ShuffleHands):
        return True
    if isinstance(stmt, ast.Move):
        return stmt.destination.pile == "discard" or _offered(stmt.source)
    return isinstance(stmt, ast.Deal) and _offered(stmt.source)


def _offered(place: ast.Place) -> bool:
    return place.player is not None or place.every_hand or place.pile == "discard"


# Players named by a word whose seat is worked out by the round.
_OTHER_SEATS = {"partner": "g.partner(me)", "player": "player"}
# In an edition where a player may leave the round (g.out), `next` and `previous` pass over them.
_PASSING_OVER = {"next": "((me + g.direction) % g.n if not g.out else g.seat(me, 1))",
                 "previous": "((me - g.direction) % g.n if not g.out else g.seat(me, -1))"}


def _names_chosen(stmt: ast.Node) -> bool:
    """The statement acts on or with `chosen` (not only in a condition of it): named
    itself, or as a place or a picker of a move."""
    for value in vars(stmt).values():
        if isinstance(value, ast.Player) and value.who == "chosen":
            return True
        if isinstance(value, (ast.Place, ast.Cards)) and _names_chosen(value):
            return True
    return False


# The values of a flag, as a state variable is set to them (`always`/`never` say the same).
TRUTH_WORDS = {"true": True, "false": False}

# Card values a script may hold (`let c = top`, `set game.last to card`).
CARD_VALUES = {"card": "card", "top": "g.discard[-1]"}


def _pile_hint(name: str, known: tuple) -> str:
    close = difflib.get_close_matches(name, known, n=1)
    if close:
        return f"did you mean '{close[0]}'?"
    return f"the piles are {', '.join(known)}; an edition declares its own in `piles:`"


def _let_variable(name: str) -> str:
    """The Python local holding a `let` name (apart from the function's own names)."""
    return f"v_{name}"


def _let_names(body) -> set:
    """Every name a `let` sets anywhere in `body` (in branches too)."""
    found = set()
    for stmt in body:
        if isinstance(stmt, ast.Let):
            found.add(stmt.name)
        elif isinstance(stmt, ast.If):
            for block in [*(b for _, b in stmt.branches), stmt.otherwise]:
                found |= _let_names(block)
        elif isinstance(stmt, ast.Ask):
            for answer in stmt.answers:
                found |= _let_names(answer.body)
        elif isinstance(stmt, (ast.RepeatTimes, ast.RepeatUntil)):
            found |= _let_names(stmt.body)
    return found


def _colour(value, colours: tuple):
    """A colour a state variable holds: one of the edition's, or none."""
    return value if value in colours else None


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


def _draws_chance(node: ast.Node) -> bool:
    """Whether a value draws chance (`random number in 1..6 > 3`)."""
    return any(isinstance(part, (ast.RandomNumber, ast.RandomOutcome, ast.RandomCard)) for part in ast.walk(node))


_ORDER = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}


def _ordered(op: str, a, b) -> bool:
    """`a op b` for whole numbers only, each side read once (an absent value is never < or >)."""
    return isinstance(a, int) and isinstance(b, int) and _ORDER[op](a, b)


def _equal(a, b, negated: bool) -> bool:
    """`a == b` (or `!=`), each side read once; two absent values do not match."""
    same = a == b and a is not None
    return not same if negated else same


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
    namespace: dict = {"_arith": _arith, "_between": _between, "_whole": _whole, "_colour": _colour,
                       "_equal": _equal, "_ordered": _ordered}
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
    statements = [s for s in script.body if not isinstance(s, (ast.On, ast.StackRule, ast.Instead))]
    emitter.all_lets = _let_names(statements)
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
    compiled.replacements = [_replacement(rule, vocab, origin)
                             for rule in script.body if isinstance(rule, ast.Instead)]
    return compiled


def _replacement(rule: ast.Instead, vocab: Vocabulary, origin: str) -> tuple:
    """(event, body) of `instead of EVENT:`: the body runs as the player who would draw."""
    body = compile_script(ast.Script(rule.line, rule.column, rule.body), vocab, origin, hook_context(rule.event))
    if body.hooks or body.stack_rules or body.replacements:
        inner = next(s for s in rule.body if isinstance(s, (ast.On, ast.StackRule, ast.Instead)))
        raise ScriptError("an `instead of` rule holds statements, not hooks or rules", inner.line, inner.column)
    return rule.event, body

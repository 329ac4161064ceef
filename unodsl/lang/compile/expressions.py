"""Values and conditions in the generated code: names, cards' attributes, comparisons,
arithmetic, what players hold, and the questions a condition may put."""
from __future__ import annotations

import difflib

from ...errors import ScriptError
from .. import ast
from ..registry import LANGUAGE, compiles
from ..statements import ONE_PLAYER_WORDS
from .comparisons import mismatch, not_ordered
from .holds_then import refuse_value_after_holds
from .model import (_A_TYPE, CARD_ATTRIBUTES, CARD_VALUES, GAME_NAMES, GROUP_PLAYERS, PAST_CARDS, PLAYER_ATTRIBUTES,
                    TRUTH_WORDS, _unknown)

# The words that name one player, which a misspelt name may have meant (`nxt`).
_PLAYER_WORDS = ONE_PLAYER_WORDS


class ExpressionCode:
    """Expressions as Python source; bare attributes read the card named `card`. One handler
    per condition and value, registered by its node class (`@compiles(ast.Holds)`)."""

    def expr(self, node: ast.Node, card: str) -> str:
        """Python source of an expression; bare attributes read the card named `card`."""
        handler = LANGUAGE.compilers.get(type(node))
        if handler is None or LANGUAGE.of(node).kind == "statement":
            raise ScriptError(f"a {type(node).__name__.lower()} statement cannot be used as a value",
                              node.line, node.column)
        return handler(self, node, card)

    @compiles(ast.Int)
    def x_Int(self, node, card):
        return repr(node.value)

    @compiles(ast.Str)
    def x_Str(self, node, card):
        return repr(node.value)

    @compiles(ast.Const)
    def x_Const(self, node, card):
        return repr(node.value)

    @compiles(ast.Name)
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
            whose = "chosen" if self.choosing else "player" if self.looping else "me"
            raise ScriptError(f"`{name}` is about a player: say whose", node.line, node.column,
                              hint=f"write `{whose}.{name}` (or `next.{name}`, `previous.{name}`, ...)")
        raise self.unknown_or_player(node, name, self.known_names())

    def unknown_or_player(self, node, name: str, known: list[str], what: str = "name") -> ScriptError:
        """An unknown name, or a misspelt player when a player word is the nearest
        (`let victim = nxt`, `nxt.hand`)."""
        close = difflib.get_close_matches(name, [*known, *_PLAYER_WORDS], n=1)
        if close and close[0] in _PLAYER_WORDS and close[0] not in known:
            return ScriptError(f"`{name}` is not a player", node.line, node.column,
                               hint=f"did you mean '{close[0]}'?")
        return _unknown(node, name, known, what)

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

    @compiles(ast.Dotted)
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
        if base == "game" or base in self.all_lets or base in PAST_CARDS:
            return self.dotted_value(node)
        raise self.unknown_or_player(node, base, ["top", "card", "settings", "game", *PAST_CARDS, *self.lets],
                                     what="name before '.'")

    @compiles(ast.PlayerAttr)
    def x_PlayerAttr(self, node, card):
        if node.attr in self.vocab.player_state:
            return self.read_player_state(node)
        if node.attr not in PLAYER_ATTRIBUTES:
            raise _unknown(node, node.attr, [*PLAYER_ATTRIBUTES, *self.vocab.player_state], what="player attribute")
        figure = PLAYER_ATTRIBUTES[node.attr].format(p=self.single(node.player))
        return self.unless_nobody(node.player, figure, "None")

    @compiles(ast.Compare)
    def x_Compare(self, node, card):
        if node.op in ("==", "!="):  # (an outcome of a chance table compared with one it never gives)
            self.check_outcomes(node.left, (node.right,), node.op == "!=")
            self.check_outcomes(node.right, (node.left,), node.op == "!=")
        left, right = self.expr(node.left, card), self.expr(node.right, card)
        types = {self.type_of(node.left), self.type_of(node.right)} - {"any"}
        if len(types) > 1:
            raise mismatch(node, (self.type_of(node.left), self.type_of(node.right)), self.vocab)
        if node.op not in ("==", "!=") and types - {"number"}:
            raise not_ordered(node, types.pop(), self.vocab)
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

    @compiles(ast.Identical)
    def x_Identical(self, node, card):
        for side in (node.left, node.right):
            if self.type_of(side) != "card":
                raise ScriptError(f"`is identical to` compares two cards, not {_A_TYPE[self.type_of(side)]}",
                                  side.line, side.column, hint="write `card is identical to top` (or a `let` "
                                                               "name that holds a card)")
        pure = self.pure
        source = f"_identical({self.expr(node.left, card)}, {self.expr(node.right, card)})"
        if all(isinstance(side, ast.Name) and side.name in CARD_VALUES and side.name not in PAST_CARDS
               and side.name not in self.all_lets
               for side in (node.left, node.right)):
            self.pure = pure  # (it reads the looks of the card and of the top card, not which cards they are)
        return source

    @compiles(ast.Member)
    def x_Member(self, node, card):
        value = self.expr(node.value, card)
        coll = node.collection
        if isinstance(coll, ast.RangeOf):
            for end in (node.value, coll.low, coll.high):
                self.number(end, "`in LOW..HIGH`")
            test = f"_between({value}, {self.expr(coll.low, card)}, {self.expr(coll.high, card)})"
        else:
            self.check_outcomes(node.value, coll.items, node.negated)
            items = ", ".join(self.expr(item, card) for item in coll.items)
            test = f"({value} in ({items}{',' if len(coll.items) == 1 else ''}))"
        return f"(not {test})" if node.negated else test

    @compiles(ast.Arith)
    def x_Arith(self, node, card):
        self.number(node.left, f"`{node.op}`")
        self.number(node.right, f"`{node.op}`")
        op = "//" if node.op == "/" else node.op
        return f"_arith({op!r}, {self.expr(node.left, card)}, {self.expr(node.right, card)})"

    @compiles(ast.Neg)
    def x_Neg(self, node, card):
        self.number(node.operand, "`-`")
        return f"_arith('-', 0, {self.expr(node.operand, card)})"

    @compiles(ast.And)
    def x_And(self, node, card):
        refuse_value_after_holds(node, self.vocab)
        return "(" + " and ".join(self.expr(item, card) for item in node.items) + ")"

    @compiles(ast.Or)
    def x_Or(self, node, card):
        refuse_value_after_holds(node, self.vocab)
        return "(" + " or ".join(self.expr(item, card) for item in node.items) + ")"

    @compiles(ast.Not)
    def x_Not(self, node, card):
        return f"(not {self.expr(node.operand, card)})"

    @compiles(ast.Holds)
    def x_Holds(self, node, card):
        var = self.fresh("c")
        hand = f"g.hands[{self.single(node.player)}]"
        return self.unless_nobody(node.player, f"any({self.expr(node.predicate, var)} for {var} in {hand})", "False")

    @compiles(ast.Count)
    def x_Count(self, node, card):
        var = self.fresh("c")
        hand = f"g.hands[{self.single(node.player)}]"
        count = f"sum(1 for {var} in {hand} if {self.expr(node.predicate, var)})"
        return self.unless_nobody(node.player, count, "None")

    @compiles(ast.Challenges)
    def x_Challenges(self, node, card):
        self.asks, self.pure = True, False
        target = self.single(node.player)
        if self.vocab.reactions:
            challenge = f"(g.against({target}) and g.ask_challenge({target}, me))"
        else:
            challenge = f"g.ask_challenge({target}, me)"
        return self.unless_nobody(node.player, challenge, "False")

    @compiles(ast.Accepts)
    def x_Accepts(self, node, card):
        self.asks, self.pure = True, False
        question = self.said(node.question, node.question_line or node.line, node.question_column or node.column)
        return f"g.anyone_accepts(list({self.each(node.player)}), {question})"

    @compiles(ast.Bluffed)
    def x_Bluffed(self, node, card):
        self.pure = False
        return "g.bluffed"

    @compiles(ast.PlayedAsAnswer)
    def x_PlayedAsAnswer(self, node, card):
        """Whether the card runs as an answer: to a draw (stacking) or as a reaction."""
        self.answer_read(node, "`played as answer` asks whether the card answers another")
        self.pure = False
        return "(g.answered is not None)"

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
        if LANGUAGE.of(node).draws_chance:
            return True
        if isinstance(node, ast.PlaceAttr):  # (an empty pile has no top card, a Wild's colour may be none)
            return node.attr != "size"
        if isinstance(node, ast.Aggregate):  # (the highest of no one is none)
            return node.how in ("highest", "lowest")
        if isinstance(node, ast.ChosenValue):  # (an empty range names nothing)
            return True
        return isinstance(node, (ast.Name, ast.Dotted, ast.Arith, ast.Neg))

    @compiles(ast.PlayerValue)
    def x_PlayerValue(self, node, card):
        """A player as a value (`let victim = chosen`, `chosen == next`): their seat."""
        if node.player.who in GROUP_PLAYERS:
            raise ScriptError(f"'{node.player.who}' is several players: a value is one player",
                              node.line, node.column)
        return self.unless_nobody(node.player, self.single(node.player), "None")


def _literal(source: str) -> bool:
    """The Python source of a constant: a text, a number, true/false (values and settings)."""
    return source[:1] in "'\"0123456789-" or source in ("True", "False", "None")


def _draws_chance(node: ast.Node) -> bool:
    """Whether a value draws chance (`random number in 1..6 > 3`)."""
    return any(LANGUAGE.of(part).draws_chance for part in ast.walk(node))

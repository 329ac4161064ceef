"""Conditions and values of the syntax tree, each with its row (unodsl/lang/registry.py)."""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from ..registry import condition, part, value
from .base import Node, nodes_of
from .players import Player

# ---- values ------------------------------------------------------------------


@value("int_", syntax="N", does="a whole number", gives="number")
@dataclass(frozen=True)
class Int(Node):
    value: int


@value("string", syntax='"TEXT"', does="a text", gives="text")
@dataclass(frozen=True)
class Str(Node):
    value: str


@value("name", syntax="NAME", does="a card's attribute (`colour`), a game value (`players`), a value (`red`) "
                                   "or a `let` name")
@dataclass(frozen=True)
class Name(Node):
    """A bare word: a card attribute (`colour`), a game value (`players`) or a value (`red`)."""

    name: str


@value("dotted", syntax="NAME.NAME", does="`top.colour`, `card.number`, `settings.NAME`, `game.NAME`, or an "
                                          "attribute of a card a `let` name holds")
@dataclass(frozen=True)
class Dotted(Node):
    """`top.colour`, `settings.two_player_rule`, `card.number`."""

    base: str
    attr: str
    # Where the word after the dot is, for a problem with it (not part of the node's value).
    attr_line: int = field(default=0, compare=False)
    attr_column: int = field(default=0, compare=False)

    def attr_node(self) -> "Name":
        """The word after the dot, as a Name at its own place."""
        return Name(self.attr_line or self.line, self.attr_column or self.column, self.attr)


@value("player_attr", syntax="PLAYER.FIGURE", does="a figure of a player: `next.hand` (the cards they hold), "
                                                  "`me.score`, or a player's state (`me.power`)", gives="number")
@dataclass(frozen=True)
class PlayerAttr(Node):
    """`next.hand` (card count), `me.score`."""

    player: Player
    attr: str


@value("player_value", syntax="PLAYER", does="a player as a value: `let victim = chosen`, `chosen == next`",
       gives="player")
@dataclass(frozen=True)
class PlayerValue(Node):
    """A player as a value: `let victim = chosen`, `chosen == next`."""

    player: Player


@value("arith", syntax="N + N (- * / %)", does="arithmetic on whole numbers", gives="number")
@dataclass(frozen=True)
class Arith(Node):
    op: str
    left: Node
    right: Node


@value("neg", syntax="-N", does="a number negated", gives="number")
@dataclass(frozen=True)
class Neg(Node):
    operand: Node


@value("count", "named_count", syntax="count(PLAYER, C)", does="how many cards of the player's hand satisfy C",
       gives="number")
@dataclass(frozen=True)
class Count(Node):
    """`count(next, colour == red)`: how many cards of the player's hand satisfy it."""

    player: Player
    predicate: Node


# ---- chance --------------------------------------------------------------------


@value("random_number", syntax="random number in LOW..HIGH", does="a whole number, each as likely",
       gives="number", draws_chance=True)
@dataclass(frozen=True)
class RandomNumber(Node):
    """`random number in LOW..HIGH`: a whole number, each as likely."""

    low: Node
    high: Node


@value("random_outcome", syntax="random TABLE", does="an outcome of a table the edition's `chance:` declares",
       draws_chance=True)
@dataclass(frozen=True)
class RandomOutcome(Node):
    """`random launcher`: one outcome of a table the edition's `chance:` section declares."""

    table: str


@value("random_card", syntax="random card from PLAYER's hand", does="a card of the hand (none when it is empty)",
       gives="card", draws_chance=True)
@dataclass(frozen=True)
class RandomCard(Node):
    """`random card from next's hand`: a card of the hand (none when it is empty)."""

    owner: Player


# ---- conditions ------------------------------------------------------------------


@condition("compare", syntax="VALUE == VALUE (!= < <= > >=)", does="two values compared")
@dataclass(frozen=True)
class Compare(Node):
    op: str
    left: Node
    right: Node


@condition("member", "not_member", syntax="VALUE [not] in [A, B] / VALUE [not] in LOW..HIGH",
           does="a value among those of a list, or in a range of numbers")
@dataclass(frozen=True)
class Member(Node):
    value: Node
    collection: Node
    negated: bool


@condition("identical", syntax="CARD is identical to CARD", does="two cards of the same kind, colour, number "
                                                                  "and symbol")
@dataclass(frozen=True)
class Identical(Node):
    """`card is identical to top`: two cards of the same kind, colour, number and symbol."""

    left: Node
    right: Node


@condition("and_", syntax="C and C", does="both hold")
@dataclass(frozen=True)
class And(Node):
    items: tuple


@condition("or_", syntax="C or C", does="either holds")
@dataclass(frozen=True)
class Or(Node):
    items: tuple


@condition("not_", syntax="not C", does="C does not hold")
@dataclass(frozen=True)
class Not(Node):
    operand: Node


@condition("holds", "named_holds", syntax="PLAYER holds C", does="some card in the player's hand satisfies C")
@dataclass(frozen=True)
class Holds(Node):
    """`me holds colour == red`: some card in the player's hand satisfies the predicate."""

    player: Player
    predicate: Node


@condition("challenges", "named_challenges", syntax="PLAYER challenges",
           does="asks the player whether they challenge the card just played")
@dataclass(frozen=True)
class Challenges(Node):
    """`next challenges`: asks the player whether they challenge the card just played."""

    player: Player


@condition("accepts", "named_accepts", syntax='PLAYER accepts "QUESTION"', does="a yes/no question put to the players")
@dataclass(frozen=True)
class Accepts(Node):
    """`me accepts "question"`: a yes/no question put to a player."""

    player: Player
    question: str
    # Where the question's text is (its opening quote), for a problem with a value it says (`{n}`).
    question_line: int = field(default=0, compare=False)
    question_column: int = field(default=0, compare=False)


@condition("bluffed", syntax="bluffed", does="the card just played broke its `bluff_if` condition")
@dataclass(frozen=True)
class Bluffed(Node):
    """True when the card just played broke its `bluff_if` condition."""


@condition("always", "never", syntax="always / never", does="holds always / never")
@dataclass(frozen=True)
class Const(Node):
    """`always` / `never`."""

    value: bool


@condition("played_as_answer", syntax="played as answer", does="the card runs as an answer: to a draw "
                                                           "(stacking) or as a reaction; `answered` is the card it answers")
@dataclass(frozen=True)
class PlayedAsAnswer(Node):
    """`played as answer`: the card is played to answer a draw or as a reaction, not in turn."""


# ---- parts of conditions ------------------------------------------------------------


@part("list_", syntax="[A, B, ...]", does="values listed, after `in`")
@dataclass(frozen=True)
class ListOf(Node):
    items: tuple


@part("range_", syntax="LOW..HIGH", does="the whole numbers from LOW to HIGH, after `in`")
@dataclass(frozen=True)
class RangeOf(Node):
    low: Node
    high: Node


# ---- piles as values


@value("place_attr", syntax="PLACE.size / PILE.top / PILE.colour",
       does="what a place holds: its number of cards (`draw pile.size`, `my hand.size`), a pile's top card "
            "(`left pile.top`, none when it is empty) or the colour in play on it (`left pile.colour`)")
@dataclass(frozen=True)
class PlaceAttr(Node):
    """`draw pile.size`, `left pile.top`, `middle pile.colour` (the type is the word's:
    a number, a card, a colour)."""

    place: Node  # an ast.Place
    attr: str


@value("chosen_value", syntax="chosen number / chosen symbol / chosen kind",
       does="the value a `choose number` (`symbol`, `kind`) named (none: nothing could be named)")
@dataclass(frozen=True)
class ChosenValue(Node):
    """`chosen number`: what the script's `choose number` named."""

    what: str  # number, symbol or kind


# ---- aggregates over players (the player looked at is `player`; their figures may be bare)


@value("count_of", "total_of", "extreme_of",
       syntax="count of PLAYERS [where C] / total FIGURE of PLAYERS [where C] / highest (lowest) FIGURE of PLAYERS "
              "[where C]",
       does="how many players of the group satisfy C (`player` in it, their figures bare: `hand > 5`); the total, "
            "highest or lowest of a figure over them (none: no one)", gives="number")
@dataclass(frozen=True)
class Aggregate(Node):
    """`count of others where hand > 5`, `total hand of others`, `highest score of everyone`:
    a number made from the players of `group` that satisfy `predicate` (all: None)."""

    how: str  # count, total, highest, lowest
    figure: str | None  # the figure totalled or ranked (None: counted)
    group: Player
    predicate: Node | None


@condition("any_of", "all_of", syntax="any of PLAYERS where C / all of PLAYERS where C",
           does="some player of the group satisfies C (all: every one, or there is none)")
@dataclass(frozen=True)
class Quantified(Node):
    """`any of others where hand == 1`, `all of everyone where score < 100`."""

    every: bool
    group: Player
    predicate: Node


AGGREGATES = (Aggregate, Quantified)
# Conditions about cards inside an aggregate's condition: their bare names read a card.
_ABOUT_CARDS = (Holds, Count)


def about_each_player(predicate: Node | None, figures) -> Node | None:
    """An aggregate's condition with its bare figures (`hand`, a player variable) read of the
    player looked at, `player`; not inside a condition about cards (`player holds ...`) nor
    inside another aggregate, which looks at its own players."""
    if isinstance(predicate, Name):
        if predicate.name not in figures:
            return predicate
        return PlayerAttr(predicate.line, predicate.column, Player(predicate.line, predicate.column, "player"),
                          predicate.name)
    if not isinstance(predicate, Node) or isinstance(predicate, (*_ABOUT_CARDS, *AGGREGATES)):
        return predicate
    changed = {}
    for item in fields(predicate):
        value = getattr(predicate, item.name)
        if isinstance(value, Node):
            changed[item.name] = about_each_player(value, figures)
        elif isinstance(value, tuple):
            changed[item.name] = tuple(about_each_player(part, figures) for part in value)
    return replace(predicate, **changed)


__all__ = nodes_of(globals())

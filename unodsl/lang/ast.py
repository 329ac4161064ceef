"""Syntax tree of the effect language: small frozen dataclasses, each with its place.

`line`/`column` are 1-based positions inside the script text; the edition
loader maps them into the YAML file when it reports a problem.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Node:
    line: int
    column: int


# ---- expressions -----------------------------------------------------------


@dataclass(frozen=True)
class Int(Node):
    value: int


@dataclass(frozen=True)
class Str(Node):
    value: str


@dataclass(frozen=True)
class Name(Node):
    """A bare word: a card attribute (`colour`), a game value (`players`) or a value (`red`)."""

    name: str


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


@dataclass(frozen=True)
class Player(Node):
    """A player or group of players, relative to the acting player `me`."""

    who: str  # me next previous others everyone chosen dealer


@dataclass(frozen=True)
class PlayerAttr(Node):
    """`next.hand` (card count), `me.score`."""

    player: Player
    attr: str


@dataclass(frozen=True)
class Compare(Node):
    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class Member(Node):
    value: Node
    collection: Node
    negated: bool


@dataclass(frozen=True)
class ListOf(Node):
    items: tuple


@dataclass(frozen=True)
class RangeOf(Node):
    low: Node
    high: Node


@dataclass(frozen=True)
class Arith(Node):
    op: str
    left: Node
    right: Node


@dataclass(frozen=True)
class Neg(Node):
    operand: Node


@dataclass(frozen=True)
class And(Node):
    items: tuple


@dataclass(frozen=True)
class Or(Node):
    items: tuple


@dataclass(frozen=True)
class Not(Node):
    operand: Node


@dataclass(frozen=True)
class Holds(Node):
    """`me holds colour == red`: some card in the player's hand satisfies the predicate."""

    player: Player
    predicate: Node


@dataclass(frozen=True)
class Count(Node):
    """`count(next, colour == red)`: how many cards of the player's hand satisfy it."""

    player: Player
    predicate: Node


@dataclass(frozen=True)
class Challenges(Node):
    """`next challenges`: asks the player whether they challenge the card just played."""

    player: Player


@dataclass(frozen=True)
class Accepts(Node):
    """`me accepts "question"`: a yes/no question put to a player."""

    player: Player
    question: str


@dataclass(frozen=True)
class Bluffed(Node):
    """True when the card just played broke its `bluff_if` condition."""


@dataclass(frozen=True)
class Const(Node):
    """`always` / `never`."""

    value: bool


# ---- statements ------------------------------------------------------------


@dataclass(frozen=True)
class Draw(Node):
    target: Player
    amount: Node


@dataclass(frozen=True)
class DrawUntil(Node):
    target: Player
    predicate: Node


@dataclass(frozen=True)
class DrawTo(Node):
    """`next draws or discards to 7` (can_draw / can_discard say which ways are allowed)."""

    target: Player
    size: Node
    can_draw: bool


@dataclass(frozen=True)
class DrawOrPass(Node):
    """`TARGET draws N or passes it on with CONDITION` (stacking)."""

    target: Player
    amount: Node
    predicate: Node


@dataclass(frozen=True)
class DiscardAll(Node):
    target: Player
    predicate: Node | None


@dataclass(frozen=True)
class GiveAll(Node):
    predicate: Node | None
    recipients: Player


@dataclass(frozen=True)
class Skip(Node):
    target: Player


@dataclass(frozen=True)
class Reverse(Node):
    pass


@dataclass(frozen=True)
class FlipCards(Node):
    """`flip`: every card of the round turns over (a two-sided deck)."""


@dataclass(frozen=True)
class ChooseColour(Node):
    chooser: Player


@dataclass(frozen=True)
class ChoosePlayer(Node):
    predicate: Node | None


@dataclass(frozen=True)
class ExtraTurn(Node):
    pass


@dataclass(frozen=True)
class TurnAnother(Node):
    pass


@dataclass(frozen=True)
class ShowHand(Node):
    owner: Player
    viewers: Player


@dataclass(frozen=True)
class FaceUp(Node):
    target: Player


@dataclass(frozen=True)
class SwapHands(Node):
    player: Player
    other: Player


@dataclass(frozen=True)
class RotateHands(Node):
    pass


@dataclass(frozen=True)
class Answer(Node):
    text: str
    body: tuple


@dataclass(frozen=True)
class Ask(Node):
    target: Player
    question: str
    answers: tuple


@dataclass(frozen=True)
class ApplyRule(Node):
    """Run the house rule written on the card just played (a blank card)."""


@dataclass(frozen=True)
class Nothing(Node):
    pass


@dataclass(frozen=True)
class If(Node):
    branches: tuple  # ((condition, body), ...) for if and each elif
    otherwise: tuple  # else body, possibly empty


@dataclass(frozen=True)
class On(Node):
    """A hook: run `body` whenever `event` happens and `predicate` holds."""

    event: str
    predicate: Node | None
    body: tuple


@dataclass(frozen=True)
class StackRule(Node):
    """`stack where CONDITION`: a draw a card gives a player may be answered by
    playing a card that satisfies the condition (its own draw adds to it)."""

    predicate: Node


@dataclass(frozen=True)
class JumpIn(Node):
    """`jump in where CONDITION`: after every card played, any other player may play a
    card of their hand that satisfies the condition out of turn; play continues from them
    (unodsl.engine.windows)."""

    predicate: Node


@dataclass(frozen=True)
class UnoAnyTime(Node):
    """`uno at any time, false calls draw N`: while someone holds one card without having
    called UNO, every player may call UNO or catch; a false call costs its caller N cards."""

    penalty: int


@dataclass(frozen=True)
class Identical(Node):
    """`card is identical to top`: two cards of the same kind, colour, number and symbol."""

    left: Node
    right: Node


@dataclass(frozen=True)
class Script(Node):
    body: tuple


# ---- players by seat, by rank, in turn; leaving a round ----------------------


@dataclass(frozen=True)
class SeatOffset(Player):
    """`2 seats on` (the player after next), `1 seat back`: counted in the direction of
    play (back: against it), passing over eliminated players. `who` is "seat"."""

    offset: int


@dataclass(frozen=True)
class RankedPlayer(Player):
    """`highest hand among others`: the player of `among` with the highest (or lowest)
    figure; a tie goes to the first of them in turn order from me. `who` is "ranked"."""

    figure: str
    highest: bool
    among: Player


@dataclass(frozen=True)
class ForEach(Node):
    """`for each player in others: ...`: the body once per player of the group, in turn
    order, each being `player` in it."""

    group: Player
    body: tuple


@dataclass(frozen=True)
class Eliminate(Node):
    """`eliminate me, cards under discard pile`: the player leaves the round."""

    target: Player
    shuffled: bool  # their cards are shuffled into the draw pile (else: under the discard pile)


# ---- values and state (`let`, an edition's `state:`) -------------------------


@dataclass(frozen=True)
class StateRef(Node):
    """A state variable the edition declares: `me.power` (player is a Player) or
    `game.launches` (player is None)."""

    player: Player | None
    name: str
    base: str = "game"  # the word before the dot when there is no player (only `game` is right)
    # Where the variable's name is, for a problem with it (not part of the node's value).
    name_line: int = field(default=0, compare=False)
    name_column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Let(Node):
    """`let NAME = VALUE`: a value for the rest of the script."""

    name: str
    value: Node


@dataclass(frozen=True)
class SetState(Node):
    ref: StateRef
    value: Node


@dataclass(frozen=True)
class AddState(Node):
    amount: Node
    ref: StateRef


@dataclass(frozen=True)
class FlipState(Node):
    ref: StateRef


# ---- chance ------------------------------------------------------------------


@dataclass(frozen=True)
class RandomNumber(Node):
    """`random number in LOW..HIGH`: a whole number, each as likely."""

    low: Node
    high: Node


@dataclass(frozen=True)
class RandomOutcome(Node):
    """`random launcher`: one outcome of a table the edition's `chance:` section declares."""

    table: str


@dataclass(frozen=True)
class RandomCard(Node):
    """`random card from next's hand`: a card of the hand (none when it is empty)."""

    owner: Player


@dataclass(frozen=True)
class ChooseRandomPlayer(Node):
    """`choose random player where ...`: another player, at random; the pick is `chosen`."""

    predicate: Node | None


# ---- places and moves --------------------------------------------------------


@dataclass(frozen=True)
class Place(Node):
    """Where cards are: a player's hand (`player`), every hand (a source only), or a pile
    by name (`draw`, `discard`, `aside`, or one the edition declares in `piles:`)."""

    player: Player | None = None
    pile: str | None = None
    every_hand: bool = False


@dataclass(frozen=True)
class Cards(Node):
    """Which cards a move takes: all of them, or `count` (chosen by `picker`, at random,
    or, when neither is said, the top ones of a pile or the holder's pick from a hand);
    only those satisfying `predicate`."""

    count: Node | None  # None: all the cards
    predicate: Node | None = None
    picker: Player | None = None
    random: bool = False


@dataclass(frozen=True)
class Move(Node):
    """`move CARDS from PLACE to PLACE [POSITION]`."""

    cards: Cards
    source: Place
    destination: Place
    position: str = "top"  # top, under (the top card), bottom, shuffled (in)


@dataclass(frozen=True)
class Shuffle(Node):
    """`shuffle aside pile`."""

    place: Place


@dataclass(frozen=True)
class Deal(Node):
    """`deal all cards from PLACE to GROUP [starting with PLAYER]`: one card at a time to
    each player of the group in turn order, until the place is empty."""

    source: Place
    group: Player
    first: Player | None


@dataclass(frozen=True)
class ShuffleHands(Node):
    """`shuffle hands`: every hand to the aside pile, shuffled, dealt to everyone from next."""
# ---- actions, repeats and what replaces a draw --------------------------------


@dataclass(frozen=True)
class DoAction(Node):
    """`next presses`: the player(s) do an action the edition declares (`actions:`);
    `verb` is the word as written (`press` or `presses`)."""

    target: Player
    verb: str
    # Where the verb is, for a problem with it (not part of the node's value).
    verb_line: int = field(default=0, compare=False)
    verb_column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class RepeatTimes(Node):
    """`repeat 2 times: ...`: the block, as many times as the number says (none if absent)."""

    count: Node
    body: tuple


@dataclass(frozen=True)
class RepeatUntil(Node):
    """`repeat until CONDITION: ...`: the block, then the test, until it holds."""

    predicate: Node
    body: tuple


@dataclass(frozen=True)
class Instead(Node):
    """`instead of turn_draw: ...` (a house rule): what a player does instead of a draw
    the rules give (the turn's draw, the missed-UNO penalty)."""

    event: str
    body: tuple


def walk(node):
    """`node` and every node inside it (statements of blocks, parts of expressions)."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Node):
            yield item
            stack.extend(reversed(list(vars(item).values())))
        elif isinstance(item, tuple):
            stack.extend(reversed(item))


# ---- players as values ---------------------------------------------------------


@dataclass(frozen=True)
class NamedPlayer(Player):
    """A player held by a `let` name (`let victim = chosen`, then `victim draws 2`).
    `who` is "named"."""

    name: str


@dataclass(frozen=True)
class PlayerValue(Node):
    """A player as a value: `let victim = chosen`, `chosen == next`."""

    player: Player


# What a house rule for the whole table is made of, at the top of its script: hooks and
# the rules of the table (anything else there is a rule written on a card).
TABLE_RULES = (On, StackRule, Instead, JumpIn, UnoAnyTime)

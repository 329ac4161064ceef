"""Statements of the syntax tree that act on cards and players (draws, moves, turns,
choices, hands shown, players leaving), each with its row (unodsl/lang/registry.py). Their
order is the order of docs/effects.md's "Statements at a glance", which unodsl/lang/ast/flow.py
continues."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..registry import part, statement
from .base import Node, nodes_of
from .players import Player

# ---- drawing


@statement("draw", syntax="PLAYER draws N", does="draws N cards (a draw others may stack on, with a stacking rule)",
           primitives=("draw", "draw_or_wait"), aims="target", fills_hands=True)
@dataclass(frozen=True)
class Draw(Node):
    target: Player
    amount: Node


@statement("draw_or_pass", syntax="PLAYER draws N or passes it on with C",
           does="draws N unless they answer with a card C", primitives=("draw_or_pass",), takes_from_hands=True,
           aims="target", fills_hands=True)
@dataclass(frozen=True)
class DrawOrPass(Node):
    """`TARGET draws N or passes it on with CONDITION` (stacking)."""

    target: Player
    amount: Node
    predicate: Node


@statement("draw_until", syntax="PLAYER draws until C", does="draws one card at a time until one satisfies C",
           primitives=("draw_until",), aims="target", fills_hands=True, picks_cards=True)
@dataclass(frozen=True)
class DrawUntil(Node):
    target: Player
    predicate: Node


@statement("draw_to", "discard_to", syntax="PLAYER draws or discards to N",
           does="draws or discards (their pick) until holding N", primitives=("draw_or_discard_to",),
           takes_from_hands=True, aims="target", fills_hands=True)
@dataclass(frozen=True)
class DrawTo(Node):
    """`next draws or discards to 7` (can_draw / can_discard say which ways are allowed)."""

    target: Player
    size: Node
    can_draw: bool


# ---- cards moving


@part("hand_place", "every_hand", "pile_place", "draw_pile_place", "discard_pile_place", "own_pile_place",
      syntax="PLAYER's hand / every hand / NAME pile / PLAYER's NAME pile",
      does="where cards are: a hand, every hand, a pile, a pile of a player's own")
@dataclass(frozen=True)
class Place(Node):
    """Where cards are: a player's hand (`player`), every hand (a source only), a pile
    by name (`draw`, `discard`, `aside`, or one the edition declares in `piles:`), or a
    player's own pile (`player` and `pile`: `my deck pile`)."""

    player: Player | None = None
    pile: str | None = None
    every_hand: bool = False


@part("all_cards", "some_cards", syntax="all cards [where C] / N [random] cards [picked by PLAYER] [where C]",
      does="the cards a move takes")
@dataclass(frozen=True)
class Cards(Node):
    """Which cards a move takes: all of them, or `count` (chosen by `picker`, at random,
    or, when neither is said, the top ones of a pile or the holder's pick from a hand);
    only those satisfying `predicate`."""

    count: Node | None  # None: all the cards
    predicate: Node | None = None
    picker: Player | None = None
    random: bool = False


@statement("move", syntax="move CARDS from PLACE to PLACE [POSITION]",
           does="the general move between hands and piles", primitives=("move",))
@dataclass(frozen=True)
class Move(Node):
    """`move CARDS from PLACE to PLACE [POSITION]` (it fills a hand when it goes to one)."""

    cards: Cards
    source: Place
    destination: Place
    position: str = "top"  # top, under (the top card), bottom, shuffled (in)


@statement("discard_all", syntax="PLAYER discards all [where C]",
           does="sugar: every card C of their hand to the discard pile", primitives=("discard_all",),
           takes_from_hands=True, aims="target", picks_cards=True)
@dataclass(frozen=True)
class DiscardAll(Node):
    target: Player
    predicate: Node | None


@statement("give_all", syntax="give all [where C] to PLAYERS", does="gives every card C away, a receiver picked "
                                                                     "for each",
           primitives=("give_all",), takes_from_hands=True, fills_hands=True, picks_cards=True)
@dataclass(frozen=True)
class GiveAll(Node):
    predicate: Node | None
    recipients: Player


@statement("swap_hands", syntax="PLAYER swaps hands with PLAYER", does="the two players exchange hands",
           primitives=("swap_hands",), takes_from_hands=True, fills_hands=True)
@dataclass(frozen=True)
class SwapHands(Node):
    player: Player
    other: Player


@statement("rotate_hands", syntax="rotate hands", does="every hand passes to the next player",
           primitives=("rotate_hands",), takes_from_hands=True, fills_hands=True)
@dataclass(frozen=True)
class RotateHands(Node):
    pass


@statement("shuffle", syntax="shuffle PILE", does="shuffles a pile (the card in play stays)",
           primitives=("shuffle_pile",))
@dataclass(frozen=True)
class Shuffle(Node):
    """`shuffle aside pile`."""

    place: Place


@statement("deal", syntax="deal all cards from PLACE to PLAYERS [starting with PLAYER]",
           does="deals a place's cards one at a time", primitives=("deal",), fills_hands=True)
@dataclass(frozen=True)
class Deal(Node):
    """`deal all cards from PLACE to GROUP [starting with PLAYER]`: one card at a time to
    each player of the group in turn order, until the place is empty."""

    source: Place
    group: Player
    first: Player | None


@statement("shuffle_hands", syntax="shuffle hands", does="sugar: every hand collected, shuffled and dealt again",
           primitives=("move", "shuffle_pile", "deal", "leftwards"), takes_from_hands=True, fills_hands=True)
@dataclass(frozen=True)
class ShuffleHands(Node):
    """`shuffle hands`: every hand to the aside pile, shuffled, dealt to everyone from the
    player on the left, round the table to the left."""


# ---- turns and direction


@statement("skip", syntax="skip PLAYER", does="the player misses their next turn", primitives=("skip",),
           aims="target")
@dataclass(frozen=True)
class Skip(Node):
    target: Player


@statement("reverse", syntax="reverse", does="the direction of play reverses", primitives=("reverse",))
@dataclass(frozen=True)
class Reverse(Node):
    pass


@statement("flip_cards", syntax="flip", does="every card turns over: hands, draw and discard piles (two-sided cards)",
           primitives=("flip_cards",), takes_from_hands=True)
@dataclass(frozen=True)
class FlipCards(Node):
    """`flip`: every card of the round turns over (a two-sided deck)."""


@statement("extra_turn", syntax="extra turn", does="the player plays again", primitives=("extra_turn",))
@dataclass(frozen=True)
class ExtraTurn(Node):
    pass


@statement("turn_another", syntax="turn another", does="a start card goes back and another is turned",
           primitives=("turn_another",))
@dataclass(frozen=True)
class TurnAnother(Node):
    pass


# ---- choices


@statement("choose_colour", syntax="[PLAYER chooses] colour", does="names the colour in play (`choose colour`: me)",
           primitives=("choose_colour",))
@dataclass(frozen=True)
class ChooseColour(Node):
    chooser: Player


@statement("choose_player", syntax="[PLAYER chooses] player [where C]",
           does="picks another player: `chosen` (`choose player`: me)", primitives=("choose_player",))
@dataclass(frozen=True)
class ChoosePlayer(Node):
    chooser: Player
    predicate: Node | None


@statement("choose_random_player", syntax="choose random player [where C]", does="another player at random: `chosen`",
           primitives=("choose_random_player",))
@dataclass(frozen=True)
class ChooseRandomPlayer(Node):
    """`choose random player where ...`: another player, at random; the pick is `chosen`."""

    predicate: Node | None


@part("answer", syntax='"ANSWER": ...', does="an answer of `ask`, and the block it runs")
@dataclass(frozen=True)
class Answer(Node):
    text: str
    body: tuple


@statement("ask", syntax='ask PLAYER "QUESTION": "ANSWER": ...', does="a question with an answer of their choice",
           primitives=("ask_question",))
@dataclass(frozen=True)
class Ask(Node):
    target: Player
    question: str
    answers: tuple
    # Where the question's text is (its opening quote), for a problem with a value it says (`{n}`).
    question_line: int = field(default=0, compare=False)
    question_column: int = field(default=0, compare=False)


# ---- hands shown


@statement("show_hand", syntax="show PLAYER's hand to PLAYERS", does="the hand is seen", primitives=("show_hand",),
           aims="owner")
@dataclass(frozen=True)
class ShowHand(Node):
    owner: Player
    viewers: Player


@statement("face_up", syntax="PLAYER plays face up", does="their hand is seen until my next turn",
           primitives=("face_up",), aims="target")
@dataclass(frozen=True)
class FaceUp(Node):
    target: Player


# ---- players


@statement("for_each", "for_each_named", syntax="for each player in PLAYERS: ... / for each NAME in PLAYERS: ...",
           does="the block once per player, in turn order", loops=True)
@dataclass(frozen=True)
class ForEach(Node):
    """`for each player in others: ...`: the body once per player of the group, in turn
    order, each being `player` in it (or the name given: `for each p in others:`)."""

    variable: str
    group: Player
    body: tuple


@statement("eliminate", syntax="eliminate PLAYER, cards WHERE",
           does="the player leaves the round; WHERE: `under discard pile` or `shuffled into draw pile`",
           primitives=("eliminate",), takes_from_hands=True)
@dataclass(frozen=True)
class Eliminate(Node):
    """`eliminate me, cards under discard pile`: the player leaves the round."""

    target: Player
    shuffled: bool  # their cards are shuffled into the draw pile (else: under the discard pile)


# ---- naming a number, a symbol or a kind


@statement("choose_value", syntax="choose number [in LOW..HIGH] / choose symbol / choose kind (PLAYER chooses ...)",
           does="names a number (of the range, else one the cards bear), a symbol or a kind: `chosen number`, ...",
           primitives=("choose_value",))
@dataclass(frozen=True)
class ChooseValue(Node):
    """`choose number in 1..6`, `next chooses symbol`: the player names a value; the pick is
    `chosen number` (`chosen symbol`, `chosen kind`) for the rest of the script."""

    chooser: Player
    what: str  # number, symbol or kind
    low: Node | None = None  # the range of a number (None: the numbers the edition's cards bear)
    high: Node | None = None


__all__ = nodes_of(globals())

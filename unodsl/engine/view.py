"""What one seat sees of a round: a read-only snapshot, made for each decision put to it.

Every agent decides from a SeatView (and the Decision's options), never from the round:
the view holds copies of what the seat may see and no reference to the round, its hidden
places or its number sources, so an agent cannot reach a card it was not shown.

It has the names a compiled condition reads of a round (`hands`, `discard`, `colour`,
`direction`, `seat()`, ...), so an agent may ask an edition's own conditions about its
own hand (`view.is_bluff(card)`, `view.holds(...)`): a condition that reads a hand the
seat cannot see raises HiddenCards. Other players' hands are their sizes (and, with
two-sided cards, the backs the seat sees); the draw pile is its size (and its top's back).
"""
from __future__ import annotations

from types import MappingProxyType

from ..stops import RoundStopped
from .seats import Seats
from .decisions import TableUse
from .matching import why_not
from ..errors import UnoError


class HiddenCards(UnoError):
    """An agent (or a condition it asked) read cards its seat cannot see."""


class HiddenHand:
    """Another player's hand as a seat sees it: its size (and the backs of its cards, for
    two-sided cards), never its cards."""

    __slots__ = ("seat", "size", "backs")

    def __init__(self, seat: int, size: int, backs: tuple = ()):
        self.seat, self.size, self.backs = seat, size, backs

    def __len__(self) -> int:
        return self.size

    def __bool__(self) -> bool:
        return self.size > 0

    def _hidden(self, *_args):
        raise HiddenCards(f"the cards of seat {self.seat}'s hand are hidden from this seat")

    __iter__ = __getitem__ = __contains__ = index = count = _hidden

    def __eq__(self, other) -> bool:
        return isinstance(other, HiddenHand) and (self.seat, self.size, self.backs) == (
            other.seat, other.size, other.backs)

    def __repr__(self) -> str:
        return f"<seat {self.seat}'s hand: {self.size} cards>"


class History:
    """A seat's history as it stood when its view was made: a read-only sequence of
    unodsl.seat.observe.Observation, oldest first."""

    __slots__ = ("_items", "_length")

    def __init__(self, items: list, length: int):
        self._items, self._length = items, length

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index):
        if isinstance(index, slice):
            return self._items[:self._length][index]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError(index)
        return self._items[index]

    def __iter__(self):
        items = self._items
        return (items[i] for i in range(self._length))

    def __eq__(self, other) -> bool:
        return isinstance(other, History) and list(self) == list(other)


NO_HISTORY = History([], 0)


class _Fields:
    """The fields of a view (see SeatView); a view is made as a _Fields, then made a SeatView."""

    __slots__ = ("me", "n", "edition", "settings", "hand", "hand_sizes", "discard", "top", "colour",
                 "direction", "turn", "turns", "dealer", "draw_size", "pile_sizes", "table", "lying", "side",
                 "side_name", "colours", "backs", "draw_top_back", "face_up", "face_up_until", "shown", "scores",
                 "player_state", "uncalled",
                 "game_state", "out", "left_turn", "playing", "skips", "extra_for", "uno_pending",
                 "pending_draw", "written", "winner", "history", "chosen", "actor", "discard_piles", "pile_in_play")


class SeatView(_Fields):
    """A seat's view of a round (see the module's docstring). Its attributes:

    me, n, edition, settings: the seat, the number of seats, the edition and its settings;
    hand: the seat's own cards, in the order held; hands: every seat's hand as this seat
    sees it (its own as a tuple, the others as HiddenHand); hand_sizes;
    discard (bottom first), top, colour (in play), direction (+1 to the left), turn (whose
    turn it is), turns (turns begun), dealer; draw_size, pile_sizes (the aside pile and the
    edition's own: name -> size), table (table cards in the middle), lying (by seat);
    side, side_name, colours (of the side up), backs (two-sided cards: by seat, the backs
    of their cards this seat sees, in the order held), draw_top_back (each a card of the
    edition's `faces`: what the back shows, not which card it is); face_up (seats whose hand everyone sees
    -> its cards), face_up_until (such a seat -> the seat whose next turn ends it); shown
    (uids of cards this seat has seen in others' hands);
    scores, player_state, game_state; out (seats that left the round -> the points they
    held), left_turn, playing; skips (turns each seat must still miss), extra_for,
    uno_pending (who went down to one card without calling), uncalled (under UNO at any time:
    who holds one card without having called), pending_draw ((victim, total)
    of a draw waiting for its answer); written (blank card uid -> the rule written on it,
    compiled; None: left blank); chosen (the player a script chose last); actor (who plays
    the action card whose effect is running, when one is); discard_piles (several discard
    piles: each one's (name, cards bottom first, colour in play), in order; the one in play,
    `discard`, among them, named by pile_in_play; empty and None with one discard pile); winner; history
    (unodsl.seat.observe: what this seat saw happen this round, when the round keeps it;
    else empty).
    """

    __slots__ = ()
    bluffed = False  # (a condition may read it: no card is being judged when a seat decides)

    # The seat arithmetic a condition may ask (who is next, two seats on, partners).
    seat = Seats.seat
    passed_over = Seats.passed_over
    partner = Seats.partner
    next_of = Seats.next_of
    prev_of = Seats.prev_of
    others = Seats.others
    everyone = Seats.everyone

    def __setattr__(self, name, value):
        raise AttributeError(f"a view is read-only: {name} cannot be changed")

    @property
    def hands(self) -> tuple:
        """Every seat's hand as this seat sees it: its own cards and the hands played face
        up as tuples, the others as HiddenHand."""
        backs, face_up = self.backs, self.face_up
        return tuple(self.hand if q == self.me else face_up[q] if q in face_up
                     else HiddenHand(q, size, backs.get(q, ())) for q, size in enumerate(self.hand_sizes))

    def __eq__(self, other) -> bool:
        return isinstance(other, SeatView) and all(
            getattr(self, name) == getattr(other, name) for name in _Fields.__slots__)

    def __repr__(self) -> str:
        return f"<view of seat {self.me}: {len(self.hand)} cards, top {self.top!r}, colour {self.colour}>"

    def table_uses(self) -> list:
        """The uses of the table cards in the middle open to this seat, in the order a
        Decision lists them after its options: each card, on each other player in turn."""
        targets = self.others(self.me)
        return [TableUse(card, q) for card in self.table for q in targets]

    # ---- conditions of the edition, asked of what this seat sees

    def is_playable(self, card) -> bool:
        """Whether `card` goes on the top card now, by the edition's `playable` rule."""
        return bool(card.spec.playable.function(card, self, self.turn))

    def why_not(self, card) -> str | None:
        """None if `card` may be played now, else the reason in words."""
        try:
            return why_not(self, card)
        except HiddenCards:
            return "the rule for it reads cards you cannot see"
        except RoundStopped as stop:  # (a number past the bound: the round stops when it asks too)
            return f"the rule for it cannot be worked out: {stop.reason}"

    def is_bluff(self, card) -> bool:
        """Whether playing `card` from this seat's hand now would break its `bluff_if` rule
        (False when it has none, or when the rule reads what this seat cannot see)."""
        rule = card.spec.bluff_if
        if rule is None:
            return False
        rest = list(self.hand)
        if card in rest:
            rest.remove(card)  # the rule speaks of the other cards in hand
        probe = _Probe(self, tuple(rest))
        try:
            return bool(rule.function(card, probe, self.me))
        except HiddenCards:
            return False


class _Probe(SeatView):
    """A view whose own hand is another (to ask a condition about the hand without a card)."""

    __slots__ = ()

    def __init__(self, view: SeatView, hand: tuple):
        for name in _Fields.__slots__:
            object.__setattr__(self, name, getattr(view, name))
        object.__setattr__(self, "hand", hand)


EMPTY = MappingProxyType({})


class LazyView:
    """The view of a seat made when first read: what an agent that reads little of it (the
    built-in random agent: `Agent.reads_view = False`) is handed, so that the turn loop makes
    no view for it at a decision it answers from the options alone. Whatever it reads comes
    from the SeatView it then makes, as it would from one made at once."""

    __slots__ = ("_round", "_seat", "_view")

    def __init__(self, rnd, seat: int):
        self._round, self._seat, self._view = rnd, seat, None

    def __getattr__(self, name):
        view = self._view
        if view is None:
            view = self._view = self._round.view(self._seat)
            self._round = None
        return getattr(view, name)


def view_of(rnd, seat: int | None, history: list | None = None) -> SeatView:
    """The view of seat `seat` of the round `rnd` now (`history`: that seat's, if kept);
    seat None: an onlooker's, who holds no hand and sees what is public."""
    view = _Fields()
    edition = rnd.edition
    hands = rnd.hands
    view.me = seat
    view.n = rnd.n
    view.edition = edition
    view.settings = rnd.settings
    view.hand = tuple(hands[seat]) if seat is not None else ()
    view.hand_sizes = tuple([len(cards) for cards in hands])
    discard = rnd.discard
    view.discard = tuple(discard)
    view.top = discard[-1] if discard else None
    view.colour = rnd.colour
    view.discard_piles = tuple([(name, tuple(rnd.discard_cards(name)), rnd.pile_colour(name))
                                for name in rnd.discard_names]) if rnd.discard_names else ()
    view.pile_in_play = rnd.discard_names[rnd.pile_at] if rnd.discard_names else None
    view.direction = rnd.direction
    view.turn = rnd.turn
    view.turns = rnd.turns
    view.dealer = rnd.dealer
    view.draw_size = len(rnd._draw_pile)
    piles = rnd.piles
    view.pile_sizes = MappingProxyType({name: len(cards) for name, cards in piles.items()})
    view.table = tuple(rnd.table)
    view.lying = tuple([tuple(cards) for cards in rnd.lying])
    view.side = rnd.side
    view.colours = tuple(rnd.colours)
    if edition.sides:
        view.side_name = rnd.side_name
        faces = edition.faces  # (a back is seen as its face: which card it is, it does not say)
        view.backs = MappingProxyType({q: tuple([faces[card.back.face] for card in cards])
                                       for q, cards in enumerate(hands) if q != seat and q not in rnd.face_up_until})
        view.draw_top_back = _top_back(rnd)
    else:
        view.side_name = view.draw_top_back = None
        view.backs = EMPTY
    face_up = rnd.face_up_until
    view.face_up = MappingProxyType({q: tuple(hands[q]) for q in face_up}) if face_up else EMPTY
    view.face_up_until = MappingProxyType(dict(face_up)) if face_up else EMPTY
    view.uncalled = frozenset(rnd.uncalled)
    known = rnd.known[seat] if seat is not None else ()
    view.shown = frozenset(known) if known else frozenset()
    view.scores = tuple(rnd.scores)
    state = rnd.player_state
    # (an edition with no state holds read-only empty mappings: nothing to copy)
    view.player_state = tuple(state) if state[0].__class__ is MappingProxyType else tuple(
        [MappingProxyType(dict(values)) for values in state])
    game = rnd.game_state
    view.game_state = game if game.__class__ is MappingProxyType else MappingProxyType(dict(game))
    view.out = MappingProxyType(dict(rnd.out)) if rnd.out else EMPTY
    view.left_turn = MappingProxyType(dict(rnd.left_turn)) if rnd.left_turn else EMPTY
    view.playing = rnd.playing
    view.skips = tuple(rnd.skips)
    view.extra_for = rnd.extra_for
    view.uno_pending = rnd.uno_pending
    pending = rnd.pending
    view.pending_draw = (pending.victim, pending.total) if pending is not None else None
    view.written = MappingProxyType(dict(rnd.written)) if rnd.written else EMPTY
    view.winner = rnd.winner
    view.chosen = rnd.chosen
    view.actor = rnd.actor
    view.history = History(history, len(history)) if history is not None else NO_HISTORY
    view.__class__ = SeatView
    return view


def _top_back(rnd):
    """The back of the draw pile's top card, which every player sees (two-sided cards)."""
    pile = rnd._draw_pile
    if not pile:
        return None
    top = pile[-1]
    back = top if rnd.pile_turned else top.back  # (a pile noted as turned holds the other faces)
    return rnd.edition.faces[back.face]


def _with_hands(view: SeatView, hands: list) -> SeatView:
    """A copy of `view` whose `hands` are `hands` (to ask a condition about another hand)."""
    probe = object.__new__(SeatView)
    for name in SeatView.__slots__:
        object.__setattr__(probe, name, hands if name == "hands" else getattr(view, name))
    return probe


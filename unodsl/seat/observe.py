"""What each seat saw happen: the round's events and card moves, as that seat saw them.

An Observer watches one round. At every event the round records (and whenever a view
is made for a seat) it compares where every card lies with where it lay before; each
card that changed place is a Move. A seat sees the card of a move when it sees the
place it left or the place it reached (unodsl.seat.places), or when the round showed
it the card (a hand shown, swapped, given: `Round.known`); otherwise it sees that *a*
card went from one place to the other. The event is kept with the uids it did not see
put as None: an opponent "drew 2", not which two. Which fields hold cards, and which
events only their player sees (decisions), this module reads from the table of events
(unodsl.engine.events): of another seat's decisions a seat sees those every player sees
put and answered (decisions.PUBLIC_KINDS, without how many options there were), the
others only by what they bring about.

What a seat may infer is told too (`Observation.lacks`, about the moment before the
event's moves): what the rules force — after a card that may be a bluff is challenged and
was none, its player held no card that would have made it one (a `bluff_if: me holds C`) —
and, as likely only, what players do: one who draws as their turn begins, rather than
play, holds no card that goes (in an edition whose cards go by the cards alone).
"""
from __future__ import annotations

from typing import NamedTuple

from ..engine.decisions import PUBLIC_KINDS
from ..engine.events import CARD, CARDS, CHANCE_VALUE, EVENTS, HANDS, ITS_PLAYER, fields_holding
from ..engine.round import AT_TURN
from ..lang import ast
from .places import DECK, placement, sees
from ..engine.view import view_of

# For each kind of event (unodsl.engine.events), its fields that name cards by uid: one card,
# a list of them, the hands of a deal, a chance's value (a card when it is a random card).
CARD_FIELDS = fields_holding({CARD})
CARD_LIST_FIELDS = fields_holding({CARDS})
HAND_FIELDS = fields_holding({HANDS})
CHANCE_FIELDS = fields_holding({CHANCE_VALUE})
# Events only their player sees (decisions): another seat sees a public kind's, without its options.
OWN_EVENTS = frozenset(kind.name for kind in EVENTS.values() if kind.seen == ITS_PLAYER)


class Move(NamedTuple):
    """A card seen to change place: its uid (None when the seat did not see which card),
    the place it left (None: the deck, as a round is dealt) and the place it reached. A
    card the seat was shown where it lies is a move from its place to the same place."""

    card: int | None
    source: tuple | None
    destination: tuple


class Observation:
    """One thing a seat saw: the event (None when cards moved between events, or for a
    decision of another seat), the moves it saw, and what the rules let it infer:
    `lacks`, triples (seat, uids, certain) — that seat held none of these cards as the
    event began: certain when the rules force it, else likely.

    A checkpoint (event `{"event": "checkpoint", "start": ..., "turns": ...}`) marks a
    moment at which nothing was under way in the round (the cards dealt, a turn about to
    begin: unodsl.engine.round.Round.resume), with the seat's view then (`view`)."""

    __slots__ = ("event", "moves", "lacks", "view")

    def __init__(self, event: dict | None, moves: tuple, lacks: tuple = (), view=None):
        self.event = event
        self.moves = moves
        self.lacks = lacks
        self.view = view

    def __eq__(self, other) -> bool:
        return isinstance(other, Observation) and (self.event, self.moves, self.lacks) == (
            other.event, other.moves, other.lacks)

    def __repr__(self) -> str:
        return f"Observation({self.event!r}, moves={self.moves!r}, lacks={self.lacks!r})"


class Observer:
    """Keeps the history of each of `seats` for the round `rnd` (a round that records)."""

    def __init__(self, rnd, seats):
        self.rnd = rnd
        self.histories: dict[int, list[Observation]] = {seat: [] for seat in seats}
        self.where: dict[int, tuple] = {}
        self.face_up = frozenset()
        self.known = [set() for _ in range(rnd.n)]
        self.colour = rnd.colour
        self.bluff: tuple | None = None  # (player, faces that alone would have made it a bluff)
        self.beginning: int | None = None  # the player whose turn has begun, until they play or draw

    def saw(self, event: dict) -> None:
        """The round recorded `event`: every seat's history takes what it saw of it."""
        moves, face_up_before = self._moved()
        lacks = self._inferred(event)
        for seat, history in self.histories.items():
            history.append(self._as_seen(seat, event, moves, face_up_before, lacks))
        self.colour = self.rnd.colour

    def checkpoint(self, start: str) -> None:
        """Nothing is under way in the round: each history marks it, with the seat's view."""
        self.sync()
        rnd = self.rnd
        turns = rnd.turns - 1 if start == AT_TURN else rnd.turns  # (a turn has just been counted)
        for seat, history in self.histories.items():
            event = {"event": "checkpoint", "start": start, "turns": turns}
            history.append(Observation(event, (), (), view_of(rnd, seat)))

    def sync(self) -> None:
        """Cards that moved since the last event (a view is being made): seen as such."""
        moves, face_up_before = self._moved()
        if moves or any(self._revealed(seat) for seat in self.histories):
            for seat, history in self.histories.items():
                history.append(self._as_seen(seat, None, moves, face_up_before, ()))

    # ---- what changed

    def _moved(self) -> tuple[list, frozenset]:
        """Every card whose place changed since the last look, as (uid, source, destination)."""
        rnd = self.rnd
        now = placement(rnd)
        before = self.where
        moves = []
        for uid, (place, _index) in now.items():
            old = before.get(uid)
            if old is None or old[0] != place:
                moves.append((uid, old[0] if old is not None else DECK, place))
        self.where = now
        face_up_before, self.face_up = self.face_up, frozenset(rnd.face_up_until)
        return moves, face_up_before

    def _revealed(self, seat: int) -> set:
        """The uids the round showed `seat` since the last look (without moving them)."""
        return self.rnd.known[seat] - self.known[seat]

    def _as_seen(self, seat: int, event: dict | None, moves: list, face_up_before, lacks: tuple) -> Observation:
        shown = self._revealed(seat)
        if shown:
            self.known[seat] |= shown
        face_up = self.face_up
        seen_moves, hidden_moves, seen = [], [], set()
        for uid, source, destination in moves:
            if uid in shown or sees(seat, source, face_up_before) or sees(seat, destination, face_up):
                seen_moves.append(Move(uid, source, destination))
                seen.add(uid)
            else:
                hidden_moves.append(Move(None, source, destination))
        moved = {uid for uid, _, _ in moves}
        for uid in sorted(shown - moved):  # shown where it lies
            place = self.where[uid][0]
            seen_moves.append(Move(uid, place, place))
            seen.add(uid)
        seen_moves.sort(key=lambda move: move.card)
        hidden_moves.sort(key=lambda move: (_place_key(move.source), _place_key(move.destination)))
        if event is not None:
            event = self._redacted(seat, event, seen)
        return Observation(event, tuple(seen_moves + hidden_moves), lacks)

    def _redacted(self, seat: int, event: dict, seen: set) -> dict | None:
        """`event` with the uids `seat` did not see put as None (None: an event it did not see)."""
        kind = event["event"]
        if kind in OWN_EVENTS and event.get("player") != seat:
            if event.get("kind") not in PUBLIC_KINDS:
                return None
            return {name: value for name, value in event.items() if name != "options"}
        where, face_up = self.where, self.face_up

        def shown(uid):
            if not isinstance(uid, int) or uid in seen:
                return uid
            at = where.get(uid)
            return uid if at is not None and sees(seat, at[0], face_up) else None

        copy = dict(event)
        for name in CARD_FIELDS[kind]:
            if name in copy:
                copy[name] = shown(copy[name])
        for name in CARD_LIST_FIELDS[kind]:
            if isinstance(copy.get(name), list):
                copy[name] = [shown(uid) for uid in copy[name]]
        for name in HAND_FIELDS[kind]:
            hands = copy.get(name)
            if isinstance(hands, list):  # a deal: by seat, or [seat, cards] pairs
                copy[name] = [[pair[0], [shown(uid) for uid in pair[1]]] if _is_pair(pair)
                              else [shown(uid) for uid in pair] for pair in hands]
        if CHANCE_FIELDS[kind] and str(event.get("what", "")).startswith("random card"):
            for name in CHANCE_FIELDS[kind]:
                copy[name] = shown(copy.get(name))
        return copy

    # ---- what the rules let every seat infer

    def _inferred(self, event: dict) -> tuple:
        """The `lacks` an event lets every seat infer (see the module's docstring)."""
        kind = event["event"]
        beginning, self.beginning = self.beginning, None
        if kind == "turn":
            self.beginning = event.get("player")
        elif kind == "play":
            self.bluff = self._bluff_faces(event["player"])
        elif kind == "challenge" and event.get("challenged") and not event.get("bluffed") and self.bluff:
            player, faces = self.bluff
            if player == event.get("accused") and faces:
                return ((player, faces, True),)
        elif kind == "draw" and beginning is not None and event.get("player") == beginning:
            going = self._going(beginning)
            if going:
                return ((beginning, going, False),)
        return ()

    def _going(self, p: int) -> frozenset:
        """The cards that go on the top card now (those `p` would likely have played), in an
        edition whose cards go by the cards alone: what every seat can work out."""
        rnd = self.rnd
        if rnd._playable_cache is None or not rnd.discard:
            return frozenset()
        allowed = rnd._allowed_now()
        side, edition = rnd.side, rnd.edition
        return frozenset(uid for uid in range(len(edition.deck)) if allowed[edition.card(uid, side).face])

    def _bluff_faces(self, p: int) -> tuple | None:
        """The faces that alone in `p`'s hand would have made the card just played a bluff, when
        its `bluff_if` says `me holds C`: worked out on the table as it was before the play."""
        rnd = self.rnd
        card = rnd.discard[-1]
        rule = card.spec.bluff_if
        if rule is None or not _holds_by_me(rule.tree):
            return None
        hand, colour = rnd.hands[p], rnd.colour
        rnd.discard.pop()
        rnd.colour = self.colour
        try:
            faces = []
            for face in _faces_up(rnd):
                rnd.hands[p] = [face]
                if rule.function(card, rnd, p):
                    faces.append(face.face)
        finally:
            rnd.hands[p] = hand
            rnd.discard.append(card)
            rnd.colour = colour
        faces = set(faces)
        side = rnd.side
        return p, frozenset(uid for uid in range(len(rnd.edition.deck))
                            if rnd.edition.card(uid, side).face in faces)


def _faces_up(rnd) -> list:
    """One card of every face of the side that is up."""
    side = rnd.side
    return [face for face in rnd.edition.faces if face.side == side or not rnd.edition.sides]


def _holds_by_me(tree) -> bool:
    """A condition `me holds C` (or several joined by `or`): true of a hand as soon as one card is."""
    if isinstance(tree, ast.Or):
        return all(_holds_by_me(part) for part in tree.items)
    return isinstance(tree, ast.Holds) and type(tree.player) is ast.Player and tree.player.who == "me"


def _is_pair(value) -> bool:
    return isinstance(value, list) and len(value) == 2 and isinstance(value[0], int) and isinstance(value[1], list)


def _place_key(place) -> tuple:
    return ("", -1) if place is None else (place[0], place[1] if place[1] is not None else -1)


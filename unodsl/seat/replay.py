"""Playing again, in a sampled world, what a seat saw happen since the last checkpoint.

A world is sampled at a checkpoint (a moment at which nothing was under way: see
Round.resume) and played on from there; a decision put in the middle of a turn (a colour
to name, a challenge, a draw to answer) lies some way after it. The Replay answers the
decisions put on the way, as the seat saw them answered, until the world comes to the
decision being searched; then it checks that the world shows the seat exactly what the
real round shows it (its view), or the world is thrown away (Rejected).

Its own decisions the seat remembers (its history keeps them). Another seat's decision is
answered by what the seat saw of it: a decision every seat sees (decisions.PUBLIC_KINDS)
by its answer; the others by what they brought about (a card played, a draw, a card put
on a draw waiting for its answer). When that names a card the other seat does not hold in
the world, the card is swapped, in the sampled cards, with the one it holds in its place
(Swap), and the world made again: the card a player drew and played at once was the card
on top of the draw pile.

Cards the seat itself saw come off the draw pile since the checkpoint lie, in the sampled
world, where they lay then (`pins`).
"""
from __future__ import annotations

from ..engine.decisions import (DECISIONS, DRAW, JUMP_IN, KEEP, PASS, PICK, PLAY_DRAWN, PUBLIC_KINDS, REACT, STACK,
                                TURN, TableUse)
from ..engine.decisions import plain as _plain  # (how the log writes an option)
from ..engine.events import EVENTS, ITS_PLAYER
from .places import DRAW_PILE
from ..engine.view import view_of

# The events by which a player's action is seen (the first of them after a hidden decision
# says what the decision was).
ACTIONS = frozenset({"play", "draw", "stack", "react", "jump_in", "discard", "table_use", "give", "move", "instead"})
# The events of decisions answered (unodsl.engine.events: those only their player sees in full).
DECIDED = frozenset(kind.name for kind in EVENTS.values() if kind.seen == ITS_PLAYER)
# A view's fields that are the same in every world at the same moment (what the check compares).
CHECKED = ("hand", "hand_sizes", "discard", "colour", "direction", "turn", "draw_size", "pile_sizes", "table",
           "lying", "side", "backs", "draw_top_back", "face_up", "scores", "player_state", "game_state", "out",
           "skips", "extra_for", "uno_pending", "pending_draw", "winner", "discard_piles", "pile_in_play")


class Rejected(Exception):
    """The world cannot come to the decision as the seat saw the round come to it."""


class Swap(Exception):
    """Swap cards `a` and `b` in the sampled world, and play it again."""

    def __init__(self, a: int, b: int):
        super().__init__(a, b)
        self.a, self.b = a, b


class Replay:
    """The decisions of `prefix` (the seat's observations since the checkpoint), for a world
    of `seat` to be played to the decision `root` (seen in `view`)."""

    def __init__(self, seat: int, prefix: list, root, view):
        self.seat = seat
        self.root = root
        self.view = view
        self.own: list = []  # the seat's own answers, in order: (kind, value as logged)
        self.events: list = []  # every other event, in order
        for observation in prefix:
            event = observation.event
            if event is None:
                continue
            if event["event"] in DECIDED and event.get("player") == seat:
                self.own.append((event["kind"], event["value"]))
            else:
                self.events.append(event)
        self.empty = not self.own and not any(event["event"] not in ("turn",) for event in self.events)
        self.begin()

    def begin(self) -> None:
        """Start again from the checkpoint (a new world)."""
        self.own_at = 0
        self.used: set = set()
        self.picks: dict = {}  # a move's index -> picks read of it

    # ---- the seat's own decisions, then the root

    def decide(self, world, kind: str, seat: int, options: list, about):
        """The answer to a decision of the world before the root; ROOT at the root itself."""
        if seat == self.seat:
            if self.own_at == len(self.own):
                self._check_root(world, kind, options)
                return ROOT
            want, value = self.own[self.own_at]
            self.own_at += 1
            if want != kind:
                raise Rejected
            return _by_value(options, value)
        if kind in PUBLIC_KINDS:
            index = self._first(lambda e: e["event"] in DECIDED and e.get("player") == seat
                                and e.get("kind") == kind)
            if index is None:
                raise Rejected
            self.used.add(index)
            value = self.events[index]["value"]
            if kind == "write_rule" and isinstance(value, str):
                return value  # (any rule that compiles may be written)
            return _by_value(options, value)
        return self._hidden(world, kind, seat, options)

    def _check_root(self, world, kind: str, options: list) -> None:
        root = self.root
        if kind != root.kind or (options != root.options and [_plain(o) for o in options] != [_plain(o) for o in
                                                                                               root.options]):
            self._missed(world)
            raise Rejected
        if self.empty:
            return
        mine = view_of(world, self.seat)
        view = self.view
        for name in CHECKED:
            if getattr(mine, name) != getattr(view, name):
                raise Rejected

    def _missed(self, world) -> None:
        """The world came to the seat's decision before a card the seat saw played was: when
        the player held it, it was the card they drew (the one their hand holds last), whose
        play was put to them only because it goes. (Swap, if so.)"""
        index = self._first(lambda e: e["event"] in ("play", "stack", "jump_in", "react")
                            and e.get("card") is not None)
        if index is None:
            return
        event = self.events[index]
        hand = world.hands[event["player"]]
        if hand and hand[-1].uid != event["card"]:
            raise Swap(event["card"], hand[-1].uid)

    # ---- decisions of other seats that only their outcome shows

    def _hidden(self, world, kind: str, seat: int, options: list):
        index = self._first(lambda e: e.get("player") == seat and e["event"] in ACTIONS)
        event = self.events[index] if index is not None else None
        name = event["event"] if event is not None else None
        if kind == TURN:
            if name == "play":
                return self._card(world, index, seat, options, event["card"], options[:-1])
            if name == "table_use":
                self.used.add(index)
                return next((o for o in options if isinstance(o, TableUse) and o.card.uid == event["card"]
                             and o.target == event.get("target")), None) or _reject()
            return DRAW
        if kind == PLAY_DRAWN:
            if name == "play":
                drawn = options[0]
                if event["card"] != drawn.uid:
                    raise Swap(event["card"], drawn.uid)
                self.used.add(index)
                return drawn
            return KEEP
        if kind in (STACK, JUMP_IN, REACT):  # a card out of turn or on a draw (the table's event shows it), or PASS
            if name in DECISIONS[kind].shown_by:
                return self._card(world, index, seat, options, event["card"], options[:-1])
            return PASS
        if kind == PICK:
            return self._pick(options)
        return options[0]  # (a kind with no outcome of its own to read: any answer the seat could not tell)

    def _card(self, world, index: int, seat: int, options: list, uid, cards: list):
        """The option playing card `uid` (which the seat saw played); a Swap when the player does
        not hold it in this world (with a card they hold, that may be where it lay)."""
        self.used.add(index)
        for option in options:
            if getattr(option, "uid", None) == uid:
                return option
        if uid is None or not cards:
            raise Rejected
        hand = world.hands[seat]
        in_hand = [card.uid for card in hand if card.uid != uid]
        if not in_hand:
            raise Rejected
        raise Swap(uid, in_hand[-1])  # (the card that came last: a card drawn this turn)

    def _pick(self, options: list):
        index = self._first(lambda e: e["event"] in DECISIONS[PICK].shown_by)
        if index is None:
            return options[0]
        done = self.picks.get(index, 0)
        cards = self.events[index].get("cards") or []
        self.picks[index] = done + 1
        if done + 1 >= len(cards):
            self.used.add(index)
        uid = cards[done] if done < len(cards) else None
        for option in options:
            if getattr(option, "uid", None) == uid:
                return option
        return options[0]  # (a card the seat did not see: any)

    def _first(self, test) -> int | None:
        for index, event in enumerate(self.events):
            if index not in self.used and test(event):
                return index
        return None


ROOT = object()  # Replay.decide's answer at the decision searched: the search takes over


def hindsight(prefix: list, masks: list[int], bit) -> list[int]:
    """The places cards may have been in at the checkpoint, knowing what came after: a card
    the seat saw leave a place it could not see (another's hand, a face-down pile), and not
    come into it since the checkpoint, was in it then, or in a place from which unseen cards
    came into it before it left. (`bit`: a place's bit, Knowledge.bit.)"""
    masks = list(masks)
    arrived = set()
    fed: dict = {}  # place -> the bits of the places unseen cards came into it from
    for observation in prefix:
        for card, source, destination in observation.moves:
            if card is None:
                if source is not None:
                    fed[destination] = fed.get(destination, 0) | bit(source)
                continue
            if source is not None and source != destination and card not in arrived:
                narrowed = masks[card] & (bit(source) | fed.get(source, 0))
                if narrowed:
                    masks[card] = narrowed
            arrived.add(card)
    return masks


def pins(prefix: list, view) -> tuple[dict, dict]:
    """What the seat saw of the draw pile since the checkpoint, as it lay then: the cards it
    saw come off it, {DRAW_PILE: {depth from the top: uid}} (those drawn into its hand in one
    go lay in the order its hand now holds them, the last held the highest); and, with
    two-sided cards, the backs it saw, {DRAW_PILE: {depth: face}}: of the cards others drew
    (the last their hand holds) and of the card on top now. What it saw of backs is read
    as plainly as can be: when it does not fit, the worlds sampled do not come to the
    decision, and the search samples them without it."""
    depth, pinned, arrivals = 0, {}, {}
    order = {card.uid: i for i, card in enumerate(view.hand)}
    for observation in prefix:
        moves = [move for move in observation.moves if move.source == DRAW_PILE and move.destination != DRAW_PILE]
        seen = [move.card for move in moves if move.card is not None]
        if moves and len(seen) == len(moves):
            seen.sort(key=lambda uid: -order.get(uid, -1))
            for uid in seen:
                pinned[depth] = uid
                depth += 1
            continue
        batch: dict = {}  # (cards drawn in one go into a hand lie there in the pile's order, the top last)
        for move in moves:
            if move.card is None and move.destination[0] == "hand":
                batch.setdefault(move.destination[1], []).append(depth)
            depth += 1
        for seat, depths in batch.items():
            arrivals.setdefault(seat, []).extend(reversed(depths))
    backs = {}
    if view.edition.sides:
        for seat, depths in arrivals.items():
            shown = view.backs.get(seat, ())
            for back, at in zip(shown[len(shown) - len(depths):], depths):
                backs[at] = back.face
        if view.draw_top_back is not None:
            backs[depth] = view.draw_top_back.face
    return ({DRAW_PILE: pinned} if pinned else {}), ({DRAW_PILE: backs} if backs else {})


def _by_value(options: list, value):
    """The option logged as `value` (decisions.plain)."""
    for option in options:
        if _plain(option) == value:
            return option
    raise Rejected


def _reject():
    raise Rejected

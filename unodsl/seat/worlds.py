"""Worlds a seat cannot tell from the real round: sampled from what it sees and knows.

A world is a whole round — every hand, the draw pile in its order, the faces of two-sided
cards, the state — that agrees with a seat's view (every card it sees is where it sees it,
every hand and pile has its size, every back it sees is the back of the card there) and
with its knowledge (unodsl.seat.knowledge: every card is in a place it may be in). The
seat's search plays worlds on (unodsl.agents.mcts), from a moment at which nothing is
under way in the round (a checkpoint: the cards dealt, a turn about to begin; see
Round.resume); the decisions since then are played again in it (unodsl.seat.replay).

Sampling: the cards the seat cannot see are dealt into the places it cannot see, each card
into a place it may be in and, with two-sided cards, into a position showing its back. With
nothing known beyond the sizes (the common case) that is one shuffle; otherwise each card
goes, in random order, into a place with room among those it may be in, and when none has
room, a card already placed moves to make it (augmenting paths: the real round is such an
assignment, so one is always found).

A world is made by copying a round made once from the view (its template), each list and
mapping the round changes copied, the rest shared: no `copy.deepcopy`.
"""
from __future__ import annotations

import random

from ..engine.out_of_turn import OfferingTableCards
from ..engine.quick_random import shuffle
from ..engine.round import Round
from .places import DRAW_PILE, HAND, PILE


class Unsampled(Exception):
    """No world agrees with what the seat knows (its knowledge is wrong: a defect)."""


class Sampler:
    """Deals the cards a seat cannot see into the places it cannot see (see the module's
    docstring), for the view `view` and the knowledge `masks` (by uid: bit masks over
    `places`, unodsl.seat.knowledge)."""

    def __init__(self, view, masks: list[int], places: list, pins: dict | None = None,
                 backs: dict | None = None):
        edition = view.edition
        self.edition = edition
        self.side = view.side
        seen = {card.uid for card in view.hand}
        for cards in (view.discard, view.table, *view.lying, *view.face_up.values()):
            seen.update(card.uid for card in cards)
        # The places the seat cannot see, with their sizes and what each position shows.
        holders = []  # (place, size, classes by position or None)
        two_sided = bool(edition.sides)
        for q, size in enumerate(view.hand_sizes):
            if q != view.me and q not in view.face_up and size:
                classes = tuple(back.face for back in view.backs[q]) if two_sided else None
                holders.append(((HAND, q), size, classes))
        if view.draw_size:
            classes = None
            if two_sided:
                shown = {0: view.draw_top_back.face} if view.draw_top_back is not None else {}
                shown.update((backs or {}).get(DRAW_PILE, {}))
                classes = tuple(shown.get(view.draw_size - 1 - position) for position in range(view.draw_size))
            holders.append((DRAW_PILE, view.draw_size, classes))
        for name, size in view.pile_sizes.items():
            if size:
                holders.append(((PILE, name), size, None))
        self.holders = holders
        self.hidden = [uid for uid in range(len(edition.deck)) if uid not in seen]
        if len(self.hidden) != sum(size for _, size, _ in holders):
            raise Unsampled(f"{len(self.hidden)} cards unseen for {sum(s for _, s, _ in holders)} hidden places")
        # Each hidden card: the hidden places it may be in (by index in holders).
        bits = {place: 1 << places.index(place) for place, _, _ in holders if place in places}
        self.allowed = {}
        everywhere = tuple(range(len(holders)))
        constrained = False
        for uid in self.hidden:
            mask = masks[uid]
            allowed = tuple(i for i, (place, _, _) in enumerate(holders) if mask & bits.get(place, 0))
            if not allowed:  # (the knowledge disagrees with the view: trust the view)
                allowed = everywhere
            if allowed != everywhere:
                constrained = True
            self.allowed[uid] = allowed
        self.classes = {}
        if two_sided:
            down = 1 - view.side
            self.classes = {uid: edition.card(uid, down).face for uid in self.hidden}
        # Cards known to lie at a position of a place (from its top): place -> {depth: uid}; and
        # backs seen at a position of the draw pile since (`backs`: place -> {depth: face}).
        self.pins = pins or {}
        self.quick = not constrained and not two_sided and not self.pins

    def sample(self, rng: random.Random) -> list[list[int]]:
        """The uids dealt into each of `holders`, in the order of the place's list."""
        if self.quick:
            cards = list(self.hidden)
            shuffle(rng, cards)
            dealt, start = [], 0
            for _place, size, _classes in self.holders:
                dealt.append(cards[start:start + size])
                start += size
            return dealt
        return self._matched(rng)

    # ---- with constraints: a matching of cards to positions

    def _matched(self, rng: random.Random) -> list[list[int]]:
        holders, classes = self.holders, self.classes
        # Groups of positions alike: (holder index, class or None) -> room.
        room: dict = {}
        pinned: dict = {}  # (holder index, position) -> uid
        for index, (place, size, by_position) in enumerate(holders):
            pins = self.pins.get(place, {})
            for position in range(size):
                depth = size - 1 - position
                if depth in pins:
                    pinned[(index, position)] = pins[depth]
                    continue
                key = (index, by_position[position] if by_position is not None else None)
                room[key] = room.get(key, 0) + 1
        placed_pins = set(pinned.values())
        cards = [uid for uid in self.hidden if uid not in placed_pins]
        shuffle(rng, cards)
        cards.sort(key=lambda uid: len(self.allowed[uid]))  # the most constrained first (stable: random among equals)
        groups_of = {}
        for uid in cards:
            mine = classes.get(uid)
            groups_of[uid] = [key for key in room if key[0] in self.allowed[uid] and key[1] in (None, mine)]
        into: dict = {key: [] for key in room}
        for uid in cards:
            if not self._place(uid, groups_of, room, into, rng, set()):
                raise Unsampled(f"card {uid} has no place it may be in")
        # Positions filled from their groups, in random order within each.
        for members in into.values():
            shuffle(rng, members)
        dealt = []
        for index, (place, size, by_position) in enumerate(holders):
            cards_here = []
            for position in range(size):
                if (index, position) in pinned:
                    cards_here.append(pinned[(index, position)])
                    continue
                key = (index, by_position[position] if by_position is not None else None)
                cards_here.append(into[key].pop())
            dealt.append(cards_here)
        return dealt

    def swap(self, dealt: list[list[int]], a: int, b: int) -> bool:
        """Swap cards `a` and `b` in `dealt` (a sample) where each may lie where the other does
        (and shows the same back); False when they may not."""
        spots = {}
        for index, cards in enumerate(dealt):
            for position, uid in enumerate(cards):
                if uid == a or uid == b:
                    spots[uid] = (index, position)
        if len(spots) != 2 or a == b:
            return False
        (ia, pa), (ib, pb) = spots[a], spots[b]
        pinned = {uid for pins in self.pins.values() for uid in pins.values()}
        if a in pinned or b in pinned or ib not in self.allowed[a] or ia not in self.allowed[b]:
            return False
        if self.classes and self.classes[a] != self.classes[b]:
            return False
        dealt[ia][pa], dealt[ib][pb] = b, a
        return True

    def _place(self, uid: int, groups_of: dict, room: dict, into: dict, rng, visited: set) -> bool:
        """Put `uid` in a group with room, moving cards already placed along an augmenting path."""
        options = groups_of[uid]
        free = [key for key in options if room[key] > len(into[key])]
        if free:
            key = free[rng.randrange(len(free))] if len(free) > 1 else free[0]
            into[key].append(uid)
            return True
        for key in options:
            if key in visited:
                continue
            visited.add(key)
            for other in list(into[key]):
                if self._place(other, groups_of, room, into, rng, visited):
                    into[key].remove(other)
                    into[key].append(uid)
                    return True
        return False


# ---- worlds made from a template

# The round's attributes a world gets a copy of, by how (the rest it shares with the template:
# what play never changes in place, and values).
_LISTS = ("scores", "skips", "uno_asked", "colours", "table", "discard")
_LIST_OF_LISTS = ("lying",)
_DICTS = ("face_up_until", "out", "left_turn", "written", "game_state")
_FRESH = {"known": "[set() for _ in range(t.n)]", "offered": "set()", "cancelled": "set()",
          "player_state": "[dict(values) for values in t.player_state]",
          "uncalled": "set(t.uncalled) if t.uncalled else ()",
          "_direct": "_rebound(t._direct, w) if t._direct is not None else None",
          "_randoms": "list(t._randoms) if t._randoms is not None else None"}
_DEALT = ("hands", "_draw_pile", "piles")  # dealt by the sampler


def _slots(cls) -> list[str]:
    names = []
    for klass in reversed(cls.__mro__):
        for name in getattr(klass, "__slots__", ()):
            if name not in names and name != "__weakref__":
                names.append(name)
    return names


def _rebound(direct: list, world) -> list:
    """The agents asked directly, for a copy of the round: those offered the table cards by
    the round (OfferingTableCards) are offered them by the copy."""
    return [OfferingTableCards(agent.agent, world) if agent.__class__ is OfferingTableCards else agent
            for agent in direct]


def _cloner(cls):
    """A function copying a round of `cls` as a world needs (see the lists above)."""
    lines = ["def clone(t, new):", "    w = new(cls)"]
    for name in _slots(cls):
        if name in _DEALT:
            continue
        if name in _LISTS:
            lines.append(f"    w.{name} = t.{name}[:]")
        elif name in _LIST_OF_LISTS:
            lines.append(f"    w.{name} = [x[:] for x in t.{name}]")
        elif name in _DICTS:
            lines.append(f"    w.{name} = t.{name}.copy() if t.{name}.__class__ is dict else t.{name}")
        elif name in _FRESH:
            lines.append(f"    w.{name} = {_FRESH[name]}")
        else:
            lines.append(f"    w.{name} = t.{name}")
    lines.append("    return w")
    namespace = {"cls": cls, "_rebound": _rebound}
    exec("\n".join(lines), namespace)
    return namespace["clone"]


class WorldMaker:
    """Makes worlds from a seat's view at a checkpoint: a round of `cls` laid out as the view
    shows, whose hidden places the sampler deals (`agents`: one per seat, asked directly)."""

    def __init__(self, view, cls, agents: list, rng: random.Random, max_turns: int, ask=None):
        edition = view.edition
        template = cls(edition, view.n, view.dealer, rng, None, list(view.scores), max_turns=max_turns,
                       ask=ask, written=dict(view.written), agents=agents)
        template._chance = rng  # (the search's own chances: a seat does not know the round's)
        for name, value in (("colour", view.colour), ("turn", view.turn), ("direction", view.direction),
                            ("turns", view.turns), ("side", view.side), ("colours", list(view.colours)),
                            ("discard", list(view.discard)), ("table", list(view.table)),
                            ("lying", [list(cards) for cards in view.lying]), ("skips", list(view.skips)),
                            ("extra_for", view.extra_for), ("uno_pending", view.uno_pending),
                            ("out", dict(view.out)), ("left_turn", dict(view.left_turn)),
                            ("playing", view.playing), ("chosen", view.chosen),
                            ("face_up_until", dict(view.face_up_until)),
                            ("uncalled", set(view.uncalled) if view.uncalled else ()),
                            ("player_state", [dict(values) for values in view.player_state]),
                            ("game_state", dict(view.game_state))):
            setattr(template, name, value)
        if view.out:
            template.watching = True  # (as Seats.eliminate leaves it)
            if template._direct is not None:
                from ..engine.seats import PASSIVE
                for seat in view.out:
                    template._direct[seat] = PASSIVE
                    template._randoms[seat] = None
        self.template = template
        self.view = view
        self.edition = edition
        self.clone = _cloner(cls)
        self.new = object.__new__
        self.face = [edition.card(uid, view.side) for uid in range(len(edition.deck))]
        own = list(view.hand)
        self.hands = [own if q == view.me else list(view.face_up.get(q, ())) for q in range(view.n)]
        self.piles = {name: [] for name in view.pile_sizes}

    def make(self, holders: list, dealt: list[list[int]]):
        """A world: the template's copy with `dealt` (Sampler.sample) in the hidden places."""
        world = self.clone(self.template, self.new)
        face = self.face
        hands = [hand[:] for hand in self.hands]
        piles = {name: cards[:] for name, cards in self.piles.items()}
        pile: list = []
        for (place, _size, _classes), uids in zip(holders, dealt):
            cards = [face[uid] for uid in uids]
            kind, where = place
            if kind == HAND:
                hands[where] = cards
            elif place == DRAW_PILE:
                pile = cards
            else:
                piles[where] = cards
        world.hands = hands
        world._draw_pile = pile
        world.piles = piles
        world.pile_turned = False
        return world


class World(Round):
    """A round a seat's search imagined. Its agents are the search's own, and may read it
    whole: `view(p)` is a WorldView of it, made at no cost (no copy)."""

    __slots__ = ()

    def view(self, p: int):
        return WorldView(self, p)


def world_class(edition) -> type:
    """The round class worlds are made of: World, with the turn loop written for the edition."""
    from ..engine.specialise import specialised
    return specialised(edition, World)


class WorldView:
    """A seat of a world, read as a SeatView is (the names the built-in agents read), straight
    from the world: the search's own policies decide from it in the worlds they play."""

    __slots__ = ("world", "me")

    def __init__(self, world, me: int):
        self.world, self.me = world, me

    hand = property(lambda self: self.world.hands[self.me])
    hand_sizes = property(lambda self: [len(cards) for cards in self.world.hands])
    discard = property(lambda self: self.world.discard)
    top = property(lambda self: self.world.discard[-1])
    table = property(lambda self: self.world.table)
    colour = property(lambda self: self.world.colour)
    turn = property(lambda self: self.world.turn)
    turns = property(lambda self: self.world.turns)
    out = property(lambda self: self.world.out)
    edition = property(lambda self: self.world.edition)
    side = property(lambda self: self.world.side)
    n = property(lambda self: self.world.n)
    direction = property(lambda self: self.world.direction)
    scores = property(lambda self: self.world.scores)

    def table_uses(self) -> list:
        return self.world.table_uses(self.me)

    def is_bluff(self, card) -> bool:
        rule = card.spec.bluff_if
        if rule is None:
            return False
        hand = self.world.hands[self.me]
        index = hand.index(card)
        del hand[index]  # the rule speaks of the other cards in hand
        try:
            return bool(rule.function(card, self.world, self.me))
        finally:
            hand.insert(index, card)

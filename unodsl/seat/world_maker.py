"""Worlds made from a template: the round a seat's search plays on, with the cards the
sampler dealt (unodsl.seat.worlds) in the places the seat cannot see.

A world is made by copying a round made once from the view (its template), each list and
mapping the round changes copied, the rest shared: no `copy.deepcopy`. Apart from the
sampler because it knows the round's attributes (which are copied, which are shared), not
what the seat knows.
"""
from __future__ import annotations

import random

from ..engine.out_of_turn import OfferingTableCards
from ..engine.round import Round
from .places import DRAW_PILE, HAND


# The round's attributes a world gets a copy of, by how (the rest it shares with the template:
# what play never changes in place, and values).
_LISTS = ("scores", "skips", "uno_asked", "colours", "table", "discard", "resting_colours")
_LIST_OF_LISTS = ("lying", "resting")
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
        if view.discard_piles:  # several discard piles: each as it lies (engine/piles.py)
            names = template.discard_names
            template.pile_at = names.index(view.pile_in_play)
            for at, (_name, cards, colour) in enumerate(view.discard_piles):
                if at != template.pile_at:
                    template.resting[at], template.resting_colours[at] = list(cards), colour
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
    # (several discard piles: each one's name, cards and colour; engine/view.py)
    discard_piles = property(lambda self: tuple((name, self.world.discard_cards(name), self.world.pile_colour(name))
                                                for name in self.world.discard_names))

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

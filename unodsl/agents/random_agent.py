from __future__ import annotations

from ..engine.decisions import TURN, TableUse
from .base import Agent

TABLE_USE_CHANCE = 0.05  # of using a table card at a decision where one lies in the middle


class RandomAgent(Agent):
    """Picks uniformly among the legal options of every decision, with one exception:
    on its turn it plays a uniformly chosen playable card and draws only when it has
    none. (Drawing by choice is legal, but a player that does it half the time makes
    rounds of thousands of turns, which says nothing about an edition.) Likewise a
    table card in the middle is used at a decision with a 5% chance, on a random
    player, rather than as one more of many equal options.
    """

    name = "random"
    trusted = True

    def __init__(self, rng):
        super().__init__(rng)
        self._random = rng.random

    def choose(self, decision, state):
        options = decision.options
        if options[-1].__class__ is TableUse:
            uses = [o for o in options if isinstance(o, TableUse)]
            if self._random() < TABLE_USE_CHANCE:
                return uses[int(self._random() * len(uses))]
            options = options[:len(options) - len(uses)]
        if decision.kind is TURN and len(options) > 1:  # playable cards, then DRAW
            return options[int(self._random() * (len(options) - 1))]
        return options[int(self._random() * len(options))]

    def choose_turn(self, cards: list, state, seat: int):
        # As `choose` for a turn with no table card: a playable card, never DRAW.
        return cards[int(self._random() * len(cards))]

    def pick(self, kind, seat, options, about, state):
        # As `choose` for a decision with no table card (the engine never puts
        # a forced move, so a turn has a playable card besides DRAW).
        if kind is TURN:
            return options[int(self._random() * (len(options) - 1))]
        return options[int(self._random() * len(options))]

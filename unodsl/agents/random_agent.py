from __future__ import annotations

from math import floor  # (of a float: as int() for one not negative, and three times as quick)

from ..engine.decisions import TURN, UNO_CALL, TableUse
from .base import Agent

TABLE_USE_CHANCE = 0.05  # of using a table card at a decision where one lies in the middle


class RandomAgent(Agent):
    """Picks uniformly among the legal options of every decision, with one exception:
    on its turn it plays a uniformly chosen playable card and draws only when it has
    none. (Drawing by choice is legal, but a player that does it half the time makes
    rounds of thousands of turns, which says nothing about an edition.) Likewise a
    table card in the middle is used at a decision with a 5% chance, on a random
    player, rather than as one more of many equal options. Under UNO at any time it
    calls only truly (passing, or calling on a player who holds one card, uniformly):
    most calls it could make are false, and one that made them would draw cards
    without end. (A jump-in is one more option, uniformly like the others.)
    """

    name = "random"
    trusted = True
    reads_view = False  # (it reads the hands' sizes for an UNO call at any time, nothing else)

    def __init__(self, rng):
        super().__init__(rng)
        self._random = rng.random

    def choose(self, decision, view):
        options = decision.options
        if options[-1].__class__ is TableUse:
            uses = [o for o in options if isinstance(o, TableUse)]
            if self._random() < TABLE_USE_CHANCE:
                return uses[floor(self._random() * len(uses))]
            options = options[:len(options) - len(uses)]
        if decision.kind is TURN and len(options) > 1:  # playable cards, then DRAW
            return options[floor(self._random() * (len(options) - 1))]
        if decision.kind is UNO_CALL:
            options = _true_calls(options, view)
        return options[floor(self._random() * len(options))]

    def choose_turn(self, cards: list, view):
        # As `choose` for a turn with no table card: a playable card, never DRAW.
        return cards[floor(self._random() * len(cards))]

    def pick(self, kind, options, about, view):
        # As `choose` for a decision with no table card (the engine never puts
        # a forced move, so a turn has a playable card besides DRAW).
        if kind is TURN:
            return options[floor(self._random() * (len(options) - 1))]
        if kind is UNO_CALL:
            options = _true_calls(options, view)
        return options[floor(self._random() * len(options))]

    def pick_or_use(self, kind, options, about, view):
        # As `choose` with the uses after the options: the same random numbers, in the same
        # order (the uses are listed only when one is chosen); then as `pick`, written out
        # (in an edition with a table card this is nearly every decision).
        if self._random() < TABLE_USE_CHANCE:
            uses = view.table_uses()
            return uses[floor(self._random() * len(uses))]
        if kind is TURN:
            return options[floor(self._random() * (len(options) - 1))]
        if kind is UNO_CALL:
            options = _true_calls(options, view)
        return options[floor(self._random() * len(options))]


def _true_calls(options: list, view) -> list:
    """Of an UNO_CALL's options (seats, then PASS): the calls on a player who holds one card,
    and passing."""
    sizes = view.hand_sizes
    return [q for q in options[:-1] if sizes[q] == 1] + [options[-1]]

from __future__ import annotations

from ..engine.decisions import TURN
from .base import Agent


class RandomAgent(Agent):
    """Picks uniformly among the legal options of every decision, with one exception:
    on its turn it plays a uniformly chosen playable card and draws only when it has
    none. (Drawing by choice is legal, but a player that does it half the time makes
    rounds of thousands of turns, which says nothing about an edition.)
    """

    name = "random"

    def __init__(self, rng):
        super().__init__(rng)
        self._random = rng.random

    def choose(self, decision, state):
        options = decision.options
        if decision.kind is TURN:  # options end with DRAW
            return options[int(self._random() * (len(options) - 1))]
        return options[int(self._random() * len(options))]

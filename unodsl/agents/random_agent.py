from __future__ import annotations

from ..engine.random_policy import RandomPolicy
from .base import Agent


class RandomAgent(RandomPolicy, Agent):
    """The built-in random agent: its policy is unodsl.engine.random_policy's (which the
    turn loop copies in for a seat it plays)."""

    name = "random"
    trusted = True
    reads_view = False  # (it reads the hands' sizes for an UNO call at any time, nothing else)

    def __init__(self, rng):
        super().__init__(rng)
        self._random = rng.random

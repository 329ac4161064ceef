from __future__ import annotations


class Agent:
    """Answers decisions for one seat: `choose` returns one of `decision.options`.

    `state` is the round in play (unodsl.engine.round.Round); a well-behaved
    agent reads only its own hand, the discard pile, counts and what it has
    been shown (`state.known[seat]`).
    """

    name = "agent"

    def __init__(self, rng=None):
        self.rng = rng

    def choose(self, decision, state):
        raise NotImplementedError

    def __repr__(self) -> str:
        return self.name

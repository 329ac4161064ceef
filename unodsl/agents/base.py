from __future__ import annotations

from ..engine.decisions import DRAW, TURN, Decision


class Agent:
    """Answers decisions for one seat: `choose` returns one of `decision.options`.

    `state` is the round in play (unodsl.engine.round.Round); a well-behaved
    agent reads only its own hand, the discard pile, counts, what it has
    been shown (`state.known[seat]`) and, with two-sided cards, what it sees
    of the side down (`state.backs_seen(seat)`: everyone else's cards' other
    faces and the draw pile's top card's).
    """

    name = "agent"
    # A trusted agent always answers with one of the decision's options, so the
    # engine does not check; the built-in agents are (their tests check them).
    trusted = False

    def __init__(self, rng=None):
        self.rng = rng

    def choose(self, decision, state):
        raise NotImplementedError

    def choose_turn(self, cards: list, state, seat: int):
        """The turn decision: one of the playable `cards`, or DRAW. The engine's turn
        loop calls this for trusted agents; an agent may answer it without building
        the Decision (whose options are `cards` then DRAW), but must answer exactly
        as `choose` would."""
        return self.choose(Decision(TURN, seat, [*cards, DRAW]), state)

    def pick(self, kind: str, seat: int, options: list, about, state):
        """Any other decision, put without a Decision object (the engine does so for
        trusted agents when nothing is recorded); must answer exactly as `choose`."""
        return self.choose(Decision(kind, seat, options, about), state)

    def pick_or_use(self, kind: str, seat: int, options: list, about, state):
        """A decision put while table cards lie in the middle, without a Decision (the engine
        does so for trusted agents when nothing is recorded): one of `options`, or one of
        the uses on offer, `state.table_uses(seat)` (which a Decision lists after the
        options); must answer exactly as `choose`."""
        return self.choose(Decision(kind, seat, [*options, *state.table_uses(seat)], about), state)

    def __repr__(self) -> str:
        return self.name

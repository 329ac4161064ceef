from __future__ import annotations

from ..engine.decisions import DRAW, TURN, Decision


class Agent:
    """Answers decisions for one seat: `choose` returns one of `decision.options`.

    `view` is what the seat sees (unodsl.engine.view.SeatView): its own hand, the cards
    face up, every hand's size, the piles' sizes, what it was shown and, when the agent
    keeps one (`keeps_history`), what it saw happen this round. An agent decides from it
    and the decision alone; the round itself is never handed to an agent.
    """

    name = "agent"
    # A trusted agent always answers with one of the decision's options, so the engine does
    # not check; the built-in agents are (their tests check them). Any other is checked.
    trusted = False
    # An agent that reads `view.history` (what the seat saw happen): the round keeps it then
    # (a round that records, played by the interpreter's loop: unodsl.seat.observe).
    keeps_history = False
    # An agent that answers most decisions from their options alone (the built-in random
    # agent) is handed a view made only if it reads it (unodsl.engine.view.LazyView).
    reads_view = True

    def __init__(self, rng=None):
        self.rng = rng

    def choose(self, decision, view):
        raise NotImplementedError

    def choose_turn(self, cards: list, view):
        """The turn decision: one of the playable `cards`, or DRAW. The engine's turn loop
        calls this for trusted agents; an agent may answer it without building the Decision
        (whose options are `cards` then DRAW), but must answer exactly as `choose` would."""
        return self.choose(Decision(TURN, view.me, [*cards, DRAW]), view)

    def pick(self, kind: str, options: list, about, view):
        """Any other decision, put without a Decision object (the engine does so for
        trusted agents when nothing is recorded); must answer exactly as `choose`."""
        return self.choose(Decision(kind, view.me, options, about), view)

    def pick_or_use(self, kind: str, options: list, about, view):
        """A decision put while table cards lie in the middle, without a Decision (the engine
        does so for trusted agents when nothing is recorded): one of `options`, or one of
        the uses on offer, `view.table_uses()` (which a Decision lists after the options);
        must answer exactly as `choose`."""
        return self.choose(Decision(kind, view.me, [*options, *view.table_uses()], about), view)

    def new_round(self) -> None:
        """A new round begins (an agent that remembers a round forgets it here)."""

    def __repr__(self) -> str:
        return self.name

"""One round of an edition played with some seats answered from outside: what both
environments step (unodsl.rl.aec, unodsl.rl.single).

The round is a Match of one round (unodsl.match) whose outside seats have no agent: the
engine pauses at each of their decisions (`match.decision`) until `answer()`; rounds
nobody records are played by the turn loop written for the edition, as simulations are.
"""
from __future__ import annotations

from ..edition.loader import load_edition
from ..engine.view import view_of
from ..errors import UnoError
from ..match import Match
from .encoding import Encoding

REWARDS = ("win", "points")


def loaded(edition, rules=(), settings=None):
    """An Edition from a built-in name or a path (with house rules and settings), or as given."""
    if isinstance(edition, str):
        return load_edition(edition, rules=list(rules), settings=dict(settings) if settings else None)
    if rules or settings:
        raise UnoError("rules and settings go with an edition's name or path, not a loaded Edition")
    return edition


class Table:
    """A round in play: `decision` (None when over), the seat's view, answers, the result."""

    def __init__(self, edition, encoding: Encoding, agents: list, seed, reward: str):
        if reward not in REWARDS:
            raise UnoError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.encoding = encoding
        self.reward = reward
        self.match = Match(edition, players=encoding.players, agents=agents, seed=seed, record=False,
                           max_rounds=1)
        self._asked = None  # (decision, its seat's view, its legal actions): read once per decision

    @property
    def decision(self):
        return None if self.match.finished else self.match.decision

    @property
    def over(self) -> bool:
        return self.match.finished

    def view(self, seat: int):
        return view_of(self.match.round, seat)

    def asked(self):
        """The pending decision, its seat's view and its legal actions (made once: the round
        does not move until it is answered)."""
        decision = self.decision
        if self._asked is None or self._asked[0] is not decision:
            view = self.view(decision.player)
            self._asked = (decision, view, self.encoding.table.legal(decision, view))
        return self._asked

    def observation(self, seat: int) -> dict:
        """The seat's observation: its view encoded, and the mask of what it may do now."""
        decision = self.decision
        encoding = self.encoding
        if decision is not None and decision.player == seat:
            _, view, legal = self.asked()
            return {"observation": encoding.observe(view, decision), "action_mask": encoding.mask_of(legal)}
        return {"observation": encoding.observe(self.view(seat)), "action_mask": encoding.no_actions()}

    def answer(self, action: int) -> None:
        decision, view, legal = self.asked()
        option = self.encoding.option(decision, view, int(action), legal)
        self.match.answer(option)

    def rewards(self) -> list[float]:
        """Each seat's reward when the round is over (see docs/rl.md, "Rewards")."""
        result = self.match.results[-1] if self.match.results else None
        n = self.encoding.players
        if result is None or result.winner is None:
            return [0.0] * n
        if self.reward == "win":  # (in teams, the winner's partner wins with it)
            side = next((set(team) for team in self.match.teams or () if result.winner in team), {result.winner})
            return [1.0 if seat in side else -1.0 for seat in range(n)]
        return [float(result.scored[seat]) if seat == result.winner else -float(result.points[seat])
                for seat in range(n)]

    def stopped(self) -> bool:
        """Over without a winner: a limit stopped the round (a truncation)."""
        return self.over and (not self.match.results or self.match.results[-1].winner is None)

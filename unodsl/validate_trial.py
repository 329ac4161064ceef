"""A short trial of an edition that validates: do its rounds end?

A file can be sound line by line and still never finish a round: a rule that keeps hands
growing, a start rule that asks for another card every time, a card that comes back to
the hand that jumped in with it. The engine stops those rounds (the turn limit, the work
budget: unodsl.engine.budget), so playing them is safe; but a designer wants to hear it
from `validate`, not from a simulation whose every figure is then doubtful. A few seeded
rounds with random players, at the edition's smallest table and a larger one: most
abandoned is a warning, all of them an error (E003).
"""
from __future__ import annotations

from .codes import CANNOT_PLAY
from .edition.model import Edition
from .match import Match
from .errors import Problem, Span

TRIAL_MATCHES = 4  # seeds 0..3, each up to TRIAL_ROUNDS rounds (fewer when the match ends)
TRIAL_ROUNDS = 2


def trial_problems(edition: Edition, path: str) -> list[Problem]:
    """What a short trial finds: rounds that do not end (none, for a sound edition)."""
    rounds, abandoned, stop = 0, 0, None
    low, high = edition.settings["players"]["min"], edition.settings["players"]["max"]
    for seed in range(TRIAL_MATCHES):
        players = max(low, 2) if seed % 2 == 0 else min(high, 4)
        match = Match(edition, players=players, agents="random", seed=seed, record=False, max_rounds=TRIAL_ROUNDS)
        rounds += len(match.results)
        abandoned += sum(result.winner is None for result in match.results)
        stop = stop or next((result.stopped for result in match.results if result.stopped), None)
    if abandoned * 2 <= rounds:
        return []
    why = f"; the first stopped: {stop}" if stop else ""
    return [Problem(Span(path, 1, 1), f"{abandoned} of {rounds} rounds of a trial (random players, seeds 0 to "
                    f"{TRIAL_MATCHES - 1}) were abandoned without a winner{why}",
                    "error" if abandoned == rounds else "warning",
                    "a rule that keeps hands growing, or repeats without end, stops rounds from ending: "
                    "`unodsl simulate` shows how often", code=CANNOT_PLAY)]

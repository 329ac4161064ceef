"""How long the stronger bots think: each seat of a searching bot (`mcts`) is timed,
and the table says how long it thought since the person's last look.

Apart from the session because it wraps agents: the agent is made exactly as the
match would make it (its class, settings and random numbers, `agent:SEED:SEAT`), and
only its `choose` is wrapped on the instance, so it answers as it would untimed and
the game is the one the same seed plays anywhere.
"""
from __future__ import annotations

import random
import time

from ..agents import make_agent, parse_agent

THINKERS = ("mcts",)  # the bots whose thinking takes a person's time (a search)


class ThinkingClock:
    """The time `agent` spent choosing since it was last told."""

    def __init__(self, agent, timer=time.perf_counter):
        self.spent = 0.0
        self.moves = 0
        self.timer = timer
        choose = agent.choose

        def timed(decision, view):
            start = timer()
            try:
                return choose(decision, view)
            finally:
                self.spent += timer() - start
                self.moves += 1

        agent.choose = timed

    def told(self) -> float | None:
        """The seconds spent since the last call (None: no move was chosen)."""
        spent, moves = self.spent, self.moves
        self.spent, self.moves = 0.0, 0
        return spent if moves else None


def match_seed(seed):
    """The seed the match will play: the one given, or a random one (as Match picks)."""
    return seed if seed is not None else random.randrange(2**63)


def timed_agents(specs: list, seed) -> tuple[list, dict]:
    """The seats' agents for Match, with the searching bots made here and timed:
    (agents, {seat: ThinkingClock})."""
    agents, clocks = list(specs), {}
    for seat, spec in enumerate(specs):
        if spec is not None and parse_agent(spec)[0].__name__.lower().startswith(THINKERS):
            agent = make_agent(spec, random.Random(f"agent:{seed}:{seat}"))  # (as Match._agent)
            clocks[seat] = ThinkingClock(agent)
            agents[seat] = agent
    return agents, clocks

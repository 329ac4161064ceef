"""Agents answer Decisions. Bots, the terminal player and tests share this interface."""
from __future__ import annotations

from .base import Agent
from .greedy import GreedyAgent
from .random_agent import RandomAgent

AGENTS = {"random": RandomAgent, "greedy": GreedyAgent}


def make_agent(spec, rng) -> Agent:
    """An Agent from an instance (kept), a class, or a registered name."""
    if isinstance(spec, Agent):
        return spec
    if isinstance(spec, type) and issubclass(spec, Agent):
        return spec(rng)
    try:
        return AGENTS[spec](rng)
    except (KeyError, TypeError):
        from ..errors import UnoError

        raise UnoError(f"unknown agent {spec!r}; known agents: {', '.join(AGENTS)}") from None

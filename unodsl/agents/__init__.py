"""Agents answer Decisions from what their seat sees. Bots, the terminal player and tests
share this interface (unodsl.agents.base.Agent).

An agent is named as `--agents` takes it: `greedy`, or with settings, `mcts:iterations=400`
(`NAME:KEY=VALUE:KEY=VALUE`; a value is a whole number, a number or a word; a comma
separates the seats of `--agents`).
"""
from __future__ import annotations

import inspect
from functools import cache

from ..errors import UnoError
from .base import Agent
from .greedy import GreedyAgent
from .mcts import MctsAgent
from .random_agent import RandomAgent

AGENTS = {"random": RandomAgent, "greedy": GreedyAgent, "mcts": MctsAgent}


def parse_agent(spec: str) -> tuple[type, dict]:
    """The class and settings an agent's name gives (see the module's docstring)."""
    name, *items = spec.strip().split(":")
    cls = AGENTS.get(name)
    if cls is None:
        raise UnoError(f"unknown agent {name!r}; known agents: {', '.join(AGENTS)}")
    settings = {}
    if not items:  # (the commonest: a Match makes its agents from names, match after match)
        return cls, settings
    accepted = _settings_of(cls)
    for item in filter(None, (part.strip() for part in items)):
        key, equals, value = item.partition("=")
        if not equals or key not in accepted:
            known = ", ".join(accepted) or "none"
            raise UnoError(f"agent {name!r}: {item!r} is not a setting of it (its settings: {known})")
        settings[key] = _value(value)
    return cls, settings


@cache
def _settings_of(cls: type) -> list[str]:
    """The settings an agent's class takes: its constructor's parameters but the generator."""
    return [p for p in inspect.signature(cls.__init__).parameters if p not in ("self", "rng")]


def _value(text: str):
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def make_agent(spec, rng) -> Agent:
    """An Agent from an instance (kept), a class, or a name (with settings)."""
    if isinstance(spec, Agent):
        return spec
    if isinstance(spec, type) and issubclass(spec, Agent):
        return spec(rng)
    if not isinstance(spec, str):
        raise UnoError(f"unknown agent {spec!r}; known agents: {', '.join(AGENTS)}")
    cls, settings = parse_agent(spec)
    try:
        return cls(rng, **settings)
    except (TypeError, ValueError) as error:
        raise UnoError(f"agent {spec!r}: {error}") from None

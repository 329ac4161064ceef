"""unodsl: UNO editions as data.

    >>> import unodsl
    >>> edition = unodsl.load_edition("classic")
    >>> match = unodsl.Match(edition, players=4, agents="random", seed=1)
    >>> result = match.play()

See README.md for answering decisions one by one.
"""
from .agents import AGENTS, Agent, GreedyAgent, RandomAgent
from .edition.loader import load_edition, load_edition_text
from .edition.model import Card, CardKind, Edition
from .engine.decisions import DRAW, KEEP, PASS, Decision
from .match import Match, MatchResult, RoundResult
from .engine.round import Round
from .errors import EditionError, IllegalMove, Problem, UnoError
from .version import __version__

__all__ = [
    "AGENTS", "Agent", "Card", "CardKind", "DRAW", "Decision", "Edition", "EditionError",
    "GreedyAgent", "IllegalMove", "KEEP", "Match", "MatchResult", "PASS", "Problem", "RandomAgent",
    "Round", "RoundResult", "UnoError", "load_edition", "load_edition_text",
]

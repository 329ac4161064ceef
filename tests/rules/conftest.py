"""Shared helpers for the rule tests: stacked tables, cards by name, edition variants.

Every rule test lays a table out card by card (unodsl.engine.setup.Setup), answers
the pending decisions like a player would, and asserts on the state and the log.
Decisions with one option are answered by the engine itself, so after an answer
the next pending decision may be several turns later.
"""
from __future__ import annotations

from collections import deque

import pytest

import unodsl
from unodsl.agents.base import Agent
from unodsl.engine.setup import Setup
from unodsl.resources import edition_path


@pytest.fixture(scope="session")
def classic():
    return unodsl.load_edition("classic")


@pytest.fixture(scope="session")
def classic_text() -> str:
    return edition_path("classic").read_text(encoding="utf-8")


def variant(text: str, *replacements: tuple[str, str]):
    """An edition loaded from `text` with each (old, new) replaced exactly once."""
    for old, new in replacements:
        assert text.count(old) == 1, f"expected exactly one {old!r} in the edition text"
        text = text.replace(old, new)
    return unodsl.load_edition_text(text, "variant.yaml")


def table(edition, hands, draw=(), discard=("red 9",), agents=None, max_rounds=1,
          target=None, seed=1, **setup):
    """A Match whose first round starts from the given hands and piles (see Setup)."""
    return unodsl.Match(edition, players=len(hands), agents=agents, seed=seed, target=target,
                        max_rounds=max_rounds,
                        setup=Setup(hands=[list(h) for h in hands], draw=list(draw),
                                    discard=list(discard), **setup))


def find(cards, name: str):
    """The first card in `cards` whose label is `name` (any letter case)."""
    for card in cards:
        if card is not None and hasattr(card, "label") and card.label().lower() == name.lower():
            return card
    raise AssertionError(f"no {name!r} among {cards!r}")


def held(match, seat: int, name: str):
    return find(match.round.hands[seat], name)


def play(match, name: str) -> None:
    """The player whose turn it is plays the card called `name` from their hand."""
    decision = match.decision
    assert decision is not None and decision.kind == "turn", decision
    match.answer(held(match, decision.player, name))


def labels(cards) -> list[str]:
    return [c.label() for c in cards]


def option_labels(decision) -> list[str]:
    return [o.label() if hasattr(o, "label") else repr(o) for o in decision.options]


def events(match, kind: str, **where) -> list[dict]:
    """The log events of `kind` whose fields equal `where`."""
    return [e for e in match.log if e["event"] == kind
            and all(e.get(k) == v for k, v in where.items())]


def uids(cards) -> list[int]:
    return [c.uid for c in cards]


def pending(match) -> tuple:
    """(kind, player) of the pending decision, or None when none waits."""
    d = match.decision
    return None if d is None else (d.kind, d.player)


def all_labels_but(edition, taken: list[str]) -> list[str]:
    """Labels of every card of the deck except one card per name in `taken`."""
    rest = labels(edition.deck)
    for name in taken:
        rest.remove(next(x for x in rest if x.lower() == name.lower()))
    return rest


class Scripted(Agent):
    """An agent answering from a queue of answers, then from `policy`; it keeps what it was asked.

    Answers may be card names (looked up among the options) or plain option values.
    """

    name = "scripted"

    def __init__(self, answers=(), policy=None):
        super().__init__(None)
        self.answers = deque(answers)
        self.policy = policy or first_option
        self.seen: list = []

    def choose(self, decision, state):
        self.seen.append(decision)
        if self.answers:
            answer = self.answers.popleft()
            if isinstance(answer, str) and answer not in decision.options:
                return find(decision.options, answer)
            return answer
        return self.policy(decision, state)


def first_option(decision, state):
    """The first option (the first playable card); never challenge or catch; always call UNO."""
    if decision.kind in ("challenge", "catch"):
        return False
    if decision.kind == "call_uno":
        return True
    return decision.options[0]

"""The tables of the effect language: its statements, collected from the rows their node
classes carry (unodsl/lang/ast/, unodsl/lang/registry.py), the words that name players,
and the events a house rule's hook runs on.

The grammar (grammar/effects.lark) says how a statement parses, the compiler
(compile/, one `@compiles(ast.X)` handler each) what code it becomes, and the describer
(describe/, one `@describes(ast.X)` handler each) what `explain` says of it; the registry
checks at import that every row has both. tests/language/test_statements_table.py checks that
every primitive named is one the round has and one the compiled code calls, and that
docs/effects.md shows this table ("Statements at a glance") as `markdown()` renders it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from . import ast  # (the node classes put their rows in the registry)
from .registry import LANGUAGE, Row

Statement = Row  # a statement's row (kind "statement")

# Every statement, in the order docs/effects.md shows them (the order of the node classes).
STATEMENTS = LANGUAGE.of_kind("statement")
BY_NODE = {statement.node: statement for statement in STATEMENTS}

# The words that name a player (grammar/effects.lark's PLAYER), each with who it is, as
# docs/effects.md's "Players" table says (tests/language/test_statements_table.py keeps them equal).
PLAYERS = (
    ("me", "the player who played the card"),
    ("next", "the next player in the direction of play"),
    ("previous", "the player before `me`"),
    ("others", "every other player, in turn order from `me`"),
    ("everyone", "every player, from `me`"),
    ("chosen", "the player picked by `choose player`"),
    ("dealer", "the dealer of this round"),
    ("partner", "the partner sitting opposite, in team play (`teams: true`; refused otherwise)"),
    ("player", "the player of a `for each player in ...:` loop, inside it"),
)
PLAYER_WORDS = tuple(word for word, _meaning in PLAYERS)
GROUP_WORDS = ("others", "everyone")  # the words that name several players
LOOP_WORDS = ("player",)  # a player only inside a `for each player` loop
# The words that name one player anywhere: what a misspelt name may have meant (`nxt`).
ONE_PLAYER_WORDS = tuple(word for word in PLAYER_WORDS if word not in GROUP_WORDS + LOOP_WORDS)


@dataclass(frozen=True)
class HookEvent:
    """An event a house rule's `on EVENT:` hook runs on (grammar/effects.lark's EVENT), as the
    compiler (what the hook may read), the explainer and the messages know it."""

    name: str
    card: str | None  # the card the hook is about (`card.X`, bare names), in words; None: no card
    when: str  # "whenever ..." in words (`{what}`: the card, for an event about one)


# (tests/language/test_statements_table.py keeps them equal to the grammar's EVENT)
HOOK_EVENTS = (
    HookEvent("play", "the card played", "a player plays {what}"),
    HookEvent("draw", "the card drawn", "a player draws {what} on their turn"),
    HookEvent("turn_start", None, "a player's turn begins"),
    HookEvent("round_start", "the start card", "a round begins (after the start card's rule)"),
    HookEvent("hand_grows", None, "a player's hand grows (by a draw, a gift or a swap)"),
    # (before the round ends: a hook that gives them cards again, or puts them out of the round,
    # keeps the round going: UNO Teams!' "takes half of their partner's cards and plays on")
    HookEvent("out", None, "a player's hand is left empty (before the round ends)"),
    # (as its winner, before the hands left are counted: a hook may write scores, `add 10 to
    # me.score`, which the match adds to the round's points)
    HookEvent("round_end", None, "a round is won (as its winner, before the hands left are counted)"),
)
EVENT_NAMES = tuple(event.name for event in HOOK_EVENTS)
BY_EVENT = {event.name: event for event in HOOK_EVENTS}

# The draws a house rule may replace (`instead of turn_draw:`; grammar/effects.lark's REPLACED,
# as tests/language/test_statements_table.py checks).
REPLACED_DRAWS = ("turn_draw", "uno_penalty")


def taking_from_hands() -> frozenset[str]:
    """The statements a table card's `use:` may not run (by syntax-tree class name)."""
    return frozenset(s.node for s in STATEMENTS if s.takes_from_hands)


def verbs_after_a_player() -> tuple[str, ...]:
    """The words a statement has after a player (`next draws 2`, `me chooses colour`), read
    from the statements' syntax: a word there that is none of them may be an action misspelt."""
    verbs: list[str] = []
    for statement in STATEMENTS:
        found = re.match(r"\[?PLAYER ([a-z]+)\b", statement.syntax)
        if found and found[1] not in verbs:
            verbs.append(found[1])
    return tuple(verbs)


def markdown() -> str:
    """The table as docs/effects.md shows it."""
    rows = ["| statement | does | engine primitives |", "|---|---|---|"]
    for s in STATEMENTS:
        primitives = ", ".join(f"`{p}`" for p in s.primitives) or "(compiled to Python flow)"
        rows.append(f"| `{s.syntax}` | {s.does} | {primitives} |")
    return "\n".join(rows) + "\n"

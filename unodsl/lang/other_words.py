"""The words people write for a statement of the language that says it otherwise
(`everyone reveals hand` for `show everyone's hand to everyone`): where the parser stops
at such a word after a player, or at the start of a line, the hint names the statement
meant, its syntax read from its row (unodsl/lang/ast/, "Statements at a glance").

One table rather than a hint per mistake: a word people use goes in it once, with the
grammar rule of the statement it means.
"""
from __future__ import annotations

import re

from .statements import STATEMENTS

# word written (never a word of the language: tests/language/test_other_words.py) -> the grammar rules (a row's `rules`) of the statements it may mean
OTHER_WORDS = {
    **dict.fromkeys(("reveal", "reveals", "shows", "display", "displays"), ("show_hand",)),
    **dict.fromkeys(("take", "takes", "pick", "picks", "get", "gets", "receive", "receives"), ("draw",)),
    **dict.fromkeys(("lose", "loses", "miss", "misses"), ("skip",)),
    **dict.fromkeys(("exchange", "exchanges", "trade", "trades"), ("swap_hands",)),
    **dict.fromkeys(("select", "selects", "names"), ("choose_colour", "choose_player")),
    **dict.fromkeys(("gives",), ("give_all",)),
    **dict.fromkeys(("leave", "leaves", "quit", "quits"), ("eliminate",)),
}
_PLAYER = re.compile(r"\bPLAYER\b")
_BY_RULE = {rule: statement for statement in STATEMENTS for rule in statement.rules}


def statement_meant(word: str, player: str | None = None) -> str | None:
    """The hint for `word` written where a statement's verb goes (after `player`, if one
    was written): the statements it may mean, with that player in them."""
    rules = OTHER_WORDS.get(word.lower())
    if rules is None:
        return None
    forms = [_with_player(_BY_RULE[rule].syntax, player) for rule in rules]
    return f"`{word}` is no word of the language: write " + " or ".join(f"`{form}`" for form in forms)


def _with_player(syntax: str, player: str | None) -> str:
    """The syntax with the player written in place of its first PLAYER (`show everyone's hand to PLAYERS`)."""
    if player is None:
        return syntax
    return _PLAYER.sub(player, syntax.replace("[PLAYER chooses]", "PLAYER chooses"), count=1)

"""Players leaving a round, paid for only once it can happen.

In an edition none of whose scripts eliminates, `next` and `previous` compile to
plain arithmetic (no player is ever out). A blank card may still receive, mid-game,
a rule that eliminates: when one is written, every script of the edition (and every
rule written so far) is compiled again in place, so that `next` and `previous` pass
over players who left. The two codes agree while nobody has left, and the rule is
compiled before it runs, so the games played are the same; an edition with blank
cards pays for elimination only from the moment a player writes it.

Which scripts those are is not listed here: the compiler notes every script it makes
in the vocabulary it compiles with (Vocabulary.keep), so a new kind of script (a
window's condition, an action, ...) is found without anyone remembering to add it.
"""
from __future__ import annotations

from collections.abc import Iterator

from ..lang.compile import Compiled


def let_players_leave(edition) -> None:
    """Recompile every script of the edition, the rules written at the table among them,
    for an edition in which players may leave the round."""
    edition.vocabulary.eliminates = True
    for script in edition_scripts(edition):
        if script.remake is not None:
            script.recompile()


def edition_scripts(edition) -> Iterator[Compiled]:
    """Every compiled script an edition holds: its kinds' (playable, effects, start rules,
    reactions, uses, written), its hooks' guards and bodies, its stacking, jump-in and
    `instead of` rules, its actions, its tags, and the rules written on its blank cards
    at the table that something still holds. (A snapshot: compiling again makes scripts
    that are noted too, and dropped.)"""
    yield from edition.vocabulary.scripts()

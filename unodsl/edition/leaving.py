"""Players leaving a round, paid for only once it can happen.

In an edition none of whose scripts eliminates, `next` and `previous` compile to
plain arithmetic (no player is ever out). A blank card may still receive, mid-game,
a rule that eliminates: when one is written, every script of the edition (and every
rule written so far) is compiled again in place, so that `next` and `previous` pass
over players who left. The two codes agree while nobody has left, and the rule is
compiled before it runs, so the games played are the same; an edition with blank
cards pays for elimination only from the moment a player writes it.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..lang.compile import Compiled


def let_players_leave(edition, written: Iterable[Compiled]) -> None:
    """Recompile the edition's scripts, and the rules `written` at the table, for an
    edition in which players may leave the round."""
    edition.vocabulary.eliminates = True
    done: set[int] = set()
    for script in [*edition_scripts(edition), *written]:
        if id(script) not in done and script.remake is not None:
            done.add(id(script))
            script.recompile()


def edition_scripts(edition) -> Iterator[Compiled]:
    """Every compiled script an edition holds: its kinds', hooks', stacking rules',
    actions', `instead of` rules' and the rules written on its blank cards."""
    for kind in edition.kinds.values():
        for script in (kind.playable, kind.bluff_if, kind.effect, kind.on_start,
                       kind.reaction_against, kind.reaction_effect, kind.use):
            if script is not None:
                yield script
    for _event, guard, body in edition.hooks:
        if guard is not None:
            yield guard
        yield body
    yield from edition.stack_rules
    yield from edition.actions.values()
    yield from edition.replacements.values()
    yield from (rule for rule in edition.written.values() if rule is not None)

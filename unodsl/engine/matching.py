"""Why a card may not be played now, in words: for the round (refusing an answer from
outside) and for a seat's view (the terminal's `why`), from the same rules."""
from __future__ import annotations

from ..edition.model import DEFAULT_PLAYABLE


def why_not(state, card) -> str | None:
    """None if `card` may be played now in `state` (a round, or a seat's view), else the
    reason in words."""
    if state.is_playable(card):
        return None
    kind = card.spec
    if kind.bluff_if is not None and state.settings["no_bluffing"] \
            and kind.bluff_if.function(card, state, state.turn):
        return f"{kind.name} may not be played while {kind.sources['bluff_if']} (no bluffing)"
    source = kind.sources.get("playable", "")
    if source != DEFAULT_PLAYABLE:
        return f"{kind.name} may be played only when {source}"
    same = str(card.number) if card.number is not None else f"a {kind.name}"
    colour = card.colour or "its colour"
    return f"{card.label()} goes only on {colour} or on {same} (the colour in play is {state.colour})"

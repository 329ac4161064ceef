"""A hook's draw under a stacking rule is drawn at once (docs/effects.md, "Stacking": "A table
card's `use:` and the hooks give plain draws, drawn at once"), also after a card with an effect.

Written for mutants that survived the suite (docs/mutation.md): once a card's effect has run, no
card is acting any more (Round.actor), so the `on play` hooks that follow give no draw that
waits for an answer.
"""
from __future__ import annotations

import unodsl
from unodsl.engine.setup import Setup


def test_an_on_play_hook_after_a_cards_effect_gives_a_draw_drawn_at_once():
    edition = unodsl.load_edition("classic", rules=["stack where kind == draw_two",
                                                    "on play where kind == reverse:\n  next draws 1"])
    m = unodsl.Match(edition, players=3, seed=1, setup=Setup(
        hands=[["red reverse", "red 5", "blue 7"], ["green 1", "green 2"], ["red draw two", "green 3", "green 4"]],
        draw=["yellow 1", "yellow 2", "yellow 3"], discard=["red 9"], turn=0))
    m.answer(next(c for c in m.round.hands[0] if c.label() == "red Reverse"))
    # Seat 2 (next after the reverse) draws the hook's card at once, though they hold a Draw Two
    # the stacking rule would let them answer a waiting draw with; then their turn comes.
    assert [e["event"] for e in m.log[4:]] == ["reverse", "draw", "turn"]
    assert m.log[5]["player"] == 2 and len(m.log[5]["cards"]) == 1
    assert (m.decision.kind, m.decision.player) == ("turn", 2)

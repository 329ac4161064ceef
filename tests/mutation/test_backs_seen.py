"""What a player sees of the side that is down when the draw pile is empty (docs: "the
backs of everyone else's cards ... and of the draw pile's top card": there is none).

Written for a survivor of the mutation run of session 12 (docs/mutation.md).
"""
from __future__ import annotations

import unodsl
from unodsl.engine.setup import Setup


def test_with_the_draw_pile_empty_no_back_of_it_is_seen():
    flip = unodsl.load_edition("flip")
    match = unodsl.Match(flip, players=2, seed=1,
                         setup=Setup(hands=[["red 7", "yellow 1"], ["green 2", "blue 3"]],
                                     discard=["red 9"], rest="discard"))
    rnd = match.round
    assert rnd.draw_pile == []
    seen = rnd.backs_seen(0)
    assert seen["draw_top"] is None
    assert [c.label() for c in seen["hands"][1]] == [c.back.label() for c in rnd.hands[1]]

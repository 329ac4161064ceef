"""A stacked setup's side and piles (docs/scenarios.md, `setup:`): the message for a side or
a pile the edition lacks, and the setup event naming the piles laid out.

Written for survivors of the mutation run of session 12 (docs/mutation.md). The editions
are loaded inside each test.
"""
from __future__ import annotations

import pytest

import unodsl
from unodsl.engine.setup import Setup


def match(edition: str, **setup):
    return unodsl.Match(unodsl.load_edition(edition), players=2, seed=1,
                        setup=Setup(hands=[["red 5"], ["green 1"]], discard=["red 9"], **setup))


@pytest.mark.parametrize("edition, setup, message", [
    ("flip", dict(side="bogus"), "UNO Flip has no side 'bogus' (its sides: light, dark)"),
    ("classic", dict(side="dark"), "Classic UNO has no side 'dark'"),
    ("classic", dict(piles={"graveyard": ["red 1"]}), "Classic UNO has no graveyard pile"),
])
def test_a_side_or_pile_the_edition_lacks_is_named(edition, setup, message):
    with pytest.raises(unodsl.UnoError) as error:
        match(edition, **setup)
    assert str(error.value) == message


def test_the_setup_event_lists_the_piles_laid_out():
    m = match("classic", piles={"aside": ["red 1", "blue 2"]})
    setup = next(e for e in m.log if e["event"] == "setup")
    assert setup["piles"] == {"aside": [c.uid for c in m.round.piles["aside"]]}
    assert [c.label() for c in m.round.piles["aside"]] == ["red 1", "blue 2"]

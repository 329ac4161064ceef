"""Stacked setups (unodsl.engine.setup): cards named by symbol, the setup event, and the
messages for a setup that cannot be laid out.

Written for mutants that survived the suite (docs/mutation.md).
"""
from __future__ import annotations

import pytest

import unodsl
from unodsl.engine.setup import Setup

CLASSIC = unodsl.load_edition("classic")


def match(**setup):
    players = len(setup["hands"])
    return unodsl.Match(CLASSIC, players=setup.pop("players", players), seed=1, setup=Setup(**setup))


def test_a_card_may_be_named_by_its_symbol():
    m = match(hands=[["WILD-DRAW-FOUR", "red 5"], ["green 1"]], discard=["red 9"])
    assert m.round.hands[0][0].kind == "wild_draw_four"


def test_the_setup_is_recorded_card_by_card():
    m = match(hands=[["red 5", "red 6"], ["green 1"]], draw=["blue 1", "blue 2"], discard=["red 8", "red 9"],
              rest="discard")
    setup = next(e for e in m.log if e["event"] == "setup")
    assert setup == {"event": "setup", "hands": [[c.uid for c in h] for h in m.round.hands],
                     "draw": [c.uid for c in reversed(m.round.draw_pile)][:2],
                     "discard": [c.uid for c in m.round.discard][:len(setup["discard"])]}
    assert setup["discard"][-2:] == [c.uid for c in m.round.discard[-2:]]


@pytest.mark.parametrize("setup,message", [
    (dict(hands=[["red 5"], ["green 1"]], players=3, discard=["red 9"]), "the setup gives 2 hands for 3 players"),
    (dict(hands=[["red 5"], ["green 1"]], discard=[]), "the setup needs at least one discard (the top card)"),
    (dict(hands=[["red 5", "red 5", "red 5"], ["green 1"]], discard=["red 9"]), "no card 'red 5' left in the Classic UNO deck"),
])
def test_a_setup_that_cannot_be_laid_out_says_why(setup, message):
    with pytest.raises(unodsl.UnoError) as error:
        match(**setup)
    assert str(error.value) == message


# A setup's state variables (docs/scenarios.md, `setup: state:`): a colour in any letter
# case is the edition's colour, a card named is that card of the round, none stays none.
#
# Written for survivors of the mutation run of session 12 (docs/mutation.md).


REMEMBERING = """\
name: Remembering
base: classic
state:
  player:
    favourite: {type: colour}
    kept: {type: card}
  game:
    last: {type: colour}
    held: {type: card}
"""


def round_with(state: dict):
    edition = unodsl.load_edition_text(REMEMBERING, "remembering.yaml")
    match = unodsl.Match(edition, players=2, seed=1,
                         setup=Setup(hands=[["red 7", "blue 0"], ["green 1", "yellow 0"]],
                                     draw=["green 5"], discard=["red 9"], state=state))
    return match.round


def test_a_colour_in_another_letter_case_is_the_editions_colour():
    rnd = round_with({"game": {"last": "rEd"}, "players": {1: {"favourite": "BLUE"}}})
    assert rnd.game_state["last"] == "red"
    assert rnd.player_state[1]["favourite"] == "blue"


def test_a_card_named_is_that_card_of_the_round():
    rnd = round_with({"game": {"held": "blue 0"}, "players": {0: {"kept": "yellow 0"}}})
    assert rnd.game_state["held"] is rnd.hands[0][1]
    assert rnd.player_state[0]["kept"] is rnd.hands[1][1]


def test_none_stays_none():
    rnd = round_with({"game": {"last": None, "held": None},
                      "players": {0: {"favourite": None, "kept": None}}})
    assert rnd.game_state["last"] is None and rnd.game_state["held"] is None
    assert rnd.player_state[0] == {**rnd.player_state[0], "favourite": None, "kept": None}

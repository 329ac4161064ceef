"""A setup's state variables (docs/scenarios.md, `setup: state:`): a colour in any letter
case is the edition's colour, a card named is that card of the round, none stays none.

Written for survivors of the mutation run of session 12 (docs/mutation.md).
"""
from __future__ import annotations

import unodsl
from unodsl.engine.setup import Setup

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

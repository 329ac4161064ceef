"""The side up after a flip, for what a state variable remembers and for a reader of the log
(unodsl/engine/sides.py; docs/effects.md, "State").

Written for mutants that survived the suite (docs/mutation.md): a card a state variable holds
shows the side up, as the card itself does, and the other variables are left as they are;
a round (its deal) starts on the first side whatever side the last one ended on.
"""
from __future__ import annotations

from pathlib import Path

import unodsl
from unodsl.engine.setup import Setup
from unodsl.scenario.events import sides_along

FLIP_TEXT = (Path(__file__).resolve().parents[2] / "editions" / "flip.yaml").read_text()
STATE = "state:\n  game:\n    held: {type: card}\n    sevens: {type: counter}\n"


def test_a_card_a_state_variable_holds_turns_over_with_the_others():
    edition = unodsl.load_edition_text(FLIP_TEXT + STATE, "flip-held.yaml",
                                       rules=["on play where number == 7:\n  set game.held to card\n"
                                              "  add 1 to game.sevens"])
    m = unodsl.Match(edition, players=2, seed=1, setup=Setup(
        hands=[["red 7", "red flip", "yellow 1"], ["red 2", "blue 3", "blue 4"]],
        draw=["red 1", "red 2", "red 3"], discard=["red 9"], turn=0))
    seven = next(c for c in m.round.hands[0] if c.label() == "red 7")
    m.answer(seven)
    assert m.round.game_state["held"] is seven
    m.answer(next(c for c in m.round.hands[1] if c.label() == "red 2"))
    m.answer(next(c for c in m.round.hands[0] if c.label() == "red Flip"))
    m.answer(True)  # (UNO, as the next-to-last card goes); then the dark side is up
    assert m.round.side_name == "dark"
    held = m.round.game_state["held"]
    assert held is seven.back and held.uid == seven.uid and held.colour in ("pink", "teal", "orange", "purple")
    assert m.round.game_state["sevens"] == 1


def test_a_reader_of_the_log_sees_each_round_start_on_the_first_side():
    flip = unodsl.load_edition("flip")
    log = [{"event": "setup", "side": "dark"}, {"event": "play"}, {"event": "flip", "side": "light"},
           {"event": "deal"}, {"event": "flip", "side": "dark"}, {"event": "deal"}]
    assert sides_along(flip, log) == [1, 1, 0, 0, 1, 0]


def test_a_setup_on_the_second_side_names_a_held_card_by_that_sides_face():
    edition = unodsl.load_edition_text(FLIP_TEXT + STATE, "flip-held.yaml")
    m = unodsl.Match(edition, players=2, seed=1, setup=Setup(
        side="dark", hands=[["pink 5", "teal 2"], ["orange 3", "purple 4"]], discard=["pink 9"],
        state={"game": {"held": "teal 2"}}))
    held = m.round.game_state["held"]
    assert held.label() == "teal 2"  # (the first teal 2 anywhere: docs/scenarios.md)

"""The dealer's draw in a scenario's setup (`dealer: {draw: [...]}`): a malformed draw is
one located problem, said in words."""
from __future__ import annotations

from .test_scenario_runner import at, only_problem, scenario

from unodsl.scenario import run_file

HANDS = """\
  hands:
    - [red 1, green 5]
    - [blue 2, red 8]
    - [yellow 7, yellow 8]
  discard: [red 9]
"""


def dealer_draw(tmp_path, draw: str):
    text = f"name: dealer\nedition: classic\nsetup:\n  dealer: {draw}\n{HANDS}"
    return scenario(tmp_path, text), text


def test_a_draw_that_leaves_a_tie_is_refused_at_the_draw(tmp_path):
    path, text = dealer_draw(tmp_path, "{draw: [[red 9, blue 9, green 2]]}")
    problem = only_problem(path)
    at(problem, text, "[[red 9")
    assert problem.message == "seats 0 and 1 still tie: add a row with the card each draws again"


def test_a_row_with_a_card_too_many_is_refused_at_the_row(tmp_path):
    path, text = dealer_draw(tmp_path, "{draw: [[red 9, blue 9, green 2], [red 1, red 2, red 3]]}")
    problem = only_problem(path)
    at(problem, text, "[red 1, red 2")
    assert problem.message == "this row has 3 cards for the 2 players drawing (seats 0, 1)"


def test_a_row_after_the_dealer_is_found_is_refused(tmp_path):
    path, text = dealer_draw(tmp_path, "{draw: [[red 9, blue 8, green 2], [red 1, red 2]]}")
    problem = only_problem(path)
    at(problem, text, "[red 1, red 2")
    assert problem.message == "the dealer was found before this row: no one draws again"


def test_a_card_that_is_none_of_the_edition_is_refused_at_its_name(tmp_path):
    path, text = dealer_draw(tmp_path, "{draw: [[red 9, blue 88, green 2]]}")
    problem = only_problem(path)
    at(problem, text, "blue 88")
    assert problem.message == "'blue 88' is not a card of Classic UNO"


def test_a_dealer_that_is_neither_a_seat_nor_a_draw_is_refused(tmp_path):
    path, text = dealer_draw(tmp_path, "{cut: 3}")
    problem = only_problem(path)
    at(problem, text, "{cut: 3}")
    assert problem.message.startswith("dealer is a seat or a draw, not")
    assert problem.hint.startswith("dealer: {draw: [[")


def test_the_draw_decides_the_dealer_and_the_first_player(tmp_path):
    path, _ = dealer_draw(tmp_path, "{draw: [[red 2, wild, blue 5]]}")  # a Wild counts 0: seat 2 deals
    text = path.read_text() + "expect:\n  decision: {player: 0, kind: turn}\n  events:\n" \
                              "    - {event: dealer, player: 2}\n"
    path.write_text(text)
    assert run_file(path).passed

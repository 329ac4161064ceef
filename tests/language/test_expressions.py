"""The compiler on expressions the shipped editions do not use, and its messages.

Written for mutants that survived the suite (docs/mutation.md): `count(...)`,
quoted text, arithmetic reading the card on its right, the message of a
non-number in arithmetic, the hint for a misspelt name, and the message a
player gets for a rule that does not compile on a blank card.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import unodsl
from unodsl.engine.decisions import WRITE_RULE
from unodsl.engine.setup import Setup, resolve_cards
from unodsl.errors import ScriptError
from unodsl.lang.compile import compile_condition, compile_script
from unodsl.lang.parse import parse_condition, parse_script

CLASSIC = unodsl.load_edition("classic")


def condition(text: str):
    return compile_condition(parse_condition(text), CLASSIC.vocabulary).function


def card(label: str):
    return resolve_cards(CLASSIC, [label], list(CLASSIC.deck))[0]


class State:
    """Just enough of a round for conditions about hands."""

    def __init__(self, hands):
        self.hands = [[card(label) for label in hand] for hand in hands]
        self.n = len(hands)
        self.direction = 1


def test_count_counts_the_matching_cards_in_a_players_hand():
    two_reds = condition("count(next, colour == red) >= 2")
    state = State([["blue 1"], ["red 1", "red 2", "blue 3"], []])
    assert two_reds(card("blue 1"), state, 0) is True
    assert two_reds(card("blue 1"), state, 1) is False  # next of 1 holds nothing
    assert condition("count(next, colour == red) == 1")(card("blue 1"), State([[], ["red 4", "blue 4"]]), 0)


def test_quoted_text_compares_as_that_text():
    is_wild = condition('name == "Wild"')
    assert is_wild(card("wild"), None, 0) is True
    assert is_wild(card("red 5"), None, 0) is False


def test_not_reads_the_card():
    not_red = condition("not colour == red")
    assert not_red(card("blue 1"), None, 0) is True
    assert not_red(card("red 1"), None, 0) is False


def test_arithmetic_reads_the_card_on_either_side():
    seven = condition("10 - number == 3")
    assert seven(card("red 7"), None, 0) is True
    assert seven(card("red 6"), None, 0) is False
    assert seven(card("red skip"), None, 0) is False  # no number: matches nothing


@pytest.mark.parametrize("text,column", [("number + colour == 3", 10), ("colour * number == 3", 1)])
def test_arithmetic_on_a_text_names_the_operator(text, column):
    with pytest.raises(ScriptError) as error:
        condition(text)
    assert error.value.message == f"`{text.split()[1]}` takes a number, not a text"
    assert (error.value.line, error.value.column) == (1, column)


def test_discarding_to_a_text_says_to_takes_a_number():
    with pytest.raises(ScriptError) as error:
        compile_script(parse_script("me discards to colour"), CLASSIC.vocabulary)
    assert error.value.message == "`to` takes a number, not a text"


def test_passing_a_draw_on_of_a_text_says_draws_takes_a_number():
    with pytest.raises(ScriptError) as error:
        compile_script(parse_script("next draws colour or passes it on with kind == draw_two"), CLASSIC.vocabulary)
    assert error.value.message == "`draws` takes a number, not a text"


def test_a_misspelt_playable_is_hinted():
    with pytest.raises(ScriptError) as error:
        condition("playabel")
    assert error.value.message == "unknown name 'playabel'"
    assert error.value.hint == "did you mean 'playable'?"


# ---- a rule written on a blank card at the table ------------------------------------------------

BLANK = """
  blank:
    name: Blank Wild
    wild: true
    blank: true
    deck: {count: 1}
    points: 40
    playable: always
    effect: |
      choose colour
      apply written rule
"""
TEXT = (Path(__file__).resolve().parents[2] / "editions" / "classic.yaml").read_text()
WITH_BLANK = unodsl.load_edition_text(
    TEXT.replace("total: 108\n", "").replace("\nkinds:\n", "\nkinds:\n" + BLANK.lstrip("\n"), 1), "blank.yaml")


@pytest.fixture
def writing():
    """A match waiting for player 0 to write the rule of the blank card they played."""
    m = unodsl.Match(WITH_BLANK, players=2, seed=1, setup=Setup(
        hands=[["blank", "red 5", "red 6"], ["green 4", "green 5"]], draw=["red 1", "red 2"], discard=["red 9"]))
    m.answer(next(c for c in m.round.hands[0] if c.kind == "blank"))
    m.answer("blue")
    assert m.decision.kind == WRITE_RULE
    return m


def test_a_rule_that_does_not_compile_is_refused_with_its_place_and_hint(writing):
    with pytest.raises(unodsl.IllegalMove) as refused:
        writing.answer("if playabel: skip next")
    assert str(refused.value) == "line 1, column 4: unknown name 'playabel' (did you mean 'playable'?)"


def test_a_refusal_without_a_hint_ends_with_the_message(writing):
    with pytest.raises(unodsl.IllegalMove) as refused:
        writing.answer("if zzzzzz: skip next")
    assert str(refused.value) == "line 1, column 4: unknown name 'zzzzzz'"


# ---- membership: `in [A, B]` and `in LOW..HIGH` ------------------------------------------------

class Top:
    """A round whose top card is `label`."""

    def __init__(self, label: str):
        self.discard = [card(label)]
        self.colour = self.discard[-1].colour


def test_membership_in_one_value_is_not_a_text_search():
    seven = condition("number in [7]")
    assert seven(card("red 7"), None, 0) is True
    assert seven(card("red 8"), None, 0) is False
    assert seven(card("red skip"), None, 0) is False
    assert condition("colour in [red]")(card("green 1"), None, 0) is False


def test_membership_items_may_read_the_card():
    same_or_zero = condition("top.number in [number, 0]")
    assert same_or_zero(card("blue 4"), Top("red 4"), 0) is True
    assert same_or_zero(card("blue 5"), Top("red 0"), 0) is True
    assert same_or_zero(card("blue 5"), Top("red 4"), 0) is False


def test_a_range_may_end_at_the_cards_number():
    at_most_mine = condition("top.number in 0..number")
    assert at_most_mine(card("blue 6"), Top("red 4"), 0) is True
    assert at_most_mine(card("blue 3"), Top("red 4"), 0) is False
    at_least_mine = condition("top.number in number..9")
    assert at_least_mine(card("blue 3"), Top("red 4"), 0) is True
    assert at_least_mine(card("blue 6"), Top("red 4"), 0) is False


# ---- ask ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("rule", [
    'on play where number == 7:\n  ask next "Red or blue?":\n    "red": next draws 1\n    "blue": next draws 2',
    'on play where number == 7:\n  if players > 1:\n    ask next "Red or blue?":\n      "red": next draws 1\n'
    '      "blue": next draws 2\n    next draws 0'])
def test_each_answer_of_a_question_has_its_own_consequence(rule):
    edition = unodsl.load_edition("classic", rules=[rule])
    for answer, drawn in (("red", 1), ("blue", 2)):
        m = unodsl.Match(edition, players=2, seed=1, setup=Setup(
            hands=[["red 7", "red 5", "red 6"], ["green 1", "green 2"]], draw=["blue 7", "blue 8", "blue 9"],
            discard=["red 9"]))
        m.answer(m.round.hands[0][0])
        assert (m.decision.kind, m.decision.options) == ("question", ["red", "blue"])
        m.answer(answer)
        assert len(m.round.hands[1]) == 2 + drawn


def test_writing_a_rule_is_about_the_blank_card_and_the_rule_reads_it(writing):
    blank = next(c for c in writing.round.discard if c.kind == "blank")
    assert writing.decision.about is blank
    writing.answer("if wild: next draws 1")  # a Blank Wild is wild
    assert [e for e in writing.log if e["event"] == "written"] == [
        {"event": "written", "player": 0, "card": blank.uid, "rule": "if wild: next draws 1"}]
    written = next(i for i, e in enumerate(writing.log) if e["event"] == "written")
    ruled = writing.log[written + 1]
    assert (ruled["event"], ruled["player"], len(ruled["cards"])) == ("draw", 1, 1)


def test_a_card_that_is_not_blank_has_no_rule_to_write():
    echo = "  echo:\n    name: Echo\n    symbol: echo\n    deck: {per_colour: 1}\n    points: 20\n    effect: apply written rule\n"
    edition = unodsl.load_edition_text(
        TEXT.replace("total: 108\n", "").replace("\nkinds:\n", "\nkinds:\n" + echo, 1), "echo.yaml")
    m = unodsl.Match(edition, players=2, seed=1, setup=Setup(
        hands=[["red echo", "red 5", "red 6"], ["green 4", "red 1"]], draw=["red 2"], discard=["red 9"]))
    m.answer(m.round.hands[0][0])
    assert (m.decision.kind, m.decision.player) == ("turn", 1)
    assert not [e for e in m.log if e["event"] == "written"]

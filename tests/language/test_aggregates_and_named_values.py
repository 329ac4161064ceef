"""Aggregates over players, naming a value, and the values a question's text says (issue
26): what they are worth on a dealt table, their English, what they cost, and that a
text is never a format and never grows past its bound, whatever its values."""
from __future__ import annotations

import random

import pytest

import unodsl
from unodsl.engine.round import Round
from unodsl.errors import ScriptError
from unodsl.lang.compile import compile_condition, compile_script
from unodsl.lang.compile.runtime import _named_numbers, _said
from unodsl.lang.cost import MAX_SEATS
from unodsl.lang.describe import Describer
from unodsl.lang.parse import parse_condition, parse_script
from unodsl.limits import MAX_SAID_CHARS
from unodsl.stops import RoundStopped

CLASSIC = unodsl.load_edition("classic")


def table(hands: list[int], questions=None) -> Round:
    """A classic round dealt to len(hands) players, each hand cut to its size; every question
    answered with its first option (and its text kept in `questions`)."""
    def ask(decision):
        if questions is not None:
            questions.append((decision.kind, decision.about, list(decision.options)))
        return decision.options[0]
    rnd = Round(CLASSIC, len(hands), 0, random.Random(1), [], ask=ask)
    rnd._deal()
    rnd._start_card()
    for seat, size in enumerate(hands):
        rnd.draw_pile.extend(rnd.hands[seat][size:])
        del rnd.hands[seat][size:]
    return rnd


@pytest.mark.parametrize("text, hands, me, worth", [
    ("count of others where hand > 3", [5, 4, 2, 7], 0, 2),
    ("count of everyone where hand > 3", [5, 4, 2, 7], 0, 3),
    ("count of others", [5, 4, 2, 7], 1, 3),
    ("total hand of others", [5, 4, 2, 7], 0, 13),
    ("total hand of others where hand < 5", [5, 4, 2, 7], 0, 6),
    ("highest hand of others", [5, 4, 2, 7], 3, 5),
    ("lowest hand of everyone", [5, 4, 2, 7], 0, 2),
    ("lowest hand of others where hand > 4", [5, 4, 2, 7], 0, 7),
    ("count of next where hand == 4", [5, 4, 2, 7], 0, 1),
])
def test_an_aggregate_is_worth_what_its_players_say(text, hands, me, worth):
    rnd = table(hands)
    test = compile_condition(parse_condition(f"{text} == {worth}"), CLASSIC.vocabulary)
    assert test.function(None, rnd, me)
    wrong = compile_condition(parse_condition(f"{text} == {worth + 1}"), CLASSIC.vocabulary)
    assert not wrong.function(None, rnd, me)


def test_the_highest_of_no_one_is_none_and_matches_nothing():
    rnd = table([3, 3, 3])
    for text in ("highest hand of others where hand > 10 == 0", "highest hand of others where hand > 10 > -1",
                 "highest hand of others where hand > 10 < 100"):
        assert not compile_condition(parse_condition(text), CLASSIC.vocabulary).function(None, rnd, 0)
    script = compile_script(parse_script("next draws highest hand of others where hand > 10"), CLASSIC.vocabulary)
    script.function(rnd, 0, rnd.discard[-1])
    assert len(rnd.hands[1]) == 3


@pytest.mark.parametrize("text, hands, holds", [
    ("any of others where hand == 1", [3, 4, 1], True),
    ("any of others where hand == 1", [1, 4, 2], False),
    ("all of others where hand > 1", [1, 4, 2], True),
    ("all of everyone where hand > 1", [1, 4, 2], False),
    ("all of others where (hand > 1 and hand < 4)", [1, 4, 2], False),
    ("all of others where (hand > 1 and hand < 5)", [1, 4, 2], True),
])
def test_any_and_all_of(text, hands, holds):
    rnd = table(hands)
    assert compile_condition(parse_condition(text), CLASSIC.vocabulary).function(None, rnd, 0) is holds


def test_bare_figures_are_the_player_looked_at_and_player_names_them():
    rnd = table([5, 4, 2, 7])
    for text in ("count of others where hand > 3", "count of others where player.hand > 3"):
        assert compile_condition(parse_condition(f"{text} == 2"), CLASSIC.vocabulary).function(None, rnd, 0)


def test_aggregates_in_words():
    words = Describer(CLASSIC.vocabulary)
    said = words.script(parse_script("next draws count of others where hand > 5"))
    assert "the number of the other players who hold more than 5 cards" in said
    said = words.script(parse_script("if any of everyone where hand == 1:\n  skip next"))
    assert "one or more of the players hold exactly 1 card" in said
    said = words.script(parse_script("me draws highest hand of others"))
    assert "the most cards among the other players" in said


def test_a_loop_pass_weighs_the_players_its_aggregates_look_at():
    costs = CLASSIC.vocabulary.costs()
    plain = parse_script("if next.hand > 3:\n  skip next").body
    looking = parse_script("if count of others where hand > 3:\n  skip next").body
    nested = parse_script("if count of others where count of everyone where hand > 3:\n  skip next").body
    assert costs.weight(looking) == costs.weight(plain) + MAX_SEATS
    assert costs.weight(nested) == costs.weight(plain) + MAX_SEATS * (1 + MAX_SEATS)


def test_naming_a_number_offers_its_range_or_the_deck_numbers():
    questions = []
    rnd = table([3, 3], questions)
    script = compile_script(parse_script("choose number in 2..4\nnext draws chosen number\nchoose number\n"
                                         "choose symbol\nchoose kind"), CLASSIC.vocabulary)
    script.function(rnd, 0, rnd.discard[-1])
    assert len(rnd.hands[1]) == 5  # (the first option: 2)
    assert [(kind, about, options) for kind, about, options in questions] == [
        ("value", "number", [2, 3, 4]), ("value", "number", list(range(10))),
        ("value", "symbol", list(CLASSIC.vocabulary.symbols)), ("value", "kind", list(CLASSIC.vocabulary.kinds))]


def test_a_range_worked_out_at_play_is_bounded():
    assert list(_named_numbers(3, 5)) == [3, 4, 5]
    assert list(_named_numbers(5, 3)) == [] and list(_named_numbers(None, 3)) == []
    with pytest.raises(RoundStopped):
        _named_numbers(1, 1000)


def test_a_value_said_is_bounded_and_plainly_said():
    assert _said("x" * 100_000, "text") == "x" * (MAX_SAID_CHARS - 1) + "…"
    assert (_said(None, "number"), _said(True, "bool"), _said(2, "player"), _said(2, "number")) == \
        ("none", "yes", "player 3", "2")
    assert _said(CLASSIC.deck[0], "card") == CLASSIC.deck[0].label()


def test_a_question_text_is_never_a_format():
    questions = []
    rnd = table([3, 3], questions)
    text = '%s %(x)s {{0}} {{}} {0} {me.hand}}}'
    script = compile_script(parse_script(f'if me accepts "{text}":\n  skip next'), CLASSIC.vocabulary)
    script.function(rnd, 0, rnd.discard[-1])
    assert questions == [("yes_no", "%s %(x)s {0} {} 0 3}", [True, False])]


def test_a_text_of_many_values_compiles_and_stays_bounded():
    questions = []
    rnd = table([3, 3], questions)
    text = "{me.hand}" * 1000  # (3,000 pieces would be too deep for Python as a chain of +)
    script = compile_script(parse_script(f'ask me "{text}":\n  "{{me.hand}}": skip next\n  "b": pass'),
                            CLASSIC.vocabulary)
    script.function(rnd, 0, rnd.discard[-1])
    assert questions == [("question", "3" * 1000, ["3", "b"])]


def test_an_answer_that_says_values_runs_its_branch():
    rnd = table([3, 3])
    script = compile_script(parse_script('ask me "Pick":\n  "Draw {next.hand}": me draws next.hand\n  "No": pass'),
                            CLASSIC.vocabulary)
    script.function(rnd, 0, rnd.discard[-1])
    assert len(rnd.hands[0]) == 6


@pytest.mark.parametrize("text, column", [
    ('ask me "a {nxt} b":\n  "x": pass', 12),
    ('ask me "a } b":\n  "x": pass', 11),
    ('ask me "a {} b":\n  "x": pass', 11),
    ('ask me "a {next challenges} b":\n  "x": pass', 12),
    ('ask me "a":\n  "{me.hand +}": pass', 14),
])
def test_a_mistake_inside_a_text_is_placed_there(text, column):
    with pytest.raises(ScriptError) as refused:
        compile_script(parse_script(text), CLASSIC.vocabulary)
    assert refused.value.column == column


def test_a_value_named_by_no_one_is_none():
    rnd = table([3, 3, 3])
    script = compile_script(parse_script("choose player where chosen.hand > 100\nchosen chooses number in 1..3\n"
                                         "me draws chosen number"), CLASSIC.vocabulary)
    script.function(rnd, 0, rnd.discard[-1])  # (no one to choose: no number, and nothing drawn)
    assert len(rnd.hands[0]) == 3

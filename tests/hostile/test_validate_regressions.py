"""Mistakes the bad-edition corpus and the fuzz tests found in the validator, one test each.

Each would otherwise be caught only through a golden file in tests/bad_editions/;
here the fix is stated on its own.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from unodsl.errors import ScriptError
from unodsl.lang.parse import parse_condition, parse_script
from unodsl.validate import validate


def script_error(text: str, condition: bool = False) -> ScriptError:
    with pytest.raises(ScriptError) as info:
        (parse_condition if condition else parse_script)(text)
    return info.value


# ---- the effect language's syntax errors ---------------------------------------------

def test_a_line_dedented_to_no_block_is_a_script_error_not_a_crash():
    # Lark's indenter raised DedentError, which is not an UnexpectedInput: a traceback.
    error = script_error("if players == 2:\n    skip next\n  reverse\n")
    assert (error.line, error.column) == (3, 3)
    assert error.message.startswith("unexpected indentation")
    # a line holding only a comment is no line for the indenter, as in Python: it may be indented anyhow
    assert [type(s).__name__ for s in parse_script("if players == 2:\n    skip next\n  # why\nreverse\n").body] \
        == ["If", "Reverse"]


def test_an_indented_line_is_placed_on_that_line_not_at_the_end_of_the_one_before():
    error = script_error("choose colour\n  next draws 2\n")
    assert (error.line, error.column) == (2, 3)
    assert error.message.startswith("unexpected indentation, expected one of")
    assert "block" in error.hint


def test_a_keyword_at_the_start_of_a_longer_word_is_reported_as_the_word():
    # `to` (of `give all ... to`) was lexed from the start of `top`: "unexpected 'to'".
    error = script_error("number == 1 or symbol top.symbol", condition=True)
    assert error.message.startswith("unexpected 'top'")
    assert (error.line, error.column) == (1, 23)


# ---- the edition loader and its checks -------------------------------------------------

def problems(tmp_path, text: str, name: str = "e.yaml") -> list[str]:
    """`file:line:col: severity: message` of every problem of an edition file."""
    (tmp_path / name).write_text(text, encoding="utf-8")
    report = validate([str(tmp_path / name)])
    return [f"{Path(p.span.file).name}:{p.span.line}:{p.span.column}: {p.severity}: {p.message}"
            for p in report.problems]


STAR = "name: Star\nbase: classic\nkinds:\n  star:\n    name: Star\n    deck: {count: 2}\n    points: 20\n"


def test_a_hook_in_a_card_script_is_placed_at_the_hook(tmp_path):
    text = STAR + "    effect: |\n      choose colour\n      on play: skip next\n    on_start: pass\ntotal: 110\n"
    assert problems(tmp_path, text) == ["e.yaml:10:7: error: a card's script cannot hold `on` hooks"]


def test_a_hook_written_on_a_blank_card_is_refused(tmp_path):
    # It compiled, and its hooks were dropped without a word.
    text = STAR.replace("    points: 20\n", "    points: 20\n    blank: true\n") + (
        "    effect: apply written rule\n    on_start: pass\n    written: ['on play: skip next']\ntotal: 110\n")
    assert problems(tmp_path, text) == ["e.yaml:11:16: error: a card's script cannot hold `on` hooks"]


def test_a_table_kind_whose_use_does_not_compile_is_not_also_said_to_have_none(tmp_path):
    text = STAR + "    playable: never\n    use: skip chosen player\ntable: [star]\ntotal: 110\n"
    found = problems(tmp_path, text)
    assert len(found) == 1 and found[0].startswith("e.yaml:9:22: error: unexpected 'player'")


def test_bluffed_without_bluff_if_is_placed_at_bluffed(tmp_path):
    text = STAR + "    playable: always\n    effect: |\n      if bluffed:\n        skip next\n    on_start: pass\ntotal: 110\n"
    found = problems(tmp_path, text)
    assert found == ["e.yaml:10:10: warning: Star reads `bluffed` but has no `bluff_if:` rule, so it is never true"]


def test_a_deck_too_small_is_placed_at_players_max_when_hand_size_is_not_written(tmp_path):
    text = ("name: Small\ncolours: [red]\nsettings:\n  scoring: winner\n  players: {min: 2, max: 4}\n"
            "kinds:\n  number:\n    name: Number\n    deck: {numbers: {'1-9': 1}}\n    points: face\n")
    [found] = problems(tmp_path, text)
    assert found.startswith("e.yaml:5:26: error: 4 hands of 7 cards and a start card need 29 cards")


@pytest.mark.parametrize("raw, place", [
    (b"name: x\nbase: classic\ndescription: caf\xe9\n", (3, 17)),
    (b"\xef\xbb\xbfname: \xff\n", (1, 7)),  # after a byte order mark
    (b"\r\x00\x80", (2, 2)),  # a lone carriage return is a line break to YAML
])
def test_a_file_that_is_not_utf8_is_placed_at_the_bad_byte(tmp_path, raw, place):
    (tmp_path / "e.yaml").write_bytes(raw)
    [problem] = validate([str(tmp_path / "e.yaml")]).problems
    assert (problem.span.line, problem.span.column) == place
    assert problem.message.startswith("file is not valid UTF-8")


# ---- conditions evaluated at load (tags, checks): no Python error escapes --------------

@pytest.mark.parametrize("condition, message", [
    ("-colour", "`-` takes a number, not a text"),
    ("colour in 1..4", "`in LOW..HIGH` takes a number, not a text"),
])
def test_minus_and_ranges_take_numbers(condition, message):
    from unodsl.edition.loader import load_edition
    from unodsl.lang.compile import compile_condition

    with pytest.raises(ScriptError, match=message):
        compile_condition(parse_condition(condition), load_edition("classic").vocabulary)


@pytest.mark.parametrize("condition", [
    "number + 1 == top.number", "top.number - 1 == number", "number / 0 == 1", "number % 0 == 0",
    "-number > 0", "number in top.number..top.number + 2", "house < 3", "house + 1 == 2", "house in 1..4",
])
def test_arithmetic_on_absent_values_and_texts_matches_nothing_instead_of_failing(condition):
    # `number + 1 == top.number` raised TypeError on a Skip (no number) while the
    # validator tried the condition on every card: a traceback.
    from unodsl.edition.loader import load_edition
    from unodsl.lang.compile import Vocabulary, compile_condition

    edition = load_edition("classic")
    vocab = Vocabulary(colours=edition.vocabulary.colours, kinds=edition.vocabulary.kinds,
                       symbols=edition.vocabulary.symbols, tags={"house": {"Gryffindor", 3}})
    test = compile_condition(parse_condition(condition), vocab).function
    skip = next(card for card in edition.deck if card.kind == "skip")
    seven = next(card for card in edition.deck if card.number == 7)
    skip.tags["house"] = seven.tags["house"] = "Gryffindor"
    try:
        for card, top in ((skip, seven), (seven, skip), (skip, skip)):
            assert test(card, _Top(top), None) is False
    finally:
        del skip.tags["house"], seven.tags["house"]


class _Top:
    def __init__(self, card):
        self.discard = [card]
        self.colour = card.colour


def test_arithmetic_still_counts(tmp_path):
    text = ("name: Steps\nbase: classic\nkinds:\n  number:\n"
            "    playable: number + 1 == top.number or number - 1 == top.number or colour == top.colour\n")
    assert problems(tmp_path, text) == []


def test_a_minus_before_a_text_in_an_edition_is_a_placed_error(tmp_path):
    text = STAR + "    effect: give all where -colour to me\n    on_start: pass\ntotal: 110\n"
    assert problems(tmp_path, text) == ["e.yaml:8:29: error: `-` takes a number, not a text"]


@pytest.mark.parametrize("tag", ["colour == top.colour", "players == 2", "me.hand > 2", "playable", "bluffed"])
def test_a_tag_that_reads_the_game_is_refused(tmp_path, tag):
    # Tags are given once, at load, with no game: these ended in an AttributeError.
    assert problems(tmp_path, f"name: T\nbase: classic\ntags:\n  odd: \"{tag}\"\n") == [
        "e.yaml:4:8: error: a tag is given to each card once, when the edition loads: its condition "
        "can only read the card itself, not the game"]


@pytest.mark.parametrize("statement, found", [
    ("give all where top.colour == colour to me", []),
    ("next draws until colour == top.colour", []),
    ("next draws until number == top.number + 20",
     ["e.yaml:9:30: error: no card of this deck satisfies this condition: the player would draw every card there is"]),
])
def test_a_predicate_that_reads_the_top_card_is_tried_on_every_top_card(tmp_path, statement, found):
    # It was tried with no table at all: an AttributeError.
    text = STAR + f"    playable: always\n    effect: {statement}\n    on_start: pass\ntotal: 110\n"
    assert problems(tmp_path, text) == found


def test_card_in_a_bare_condition_is_the_card_it_is_about():
    # `card.X` compiled to a name the condition function did not have: a NameError at play.
    from unodsl.edition.loader import load_edition
    from unodsl.lang.compile import compile_condition

    edition = load_edition("classic")
    test = compile_condition(parse_condition("card.colour == top.colour"), edition.vocabulary).function
    red, blue = (next(c for c in edition.deck if c.colour == colour) for colour in ("red", "blue"))
    assert test(red, _Top(red), None) is True
    assert test(red, _Top(blue), None) is False


def test_a_house_rule_guard_may_read_the_card_played():
    # `card.number` in a guard is the card just played: a 7 makes the next player draw, a 5 does not.
    from unodsl.edition.loader import load_edition
    from unodsl.match import Match
    from unodsl.engine.setup import Setup

    edition = load_edition("classic", rules=["on play where card.number == 7:\n  next draws 1"])
    for played, drawn in (("red 7", 1), ("red 5", 0)):
        match = Match(edition, players=2, seed=7, setup=Setup(
            hands=[["red 7", "red 5", "blue 1"], ["green 1", "red 2"]], draw=["yellow 3"], discard=["red 9"]))
        match.answer(next(c for c in match.round.hands[0] if c.label() == played))
        assert len(match.round.hands[1]) == 2 + drawn, played


def test_a_value_on_the_left_of_a_comparison_compiles_without_a_python_warning():
    # `red == colour` compiled to `'red' is not None`: a SyntaxWarning on the user's terminal.
    import warnings

    from unodsl.edition.loader import load_edition
    from unodsl.lang.compile import compile_condition

    edition = load_edition("classic")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        test = compile_condition(parse_condition("red == colour or settings.hand_size == top.number"),
                                 edition.vocabulary).function
    red = next(c for c in edition.deck if c.colour == "red")
    assert test(red, _Top(red), None) is True


def test_a_script_text_is_parsed_once():
    # Five shipped editions build on classic and so compile its scripts again; the
    # trees are frozen, so they share one parse (a quarter of validation's work).
    text = "next draws 2\nskip next\n"
    assert parse_script(text) is parse_script(text)
    assert parse_condition("colour == red") is not parse_script("pass")
    with pytest.raises(ScriptError):
        parse_script("next drws 2")
    with pytest.raises(ScriptError):  # errors are not remembered as trees
        parse_script("next drws 2")

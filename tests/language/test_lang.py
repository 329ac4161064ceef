"""The effect language: parsing, compiling, and errors placed in the YAML file."""
from __future__ import annotations

from pathlib import Path

import pytest

import unodsl
from unodsl.engine.setup import Setup
from unodsl.errors import ScriptError
from unodsl.lang import ast
from unodsl.lang.compile import compile_condition, compile_script
from unodsl.lang.parse import parse_condition, parse_script

CLASSIC_TEXT = (Path(__file__).resolve().parents[2] / "editions" / "classic.yaml").read_text()
CLASSIC = unodsl.load_edition("classic")
VOCAB = CLASSIC.vocabulary


def condition(text):
    return compile_condition(parse_condition(text), VOCAB).function


def card(label):
    from unodsl.engine.setup import resolve_cards

    return resolve_cards(CLASSIC, [label], list(CLASSIC.deck))[0]


class FakeState:
    """Just enough of a round for conditions about the top card."""

    def __init__(self, top, colour=None):
        self.discard = [top]
        self.colour = colour or top.colour
        self.n = 4


# ---- parsing ---------------------------------------------------------------


def test_statements_become_syntax_tree_nodes_with_positions():
    script = parse_script("next draws 2\nskip next")
    draw, skip = script.body
    assert isinstance(draw, ast.Draw) and draw.amount.value == 2 and draw.target.who == "next"
    assert isinstance(skip, ast.Skip) and (skip.line, skip.column) == (2, 1)


def test_blocks_elif_and_else():
    (node,) = parse_script("if bluffed:\n  me draws 4\nelif players == 2: skip next\nelse:\n  pass\n").body
    assert isinstance(node, ast.If) and len(node.branches) == 2 and isinstance(node.otherwise[0], ast.Nothing)


def test_syntax_error_names_the_token_and_what_was_expected():
    with pytest.raises(ScriptError) as error:
        parse_script("next draws 2\nif x\n  skip next")
    assert (error.value.line, error.value.column) == (2, 5)
    assert "expected ':'" in error.value.message


def test_unexpected_character():
    with pytest.raises(ScriptError, match="unexpected character '@'") as error:
        parse_script("next draws 2 @")
    assert error.value.column == 14


# ---- compiling conditions ---------------------------------------------------


def test_default_matching_rule():
    playable = condition("colour == top.colour or number == top.number or symbol == top.symbol")
    on_red_7 = FakeState(card("red 7"))
    assert playable(card("red 2"), on_red_7, 0)
    assert playable(card("blue 7"), on_red_7, 0)
    assert not playable(card("blue 2"), on_red_7, 0)
    # two cards without a symbol (number cards) do not match by symbol
    assert not playable(card("green 3"), FakeState(card("yellow 5")), 0)
    assert playable(card("blue skip"), FakeState(card("red skip")), 0)


def test_top_colour_is_the_colour_in_play_after_a_wild():
    same_colour = condition("colour == top.colour")
    assert same_colour(card("green 1"), FakeState(card("wild"), colour="green"), 0)


def test_ranges_lists_and_absent_numbers():
    low = condition("number in 1..4")
    assert low(card("red 1"), None, 0) and low(card("red 4"), None, 0)
    assert not low(card("red 5"), None, 0) and not low(card("wild"), None, 0)
    assert condition("number in [2, 6, 9]")(card("blue 6"), None, 0)
    assert condition("number not in [2, 6, 9]")(card("blue 7"), None, 0)
    assert not condition("number > 3")(card("wild"), None, 0)  # absent never compares


def test_values_are_checked_against_the_edition():
    with pytest.raises(ScriptError) as error:
        condition("colour == purple")
    assert "unknown name 'purple'" in error.value.message
    with pytest.raises(ScriptError) as error:
        condition("colur == red")
    assert error.value.hint == "did you mean 'colour'?"


def test_settings_are_read_at_compile_time():
    source = compile_condition(parse_condition("settings.hand_size == 7"), VOCAB).source
    assert "(7 == 7)" in source


def test_a_group_cannot_stand_for_one_player():
    with pytest.raises(ScriptError, match="several players"):
        compile_condition(parse_condition("count(others, colour == red) > 1"), VOCAB)
    with pytest.raises(ScriptError, match="'others' is several players") as error:
        compile_script(parse_script("me swaps hands with others"), VOCAB)
    assert (error.value.line, error.value.column) == (1, 21)


def test_swapping_or_rotating_hands_compiles_to_the_engine_primitives():
    swap = compile_script(parse_script("choose player\nme swaps hands with chosen"), VOCAB).source
    assert "g.swap_hands(me, chosen)" in swap
    assert "g.rotate_hands()" in compile_script(parse_script("rotate hands"), VOCAB).source


def test_compiled_script_is_python_source_calling_engine_primitives():
    compiled = compile_script(parse_script("next draws 2\nskip next"), VOCAB)
    assert "g.draw((me + g.direction) % g.n, 2)" in compiled.source
    assert "g.skip((me + g.direction) % g.n)" in compiled.source


# ---- errors placed in the YAML file -------------------------------------------


def errors_of(text):
    with pytest.raises(unodsl.EditionError) as error:
        unodsl.load_edition_text(text, "bad.yaml")
    return [p.format() for p in error.value.problems]


def test_error_in_a_block_script_points_into_the_file():
    text = CLASSIC_TEXT.replace("      else:\n        next draws 2", "      else:\n        next drws 2", 1)
    (message,) = errors_of(text)
    line = text.splitlines().index("        next drws 2") + 1
    assert message.startswith(f"bad.yaml:{line}:14: error: unexpected 'drws'")


def test_error_in_a_plain_one_line_script_points_into_the_file():
    text = CLASSIC_TEXT.replace("effect: skip next", "effect: skip nxt")
    (message,) = errors_of(text)
    line = text.splitlines().index("    effect: skip nxt") + 1
    assert message.startswith(f"bad.yaml:{line}:18: error: `nxt` is not a player")
    assert "did you mean 'next'?" in message


def test_error_in_a_quoted_condition_points_into_the_file():
    text = CLASSIC_TEXT.replace("bluff_if: me holds colour == top.colour",
                                'bluff_if: "me holds colour == top.colur"')
    (message,) = errors_of(text)
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "top.colur" in l)
    assert message.startswith(f"bad.yaml:{line}:39: error: unknown name 'colur'")  # at the word after the dot


def test_every_problem_is_reported_at_once():
    text = (CLASSIC_TEXT.replace("effect: skip next", "effect: skip nxt")
            .replace("on_start: next chooses colour", "on_start: next chooses color"))
    assert len(errors_of(text)) == 2


def test_card_scripts_cannot_hold_hooks():
    text = CLASSIC_TEXT.replace("effect: skip next", 'effect: "on play: skip next"')
    (message,) = errors_of(text)
    assert "cannot hold `on` hooks" in message


# ---- hooks (house rules) --------------------------------------------------------


def test_a_house_rule_hook_runs_on_its_event():
    edition = unodsl.load_edition("classic", rules=["on play where number == 7:\n  next draws 1"])
    match = unodsl.Match(edition, players=3, seed=1, setup=Setup(
        hands=[["red 7", "red 1", "red 2"], ["blue 1", "blue 2"], ["green 1", "green 2"]],
        draw=["yellow 5", "yellow 6"], discard=["red 3"], turn=0))
    seven = match.round.hands[0][0]
    match.answer(seven)
    log = [e for e in match.log if e["event"] in ("play", "draw", "turn")]
    after = log[[e.get("card") for e in log].index(seven.uid) + 1]
    assert after == {"event": "draw", "player": 1, "cards": [after["cards"][0]]}  # before player 1's turn


def test_a_statement_rule_needs_a_blank_card_to_be_written_on():
    with pytest.raises(unodsl.EditionError) as error:
        unodsl.load_edition("classic", rules=["on play: pass", "next draws 1"])
    (problem,) = error.value.problems
    assert str(problem.span) == "--rule 2:1:1" and "no blank card" in problem.message
    assert "on EVENT:" in problem.hint


def test_a_house_rule_file_rule_must_be_made_of_hooks():
    text = CLASSIC_TEXT + 'rules:\n  - name: seven\n    script: "next draws 1"\n'
    (message,) = errors_of(text)
    assert "a statement outside a hook would never run" in message


def test_a_bad_rule_is_placed_in_the_rule():
    with pytest.raises(unodsl.EditionError) as error:
        unodsl.load_edition("classic", rules=["on play:\n  next drws 1"])
    assert str(error.value.problems[0].span) == "--rule 1:2:8"


def test_a_turn_start_hook_reading_a_card_attribute_is_refused_where_it_is():
    # There is no card when a turn starts: a guard or statement reading one could only
    # ever read nothing (and `playable` of no card crashed), so validation says so.
    for rule, column in (("on turn_start where number == 7:\n  me draws 5", 21),
                         ("on turn_start:\n  me draws number", 12), ("on turn_start where playable: skip me", 21),
                         ("on turn_start:\n  apply written rule", 3)):
        with pytest.raises(unodsl.EditionError) as error:
            unodsl.load_edition("classic", rules=[rule])
        (problem,) = error.value.problems
        assert "about no card" in problem.message and problem.span.column == column, (rule, str(problem))
    always = unodsl.load_edition("classic", rules=["on turn_start:\n  me draws 5"])
    match = unodsl.Match(always, players=3, agents="random", seed=5, max_turns=3, max_rounds=1)
    assert any(e["event"] == "draw" and len(e["cards"]) == 5 for e in match.log)  # the hook does run


def test_drawing_an_absent_number_of_cards_draws_none():
    edition = unodsl.load_edition("classic", rules=["on play:\n  next draws number"])
    match = unodsl.Match(edition, players=3, seed=1, setup=Setup(
        hands=[["red skip", "red 1", "red 2"], ["blue 1", "blue 2", "blue 3"], ["green 1", "green 2", "green 3"]],
        discard=["red 3"], turn=0))
    match.answer(match.round.hands[0][0])  # a Skip has no number: nobody draws
    assert not [e for e in match.log if e["event"] == "draw" and e["player"] == 1]


def test_a_comment_may_have_a_line_of_its_own_between_statements():
    """docs/effects.md: `#` starts a comment; a line holding only one is no statement
    (it was an "unexpected end of line" between two statements)."""
    script = parse_script("next draws 2\n# the Draw Two's skip:\nskip next\nif always:\n  reverse\n  # c\n# d\n  extra turn\n")
    assert [type(s).__name__ for s in script.body] == ["Draw", "Skip", "If"]
    assert [type(s).__name__ for s in script.body[2].branches[0][1]] == ["Reverse", "ExtraTurn"]


@pytest.mark.parametrize("text, pure", [
    ("card is identical to top", True),  # the looks of the two cards: the same for every card of a face
    ("top is identical to card and colour == red", True),
    ("card == top", False),  # which card it is: two red 7s differ
    ("card is identical to top and players > 2", False),
])
def test_a_condition_comparing_the_looks_of_card_and_top_reads_only_the_cards(text, pure):
    """A pure condition is worked out once per edition for each top card (playable, stacking and
    jump-in tables): `is identical to` between the card and the top card keeps it so."""
    from unodsl.lang.compile.model import CONDITION
    assert compile_condition(parse_condition(text), VOCAB, context=CONDITION).pure is pure

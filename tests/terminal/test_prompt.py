"""Menus and replies: every option of a decision has a key, and typing is forgiving."""
from __future__ import annotations

import pytest

import unodsl
from unodsl.engine.decisions import DRAW, TableUse
from unodsl.engine.setup import Setup
from unodsl.terminal.prompt import Command, Pick, Refusal, Script, build_menu, parse
from unodsl.terminal.style import Style

NAMES = ["You", "Bot 2", "Bot 3"]


def pending(edition: str, hands, discard, answers=(), **setup):
    match = unodsl.Match(unodsl.load_edition(edition), players=len(hands), agents=None, seed=1,
                         setup=Setup(hands=hands, discard=discard, **setup))
    for answer in answers:
        match.answer(answer(match) if callable(answer) else answer)
    return match


def menu_of(match):
    return build_menu(match.decision, match, NAMES, Style(False))


def test_every_option_has_exactly_one_key():
    match = pending("veto", [["wild", "purple 3", "green 1"], ["purple 7"], ["green 4"]], ["purple 9"])
    menu = menu_of(match)
    keys = [menu.key_for(option) for option in match.decision.options]
    assert None not in keys and len(set(keys)) == len(keys)
    assert {"d", "u2", "u3"} <= set(keys)


def test_turn_keys_are_the_numbers_of_the_hand_on_the_screen():
    match = pending("classic", [["blue 2", "red 4", "wild"], ["red 7"]], ["red 5"])
    menu = menu_of(match)
    assert [card.label() for card in menu.cards] == ["red 4", "blue 2", "Wild"]
    assert parse(menu, "1").value.label() == "red 4"
    assert parse(menu, " 3 ").value.label() == "Wild"
    assert parse(menu, "2").value.label() == "blue 2"  # listed as not playable: the match says why
    assert parse(menu, "D").value is DRAW and parse(menu, "draw").value is DRAW
    assert parse(menu, "red 4").value.label() == "red 4"
    assert parse(menu, "3 uno") == Pick(menu.cards[2], uno=True)
    assert parse(menu, "uno 1") == Pick(menu.cards[0], uno=True)


@pytest.mark.parametrize("typed, reply", [
    ("?", Command("help")),
    ("help", Command("help")),
    ("? 2", Command("help", "2")),
    ("help 2", Command("help", "2")),
    ("why 2", Command("why", "2")),
    ("table", Command("table")),
    ("LOG", Command("log")),
    ("quit", Command("quit")),
    ("exit", Command("quit")),
    ("", Refusal("Type one of the choices (? for help).")),
    ("4", Refusal("There is no card 4: your hand has 3 cards.")),
    ("pink", Refusal("'pink' is not one of the choices here (1, 3 or d); ? for help.")),
])
def test_replies(typed, reply):
    match = pending("classic", [["blue 2", "red 4", "wild"], ["red 7"]], ["red 5"])
    assert parse(menu_of(match), typed) == reply


def test_colour_by_number_name_or_its_beginning():
    match = pending("harry-potter-fr", [["wild", "rouge 4", "rouge 5"], ["bleu 7"]], ["vert 5"],
                    answers=[lambda m: m.decision.options[0]])
    menu = menu_of(match)
    assert match.decision.kind == "colour"
    assert parse(menu, "2") == Pick("jaune")
    assert parse(menu, "ROUGE") == Pick("rouge")
    assert parse(menu, "ve") == Pick("vert")
    assert isinstance(parse(menu, "z"), Refusal)


def test_table_card_keys_name_the_seat():
    match = pending("veto", [["wild", "purple 3"], ["purple 7"], ["green 4"]], ["purple 9"])
    menu = menu_of(match)
    use = parse(menu, "u3").value
    assert isinstance(use, TableUse) and use.target == 2
    assert parse(menu, "veto 3").value == use and parse(menu, "use 3").value == use


def test_any_other_text_is_a_rule_when_writing_one():
    match = pending("veto", [["wild customizable", "purple 3", "green 3"], ["purple 7"]], ["purple 9"],
                    answers=[lambda m: m.decision.options[0], "purple"])
    menu = menu_of(match)
    assert match.decision.kind == "write_rule" and menu.free_text
    assert parse(menu, "b") == Pick("")
    assert parse(menu, "1") == Pick(match.decision.options[0])
    assert parse(menu, "next draws 2") == Script("next draws 2")

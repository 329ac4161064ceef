"""Two messages of issue 28: a word people write for a statement (`everyone reveals hand`)
names the statement meant (unodsl/lang/other_words.py), and `P holds A or B`, which reads
`(P holds A) or B`, is refused when B is a bare value (unodsl/lang/compile/holds_then.py)."""
from __future__ import annotations

import pytest

import unodsl
from unodsl.errors import EditionError, ScriptError
from unodsl.lang.grammar import parser
from unodsl.lang.other_words import OTHER_WORDS, statement_meant
from unodsl.lang.parse import parse_script
from unodsl.lang.statements import PLAYER_WORDS, STATEMENTS

EDITION = """name: Words
base: classic
kinds:
  wild:
    effect: |
{effect}
"""


def problems_of(script: str) -> list:
    text = EDITION.format(effect="\n".join("      " + line for line in script.split("\n")))
    try:
        unodsl.load_edition_text(text, "t.yaml")
    except EditionError as error:
        return error.problems
    return []


def hint_of(script: str) -> str | None:
    with pytest.raises(ScriptError) as raised:
        parse_script(script)
    return raised.value.hint


def test_no_word_of_the_table_is_a_word_of_the_language():
    keywords = {t.pattern.value for t in parser().terminals if t.pattern.type == "str"}
    assert not set(OTHER_WORDS) & (keywords | set(PLAYER_WORDS))
    rules = {rule for statement in STATEMENTS for rule in statement.rules}
    assert {rule for meant in OTHER_WORDS.values() for rule in meant} <= rules


@pytest.mark.parametrize("script, form", [
    ("everyone reveals hand", "`show everyone's hand to PLAYERS`"),  # after a player
    ("next shows his hand", "`show next's hand to PLAYERS`"),
    ("reveal next's hand", "`show PLAYER's hand to PLAYERS`"),       # at the start of a line
    ("next loses a turn", "`skip next`"),
    ("me selects colour", "`me chooses colour` or `me chooses player [where C]`"),
])
def test_a_word_people_write_names_the_statement_meant(script, form):
    assert hint_of(script) == f"`{script.split()[0] if script.startswith('reveal') else script.split()[1]}` " \
                              f"is no word of the language: write {form}"


def test_the_forms_named_are_the_statements_syntax():
    assert statement_meant("reveals", "chosen") == "`reveals` is no word of the language: write " \
                                                   "`show chosen's hand to PLAYERS`"
    assert statement_meant("drwas") is None


@pytest.mark.parametrize("script, hint", [
    ("next drwas 2", "did you mean 'draws'?"),                       # a misspelt verb, as before
    ("next presses 2", "an action of the edition (`next presses`) takes nothing after it"),
])
def test_other_words_after_a_player_keep_their_hints(script, hint):
    assert hint_of(script) == hint


@pytest.mark.parametrize("condition, value", [
    ("next holds skip or reverse", "reverse"),
    ("next holds red and blue", "blue"),
    ("chosen holds colour == red or draw_two", "draw_two"),
])
def test_a_bare_value_after_holds_in_an_or_is_refused(condition, value):
    (problem,) = problems_of(f"choose player\nif {condition}:\n  skip next")
    assert problem.message.endswith(f"`{value}` alone is about the card itself, not "
                                    f"{condition.split()[0]}'s hand")
    assert problem.span.column == len("      if ") + condition.index(f" {value}") + 2  # (at the value)


@pytest.mark.parametrize("condition", [
    "next holds (skip or reverse)",
    "next holds skip or next holds reverse",
    "next holds skip or kind == reverse",
    "next holds skip or next.hand > 3",
    "colour == red or next holds skip",
])
def test_what_the_hint_offers_is_accepted(condition):
    assert problems_of(f"if {condition}:\n  skip next") == []


def test_a_capitalised_card_name_is_an_unknown_name_with_its_id():
    (problem,) = problems_of("if next holds Skip or Reverse:\n  skip next")
    assert problem.message == "unknown name 'Skip'" and problem.hint == "did you mean 'skip'?"

"""The placed refusals of `let`, the edition's `state:` and chance (docs/effects.md "State",
"Chance"; the messages of unodsl/lang/compile/state_chance.py).

Written for mutants that survived the suite (docs/mutation.md): each refusal is asserted
whole (message, hint, line and column), as an edition author reads it. Every edition is
compiled inside its test (a mutation run switches the compiler's mutants on per test).
"""
from __future__ import annotations

import pytest

import unodsl
from unodsl.edition.loader import load_edition_text

# One variable of each type, per player and for the game, and a table of each kind of outcome.
EDITION = """name: State and chance
base: classic
state:
  player:
    power: {type: flag}
    tokens: {type: counter}
  game:
    launches: {type: counter}
    last: {type: colour}
    held: {type: card}
chance:
  die: {1: 1, 2: 1}
  word: {a: 1, b: 1}
"""


def refusal(effect: str, edition: str | None = EDITION):
    """The one problem of a house rule `on play where wild:` doing `effect` (its lines)."""
    rule = "on play where wild:\n" + "".join(f"    {line}\n" for line in effect.split("\n"))
    with pytest.raises(unodsl.EditionError) as error:
        if edition is None:
            unodsl.load_edition("classic", rules=[rule])
        else:
            load_edition_text(edition, rules=[rule])
    (problem,) = error.value.problems
    return problem.message, problem.hint, (problem.span.line, problem.span.column)


@pytest.mark.parametrize("effect, message, hint, place", [
    # `add` counts, `flip` turns a flag over: each says what changes the variable instead.
    ("add 1 to game.last", "`add` counts: `last` is a colour, not a counter", "`set ... to ...` changes it",
     (2, 14)),
    ("add 1 to me.power", "`add` counts: `power` is a flag, not a counter",
     "`set ... to ...` changes it, `flip` turns it over", (2, 14)),
    ("add red to me.tokens", "`add` takes a number, not a text", None, (2, 9)),
    ("flip me.tokens", "`flip` turns a flag over: `tokens` is a counter", "`add N to ...` changes a counter",
     (2, 10)),
    ("flip game.last", "`flip` turns a flag over: `last` is a colour", "`set ... to ...` changes it", (2, 10)),
    # A variable is the game's or each player's: the other kind is named in the hint.
    ("set game.nope to 1", "unknown game variable 'nope'", None, (2, 14)),
    ("set game.power to 1", "unknown game variable 'power'",
     "`power` is each player's: write `me.power` (or `next.power`, ...)", (2, 14)),
    ("set me.launches to 1", "unknown player variable 'launches'",
     "`launches` is a game variable: write `game.launches`", (2, 12)),
    ("set foo.launches to 1", "unknown name before '.' 'foo'", None, (2, 9)),
    # What a variable holds is checked against its type.
    ("set game.launches to red", "`launches` holds a number (counter), not a text", None, (2, 26)),
    ("set game.held to 3", "`held` holds a card (card), not a number", None, (2, 22)),
    ("set game.launches to game.held", "`launches` holds a number (counter), not a card", None, (2, 26)),
    ("set me.tokens to me.power", "`tokens` holds a number (counter), not a condition", None, (2, 22)),
    ("let c = card\nset game.launches to c.colour", "`launches` holds a number (counter), not a text", None,
     (3, 26)),
    ("let x = 1\nset game.held to x", "`held` holds a card (card), not a number", None, (3, 22)),
    ("set game.held to random word", "`held` holds a card (card), not a text", None, (2, 22)),
    ("set game.held to random die", "`held` holds a card (card), not a number", None, (2, 22)),
    ("set game.held to random number in 1..3", "`held` holds a card (card), not a number", None, (2, 22)),
    ("set game.launches to random card from my hand", "`launches` holds a number (counter), not a card", None,
     (2, 26)),
    # A colour variable holds a colour of the edition (a written one is checked as it is written).
    ("set game.last to purple", "unknown colour 'purple'", None, (2, 22)),
    ('set game.last to "purple"', "unknown colour 'purple'", None, (2, 22)),
    ("set game.last to Red", "unknown colour 'Red'", "did you mean 'red'?", (2, 22)),
    # `let` names.
    ("let me = 1", "`let me` would hide what `me` already means here", "give the value another name", (2, 5)),
    ("let x = 1\nlet x = red", "`x` was set to a number; here it would be a text", "give the value another name",
     (3, 5)),
    ("let n = 2\nme draws n.number", "`n` is a number, not a card: it has no `.number`", None, (3, 14)),
    # Chance.
    ("let x = random nope", "unknown chance table 'nope'", None, (2, 13)),
    ("set game.launches to random number in red..2", "`random number in LOW..HIGH` takes a number, not a text",
     None, (2, 43)),
])
def test_a_refusal_of_state_let_or_chance_is_placed_with_its_hint(effect, message, hint, place):
    assert refusal(effect) == (message, hint, place)


@pytest.mark.parametrize("effect, message, hint, place", [
    ("set game.x to 1", "unknown game variable 'x'", "declare it in the edition's `state:` section", (2, 14)),
    ("add 1 to me.x", "unknown player variable 'x'", "declare it in the edition's `state:` section", (2, 17)),
    ("let x = random die", "unknown chance table 'die'", "declare its outcomes in the edition's `chance:` section",
     (2, 13)),
])
def test_an_edition_without_state_or_chance_says_where_to_declare_them(effect, message, hint, place):
    assert refusal(effect, edition=None) == (message, hint, place)


def test_every_type_of_variable_may_be_set_from_a_value_of_its_type():
    load_edition_text(EDITION, rules=["on play where wild:\n"
                                      "    let c = random card from my hand\n"
                                      "    set game.launches to c.number\n"
                                      "    set game.held to c\n"
                                      "    set me.tokens to game.launches\n"
                                      "    set game.last to card.colour\n"
                                      "    set me.power to 1 > 0\n"
                                      "    add random die to me.tokens\n"
                                      "    flip me.power\n"])


@pytest.mark.parametrize("rule, message, hint, place", [
    # `card` is the card a hook is about: a turn's start is about none.
    ("on turn_start:\n    let c = card\n", "`card` reads a card, but an `on turn_start` hook is about no card",
     "read the players instead: `me.hand`, `me holds CONDITION`, ...", (2, 13)),
    # A name is read only where every path before it has set it.
    ("on play where wild:\n    if wild:\n        let x = 1\n    me draws x\n",
     "`x` is read here, but is not certainly set before it",
     "put `let x = ...` before it, on every path (in each branch of an `if`)", (4, 14)),
])
def test_a_name_read_where_it_has_no_value_is_refused_at_its_place(rule, message, hint, place):
    with pytest.raises(unodsl.EditionError) as error:
        load_edition_text(EDITION, rules=[rule])
    (problem,) = error.value.problems
    assert (problem.message, problem.hint, (problem.span.line, problem.span.column)) == (message, hint, place)

"""The checker's refusals say what each side of a comparison is, and what they offer instead
is itself accepted (issue 28: `me.hand > red` was "a number with a text: they are never
equal"; the hint offered for a `let` of a `chosen` that may be no one was refused too)."""
from __future__ import annotations

import re

import pytest

import unodsl
from refusals import refused


def hinted(problem) -> list[str]:
    """The scripts a hint offers, in backquotes."""
    return re.findall(r"`([^`]+)`", problem.hint or "")


def accepted(rule: str) -> None:
    unodsl.load_edition("classic", rules=[rule])  # (raises on a refusal)


@pytest.mark.parametrize("condition, message, instead", [
    ("me.hand > red", "`>` orders numbers: `me.hand` is one (how many cards the hand holds), but `red` is a colour",
     ["me holds colour == red", "count(me, colour == red) > 0"]),
    ("next.hand != blue", "`!=` compares `next.hand`, a number (how many cards the hand holds), with `blue`, a "
                          "colour: they always differ, so the test is always true",
     ["next holds colour == blue", "count(next, colour == blue) > 0"]),
    ("next.hand == skip", "`==` compares `next.hand`, a number (how many cards the hand holds), with `skip`, a "
                          "kind: they are never equal",
     ["next holds kind == skip", "count(next, kind == skip) > 0"]),
    ("number == red", "`==` compares `number`, a number, with `red`, a colour: they are never equal",
     ["colour == red"]),
    ("colour == 3", "`==` compares `colour`, a colour, with `3`, a number: they are never equal", ["number == 3"]),
    ("colour < top.colour", "`<` orders numbers, but `colour` and `top.colour` are both colours", []),
])
def test_a_comparison_refused_says_what_each_side_is_and_its_hint_is_accepted(condition, message, instead):
    problem = refused(f"on play where {condition}:\n    me draws 1")
    assert problem.message == message
    assert set(instead) <= set(hinted(problem)), problem.hint
    for offered in instead:
        accepted(f"on play where {offered}:\n    me draws 1")


def test_the_hint_for_a_chosen_that_may_be_no_one_is_accepted():
    script = "on play:\n    choose player where chosen.hand > 0\n    let victim = chosen\n    victim draws 1"
    problem = refused(script)
    assert "`chosen` may be no one here" in problem.message
    test = next(offered for offered in hinted(problem) if offered.startswith("if "))
    accepted("on play:\n    choose player where chosen.hand > 0\n"
             f"    {test}\n        let victim = chosen\n        victim draws 1")


def test_a_player_named_from_a_chosen_that_may_be_no_one_is_accepted_inside_the_test():
    problem = refused("on play:\n    choose player where chosen.hand > 0\n    chosen's left draws 1")
    assert "`chosen` may be no one here" in problem.message
    accepted("on play:\n    choose player where chosen.hand > 0\n    if chosen.hand >= 0:\n"
             "        chosen's left draws 1")


@pytest.mark.parametrize("test", ["chosen.hand >= 0", "chosen holds always", "chosen.score == 0 and players > 1"])
@pytest.mark.parametrize("where", ["chosen.hand > 500", "chosen.hand >= 0"])
def test_a_chosen_tested_first_plays_whether_or_not_someone_was_chosen(test, where):
    # the block of the test runs only when someone was chosen: the name holds someone
    rule = (f"on play where number == 7:\n    choose player where {where}\n    if {test}:\n"
            "        let victim = chosen\n        victim draws 1\n        chosen's left draws 1")
    edition = unodsl.load_edition("classic", rules=[rule])
    for seed in range(3):
        unodsl.Match(edition, players=3, agents="random", seed=seed, max_rounds=1).play()


def test_a_test_that_may_hold_of_no_one_does_not_name_chosen():
    # `!=` of an absent figure holds: in its block `chosen` may still be no one
    problem = refused("on play:\n    choose player where chosen.hand > 0\n    if chosen.hand != 3:\n"
                      "        let victim = chosen")
    assert "`chosen` may be no one here" in problem.message


@pytest.mark.parametrize("condition", ["p holds colour == red", "count(p, wild) > 0", "p challenges",
                                       'p accepts "Shall I?"', "victim holds colour == red and victim.hand > 1"])
def test_a_player_a_name_holds_is_a_player_in_a_condition_later_in_the_loop(condition):
    # docs/effects.md: "The name is then a player wherever one is written" (a `for each p` loop's
    # too); `p holds ...` was refused as "`p` is not a player"
    rule = (f"on play where number == 7:\n    for each p in others:\n        let victim = p\n"
            f"        if {condition}:\n            victim draws 1")
    edition = unodsl.load_edition("classic", rules=[rule])
    for seed in range(3):
        unodsl.Match(edition, players=3, agents="random", seed=seed, max_rounds=1).play()


@pytest.mark.parametrize("script, message", [
    ("on play:\n    let n = 3\n    if n holds red:\n        me draws 1", "`n` is a number, not a player"),
    ("on play:\n    if nxt holds red:\n        me draws 1", "`nxt` is not a player"),
])
def test_a_name_that_holds_no_player_is_refused_before_holds(script, message):
    assert refused(script).message == message


WHEEL = ("name: W\nid: w\nbase: classic\nchance:\n  wheel: {jackpot: 1, bust: 3}\n  dice: {1: 1, 2: 1}\n"
         "  coin: {heads: 1, tails: 1}\n")


def wheel_rule(script: str) -> str:
    return "on play:\n" + "".join(f"    {line}\n" for line in script.split("\n"))


def wheel_problems(script: str) -> list[str]:
    try:
        unodsl.load_edition_text(WHEEL, "w.yaml", rules=[wheel_rule(script)])
    except unodsl.EditionError as error:
        return [p.message + (f" / {p.hint}" if p.hint else "") for p in error.problems]
    return []


@pytest.mark.parametrize("script, message", [
    ('let x = random wheel\nif x == "jakpot":\n  me draws 1',
     "'jakpot' is not an outcome of the chance table `wheel`, so it never matches (its outcomes: jackpot, bust)"
     " / did you mean 'jackpot'?"),
    ("if random wheel != bsut:\n  me draws 1", "'bsut' is not an outcome of the chance table `wheel`, so the test "
                                               "is always true (its outcomes: jackpot, bust) / did you mean 'bust'?"),
    ("let x = random dice\nif x in [1, 7]:\n  me draws 1", "'7' is not an outcome of the chance table `dice`"),
])
def test_an_outcome_compared_with_one_its_table_never_gives_is_refused(script, message):
    [found] = wheel_problems(script)
    assert found.startswith(message), found


@pytest.mark.parametrize("script", [
    "let x = random wheel\nif x == jackpot:\n  me draws 1",  # a bare word, as a colour is
    'let x = random wheel\nif x == "bust" or x in [jackpot]:\n  me draws 1',
    "let x = random wheel\nlet y = random wheel\nif x == y:\n  me draws 1",  # (a name: not written out)
    "let x = random wheel\nif me.hand > 3:\n  let x = random coin\nif x == heads:\n  me draws 1",  # (two tables)
])
def test_outcomes_written_bare_or_quoted_and_names_are_accepted(script):
    assert wheel_problems(script) == []

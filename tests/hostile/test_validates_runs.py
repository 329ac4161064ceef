"""Validates => runs: what a script may do depends on where it runs, and validation
refuses, at its place, what could not work there (issue 10).

Each refused script below used to validate and then crash the first round with a
Python traceback; each accepted one plays.
"""
from __future__ import annotations

import pytest

import unodsl
from unodsl.engine.setup import Setup
from unodsl.resources import data_dir, edition_path
from cli_helpers import no_traceback, run
from refusals import at, refused, refused_edition


# ---- the four scripts of the issue ------------------------------------------------------

@pytest.mark.parametrize("rule,place", [
    ("on round_start: turn another", (1, 17)),
    ("on turn_start: turn another", (1, 16)),
])
def test_turn_another_outside_a_start_rule_is_refused_by_validate(rule, place):
    result = run("validate", "classic", "--rule", rule)
    no_traceback(result)
    assert result.exit_code == 1
    assert f"--rule 1:{place[0]}:{place[1]}: error: `turn another` replaces a start card" in result.stdout


def test_reading_chosen_before_any_choose_player_is_refused():
    problem = refused("on play:\n  show chosen's hand to everyone")
    assert at(problem) == (2, 8) and "no `choose player` has certainly run before it" in problem.message


def test_a_card_condition_in_choose_player_is_refused_with_a_hint():
    problem = refused("on play:\n  choose player where colour == red")
    assert at(problem) == (2, 23)
    assert "`colour` is about a card" in problem.message and "chosen.hand" in problem.hint


def test_the_issue_scripts_never_reach_the_engine():
    for rule in ("on round_start: turn another", "on turn_start: turn another",
                 "on play:\n  show chosen's hand to everyone", "on play:\n  choose player where colour == red"):
        result = run("simulate", "classic", "--games", "3", "--rule", rule)
        no_traceback(result)
        assert result.exit_code == 1


# ---- `chosen`: set on every path before it is read -------------------------------------

@pytest.mark.parametrize("rule,place", [
    ("on play:\n  if number == 3:\n    choose player\n  chosen draws 1", (4, 3)),  # not on the else path
    ("on play:\n  choose player where chosen.hand > me.hand and chosen.score >= 0\n"
     "on draw:\n  skip chosen", (4, 8)),  # another hook: another script
    ("on play where chosen.hand > 2:\n  choose player", (1, 15)),  # a guard runs before its body
    ('on play:\n  ask me "which?":\n    "one": choose player\n    "two": pass\n  skip chosen', (5, 8)),
])
def test_chosen_read_where_a_path_has_chosen_no_one_is_refused(rule, place):
    problem = refused(rule)
    assert at(problem) == place and "choose player" in problem.message


@pytest.mark.parametrize("rule", [
    "on play:\n  if number == 3:\n    choose player\n  else:\n    choose player where chosen.score > 1\n"
    "  chosen draws 1",
    'on play:\n  ask me "which?":\n    "one": choose player\n    "two": choose player where chosen.hand > 1\n'
    "  skip chosen",
    "on play:\n  choose player\n  if chosen.hand > 3:\n    me discards all where chosen.hand > 5 and wild",
])
def test_chosen_set_on_every_path_is_accepted_and_plays(rule):
    edition = unodsl.load_edition("classic", rules=[rule])
    for seed in range(5):
        unodsl.Match(edition, players=3, agents="random", seed=seed, target=100).play()


def test_a_table_card_use_starts_with_its_target_chosen():
    assert unodsl.load_edition("veto").kinds["veto"].use is not None  # `use: skip chosen`


# ---- `choose player where CONDITION`: a condition on each player -----------------------

def stacked(rule: str, hands, discard="red 5"):
    edition = unodsl.load_edition("classic", rules=[rule])
    return unodsl.Match(edition, players=len(hands), seed=1, setup=Setup(hands=hands, discard=[discard], turn=0))


HANDS = [["red 3", "blue 1", "blue 3"], ["blue 2", "green 2", "yellow 2", "red 9"], ["green 7"],
         ["yellow 4", "yellow 5", "green 9"]]


def test_choose_player_offers_only_the_players_the_condition_holds_for():
    match = stacked("on play where number == 3:\n  choose player where chosen.hand >= 3\n  chosen draws 2", HANDS)
    match.answer(match.round.hands[0][0])  # red 3
    decision = match.decision
    assert decision.kind == "player" and sorted(decision.options) == [1, 3]
    match.answer(3)
    assert len(match.round.hands[3]) == 5 and len(match.round.hands[1]) == 4


def test_when_no_player_satisfies_it_the_statements_about_chosen_do_nothing():
    rule = ("on play where number == 3:\n  choose player where chosen.hand > 10\n  chosen draws 2\n"
            "  show chosen's hand to me\n  me swaps hands with chosen\n  if chosen.hand < 20 or chosen holds wild:\n"
            "    me draws 3\n  next draws 1")
    match = stacked(rule, HANDS)
    before = [len(h) for h in match.round.hands]
    match.answer(match.round.hands[0][0])
    assert [len(h) for h in match.round.hands] == [before[0] - 1, before[1] + 1, *before[2:]]  # only `next draws 1`
    assert not [e for e in match.log if e["event"] in ("chosen", "show_hand", "swap_hands")]


@pytest.mark.parametrize("rule,place,words", [
    ("on play:\n  choose player where hand > 2", (2, 23), "`hand` is about a player"),
    ("on play:\n  me discards all where hand > 2", (2, 25), "`hand` is about a player"),
    ("on play:\n  choose player where playable", (2, 23), "`playable` is about a card"),
])
def test_player_figures_and_card_attributes_each_in_their_place(rule, place, words):
    problem = refused(rule)
    assert at(problem) == place and words in problem.message, str(problem)
    assert problem.hint


def test_the_card_played_may_still_be_read_in_choose_player_where():
    edition = unodsl.load_edition("classic", rules=[
        "on play:\n  choose player where card.number == chosen.hand or chosen holds colour == top.colour\n"
        "  skip chosen"])
    for seed in range(5):
        unodsl.Match(edition, players=4, agents="random", seed=seed, target=100).play()


# ---- statements that belong to one kind of script --------------------------------------

CLASSIC = (data_dir("editions") / "classic.yaml").read_text(encoding="utf-8")


def test_nothing_may_follow_turn_another_in_its_block():
    problem = refused_edition(CLASSIC.replace("on_start: turn another", "on_start: |\n      turn another\n      reverse"))
    assert "nothing after `turn another` runs" in problem.message and problem.span.column == 7


def test_turn_another_in_a_card_effect_is_refused():
    problem = refused_edition(CLASSIC.replace("    effect: skip next\n", "    effect: turn another\n"))
    assert "belongs in an `on_start:` rule, not in a card's effect" in problem.message


@pytest.mark.parametrize("rule,words", [
    ("turn another", "not in a rule written on a card"),
    ("apply written rule", "cannot apply the rule written on it"),
])
def test_a_rule_written_on_a_blank_card_cannot_turn_another_or_apply_itself(rule, words):
    problem = refused(rule, "veto")
    assert words in problem.message and at(problem) == (1, 1)


def test_a_number_that_is_a_tags_text_draws_none():
    # house is "Gryffindor" or absent: not a number of cards (was a TypeError in the round)
    edition = unodsl.load_edition("harry-potter-sorting-hat", rules=["on play:\n  next draws house"])
    for seed in range(3):
        unodsl.Match(edition, players=3, agents="random", seed=seed, target=100).play()


# ---- found by the generated scripts (tests/language/test_generated_scripts.py) ----------------

def built_on(base: str, kind: str, field: str, script: str):
    """The one problem of an edition built on `base` whose `kind` has `script` as `field`."""
    return refused_edition(f"name: Mutant\nbase: {base}\nkinds:\n  {kind}:\n    {field}: {script}\n")


@pytest.mark.parametrize("condition", ["playable", "me holds playable", "colour == red or count(next, playable) > 1"])
def test_a_playable_condition_cannot_ask_whether_cards_are_playable(condition):
    # It asked itself again and again: a RecursionError at the first turn.
    problem = built_on("classic", "wild", "playable", condition)
    assert "cannot read `playable`" in problem.message and problem.span.line == 5


@pytest.mark.parametrize("script", ["rotate hands", "me swaps hands with chosen", "chosen discards all where wild",
                                    "give all to chosen", "chosen discards to 1", "apply written rule"])
def test_a_table_cards_use_cannot_take_cards_out_of_a_hand(script):
    # Used in the middle of a decision among the cards of a hand, it left the player
    # choosing a card no longer there (a ValueError when it was played).
    problem = built_on("veto", "veto", "use", script)
    assert "cannot take cards out of a hand" in problem.message and problem.span.line == 5


def test_a_table_cards_use_may_draw_skip_and_show():
    edition = unodsl.load_edition_text("name: Mutant\nbase: veto\nkinds:\n  veto:\n    use: |\n"
                                       "      chosen draws 2\n      skip chosen\n      show chosen's hand to me\n",
                                       "mutant.yaml")
    for seed in range(5):
        unodsl.Match(edition, players=4, agents="random", seed=seed, target=100).play()


def test_a_starter_rule_that_cannot_be_written_on_a_card_is_refused_in_its_file(tmp_path):
    # A player may write any starter rule on a blank card mid-game: one that could not
    # compile there stopped the game (a TypeError before, a ScriptError now) instead of validation.
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "bad.yaml").write_text("name: Bad\nscript: |\n  show chosen's hand to me\n")
    (tmp_path / "mine.yaml").write_text("name: Mine\nbase: veto\nstarter_rules: rules\n")
    result = run("validate", str(tmp_path / "mine.yaml"))
    no_traceback(result)
    assert result.exit_code == 1
    assert f"{tmp_path / 'rules' / 'bad.yaml'}:3:8: error: `chosen` is read here" in result.stdout


def test_an_edition_whose_every_start_card_is_turned_back_is_refused():
    # The dealer turned cards forever: the round never started (a hang, not an error).
    problem = refused_edition("name: All turn\nbase: classic\nkinds:\n" + "".join(
        f"  {kind}: {{on_start: turn another}}\n" for kind in ("number", "skip", "reverse", "draw_two")) +
        '  wild: {on_start: "if players == 2:\\n  turn another\\nelse:\\n  turn another"}\n')
    assert "the round would never start" in problem.message and problem.span.line == 4  # (number)


def test_one_kind_that_starts_the_pile_is_enough():
    unodsl.load_edition_text("name: Most turn\nbase: classic\nkinds:\n" + "".join(
        f"  {kind}: {{on_start: turn another}}\n" for kind in ("number", "skip", "reverse", "draw_two")) +
        '  wild: {on_start: "if players == 2:\\n  turn another"}\n', "edition.yaml")


# What validation refuses, placed, because of where a statement is (docs/effects.md,
# "Where a script runs: what validation refuses"): a statement after `turn another`, and a
# table card's `use:` taking cards out of a hand.
#
# Written for mutants that survived the suite (docs/mutation.md); the editions are
# compiled inside each test (a mutation run switches the compiler's mutants on per test).


def test_a_statement_after_turn_another_is_refused_at_the_statement():
    text = edition_path("classic").read_text(encoding="utf-8")
    old = "    on_start: turn another\n"
    assert text.count(old) == 1
    text = text.replace(old, "    on_start: |\n      turn another\n      next draws 1\n")
    problem = refused_edition(text, "places.yaml")
    assert problem.message == ("nothing after `turn another` runs: the card is back in the draw pile "
                               "and another is turned")
    line = text.splitlines().index("      next draws 1") + 1
    assert (problem.span.file, problem.span.line, problem.span.column) == ("places.yaml", line, 7)


@pytest.mark.parametrize("use", ["chosen discards all where colour == red", "chosen draws or discards to 3",
                                 "me swaps hands with chosen", "apply written rule"])
def test_a_table_card_use_may_not_take_cards_out_of_a_hand(use):
    from engine.test_out_of_turn import TEXT  # classic with a table card, Table Veto: `use: skip chosen`
    text = TEXT.replace("use: skip chosen", f"use: {use}")
    assert text != TEXT
    problem = refused_edition(text, "places.yaml")
    assert problem.message == ("a table card is used while a player is deciding something, so its `use:` "
                               "cannot take cards out of a hand: the decision would offer cards no longer there")
    assert problem.hint == "a `use:` may draw, skip, reverse, choose, show hands, ..."
    line = text.splitlines().index(f"    use: {use}") + 1
    assert (problem.span.line, problem.span.column) == (line, 10)


def test_a_table_card_use_may_draw_and_skip():
    from engine.test_out_of_turn import TEXT
    unodsl.load_edition_text(TEXT.replace("use: skip chosen", "use: |\n      chosen draws 1\n      skip chosen"),
                             "places.yaml")

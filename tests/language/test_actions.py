"""Actions an edition declares (`actions:`), `repeat`, and `instead of` a draw (issue 11,
item 8: UNO Attack's launcher), and editions whose cards have no colour (UNO All Wild!).

What each construct does on a table is in the scenarios (tests/scenarios/attack,
tests/scenarios/all-wild); here: what validation refuses, and where; that chance in a
comparison is drawn once; what explain says; that an edition using none of it plays as
before; and that a colourless edition plays whole matches.
"""
from __future__ import annotations

import pytest

from click.testing import CliRunner

import unodsl
import unodsl.explain
from cli_helpers import no_traceback, time_limit
from invariants import conserve_cards, play_checked_round
from refusals import at, refused, refused_edition
from unodsl.cli import main

HEAD = """\
name: Launcher
base: classic
actions:
  press: me draws random number in 0..2
"""


def edition(extra: str = "", actions: str = "") -> str:
    return HEAD + actions + extra + "total: 108\n"


def kind_script(script: str) -> str:
    """Classic's Skip with `script` as its effect (the script's first line is line 8)."""
    body = "".join(f"      {line}\n" for line in script.split("\n"))
    return "kinds:\n  skip:\n    effect: |\n" + body


@pytest.mark.parametrize("script, place, message, hint", [
    ("next presess", (8, 12), "unknown action 'presess'", "did you mean 'presses'?"),
    ("next drwas", (8, 12), "unknown action 'drwas'", "did you mean 'draws'?"),
    ("repeat 2 times: next presss", (8, 28), "unknown action 'presss'", "did you mean 'presses'?"),
    ("repeat colour times: skip next", (8, 14), "`repeat` takes a number, not a text", None),
    ("instead of turn_draw: me presses", (8, 7), "a card's script cannot hold `instead of turn_draw`",
     "put it in the edition's `rules:`"),
    ("if always:\n  instead of uno_penalty: pass", (9, 9),
     "`instead of uno_penalty` is a rule for the whole table", None),
    ("repeat until colour == red: next presses", None, None, None),  # the card played: accepted
])
def test_statements_refused_in_place(script, place, message, hint):
    text = edition(kind_script(script))
    if message is None:
        unodsl.load_edition_text(text, "t.yaml")
        return
    problem = refused_edition(text, "t.yaml")
    assert (at(problem), problem.message[:len(message)], problem.hint) == (place, message, hint)


def test_an_edition_without_actions_says_where_to_declare_one():
    problem = refused("on play: next presses")
    assert (at(problem), problem.message) == ((1, 15), "unknown action 'presses'")
    assert problem.hint == "declare it in the edition's `actions:` section (`press: me draws 1`)"


@pytest.mark.parametrize("actions, place, message", [
    # an action that calls itself, or another that calls it back, would never end
    ("  loop: me loops\n", (5, 9), "`loops` here calls an action that calls `loop` again (or is it)"),
    ("  ping: me pongs\n  pong: |\n    me draws 1\n    me pings\n", (5, 9),
     "`pongs` here calls an action that calls `ping` again (or is it)"),
    # a name a script could not say as an action
    ("  draw: me draws 1\n", (5, 9), "`draw` is a word of the effect language"),
    ("  swap: me draws 1\n", (5, 9), "`swap` is a word of the effect language"),
    # what an action may not do: read a card (it is about none), hold a hook
    ("  peek: |\n    if colour == red: me draws 1\n", (6, 8), "`colour` reads a card, but an action"),
    ("  hook: |\n    on play: me draws 1\n", (6, 5), "an action is made of statements"),
])
def test_actions_refused_in_place(actions, place, message):
    problems = _problems(edition(actions=actions))
    assert any(at(p) == place and p.message.startswith(message) for p in problems), \
        [(at(p), p.message) for p in problems]


def _problems(text: str) -> list:
    with pytest.raises(unodsl.EditionError) as error:
        unodsl.load_edition_text(text, "t.yaml")
    return [p for p in error.value.problems if p.severity == "error"]


def test_a_table_cards_use_may_not_call_an_action_that_takes_cards_from_a_hand():
    text = """\
name: Veto shove
base: veto
actions:
  press: me draws 1
  shove: me discards to 3
kinds:
  veto:
    use: |
      chosen presses
      chosen shoves
total: 112
"""
    problem = refused_edition(text, "t.yaml")
    assert at(problem) == (10, 7)
    assert problem.message.startswith("a table card is used while a player is deciding something, so its "
                                      "`use:` cannot shove")


def test_a_misspelt_verb_after_a_player_is_still_placed_at_the_verb():
    problem = refused("on play: next drwas 2")
    assert (at(problem), problem.hint) == ((1, 15), "did you mean 'draws'?")
    assert problem.message == "unexpected 'drwas', expected one of: 'chooses', 'discards', 'draws', 'plays', 'swaps'"


def test_a_random_number_compared_is_drawn_once():
    """`if random number in 1..100 > 60` draws one number (it drew two: the second, unrecorded
    by the test, was compared) and records it once."""
    text = edition(kind_script("if random number in 1..100 > 60: next draws 1"))
    ed = unodsl.load_edition_text(text, "t.yaml")
    for seed in range(20):
        match = unodsl.Match(ed, players=3, agents="random", seed=seed, record=True, max_rounds=1)
        match.play()
        log = match.log
        for index, event in enumerate(log):
            if event["event"] == "play" and ed.deck[event["card"]].kind == "skip":
                chances = [e for e in log[index + 1:index + 3] if e["event"] == "chance"]
                assert len(chances) == 1
                drew = any(e["event"] == "draw" for e in log[index + 2:index + 3])
                assert drew == (chances[0]["value"] > 60)


def test_explain_tells_what_an_action_does_and_how_often():
    text = edition(kind_script("repeat 2 times: next presses\nlet b = next.hand\nrepeat until next.hand > b:\n"
                               "  next presses"))
    ed = unodsl.load_edition_text(text, "t.yaml")
    sections = dict(unodsl.explain.explain(ed, ed.kinds["skip"]).sections)
    assert sections["When played"] == (
        "Twice: the next player presses. Call the number of cards the next player holds “b”. The next "
        "player presses, and again until the number of cards the next player holds is more than “b” "
        "(at most 100 times).")
    assert sections["Actions"] == "To press: you draw as many cards as a random number from 0 to 2."


def test_the_turns_draw_and_the_uno_penalty_are_replaced_only_where_a_rule_says():
    """Without `instead of`, an edition with actions still draws; with it, no turn draws a card
    but by the rule."""
    plain = unodsl.load_edition_text(edition(), "t.yaml")
    assert plain.replacements == {}
    rule = "instead of turn_draw: me presses\ninstead of uno_penalty:\n  repeat 2 times: me presses"
    replaced = unodsl.load_edition_text(edition(), "t.yaml", rules=[rule])
    assert set(replaced.replacements) == {"turn_draw", "uno_penalty"}
    match = unodsl.Match(replaced, players=3, agents="random", seed=4, record=True, max_rounds=1)
    match.play()
    turns_drawn = [e for e in match.log if e["event"] == "instead" and e["of"] == "turn_draw"]
    assert turns_drawn and all(match.log[i + 1]["event"] == "action" for i, e in enumerate(match.log)
                               if e["event"] == "instead")


# ---- the shipped editions: whole rounds, and a colourless one end to end -------------------

@pytest.mark.parametrize("name", ["attack", "all-wild"])
def test_rounds_of_attack_and_all_wild_conserve_cards_offer_legal_options_and_end(monkeypatch, name):
    conserve_cards(monkeypatch)
    edition = unodsl.load_edition(name)
    for seed in range(200):
        players = 2 + seed % 9
        agents = ["random", "greedy"] if seed % 2 else ["random"]
        play_checked_round(edition, players, [agents[i % len(agents)] for i in range(players)], seed)


def test_a_dealer_tie_the_cards_cannot_break_is_broken_by_chance():
    """All Wild! has no numbers: every draw for the deal ties, and the deck runs out. The
    deal went to seat 0 every time; it goes to each seat, by the seed."""
    edition = unodsl.load_edition("all-wild")
    dealers = {unodsl.Match(edition, players=4, agents="random", seed=seed, max_rounds=0).round.dealer
               for seed in range(40)}
    assert dealers == {0, 1, 2, 3}


def test_a_colourless_edition_plays_at_the_terminal_and_resumes_from_a_save(tmp_path):
    save = tmp_path / "match.json"
    answers = "\n".join(["1", "p"] * 6) + "\n"  # the input ends mid-round: the match is saved
    with time_limit(60):
        first = run_input(["play", "all-wild", "--players", "you,greedy,greedy", "--seed", "3",
                           "--save", str(save)], answers)
        resumed = run_input(["resume", str(save)], answers)
    for result in (first, resumed):
        no_traceback(result)
        assert "Top card: " in result.stdout and "Colour in play" not in result.stdout
    assert "Resumed from" in resumed.stdout


def run_input(args: list[str], text: str):
    try:
        runner = CliRunner(mix_stderr=False)
    except TypeError:
        runner = CliRunner()
    return runner.invoke(main, args, input=text)


def test_a_misspelt_draw_to_replace_is_placed_with_the_ones_there_are():
    problem = refused("instead of turn_drw: me draws 2")
    assert (at(problem), problem.hint) == ((1, 12), "did you mean 'turn_draw'?")
    assert problem.message == "unexpected 'turn_drw', expected a draw a rule may replace (turn_draw, uno_penalty)"


def test_an_action_that_moves_cards_out_of_a_hand_cannot_be_a_table_cards_use(tmp_path):
    """Issue 31's VETO probe: whether a statement takes cards from hands is one fact (the compiler's
    `takes_what_is_offered`, from lang/statements.py's rows), read where an action is checked too.
    A `use:` calling an action that moves a hand aside validated, and the player it was used on
    emptied their hand and won the round."""
    path = tmp_path / "probe.yaml"
    path.write_text("name: Veto probe\nbase: veto\nactions:\n  stash: move all cards from my hand to aside pile\n"
                    "kinds:\n  veto:\n    use: chosen stashes\n", encoding="utf-8")
    with pytest.raises(unodsl.EditionError) as refused:
        unodsl.load_edition(str(path))
    (problem,) = refused.value.problems
    assert (problem.span.line, problem.span.column) == (7, 10)
    assert "its `use:` cannot stash: that action takes cards out of a hand" in problem.message


@pytest.mark.parametrize("statement", ["move all cards from my hand to aside pile", "flip",
                                       "eliminate me, cards under discard pile", "shuffle hands",
                                       "deal all cards from my hand to others"])
def test_every_statement_a_use_may_not_run_may_not_be_run_through_an_action_either(statement):
    from unodsl.edition.actions import read_actions
    from unodsl.lang.compile import takes_what_is_offered
    from unodsl.lang.parse import parse_script
    (node,) = parse_script(statement).body
    assert takes_what_is_offered(node)
    _trees, taking = read_actions({"actions": {"act": statement}}, None, None)
    assert taking == {"act": True}

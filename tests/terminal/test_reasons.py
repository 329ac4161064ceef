"""Every question says why (issue 27): each decision's question carries what the card
that asks does, in `unodsl explain`'s words, or what its answers lead to.

The completeness test plays every shipped edition (with house rules that bring the
decisions no edition asks by itself) with every seat answered from outside by a random
policy, builds the terminal's menu for each decision, and checks that each kind of
unodsl.engine.decisions.DECISIONS is met and carries its why-part."""
from __future__ import annotations

import random

import pytest

import unodsl
from unodsl.agents import RandomAgent
from unodsl.engine.decisions import DECISIONS
from unodsl.resources import edition_names
from unodsl.terminal.prompt import build_menu
from unodsl.terminal.reasons import reason
from unodsl.terminal.style import Style

from .conftest import flat, run_play, setup_file

RULE_SETS = [[], ["@jump-in", "@uno-any-time", "@name-a-number"], ["@seven-zero", "@progressive", "@doubles"]]


def _menus_met() -> dict[str, list]:
    """For each decision kind met, the menus the terminal built for it (edition, menu)."""
    met: dict[str, list] = {}
    for name in edition_names():
        for rules in RULE_SETS:
            edition = unodsl.load_edition(name, rules=rules)
            players = max(edition.settings["players"]["min"], 3)
            match = unodsl.Match(edition, players=players, agents=[None] * players, seed=2, max_rounds=2,
                                 ask_draws=True)
            policy = RandomAgent(random.Random(2))
            names = [f"P{seat + 1}" for seat in range(players)]
            while not match.finished:
                decision = match.decision
                menu = build_menu(decision, match, names, Style(False))
                met.setdefault(decision.kind, []).append((name, menu))
                match.answer(policy.choose(decision, match.round.view(decision.player)))
    return met


@pytest.fixture(scope="module")
def met():
    return _menus_met()


def test_every_kind_of_decision_is_met_and_says_why(met):
    assert set(met) == set(DECISIONS), "a kind no shipped edition asks: add a rule set that brings it"
    for kind, menus in met.items():
        for edition, menu in menus:
            assert menu.why.strip(), f"{kind} in {edition}: no why"
            assert menu.why.strip() != menu.question.strip(), f"{kind} in {edition}: the question again"
            text = flat("\n".join(menu.lines()))
            assert flat(menu.why) in text or (menu.compact and len(menu.choices) > 1), (kind, edition)


# What each kind's why-part says (the first met): the card's effect in explain's words, or
# the consequences of the answers.
WORDS = {
    "turn": "type d: you draw",
    "play_drawn": "p plays it",
    "colour": ": Choose the colour",
    "challenge": "draws 4 cards",
    "call_uno": "you draw 2 cards",
    "catch": "draws 2 cards",
    "player": "hoose another player",
    "yes_no": "house rule written on this card",
    "question": "Pick an answer",
    "top_card": "choosing which one ends on top",
    "give": "choosing who receives each one",
    "discard": "Wild Customizable",
    "pick": "you pick",
    "react": "may be cancelled",
    "stack": "t to take them",
    "write_rule": "house rule written on this card",
    "jump_in": "play then continues from you",
    "uno_call": "false call",
    "pile": "pick the pile",
    "value": "Name a value",
}


@pytest.mark.parametrize("kind", sorted(DECISIONS))
def test_the_why_of_each_kind(met, kind):
    assert kind in WORDS, f"say what the why of {kind} holds"
    # (the first met in an English edition: another language says the kind's help, in its words)
    english = [(e, m) for e, m in met[kind] if m.words is None or m.words.language == "en"]
    if not english:  # (met only in another language's edition: the kind's help, in its words)
        edition, menu = met[kind][0]
        assert menu.why == menu.words.phrases[f"help.{kind}"], (edition, menu.why)
        return
    edition, menu = english[0]
    assert WORDS[kind] in menu.why, (edition, menu.why)


def test_the_challenge_says_what_each_answer_costs():
    result = run_play("play", "classic", "--setup", setup_file("classic_challenge"), "--players", "you,greedy",
                      "--seed", "1", lines=[])
    out = flat(result.stdout)
    question = out.index("Bot 2 played Wild Draw Four against you. Challenge it?")
    why = out[question:out.index("n do not challenge")]
    assert "Bot 2 draws 4 cards" in why and "the next player draws 6 cards" in why
    assert "If they do not, the next player draws 4 cards" in why


def test_colour_roulette_says_the_next_player_draws_until_that_colour():
    result = run_play("play", "no-mercy", "--setup", setup_file("no_mercy_roulette"), "--players", "you,greedy",
                      "--seed", "1", lines=["g"])
    out = flat(result.stdout)
    assert ("Name the colour play continues with: Wild Color Roulette, played by Bot 2: The next player "
            "chooses the colour and draws cards until they draw a card of the colour in play") in out


def test_a_decision_of_no_card_says_its_help():
    edition = unodsl.load_edition("classic", rules=["@name-a-number"])
    match = unodsl.Match(edition, players=3, agents=[None] * 3, seed=2, ask_draws=True)
    while match.decision.kind != "value":
        match.answer(RandomAgent(random.Random(1)).choose(match.decision, match.round.view(match.decision.player)))
    assert reason(match.decision, match, ["A", "B", "C"]) == DECISIONS["value"].help


@pytest.mark.parametrize("command", ["?", "? 1", "why 1", "table", "log"])
def test_after_a_help_command_the_question_is_asked_again(command):
    result = run_play("play", "classic", "--setup", setup_file("classic_challenge"), "--players", "you,greedy",
                      "--seed", "1", lines=[command])
    after = result.stdout.split(f"> {command}\n", 1)[1]
    assert "Challenge it?" in after and "y challenge" in after and "(? for help)" in after


def test_a_turn_is_asked_again_after_log():
    result = run_play("play", "classic", "--setup", setup_file("classic_draw"), "--players", "you,greedy",
                      "--seed", "1", lines=["log"])
    after = result.stdout.split("> log\n", 1)[1]
    assert "Your turn: play 1, or d to draw." in flat(after)


def test_about_a_card_says_what_it_does():
    result = run_play("play", "classic", "--setup", setup_file("classic_wild"), "--players", "you,greedy",
                      "--seed", "1", lines=["? 3"])
    assert "Wild: Wild, 50 points. When played: Choose the colour. It goes on the top card now." \
        in flat(result.stdout)

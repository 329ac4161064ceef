"""Every kind of decision put to a person at the terminal, with bad input first.

Each case stacks a table (tests/terminal/setups/) so that the decision comes
up at once, types something wrong (the game must say why and ask again, never
crash or move on), then a right answer, and checks what the screen said.
Input that ends before the match does ends it cleanly with exit status 1.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from unodsl.engine import decisions

from unodsl import load_edition
from unodsl.words import words_for

from .conftest import flat, run_play, setup_file

MOVES = str(Path(__file__).parents[1] / "scenarios" / "moves" / "moves.yaml")

# (id, edition, setup, players, extra options, typed lines, expected in order on the screen)
CASES = [
    ("turn", "classic", "classic_draw", "you,greedy", [],
     ["9", "x", "2", "1"],
     ["Your turn: play 1, or d to draw.",
      "> 9", "There is no card 9: your hand has 3 cards.",
      "> x", "'x' is not one of the choices here (1 or d); ? for help.",
      "> 2", "Not allowed: green 3 goes only on green or on 3 (the colour in play is red).",
      "> 1", "You play red 4."]),
    ("play_drawn", "classic", "classic_draw", "you,greedy", [],
     ["d", "1", "keep it", "p"],
     ["> d", "You draw red 7.", "You drew red 7, which can be played. Play it now?",
      "> 1", "Only the card you drew, red 7, may be played now (p), or keep it (k).",
      "> keep it", "'keep it' is not one of the choices here (p or k)",
      "> p", "You play red 7."]),
    ("colour", "classic", "classic_wild", "you,greedy", [],
     ["3", "pink", "9", "g"],
     ["You play Wild.", "Name the colour play continues with:", "1 red", "4 blue",
      "> pink", "'pink' is not one of the choices here", "> 9", "There is no choice 9 here",
      "> g", "You name green."]),
    ("challenge", "classic", "classic_challenge", "you,greedy", [],
     ["maybe", "y"],
     ["Bot 2 plays Wild Draw Four, Bot 2 names blue.",
      "Bot 2 played Wild Draw Four against you. Challenge it?",
      "> maybe", "'maybe' is not one of the choices here (y or n)",
      "> y", "You challenge Bot 2: it was legal, Bot 2 shows you: blue 7, you draw"]),
    ("call_uno_and_catch", "classic", "classic_uno", "alice,bob,greedy", [],
     ["", "1", "3", "n", "", "x", "y", "d", ""],
     ["Pass the keyboard to Alice", "Alice, press Enter when you are ready",
      "Your hand (2 cards):", "> 1", "You are about to have one card left. Call UNO?",
      "> 3", "There is no choice 3 here (y or n).", "> n",
      "Pass the keyboard to Bob", "Alice plays red 4.",
      "Alice has one card left and did not call UNO. Catch them?",
      "> x", "'x' is not one of the choices here (y or n)", "> y",
      "Your turn: nothing in your hand can be played now: d to draw.", "> d",
      "Pass the keyboard to Alice", "Bob catches you without UNO, you draw"]),
    ("jump_in", "classic", "classic_jump", "you,greedy,greedy", ["--rule", "@jump-in"],
     ["red 4", "zz", "1", "y"],
     ["> red 4", "You play red 4.", "Bot 2 plays yellow 4.",
      "yellow 4 was just played. Jump in with an identical card, out of turn?", "1 yellow 4",
      "p let play go on", "> zz", "'zz' is not one of the choices here (1 or p)",
      "> 1", "You jump in out of turn, and Bot 3 loses that turn.", "Call UNO?", "> y",
      "you play yellow 4"]),
    ("jump_in_numbered_as_the_hand", "classic", "classic_jump_late", "you,greedy,greedy", ["--rule", "@jump-in"],
     ["3", "1", "3"],
     ["> 3", "You play blue 2.", "Bot 2 plays blue 9.", "Your hand (3 cards):",
      "1 red 3", "2 yellow 3", "3 blue 9",
      "blue 9 was just played. Jump in with an identical card, out of turn?", "3 blue 9", "p let play go on",
      "> 1", "red 3 (card 1) is not one of the choices here.",
      "> 3", "You jump in out of turn, and Bot 3 loses that turn, you play blue 9."]),
    ("uno_call", "classic", "classic_uno_any_time", "alice,bob,greedy", ["--rule", "@uno-any-time"],
     ["", "1", "n", "", "x", "uno"],
     ["Your hand (2 cards):", "> 1", "Call UNO?", "> n", "Pass the keyboard to Bob",
      "Alice has one card and did not call UNO. Call UNO on someone?",
      "2 UNO! (on yourself: Bob (3 cards))", "1 catch Alice (1 card)", "p say nothing",
      "> x", "'x' is not one of the choices here (2, 3, 1 or p)", "> uno",
      "You call UNO falsely, you draw", "Bot 3 catches Alice without UNO, Alice draws 2 cards."]),
    ("uno_call_strict", "classic", "classic_uno_strict", "alice,bob,greedy", ["--rule", "@uno-any-time-strict"],
     ["", "1", "", "uno", ""],
     ["Your hand (3 cards):", "> 1", "Pass the keyboard to Bob",
      "No one is left to catch. Call UNO on someone (a call on a player holding more than one card costs "
      "you 2 cards)?", "2 UNO! (on yourself: Bob (3 cards))", "1 catch Alice (2 cards)", "p say nothing",
      "> uno", "Bob calls UNO falsely, Bob draws 2 cards.", "1 UNO! (on yourself: Alice (2 cards))"]),
    ("player", "harry-potter-fr", "fr_howler", "you,greedy,greedy", [],
     ["3", "vert", "1", "bot 3"],
     ["Vous jouez Beuglante.", "Vous annoncez vert.", "Choisissez un joueur :",
      "2 Bot 2 (3 cartes)", "3 Bot 3 (4 cartes)", "> 1", "Il n'y a pas de choix 1 ici (2 ou 3).",
      "> bot 3", "Vous choisissez Bot 3, Bot 3 vous montre : 1 jaune, 2 jaune, 3 vert et 4 bleu."]),
    ("pick", MOVES, "moves_gift", "you,greedy", [],
     ["2", "9", "wild draw four"],
     ["You play red Gift.", "Pick a card of your hand to move:", "1 red 3", "3 Wild Draw Four",
      "> 9", "There is no choice 9 here (1, 2 or 3).",
      "> wild draw four", "You move Wild Draw Four from your hand to Bot 2's hand."]),
    ("react", "harry-potter-fr", "fr_react", "you,greedy,greedy", [],
     ["zz", "1", "2", "y", "rouge"],
     ["Bot 2 joue Beuglante, Bot 2 annonce vert, Bot 2 vous choisit.",
      "Bot 2 a joué Beuglante contre vous. Jouer une carte hors tour pour l'annuler ?",
      "2 Invisibilité", "p laisser faire",
      "> zz", "« zz » n'est pas l'un des choix ici (2 ou p)",
      "> 1", "4 rouge (carte 1) ne fait pas partie des choix ici.",
      "> 2", "Crier UNO ?", "> y",
      "Vous criez UNO !, vous jouez Invisibilité hors tour contre Beuglante.",
      "Annoncez la couleur", "> rouge", "Vous annoncez rouge."]),
    ("stack", "classic", "classic_stack", "you,greedy", ["--set", "stacking=true"],
     ["zz", "3"],
     ["Bot 2 plays red Draw Two.", "2 cards to draw come your way. Pass them on with a card?",
      "3 blue Draw Two", "t take the 2 cards",
      "> zz", "'zz' is not one of the choices here (3 or t)",
      "> 3", "You pass it on with blue Draw Two: 4 cards to draw, Bot 2 draws 4 cards"]),
    ("top_card", "harry-potter", "hp_voldemort", "you,greedy", [],
     ["5", "y", "9", "green 9"],
     ["You play Voldemort.", "Call UNO?", "> y", "You call UNO!",
      "These cards go on the discard pile. Which one goes on top?",
      "1 red 2", "2 green 9", "3 blue 6", "> 9", "There is no choice 9 here (1, 2 or 3).",
      "> green 9", "You discard red 2, you discard blue 6, you discard green 9."]),
    ("give", "green-lantern", "gl_power_ring", "you,greedy,greedy", [],
     ["4", "red", "1", "2", "bot 3"],
     ["You play Power Ring.", "You name red.", "Give yellow 3 to whom?",
      "> 1", "There is no choice 1 here (2 or 3).", "> 2", "You give yellow 3 to Bot 2.",
      "Give yellow 5 to whom?", "> bot 3", "You give yellow 5 to Bot 3."]),
    ("discard_and_table_card", "veto", "veto_discard", "you,greedy",
     ["--rule", "me discards to 1"],
     ["5", "1", "y", "9", "1", "1", "1"],
     ["You play Wild Customizable.", "u2 use VETO on Bot 2", "> 1", "You name purple.",
      "> y", "You call UNO!", "Discard which card?", "> 9",
      "There is no choice 9 here (1, 2, 3, 4 or u2).", "> 1", "You discard purple 3.",
      "You discard green 1.", "You discard orange 5."]),
    ("yes_no", "veto", "veto_written", "you,greedy", ["--rule", "@08-tell-a-joke"],
     ["maybe", "n"],
     ["Bot 2 plays Wild Customizable", "Did you laugh at the joke?", "y yes", "n no",
      "> maybe", "'maybe' is not one of the choices here (y, n or u2)", "> n",
      "Bot 2 draws 4 cards."]),
    ("pile", "triple-play", "triple_pile", "you,greedy", [],
     ["1", "9", "middle", "right"],
     ["Left pile: red 3", "Right pile: green 7", "> 1", "Play red 7 on which pile?", "1 left pile (red 3)",
      "2 right pile (green 7)", "> 9", "There is no choice 9 here (1 or 2).",
      "> middle", "'middle' is not one of the choices here (1 or 2)",
      "> right", "You turn to the right pile, you play red 7"]),
    ("question", "veto", "veto_written", "you,greedy", ["--rule", "@09-straight-elbows"],
     ["2", "1"],
     ["Keep your elbows straight until someone says UNO!", "1 I will",
      "> 2", "There is no choice 2 here (1 or u2).", "> 1", "You answer \"I will\"."]),
    ("write_rule", "veto", "veto_blank", "you,greedy,greedy", [],
     ["u2", "3", "1", "next draws", "if nobody:", "  next draws 2", "", "1"],
     ["> u2", "You use VETO on Bot 2.", "> 3", "You play Wild Customizable.", "> 1",
      "Write a house rule on Wild Customizable: a suggestion's number, b to leave it",
      "1 next draws until colour == top.colour",
      "3 if not (next holds playable): / next draws 3", "b leave the card blank",
      "> next draws", "That rule does not work: line 1, column 11:",
      "> if nobody:", ".. ", "That rule does not work: line 1, column 4:",
      "> 1", "You write on Wild Customizable: next draws until colour == top.colour, Bot 2 "
      "draws 9 cards, Bot 2 misses a turn", "more moves: type log to see them)"]),
]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_decision_at_the_terminal(case):
    _, edition, setup, players, extra, lines, expected = case
    result = run_play("play", edition, "--setup", setup_file(setup), "--players", players,
                      "--seed", "1", *extra, lines=lines)
    out = flat(result.stdout)  # wrapped lines joined: the words matter, not where lines break
    position = 0
    for text in expected:
        found = out.find(flat(text), position)
        assert found >= 0, f"{text!r} not found after position {position} in:\n{result.stdout}"
        position = found + len(flat(text))
    assert words_for(load_edition(edition)).say("session.end_of_input") in out  # (in its language)
    assert result.exit_code == 1


def test_every_decision_kind_is_put_to_a_person():
    """The cases above (with the whole matches of test_play.py) cover every kind."""
    covered = {"turn", "play_drawn", "colour", "challenge", "call_uno", "catch", "player", "react",
               "stack", "top_card", "give", "discard", "pick", "yes_no", "question", "write_rule",
               "jump_in", "uno_call", "pile", "value"}
    assert covered == set(decisions.KINDS)


def test_a_rule_of_several_lines_is_written_at_the_table():
    result = run_play("play", "veto", "--setup", setup_file("veto_blank"), "--players", "you,greedy,greedy",
                      "--seed", "1", lines=["3", "2", "if next holds playable:", "  next draws 2", ""])
    assert ".. " in result.stdout
    assert "You write on Wild Customizable: if next holds playable: / next draws 2," in flat(result.stdout)


def test_calling_uno_with_the_card():
    """`1 uno` plays card 1 and calls UNO: the question is not asked."""
    result = run_play("play", "classic", "--setup", setup_file("classic_uno"), "--players",
                      "you,greedy,greedy", "--seed", "1", lines=["1 uno"])
    assert "Call UNO?" not in result.stdout
    assert "You call UNO!, you play red 4." in result.stdout


@pytest.mark.parametrize("typed, said", [
    ("uno", "Say uno with the card you play, such as `3 uno`."),
    ("d uno", "Say uno with the card you play, such as `3 uno`."),
    ("why 2", "Card 2 cannot be played now: blue 2 goes only on blue or on 2 (the colour in play is red)."),
    ("why 1", "red 4 can be played now: type 1."),
    ("why 7", "why takes the number of a card in your hand (1 to 2), such as why 2."),
    ("? 1", "red 4: Number, 4 points."),
    ("help", "Play a card that goes on the top card"),
    ("?", "Also: ? or help (this help), ? N (about card N), why N"),
    ("table", "Top card: red 5 Colour in play: red"),
    ("log", "Round 1: the table is laid out."),
    ("", "Type one of the choices (? for help)."),
    # numbers Python cannot read: a digit that is no decimal one, more than 4,300 digits
    ("²", "'²' is not one of the choices here (1 or d); ? for help."),
    ("why ²", "why takes the number of a card in your hand (1 to 2), such as why 2."),
    pytest.param("9" * 5000, "is not one of the choices here (1 or d); ? for help.", id="5000 digits"),
    pytest.param("why " + "9" * 5000, "why takes the number of a card in your hand (1 to 2), such as why 2.",
                 id="why 5000 digits"),
    pytest.param("? " + "9" * 5000, "? N tells about card N of your hand (1 to 2).", id="? 5000 digits"),
])
def test_help_and_questions_never_answer(typed, said):
    result = run_play("play", "classic", "--setup", setup_file("classic_uno"), "--players",
                      "you,greedy,greedy", "--seed", "1", lines=[typed])
    assert said in flat(result.stdout)
    assert "You play" not in result.stdout  # the decision is still waiting
    assert result.exit_code == 1

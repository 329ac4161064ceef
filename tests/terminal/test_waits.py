"""A turn waits for the person (issue 27): a draw with nothing to play is their key
press, the cards they draw are told, nothing of their own turn is folded away, and
bots' moves are told at a pace a person can follow."""
from __future__ import annotations

import io

from unodsl.terminal.console import Console
from unodsl.terminal.save import PlaySettings
from unodsl.terminal.session import NARRATION_LINES, Session, _folded
from unodsl.words import words_for

from .conftest import flat, run_play, setup_file


def test_with_nothing_to_play_the_person_presses_d_and_is_told_the_card():
    result = run_play("play", "classic", "--setup", setup_file("classic_nothing"), "--players", "you,greedy",
                      "--seed", "1", lines=["1", "d"])
    out = flat(result.stdout)
    asked = out.index("Your turn: nothing in your hand can be played now: d to draw.")
    assert "> 1" in out[asked:]  # (a card is no answer: the draw is the only one)
    assert out.index("> d") < out.index("You draw yellow 9.") < out.index("Bot 2 plays green 5.")
    assert "Bot 2 plays" not in out[:asked]  # the bot waited for the key
    assert result.exit_code == 1  # then the input ended, at the next question


def test_the_draw_is_not_taken_when_the_input_ends():
    result = run_play("play", "classic", "--setup", setup_file("classic_nothing"), "--players", "you,greedy",
                      "--seed", "1", lines=[])
    assert "You draw" not in result.stdout and "Bot 2 plays" not in result.stdout


def test_only_others_moves_are_folded():
    mine = [("You play red 4.", True)]
    bots = [(f"Bot 2 plays blue {n}.", False) for n in range(NARRATION_LINES + 3)]
    drawn = [("Bot 3 plays Draw Two, you draw red 1 and red 2.", True)]
    told = _folded([*mine, *bots, *drawn, *bots[:2]], words_for(None))
    assert len(told) == NARRATION_LINES
    assert told[0] == mine[0] and drawn[0] in told  # what concerns the player stays
    assert told[1][0] == f"({15 + 1 - NARRATION_LINES} more moves: type log to see them)"
    assert told[-1] == bots[1]  # the latest moves of others stay
    short = [*mine, *bots[:NARRATION_LINES - 1]]
    assert _folded(short, words_for(None)) == short


def test_bots_moves_are_paced_and_the_persons_are_not(tmp_path):
    waits = []
    out = io.StringIO()
    settings = PlaySettings(edition="classic", players="you,greedy,greedy", seed=4)
    stdin = io.StringIO("d\n" * 3)  # (the first card, or a draw, each turn)
    game = Session(settings, Console(stdin, out, False), pace=0.25, sleep=waits.append)
    game.run()
    bot_lines = [line for line in out.getvalue().splitlines() if line.startswith(("Bot ", "Round "))]
    assert "You draw" in out.getvalue() and waits and set(waits) == {0.25}
    assert len(waits) == len(bot_lines)


def test_no_pace_into_a_pipe():
    game = Session(PlaySettings(edition="classic", players="you,greedy"), Console(io.StringIO(), io.StringIO(), False))
    assert game.pace == 0

"""End to end: the full-screen table (unodsl.terminal.board) in a real terminal (tmux).

A whole round of classic and of Flip is typed key by key, as test_tmux.py types the
line mode's, and each screen is checked against the match replayed beside it through
the Python API: the top card, the colour in play, every hand's size, whose turn it is,
the question. After `? N` and `log` the question is still on the screen, and the end of
the match leaves the board: the scrollback holds the final scores, not the board.
"""
from __future__ import annotations

import json
import time

import pytest

import unodsl
from unodsl.terminal.board.frame import BACK, MOST_BACKS, TURN_MARK
from unodsl.terminal.prompt import build_menu, parse
from unodsl.terminal.save import encode
from unodsl.terminal.seats import parse_players
from unodsl.terminal.style import Style

from .conftest import flat, typed_script
from .test_tmux import tmux  # noqa: F401  (the fixture)

pytest.importorskip("prompt_toolkit")

PLAYERS = "you,greedy,greedy"
BOARD = {"UNODSL_PLAIN": "0"}  # (the harness asks for the line mode by default)
WAIT = 40.0  # seconds a screen may take (a loaded machine: the first one imports prompt_toolkit)


def shown(tmux) -> str:
    """The screen as it is now (no history: the board is drawn on the alternate screen), without
    the spaces ending its lines (the input line leaves a varying number)."""
    return _bare(tmux.screen(history=False))


def _bare(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.rstrip().splitlines())


def next_screen(tmux, before: str, what: str) -> str:
    """The screen once the board has drawn the next question (it changes only then), or
    the end of the match."""
    return tmux.wait(lambda text: "[exit " in text or (_bare(text) != before and _settled(tmux, text)),
                     what, timeout=WAIT)


def _settled(tmux, text: str) -> bool:
    time.sleep(0.1)  # (the board draws in one go; a second look tells a half-drawn screen)
    return shown(tmux) == _bare(text) and _bare(text).endswith(">")


def backs(size: int) -> str:
    return BACK * min(size, MOST_BACKS) + ("+" if size > MOST_BACKS else "") + f" {size}"


def check_board(text: str, match, names: list[str]) -> None:
    """The screen shows what the person at seat 0 sees of the match now."""
    decision = match.decision
    view = match.round.view(decision.player)
    assert decision.player == 0
    assert f"turn {view.turns}" in text
    if view.discard_piles:
        for name, cards, colour in view.discard_piles:
            assert f"{name.capitalize()} pile: {cards[-1].label() if cards else 'none'}" in text
    else:
        assert f"Top card: [ {view.top.label()} ]" in text
        assert f"Colour: {view.colour or 'none'}" in text
    assert f"Draw pile: {view.draw_size}" in text
    for player in range(1, view.n):
        assert f"{names[player]} [greedy]" in text
        assert backs(view.hand_sizes[player]) in text, (names[player], view.hand_sizes[player])
    assert f"Your hand: {len(view.hand)} card" in text
    if view.turn == 0:
        assert f"{TURN_MARK} Your turn." in text
    else:  # the seat whose turn it is, marked across the top
        assert f"{TURN_MARK} {names[match.active[view.turn]]}" in text


def play_round(tmux, edition: str, seed: int, asides: dict) -> str:
    """Type a whole one-round match of `edition`; at answer i, first type each line of
    `asides[i]` (help commands) and check the question is still on the screen after it."""
    script = typed_script(edition, PLAYERS, seed, target=1)
    assert script.match.finished and len(script.match.results) == 1
    seats = parse_players(PLAYERS)
    names = [seat.name for seat in seats]
    replay = unodsl.Match(unodsl.load_edition(edition), players=3, agents=[s.agent for s in seats],
                          seed=seed, target=1, ask_draws=True)
    tmux.start([edition, "--players", PLAYERS, "--seed", str(seed), "--target", "1"], BOARD)
    text = _bare(tmux.wait(lambda text: _settled(tmux, text) and "Your hand" in text, "the board",
                               timeout=WAIT))
    for number, line in enumerate(script.lines):
        check_board(text, replay, names)
        question = _question(text)
        for aside in asides.get(number, ()):
            tmux.type(aside)
            text = _bare(next_screen(tmux, text, f"the reply to {aside!r}"))
            assert _question(text) == question, f"after {aside!r} the question is gone:\n{text}"
            check_board(text, replay, names)
        tmux.type(line)
        replay.answer(parse(build_menu(replay.decision, replay, names, Style(False)), line).value)
        if not replay.finished:
            text = _bare(next_screen(tmux, text, f"the question after answer {number + 1} ({line!r})"))
    assert replay.finished
    return tmux.wait(lambda text: "[exit " in text, "the end of the match", timeout=WAIT)


def _question(text: str) -> str:
    """The lines between the last rule and the input line: the question and its options."""
    lines = text.rstrip().splitlines()
    last_rule = max(i for i, line in enumerate(lines) if line.startswith("─" * 10))
    return "\n".join(lines[last_rule + 1:-1])


def check_clean_end(tmux, text: str) -> None:
    """The board is gone: the scrollback holds the match's end, as the line mode prints it."""
    assert "[exit 0]" in text
    assert "Match over:" in text and "Last moves" not in text and "Your hand" not in text


def test_a_round_of_classic_on_the_board(tmux):
    text = play_round(tmux, "classic", 4, {0: ["? 1", "log"], 3: ["why 2", "?"]})
    check_clean_end(tmux, text)


def test_a_round_of_flip_on_the_board(tmux):
    text = play_round(tmux, "flip", 2, {1: ["? 2"], 5: ["log"]})
    check_clean_end(tmux, text)


def test_f1_ctrl_c_and_the_save_on_the_board(tmux):
    script = typed_script("classic", PLAYERS, 7, target=1)
    tmux.start(["classic", "--players", PLAYERS, "--seed", "7", "--target", "1", "--save", "match.json"],
               BOARD)
    text = _bare(tmux.wait(lambda text: _settled(tmux, text) and "Your hand" in text, "the board",
                               timeout=WAIT))
    question = _question(text)
    tmux.tmux("send-keys", "-t", "play", "F1")
    text = _bare(next_screen(tmux, text, "the help"))
    assert "Help (Esc closes it)" in text and "Type the card's number" in text
    assert _question(text) == question
    tmux.type(script.lines[0])  # an answer: written to the save at once
    text = _bare(next_screen(tmux, text, "the second question"))
    saved = json.loads((tmux.folder / "match.json").read_text())["answers"]
    assert saved == [encode(script.answers[0])]
    tmux.tmux("send-keys", "-t", "play", "C-c")
    text = _bare(next_screen(tmux, text, "the question after Ctrl-C"))
    assert text.endswith("Quit the match? (y/n) >")
    tmux.type("n")
    text = _bare(next_screen(tmux, text, "the question again"))
    assert _question(text).startswith(("Your turn", "You are about", "Name the colour"))
    tmux.tmux("send-keys", "-t", "play", "C-c")
    next_screen(tmux, text, "the question after Ctrl-C again")
    tmux.type("y")
    end = tmux.wait(lambda text: "[exit " in text, "the end")
    assert "[exit 0]" in end and "You quit the match. The match is saved in match.json" in flat(end)
    assert "Your hand" not in end  # the board is gone from the scrollback

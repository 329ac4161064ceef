"""The full-screen table's frames and its bridge to the Session, without a terminal
(test_board_tmux.py drives the real screen): what each panel shows, the replies handed
to the Session, and when the board is used at all.
"""
from __future__ import annotations

import io
import json
import random
import re

import pytest

from unodsl.agents.greedy import GreedyAgent
from unodsl.engine.decisions import DRAW
from unodsl.resources import data_dir
from unodsl.terminal import board
from unodsl.terminal.board.bridge import END_OF_INPUT, INTERRUPT, BoardConsole
from unodsl.terminal.board.frame import BACK, PLAYABLE, TURN_MARK, draw
from unodsl.terminal.console import Console
from unodsl.terminal.prompt import build_menu
from unodsl.terminal.save import PlaySettings, encode
from unodsl.terminal.session import Session
from unodsl.terminal.style import Style, strip

from .conftest import run_play, typed_script


def session_at(edition: str, seed: int, players: str = "you,greedy,greedy", colour: bool = False, **more):
    console = Console(io.StringIO(), io.StringIO(), colour)
    return Session(PlaySettings(edition=edition, players=players, seed=seed, **more), console)


def plain(lines: list[str]) -> str:
    return "\n".join(strip(line) for line in lines)


def test_the_board_shows_the_table_the_hand_and_the_question():
    session = session_at("classic", 7)
    match = session.match
    decision = match.decision
    view = match.round.view(decision.player)
    frame = draw(session, "> ", [], True)
    middle = plain(frame.middle)
    assert f"Top card: [ {view.top.label()} ]" in middle and f"Colour: {view.colour}" in middle
    assert f"Draw pile: {view.draw_size}" in middle and f"Discard pile: {len(view.discard)}" in middle
    seats = plain(frame.seats)
    for player in (1, 2):  # the others, with their backs and sizes; the person is not among them
        size = view.hand_sizes[player]
        assert f"Bot {player + 1} [greedy]" in seats and f"{BACK * size} {size}" in seats
    assert "You" not in seats
    hand = plain(frame.hand)
    playable = [o for o in decision.options if o is not DRAW]
    assert hand.count(PLAYABLE) == len(playable) > 0  # exactly the cards that may be played
    for card in view.hand:
        assert card.label() in hand
        mark = PLAYABLE if any(card is o for o in playable) else " "
        assert re.search(rf"{mark}\s*\d+ {re.escape(card.label())}", hand)
    assert frame.hand_title.startswith(f"{TURN_MARK} Your turn. Your hand: {len(view.hand)} cards")
    assert frame.question == build_menu(decision, match, session.names, session.style).lines()
    assert "Bot 2 plays" in plain(frame.moves) or "Round 1" in plain(frame.moves)


def test_every_card_of_the_hand_keeps_its_colour():
    session = session_at("classic", 7, colour=True)
    frame = draw(session, "> ", [], True)
    style = Style(True, session.edition.colours, session.edition.display_colours)
    for card in session.match.round.view(0).hand:  # (none dimmed: playable or not)
        assert style.card(card) in "".join(frame.hand)
    assert "\x1b[2m" not in "".join(frame.hand)


def test_flip_shows_the_side_up_and_the_colours_of_the_backs_everyone_sees():
    session = session_at("flip", 2, colour=True)
    view = session.match.round.view(0)
    frame = draw(session, "> ", [], True)
    assert f"{view.side_name.capitalize()} side up" in plain(frame.middle)
    style = Style(True, session.edition.colours, session.edition.display_colours)
    for player in (1, 2):
        backs = "".join(style.colour(BACK, card.colour) for card in list(view.backs[player])[:10])
        assert backs in "".join(frame.seats)


def test_an_edition_with_several_discard_piles_shows_each():
    session = session_at("triple-play", 1)
    view = session.match.round.view(session.match.decision.player)
    middle = plain(draw(session, "> ", [], True).middle)
    assert len(view.discard_piles) == 3
    for name, cards, _ in view.discard_piles:
        assert f"{name.capitalize()} pile: {cards[-1].label()}" in middle


def test_the_seat_whose_turn_it_is_is_marked():
    session = session_at("classic", 7, players="you,alice,greedy")  # hot seat: between questions
    frame = draw(session, "Press Enter > ", [], False)  # no one's hand, everyone across the top
    turn = session.match.round.view(None).turn
    marked = [line for line in frame.seats if TURN_MARK in line]
    assert len(marked) == 1 and marked[0].count(TURN_MARK) == 1
    name = session.names[turn]
    assert f"{TURN_MARK} {name}" in marked[0] and not frame.hand
    assert "You" in plain(frame.seats) and "Alice" in plain(frame.seats)


def test_the_bridge_hands_replies_to_the_session_and_keeps_what_it_says():
    session = session_at("classic", 7)
    console = BoardConsole(session, False)
    console.write("the line mode's table")
    console.replies.put("log")
    assert console.read("> ") == "log"
    assert console.current().info == []  # a new question: the board shows the table itself
    assert console.current().question
    console.write("")
    console.write("Not allowed: that card does not go.")
    console.replies.put("3")
    assert console.read("> ") == "3"
    assert console.current().info == ["Not allowed: that card does not go."]  # the same question
    console.replies.put(INTERRUPT)
    with pytest.raises(KeyboardInterrupt):
        console.read("> ")
    console.replies.put(END_OF_INPUT)
    with pytest.raises(EOFError):
        console.read("Quit the match? (y/n) > ")
    assert console.current().prompt == "Quit the match? (y/n) > " and not console.current().question


def test_a_whole_match_through_the_bridge_is_the_line_modes_match(tmp_path):
    script = typed_script("classic", "you,greedy,greedy", 7, target=150)
    save = tmp_path / "match.json"
    session = session_at("classic", 7, target=150, save=str(save))
    console = BoardConsole(session, False)
    for line in script.lines:
        console.replies.put(line)
    session.console = console
    assert session.run() == 0
    assert json.loads(save.read_text())["answers"] == [encode(a) for a in script.answers]
    assert any("Match over:" in line for line in console.take())  # printed after the screen


def test_the_board_is_used_only_at_a_terminal():
    piped = Console(io.StringIO(), io.StringIO(), False)
    assert not board.at_a_terminal(piped)


def test_without_prompt_toolkit_the_line_mode_says_how_to_get_the_board(monkeypatch):
    monkeypatch.setattr(board, "at_a_terminal", lambda console: True)
    monkeypatch.setattr(board, "installed", lambda: False)
    script = typed_script("classic", "you,greedy,greedy", 7, target=1)
    args = ["play", "classic", "--players", "you,greedy,greedy", "--seed", "7", "--target", "1"]
    result = run_play(*args, lines=script.lines)
    assert result.exit_code == 0 and "pip install 'unodsl[screen]'" in result.stdout
    assert "Match over:" in result.stdout
    quiet = run_play(*args, "--plain", lines=script.lines)
    assert quiet.exit_code == 0 and "unodsl[screen]" not in quiet.stdout


SHIPPED = sorted(path.stem for path in (data_dir("editions")).glob("*.yaml"))


@pytest.mark.parametrize("edition", SHIPPED)
def test_every_shipped_edition_draws_its_board_at_every_question(edition):
    """Validates => runs, for the board: every shipped edition's questions (piles, sides, no
    colours, teams) each drawn whole, for the first 40 answers of a match."""
    session = session_at(edition, 11, players="you,greedy,greedy,greedy")
    match = session.match
    agent = GreedyAgent(random.Random(0))
    for _ in range(40):
        if match.finished:
            break
        frame = draw(session, "> ", [], True)
        assert frame.seats and frame.middle and frame.question, edition
        assert frame.hand or not match.round.view(match.decision.player).hand, edition
        decision = match.decision
        match.answer(agent.choose(decision, match.round.view(decision.player)))
    assert len(match.answers) >= 10 or match.finished

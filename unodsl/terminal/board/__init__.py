"""The full-screen table: `unodsl play` at a terminal, with prompt_toolkit.

The board stays put: the other players across the top, the top card, the colour in
play, the direction and the piles in the middle, the last moves told fully, your hand
along the bottom (playable cards marked) and the question with its input line. It is a
view over the Session (session.py), which plays the match exactly as in the line mode,
in a thread of its own, reading the person's replies from the board (bridge.py).

Used when standard input and output are a terminal and prompt_toolkit is installed
(`pip install 'unodsl[screen]'`); `--plain`, pipes and `TERM=dumb` keep the line mode.
"""
from __future__ import annotations

import asyncio
import os
import sys
import threading

INSTALL = ("The full-screen table needs prompt_toolkit: pip install 'unodsl[screen]'. "
           "Playing in the line mode (--plain says so and hides this note).")


def installed() -> bool:
    try:
        import prompt_toolkit  # noqa: F401
    except ImportError:
        return False
    return True


def at_a_terminal(console) -> bool:
    """The board may take over the screen: the session reads and writes the process's own
    terminal, and the terminal can draw a screen."""
    return (console.interactive and console.stdin is sys.stdin and console.stdout is sys.stdout
            and os.environ.get("TERM", "") not in ("", "dumb"))


def run_on_board(session) -> int:
    """Play the session on the full-screen table; returns its exit status.

    The screen runs in a thread of its own: the Session stays in the thread that made its
    match (the engine's greenlets do not cross threads). What the Session writes after the
    last question (the end of the match, a quit's words) is printed once the screen is left,
    so the scrollback keeps it."""
    from .bridge import END_OF_INPUT, BoardConsole
    from .screen import BoardScreen

    real = session.console
    board = BoardConsole(session, real.colour)
    screen = BoardScreen(board)
    board.redraw = screen.app.invalidate
    running = threading.Event()
    loop: list = []

    def started() -> None:
        loop.append(asyncio.get_running_loop())
        running.set()

    def show() -> None:
        try:
            screen.app.run(pre_run=started, handle_sigint=False)
        finally:
            running.set()
            board.replies.put(END_OF_INPUT)  # (the screen failed: the Session stops, saved)

    thread = threading.Thread(target=show, name="unodsl-board", daemon=True)
    thread.start()
    running.wait()
    session.console = board
    try:
        status = session.run()
    finally:
        session.console = real
        if loop:
            loop[0].call_soon_threadsafe(_leave, screen.app)
        thread.join()
    for line in board.take():
        real.write(line)
    return status


def _leave(app) -> None:
    if app.is_running and not app.future.done():
        app.exit()

"""The terminal's lines in and out: the console a session writes to and reads from,
a line read from a player (Ctrl-C asks whether to quit), and how a session ends.

Apart from the session (session.py, the game loop) because it knows nothing of the
game: only streams, whether they are a terminal, and the keys that stop.
"""
from __future__ import annotations

import shutil
import sys

from ..words import words_for
from .style import use_colour


class EndSession(Exception):
    """The session ends here, with this exit status and message (a quit, the input's end)."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


class Console:
    """Lines out, lines in. At a terminal input() gives line editing; otherwise the
    answers read are echoed after the prompt, so the output reads like a session."""

    def __init__(self, stdin, stdout, colour: bool):
        self.stdin = stdin
        self.stdout = stdout
        self.interactive = _isatty(stdin) and _isatty(stdout)
        self.colour = colour  # escape codes allowed (also to clear the screen)
        self.words = words_for(None)  # what it says, in the edition's language (set by the session)

    def write(self, line: str = "") -> None:
        self.stdout.write(line + "\n")
        self.stdout.flush()

    def read(self, prompt: str) -> str:
        """A line of input (EOFError at the end, KeyboardInterrupt on Ctrl-C)."""
        if self.interactive and self.stdin is sys.stdin and self.stdout is sys.stdout:
            return input(prompt)
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.stdout.write("\n")
            raise EOFError
        if not self.interactive:
            self.stdout.write(line if line.endswith("\n") else line + "\n")
        return line.rstrip("\r\n")

    def clear(self) -> None:
        """A clean screen, so that the last player's hand is out of sight."""
        if self.interactive and self.colour:
            self.stdout.write("\x1b[H\x1b[2J")
        elif self.interactive:
            self.stdout.write("\n" * shutil.get_terminal_size((80, 24)).lines)
        else:
            self.write()
        self.stdout.flush()


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, OSError, ValueError):
        return False


def open_console(stdin, stdout, no_color: bool) -> Console:
    stdin = stdin if stdin is not None else sys.stdin
    stdout = stdout if stdout is not None else sys.stdout
    console = Console(stdin, stdout, use_colour(stdout, no_color))
    if console.interactive and stdin is sys.stdin:
        try:
            import readline  # noqa: F401  (line editing for input())
        except ImportError:  # pragma: no cover - not on every platform
            pass
    return console


def read_line(console: Console, prompt: str) -> str:
    """A line from the player; Ctrl-C asks whether to quit, end of input ends."""
    try:
        return console.read(prompt)
    except EOFError:
        raise EndSession(1, console.words.say("session.end_of_input")) from None
    except KeyboardInterrupt:
        console.write()
        try:
            text = console.read(console.words.say("session.really_quit")).strip().lower()
        except (KeyboardInterrupt, EOFError):
            console.write()
            raise EndSession(130, console.words.say("session.stopped")) from None
        if text in ("y", "yes", "quit", console.words.say("prompt.word.yes")):
            raise EndSession(0, console.words.say("session.quit"))
        return read_line(console, prompt)

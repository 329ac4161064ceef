"""The Session's console on the full-screen table: lines written are kept for the board,
a line read waits for what the person types on the screen.

The Session plays the match in a thread of its own and reads and writes as it does at
a line terminal (console.py); the screen, in the main thread, shows each Frame the
bridge draws at a read and hands back the reply typed. So the Session keeps the match,
the save and the answers exactly as in the line mode: the board only shows and types.
"""
from __future__ import annotations

import queue
import threading

from .frame import Frame, draw

END_OF_INPUT = object()  # Ctrl-D on an empty line
INTERRUPT = object()  # Ctrl-C


class BoardConsole:
    """Console (console.py) for a Session played on the board."""

    interactive = True  # a person at a keyboard: nothing typed is echoed, the screen shows it

    def __init__(self, session, colour: bool, redraw=lambda: None):
        self.session = session
        self.colour = colour
        self.words = session.words  # what read_line says (Ctrl-C, end of input), in the edition's language
        self.redraw = redraw  # called (from the Session's thread) when a new frame is ready
        self.messages: list[str] = []  # written since the last reply
        self.frame = Frame(title=session.words.say("board.dealing"), words=session.words)
        self.replies: queue.Queue = queue.Queue()
        self.asked: tuple | None = None  # (answers given, decision) at the last read
        self.lock = threading.Lock()

    def write(self, line: str = "") -> None:
        self.messages.append(line)

    def clear(self) -> None:
        self.messages = []

    def read(self, prompt: str) -> str:
        """The next line typed on the board (EOFError for Ctrl-D, KeyboardInterrupt for Ctrl-C)."""
        match = self.session.match
        asked = (len(match.answers), id(match.decision))
        fresh = prompt.strip() == ">" and asked != self.asked
        self.asked = asked
        frame = draw(self.session, prompt, self.messages, fresh)
        with self.lock:
            self.frame = frame
        self.messages = []
        self.redraw()
        reply = self.replies.get()
        if reply is END_OF_INPUT:
            raise EOFError
        if reply is INTERRUPT:
            raise KeyboardInterrupt
        return reply

    def current(self) -> Frame:
        with self.lock:
            return self.frame

    def take(self) -> list[str]:
        """What was written since the last read (the end of the match, after the board closes)."""
        lines, self.messages = self.messages, []
        return lines

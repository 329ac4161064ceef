"""The full-screen application (prompt_toolkit): the board's panels, the input line, the keys.

It draws the latest Frame of the BoardConsole (bridge.py) and sends each typed line
to the Session's thread; it never touches the match. Keys: Enter answers, F1 shows the
question's help (Esc closes it), PageUp/PageDown scroll the moves, Ctrl-C asks whether
to quit (as the line mode does), Ctrl-D on an empty line ends the input.
"""
from __future__ import annotations

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.data_structures import Point
from prompt_toolkit.formatted_text import ANSI
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.layout import HSplit, Layout, VSplit, Window
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.styles import Style as ScreenStyle

from .bridge import END_OF_INPUT, INTERRUPT

SCROLL_STEP = 5
WIDTH = 80  # (the board is laid out for 80 columns, as the line mode's lines are)


class BoardScreen:
    def __init__(self, console):
        self.console = console
        self.helping = False  # F1: the question's help in place of the moves
        self.closed = None  # the frame whose info panel Esc closed
        self.scrolled = 0  # lines the middle panel is scrolled up from its newest line
        self.shown: list[str] = []  # the lines of the middle panel as last drawn
        self.buffer = Buffer(multiline=False, accept_handler=self._accept)
        self.app = Application(layout=Layout(self._layout(), focused_element=self.buffer),
                               key_bindings=self._keys(), full_screen=True, mouse_support=False,
                               style=ScreenStyle.from_dict({"title": "reverse", "rule": "bold"}))

    # ---- layout

    def _layout(self):
        frame = self.console.current
        return HSplit([
            Window(FormattedTextControl(self._title), height=1, style="class:title"),
            _panel(lambda: frame().seats),
            self._rule(lambda: ""),
            _panel(lambda: frame().middle),
            self._rule(self._middle_title),
            Window(FormattedTextControl(self._middle_text, get_cursor_position=self._middle_cursor),
                   wrap_lines=True, always_hide_cursor=True),
            self._rule(lambda: frame().hand_title),
            _panel(lambda: frame().hand),
            self._rule(lambda: ""),
            _panel(lambda: frame().question),
            VSplit([Window(FormattedTextControl(lambda: frame().prompt), dont_extend_width=True),
                    Window(BufferControl(self.buffer))], height=1),
        ])

    def _title(self):
        frame = self.console.current()
        text, all_keys = f" {frame.title}", frame.words.say("board.title_keys")
        keys = all_keys if len(text) + len(all_keys) + 3 <= WIDTH else all_keys.split(" · ")[0]
        return [("", text.ljust(WIDTH - len(keys) - 1) + keys + " ")]

    def _rule(self, title):
        def line():
            words = title()
            return ANSI(f"── {words} ".ljust(WIDTH, "─") if words else "─" * WIDTH)
        return Window(FormattedTextControl(line), height=1, style="class:rule")

    def _middle(self) -> tuple[str, list[str]]:
        """What the middle panel shows: the help (F1), what the last reply brought, or the moves."""
        frame = self.console.current()
        say = frame.words.say
        if self.helping:
            return say("board.help_title"), frame.help
        if frame.info and self.closed is not frame:
            return (frame.info_title or say("board.said_title")), frame.info
        return say("board.moves_title"), frame.moves

    def _middle_title(self) -> str:
        return self._middle()[0]

    def _middle_text(self):
        # (one line per text line, so that the cursor below counts the lines shown)
        lines = [part for line in self._middle()[1] for part in line.split("\n")]
        if lines != self.shown:
            self.shown, self.scrolled = lines, 0
        return ANSI("\n".join(lines))

    def _middle_cursor(self) -> Point:
        """The line kept in sight: the newest, or as far up as the person scrolled."""
        last = max(0, len(self.shown) - 1)
        return Point(0, max(0, last - self.scrolled))

    # ---- keys

    def _keys(self) -> KeyBindings:
        keys = KeyBindings()

        @keys.add("f1")
        def _(event):
            self.helping = not self.helping

        @keys.add("escape", eager=True)
        def _(event):
            self.helping = False
            self.closed = self.console.current()

        @keys.add("pageup")
        def _(event):
            self.scrolled = min(self.scrolled + SCROLL_STEP, max(0, len(self.shown) - 1))

        @keys.add("pagedown")
        def _(event):
            self.scrolled = max(0, self.scrolled - SCROLL_STEP)

        @keys.add("c-c")
        def _(event):
            self.buffer.reset()
            self.console.replies.put(INTERRUPT)

        @keys.add("c-d")
        def _(event):
            if not self.buffer.text:
                self.console.replies.put(END_OF_INPUT)
            else:
                self.buffer.delete()

        return keys

    def _accept(self, buffer: Buffer) -> bool:
        self.helping = False
        self.console.replies.put(buffer.text)
        return False  # (the line is emptied)


def _panel(lines) -> Window:
    """A panel as tall as its lines."""
    return Window(FormattedTextControl(lambda: ANSI("\n".join(lines()))), dont_extend_height=True,
                  wrap_lines=True)

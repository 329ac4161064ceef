"""Colours on the terminal: card colours as ANSI colours, or plain text.

Colour is on only when standard output is a terminal, `NO_COLOR` is not set
(https://no-color.org: any non-empty value) and `--no-color` was not given.
An edition maps its colours to terminal colours with `display_colours:`
(`purple: magenta`); colours it does not map are guessed from their names,
then given the remaining terminal colours in order.
"""
from __future__ import annotations

import os
import re

CODES = {
    "black": 30, "red": 31, "green": 32, "yellow": 33, "blue": 34, "magenta": 35, "cyan": 36,
    "white": 37, "bright_black": 90, "bright_red": 91, "bright_green": 92, "bright_yellow": 93,
    "bright_blue": 94, "bright_magenta": 95, "bright_cyan": 96, "bright_white": 97,
}
# Common colour words of editions that do not say how to show them.
GUESSES = {
    "purple": "magenta", "violet": "magenta", "pink": "bright_magenta", "orange": "bright_red",
    "rouge": "red", "jaune": "yellow", "vert": "green", "bleu": "blue", "rot": "red",
    "gelb": "yellow", "grün": "green", "blau": "blue", "rojo": "red", "amarillo": "yellow",
    "verde": "green", "azul": "blue", "grey": "bright_black", "gray": "bright_black",
}
SPARE = ("red", "yellow", "green", "blue", "magenta", "cyan", "bright_red", "bright_green",
         "bright_blue", "bright_magenta", "bright_cyan", "white")
UNDERLINE = 4  # (the playable cards of a hand: the others keep their colour, not dimmed)
ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


def use_colour(stream, no_color: bool = False, environ=None) -> bool:
    """Should output to `stream` be coloured?"""
    environ = os.environ if environ is None else environ
    if no_color or environ.get("NO_COLOR"):
        return False
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty and isatty())
    except (OSError, ValueError):
        return False


def terminal_colours(colours, display: dict | None = None) -> dict[str, str]:
    """Each edition colour's terminal colour name."""
    display = dict(display or {})
    chosen: dict[str, str] = {}
    for colour in colours:
        name = display.get(colour) or (colour.lower() if colour.lower() in CODES else None)
        chosen[colour] = name or GUESSES.get(colour.lower(), "")
    spare = [c for c in SPARE if c not in chosen.values()]
    for colour, name in chosen.items():
        if not name:
            chosen[colour] = spare.pop(0) if spare else "white"
    return chosen


def visible_len(text: str) -> int:
    """Length on screen (escape codes take no room)."""
    return len(ANSI.sub("", text))


def strip(text: str) -> str:
    return ANSI.sub("", text)


class Style:
    """Paints text; with `enabled` false every method returns the text unchanged."""

    def __init__(self, enabled: bool, colours=(), display: dict | None = None, words=None):
        self.enabled = enabled
        self.colours = terminal_colours(colours, display)
        self.words = words  # the edition's words (unodsl.words), which name cards and colours

    def name(self, card) -> str:
        """A card's name in the edition's words, without colour: `red 7` (`7 rouge`)."""
        return self.words.card(card) if self.words is not None else card.label()

    def colour_name(self, colour: str) -> str:
        """An edition colour as the players read it (its own name unless the edition words it)."""
        return self.words.colour(colour) if self.words is not None else colour

    def _sgr(self, text: str, *codes: int) -> str:
        if not self.enabled or not codes:
            return text
        return f"\x1b[{';'.join(map(str, codes))}m{text}\x1b[0m"

    def bold(self, text: str) -> str:
        return self._sgr(text, 1)

    def dim(self, text: str) -> str:
        return self._sgr(text, 2)

    def colour(self, text: str, colour: str | None) -> str:
        """`text` in the terminal colour of an edition colour (bold for none: a Wild)."""
        return self._sgr(text, *self._codes(colour))

    def card(self, card, dim: bool = False, mark: bool = False) -> str:
        """A card in its colour; `mark`: underlined too (a card that can be played now)."""
        text = self.name(card)
        if dim:
            return self.dim(text)
        if mark:
            return self._sgr(text, *self._codes(card.colour), UNDERLINE)
        return self.colour(text, card.colour)

    def _codes(self, colour: str | None) -> tuple:
        if colour is None:
            return (1,)
        code = CODES.get(self.colours.get(colour, ""))
        return (1, code) if code else ()

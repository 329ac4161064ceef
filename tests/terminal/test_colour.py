"""Colours: on at a terminal only, off with NO_COLOR or --no-color; 80 columns either way."""
from __future__ import annotations

import io

import pytest

from unodsl.terminal.save import PlaySettings
from unodsl.terminal.console import Console
from unodsl.terminal.session import Session
from unodsl.terminal.style import Style, terminal_colours, use_colour, visible_len

from .conftest import run_play, setup_file, typed_script


class Terminal(io.StringIO):
    def isatty(self):
        return True


@pytest.mark.parametrize("stream, no_color, environ, expected", [
    (Terminal(), False, {}, True),
    (Terminal(), False, {"NO_COLOR": "1"}, False),
    (Terminal(), False, {"NO_COLOR": ""}, True),  # no-color.org: set and not empty
    (Terminal(), True, {}, False),
    (io.StringIO(), False, {}, False),
    (object(), False, {}, False),
])
def test_when_colours_are_used(stream, no_color, environ, expected):
    assert use_colour(stream, no_color, environ) is expected


def test_edition_display_colours_and_guesses():
    assert terminal_colours(["purple", "green", "orange", "yellow"],
                            {"purple": "magenta", "green": "green", "orange": "bright_red",
                             "yellow": "yellow"}) == {"purple": "magenta", "green": "green",
                                                      "orange": "bright_red", "yellow": "yellow"}
    assert terminal_colours(["rouge", "jaune", "vert", "bleu"]) == {
        "rouge": "red", "jaune": "yellow", "vert": "green", "bleu": "blue"}
    made_up = terminal_colours(["red", "sky", "sea"])
    assert made_up["red"] == "red" and len(set(made_up.values())) == 3


def test_cards_are_painted_in_their_colour():
    style = Style(True, ["purple", "orange"], {"purple": "magenta"})
    assert style.colour("purple", "purple") == "\x1b[1;35mpurple\x1b[0m"
    assert style.colour("orange", "orange") == "\x1b[1;91morange\x1b[0m"
    assert style.colour("Wild", None) == "\x1b[1mWild\x1b[0m"
    assert Style(False, ["purple"]).colour("purple", "purple") == "purple"


def test_a_coloured_screen_still_fits_80_columns():
    script = typed_script("veto", "you,greedy,greedy", 3, target=50)
    out = io.StringIO()
    settings = PlaySettings(edition="veto", players="you,greedy,greedy", seed=3, target=50)
    lines = io.StringIO("".join(f"{line}\n" for line in script.lines))
    assert Session(settings, Console(lines, out, colour=True)).run() == 0
    text = out.getvalue()
    assert "\x1b[1;35m" in text  # purple cards in magenta, as the edition says
    assert max(visible_len(line) for line in text.splitlines()) <= 80


@pytest.mark.parametrize("args, env", [
    (["--no-color"], {}),
    ([], {"NO_COLOR": "1"}),
    ([], {}),  # not a terminal
])
def test_no_escape_codes_without_colour(args, env):
    result = run_play("play", "veto", "--setup", setup_file("veto_blank"), "--players",
                      "you,greedy,greedy", "--seed", "1", *args, lines=["3", "1", "b", "quit"],
                      env=env)
    assert "\x1b" not in result.stdout
    assert "You play Wild Customizable." in result.stdout

"""The hand on a turn marks the cards that can be played (underlined) and every card
keeps its colour; the end-of-round table names its column for what it holds."""
from __future__ import annotations

import io

from unodsl.terminal.console import Console
from unodsl.terminal.save import PlaySettings
from unodsl.terminal.session import Session

from .conftest import flat, run_play, setup_file, typed_script


def test_playable_cards_are_underlined_and_the_others_keep_their_colour():
    out = io.StringIO()
    settings = PlaySettings(edition="classic", players="you,greedy", seed=1,
                            setup={"hands": [["red 4", "blue 2", "green 3"], ["blue 7", "green 8", "yellow 3"]],
                                   "discard": ["red 5"]})
    Session(settings, Console(io.StringIO("quit\n"), out, colour=True)).run()
    text = out.getvalue()
    assert "\x1b[1;31;4mred 4\x1b[0m" in text  # (it goes on red 5)
    assert "\x1b[1;34mblue 2\x1b[0m" in text and "\x1b[1;32mgreen 3\x1b[0m" in text
    assert "\x1b[2m" not in text  # nothing dimmed to grey


def test_the_round_table_says_the_points_left_in_hand():
    script = typed_script("classic", "you,greedy", 5, target=50)
    result = run_play("play", "classic", "--players", "you,greedy", "--seed", "5", "--target", "50",
                      lines=script.lines)
    assert "Player Points in hand Scored Total" in flat(result.stdout)

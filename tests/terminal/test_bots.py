"""The stronger bot at the table says how long it thought; hot seat hides the last
player's hand (the screen is cleared at each hand-over)."""
from __future__ import annotations

import io
import re

from unodsl.agents import MctsAgent
from unodsl.terminal.clock import ThinkingClock, timed_agents
from unodsl.terminal.console import Console
from unodsl.terminal.save import PlaySettings
from unodsl.terminal.session import Session

from .conftest import run_play, typed_script

CLEAR = "\x1b[H\x1b[2J"


def test_a_clock_counts_the_time_an_agent_chose():
    class Agent:
        def choose(self, decision, view):
            return "answer"

    agent = Agent()
    ticks = iter([1.0, 1.5, 2.0, 2.25])
    clock = ThinkingClock(agent, timer=lambda: next(ticks))
    assert agent.choose(None, None) == "answer" and agent.choose(None, None) == "answer"
    assert clock.told() == 0.75
    assert clock.told() is None  # nothing chosen since


def test_only_the_searching_bots_are_timed_and_play_as_the_match_makes_them():
    agents, clocks = timed_agents(["greedy", "mcts:iterations=5", None], "7")
    assert list(clocks) == [1] and agents[0] == "greedy" and agents[2] is None
    assert isinstance(agents[1], MctsAgent)


def test_the_mcts_seat_says_how_long_it_thought():
    script = typed_script("classic", "you,mcts:iterations=10", 5, target=60, limit=3)
    result = run_play("play", "classic", "--players", "you,mcts:iterations=10", "--seed", "5",
                      "--target", "60", lines=script.lines)
    assert re.search(r"^Bot 2 \(mcts\) thought \d+\.\d s\.$", result.stdout, re.MULTILINE)
    # the same game the match plays with the agent it makes itself: every answer typed fits
    assert "Not allowed" not in result.stdout and "not one of the choices" not in result.stdout


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_hot_seat_clears_the_screen_around_each_hand_over():
    script = typed_script("classic", "alice,bob", 2, target=60, limit=6)
    out = Terminal()
    settings = PlaySettings(edition="classic", players="alice,bob", seed=2, target=60)
    stdin = Terminal("".join(f"{line}\n" for line in script.lines))
    Session(settings, Console(stdin, out, colour=True), pace=0).run()
    text = out.getvalue()
    handovers = [m.start() for m in re.finditer("=== Pass the keyboard to ", text)]
    assert len(handovers) >= 3
    for at in handovers:  # the last hand is out of sight before the hand-over is shown
        assert text[:at].endswith(CLEAR + "\x1b[1m")
    ready = [m.end() for m in re.finditer(r"\(others, look away\) > \n", text)]
    for at in ready[:-1]:  # and the screen is clean again before the next hand is shown
        assert text[at:].startswith(CLEAR)

"""Helpers for the terminal player's tests: running `unodsl play` on scripted input,
and scripts that play a whole match the way a bot would, typed as a person types.

`typed_script` plays a match through the Python API (seats without a bot are
answered from outside by a policy: a GreedyAgent), and writes down for each
answer the key the terminal menu shows for it, plus the Enter presses the game
asks for between rounds and at hand-overs. Fed to `unodsl play` with the same
arguments, those lines must replay the same match: the terminal adds nothing to
the game but its screen.
"""
from __future__ import annotations

import os
import random
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner

import unodsl
from unodsl.agents import GreedyAgent
from unodsl.cli import main
from unodsl.terminal.prompt import build_menu
from unodsl.terminal.seats import parse_players
from unodsl.engine.setup import Setup
from unodsl.terminal.match_settings import read_setup
from unodsl.terminal.style import Style

HERE = Path(__file__).parent
SETUPS = HERE / "setups"
GOLDEN = HERE / "golden"


def run_play(*args: str, lines: list[str] | str = (), env: dict | None = None):
    """`unodsl ARGS` with `lines` as standard input; stderr kept apart."""
    text = lines if isinstance(lines, str) else "".join(line + "\n" for line in lines)
    try:  # click < 8.2 mixes stderr into stdout unless told not to
        runner = CliRunner(mix_stderr=False)
    except TypeError:
        runner = CliRunner()
    environment = {"NO_COLOR": None, "COLUMNS": "80"}
    environment.update(env or {})
    result = runner.invoke(main, list(args), input=text, env=environment, catch_exceptions=False)
    assert "Traceback" not in result.stdout + result.stderr
    return result


def flat(text: str) -> str:
    """Text with every run of white space (line breaks of wrapping too) as one space."""
    return " ".join(text.split())


def setup_file(name: str) -> str:
    return str(SETUPS / f"{name}.yaml")


@dataclass
class Script:
    lines: list[str] = field(default_factory=list)  # what the people type
    answers: list = field(default_factory=list)  # what the match was answered
    kinds: list[str] = field(default_factory=list)  # the kind of each decision asked
    match: object = None
    stopped_at: int | None = None


def typed_script(edition: str, players: str, seed, rules=(), target=None, setup: str | None = None,
                 limit: int | None = None, policy=None, ask_draws: bool = True) -> Script:
    """Play the match through the API and write down what a person would type.

    `limit`: stop after that many answers (the rest of the match is not played).
    `ask_draws`: a person presses d even when nothing else goes (False: as unodsl did
    before, when such a draw was taken for them; a save of version 2).
    """
    loaded = unodsl.load_edition(edition, rules=list(rules))
    seats = parse_players(players)
    match = unodsl.Match(loaded, players=len(seats), agents=[s.agent for s in seats], seed=seed,
                         target=target, setup=Setup(**read_setup(setup)) if setup else None,
                         ask_draws=ask_draws)
    names = [s.name for s in seats]
    humans = [i for i, s in enumerate(seats) if s.human]
    agents = {seat: (policy or GreedyAgent)(random.Random(f"test:{seat}")) for seat in humans}
    script = Script(match=match)
    holder = None
    rounds = 0
    while not match.finished and (limit is None or len(match.answers) < limit):
        decision = match.decision
        seat = match.active[decision.player]
        if len(humans) > 1 and seat != holder:
            script.lines.append("")  # Enter at the hand-over screen
            holder = seat
        option = agents[seat].choose(decision, match.round.view(decision.player))
        key = build_menu(decision, match, names, Style(False)).key_for(option)
        assert key is not None, (decision, option)
        script.lines.append(key)
        script.answers.append(option)
        script.kinds.append(decision.kind)
        match.answer(option)
        while len(match.results) > rounds:
            rounds += 1
            if not (match.finished and rounds == len(match.results)):
                script.lines.append("")  # Enter to deal the next round
    return script


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def update_golden() -> bool:
    return bool(os.environ.get("UNODSL_UPDATE_GOLDEN"))

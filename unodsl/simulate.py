"""Many bot-played matches of an edition, summed up.

`simulate()` plays the matches and returns a `Simulation`; `format_text()`
and `format_json()` render it. The CLI (`unodsl simulate`) only calls these.
Everything but the speed is a function of the arguments, so two runs with
the same arguments print the same report apart from the speed figure.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field

from .agents import AGENTS
from .edition.loader import load_edition
from .edition.model import Edition
from .engine.match import Match
from .errors import UnoError


@dataclass
class Simulation:
    edition: str  # the edition's id
    name: str  # the edition's full name
    players: int
    games: int
    seed: str
    agents: list[str]  # one per seat
    wins: list[int]  # matches won, per seat
    points: list[int]  # final match scores added up, per seat
    unfinished: int = 0  # matches stopped at the round limit without a winner
    rounds: int = 0
    abandoned: int = 0  # rounds stopped at the turn limit without a winner
    turns: int = 0  # turns summed over every round
    seconds: float = field(default=0.0, compare=False)

    @property
    def mean_turns(self) -> float:
        return self.turns / self.rounds if self.rounds else 0.0

    @property
    def speed(self) -> float:
        """Rounds per second of wall-clock time."""
        return self.rounds / self.seconds if self.seconds > 0 else 0.0


def parse_agents(agents: str | list[str], players: int) -> list[str]:
    """One agent name per seat from "greedy" (every seat) or "random,greedy,..." (one each)."""
    names = [a.strip() for a in agents.split(",")] if isinstance(agents, str) else list(agents)
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise UnoError(f"{len(names)} agents given for {players} players; "
                       "give one name for every seat, or one per seat separated by commas")
    for name in names:
        if name not in AGENTS:
            raise UnoError(f"unknown agent {name!r}; known agents: {', '.join(AGENTS)}")
    return names


def simulate(edition: Edition | str, players: int = 4, games: int = 100, seed: str | int = 1,
             agents: str | list[str] = "random", rules: list[str] | None = None,
             log=None) -> Simulation:
    """Play `games` matches, match i with seed "{seed}:{i}", and add up what happened.

    `edition` is an Edition, or a name or path for `load_edition` (with `rules`).
    With a `log` stream, every event of every match is written to it as a JSON
    line carrying the match's number (`"game": i`).
    """
    if isinstance(edition, str):
        edition = load_edition(edition, rules=rules)
    elif rules:
        raise UnoError("extra rules are given to load_edition, not to an Edition already loaded")
    if games < 1:
        raise UnoError(f"games must be at least 1, not {games}")
    seats = parse_agents(agents, players)
    sim = Simulation(edition=edition.id, name=edition.name, players=players, games=games,
                     seed=str(seed), agents=seats, wins=[0] * players, points=[0] * players)
    start = time.perf_counter()
    for i in range(games):
        match = Match(edition, players=players, agents=seats, seed=f"{seed}:{i}", record=log is not None)
        result = match.play()
        if log is not None:
            match.write_log(log, game=i)
        if result.winner is None:
            sim.unfinished += 1
        else:
            sim.wins[result.winner] += 1
        for seat, score in enumerate(result.scores):
            sim.points[seat] += score
        sim.rounds += len(result.rounds)
        sim.abandoned += sum(1 for r in result.rounds if r.winner is None)
        sim.turns += sum(r.turns for r in result.rounds)
    sim.seconds = time.perf_counter() - start
    return sim


def format_text(sim: Simulation, timing: bool = True) -> str:
    """A small aligned table; the speed, which varies from run to run, is the last line."""
    rows = [("seat", "agent", "wins", "win%", "points")]
    for seat in range(sim.players):
        rows.append((str(seat), sim.agents[seat], str(sim.wins[seat]),
                     f"{100 * sim.wins[seat] / sim.games:.1f}", str(sim.points[seat])))
    widths = [max(len(row[col]) for row in rows) for col in range(len(rows[0]))]
    lines = [f"{sim.name} ({sim.edition}): {sim.games} games, {sim.players} players, seed {sim.seed}", ""]
    for row in rows:
        cells = [row[0].rjust(widths[0]), row[1].ljust(widths[1])]
        cells += [cell.rjust(width) for cell, width in zip(row[2:], widths[2:])]
        lines.append("  ".join(cells).rstrip())
    lines.append("")
    if sim.unfinished:
        lines.append(f"unfinished matches: {sim.unfinished}")
    lines.append(f"rounds: {sim.rounds} ({sim.abandoned} abandoned at the turn limit)")
    lines.append(f"mean turns per round: {sim.mean_turns:.1f}")
    if timing:
        lines.append(f"speed: {sim.speed:.0f} rounds/s")
    return "\n".join(lines)


def as_dict(sim: Simulation, timing: bool = True) -> dict:
    data = {
        "edition": sim.edition, "players": sim.players, "games": sim.games, "seed": sim.seed,
        "agents": sim.agents, "wins": sim.wins, "unfinished": sim.unfinished, "points": sim.points,
        "rounds": sim.rounds, "abandoned_rounds": sim.abandoned, "turns": sim.turns,
        "mean_turns": round(sim.mean_turns, 3),
    }
    if timing:
        data["speed"] = round(sim.speed, 1)
    return data


def format_json(sim: Simulation, timing: bool = True) -> str:
    return json.dumps(as_dict(sim, timing))

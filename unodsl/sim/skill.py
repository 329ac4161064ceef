"""Skill headroom: how much a better player wins in an edition, rung by rung of a ladder.

The ladder is random → greedy → mcts@B → mcts@2B → mcts@4B (B: iterations a decision,
`mcts:iterations=B`). Each step plays the upper rung against the one below, in
single-round games, seated alternately (U, L, U, L with 4 players) and in every distinct
rotation of that pattern, so each agent sits in every seat equally often; game j of every
rotation is dealt with the same seed, "SEED:STEP:j" (the same deals with the seats
swapped), and each step has its own seeds.

A step's figure is the **gap**: the share of the rounds won by the upper rung's seats less
their fair share (the seats they hold / players), in points; its interval is Wilson's for
the share, moved by the fair share. The edition's **headroom** is the sum of the steps'
gaps: what all the skill of the ladder buys, climbed a step at a time. It is chosen over
the top rung's rate against random because it needs no further (and the dearest) run, and
it says where the skill lies; its interval adds the steps' standard errors in quadrature
(the delta method for a sum: the steps play different games, so they are independent).
The difference of two editions' headrooms (`compare_ladders`) is measured the same way,
the two ladders taken as independent samples.

`ladder()` returns plain data (`SkillLadder.as_dict()`) for reports.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field, replace

from ..errors import UnoError
from .parallel import Side, run_games
from .simulate import make_side
from .stats import Z, Interval, wilson

DEFAULT_BUDGET = 25  # mcts iterations a decision at the ladder's first mcts rung
DEFAULT_GAMES = 200  # single-round games a step


def rungs(budget: int = DEFAULT_BUDGET) -> list[str]:
    """The agents of the ladder, weakest first."""
    return ["random", "greedy"] + [f"mcts:iterations={budget * m}" for m in (1, 2, 4)]


def rotations(players: int) -> list[tuple[bool, ...]]:
    """The distinct rotations of the alternating seating (True: the upper rung's seat)."""
    pattern = tuple(seat % 2 == 0 for seat in range(players))
    found: list[tuple[bool, ...]] = []
    for shift in range(players):
        turned = pattern[shift:] + pattern[:shift]
        if turned not in found:
            found.append(turned)
    return found


@dataclass
class SkillStep:
    lower: str
    upper: str
    players: int
    upper_seats: int  # seats the upper rung holds in each game
    rounds: int = 0  # rounds won by someone
    upper_wins: int = 0
    abandoned: int = 0
    seconds: float = 0.0

    @property
    def fair(self) -> float:
        return self.upper_seats / self.players

    def share(self) -> Interval:
        """The share of the rounds the upper rung's seats won (Wilson's interval)."""
        return wilson(self.upper_wins, self.rounds)

    def gap(self) -> Interval:
        share = self.share()
        return Interval(share.value - self.fair, share.low - self.fair, share.high - self.fair)

    def variance(self) -> float:
        """The binomial variance of the share (of the gap): for the headroom's interval."""
        p = self.share().value
        return p * (1 - p) / self.rounds if self.rounds else 0.25

    def as_dict(self) -> dict:
        return {"lower": self.lower, "upper": self.upper, "rounds": self.rounds, "upper_wins": self.upper_wins,
                "abandoned": self.abandoned, "upper_seats": self.upper_seats, "fair_share": round(self.fair, 6),
                "share": self.share().as_list(), "gap": self.gap().as_list(), "seconds": round(self.seconds, 1)}


@dataclass
class SkillLadder:
    label: str
    players: int
    games: int  # games a step (a multiple of the rotations)
    budget: int
    seed: str
    steps: list[SkillStep] = field(default_factory=list)

    def headroom(self) -> Interval:
        """The sum of the steps' gaps, with a normal interval (the steps' errors in quadrature)."""
        total = sum(step.gap().value for step in self.steps)
        half = Z * math.sqrt(self.variance())
        return Interval(total, total - half, total + half)

    def variance(self) -> float:
        return sum(step.variance() for step in self.steps)

    @property
    def seconds(self) -> float:
        return sum(step.seconds for step in self.steps)

    def as_dict(self) -> dict:
        return {"edition": self.label, "players": self.players, "games_per_step": self.games,
                "budget": self.budget, "seed": self.seed, "rungs": rungs(self.budget),
                "steps": [step.as_dict() for step in self.steps], "headroom": self.headroom().as_list(),
                "headroom_is": "the sum of the steps' gaps (share of rounds won above the fair share)",
                "interval": "95%: Wilson for a step's share, normal (errors in quadrature) for the headroom"}


def play_step(edition, lower: str, upper: str, players: int, games: int, seed: str, rules=None,
              settings=None, workers: int = 1, backend: str = "processes", progress=None) -> SkillStep:
    """`upper` against `lower`, `games` single-round games split over the seatings' rotations."""
    seatings = rotations(players)
    per = max(1, math.ceil(games / len(seatings)))
    sides = tuple(replace(make_side(edition, players, seed, [upper if mine else lower for mine in seating],
                                    rules, settings), max_rounds=1)
                  for seating in seatings)
    step = SkillStep(lower, upper, players, upper_seats=sum(seatings[0]))
    start = time.perf_counter()
    for tallies in run_games(sides, per, workers, backend, progress):
        for seating, tally in zip(seatings, tallies):
            winner = tally.round_winners[0] if tally.round_winners else None
            if winner is None:
                step.abandoned += 1
                continue
            step.rounds += 1
            step.upper_wins += seating[winner]
    step.seconds = time.perf_counter() - start
    return step


def ladder(edition, players: int = 4, games: int = DEFAULT_GAMES, budget: int = DEFAULT_BUDGET,
           seed: str | int = 1, rules=None, settings=None, workers: int = 1, backend: str = "processes",
           progress=None, label: str | None = None) -> SkillLadder:
    """Climb the ladder in `edition` (a name or path, or an Edition with no rules or settings)."""
    if games < 1:
        raise UnoError(f"games must be at least 1, not {games}")
    if budget < 1:
        raise UnoError(f"the mcts budget must be at least 1 iteration, not {budget}")
    if players < 2:
        raise UnoError("the skill ladder needs at least 2 players")
    names = rungs(budget)
    per = max(1, math.ceil(games / len(rotations(players))))
    result = SkillLadder(label or _label(edition, rules, settings), players, per * len(rotations(players)),
                         budget, str(seed))
    for number, (lower, upper) in enumerate(zip(names, names[1:])):
        result.steps.append(play_step(edition, lower, upper, players, games, f"{seed}:{number}", rules, settings,
                                      workers, backend, progress))
    return result


@dataclass
class LadderComparison:
    a: SkillLadder
    b: SkillLadder

    def difference(self) -> Interval:
        """B's headroom less A's, the two ladders independent (normal interval)."""
        d = self.b.headroom().value - self.a.headroom().value
        half = Z * math.sqrt(self.a.variance() + self.b.variance())
        return Interval(d, d - half, d + half)

    def as_dict(self) -> dict:
        return {"a": self.a.as_dict(), "b": self.b.as_dict(), "difference": self.difference().as_list(),
                "difference_is": "B's headroom - A's; 95% normal interval, the ladders independent"}


def _label(edition, rules, settings) -> str:
    """The ladder's edition as compare names a side (unodsl.sim.compare.describe_side)."""
    from .compare import describe_side

    name = edition if isinstance(edition, str) else getattr(edition, "id", "?")
    return describe_side(Side(name, tuple(rules or ()), tuple((settings or {}).items())))


# ---- text --------------------------------------------------------------------------

def _points(x: float) -> str:
    return f"{100 * x:+.1f}"


def ladder_lines(result: SkillLadder) -> list[str]:
    lines = [f"skill ladder of {result.label}: {result.players} players, {result.games} single-round games a step, "
             f"mcts budget {result.budget}, seed {result.seed}",
             "gap: the share of the rounds won by the upper rung's seats less their fair share, in points"]
    rows = [("upper", "vs lower", "rounds", "share%", "fair%", "gap", "95% CI", "seconds")]
    for step in result.steps:
        share, gap = step.share(), step.gap()
        rows.append((step.upper, step.lower, str(step.rounds), f"{100 * share.value:.1f}",
                     f"{100 * step.fair:.1f}", _points(gap.value), f"{_points(gap.low)} … {_points(gap.high)}",
                     f"{step.seconds:.0f}"))
    widths = [max(len(row[col]) for row in rows) for col in range(len(rows[0]))]
    for row in rows:
        lines.append("  ".join(cell.ljust(w) if i < 2 else cell.rjust(w)
                               for i, (cell, w) in enumerate(zip(row, widths))).rstrip())
    headroom = result.headroom()
    lines.append(f"headroom (the sum of the gaps): {_points(headroom.value)} points "
                 f"(95% CI {_points(headroom.low)} … {_points(headroom.high)})")
    abandoned = sum(step.abandoned for step in result.steps)
    if abandoned:
        lines.append(f"rounds abandoned without a winner (left out): {abandoned}")
    return lines


def format_text(result: SkillLadder | LadderComparison) -> str:
    if isinstance(result, SkillLadder):
        return "\n".join(ladder_lines(result))
    d = result.difference()
    lines = ["A: " + result.a.label, *ladder_lines(result.a), "", "B: " + result.b.label, *ladder_lines(result.b), "",
             f"change in headroom, B - A: {_points(d.value)} points (95% CI {_points(d.low)} … {_points(d.high)}; "
             "normal, the two ladders independent)"]
    return "\n".join(lines)

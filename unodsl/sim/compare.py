"""Two editions (or one, with and without house rules) played on the same seeds, side by side.

`compare()` plays game i of A and game i of B with the same seed "SEED:i"
(the same first shuffle: the pairs are alike, and their differences vary
less than those of independent games), sums each side up as `simulate` does,
and measures every figure's change on the pairs (unodsl.sim.stats.PairedRatio):
B against A, with a 95% interval and a p-value.
"""
from __future__ import annotations

import csv
import io
import json
import re
import time
from dataclasses import dataclass, field

from ..errors import UnoError
from ..limits import MAX_TURNS
from .parallel import Side, load_side, run_games
from .report import as_dict, num, table
from .simulate import Simulation
from .stats import Interval, PairedRatio
from .tally import GameTally

SIGNIFICANT = 0.05


@dataclass
class Metric:
    key: str  # for tools: "turns_per_round", "plays_per_round:skip", "round_win_rate:0"
    label: str  # for people
    relative: bool  # an amount (turns, cards played): its change in %; else a rate: in points
    pairs: PairedRatio = field(default_factory=PairedRatio)
    offset: float = 0.0  # taken from each side's value as shown (an edge: a rate minus the fair share)

    def sides(self) -> tuple[float, float]:
        """A's and B's values as shown (the change B - A is the same with or without the offset)."""
        return self.pairs.a - self.offset, self.pairs.b - self.offset

    def change(self) -> tuple[Interval, float]:
        """The change (relative, or a difference) with its interval, and its p-value."""
        if self.relative:
            found = self.pairs.relative()
            if found is not None:
                return found
        return self.pairs.difference()

    def is_relative(self) -> bool:
        return self.relative and self.pairs.relative() is not None


@dataclass
class Comparison:
    a: Simulation
    b: Simulation
    label_a: str
    label_b: str
    metrics: list[Metric]
    identical: bool = False  # the same edition, rules, settings, agents and seed: the same games
    seconds: float = field(default=0.0, compare=False)

    def metric(self, key: str) -> Metric:
        return next(m for m in self.metrics if m.key == key)


def _metrics(a: Simulation, b: Simulation, drama: bool = False) -> list[Metric]:
    metrics = [Metric("rounds_per_match", "rounds per match", True),
               Metric("turns_per_round", "turns per round", True),
               Metric("points_per_round", "points per round", True),
               Metric("abandoned_rounds", "rounds abandoned at the turn limit", False)]
    for seat in range(a.players):
        metrics.append(Metric(f"match_win_rate:{seat}", f"seat {seat}: match wins", False))
    for seat in range(a.players):
        metrics.append(Metric(f"round_win_rate:{seat}", f"seat {seat}: round wins", False))
    for place in range(a.players):  # who plays first, second, ... after the dealer, whichever seat it is
        metrics.append(Metric(f"place_round_win_rate:{place}",
                              f"place {place} after the dealer{' (the dealer)' if place == 0 else ''}: round wins",
                              False))
    if drama:
        metrics += [Metric("lead_changes", "drama: lead changes per round", True),
                    Metric("winner_deficit", "drama: the winner's largest deficit (cards)", True),
                    Metric("decisive", "drama: plays after the last lead change", True),
                    Metric("one_card", "drama: rounds decided by one card", False)]
    if a.players > 1:
        metrics.append(Metric("first_seat_edge", "first seat's edge (its round wins - 1/players)", False,
                              offset=1 / a.players))
    names = {**b.kinds, **a.kinds}
    for kind in [*a.kinds, *(k for k in b.kinds if k not in a.kinds)]:
        metrics.append(Metric(f"plays_per_round:{kind}", f"{names[kind]}: played per round", True))
    for kind in [*a.special, *(k for k in b.special if k not in a.special)]:
        metrics.append(Metric(f"effect_runs_per_round:{kind}", f"{names[kind]}: effect runs per round", True))
    for label in [*a.rules, *(r for r in b.rules if r not in a.rules)]:
        metrics.append(Metric(f"rule_runs_per_round:{label}", f"{label}: runs per round", True))
    return metrics


_DRAMA = {"lead_changes": lambda game: sum(game.lead_changes), "winner_deficit": lambda game: sum(game.deficits),
          "decisive": lambda game: sum(game.decisive), "one_card": lambda game: game.one_card}


def game_figure(game: GameTally, key: str, players: int) -> tuple[float, float]:
    """(numerator, denominator) of the metric `key` in one game."""
    name, _, arg = key.partition(":")
    rounds = game.rounds
    if name == "rounds_per_match":
        return rounds, 1
    if name == "turns_per_round":
        return sum(game.turns), rounds
    if name == "points_per_round":
        return sum(game.points), rounds
    if name == "abandoned_rounds":
        return sum(1 for w in game.round_winners if w is None), rounds
    if name == "match_win_rate":
        return int(game.winner == int(arg)), 1
    if name == "round_win_rate":
        return game.round_wins(players)[int(arg)], rounds
    if name in _DRAMA:  # per round whose trajectory was followed (drama.py)
        return _DRAMA[name](game), len(game.lead_changes)
    if name == "place_round_win_rate":
        return game.order_wins[int(arg)], rounds
    if name == "first_seat_edge":  # the first player after the dealer (1/players, the same on both sides, is the offset)
        return (game.order_wins[1] if len(game.order_wins) > 1 else 0), rounds
    if name == "plays_per_round":
        return game.plays.get(arg, 0), rounds
    if name in ("effect_runs_per_round", "rule_runs_per_round"):
        return game.fires.get(arg, 0), rounds
    raise KeyError(key)


# A popular rule by its name (`@seven-zero`), not a file's path: said as written.
_POPULAR_RULE = re.compile(r"^@[a-z0-9][a-z0-9-]{0,40}$")


def describe_side(side: Side) -> str:
    """A short name for a side: `classic`, `classic + @seven-zero`, `classic + 1 rule` (a
    script or a file's rule), `classic with hand_size=5`."""
    words = [side.edition or getattr(side.loaded, "id", "?")]
    named = [rule for rule in side.rules if _POPULAR_RULE.match(rule)]
    if named:
        words.append("+ " + ", ".join(named))
    others = len(side.rules) - len(named)
    if others:
        words.append(f"+ {others} rule{'s' if others > 1 else ''}")
    if side.settings:
        words.append("with " + ", ".join(f"{k}={_as_typed(v)}" for k, v in side.settings))
    return " ".join(words)


def compare(side_a: Side, side_b: Side, games: int, workers: int = 1, backend: str = "processes",
            progress=None) -> Comparison:
    """Play games 0..games-1 of both sides (game i of each with its side's seed "SEED:i")."""
    if games < 2:
        raise UnoError(f"a comparison needs at least 2 games, not {games}")
    if side_a.players != side_b.players:
        raise UnoError("both sides of a comparison have the same number of players")
    loaded_a, loaded_b = load_side(side_a), load_side(side_b)
    a = Simulation.empty(loaded_a, side_a.players, games, side_a.seed, list(side_a.agents))
    b = Simulation.empty(loaded_b, side_b.players, games, side_b.seed, list(side_b.agents))
    label_a, label_b = describe_side(side_a), describe_side(side_b)
    if label_a == label_b and (side_a.agents, side_a.seed) != (side_b.agents, side_b.seed):
        label_a, label_b = f"{label_a} (A)", f"{label_b} (B)"
    metrics = _metrics(a, b, drama=side_a.drama or side_b.drama)
    comparison = Comparison(a, b, label_a, label_b, metrics, identical=side_a == side_b)
    players = side_a.players
    start = time.perf_counter()
    for game_a, game_b in run_games((side_a, side_b), games, workers, backend, progress):
        a.add(game_a)
        b.add(game_b)
        for metric in comparison.metrics:
            metric.pairs.add(*game_figure(game_a, metric.key, players), *game_figure(game_b, metric.key, players))
    comparison.seconds = a.seconds = b.seconds = time.perf_counter() - start
    return comparison


# ---- reports ----------------------------------------------------------------------

def _change_text(metric: Metric) -> str:
    change, _ = metric.change()
    if metric.is_relative():
        return f"{num(100 * change.value, True)}%"
    if metric.relative:  # an amount that is 0 on one side: the plain difference
        return num(change.value, True, 2)
    return f"{num(100 * change.value, True)} pts"


def _interval_text(metric: Metric) -> str:
    change, _ = metric.change()
    if metric.is_relative():
        return f"{num(100 * change.low, True)}% … {num(100 * change.high, True)}%"
    if metric.relative:
        return f"{num(change.low, True, 2)} … {num(change.high, True, 2)}"
    return f"{num(100 * change.low, True)} … {num(100 * change.high, True)}"


def _value_text(metric: Metric, value: float) -> str:
    if metric.offset:
        return f"{num(100 * value, True)} pts"
    return f"{value:.2f}" if metric.relative else f"{100 * value:.1f}%"


def headlines(comparison: Comparison) -> list[str]:
    """Sentences for the main figures whose change is significant."""
    lines = []
    verbs = {"rounds_per_match": ("lengthens matches", "shortens matches"),
             "turns_per_round": ("lengthens rounds", "shortens rounds"),
             "points_per_round": ("raises the points per round", "lowers the points per round")}
    for key, (up, down) in verbs.items():
        metric = comparison.metric(key)
        change, p = metric.change()
        if p < SIGNIFICANT and metric.is_relative():
            half = 100 * (change.high - change.low) / 2
            lines.append(f"{comparison.label_b} {up if change.value > 0 else down} by "
                         f"{abs(100 * change.value):.0f}% (±{half:.0f}%) against {comparison.label_a}")
    if comparison.identical:
        lines.append("A and B are the same edition with the same rules, settings, agents and seed: "
                     "every game is played the same on both sides")
    elif not lines:
        lines.append(f"no significant difference in match length, round length or points "
                     f"between {comparison.label_a} and {comparison.label_b}")
    return lines


def format_text(comparison: Comparison, timing: bool = True) -> str:
    a, b = comparison.a, comparison.b
    lines = [f"A: {comparison.label_a}  ({a.name}, agents {','.join(a.agents)}, seed {a.seed})",
             f"B: {comparison.label_b}  ({b.name}, agents {','.join(b.agents)}, seed {b.seed})",
             f"{a.games} games each, {a.players} players; game i of both with seed SEED:i"
             + (" (paired)" if a.seed == b.seed else ""),
             f"rounds: {a.rounds} and {b.rounds}; abandoned at the turn limit of {MAX_TURNS} turns: "
             f"{a.abandoned} and {b.abandoned}", ""]
    lines += headlines(comparison)
    lines.append("")
    rows = [("figure", "A", "B", "change B vs A", "95% CI", "p", "")]
    values = {m.key: (m.pairs.a, m.pairs.b) for m in comparison.metrics}
    for metric in comparison.metrics:
        if values[metric.key] == (0, 0) and not metric.offset:
            continue  # happens on neither side
        kind = metric.key.partition(":")[2]
        if metric.key.startswith("effect_runs") and values[metric.key] == values.get(f"plays_per_round:{kind}"):
            continue  # runs once per card played: the row above says it
        _, p = metric.change()
        shown_a, shown_b = metric.sides()
        rows.append((metric.label, _value_text(metric, shown_a), _value_text(metric, shown_b),
                     _change_text(metric), _interval_text(metric), f"{p:.3f}", "*" if p < SIGNIFICANT else ""))
    lines += table(rows)
    lines += ["", f"* p < {SIGNIFICANT}: significant on its own; among many figures a few pass by chance.",
              ("Changes of amounts are in %, of rates in percentage points (pts); "
               "an effect that runs once per card played is shown as the card's plays.")]
    if timing:
        lines += ["", f"speed: {(a.rounds + b.rounds) / comparison.seconds if comparison.seconds else 0:.0f} rounds/s"]
    return "\n".join(lines)


def comparison_dict(comparison: Comparison, timing: bool = True) -> dict:
    metrics = []
    for metric in comparison.metrics:
        _, p = metric.change()
        difference, _ = metric.pairs.difference()
        relative = metric.pairs.relative() if metric.relative else None
        shown_a, shown_b = metric.sides()
        metrics.append({"key": metric.key, "label": metric.label, "a": round(shown_a, 6),
                        "b": round(shown_b, 6), "difference": difference.as_list(6),
                        "relative": relative[0].as_list(6) if relative else None,
                        "p_value": round(p, 6), "significant": p < SIGNIFICANT})
    data = {"a": comparison.label_a, "b": comparison.label_b, "games": comparison.a.games,
            "players": comparison.a.players, "seeds": [comparison.a.seed, comparison.b.seed],
            "paired": comparison.a.seed == comparison.b.seed, "headlines": headlines(comparison),
            "metrics": metrics, "reports": {"a": as_dict(comparison.a, timing=False),
                                            "b": as_dict(comparison.b, timing=False)}}
    if timing:
        rounds = comparison.a.rounds + comparison.b.rounds
        data["speed"] = round(rounds / comparison.seconds, 1) if comparison.seconds else 0.0
    return data


def format_json(comparison: Comparison, timing: bool = True) -> str:
    return json.dumps(comparison_dict(comparison, timing))


CSV_COLUMNS = ("key", "label", "a", "b", "difference", "difference_low", "difference_high",
               "relative", "relative_low", "relative_high", "p_value", "significant")


def format_csv(comparison: Comparison, timing: bool = True) -> str:
    """One figure per row: its value on each side, its change B - A (and B / A - 1 for an
    amount) with the 95% interval, the p-value. (No speed: `timing` is for the same call.)"""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for metric in comparison_dict(comparison, timing=False)["metrics"]:
        relative = metric["relative"] or ["", "", ""]
        writer.writerow((metric["key"], metric["label"], metric["a"], metric["b"], *metric["difference"],
                         *relative, metric["p_value"], str(metric["significant"]).lower()))
    return out.getvalue().rstrip("\n")


def _as_typed(value) -> str:
    """A setting's value as it is typed on the command line (`true`, not `True`)."""
    return str(value).lower() if isinstance(value, bool) else str(value)

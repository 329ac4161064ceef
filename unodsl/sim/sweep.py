"""One setting swept over values on the same seeds: each figure as a curve with its interval.

`unodsl simulate EDITION --sweep hand_size=5..9` (a setting) or `--sweep count:skip=0..4`
(how many of a kind the deck has: per colour for a `per_colour:` deck, in all for a
`count:` one; each value's edition is written as data, as impact's variants are, with
its `total:` left out) plays every value's matches with the same seeds (match i of each with seed "SEED:i", as compare pairs two sides), so the
curve's steps are measured on the same deals: at each value, the figure with its 95%
interval, and its paired change from the first value (unodsl.sim.stats.PairedRatio).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from ..errors import UnoError
from .compare import Metric, game_figure
from .parallel import Side, run_games
from .report import num, table

MAX_POINTS = 50  # each point is a whole simulation: a longer sweep is a mistake in the range, not a wish
# (key, label, relative): the figures a curve is drawn for; compare.py says how each is measured.
FIGURES = (("turns_per_round", "turns per round", True),
           ("points_per_round", "points per round", True),
           ("rounds_per_match", "rounds per match", True),
           ("first_seat_edge", "first seat's edge", False),
           ("abandoned_rounds", "rounds abandoned at the turn limit", False))
_RANGE = re.compile(r"^\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*$")


COUNT = "count:"  # `--sweep count:KIND=...`: a kind's deck count, not a setting


def deck_count_files(edition: str, kind: str, values: list[int], folder) -> list[str]:
    """An edition file per value, the edition's data with `kind`'s deck count set to it."""
    from .variants import source_data, write_variant

    data = source_data(edition)
    kinds = data.get("kinds") or {}
    if kind not in kinds:
        raise UnoError(f"--sweep {COUNT}{kind}: the edition has no kind {kind!r}; its kinds: {', '.join(kinds)}")
    deck = dict((kinds[kind] or {}).get("deck") or {})
    form = next((key for key in ("per_colour", "count") if key in deck), None)
    if form is None:
        raise UnoError(f"--sweep {COUNT}{kind}: its deck is not written as `per_colour:` or `count:` "
                       "(a deck of numbers has a count per number); sweep another kind")
    files = []
    for value in values:
        changed = {key: v for key, v in data.items() if key != "total"}  # (the deck's size changes)
        changed["kinds"] = {**kinds, kind: {**kinds[kind], "deck": {**deck, form: value}}}
        files.append(write_variant(changed, folder, f"{kind}-{value}"))
    return files


def parse_sweep(text: str) -> tuple[str, list[str]]:
    """("hand_size", ["5", "6", "7"]) from "hand_size=5..7" or "hand_size=5,6,7" (values as typed:
    the edition loader reads each as the setting's type and places a wrong one at `--sweep`)."""
    key, sep, values = text.partition("=")
    if not sep or not key.strip() or not values.strip():
        raise UnoError(f"--sweep {text!r}: write SETTING=FIRST..LAST or SETTING=V1,V2,... (hand_size=5..9)")
    ranged = _RANGE.match(values)
    if ranged:
        first, last = int(ranged[1]), int(ranged[2])
        if last < first:
            raise UnoError(f"--sweep {text!r}: the range goes down; write {key.strip()}={last}..{first}")
        if last - first + 1 > MAX_POINTS:
            raise UnoError(f"--sweep {text!r}: {last - first + 1} values, more than {MAX_POINTS} "
                           "(every value is a whole simulation); give fewer, as V1,V2,...")
        found = [str(v) for v in range(first, last + 1)]
    else:
        found = [v.strip() for v in values.split(",")]
        if "" in found or len(found) > MAX_POINTS:
            raise UnoError(f"--sweep {text!r}: give 1 to {MAX_POINTS} values, separated by commas")
    if len(set(found)) != len(found):
        raise UnoError(f"--sweep {text!r}: a value is given twice")
    return key.strip(), found


@dataclass
class Sweep:
    setting: str
    values: list  # as each point's edition read them
    games: int
    players: int
    seed: str
    agents: tuple
    curves: dict = field(default_factory=dict)  # figure key -> [Metric of (first value, value)] per point


def sweep(sides: list[Side], setting: str, values: list, games: int, workers: int = 1,
          backend: str = "processes", progress=None) -> Sweep:
    """Play every side (one per value, alike but for the setting) on the same seeds."""
    first = sides[0]
    result = Sweep(setting, values, games, first.players, first.seed, first.agents,
                   {key: [Metric(key, label, relative) for _ in sides] for key, label, relative in FIGURES})
    for tallies in run_games(tuple(sides), games, workers, backend, progress):
        for key, metrics in result.curves.items():
            base = game_figure(tallies[0], key, first.players)
            for metric, tally in zip(metrics, tallies):
                metric.pairs.add(*base, *game_figure(tally, key, first.players))
    return result


def sweep_points(result: Sweep) -> list[dict]:
    """The curves as plain data (one row per value and figure), for --json and the report."""
    rows = []
    edge = 1 / result.players if result.players > 1 else 0.0
    for key, label, relative in FIGURES:
        offset = edge if key == "first_seat_edge" else 0.0
        for value, metric in zip(result.values, result.curves[key]):
            own = metric.pairs.interval_b()
            change, p = metric.change()
            rows.append({"value": value, "figure": key, "label": label,
                         "estimate": round(own.value - offset, 6), "low": round(own.low - offset, 6),
                         "high": round(own.high - offset, 6),
                         "change": [round(change.value, 6), round(change.low, 6), round(change.high, 6)],
                         "change_relative": metric.is_relative(), "p": round(p, 6)})
    return rows


def format_sweep_json(result: Sweep) -> str:
    return json.dumps({"setting": result.setting, "values": result.values, "games": result.games,
                       "players": result.players, "seed": result.seed, "agents": list(result.agents),
                       "paired": True, "points": sweep_points(result)})


def format_sweep_text(result: Sweep) -> str:
    lines = [f"sweep of {result.setting}: {', '.join(map(str, result.values))}; {result.games} games of "
             f"{result.players} players at each, agents {','.join(result.agents)}; match i of every value "
             f"with seed {result.seed}:i (paired with the first value)"]
    points = sweep_points(result)
    for key, label, relative in FIGURES:
        rows = [(result.setting, label, "95% CI", f"change from {result.values[0]}", "95% CI", "p")]
        for row in (r for r in points if r["figure"] == key):
            rows.append((str(row["value"]), *_shown(row, key, relative)))
        lines += ["", f"{label}:", *table(rows)]
    return "\n".join(lines)


def _shown(row: dict, key: str, relative: bool) -> tuple[str, ...]:
    rate = not relative
    scale = 100 if rate else 1
    unit = " pts" if key == "first_seat_edge" else "%" if rate else ""
    value = f"{num(scale * row['estimate'], key == 'first_seat_edge', 2 if not rate else 1)}{unit}"
    interval = f"{num(scale * row['low'], False, 2 if not rate else 1)} … {num(scale * row['high'], False, 2 if not rate else 1)}"
    change, low, high = row["change"]
    if row["change_relative"]:
        moved = (f"{num(100 * change, True)}%", f"{num(100 * low, True)}% … {num(100 * high, True)}%")
    else:
        moved = (f"{num(100 * change, True)} pts", f"{num(100 * low, True)} … {num(100 * high, True)}")
    return value, interval, *moved, f"{row['p']:.3f}"

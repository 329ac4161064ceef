"""`unodsl impact`: what each special card and each house rule does, measured on the same deals.

Every variant of the edition (unodsl.sim.variants: a kind's effect removed, a
kind swapped for plain cards, a house rule taken out or added) is played on
the edition's seeds, game i of each with seed "SEED:i", as `compare` pairs two
sides; the edition itself is played once and every variant is paired with it.
Per variant, four figures' paired change (unodsl.sim.compare.Metric, the
delta method of stats.PairedRatio): round length and points per round (in %),
the holder's round-win rate and the first seat's edge (in points), each with a
95% interval and a p-value, and the p-value adjusted by Holm's method for the
number of variants the figure is tested on (unodsl.sim.multiple).

`impact_rows()` gives the results as plain data (the HTML report draws them).
"""
from __future__ import annotations

import json
import math
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import UnoError
from .compare import SIGNIFICANT, Metric, game_figure
from .multiple import holm
from .parallel import Side, load_side, run_games
from .report import num, table
from .simulate import make_side
from .tally import GameTally
from .variants import Variant, card_variants, rule_variants, special_kinds

# (key, label, relative: its change in % rather than in points)
FIGURES = (("turns_per_round", "round length (turns per round)", True),
           ("points_per_round", "points per round", True),
           ("holder_round_win_rate", "holder's round-win rate", False),
           ("first_seat_edge", "first seat's edge", False))
CORRECTION = "Holm-Bonferroni, per figure across the variants"


@dataclass
class Impact:
    edition: str
    players: int
    games: int
    seed: str
    agents: list[str]
    variants: list[Variant]
    metrics: dict = field(default_factory=dict)  # variant label -> [Metric] (the variants played)
    adjusted: dict = field(default_factory=dict)  # (variant label, figure key) -> Holm's p-value
    seconds: float = 0.0


def _seat_figure(game: GameTally, key: str, holder: str | None) -> tuple[float, float]:
    """(numerator, denominator) of one of impact's figures in one game, for one side."""
    if key == "holder_round_win_rate":
        dealt, won = game.dealt.get(holder, (0, 0))
        return won, dealt
    return game_figure(game, key, 0)  # (the first seat's edge as compare measures it)


def _metrics(variant: Variant) -> list[Metric]:
    return [Metric(key, label, relative) for key, label, relative in FIGURES
            if variant.holder is not None or key != "holder_round_win_rate"]


def chosen_kinds(loaded, cards: list[str]) -> list[str]:
    """The special kinds asked for by id or name (all of them when none is given)."""
    special = special_kinds(loaded)
    if not cards:
        return special
    found = []
    for wanted in cards:
        match = [k for k in special if wanted in (k, loaded.kinds[k].name) or
                 wanted.lower() == loaded.kinds[k].name.lower()]
        if not match:
            raise UnoError(f"--card {wanted}: not a special card kind of {loaded.id} "
                           f"(they are: {', '.join(special) or 'none'})")
        found += [k for k in match if k not in found]
    return found


def impact(edition: str, players: int = 4, games: int = 100, seed: str = "1", agents: str | list[str] = "random",
           cards: list[str] | None = None, rules: list[str] | None = None, workers: int = 1,
           backend: str = "processes", progress=None, variants: list[Variant] | None = None) -> Impact:
    """Play the edition and its variants on games 0..games-1 and measure each variant's change.

    With neither `cards` nor `rules`, every special kind and every house rule; with
    one of them, only those. `variants` replaces the variants built (tests use it).
    """
    if games < 2:
        raise UnoError(f"an impact run needs at least 2 games, not {games}")
    base = make_side(edition, players, seed, agents)
    loaded = load_side(base)
    with tempfile.TemporaryDirectory(prefix="unodsl-impact-") as folder:
        if variants is None:
            variants = []
            if cards or not rules:
                variants += card_variants(edition, loaded, chosen_kinds(loaded, cards or []), Path(folder))
            if rules or not cards:
                variants += rule_variants(edition, loaded, list(rules) if rules else None, Path(folder))
        result = Impact(loaded.id, players, games, str(seed), list(base.agents), variants)
        played = [v for v in variants if v.problem is None]
        sides = (base, *(Side(v.file, v.rules, (), players, base.agents, base.seed) for v in played))
        metrics = [_metrics(v) for v in played]
        start = time.perf_counter()
        for tallies in run_games(sides, games, workers, backend, progress):
            for variant, game, figures in zip(played, tallies[1:], metrics):
                before, after = variant.holder or (None, None)
                for metric in figures:
                    metric.pairs.add(*_seat_figure(tallies[0], metric.key, before),
                                     *_seat_figure(game, metric.key, after))
        result.seconds = time.perf_counter() - start
    result.metrics = {v.label: m for v, m in zip(played, metrics)}
    _adjust(result)
    return result


def _adjust(result: Impact) -> None:
    for key, _, _ in FIGURES:
        tested = [(label, m) for label, ms in result.metrics.items() for m in ms if m.key == key]
        for (label, _), adjusted in zip(tested, holm([m.change()[1] for _, m in tested])):
            result.adjusted[(label, key)] = adjusted


# ---- plain data and reports ---------------------------------------------------------------

def _finite(x: float, digits: int = 6) -> float | None:
    return round(x, digits) if math.isfinite(x) else None


def impact_rows(result: Impact) -> list[dict]:
    """One dict per variant and figure: variant, what, figure, label, relative (the change is
    B / A - 1; else B - A), a and b (the figure on each side), estimate, low, high (the 95%
    interval; None when unknown), p and p_adjusted (Holm)."""
    rows = []
    for variant in result.variants:
        for metric in result.metrics.get(variant.label, []):
            change, p = metric.change()
            edge = 1 / result.players if metric.key == "first_seat_edge" else 0.0
            rows.append({"variant": variant.label, "what": variant.what, "figure": metric.key,
                         "label": metric.label, "relative": metric.is_relative(),
                         "a": _finite(metric.pairs.a - edge), "b": _finite(metric.pairs.b - edge),
                         "estimate": _finite(change.value), "low": _finite(change.low),
                         "high": _finite(change.high), "p": _finite(p),
                         "p_adjusted": _finite(result.adjusted[(variant.label, metric.key)])})
    return rows


def impact_dict(result: Impact, timing: bool = True) -> dict:
    data = {"edition": result.edition, "players": result.players, "games": result.games, "seed": result.seed,
            "agents": result.agents, "correction": CORRECTION,
            "variants": [{"label": v.label, "what": v.what, "played": v.problem is None, "problem": v.problem}
                         for v in result.variants],
            "rows": impact_rows(result)}
    if timing:
        data["seconds"] = round(result.seconds, 2)
    return data


def format_json(result: Impact, timing: bool = True) -> str:
    return json.dumps(impact_dict(result, timing))


def _amount(row: dict, key: str) -> str:
    value = row[key]
    if value is None:
        return "?"
    return f"{num(100 * value, True)}%" if row["relative"] else f"{num(100 * value, True)} pts"


def _side_value(row: dict, key: str) -> str:
    value = row[key]
    return f"{value:.2f}" if row["figure"] in ("turns_per_round", "points_per_round") else f"{100 * value:+.1f}%" \
        if row["figure"] == "first_seat_edge" else f"{100 * value:.1f}%"


def format_text(result: Impact, timing: bool = True) -> str:
    lines = [f"impact on {result.edition}: {result.games} games of {result.players} players, agents "
             f"{','.join(result.agents)}, seed {result.seed}; game i of the edition and of every variant "
             f"with seed SEED:i (paired)",
             "B is the variant, A the edition as it is; a change is B against A.", ""]
    rows = impact_rows(result)
    for key, label, _ in FIGURES:
        mine = [r for r in rows if r["figure"] == key]
        if not mine:
            continue
        lines.append(f"{label}:")
        cells = [("variant", "A", "B", "change", "95% CI", "p", "p adj.", "")]
        for r in mine:
            cells.append((r["variant"], _side_value(r, "a"), _side_value(r, "b"), _amount(r, "estimate"),
                          f"{_amount(r, 'low')} … {_amount(r, 'high')}", f"{r['p']:.3f}", f"{r['p_adjusted']:.3f}",
                          "*" if r["p_adjusted"] < SIGNIFICANT else ""))
        lines += ["  " + line for line in table(cells)] + [""]
    skipped = [v for v in result.variants if v.problem is not None]
    if skipped:
        lines.append("not played (the variant cannot be built):")
        lines += [f"  {v.label}: {v.problem}" for v in skipped]
        lines.append("")
    lines += [f"p adj.: p adjusted by {CORRECTION}; * p adj. < {SIGNIFICANT}.",
              "holder: a seat dealt at least one card of the kind (in a swap, one of the cards put in its place); "
              "first seat's edge: round-win rate of the first seat after the dealer minus 1/players."]
    if timing:
        lines += ["", f"time: {result.seconds:.1f} s"]
    return "\n".join(lines)

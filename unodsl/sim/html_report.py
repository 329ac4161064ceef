"""A report people look at: a simulation's or a comparison's figures (unodsl.sim.plots)
with the same numbers as tables beside them, in one self-contained HTML page.

The page asks for nothing over the network: the figures are inline SVG (their
text drawn as paths, so no font is fetched), the style is inline, and there is
no script. `--plot-dir` writes each figure as PNG and SVG as well.

A `Section` is a figure and its table; `simulation_sections()` and
`comparison_sections()` make them from the sums, `write()` renders the page
and the files. Other results (impact, sweeps, the skill ladder) become
Sections the same way: a figure function of unodsl.sim.plots and its rows.
"""
from __future__ import annotations

import html
import math
from dataclasses import dataclass
from pathlib import Path

from ..errors import UnoError
from . import plots
from .compare import SIGNIFICANT, Comparison, Metric, headlines
from .report import num
from .simulate import Simulation
from .stats import Distribution, Interval


@dataclass
class Section:
    key: str  # the figure's file name in --plot-dir
    title: str
    figure: object  # a matplotlib Figure
    table: list[tuple]  # the figure's numbers: a header row, then rows
    note: str = ""


def _pct(x: float, signed: bool = False) -> str:
    return f"{num(100 * x, signed)}%"


def _rate_row(label: str, rate: Interval, count: int) -> tuple:
    return label, count, _pct(rate.value), f"{_pct(rate.low)} … {_pct(rate.high)}"


def seat_section(sims: dict[str, Simulation]) -> Section:
    """Match wins per seat (of each side), against the even share."""
    rows, table = [], [("seat", "match wins", "win rate", "95% CI")]
    for side, sim in sims.items():
        for seat in range(sim.players):
            label = f"{side}seat {seat} ({sim.agents[seat]})"
            rate = sim.match_win_rate(seat)
            rows.append((label, rate.value, rate.low, rate.high))
            table.append(_rate_row(label, rate, sim.wins[seat]))
    sim = next(iter(sims.values()))
    figure = plots.rate_bars(rows, "match win rate per seat", "match win rate", 1 / sim.players, _groups(sims))
    return Section("seats", "Match wins per seat", figure, table)


def place_section(sims: dict[str, Simulation]) -> Section:
    """Round wins by place after the dealer: place 1 plays first."""
    rows, table = [], [("place", "round wins", "win rate", "95% CI")]
    for side, sim in sims.items():
        for place in range(sim.players):
            label = f"{side}place {place}" + (" (dealer)" if place == 0 else " (first)" if place == 1 else "")
            rate = sim.place_win_rate(place)
            rows.append((label, rate.value, rate.low, rate.high))
            table.append(_rate_row(label, rate, sim.order_wins[place]))
    sim = next(iter(sims.values()))
    figure = plots.rate_bars(rows, "round win rate by place (place 1 plays first)", "round win rate",
                             1 / sim.players, _groups(sims))
    return Section("places", "Round wins by place after the dealer", figure, table,
                   "Does playing first help? Place 1 plays first.")


def _groups(sims: dict[str, Simulation]) -> list[str]:
    """Each seat's side ("A: ", "B: "), to colour the bars by side."""
    return [side for side, sim in sims.items() for _ in range(sim.players)]


def _spread_row(label: str, d: Distribution) -> tuple:
    if not d.n:
        return label, 0, "", "", "", "", "", ""
    mean = d.mean_interval()
    return (label, d.n, f"{mean.value:.1f}", f"{mean.low:.1f} … {mean.high:.1f}", f"{d.median:g}",
            f"{d.quantile(0.1):g}–{d.quantile(0.9):g}", min(d.counts), max(d.counts))


def length_section(sims: dict[str, Simulation]) -> Section:
    """The distribution of turns per round (and the spread of the other amounts in the table)."""
    table = [("figure", "n", "mean", "95% CI", "median", "10%–90%", "min", "max")]
    for side, sim in sims.items():
        table += [_spread_row(f"{side}turns per round", sim.turns_per_round),
                  _spread_row(f"{side}rounds per match", sim.rounds_per_match),
                  _spread_row(f"{side}points per round", sim.points_per_round)]
    series = {side.rstrip(": ") or "rounds": sim.turns_per_round.counts for side, sim in sims.items()}
    return Section("round-length", "Round length", plots.histogram(series, "turns per round", "turns"), table)


def cards_section(sim: Simulation) -> Section:
    per = max(sim.rounds, 1)
    rows = [(name, sim.plays.get(kind, 0) / per) for kind, name in sim.kinds.items()]
    table = [("card", "played", "per round", "effect runs per round")]
    table += [(name, sim.plays.get(kind, 0), f"{sim.plays.get(kind, 0) / per:.2f}",
               f"{sim.fires.get(kind, 0) / per:.2f}") for kind, name in sim.kinds.items()]
    return Section("cards", "Cards played", plots.counts_bars(rows, "cards played per round", "per round"), table)


def lift_section(sim: Simulation) -> Section | None:
    """What being dealt each special card does for its holder's round-win rate."""
    if not sim.special:
        return None
    rows, table = [], [("card", "seat-rounds dealt", "lift", "95% CI")]
    for kind in sim.special:
        lift = sim.lift(kind, "dealt")
        rows.append((sim.kinds[kind], lift.value, lift.low, lift.high, None))
        table.append((sim.kinds[kind], sim.dealt.get(kind, (0, 0))[0], f"{num(100 * lift.value, True)} pts",
                      f"{num(100 * lift.low, True)} … {num(100 * lift.high, True)}"))
    return Section("lift", "Win-rate lift of special cards",
                   plots.forest(rows, "round-win rate lift of being dealt the card", "lift (points)"), table,
                   "P(win the round | ≥1 in the hand dealt) − P(win | none); the deal is random, so this is "
                   "what holding the card does for its holder. An interval that crosses zero shows no effect.")


def simulation_sections(sim: Simulation) -> list[Section]:
    sims = {"": sim}
    sections = [seat_section(sims), place_section(sims), length_section(sims), cards_section(sim),
                lift_section(sim)]
    return [s for s in sections if s is not None]


# ---- a comparison -------------------------------------------------------------------

def _shown(comparison: Comparison) -> list[Metric]:
    """The metrics the text report shows: those that happen on a side, not repeating a card's plays."""
    values = {m.key: (m.pairs.a, m.pairs.b) for m in comparison.metrics}
    shown = []
    for metric in comparison.metrics:
        kind = metric.key.partition(":")[2]
        if values[metric.key] == (0, 0) or (metric.key.startswith("effect_runs")
                                            and values[metric.key] == values.get(f"plays_per_round:{kind}")):
            continue
        shown.append(metric)
    return shown


def _forest_section(key: str, title: str, metrics: list[Metric], xlabel: str, note: str) -> Section | None:
    if not metrics:
        return None
    rows, table = [], [("figure", "A", "B", "change", "95% CI", "p", "")]
    for metric in metrics:
        change, p = metric.change()
        rows.append((metric.label, change.value, change.low, change.high, p))
        value = (lambda x: f"{x:.2f}") if metric.relative else _pct
        unit = "%" if metric.relative else " pts"  # a relative change, or a difference of rates

        def signed(x: float) -> str:
            return num(100 * x, True) + unit
        bounds = f"{signed(change.low)} … {signed(change.high)}" if math.isfinite(change.low) else "unknown"
        table.append((metric.label, value(metric.pairs.a), value(metric.pairs.b), signed(change.value), bounds,
                      f"{p:.3f}", "*" if p < SIGNIFICANT else ""))
    return Section(key, title, plots.forest(rows, title, xlabel), table, note)


def comparison_sections(comparison: Comparison) -> list[Section]:
    shown = _shown(comparison)
    amounts = [m for m in shown if m.is_relative()]
    rates = [m for m in shown if not m.relative]
    sims = {"A: ": comparison.a, "B: ": comparison.b}
    sections = [
        _forest_section("changes-amounts", "Change of amounts, B against A", amounts, "relative change",
                        "B / A − 1 on paired games, with its 95% interval; filled (and * in the table): p < 0.05, "
                        "significant on its own — among many figures a few pass by chance."),
        _forest_section("changes-rates", "Change of rates, B against A", rates, "change (points)",
                        "B − A in percentage points on paired games, with its 95% interval."),
        seat_section(sims), place_section(sims), length_section(sims)]
    return [s for s in sections if s is not None]


# ---- the page -----------------------------------------------------------------------

STYLE = """
body { font-family: sans-serif; margin: 2em; color: #222; max-width: 1400px; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; border-bottom: 1px solid #ccc; }
.row { display: flex; flex-wrap: wrap; gap: 2em; align-items: flex-start; }
.figure svg { width: 640px; height: auto; }
table { border-collapse: collapse; font-size: 0.85em; }
td, th { padding: 2px 8px; border-bottom: 1px solid #eee; text-align: right; }
td:first-child, th:first-child { text-align: left; }
.note { color: #555; max-width: 60em; }
"""


def _table(rows: list[tuple]) -> str:
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows[1:])
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _section(section: Section, svg: str) -> str:
    note = f'<p class="note">{html.escape(section.note)}</p>' if section.note else ""
    return (f'<section id="{section.key}"><h2>{html.escape(section.title)}</h2>{note}'
            f'<div class="row"><div class="figure">{svg}</div>{_table(section.table)}</div></section>')


def page(title: str, lines: list[str], sections: list[Section], svgs: list[str]) -> str:
    """The whole page: a title, lines of text, and each section's figure and table."""
    intro = "".join(f"<p>{html.escape(line)}</p>" for line in lines if line)
    body = "".join(_section(s, svg) for s, svg in zip(sections, svgs))
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            f"<style>{STYLE}</style></head><body><h1>{html.escape(title)}</h1>{intro}{body}</body></html>\n")


def check_targets(report: str | None) -> None:
    """Say before the games are played that the page cannot be written there (a folder
    given for it, or a file for --plot-dir, click's Path refuses)."""
    if report is not None and not Path(report).resolve().parent.is_dir():
        raise UnoError(f"cannot write the report {report}: no folder {Path(report).parent}")


def write(sections: list[Section], title: str, lines: list[str], report: str | None = None,
          plot_dir: str | None = None) -> None:
    """Write the page to `report` and/or each figure as KEY.png and KEY.svg into `plot_dir`."""
    try:
        _write(sections, title, lines, report, plot_dir)
    except OSError as error:
        raise UnoError(f"cannot write {error.filename or report or plot_dir}: {error.strerror}") from None


def _write(sections: list[Section], title: str, lines: list[str], report: str | None, plot_dir: str | None) -> None:
    if plot_dir is not None:
        Path(plot_dir).mkdir(parents=True, exist_ok=True)
    svgs = []
    for section in sections:
        if plot_dir is not None:
            (Path(plot_dir) / f"{section.key}.png").write_bytes(plots.png(section.figure))
        svgs.append(plots.svg(section.figure))
        if plot_dir is not None:
            (Path(plot_dir) / f"{section.key}.svg").write_text(svgs[-1], encoding="utf-8")
    if report is not None:
        Path(report).write_text(page(title, lines, sections, svgs), encoding="utf-8")


def simulation_title(sim: Simulation) -> tuple[str, list[str]]:
    return (f"{sim.name} ({sim.edition}): {sim.games} games",
            [f"{sim.players} players, agents {','.join(sim.agents)}, seed {sim.seed}; {sim.rounds} rounds, "
             f"{sim.abandoned} abandoned. Every interval is a 95% one."])


def comparison_title(comparison: Comparison) -> tuple[str, list[str]]:
    a, b = comparison.a, comparison.b
    return (f"{comparison.label_a} against {comparison.label_b}",
            [f"A: {comparison.label_a} ({a.name}, agents {','.join(a.agents)}, seed {a.seed})",
             f"B: {comparison.label_b} ({b.name}, agents {','.join(b.agents)}, seed {b.seed})",
             f"{a.games} games each, {a.players} players; game i of both with seed SEED:i.", *headlines(comparison)])

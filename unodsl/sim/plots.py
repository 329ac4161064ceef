"""The figures of a report, drawn by matplotlib from plain data.

Each figure function takes rows of plain values (tuples in the documented
order, or dicts with those keys), so that any part of the designer's lab can
draw its results without knowing this module's callers:

- `rate_bars(rows)`: (label, value, low, high): rates as bars with error bars;
- `ladder(rungs)`: (name, win_rate, low, high): the skill ladder's rungs;
- `histogram(series)`: {label: {value: count}}: distributions (a `Distribution`'s counts);
- `counts_bars(rows)`: (label, value): amounts as horizontal bars;
- `forest(effects)`: (label, estimate, low, high, p_adjusted): changes with their
  intervals around a zero line; a significant one (p_adjusted < 0.05) is filled;
- `sweep_curves(points)`: (value, key, estimate, low, high): one line with its
  band per key, against the swept value.

matplotlib is an optional extra (`pip install 'unodsl[plots]'`): it is imported
on the first figure, with the Agg backend (no display needed), and its absence
is one UnoError. `svg()` and `png()` render a figure; text is drawn as paths so
the SVG needs no font.
"""
from __future__ import annotations

import io
import math

from ..errors import UnoError

SIGNIFICANT = 0.05
PALETTE = ["#4c78a8", "#f58518", "#54a24b", "#b279a2"]
INSTALL = "the report's figures need matplotlib: pip install 'unodsl[plots]'"
_pyplot = None


def pyplot():
    """matplotlib.pyplot on the Agg backend, imported once; UnoError when matplotlib is absent."""
    global _pyplot
    if _pyplot is None:
        try:
            import matplotlib
        except ImportError:
            raise UnoError(INSTALL) from None
        matplotlib.use("Agg")
        matplotlib.rcParams.update({"svg.fonttype": "path", "svg.hashsalt": "unodsl", "font.size": 9})
        import matplotlib.pyplot
        _pyplot = matplotlib.pyplot
    return _pyplot


def plain(label) -> str:
    """A label drawn as written: a card named "$5" or "A_B" is not TeX to matplotlib."""
    return str(label).replace("$", r"\$")


def _rows(items, names: tuple[str, ...]) -> list[tuple]:
    """Rows given as tuples in the order of `names`, or as dicts with those keys."""
    return [tuple(item[name] for name in names) if isinstance(item, dict) else tuple(item)[:len(names)]
            for item in items]


def _figure(rows: int, width: float = 7.0, per_row: float = 0.32, least: float = 2.4):
    """A figure and its axes, tall enough for `rows` labelled rows."""
    figure, axes = pyplot().subplots(figsize=(width, max(least, 0.9 + per_row * rows)), layout="constrained")
    axes.grid(axis="x", alpha=0.3)
    return figure, axes


def _finite(x: float, bound: float) -> float:
    """An interval's end drawn at most at `bound` (an unknown interval is ±inf)."""
    return max(-bound, min(bound, x)) if not math.isnan(x) else 0.0


def rate_bars(rows, title: str = "", xlabel: str = "rate", even: float | None = None, groups=None):
    """Horizontal bars for rates (0..1) with their intervals; `even` draws the fair share as a
    dashed line; `groups` (one name per row: "A", "B") colours the bars by group."""
    rows = _rows(rows, ("label", "value", "low", "high"))
    figure, axes = _figure(len(rows))
    names = list(dict.fromkeys(groups or ()))
    colours = [PALETTE[names.index(g) % len(PALETTE)] for g in groups] if groups else PALETTE[0]
    errors = [[max(0.0, r[1] - r[2]) for r in rows], [max(0.0, r[3] - r[1]) for r in rows]]
    axes.barh(range(len(rows)), [r[1] for r in rows], xerr=errors, color=colours, ecolor="#222222", capsize=3,
              tick_label=[plain(r[0]) for r in rows])
    if even is not None:
        axes.axvline(even, color="#e45756", linestyle="--", linewidth=1)
        xlabel += f"  (dashed: the even share, {even:.0%})"
    axes.invert_yaxis()
    axes.set_xlim(0, min(1.0, max([r[3] for r in rows] + [even or 0]) * 1.15 or 1.0))
    axes.xaxis.set_major_formatter(pyplot().FuncFormatter(lambda x, _: f"{x:.0%}"))
    axes.set_xlabel(xlabel)
    axes.set_title(title)
    return figure


def ladder(rungs, title: str = "skill ladder", even: float | None = None, groups=None):
    """The skill ladder: each rung's win rate with its interval (see `rate_bars`)."""
    rows = _rows(rungs, ("name", "win_rate", "low", "high"))
    return rate_bars(rows, title, "win rate", even, groups)


def histogram(series: dict, title: str = "", xlabel: str = "", bins: int = 40):
    """Distributions of integers, {label: {value: count}} (a `Distribution`'s counts), drawn
    over each other on the same bins (at most `bins`), as shares of each one's total."""
    figure, axes = _figure(0, least=2.8)
    values = sorted({v for counts in series.values() for v in counts})
    if values:
        low, high = values[0], values[-1] + 1
        step = max(1, math.ceil((high - low) / bins))
        edges = list(range(low, high + step, step))
        for label, counts in series.items():
            total = sum(counts.values()) or 1
            mine = sorted(counts)
            axes.hist(mine, bins=edges, weights=[counts[v] / total for v in mine], label=plain(label),
                      alpha=0.6 if len(series) > 1 else 1.0, edgecolor="white")
        if len(series) > 1:
            axes.legend()
    axes.yaxis.set_major_formatter(pyplot().FuncFormatter(lambda x, _: f"{x:.0%}"))
    axes.set_xlabel(xlabel)
    axes.set_ylabel("share")
    axes.set_title(title)
    return figure


def counts_bars(rows, title: str = "", xlabel: str = ""):
    """Horizontal bars for amounts (cards played per round, ...)."""
    rows = _rows(rows, ("label", "value"))
    figure, axes = _figure(len(rows))
    axes.barh(range(len(rows)), [r[1] for r in rows], color="#72b7b2", tick_label=[plain(r[0]) for r in rows])
    axes.invert_yaxis()
    axes.set_xlabel(xlabel)
    axes.set_title(title)
    return figure


def forest(effects, title: str = "", xlabel: str = "change", percent: bool = True, tested_by: str = "p"):
    """Each effect as a point with its interval around a zero line; filled when p_adjusted < 0.05
    (`tested_by` names that p-value in the axis label).

    An unknown bound (infinite) is drawn at the edge of the largest known one.
    """
    rows = _rows(effects, ("label", "estimate", "low", "high", "p_adjusted"))
    figure, axes = _figure(len(rows))
    known = [abs(x) for r in rows for x in r[1:4] if math.isfinite(x)]
    bound = 1.2 * max(known + [1e-9])
    for y, (label, estimate, low, high, p) in enumerate(rows):
        significant = p is not None and p < SIGNIFICANT
        colour = "#e45756" if significant else "#4c78a8"
        axes.plot([_finite(low, bound), _finite(high, bound)], [y, y], color=colour, linewidth=1.5)
        axes.plot([estimate], [y], marker="o", color=colour, markerfacecolor=colour if significant else "white")
    axes.axvline(0, color="#222222", linewidth=1)
    axes.set_yticks(range(len(rows)), [plain(r[0]) for r in rows])
    axes.set_ylim(len(rows) - 0.5, -0.5)
    if percent:
        axes.xaxis.set_major_formatter(pyplot().FuncFormatter(lambda x, _: f"{x:+.0%}"))
    tested = any(r[4] is not None for r in rows)  # (a lift has an interval but no p-value)
    axes.set_xlabel(xlabel + (f"  (filled: {tested_by} < {SIGNIFICANT})" if tested else ""))
    axes.set_title(title)
    return figure


def sweep_curves(points, title: str = "", xlabel: str = "value", ylabel: str = "estimate"):
    """One line per figure key against the swept value, with its interval as a band."""
    rows = _rows(points, ("value", "key", "estimate", "low", "high"))
    figure, axes = _figure(0, least=3.2)
    for key in dict.fromkeys(r[1] for r in rows):
        mine = sorted((r for r in rows if r[1] == key), key=lambda r: r[0])
        xs = [r[0] for r in mine]
        line, = axes.plot(xs, [r[2] for r in mine], marker="o", label=plain(key))
        axes.fill_between(xs, [r[3] for r in mine], [r[4] for r in mine], color=line.get_color(), alpha=0.2)
    if rows:
        axes.legend()
    axes.grid(axis="y", alpha=0.3)
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    axes.set_title(title)
    return figure


def svg(figure) -> str:
    """The figure as an <svg> element (no XML prologue or doctype: for inlining in HTML); closes it."""
    out = io.StringIO()
    figure.savefig(out, format="svg", metadata={"Date": None, "Creator": None, "Format": None, "Type": None})
    pyplot().close(figure)
    text = out.getvalue()
    return text[text.index("<svg"):]


def png(figure, dpi: int = 120) -> bytes:
    """The figure as PNG bytes; leaves it open (it may be saved again)."""
    out = io.BytesIO()
    figure.savefig(out, format="png", dpi=dpi, metadata={"Software": None})
    return out.getvalue()

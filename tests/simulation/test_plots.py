"""The report's figure functions (unodsl.sim.plots) on made-up plain data: what each draws,
read back from the matplotlib figure; and their absence without matplotlib."""
from __future__ import annotations

import math
import sys

import pytest

from unodsl.errors import UnoError
from unodsl.sim import plots

pytest.importorskip("matplotlib", reason="the figures need matplotlib: pip install 'unodsl[plots]'")

EFFECTS = [("turns per round", -0.10, -0.15, -0.05, 0.001),  # significant: filled
           ("points per round", 0.02, -0.03, 0.07, 0.40),  # not: hollow
           ("plays of a card absent from A", 0.5, -math.inf, math.inf, 1.0)]  # an unknown interval


def _markers(axes):
    return [line for line in axes.get_lines() if line.get_marker() == "o"]


def test_forest_draws_each_effect_with_its_interval_around_a_zero_line():
    figure = plots.forest(EFFECTS, "changes")
    axes = figure.axes[0]
    labels = [t.get_text() for t in axes.get_yticklabels()]
    assert labels == [e[0] for e in EFFECTS]
    points = _markers(axes)
    assert [(p.get_xdata()[0], p.get_ydata()[0]) for p in points] == [(-0.10, 0), (0.02, 1), (0.5, 2)]
    intervals = [line for line in axes.get_lines() if line.get_marker() != "o" and len(set(line.get_ydata())) == 1
                 and line.get_ydata()[0] in (0, 1, 2)]
    assert [list(line.get_xdata()) for line in intervals[:2]] == [[-0.15, -0.05], [-0.03, 0.07]]
    bound = intervals[2].get_xdata()  # an infinite bound drawn at the edge of the known ones
    assert all(math.isfinite(x) for x in bound) and bound[0] < -0.5 < 0.5 < bound[1]
    zero = [line for line in axes.get_lines() if list(line.get_xdata()) == [0, 0]]
    assert zero, "no zero line"
    faces = [p.get_markerfacecolor() for p in points]
    assert faces[0] != "white" and faces[1] == "white"  # filled only when p_adjusted < 0.05
    assert "filled: p < 0.05" in axes.get_xlabel()


def test_a_forest_without_p_values_says_nothing_of_filled_points():
    axes = plots.forest([(label, x, low, high, None) for label, x, low, high, _ in EFFECTS[:2]], xlabel="lift").axes[0]
    assert axes.get_xlabel() == "lift"
    assert all(p.get_markerfacecolor() == "white" for p in _markers(axes))


def test_forest_takes_dicts_as_well_as_tuples():
    as_dicts = [dict(zip(("label", "estimate", "low", "high", "p_adjusted"), e)) for e in EFFECTS[:2]]
    axes = plots.forest(as_dicts).axes[0]
    assert [(p.get_xdata()[0]) for p in _markers(axes)] == [-0.10, 0.02]


def test_ladder_draws_each_rung_as_a_bar_with_its_interval():
    rungs = [("random", 0.10, 0.08, 0.13), ("greedy", 0.25, 0.22, 0.28), ("mcts", 0.60, 0.55, 0.65)]
    figure = plots.ladder(rungs, even=0.25)
    axes = figure.axes[0]
    bars = axes.patches
    assert [round(b.get_width(), 6) for b in bars] == [0.10, 0.25, 0.60]
    assert [t.get_text() for t in axes.get_yticklabels()] == ["random", "greedy", "mcts"]
    errorbar = next(c for c in axes.containers if type(c).__name__ == "ErrorbarContainer")
    segments = errorbar.lines[2][0].get_segments()  # the whiskers, from low to high
    assert [(round(s[0][0], 6), round(s[1][0], 6)) for s in segments] == [(0.08, 0.13), (0.22, 0.28), (0.55, 0.65)]
    assert any(list(line.get_xdata()) == [0.25, 0.25] for line in axes.get_lines())  # the even share
    assert "even share, 25%" in axes.get_xlabel()


def test_sweep_curves_draw_one_line_and_band_per_figure_sorted_by_value():
    points = [(7, "turns", 80, 75, 85), (5, "turns", 70, 66, 74), (6, "turns", 75, 71, 79),
              (5, "points", 100, 95, 105), (7, "points", 120, 110, 130)]
    axes = plots.sweep_curves(points, xlabel="hand size").axes[0]
    lines = {line.get_label(): line for line in axes.get_lines()}
    assert list(lines["turns"].get_xdata()) == [5, 6, 7] and list(lines["turns"].get_ydata()) == [70, 75, 80]
    assert list(lines["points"].get_xdata()) == [5, 7]
    assert len(axes.collections) == 2  # a band each
    band = axes.collections[0].get_paths()[0].vertices
    assert band[:, 1].min() == 66 and band[:, 1].max() == 85


def test_histogram_shows_each_series_as_shares_on_common_bins():
    axes = plots.histogram({"A": {3: 1, 4: 3}, "B": {4: 2, 10: 2}}, "turns").axes[0]
    heights = [round(p.get_height(), 6) for p in axes.patches if p.get_height() > 0]
    assert sorted(heights) == [0.25, 0.5, 0.5, 0.75]  # each series sums to 1


def test_svg_is_an_element_to_inline_and_png_is_an_image():
    figure = plots.rate_bars([("seat 0", 0.3, 0.2, 0.4)])
    image = plots.png(figure)
    assert image.startswith(b"\x89PNG")
    text = plots.svg(figure)
    assert text.startswith("<svg") and text.rstrip().endswith("</svg>")
    assert "<!DOCTYPE" not in text and "<text" not in text  # text as paths: no font to fetch


def test_without_matplotlib_the_figures_are_one_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setattr(plots, "_pyplot", None)
    with pytest.raises(UnoError, match=r"pip install 'unodsl\[plots\]'"):
        plots.forest(EFFECTS)


def test_rate_bars_colour_each_group_alike_and_the_groups_apart():
    rows = [("A: seat 0", 0.3, 0.2, 0.4), ("A: seat 1", 0.7, 0.6, 0.8), ("B: seat 0", 0.4, 0.3, 0.5),
            ("B: seat 1", 0.6, 0.5, 0.7)]
    bars = plots.rate_bars(rows, groups=["A", "A", "B", "B"]).axes[0].patches
    colours = [b.get_facecolor() for b in bars]
    assert colours[0] == colours[1] != colours[2] == colours[3]


@pytest.mark.parametrize("draw", [
    lambda label: plots.rate_bars([(label, 0.5, 0.4, 0.6), (label, 0.4, 0.3, 0.5)]),
    lambda label: plots.counts_bars([(label, 2.0)]),
    lambda label: plots.forest([(label, 0.1, 0.0, 0.2, 0.5)]),
    lambda label: plots.sweep_curves([(1, label, 1.0, 0.5, 1.5)]),
    lambda label: plots.histogram({label: {1: 2}}),
])
def test_a_label_is_drawn_as_written_not_as_tex(draw):
    figure = draw(r"$\frac{ card $ and A_B")  # bad TeX: matplotlib's mathtext would raise on drawing
    assert plots.svg(figure).startswith("<svg")


def test_rows_with_the_same_label_stay_apart():
    axes = plots.rate_bars([("Reverse", 0.5, 0.4, 0.6), ("Reverse", 0.2, 0.1, 0.3)]).axes[0]
    assert [round(b.get_width(), 6) for b in axes.patches] == [0.5, 0.2]
    assert [b.get_y() for b in axes.patches][0] != [b.get_y() for b in axes.patches][1]

"""The designer's lab on the report page: impact's forests, a sweep's curves, the skill
ladder — each a `Section` (unodsl.sim.html_report) drawn from the plain data the lab's
modules give (`impact_rows`, `sweep_points`, `SkillLadder.as_dict`), so the page shows
exactly the numbers `--json` prints.
"""
from __future__ import annotations

import math

from . import plots
from .html_report import Section
from .impact import CORRECTION, FIGURES as IMPACT_FIGURES, Impact, impact_rows
from .report import num
from .skill import LadderComparison, SkillLadder
from .sweep import FIGURES as SWEEP_FIGURES, Sweep, sweep_points


def _bound(x: float | None, sign: int) -> float:
    """An interval's end as the figures take it: unknown (None) is infinite."""
    return sign * math.inf if x is None else x


def _change(x: float | None, relative: bool) -> str:
    return "unknown" if x is None else num(100 * x, True) + ("%" if relative else " pts")


def _side(x: float | None, key: str, relative: bool) -> str:
    """A side's value: an amount as is, a rate in % (the first seat's edge signed)."""
    if x is None:
        return ""
    return f"{x:.2f}" if relative else f"{num(100 * x, key == 'first_seat_edge')}%"


# ---- impact -----------------------------------------------------------------------------

def impact_sections(result: Impact) -> list[Section]:
    """One forest per figure: every variant's paired change against the edition."""
    rows = impact_rows(result)
    sections = []
    for key, label, relative in IMPACT_FIGURES:
        mine = [r for r in rows if r["figure"] == key]
        if not mine:
            continue
        effects = [(r["variant"], r["estimate"] or 0.0, _bound(r["low"], -1), _bound(r["high"], 1),
                    r["p_adjusted"]) for r in mine]
        table = [("variant", "edition", "variant's", "change", "95% CI", "p", "p (Holm)")]
        for r in mine:
            table.append((r["variant"], _side(r["a"], key, relative), _side(r["b"], key, relative),
                          _change(r["estimate"], relative),
                          f"{_change(r['low'], relative)} … {_change(r['high'], relative)}",
                          "" if r["p"] is None else f"{r['p']:.3f}",
                          "" if r["p_adjusted"] is None else f"{r['p_adjusted']:.3f}"))
        xlabel = "relative change" if relative else "change (percentage points)"
        figure = plots.forest(effects, label, xlabel, tested_by="Holm-adjusted p")
        sections.append(Section(f"impact-{key.replace('_', '-')}", f"Impact on {label}", figure, table,
                                f"Each variant played on the edition's deals; filled: adjusted p < 0.05 "
                                f"({CORRECTION})."))
    return sections


def impact_title(result: Impact) -> tuple[str, list[str]]:
    return (f"What each card and rule of {result.edition} does",
            [f"{result.games} games of {result.players} players per variant, agents {','.join(result.agents)}, "
             f"seed {result.seed}; game i of the edition and of every variant dealt with seed {result.seed}:i.",
             "A kind's \"effect removed\" plays as a plain card of its colour (a wild one as a Wild that only "
             "names a colour); \"swapped\" replaces its cards by as many plain ones; a rule is played without "
             "(the edition's) or with (a popular rule). Every interval is a 95% one."])


# ---- a sweep ----------------------------------------------------------------------------

def sweep_sections(result: Sweep) -> list[Section]:
    """One curve per figure against the swept value, with its interval as a band."""
    points = sweep_points(result)
    numeric = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in result.values)
    sections = []
    for key, label, relative in SWEEP_FIGURES:
        mine = [r for r in points if r["figure"] == key]
        if all(r["estimate"] == 0 for r in mine) and key == "abandoned_rounds":
            continue  # nothing abandoned anywhere: an empty figure says nothing
        curve = [((r["value"] if numeric else i), label, r["estimate"], r["low"], r["high"])
                 for i, r in enumerate(mine)]
        table = [(result.setting, label, "95% CI", f"change from {result.values[0]}", "95% CI", "p")]
        for r in mine:
            change, low, high = r["change"]
            table.append((str(r["value"]), f"{r['estimate']:.3f}", f"{r['low']:.3f} … {r['high']:.3f}",
                          _change(change, relative), f"{_change(low, relative)} … {_change(high, relative)}",
                          f"{r['p']:.3f}"))
        figure = plots.sweep_curves(curve, f"{label} against {result.setting}", result.setting, label)
        if not numeric:
            figure.axes[0].set_xticks(range(len(result.values)), [plots.plain(v) for v in result.values])
        sections.append(Section(f"sweep-{key.replace('_', '-')}", f"{label.capitalize()} against {result.setting}",
                                figure, table, "Every value played on the same seeds; the band is the "
                                "value's 95% interval, the change is paired with the first value."))
    return sections


def sweep_title(result: Sweep) -> tuple[str, list[str]]:
    return (f"{result.setting} swept: {', '.join(map(str, result.values))}",
            [f"{result.games} games of {result.players} players at each value, agents {','.join(result.agents)}; "
             f"match i of every value with seed {result.seed}:i."])


# ---- the skill ladder -------------------------------------------------------------------

def skill_sections(result: SkillLadder | LadderComparison) -> list[Section]:
    """Each step's share of the rounds won by the upper rung, the fair share dashed; the
    gaps, the headroom and (for two ladders) its change in the table."""
    ladders = [("", result)] if isinstance(result, SkillLadder) else [("A: ", result.a), ("B: ", result.b)]
    rows, groups, table = [], [], [("step", "rounds", "upper share", "fair share", "gap", "95% CI")]
    for side, ladder in ladders:
        for step in ladder.steps:
            share, gap = step.share(), step.gap()
            label = f"{side}{_rung(step.upper)} vs {_rung(step.lower)}"
            rows.append((label, share.value, share.low, share.high))
            groups.append(side)
            table.append((label, step.rounds, f"{100 * share.value:.1f}%", f"{100 * step.fair:.1f}%",
                          _change(gap.value, False), f"{_change(gap.low, False)} … {_change(gap.high, False)}"))
        headroom = ladder.headroom()
        table.append((f"{side}headroom (the sum of the gaps)", "", "", "", _change(headroom.value, False),
                      f"{_change(headroom.low, False)} … {_change(headroom.high, False)}"))
    if isinstance(result, LadderComparison):
        d = result.difference()
        table.append(("change in headroom, B − A", "", "", "", _change(d.value, False),
                      f"{_change(d.low, False)} … {_change(d.high, False)}"))
    fair = ladders[0][1].steps[0].fair if ladders[0][1].steps else None
    figure = plots.ladder(rows, "skill ladder: the upper rung's share of the rounds won", fair,
                          groups if len(ladders) > 1 else None)
    return [Section("skill-ladder", "Skill ladder", figure, table,
                    "Each rung plays the one below, seated alternately in every rotation; a gap is the share of "
                    "rounds the upper rung won less its fair share (dashed), with Wilson's interval; the "
                    "headroom is the sum of the gaps.")]


def skill_title(result: SkillLadder | LadderComparison) -> tuple[str, list[str]]:
    ladders = [result] if isinstance(result, SkillLadder) else [result.a, result.b]
    first = ladders[0]
    return (f"Skill ladder of {' and '.join(ladder.label for ladder in ladders)}",
            [f"{first.players} players, {first.games} single-round games a step, mcts budget {first.budget}, "
             f"seed {first.seed}."])


def _rung(agent: str) -> str:
    """A rung as the figure labels it: mcts@25 for mcts:iterations=25."""
    return agent.replace("mcts:iterations=", "mcts@")

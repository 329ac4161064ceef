"""A simulation's report: the figures of a `Simulation` (unodsl.sim.simulate) with their
95% intervals, as text for people, JSON, and CSV rows for a spreadsheet.

Apart from the simulation because it only reads the sums the games left: nothing here
plays, and every format says the same figures.
"""
from __future__ import annotations

import csv
import io
import json

from ..limits import MAX_TURNS
from .simulate import Simulation
from .stats import Distribution, Interval


def _pct(x: Interval | float) -> str:
    return f"{100 * (x.value if isinstance(x, Interval) else x):.1f}"


def num(x: float, signed: bool = False, digits: int = 1) -> str:
    """x rounded, without the "-0.0" of a tiny negative number."""
    x = round(x, digits) + 0.0
    return f"{x:+.{digits}f}" if signed else f"{x:.{digits}f}"


def _ci(x: Interval, scale: float = 100, signed: bool = False) -> str:
    return f"{num(scale * x.low, signed)} … {num(scale * x.high, signed)}"


def table(rows: list[tuple], left: int = 1) -> list[str]:
    """Rows of cells aligned in columns: the first `left` columns to the left, the rest to the right."""
    widths = [max(len(str(row[col])) for row in rows) for col in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [str(c).ljust(w) if i < left else str(c).rjust(w) for i, (c, w) in enumerate(zip(row, widths))]
        lines.append("  ".join(cells).rstrip())
    return lines


def _spread(d: Distribution, digits: int = 1) -> str:
    if not d.n:
        return "none"
    mean = d.mean_interval()
    return (f"mean {mean.value:.{digits}f} (95% CI {mean.low:.{digits}f} … {mean.high:.{digits}f}), "
            f"median {d.median:g}, sd {d.sd:.{digits}f}, 10%–90% {d.quantile(0.1):g}–{d.quantile(0.9):g}, "
            f"min {min(d.counts)}, max {max(d.counts)}")


def _abandoned_warning(sim: Simulation) -> list[str]:
    """Rounds stopped at the turn limit make every figure below doubtful: said first, with a hint."""
    if not sim.abandoned:
        return []
    share = 100 * sim.abandoned / max(sim.rounds, 1)
    lines = [f"warning: {sim.abandoned} of {sim.rounds} rounds ({share:.1f}%) were abandoned without a winner: "
             f"{_abandoned_how(sim)}"]
    if sim.stopped:
        lines.append(f"  the first stopped: {sim.first_stop}")
    return lines + ["  hint: a rule that keeps hands growing (draws with no end, stacked draws that keep "
                    "coming back) or that repeats without end stops rounds from ending; the win figures below "
                    "count finished rounds only", ""]


def _abandoned_how(sim: Simulation) -> str:
    at_limit = sim.abandoned - sim.stopped
    return ", ".join(part for part in (
        f"{at_limit} at the turn limit ({MAX_TURNS} turns)" if at_limit else "",
        f"{sim.stopped} stopped by a limit of work or of numbers" if sim.stopped else "") if part)


def format_text(sim: Simulation, timing: bool = True) -> str:
    """Tables for people; the speed, which varies from run to run, is the last line."""
    lines = [f"{sim.name} ({sim.edition}): {sim.games} games, {sim.players} players, seed {sim.seed}", ""]
    lines += _abandoned_warning(sim)
    rows = [("seat", "agent", "match wins", "win%", "95% CI", "round wins", "win%", "95% CI", "mean score")]
    for seat in range(sim.players):
        match, rnd = sim.match_win_rate(seat), sim.round_win_rate(seat)
        rows.append((str(seat), sim.agents[seat], sim.wins[seat], _pct(match), _ci(match),
                     sim.round_wins[seat], _pct(rnd), _ci(rnd), f"{sim.points[seat] / sim.games:.0f}"))
    lines += table(rows, left=2)
    agents = list(dict.fromkeys(sim.agents))
    if len(agents) > 1:
        lines += ["", "by agent: matches won per seat it holds"]
        rows = [("agent", "seats", "match wins", "win% per seat", "95% CI")]
        for agent in agents:
            rate = sim.agent_win_rate(agent)
            rows.append((agent, sim.agents.count(agent), sum(w for w, a in zip(sim.wins, sim.agents) if a == agent),
                         _pct(rate), _ci(rate)))
        lines += table(rows)
    lines += ["", "round wins by place after the dealer (place 1 plays first):"]
    rows = [("place", "round wins", "win%", "95% CI")]
    for place in range(sim.players):
        rate = sim.place_win_rate(place)
        rows.append((f"{place}{' (dealer)' if place == 0 else ''}", sim.order_wins[place], _pct(rate), _ci(rate)))
    lines += table(rows)
    lines.append("")
    if sim.unfinished:
        lines.append(f"unfinished matches: {sim.unfinished}")
    lines.append(f"rounds: {sim.rounds} ({sim.abandoned} abandoned{': ' + _abandoned_how(sim) if sim.abandoned else ''})")
    lines.append(f"rounds per match: {_spread(sim.rounds_per_match)}")
    lines.append(f"turns per round: {_spread(sim.turns_per_round)}")
    lines.append(f"points per round: {_spread(sim.points_per_round)}")
    if sim.lead_changes.n:
        lines += ["", "drama (README, \"Drama and tension\"; rounds won, by the cards in hand):",
                  f"lead changes per round: {_spread(sim.lead_changes)}",
                  f"the winner's largest deficit (cards behind the leader): {_spread(sim.deficits)}",
                  f"plays from the last lead change to the end: {_spread(sim.decisive)}",
                  f"rounds decided by one card (another held one): {_pct(sim.one_card_rate())}% "
                  f"(95% CI {_ci(sim.one_card_rate())})"]
    lines += [""] + _card_lines(sim)
    if sim.rules:
        lines += ["", "house rules: runs per round"]
        lines += table([("rule", "runs", "per round")] +
                        [(label, sim.fires[label], f"{sim.fires[label] / max(sim.rounds, 1):.2f}")
                         for label in sim.rules])
    lines += [""] + _lift_lines(sim)
    if timing:
        lines.append(f"speed: {sim.speed:.0f} rounds/s")
    return "\n".join(lines)


def _card_lines(sim: Simulation) -> list[str]:
    per = max(sim.rounds, 1)
    columns = [("played", sim.plays), ("reactions", sim.reactions), ("table uses", sim.uses),
               ("effect runs", sim.fires), ("written-rule runs", sim.written)]
    columns = [(title, counts) for title, counts in columns if any(counts.get(k) for k in sim.kinds)]
    header = ["card"] + [f"{title}/round" for title, _ in columns]
    rows = [tuple(header)]
    for kind, name in sim.kinds.items():
        rows.append((name, *[f"{counts.get(kind, 0) / per:.2f}" for _, counts in columns]))
    return ["cards: how often each kind was played and its effect ran, per round"] + table(rows)


def _lift_lines(sim: Simulation) -> list[str]:
    """The change in round-win rate that goes with playing / being dealt each special card."""
    lines = ["win-rate lift of special cards, in points of round-win rate:",
             "  played: P(win the round | the seat played ≥1) - P(win | it did not); seats that go out",
             "          have played more cards, so this measures that too",
             "  dealt:  P(win | ≥1 in the hand dealt) - P(win | none); the deal is random, so this is",
             "          what holding the card does for its holder"]
    rows = [("card", "played", "lift", "95% CI", "dealt", "lift", "95% CI")]
    for kind in sim.special:
        played, dealt = sim.lift(kind, "played"), sim.lift(kind, "dealt")
        rows.append((sim.kinds[kind], sim.played.get(kind, (0, 0))[0], num(100 * played.value, True),
                     _ci(played, signed=True), sim.dealt.get(kind, (0, 0))[0], num(100 * dealt.value, True),
                     _ci(dealt, signed=True)))
    return lines + table(rows)


def as_dict(sim: Simulation, timing: bool = True) -> dict:
    per = max(sim.rounds, 1)
    data = {
        "edition": sim.edition, "players": sim.players, "games": sim.games, "seed": sim.seed,
        "agents": sim.agents, "wins": sim.wins, "unfinished": sim.unfinished, "points": sim.points,
        "rounds": sim.rounds, "abandoned_rounds": sim.abandoned, "stopped_rounds": sim.stopped,
        "first_stop": sim.first_stop or None, "turn_limit": MAX_TURNS, "turns": sim.turns,
        "mean_turns": round(sim.mean_turns, 3),
        "seats": [{"seat": seat, "agent": sim.agents[seat], "match_wins": sim.wins[seat],
                   "match_win_rate": sim.match_win_rate(seat).as_list(),
                   "round_wins": sim.round_wins[seat], "round_win_rate": sim.round_win_rate(seat).as_list(),
                   "mean_score": round(sim.points[seat] / sim.games, 3)} for seat in range(sim.players)],
        "by_agent": {agent: {"seats": sim.agents.count(agent),
                             "match_win_rate_per_seat": sim.agent_win_rate(agent).as_list()}
                     for agent in dict.fromkeys(sim.agents)},
        "places": [{"place": place, "round_wins": sim.order_wins[place],
                    "round_win_rate": sim.place_win_rate(place).as_list()} for place in range(sim.players)],
        "rounds_per_match": sim.rounds_per_match.summary(),
        "turns_per_round": sim.turns_per_round.summary(),
        "points_per_round": sim.points_per_round.summary(),
        "drama": {"rounds": sim.lead_changes.n, "lead_changes_per_round": sim.lead_changes.summary(),
                  "winner_deficit": sim.deficits.summary(), "plays_after_last_lead_change": sim.decisive.summary(),
                  "decided_by_one_card": sim.one_card_rate().as_list()},
        "cards": {kind: {"name": name, "played": sim.plays.get(kind, 0), "reactions": sim.reactions.get(kind, 0),
                         "table_uses": sim.uses.get(kind, 0), "effect_runs": sim.fires.get(kind, 0),
                         "written_rule_runs": sim.written.get(kind, 0),
                         "played_per_round": round(sim.plays.get(kind, 0) / per, 4),
                         "effect_runs_per_round": round(sim.fires.get(kind, 0) / per, 4)}
                  for kind, name in sim.kinds.items()},
        "rules": {label: {"runs": sim.fires.get(label, 0), "per_round": round(sim.fires.get(label, 0) / per, 4)}
                  for label in sim.rules},
        "lift": {kind: {how: {"seat_rounds": (sim.played if how == "played" else sim.dealt).get(kind, (0, 0))[0],
                              "lift": sim.lift(kind, how).as_list()} for how in ("played", "dealt")}
                 for kind in sim.special},
        "interval": "95%: Wilson for rates, Newcombe for lifts, normal for means",
    }
    if timing:
        data["speed"] = round(sim.speed, 1)
    return data


def format_json(sim: Simulation, timing: bool = True) -> str:
    return json.dumps(as_dict(sim, timing))


CSV_COLUMNS = ("section", "key", "statistic", "value", "ci_low", "ci_high")


def csv_rows(sim: Simulation, timing: bool = True) -> list[tuple]:
    """One figure per row (a long table, easy to filter and pivot): see CSV_COLUMNS."""
    rows: list[tuple] = []

    def add(section, key, statistic, value, interval: Interval | None = None):
        rows.append((section, key, statistic, value, *(("", "") if interval is None else
                                                       (round(interval.low, 6), round(interval.high, 6)))))

    for name in ("edition", "players", "games", "seed"):
        add("run", "", name, getattr(sim, name))
    add("run", "", "agents", ",".join(sim.agents))
    for seat in range(sim.players):
        add("seat", seat, "match_wins", sim.wins[seat])
        match = sim.match_win_rate(seat)
        add("seat", seat, "match_win_rate", round(match.value, 6), match)
        add("seat", seat, "round_wins", sim.round_wins[seat])
        rnd = sim.round_win_rate(seat)
        add("seat", seat, "round_win_rate", round(rnd.value, 6), rnd)
        add("seat", seat, "mean_score", round(sim.points[seat] / sim.games, 6))
    for agent in dict.fromkeys(sim.agents):
        rate = sim.agent_win_rate(agent)
        add("agent", agent, "match_win_rate_per_seat", round(rate.value, 6), rate)
    for place in range(sim.players):
        rate = sim.place_win_rate(place)
        add("place", place, "round_win_rate", round(rate.value, 6), rate)
    add("rounds", "", "rounds", sim.rounds)
    add("rounds", "", "abandoned", sim.abandoned)
    add("rounds", "", "stopped", sim.stopped)
    add("rounds", "", "unfinished_matches", sim.unfinished)
    for section, d in (("rounds_per_match", sim.rounds_per_match), ("turns_per_round", sim.turns_per_round),
                       ("points_per_round", sim.points_per_round)):
        if d.n:
            mean = d.mean_interval()
            add(section, "", "mean", round(mean.value, 6), mean)
            for statistic, value in (("median", d.median), ("sd", round(d.sd, 6)), ("p10", d.quantile(0.1)),
                                     ("p90", d.quantile(0.9)), ("min", min(d.counts)), ("max", max(d.counts))):
                add(section, "", statistic, value)
    for kind in sim.kinds:
        for statistic, counts in (("played", sim.plays), ("reactions", sim.reactions), ("table_uses", sim.uses),
                                  ("effect_runs", sim.fires), ("written_rule_runs", sim.written)):
            add("card", kind, statistic, counts.get(kind, 0))
    for label in sim.rules:
        add("rule", label, "runs", sim.fires.get(label, 0))
    for kind in sim.special:
        for how in ("played", "dealt"):
            lift = sim.lift(kind, how)
            add(f"lift_{how}", kind, "round_win_rate_lift", round(lift.value, 6), lift)
    if timing:
        add("run", "", "rounds_per_second", round(sim.speed, 1))
    return rows


def format_csv(sim: Simulation, timing: bool = True) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    writer.writerows(csv_rows(sim, timing))
    return out.getvalue().rstrip("\n")

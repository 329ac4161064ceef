"""Many bot-played matches of an edition, summed up into the figures a designer asks for.

`simulate()` plays the matches (here, in worker processes or on Ray: see
unodsl.sim.parallel) and returns a `Simulation`, the sums of their `GameTally`s
(unodsl.sim.tally). `report()` turns it into figures with 95% intervals
(unodsl.sim.stats), which `format_text()`, `format_json()` and `format_csv()`
render. The CLI (`unodsl simulate`) only calls these.

Everything but the speed is a function of the arguments, whatever the number
of workers: two runs with the same arguments print the same report apart from
the speed figure.
"""
from __future__ import annotations

import csv
import io
import json
import time
from collections import Counter
from dataclasses import dataclass, field

from ..agents import parse_agent
from ..edition.model import Edition
from ..edition.schema import nested_settings
from ..errors import EditionError, UnoError
from ..limits import MAX_TURNS
from .parallel import Side, load_side, run_games
from .stats import Distribution, Interval, newcombe, wilson
from .tally import GameTally, play_game, rule_labels


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
    abandoned: int = 0  # rounds stopped without a winner: at the turn limit, or by a limit of work
    stopped: int = 0  # of those, the rounds a limit of work stopped (unodsl.engine.budget)
    first_stop: str = ""  # why the first of them was stopped
    turns: int = 0  # turns summed over every round
    round_wins: list[int] = field(default_factory=list)  # per seat
    order_wins: list[int] = field(default_factory=list)  # round wins by place after the dealer (0: dealer)
    seat_rounds: int = 0  # rounds times the seats that played them
    rounds_per_match: Distribution = field(default_factory=Distribution)
    turns_per_round: Distribution = field(default_factory=Distribution)
    points_per_round: Distribution = field(default_factory=Distribution)
    kinds: dict = field(default_factory=dict)  # kind id -> name, in the edition's order
    special: list = field(default_factory=list)  # kinds that do something: an effect, a reaction, a use
    rules: list = field(default_factory=list)  # labels of the house rules' hooks
    plays: Counter = field(default_factory=Counter)  # kind -> cards played in turn
    reactions: Counter = field(default_factory=Counter)
    uses: Counter = field(default_factory=Counter)  # table cards used
    fires: Counter = field(default_factory=Counter)  # kind or rule label -> effect runs
    written: Counter = field(default_factory=Counter)  # kind -> runs of rules written on its cards
    played: dict = field(default_factory=dict)  # kind -> [seat-rounds it was played in, of which won]
    dealt: dict = field(default_factory=dict)  # kind -> [seat-rounds it was dealt in, of which won]
    seconds: float = field(default=0.0, compare=False)

    @classmethod
    def empty(cls, edition: Edition, players: int, games: int, seed: str, agents: list[str]) -> Simulation:
        special = [k.id for k in edition.kinds.values()
                   if k.effect is not None or k.reaction_effect is not None or k.use is not None or k.blank]
        return cls(edition=edition.id, name=edition.name, players=players, games=games, seed=str(seed),
                   agents=list(agents), wins=[0] * players, points=[0] * players, round_wins=[0] * players,
                   order_wins=[0] * players, kinds=kind_names(edition),
                   special=special, rules=rule_labels(edition))

    def add(self, game: GameTally) -> None:
        """Add one match's tally (matches must be added in game order for identical sums)."""
        if game.winner is None:
            self.unfinished += 1
        else:
            self.wins[game.winner] += 1
        for seat, score in enumerate(game.scores):
            self.points[seat] += score
        for seat, won in enumerate(game.round_wins(self.players)):
            self.round_wins[seat] += won
        for place, won in enumerate(game.order_wins):
            self.order_wins[place] += won
        self.rounds += game.rounds
        self.abandoned += sum(1 for w in game.round_winners if w is None)
        self.stopped += len(game.stopped)
        if game.stopped and not self.first_stop:
            self.first_stop = game.stopped[0]
        self.turns += sum(game.turns)
        self.seat_rounds += game.seat_rounds
        self.rounds_per_match.add(game.rounds)
        self.turns_per_round.update(game.turns)
        self.points_per_round.update(game.points)
        for mine, theirs in ((self.plays, game.plays), (self.reactions, game.reactions), (self.uses, game.uses),
                             (self.fires, game.fires), (self.written, game.written)):
            mine.update(theirs)
        for mine, theirs in ((self.played, game.played), (self.dealt, game.dealt)):
            for kind, (n, won) in theirs.items():
                entry = mine.setdefault(kind, [0, 0])
                entry[0] += n
                entry[1] += won

    @property
    def mean_turns(self) -> float:
        return self.turns / self.rounds if self.rounds else 0.0

    @property
    def speed(self) -> float:
        """Rounds per second of wall-clock time."""
        return self.rounds / self.seconds if self.seconds > 0 else 0.0

    # ---- the figures, with their intervals ------------------------------------------

    def match_win_rate(self, seat: int) -> Interval:
        return wilson(self.wins[seat], self.games)

    def round_win_rate(self, seat: int) -> Interval:
        return wilson(self.round_wins[seat], self.rounds)

    def agent_win_rate(self, agent: str) -> Interval:
        """The share of matches won by a seat of `agent`, per seat it holds (1/players if all are alike)."""
        seats = [s for s, a in enumerate(self.agents) if a == agent]
        return wilson(sum(self.wins[s] for s in seats), self.games * len(seats))

    def place_win_rate(self, place: int) -> Interval:
        return wilson(self.order_wins[place], self.rounds)

    def lift(self, kind: str, how: str = "played") -> Interval:
        """P(win the round | the seat played (or was dealt) ≥1 card of `kind`) - P(win | not).

        Played: the seat played, reacted with or used one in the round; dealt: one
        was in the hand it was dealt. Newcombe's interval treats the two groups
        as independent samples of seat-rounds.
        """
        n_with, won_with = (self.played if how == "played" else self.dealt).get(kind, (0, 0))
        won = self.rounds - self.abandoned
        return newcombe(won_with, n_with, won - won_with, self.seat_rounds - n_with)


def parse_agents(agents: str | list[str], players: int) -> list[str]:
    """One agent name per seat from "greedy" (every seat) or "random,greedy,..." (one each)."""
    names = [a.strip() for a in agents.split(",")] if isinstance(agents, str) else list(agents)
    for name in names:
        if "=" in name and ":" not in name:
            raise UnoError(f"{name!r} is not an agent: an agent's settings are joined to it by ':', "
                           "and commas separate the seats (mcts:iterations=400:depth=6,greedy)")
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise UnoError(f"{len(names)} agents given for {players} players; "
                       "give one name for every seat, or one per seat separated by commas")
    for name in names:
        parse_agent(name)  # (a known agent, with settings it takes)
    return names


def make_side(edition: Edition | str, players: int, seed, agents, rules=None, settings=None) -> Side:
    """A Side (unodsl.sim.parallel) for an edition given by name or path, or already loaded."""
    seats = tuple(parse_agents(agents, players))
    if isinstance(edition, Edition):
        if rules or settings:
            raise UnoError("extra rules and settings are given to load_edition, not to an Edition already loaded")
        return Side("", players=players, agents=seats, seed=str(seed), loaded=edition)
    nested = nested_settings(settings or {})
    if nested:
        raise EditionError(nested)
    return Side(edition, tuple(rules or ()), tuple(sorted((settings or {}).items())), players, seats, str(seed))


def simulate(edition: Edition | str, players: int = 4, games: int = 100, seed: str | int = 1,
             agents: str | list[str] = "random", rules: list[str] | None = None, log=None,
             settings: dict | None = None, workers: int = 1, backend: str = "processes",
             progress=None) -> Simulation:
    """Play `games` matches, match i with seed "{seed}:{i}", and add up what happened.

    `edition` is an Edition, or a name or path for `load_edition` (with `rules`
    and `settings`; workers need a name or path). With a `log` stream, every
    event of every match is written to it as a JSON line carrying the match's
    number (`"game": i`); logging plays in this process. `workers` > 1 plays
    in that many processes, `backend="ray"` on Ray; the result is the same.
    `progress(n)` is called as n more games are done.
    """
    if games < 1:
        raise UnoError(f"games must be at least 1, not {games}")
    side = make_side(edition, players, seed, agents, rules, settings)
    loaded = load_side(side)  # errors in the edition show here, before any worker starts
    if log is not None and (workers > 1 or backend != "processes"):
        raise UnoError("--log writes every event from this process: use it without --workers or --backend")
    sim = Simulation.empty(loaded, players, games, seed, list(side.agents))
    start = time.perf_counter()
    if log is not None:
        for i in range(games):
            sim.add(play_game(loaded, players, list(side.agents), f"{seed}:{i}", log=log, game=i))
            if progress is not None:
                progress(1)
    else:
        side = Side(side.edition, side.rules, side.settings, players, side.agents, side.seed, loaded)
        for (game,) in run_games((side,), games, workers, backend, progress):
            sim.add(game)
    sim.seconds = time.perf_counter() - start
    return sim


# ---- reports ----------------------------------------------------------------------

def _pct(x: Interval | float) -> str:
    return f"{100 * (x.value if isinstance(x, Interval) else x):.1f}"


def _num(x: float, signed: bool = False, digits: int = 1) -> str:
    """x rounded, without the "-0.0" of a tiny negative number."""
    x = round(x, digits) + 0.0
    return f"{x:+.{digits}f}" if signed else f"{x:.{digits}f}"


def _ci(x: Interval, scale: float = 100, signed: bool = False) -> str:
    return f"{_num(scale * x.low, signed)} … {_num(scale * x.high, signed)}"


def _table(rows: list[tuple], left: int = 1) -> list[str]:
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
    lines += _table(rows, left=2)
    agents = list(dict.fromkeys(sim.agents))
    if len(agents) > 1:
        lines += ["", "by agent: matches won per seat it holds"]
        rows = [("agent", "seats", "match wins", "win% per seat", "95% CI")]
        for agent in agents:
            rate = sim.agent_win_rate(agent)
            rows.append((agent, sim.agents.count(agent), sum(w for w, a in zip(sim.wins, sim.agents) if a == agent),
                         _pct(rate), _ci(rate)))
        lines += _table(rows)
    lines += ["", "round wins by place after the dealer (place 1 plays first):"]
    rows = [("place", "round wins", "win%", "95% CI")]
    for place in range(sim.players):
        rate = sim.place_win_rate(place)
        rows.append((f"{place}{' (dealer)' if place == 0 else ''}", sim.order_wins[place], _pct(rate), _ci(rate)))
    lines += _table(rows)
    lines.append("")
    if sim.unfinished:
        lines.append(f"unfinished matches: {sim.unfinished}")
    lines.append(f"rounds: {sim.rounds} ({sim.abandoned} abandoned{': ' + _abandoned_how(sim) if sim.abandoned else ''})")
    lines.append(f"rounds per match: {_spread(sim.rounds_per_match)}")
    lines.append(f"turns per round: {_spread(sim.turns_per_round)}")
    lines.append(f"points per round: {_spread(sim.points_per_round)}")
    lines += [""] + _card_lines(sim)
    if sim.rules:
        lines += ["", "house rules: runs per round"]
        lines += _table([("rule", "runs", "per round")] +
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
    return ["cards: how often each kind was played and its effect ran, per round"] + _table(rows)


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
        rows.append((sim.kinds[kind], sim.played.get(kind, (0, 0))[0], _num(100 * played.value, True),
                     _ci(played, signed=True), sim.dealt.get(kind, (0, 0))[0], _num(100 * dealt.value, True),
                     _ci(dealt, signed=True)))
    return lines + _table(rows)


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


def kind_names(edition: Edition) -> dict[str, str]:
    """Each kind's name in the tables; a name two sides share says its side (`Reverse (dark)`)."""
    names = {k.id: k.name for k in edition.kinds.values()}
    if edition.sides:
        shared = {name for name in names.values() if list(names.values()).count(name) > 1}
        side_of = {kid: side.name for side in edition.sides for kid in side.kinds}
        names = {kid: f"{name} ({side_of[kid]})" if name in shared else name for kid, name in names.items()}
    return names

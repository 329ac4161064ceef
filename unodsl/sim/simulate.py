"""Many bot-played matches of an edition, summed up into the figures a designer asks for.

`simulate()` plays the matches (here, in worker processes or on Ray: see
unodsl.sim.parallel) and returns a `Simulation`, the sums of their `GameTally`s
(unodsl.sim.tally). `report()` turns it into figures with 95% intervals
(unodsl.sim.stats), which `format_text()`, `format_json()` and `format_csv()`
render (unodsl.sim.report). The CLI (`unodsl simulate`) only calls these.

Everything but the speed is a function of the arguments, whatever the number
of workers: two runs with the same arguments print the same report apart from
the speed figure.
"""
from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field

from ..agents import parse_agent
from ..edition.model import Edition
from ..edition.schema import nested_settings
from ..errors import EditionError, UnoError
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
    lead_changes: Distribution = field(default_factory=Distribution)  # drama.py, per round won
    deficits: Distribution = field(default_factory=Distribution)
    decisive: Distribution = field(default_factory=Distribution)
    one_card: int = 0  # rounds won while another player held one card
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
        self.lead_changes.update(game.lead_changes)
        self.deficits.update(game.deficits)
        self.decisive.update(game.decisive)
        self.one_card += game.one_card
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

    def one_card_rate(self) -> Interval:
        """The share of the rounds (whose trajectory was followed) decided by one card."""
        return wilson(self.one_card, self.lead_changes.n)

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


def make_side(edition: Edition | str, players: int, seed, agents, rules=None, settings=None,
              drama: bool = False) -> Side:
    """A Side (unodsl.sim.parallel) for an edition given by name or path, or already loaded."""
    seats = tuple(parse_agents(agents, players))
    if isinstance(edition, Edition):
        if rules or settings:
            raise UnoError("extra rules and settings are given to load_edition, not to an Edition already loaded")
        return Side("", players=players, agents=seats, seed=str(seed), loaded=edition, drama=drama)
    nested = nested_settings(settings or {})
    if nested:
        raise EditionError(nested)
    return Side(edition, tuple(rules or ()), tuple(sorted((settings or {}).items())), players, seats, str(seed),
                drama=drama)


def simulate(edition: Edition | str, players: int = 4, games: int = 100, seed: str | int = 1,
             agents: str | list[str] = "random", rules: list[str] | None = None, log=None,
             settings: dict | None = None, workers: int = 1, backend: str = "processes",
             progress=None, drama: bool = False) -> Simulation:
    """Play `games` matches, match i with seed "{seed}:{i}", and add up what happened.

    `edition` is an Edition, or a name or path for `load_edition` (with `rules`
    and `settings`; workers need a name or path). With a `log` stream, every
    event of every match is written to it as a JSON line carrying the match's
    number (`"game": i`); logging plays in this process. `workers` > 1 plays
    in that many processes, `backend="ray"` on Ray; the result is the same.
    `progress(n)` is called as n more games are done. `drama`: follow every round's
    trajectory too (unodsl.sim.drama).
    """
    if games < 1:
        raise UnoError(f"games must be at least 1, not {games}")
    side = make_side(edition, players, seed, agents, rules, settings, drama)
    loaded = load_side(side)  # errors in the edition show here, before any worker starts
    if log is not None and (workers > 1 or backend != "processes"):
        raise UnoError("--log writes every event from this process: use it without --workers or --backend")
    sim = Simulation.empty(loaded, players, games, seed, list(side.agents))
    start = time.perf_counter()
    if log is not None:
        for i in range(games):
            sim.add(play_game(loaded, players, list(side.agents), f"{seed}:{i}", log=log, game=i, drama=drama))
            if progress is not None:
                progress(1)
    else:
        side = Side(side.edition, side.rules, side.settings, players, side.agents, side.seed, loaded, drama)
        for (game,) in run_games((side,), games, workers, backend, progress):
            sim.add(game)
    sim.seconds = time.perf_counter() - start
    return sim


def kind_names(edition: Edition) -> dict[str, str]:
    """Each kind's name in the tables; a name two sides share says its side (`Reverse (dark)`)."""
    names = {k.id: k.name for k in edition.kinds.values()}
    if edition.sides:
        shared = {name for name in names.values() if list(names.values()).count(name) > 1}
        side_of = {kid: side.name for side in edition.sides for kid in side.kinds}
        names = {kid: f"{name} ({side_of[kid]})" if name in shared else name for kid, name in names.items()}
    return names

"""A match: rounds until someone reaches the target score.

`Match` is the public face of the engine. Give every seat an agent and call
`play()`; or leave some seats to be answered from outside (a person, a test, a
learning agent) and answer `match.decision` with `match.answer(option)`.

The engine is plain synchronous code that calls `ask(decision)`; to pause it
for an outside answer, the game runs in a greenlet (a coroutine that can be
switched out from any depth of calls), so simulations pay nothing for the
ability to pause.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from .errors import IllegalMove, ScriptError, UnoError
from .limits import MAX_ABANDONED_IN_A_ROW, MAX_RECORDED_EVENTS, MAX_ROUNDS, MAX_TURNS
from greenlet import getcurrent, greenlet

from .agents import make_agent
from .engine import modes
from .engine.decisions import PLAY_DRAWN, TURN, WRITE_RULE, Decision, plain
from .engine.round import Round
from .engine.quick_random import shuffle, shuffled_length
from .engine.specialise import specialised
from .seat.observe import Observer


@dataclass
class RoundResult:
    winner: int | None  # None: stopped at the turn limit without a winner
    turns: int
    points: list[int]  # points left in each hand
    scored: list[int]  # what each player's score changed by
    stopped: str | None = None  # why a limit of work stopped the round (unodsl.engine.budget), if one did


@dataclass
class MatchResult:
    winner: int | None
    scores: list[int]
    rounds: list[RoundResult] = field(default_factory=list)


# The decisions in which a player plays a card: a seat answered from outside (a person, an
# external agent) is asked them even when only one card may be played (the drawn card under
# `play_drawn: must`, the one playable card under `must_play`): the player acts, and sees it.
# Other forced moves (a single colour, a single other player) are taken for every seat.
PLAYS = (TURN, PLAY_DRAWN)


class Match:
    """A whole match of `edition` for `players` seats.

    agents: one per seat, an Agent instance, a registered agent name
    ("random", "greedy") or None for a seat answered through `answer()`.
    ask_draws: a seat answered through `answer()` is asked its turn even when nothing
    of its hand goes (the only option: DRAW), as a person at the table presses the
    key to draw; without it that draw is taken for them (the answers of older saves).
    """

    round_class = Round  # a subclass may count what happens in its rounds (unodsl.sim.tally)

    def __init__(self, edition, players: int = 4, agents=None, seed: int | str | None = None,
                 record: bool = True, target: int | None = None, max_turns: int = MAX_TURNS,
                 max_rounds: int = MAX_ROUNDS, setup=None, birthdays: list | None = None,
                 specialise: bool = True, histories: list[int] = (), ask_draws: bool = False):
        limits = edition.settings["players"]
        if not limits["min"] <= players <= limits["max"]:
            raise UnoError(f"{edition.name} is for {limits['min']} to {limits['max']} players, not {players}")
        modes.check_table(edition.settings, players)
        self.edition = edition
        self.n = players
        self.seed = seed if seed is not None else random.randrange(2**63)
        self.rng = random.Random(f"deck:{self.seed}")
        self.log: list | None = [] if record else None
        self.target = target if target is not None else edition.settings["target_score"]
        self.max_turns = max_turns
        self.max_rounds = max_rounds
        self.scores = [0] * players
        self.active = list(range(players))  # seats still in the match (Challenge UNO eliminates)
        self.eliminated: list[int] = []
        self.birthdays = birthdays
        self.results: list[RoundResult] = []
        self.round: Round | None = None
        self.decision: Decision | None = None
        # The answers given from outside, in order: agents answer the same way
        # again for the same seed, so the seed and these replay the match.
        self.answers: list = []
        self.finished = False
        self.winner: int | None = None
        self.setup = setup  # a stacked first round (unodsl.engine.setup.Setup)
        self.ask_draws = ask_draws
        self.agents = [self._agent(a, seat) for seat, a in enumerate(_per_seat(agents, players))]
        # The seats whose history of each round is kept (unodsl.seat.observe): those asked for,
        # and those whose agent reads it. Their rounds record (each into a list of its own when
        # the match is not recorded) and are played by the interpreter's loop.
        self.histories = sorted({*histories, *(seat for seat, agent in enumerate(self.agents)
                                              if getattr(agent, "keeps_history", False))})
        # Rounds nobody records are played by the turn loop written for the edition
        # (unodsl.engine.specialise), which plays the same games as the interpreter's.
        self.specialise = specialise and not record and not self.histories
        if setup is not None and setup.scores is not None:
            self.scores[:] = setup.scores
        self.written = dict(edition.written)  # rules on blank cards, kept from round to round
        vocab = edition.vocabulary  # state variables kept from round to round, if the edition has any
        kept = (vocab.player_state or vocab.game_state) and any(
            v.keep == "match" for v in (*vocab.player_state.values(), *vocab.game_state.values()))
        self.kept_state = {"players": [{} for _ in range(players)], "game": {}} if kept else None
        self._round_agents = self.agents
        self._caller = None
        self._game = greenlet(self._run)
        self._resume()

    def _agent(self, spec, seat: int):
        if spec is None:
            return None

        return make_agent(spec, random.Random(f"agent:{self.seed}:{seat}"))

    # ---- driving -------------------------------------------------------------

    def play(self) -> MatchResult:
        """Run the match to its end (every seat needs an agent)."""
        if not self.finished:
            raise UnoError(f"seat {self.decision.player} has no agent: answer match.decision first")
        return self.result()

    def answer(self, option) -> None:
        """Answer the pending decision from outside; an illegal answer raises IllegalMove."""
        decision = self.decision
        if decision is None:
            raise IllegalMove("no decision is waiting for an answer")
        if decision.kind == WRITE_RULE and isinstance(option, str) and option not in decision.options:
            self._check_rule(option)  # any rule the players write, if it compiles
        elif not _is_option(option, decision.options):
            raise IllegalMove(self._refusal(decision, option))
        self.decision = None
        self.answers.append(option)
        if self.log is not None or self.round.observer is not None:  # (someone keeps it)
            self._note({"event": "answer", "player": decision.player, "kind": decision.kind,
                        "value": plain(option)})
        self._resume(option)

    def _check_rule(self, text: str) -> None:
        try:
            self.edition.compile_rule(text)
        except ScriptError as error:
            where = f"line {error.line}, column {error.column}"
            hint = f" ({error.hint})" if error.hint else ""
            raise IllegalMove(f"{where}: {error.message}{hint}") from None

    def _refusal(self, decision: Decision, option) -> str:
        if decision.kind == "turn" and option in self.round.hands[decision.player]:
            return self.round.why_not(option) or "that card cannot be played now"
        return f"{option!r} is not one of the options: {decision.options!r}"

    def _ask(self, decision: Decision):
        """Every decision of the match comes here, inside the game's greenlet.

        A seat with an agent answers at once; for a seat without one the game
        pauses (switches back to the caller of `answer()`) until it is answered.
        """
        options = decision.options
        agent = self._round_agents[decision.player]
        if len(options) == 1 and decision.kind is not WRITE_RULE and not (agent is None and decision.kind in PLAYS):
            value = options[0]  # a forced move: nothing to ask (a rule can always be written)
        else:
            if agent is None:
                self.decision = decision
                return self._caller.switch()  # answer() validates and records
            value = agent.choose(decision, self.round.view(decision.player))
            if not agent.trusted and not _is_option(value, options):
                raise IllegalMove(f"agent {agent!r} answered {value!r} to {decision!r}")
        if self.log is not None or self.round.observer is not None:
            self._note({"event": "decision", "kind": decision.kind, "player": decision.player,
                        "options": len(options), "value": plain(value)})
        return value

    def _note(self, event: dict) -> None:
        """A decision of the round in play: in the match's log, and seen by the seats it keeps."""
        if self.log is not None:
            self.log.append(event)
        observer = self.round.observer
        if observer is not None:
            observer.saw(event)

    def _resume(self, *value) -> None:
        """Run the game until a seat without an agent must decide, or the match ends."""
        self._caller = getcurrent()
        self._game.switch(*value)
        if self._game.dead:
            self.finished = True
            if self.round is not None:  # it asks no more: without this link back to the
                self.round._ask_plain = None  # match, both are freed at once

    def result(self) -> MatchResult:
        return MatchResult(self.winner, list(self.scores), list(self.results))

    # ---- the match -------------------------------------------------------------

    def _run(self):
        dealer = self._choose_dealer() if self.setup is None else None
        round_class = specialised(self.edition, self.round_class) if self.specialise else self.round_class
        while True:
            active = self.active
            self._round_agents = [self.agents[s] for s in active]
            kept = [active.index(seat) for seat in self.histories if seat in active]
            log = self.log if self.log is not None or not kept else []
            rnd = self.round = round_class(self.edition, len(active), dealer, self.rng, log,
                                           [self.scores[s] for s in active], max_turns=self.max_turns,
                                           ask=self._ask, written=self.written, agents=self._round_agents,
                                           chance_seed=(self.seed, len(self.results)),
                                           ask_draws=self.ask_draws)
            if kept:
                rnd.observer = Observer(rnd, kept)
            for agent in self._round_agents:
                if agent is not None:
                    agent.new_round()
            if self.kept_state:
                self._restore_state(rnd, active)
            if len(active) != self.n:
                self.record("round_seats", seats=active)
            self._play_round(rnd, self.setup if not self.results else None)
            if self.kept_state:
                self._keep_state(rnd, active)
            if self._match_over(rnd) or len(self.results) >= self.max_rounds or self._given_up():
                break
            dealer = self._next_dealer(active[rnd.dealer])
        if self.log is not None:
            self.record("match_end", winner=self.winner, scores=list(self.scores))

    def _play_round(self, rnd: Round, setup) -> None:
        rnd.play(setup)
        if rnd.winner is None:
            if rnd.stopped is not None:
                self.record("round_abandoned", turns=rnd.turns, reason=rnd.stopped.report())
            else:
                self.record("round_abandoned", turns=rnd.turns)
        self._score(rnd)

    # ---- state kept from round to round (`keep: match` in the edition's `state:`)

    def _restore_state(self, rnd: Round, active: list[int]) -> None:
        for index, seat in enumerate(active):
            rnd.player_state[index].update(self.kept_state["players"][seat])
        rnd.game_state.update(self.kept_state["game"])

    def _keep_state(self, rnd: Round, active: list[int]) -> None:
        vocab = self.edition.vocabulary
        for index, seat in enumerate(active):
            values = rnd.player_state[index]
            self.kept_state["players"][seat] = {v.name: values[v.name] for v in vocab.player_state.values()
                                                if v.keep == "match"}
        self.kept_state["game"] = {v.name: rnd.game_state[v.name] for v in vocab.game_state.values()
                                   if v.keep == "match"}

    def _next_dealer(self, last_dealer: int) -> int:
        """The deal passes to the left, to the next seat still playing (as a round seat)."""
        for offset in range(1, self.n + 1):
            seat = (last_dealer + offset) % self.n
            if seat in self.active:
                return self.active.index(seat)
        return 0

    def _choose_dealer(self) -> int:
        """Each player draws a card; the highest number deals (symbols count 0); ties draw again.

        With `dealer: birthday`, the player whose birthday is closest to 31 July
        deals; when birthdays are not given, the cards decide after all.
        """
        if self.edition.settings["dealer"] == "birthday":
            dealer = modes.birthday_dealer(self.birthdays or [])
            if dealer is not None:
                self.record("dealer", player=dealer, by="birthday")
                return dealer
        contenders = list(range(self.n))
        if self.log is None and not self.edition.numbered:  # every card counts 0: no draw is seen,
            size = len(self.edition.deck)  # and all tie to the last card (the generator moves on
            contenders, cards = _last_to_draw(contenders, size), []  # as the shuffle moves it)
            shuffled_length(self.rng, size)
        else:
            cards = list(self.edition.deck)
            shuffle(self.rng, cards)
        while len(contenders) > 1 and cards:
            drawn = {p: cards.pop() for p in contenders if cards}
            if self.log is not None:
                self.record("dealer_draw", cards={p: c.uid for p, c in drawn.items()})
            contenders = modes.highest_drawn(drawn)
        if len(contenders) > 1:  # the cards ran out on a tie (a deck with no numbers): chance decides
            contenders = [self.rng.choice(contenders)]
        self.record("dealer", player=contenders[0])
        return contenders[0]

    def _score(self, rnd: Round) -> None:
        """Add the round's points to the match seats' scores (see unodsl.engine.modes)."""
        round_points = []
        for hand in rnd.hands:  # (plain loops: a generator per hand cost more than the sums)
            held = 0
            for card in hand:
                held += card.points or 0
            round_points.append(held)
        round_scored = modes.round_scores(self.edition.settings, round_points, rnd.winner, rnd.out)
        points, scored = [0] * self.n, [0] * self.n
        for index, seat in enumerate(self.active):
            # (with what scripts wrote during the round: `add 10 to me.score`, on round_end)
            written = rnd.scores[index] - self.scores[seat]
            points[seat], scored[seat] = round_points[index], round_scored[index] + written
            self.scores[seat] += scored[seat]
        winner = None if rnd.winner is None else self.active[rnd.winner]
        stopped = rnd.stopped.report() if rnd.stopped is not None else None
        self.results.append(RoundResult(winner, rnd.turns, points, scored, stopped))
        if self.log is not None:
            self.record("round_end", winner=winner, points=points, scores=list(self.scores),
                        **({"side": rnd.side_name} if rnd.edition.sides else {}))  # (two-sided: the side scored)

    def _given_up(self) -> bool:
        """Rounds abandoned MAX_ABANDONED_IN_A_ROW times in a row: the edition's rounds do not end
        (a rule that keeps hands growing, a limit crossed each time), and the match stops, without a
        winner, rather than play up to a thousand such rounds."""
        last = self.results[-MAX_ABANDONED_IN_A_ROW:]
        full = self.log is not None and len(self.log) > MAX_RECORDED_EVENTS  # (the round in play stopped)
        if not full and (len(last) < MAX_ABANDONED_IN_A_ROW or any(result.winner is not None for result in last)):
            return False
        self.record("match_abandoned", reason=f"the record holds more than {MAX_RECORDED_EVENTS:,} events" if full
                    else f"{MAX_ABANDONED_IN_A_ROW} rounds in a row were abandoned")
        return True

    def _match_over(self, rnd: Round) -> bool:
        settings = self.edition.settings
        if settings.get("mode") != "challenge":
            if settings["rounds_to_win"]:  # the first to win N rounds (a team's wins are both partners')
                self.winner = modes.rounds_winner(settings, [r.winner for r in self.results], self.n)
            else:
                self.winner = modes.standard_winner(settings, self.scores, self.target)
            return self.winner is not None
        last = self.results[-1].winner
        remaining = modes.eliminate(self.scores, self.active, self.target, last)
        for seat in self.active:
            if seat not in remaining:
                self.eliminated.append(seat)
                self.record("eliminated", player=seat, score=self.scores[seat])
        self.active = remaining
        if len(remaining) == 1:
            self.winner = remaining[0]  # the champion: the winner of the last round
            return True
        return False

    @property
    def teams(self) -> list[tuple[int, int]] | None:
        """Partners (opposite seats) when the edition plays in teams."""
        if not self.edition.settings.get("teams"):
            return None
        half = self.n // 2
        return [(seat, seat + half) for seat in range(half)]

    # ---- record ----------------------------------------------------------------

    def record(self, event: str, **data) -> None:
        if self.log is not None:
            data["event"] = event
            self.log.append(data)

    def write_log(self, stream, **extra) -> None:
        """The match's events as JSON lines (each with `extra` fields added)."""
        for event in self.log or ():
            stream.write(json.dumps({**extra, **event} if extra else event, default=plain) + "\n")


def _last_to_draw(contenders: list[int], cards: int) -> list[int]:
    """The players still tied when every card drawn counts alike: they draw in turn until the
    cards run out, and those who drew a card in the last turn of drawing are left."""
    if not cards or cards % len(contenders) == 0:
        return contenders
    return contenders[:cards % len(contenders)]


def _is_option(value, options: list) -> bool:
    """`value` is one of `options`, of the same type: 1 is not True, nor True seat 1."""
    return any(o is value or (type(o) is type(value) and o == value) for o in options)


def _per_seat(agents, players: int) -> list:
    if agents is None:
        return [None] * players
    if isinstance(agents, str):
        agents = agents.split(",")
    agents = list(agents)
    if len(agents) == 1:
        agents *= players
    if len(agents) != players:
        raise UnoError(f"{len(agents)} agents given for {players} players")
    return agents


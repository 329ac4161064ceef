"""What happened in one match, counted as it is played: the raw material of the statistics.

`play_game()` plays one bot match and returns a `GameTally`: small, picklable
(workers send it back), and a function of the edition, the seats, the seed and
the game's number only.

Counting does not need the event log. A `CountingMatch` plays its rounds as
`CountingRound`s (its `round_class`), Rounds whose few out-of-the-way methods
(a card played, a reaction, a table card used, a written rule run, the deal)
note what happens before doing what they always do; the turn loop itself is
untouched, and a plain `Match` pays nothing for any of this.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from operator import attrgetter

from ..match import Match
from ..engine.round import Round
from .drama import round_drama


@dataclass
class GameTally:
    """One match. Seats are the match's seats; kinds are card kind ids.

    Per kind: `plays` in turn (a drawn card played at once, and a card that
    passed a draw on, stacking, included),
    `reactions` (played out of turn against an action), `uses` (a table card
    used on a player), `fires` (its effect ran: when played, when it reacted,
    when used), `written` (a rule written on the card ran). `fires` also counts
    the edition's and the command line's house rules, as "rule N (on EVENT)".

    `played[kind]` and `dealt[kind]` are [seat-rounds, of which won] where the
    seat played (or used) at least one card of that kind, or was dealt one.
    """

    winner: int | None  # None: stopped at the round limit
    scores: list[int]
    round_winners: list = field(default_factory=list)  # seat, or None when abandoned
    stopped: list = field(default_factory=list)  # why each round a limit of work stopped was stopped
    turns: list[int] = field(default_factory=list)  # per round
    points: list[int] = field(default_factory=list)  # per round: what the round added to the scores
    order_wins: list[int] = field(default_factory=list)  # round wins by place after the dealer (0: dealer)
    # Drama (unodsl/sim/drama.py), per round won: lead changes, the winner's largest deficit,
    # plays from the last lead change; and the rounds won while another held one card.
    lead_changes: list[int] = field(default_factory=list)
    deficits: list[int] = field(default_factory=list)
    decisive: list[int] = field(default_factory=list)
    one_card: int = 0
    seat_rounds: int = 0  # rounds times the seats that played them
    plays: Counter = field(default_factory=Counter)
    reactions: Counter = field(default_factory=Counter)
    uses: Counter = field(default_factory=Counter)
    fires: dict = field(default_factory=dict)
    written: dict = field(default_factory=dict)
    played: dict = field(default_factory=dict)
    dealt: dict = field(default_factory=dict)

    @property
    def rounds(self) -> int:
        return len(self.turns)

    def round_wins(self, players: int) -> list[int]:
        wins = [0] * players
        for winner in self.round_winners:
            if winner is not None:
                wins[winner] += 1
        return wins


_KIND = attrgetter("kind")


def _bump(counts: dict, key, by: int = 1) -> None:
    counts[key] = counts.get(key, 0) + by


class CountingRound(Round):
    """A Round that notes what is played, reacted and used, for `CountingMatch` to count
    when the round is over: a card played costs one call and one append more
    than in a plain Round (copied into the loop written for the edition, as Round's is)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        n = self.n
        self.played: list = [[] for _ in range(n)]  # per round seat, the cards it played in turn
        self.reacted: list = [[] for _ in range(n)]  # ... the cards it reacted with
        self.used: list = [[] for _ in range(n)]  # ... the table cards it used
        self.dealt_kinds: list = [frozenset()] * n  # ... the kinds of the cards dealt to it
        self.trail: list = []  # (seat, cards in its hand as it plays) per card played in turn (FollowedRound)
        self.dealt_sizes: list = [0] * n
        self.tally: GameTally | None = None  # where CountingMatch counts the rest

    def _deal(self) -> None:
        _deal(self)
        self.dealt_kinds = [frozenset(map(_KIND, hand)) for hand in self.hands]
        self.dealt_sizes = [len(hand) for hand in self.hands]
        if self.edition.sides:  # a two-sided card dealt is both its faces
            self.dealt_kinds = [kinds.union(card.back.kind for card in hand)
                                for kinds, hand in zip(self.dealt_kinds, self.hands)]

    def play_card(self, p: int, card):
        self.played[p].append(card)
        return _play_card(self, p, card)

    def _react(self, p: int, card) -> None:
        self.reacted[p].append(card)
        _react(self, p, card)

    def _answer(self, p: int, card) -> None:
        self.played[p].append(card)  # answering a draw plays the card
        _answer(self, p, card)

    def _use_table(self, p: int, card, target: int) -> None:
        self.used[p].append(card)
        _use_table(self, p, card, target)

    def apply_written_rule(self, me: int, card, name: str | None = None) -> None:
        _apply_written_rule(self, me, card, name)
        # (a rule of the edition's `written_rules:` ran; or a rule was on it, or was just written)
        if name is not None or self.written.get(card.uid) is not None:
            _bump(self.tally.written, card.kind)


class FollowedRound(CountingRound):
    """A CountingRound that also follows the round's trajectory for drama.py (`--drama`): a
    tuple more for each card played, and a pass over them when the round ends. (Its own
    play_card, not a call of CountingRound's: the loop written for the edition copies one.)"""

    def play_card(self, p: int, card):
        self.played[p].append(card)
        self.trail.append((p, len(self.hands[p])))
        return _play_card(self, p, card)


_deal, _play_card, _react, _answer = Round._deal, Round.play_card, Round._react, Round._answer
_use_table, _apply_written_rule = Round._use_table, Round.apply_written_rule


class _CountedHook:
    """A house rule's body that counts its runs under `key` (it stands in for the Compiled)."""

    __slots__ = ("body", "key", "tally")

    def __init__(self, body, key: str, tally: GameTally):
        self.body, self.key, self.tally = body, key, tally

    def function(self, g, me, card):
        _bump(self.tally.fires, self.key)
        return self.body.function(g, me, card)


def rule_labels(edition) -> list[str]:
    """A label per house-rule hook of the edition, in order, by its rule's name: "Seven-O (on
    play)", "--rule 1 (on play)"; a rule's second hook on the same event is "... #2"."""
    names = edition.hook_names or [f"rule {i}" for i in range(1, len(edition.hooks) + 1)]
    labels: list[str] = []
    for name, (event, _, _) in zip(names, edition.hooks):
        label = f"{name} (on {event})"
        repeats = labels.count(label) + sum(existing.startswith(label + " #") for existing in labels)
        labels.append(f"{label} #{repeats + 1}" if repeats else label)
    return labels


class CountingMatch(Match):
    """A Match whose rounds count what they do into `self.tally`."""

    def __init__(self, *args, drama: bool = False, **kwargs):
        if drama:
            self.round_class = FollowedRound
        self.tally = GameTally(None, [])
        self._kind_sets: dict = {}  # (0 played / 1 dealt, frozenset of kinds, won) -> seat-rounds
        self._cards: list[list] = [[], [], []]  # the cards played, reacted with, used: counted at the end
        super().__init__(*args, **kwargs)

    round_class = CountingRound

    def _play_round(self, rnd: CountingRound, setup) -> None:
        tally, n = self.tally, len(self.active)
        rnd.tally = tally
        if rnd.hooks:
            labels = iter(rule_labels(self.edition))
            counted = {id(body): _CountedHook(body, next(labels), tally) for _, _, body in self.edition.hooks}
            rnd.hooks = {event: [(guard, counted[id(body)]) for guard, body in hooks]
                         for event, hooks in rnd.hooks.items()}
        super()._play_round(rnd, setup)
        self._count(rnd, self.results[-1], n)

    def _count_drama(self, rnd: CountingRound) -> None:
        if len(rnd.dealt_sizes) != len(rnd.hands) or not any(rnd.dealt_sizes) or not 0 <= rnd.winner < len(rnd.hands):
            return  # (a stacked table, or seats that changed: no trajectory to read)
        drama = round_drama(rnd.trail, rnd.dealt_sizes, rnd.winner, [len(hand) for hand in rnd.hands])
        tally = self.tally
        tally.lead_changes.append(drama.lead_changes)
        tally.deficits.append(drama.deficit)
        tally.decisive.append(drama.decisive)
        tally.one_card += drama.one_card

    def _count(self, rnd: CountingRound, result, n: int) -> None:
        tally = self.tally
        tally.round_winners.append(result.winner)
        if result.stopped is not None:
            tally.stopped.append(result.stopped)
        tally.turns.append(result.turns)
        tally.points.append(sum(result.scored))
        tally.seat_rounds += n
        if not tally.order_wins:
            tally.order_wins = [0] * self.n
        if rnd.winner is not None:
            tally.order_wins[(rnd.winner - rnd.dealer) % n] += 1
            if isinstance(rnd, FollowedRound):
                self._count_drama(rnd)
        # Counted by kind once the match is over; here only which kinds each seat
        # played (reacted with or used) and was dealt. The same few sets of kinds
        # come back round after round: they are counted as they are, and shared
        # out to the kinds at the end of the match too.
        winner, sets, cards = rnd.winner, self._kind_sets, self._cards
        out_of_turn = any(rnd.reacted) or any(rnd.used)
        for seat in range(n):
            played = rnd.played[seat]
            cards[0] += played
            kinds = frozenset(map(_KIND, played))
            if out_of_turn:
                cards[1] += rnd.reacted[seat]
                cards[2] += rnd.used[seat]
                kinds = kinds.union(map(_KIND, rnd.reacted[seat]), map(_KIND, rnd.used[seat]))
            won = seat == winner
            if kinds:
                key = (0, kinds, won)
                sets[key] = sets.get(key, 0) + 1
            key = (1, rnd.dealt_kinds[seat], won)
            sets[key] = sets.get(key, 0) + 1

    def result(self):
        result = super().result()
        tally = self.tally
        tally.winner, tally.scores = result.winner, result.scores
        for counts, cards in zip((tally.plays, tally.reactions, tally.uses), self._cards):
            counts.update(map(_KIND, cards))
        for (which, kinds, won), count in self._kind_sets.items():
            if not kinds:
                continue
            counts = tally.dealt if which else tally.played
            for kind in kinds:
                entry = counts.setdefault(kind, [0, 0])
                entry[0] += count
                entry[1] += count if won else 0
        # A kind's effect ran every time a card of it was played, reacted or used, if it has one.
        for counts, script in ((tally.plays, "effect"), (tally.reactions, "reaction_effect"), (tally.uses, "use")):
            for kind, count in counts.items():
                if getattr(self.edition.kinds[kind], script) is not None:
                    _bump(tally.fires, kind, count)
        return result


def play_game(edition, players: int, seats: list[str], seed: str, log=None, game: int | None = None,
              drama: bool = False, max_rounds: int | None = None) -> GameTally:
    """Play one match with the given agents and seed; count it (`drama`: follow its rounds'
    trajectories too, drama.py). With `log`, write its events; with `max_rounds`, stop after
    that many rounds (the skill ladder's single-round games)."""
    limit = {} if max_rounds is None else {"max_rounds": max_rounds}
    match = CountingMatch(edition, players=players, agents=seats, seed=seed, record=log is not None, drama=drama,
                          **limit)
    match.play()
    if log is not None:
        match.write_log(log, game=game)
    return match.tally

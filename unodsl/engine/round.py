"""One round: deal, start card, turns until a player goes out.

Whenever a player must choose, the round calls `self.decide(kind, player,
options)` and gets one of the options back: from the seat's agent, or from
outside (through `self.ask(Decision)`: see unodsl.match). Card
behaviour comes only from the edition's compiled scripts, which call the
primitives below (draw, skip, reverse, choose_colour, ...); this module knows
no card by name.

Every card is always in exactly one place: the draw pile, the discard pile, a
hand, or (while a start card is being replaced) in flight inside one method.
"""
from __future__ import annotations

from types import MappingProxyType, SimpleNamespace

from ..limits import MAX_TURNS
from .matching import why_not
from .out_of_turn import OfferingTableCards, OutOfTurn
from .windows import Windows
from .moves import Moves, own_pile_key
from .piles import DiscardPiles
from .actions import EditionActions
from .drawing import Drawing
from .primitives import ScriptPrimitives
from .seats import Seats
from .setup import apply_setup, set_state
from .quick_random import shuffle
from .sides import TwoSided
from .budget import RoundStopped, WorkBudget
from .decisions import Decision
from .facts import turn_facts
from .random_policy import answers_at_random
from .turns import Turns
from .view import LazyView, view_of


# Where a round plays on from (Round.resume).
AT_DEAL, AT_TURNED, AT_SETUP, AT_TURN = "deal", "turned", "setup", "turn"

# The card a hook is given when its event concerns no card (turn_start). Validation
# refuses every script that would read it (docs/effects.md, "Where a script runs"), so
# nothing is read of it; its attributes are absent all the same.
NO_CARD = SimpleNamespace(uid=None, kind=None, colour=None, number=None, symbol=None, name=None,
                          points=None, wild=False, tags={}, face=-1)
# The state of an edition that declares none (read-only: no statement can write to it).
NO_STATE = MappingProxyType({})


class Round(Turns, Drawing, ScriptPrimitives, Moves, DiscardPiles, Seats, OutOfTurn, Windows, EditionActions, TwoSided, WorkBudget):
    # The round's own state: the edition and its facts, the players' hands and the piles, the
    # scores, hooks, the record and who is asked. Each part mixed in holds its own (its STATE:
    # the turn, drawing, what scripts leave, piles, seats, out of turn, windows, sides, work).
    STATE = ("facts", "edition", "settings", "colours", "n", "dealer", "rng", "log", "_ask_plain", "scores",
             "hands", "_draw_pile", "discard", "hooks", "turn_again",
             "observer")  # what each seat sees happen (unodsl.seat.observe), when a seat keeps it
    PARTS = (Turns, Drawing, ScriptPrimitives, Moves, DiscardPiles, Seats, OutOfTurn, Windows, EditionActions, TwoSided, WorkBudget)
    # Slots make the state's attributes quick to read in the turn loop (a subclass that
    # counts or checks may still add its own); the agents offered table cards hold the
    # round by a weak reference.
    __slots__ = (*STATE, *[name for part in PARTS for name in part.STATE], "__weakref__")

    def __init__(self, edition, players: int, dealer: int, rng, log: list | None,
                 scores: list[int] | None = None, max_turns: int = MAX_TURNS, ask=None,
                 written: dict | None = None, agents: list | None = None, chance_seed=(0, 0),
                 ask_draws: bool = False):
        self.edition = edition
        self.facts = turn_facts(edition, Round)  # (what the turn reads of the edition: facts.py)
        self.settings = edition.settings
        self.side = 0  # the side of two-sided cards that is up (unodsl.engine.sides); 0 for one-sided
        self.colours = list(edition.side_colours(0))  # the colours of the cards as they show
        self.n = players
        self.dealer = dealer
        self.rng = rng
        self.log = log
        self._ask_plain = ask  # Decision -> chosen option (see ask)
        self.scores = scores if scores is not None else [0] * players
        self.hands: list[list] = [[] for _ in range(players)]
        self.pile_turned = False  # (two-sided cards: see sides.py)
        self.draw_pile: list = []
        self.discard: list = []
        piles = edition.vocabulary.piles  # (moves.py: most editions declare none)
        self.piles = {"aside": [], **{name: [] for name in piles}} if piles else {"aside": []}
        for name in edition.vocabulary.player_piles:  # (a pile of each player's own: `deck 2`, ...)
            del self.piles[name]
            self.piles.update((own_pile_key(name, seat), []) for seat in range(players))
        self.colour: str | None = None
        self._start_discard_piles(edition.vocabulary.discard_piles)  # (piles.py: most editions have one)
        self.turn = dealer
        self.direction = 1  # +1: to the left (clockwise)
        self.skips = [0] * players  # turns each player must still miss
        self.extra_for: int | None = None
        self.chosen: int | None = None
        self.bluffed = False
        self.winner: int | None = None
        self.uno_pending: int | None = None  # went down to one card without calling UNO
        vocab = edition.vocabulary
        if vocab.player_state or vocab.game_state:
            self._start_state(players)
        else:  # no variable to hold (most editions): nothing to make for each round, nothing writes here
            self.player_state, self.game_state = [NO_STATE] * players, NO_STATE
        # The round's chance stream is made when first drawn; a scenario may fix results first.
        self.chance_seed, self._chance, self.chance_fixed = chance_seed, None, ()
        self.uno_asked = [-1] * players  # the turn in which each player was last asked to call UNO
        self.others_discarded = False  # a script made someone discard: anyone may be out
        self.turns = 0
        self.max_turns = max_turns  # a round still going after this many turns is abandoned
        self.turn_again = False  # the start card asked to be replaced
        self.known = [set() for _ in range(players)]  # uids each player has seen in others' hands
        self.face_up_until: dict[int, int] = {}  # player -> whose next turn ends it
        # Out of turn (unodsl.engine.out_of_turn): the action card being played,
        # who may still react to it, and the table cards.
        self.actor: int | None = None
        self.acting = None
        self.offered: set = set()
        self.cancelled: set = set()
        self.table: list = []  # table cards in the middle
        self.lying: list[list] = [[] for _ in range(players)]  # table cards lying on each player
        # Built-in agents (`agents`, per seat; trusted to answer with an option)
        # are asked directly, without a Decision, when nothing else hangs on a
        # decision: no record. (An edition's table cards are offered to them
        # alongside, without a Decision either: out_of_turn.OfferingTableCards.)
        self._direct = self._direct_agents(agents) if agents and log is None else None
        # (for the turn loop written for the edition: unodsl.engine.specialise)
        self._randoms = _random_sources(self._direct) if self._direct is not None else None
        # The seats answered from outside (no agent: a person, an external client), if any: they
        # are asked to play a drawn card they must play (Turns._draw_on_turn).
        self._outside = [agent is None for agent in agents] if agents and None in agents else None
        # ... and, with `ask_draws`, asked to draw when nothing of their hand goes (a person
        # at the table presses the key: unodsl.terminal); else that draw is no question.
        self._draw_asked = self._outside if ask_draws else None
        self.written = written if written is not None else dict(edition.written)  # blank uid -> rule
        self.hooks: dict[str, list] = {}
        for event, guard, body in edition.hooks:
            self.hooks.setdefault(event, []).append((guard, body))
        # Players who left the round (seat -> points they held), and how many are still in.
        self.out: dict[int, int] = {}
        self.left_turn: dict[int, int] = {}  # seat -> the turn in which they left (see seats.py)
        self.playing = players
        self.growing = False  # a `hand_grows` hook is running (it does not fire itself)
        self.emptying = False  # an `out` hook is running (it does not fire itself)
        # A turn's draw may skip `draw` (no record, no hook to fire on a hand growing or on
        # the turn's draw), unless a house rule says what a player does instead of it.
        self._quick_draw = log is None and "hand_grows" not in self.hooks and "draw" not in self.hooks \
            and "turn_draw" not in edition.replacements
        self.watching = "hand_grows" in self.hooks  # `draw` has more to do (see draw)
        # Stacking (primitives._settle_draw): the draw waiting for an answer, the table's
        # `stack where` rules, who gives a draw when no card is played in turn (a start
        # card's dealer, an answering player; PLAIN_DRAWS while a table card is used),
        # whether an answer's script is running.
        self.pending = None
        self.stack_rules = edition.stack_rules
        self.stack_from: int | None = None
        self.answering = False
        self.answered = None  # the card an answer answers, while its script runs (a reaction's too)
        # Which cards go on which is the same in every round of an edition whose
        # `playable` conditions read only the cards: it is remembered there, as
        # (top card's face, colour in play) -> for each face, whether it goes.
        # (A list indexed by face: smaller and quicker to read than a set of cards.)
        self._playable_cache: list | None = _playable_rows(edition) if edition.pure_playable else None
        self.uncalled: set | tuple = ()  # (a set once an UNO-at-any-time window opens: windows.py)
        self.jumping = False  # a jump-in window is open (the cards played in it open none of their own)
        self.observer = None  # set by a match whose agents keep what they saw (a round that records)
        self.start_budget()
        self.stopped: RoundStopped | None = None  # why the round was stopped, if a limit stopped it

    def _direct_agents(self, agents: list) -> list:
        """The agent asked directly for each seat: a trusted one, offered the table cards
        when the edition has any; None for a seat answered through a Decision."""
        direct = [agent if agent is not None and agent.trusted else None for agent in agents]
        if self.edition.table:
            direct = [OfferingTableCards(agent, self) if agent is not None else None for agent in direct]
        return direct

    def _start_state(self, players: int) -> None:
        """The edition's state variables at their initial values (a match puts back the
        ones kept from round to round)."""
        vocab = self.edition.vocabulary
        self.player_state = [{v.name: v.initial for v in vocab.player_state.values()} for _ in range(players)]
        self.game_state = {v.name: v.initial for v in vocab.game_state.values()}

    # ---- record ---------------------------------------------------------------

    def record(self, event: str, **data) -> None:
        if self.log is not None:
            data["event"] = event
            self.log.append(data)
            if self.observer is not None:
                self.observer.saw(data)

    def view(self, p: int):
        """What seat `p` sees of the round now (unodsl.engine.view): what every agent decides from."""
        observer = self.observer
        if observer is None:
            return view_of(self, p)
        observer.sync()
        return view_of(self, p, observer.histories.get(p))

    def view_for(self, agent, p: int):
        """The view handed to seat `p`'s agent: made now, or only when read by an agent that
        answers most decisions from their options alone (Agent.reads_view)."""
        return self.view(p) if agent.reads_view else LazyView(self, p)

    # ---- the round -----------------------------------------------------------

    def play(self, setup=None):
        """Play the round to its end; returns the winner's seat (None if abandoned).

        With a `setup` (unodsl.engine.setup.Setup) the table is laid out as it
        says instead of being dealt.
        """
        state = None  # a setup's state variables, given once the round's beginning has run
        if setup is None:
            self._deal()
            start = AT_DEAL
        else:
            apply_setup(self, setup)
            start = AT_SETUP
            if setup.start:
                self.turn = self.dealer
                start, state = AT_TURNED, setup.state
        if self.observer is not None:
            self.observer.checkpoint(start)
        self.resume(start, state)
        return self.winner

    def resume(self, start: str, state: dict | None = None) -> None:
        """Play on from a moment at which nothing is under way (a checkpoint, unodsl.seat.worlds
        plays on from one): AT_DEAL, the cards dealt; AT_TURNED, a start card just turned;
        AT_SETUP, a stacked table laid out; AT_TURN, a turn about to begin (`state`: a stacked
        start card's state variables, set once its rule and the round_start hooks ran). A limit crossed
        (budget.py) ends the round there, abandoned: no winner, every card where it lies."""
        try:
            self._play_from(start, state)
        except RoundStopped as stop:
            stop.where = self.stopped_where(stop)
            self.stopped, self.winner = stop, None

    def _play_from(self, start: str, state: dict | None = None) -> None:
        if start != AT_TURN:
            if start != AT_SETUP:
                self._start_card(turned=self.discard[-1] if start == AT_TURNED else None)
            if "round_start" in self.hooks and start != AT_SETUP:  # (a stacked table is a round
                self._fire("round_start", self.dealer, self.discard[-1])  # under way: it began before)
            if state:  # (a stacked start card's table: its state holds as play begins)
                set_state(self, state)
            if start != AT_SETUP:
                self._advance()
        self._turns()
        if "round_end" in self.hooks and self.winner is not None:
            self._fire("round_end", self.winner, NO_CARD)

    def _deal(self) -> None:
        table, dealt = self.edition.dealt  # table cards are not dealt: they lie in the middle
        if table:
            self.table = list(table)
        pile = list(dealt)
        shuffle(self.rng, pile)
        size, n, top = self.settings["hand_size"], self.n, len(pile)
        # One card at a time from the dealer's left, off the top (the list's end):
        # the player `offset` seats along gets the offset-th card, then every n-th.
        for offset in range(1, n + 1):
            self.hands[(self.dealer + offset) % n].extend(pile[top - offset::-n][:size])
        del pile[max(top - n * size, 0):]
        self.draw_pile = pile
        if self.log is not None:
            self.record("deal", dealer=self.dealer, hands=[[c.uid for c in h] for h in self.hands])

    def _start_card(self, turned=None):
        """Turn the first discard and apply its start rule (`on_start`), as the dealer; with
        several discard piles, then a card for each of the others in turn (piles.py)."""
        self._turn_start_card(turned)
        if self.discard_names and turned is None:
            self._start_other_piles()

    def _turn_start_card(self, turned):
        while True:
            if turned is None:
                card = self.draw_pile.pop()
                self.discard.append(card)
            else:
                card, turned = turned, None
            self.colour = card.colour
            if self.log is not None:
                self.record("start_card", card=card.uid)
            on_start = card.spec.on_start
            if card.wild and self.settings["never_start_on_wild"] and self._not_only_wilds_left():
                self.turn_another(card)  # (its own start rule is not applied)
            elif on_start is not None:
                self._run_effect(on_start, self.dealer, card)
            if not self.turn_again:
                return
            self.turn_again = False
            self.spend(1, card.spec.on_start)  # (a start rule may ask for another card every time)

    def _not_only_wilds_left(self) -> bool:
        """Whether the draw pile holds a card that is not a Wild: `never_start_on_wild`
        turns Wilds back only while another card could come up (UNO All Wild! has none)."""
        return any(not card.wild for card in self.draw_pile)

    def _turn_begins(self, p: int) -> bool:
        """What may happen as a turn begins; False if the round ended there."""
        if self.log is not None:
            self.check_record()
        if self.observer is not None:
            self.observer.checkpoint(AT_TURN)
        if self.face_up_until:
            self._end_face_up(p)
        if "turn_start" in self.hooks:
            self._fire("turn_start", p, NO_CARD)
            if self.winner is not None:
                return False
        self.record("turn", player=p)
        return True

    # ---- decisions -------------------------------------------------------------

    def ask(self, decision: Decision):
        """Put `decision` to its player, through the `ask` the round was made with,
        with the table cards in the middle as extra options when the edition has any."""
        if self.table:
            return self._ask_with_table(decision)
        return self._ask_plain(decision)

    # ---- matching ------------------------------------------------------------

    def _allowed_now(self) -> list:
        """Which faces may be played now, by face (an edition with a playable cache)."""
        top = self.discard[-1]
        return self._playable_cache[top.face].get(self.colour) or self._allowed_faces(top)

    def _allowed_faces(self, top) -> list:
        """For an edition whose `playable` conditions read only the cards: which
        faces may go on `top` in the colour in play, worked out once per edition."""
        allowed = [f.spec.playable.function(f, self, self.turn) for f in self.edition.faces]
        self._playable_cache[top.face][self.colour] = allowed
        return allowed

    def is_playable(self, card) -> bool:
        if self._playable_cache is not None:
            return self._allowed_now()[card.face]
        if self.discard_names:  # several discard piles: it goes if it goes on one (piles.py)
            return self._goes_on_a_pile(card)
        return card.spec.playable.function(card, self, self.turn)

    def why_not(self, card) -> str | None:
        """None if `card` may be played now, else the reason in words."""
        return why_not(self, card)

    # ---- playing a card ------------------------------------------------------

    def _run_effect(self, script, p: int, card) -> None:
        """Run a start card's script as `p`'s; a draw it gives waits for its answer (stacking)."""
        if self.stack_rules:  # its plain draws of others may be answered
            self.stack_from = p
            script.function(self, p, card)
            self.stack_from = None
        else:
            script.function(self, p, card)
        if self.pending is not None:
            self._settle_draw()

    def _left_with_one(self, p: int) -> None:
        """The effect or hooks of `p`'s card (or reaction) took their hand from more
        than two cards to one: they call UNO now, unless they were asked during this
        turn already (a discard asks before the final card goes)."""
        if self.winner is None and self.uno_asked[p] != self.turns:
            self._call_uno(p)

    def _check_out(self, p: int) -> None:
        """The round ends when a player has no cards, after the last card's effect.

        Only `p` can have emptied their hand, unless a script made others discard.
        """
        if not self.hands[p] and p not in self.out:
            if not self._plays_on(p):
                self.winner = p
        elif self.others_discarded:
            self.others_discarded = False
            out = self.out
            found = next((seat for seat, hand in enumerate(self.hands)
                          if not hand and seat not in out and not self._plays_on(seat)), None)
            if found is not None or not out:  # (the last player left has won: that stands)
                self.winner = found
        if self.winner is not None and self.log is not None:
            self.record("out", player=self.winner)

    def _plays_on(self, p: int) -> bool:
        """`on out` hooks, as `p`'s hand is left empty: whether they play on after them (hold
        cards again, or left the round). A hook's own emptied hands end nothing (no hook fires
        inside another: it would fire itself forever)."""
        if "out" not in self.hooks or self.emptying:
            return False
        self.emptying = True
        try:
            self._fire("out", p, NO_CARD)
        finally:
            self.emptying = False
        return bool(self.hands[p]) or p in self.out

    def _call_uno(self, p: int):
        """`p` is asked to call UNO, as a script takes their hand down to one card; the turn
        is remembered (see _left_with_one)."""
        self.uno_asked[p] = self.turns
        self._ask_uno(p)

    def _uno_penalty(self, p: int, catcher: int | None) -> None:
        """`p` missed their UNO call: caught by `catcher`, or by no one (`automatic_uno_penalty`)."""
        if self.log is not None:
            self.record("caught", player=p, by=catcher)
        if "uno_penalty" in self.edition.replacements:
            self.replaced_draw("uno_penalty", p)
        else:
            self.draw(p, self.settings["uno_penalty"])

    def _hand_grew(self, p: int) -> None:
        """Fire the `hand_grows` hooks for `p`, whose hand just gained cards; not again
        for what those hooks themselves do (a hook drawing cards would fire itself)."""
        if self.growing or p in self.out:
            return
        self.growing = True
        try:
            self._fire("hand_grows", p, NO_CARD)
        finally:
            self.growing = False

    def _fire(self, event: str, me: int, card):
        for guard, body in self.hooks[event]:
            if guard is None or guard.function(card, self, me):
                self.spend(1, body)  # (a hook may set off others: each firing is work)
                body.function(self, me, card)
                if self.pending is not None:
                    self._settle_draw()
        if event == "turn_start":  # (after a play, play_card sees who is out: once)
            self._check_out(me)

    # ---- reading the state ---------------------------------------------------

    def card_count(self) -> int:
        return (len(self.draw_pile) + len(self.discard) + sum(len(h) for h in self.hands)
                + len(self.table) + sum(len(cards) for cards in self.lying)
                + sum(len(cards) for cards in self.piles.values()) + sum(len(cards) for cards in self.resting))


def _random_sources(direct: list) -> list:
    """Per seat, the number source (`random`) of its agent asked directly when that is the
    built-in random agent, whose picks the written turn loop makes itself; else None."""
    sources = []
    for agent in direct:
        inner = agent.agent if agent.__class__ is OfferingTableCards else agent
        sources.append(inner._random if inner is not None and answers_at_random(inner) else None)
    return sources


def _playable_rows(edition) -> list:
    """The edition's playable cache (made with its first round): per top card's face, the
    colour in play -> for each face, whether it goes."""
    rows = edition.__dict__.get("_playable_rows")
    if rows is None or len(rows) != len(edition.faces):
        rows = edition.__dict__["_playable_rows"] = [{} for _ in edition.faces]
    return rows

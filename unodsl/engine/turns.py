"""The turn: the only text of its rules.

A turn is: the playable cards of the player's hand; their choice of one, or a draw (the
drawn card played at once if it goes and they play it); the card's play (`play_card`:
the UNO call as the next-to-last card goes, the card on the pile, its effect, whether its
player is out); a missed UNO call caught; the turn passed on. The interpreter runs these
methods as they are. For the rounds nobody records, unodsl.engine.specialise makes from
this same text, once per edition, a loop with the edition's facts (`facts.NAME`,
unodsl.engine.facts) written in as constants, the branches they rule out gone, these
methods, the common kinds' effects and the random agent's picks copied in: so what is
written here is written in the form that loop should run (local names, no comprehension
in the loop, a method apart for what is rare).
"""
from __future__ import annotations

from .decisions import CALL_UNO, CATCH, DRAW, KEEP, PLAY_DRAWN, TURN, UNO_CALL, WRITE_RULE, Decision
from .random_policy import random_answer_with_table, random_card, random_card_with_table, random_option
from .seats import PASSIVE


# The round's attributes no code binds again once its turns begin (the lists are changed in
# place): a loop written for an edition reads them from its local names (tests/engine/
# test_specialised.py checks that nothing past the set-up binds them).
STABLE = frozenset({"hands", "discard", "skips", "lying", "n", "_randoms"})
# Lists whose items no code binds again during the turns (as their local names in _turns):
# each seat's hand is the same list the whole round (swapping hands moves the cards).
STABLE_ITEMS = frozenset({"hands"})


class Turns:
    """Mixed into Round."""

    __slots__ = ()
    # The round's state this part holds (Round's slots are its parts'): the turn: whose it is, which way, who misses one, the colour in play, the UNO call missed;
    # the agents asked directly, which faces go on which.
    STATE = ("turn", "direction", "skips", "extra_for", "turns", "max_turns", "winner", "colour", "bluffed",
             "uno_pending", "uno_asked", "_direct", "_randoms", "_playable_cache", "_quick_draw", "_outside",
             "_draw_asked")

    def _turns(self) -> None:
        """Turns until someone is out, or the round's turns run out."""
        facts = self.facts
        hands, discard, skips, lying, n = self.hands, self.discard, self.skips, self.lying, self.n
        direct = self._direct or [None] * n  # the agent asked directly for each seat, if any
        # (per seat: a built-in random agent's number source, or None)
        randoms = self._randoms if self._direct is not None else direct
        draw_asked = self._draw_asked  # (per seat: asked to draw when nothing goes; None: nobody is)
        rows = self._playable_cache  # (per top card's face: colour in play -> which faces go on it)
        everything = [True] * len(self.edition.faces) if facts.always else None
        # Whether a turn begins the long way (_turn_begins): always under a `turn_start`
        # hook or with a record; otherwise while a hand is face up (the dict is filled in
        # place), never in an edition whose scripts put no hand face up.
        if facts.turn_start or self.log is not None:
            slow_start = True
        else:
            slow_start = self.face_up_until if facts.faces_up else None
        p, turns, max_turns = self.turn, self.turns, self.max_turns
        while self.winner is None:
            if turns >= max_turns:
                return
            self.turns = turns = turns + 1
            if slow_start and not self._turn_begins(p):
                continue
            hand = hands[p]
            if facts.always:  # (UNO All Wild!: every card goes on every card)
                allowed = everything
                playable = hand[:]
            elif facts.discard_piles:  # several discard piles: a card goes if it goes on one (piles.py)
                allowed = None
                playable = self._playable_on_piles(p, hand)
            else:
                if facts.pure_playable:  # the faces that go on this top card, in this colour
                    top = discard[-1]
                    row = rows[top.face]
                    try:  # (a subscript is quicker than a call of row.get)
                        allowed = row[self.colour]
                    except KeyError:
                        allowed = self._allowed_faces(top)
                else:
                    allowed = None
                # (a loop, not a list comprehension: one in Python 3.11 is a function call)
                playable = []
                for c in hand:
                    if allowed[c.face] if facts.pure_playable else c.spec.playable.function(c, self, p):
                        playable.append(c)
            card = None  # (to draw)
            if playable:
                rand = randoms[p]
                if rand is not None:  # a built-in random agent: its pick, here
                    if facts.table:
                        card = random_card_with_table(self, p, rand, playable)
                    else:
                        card = random_card(rand, playable)
                else:
                    agent = direct[p]
                    if facts.must_play:  # (the setting: no draw instead, DRAW is no option)
                        card = self.decide(TURN, p, playable)
                    elif agent is not None:
                        card = agent.choose_turn(playable, self.view_for(agent, p))
                    else:
                        playable.append(DRAW)
                        card = self.ask(Decision(TURN, p, playable))
                    if card is DRAW:
                        card = None
            elif draw_asked is not None and draw_asked[p]:  # a person draws with a key (Match ask_draws)
                self.ask(Decision(TURN, p, [DRAW]))
            if card is None:
                card = self._draw_on_turn(p, hand, allowed)
            if card is not None:  # (from the hand, or drawn and played at once)
                if facts.discard_piles:  # the pile it goes on, its player's choice (piles.py)
                    self._choose_pile(p, card)
                self.play_card(p, card)  # (then, under a house rule, jump-ins: windows.py)
            if self.winner is None:
                if self.uno_pending is not None or facts.uno_every_turn:  # (strict: a call may be false)
                    self._catch_window()
                nxt = (self.turn + self.direction) % n  # (an answer to a draw moves the turn)
                if self.extra_for is None and not skips[nxt] and not (facts.table and lying[nxt]):
                    self.turn = p = nxt  # the common case of _advance()
                else:
                    self._advance()
                    p = self.turn

    def _draw_on_turn(self, p: int, hand: list, allowed):
        """No card played: draw one (with the setting `draw_until_playable`, until one goes);
        the card to play at once if it goes and its player plays it (the setting
        `play_drawn`: as the player chooses, always, or never), else None.

        `allowed`: which faces went on the top card as the turn began, if known.
        """
        facts = self.facts
        pile = self._draw_pile  # (as it lies: a card taken from a turned pile is turned over, sides.py)
        if facts.quick_draw and pile and self.log is None:  # the common case of draw(p, 1)
            card = pile.pop()
            if facts.sides and self.pile_turned:
                card = card.back
            hand.append(card)
            if facts.always or facts.pure_playable:  # (then the loop knows which faces go)
                goes = allowed[card.face]
            else:
                goes = self.is_playable(card)
        else:
            card, goes = self._draw_watched(p, hand, allowed)
        if goes and facts.play_drawn != "never":
            if facts.play_drawn == "must":
                outside = self._outside
                if outside is not None and outside[p]:  # the player plays it: a seat answered from
                    self.ask(Decision(PLAY_DRAWN, p, [card]))  # outside is asked (unodsl.match.PLAYS)
                return card
            answer = self.decide(PLAY_DRAWN, p, [card, KEEP])
            if answer is not KEEP:
                return card
        return None

    def _draw_watched(self, p: int, hand: list, allowed) -> tuple:
        """The turn's draw the long way (a record, hooks, a house rule, drawing until a card
        goes, a pile to shuffle again): the card drawn last and whether it goes, or
        (None, False) when the draw ended the turn (nothing drawn, its player out, the card
        moved by a hook, or a house rule's draw instead)."""
        pile = self._draw_pile
        quick = self._quick_draw  # (no record, no hook, no house rule: the pile's cards taken as they lie)
        until_playable = self.facts.until_playable
        while True:
            if pile and quick:  # (drawing until a card goes, the pile shuffled again)
                card = pile.pop()
                if self.pile_turned:
                    card = card.back
                hand.append(card)
            else:
                if self.facts.turn_draw_replaced:  # a house rule says what is done instead
                    self.replaced_draw("turn_draw", p)
                    return None, False
                drawn = self.draw(p, 1)
                if not drawn or p in self.out:  # (a hook on the hand growing put them out)
                    return None, False
                card = drawn[0]
                if self.watching:  # a hook on the hand growing may have moved it, or the top card
                    if card not in hand:
                        return None, False
                    allowed = None
                if "draw" in self.hooks:
                    self._fire("draw", p, card)
                    if card not in hand:  # the hook moved it
                        return None, False
                    allowed = None  # and may have changed the top card
            goes = allowed[card.face] if allowed is not None else self.is_playable(card)
            if goes or not until_playable:
                return card, goes

    def _advance(self) -> None:
        """Pass the turn on, honouring an extra turn and pending skips."""
        n, step = self.n, self.direction
        if self.extra_for is not None:
            nxt, self.extra_for = self.extra_for, None
        else:
            nxt = (self.turn + step) % n
        skips, lying, table = self.skips, self.lying, self.facts.table
        while skips[nxt]:
            if self.out and nxt in self.out:  # left the round: passed over for good
                nxt = (nxt + step) % n
                continue
            skips[nxt] -= 1
            if self.log is not None:
                self.record("skipped", player=nxt)
            if table and lying[nxt]:  # (a table card lying on a player goes back as their turn passes)
                self._table_cards_return(nxt)
            nxt = (nxt + step) % n
        if table and lying[nxt]:
            self._table_cards_return(nxt)
        self.turn = nxt

    # ---- playing a card ------------------------------------------------------

    def play_card(self, p: int, card) -> None:
        """`p` puts `card` from their hand on the discard pile and its effect applies."""
        hand = self.hands[p]
        # (not remembered for _left_with_one: this play leaves one card at most); a card
        # whose effect may put more of the hand under it asks after, if one is left (quiet.py)
        if len(hand) == 2 and not (self.facts.sheds and card.spec.sheds):
            self._ask_uno(p)
        hand.remove(card)
        kind = card.spec  # (from here the written loop has a branch for each common kind)
        self.bluffed = kind.bluff_if is not None and kind.bluff_if.function(card, self, p)
        self.discard.append(card)
        self.colour = card.colour
        if self.log is not None:
            self.record("play", player=p, card=card.uid)
        if kind.quiet:  # nothing to settle after its effect (most cards: see unodsl.engine.quiet)
            if kind.effect is not None:
                self.actor, self.acting = p, card
                kind.effect.function(self, p, card)
                self.actor = None
                if self.facts.reactions and self.offered:  # (they may be offered a reaction again)
                    self.offered.clear()
                    self.cancelled.clear()
            if not hand or self.others_discarded:
                self._check_out(p)
        else:
            self._play_loud(p, card, hand, kind)

    def _play_loud(self, p: int, card, hand: list, kind) -> None:
        """The rest of play_card for a card that is not quiet: its effect or the table's
        hooks may leave a draw waiting for its answer, or its player's hand taken down to
        one card."""
        facts = self.facts
        held = len(hand)
        if kind.effect is not None:
            self.actor, self.acting = p, card
            kind.effect.function(self, p, card)
            self.actor = None
            if self.pending is not None:  # a draw given by the card waits for its answer
                self._settle_draw()
            if facts.reactions and self.offered:
                self.offered.clear()
                self.cancelled.clear()
        if facts.play_hook:
            self._fire("play", p, card)
        if not hand or self.others_discarded:
            self._check_out(p)
        # the effect or hooks took more than this card; or the card sheds (see play_card)
        if len(hand) == 1 and (held > 1 or facts.sheds and kind.sheds):
            self._left_with_one(p)
        if facts.jump_rules and self.winner is None and not self.jumping:
            self._jump_window()  # (every kind is loud under a jump-in rule: unodsl.engine.quiet)

    # ---- UNO -------------------------------------------------------------------

    def _ask_uno(self, p: int) -> None:
        """`p` is asked to call UNO; a call missed may be caught (_catch_window)."""
        called = self.decide(CALL_UNO, p, [True, False])
        if called:
            if self.log is not None:
                self.record("uno", player=p)
            self.uno_pending = None
            if self.uncalled:  # (UNO at any time: others may still be caught)
                self._called_uno(p)
        else:
            self.uno_pending = p

    def _catch_window(self) -> None:
        """Before the next player begins, anyone may catch a missed UNO call."""
        if self.facts.uno_any_time:  # the call stays open (windows.py)
            self._uno_window()
        else:
            p, self.uno_pending = self.uno_pending, None
            if len(self.hands[p]) == 1:
                if self.facts.automatic_uno_penalty:  # no one needs to catch them
                    self._uno_penalty(p, None)
                else:
                    n, step = self.n, self.direction
                    for offset in range(1, n):
                        catcher = (p + offset * step) % n
                        catches = self.decide(CATCH, catcher, [True, False], p)
                        if catches:
                            self._uno_penalty(p, catcher)
                            break

    # ---- decisions -------------------------------------------------------------

    def decide(self, kind: str, p: int, options: list, about=None):
        """`p` chooses one of `options` (see unodsl.engine.decisions for the kinds).

        A seat's built-in agent answers directly, without a Decision, when it
        may (see _direct); a forced move is not put to it, as in Match (unless
        a table card lies in the middle: its uses are options too).
        """
        if self._direct is not None:
            if len(options) == 1 and kind is not WRITE_RULE and not self.table:
                return options[0]
            rand = self._randoms[p]
            if rand is not None and kind is not UNO_CALL:  # (a built-in random agent's pick, here)
                if self.facts.table:
                    return random_answer_with_table(self, p, rand, kind, options)
                return random_option(rand, kind, options)
            agent = self._direct[p]
            if agent is not None:  # (a player who left the round has a passive one: see seats.py)
                return agent.pick(kind, options, about, self.view_for(agent, p))
        if self.out and p in self.out:
            return PASSIVE.pick(kind, options, about, None)
        return self.ask(Decision(kind, p, options, about))

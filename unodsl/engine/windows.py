"""Out-of-turn windows: moments between turns at which any player may act out of turn.

A house rule opens them; an edition without one never does, and its turn loop
builds no option, asks no one and tests nothing for them: under a jump-in rule
no kind is quiet, and the end of a loud card's play opens the window
(Round._play_loud); the UNO window hangs on the missed-UNO catch, which the
round enters only after a missed call.

Jump-In (`jump in where C`). After every card played (in turn, drawn and played,
or itself jumped in), once its effect and the hooks on it are over, the other
players are offered, in turn order from the player after the one who played
(in the direction of play as that card left it), the cards of their hand that
satisfy C (`top` is the card just played). The first who plays one ends the
window: play continues from them as if it were their turn, the players passed
over lose that turn (a turn they were to miss is the one they lose; the
jumper's own turn to miss, if any, is spent on the jump-in), and a new window
opens after their card. A jump-in is a play: `on play` hooks fire, a turn's
beginning (`on turn_start`, hands put face up until then) does not.

UNO at any time (`uno at any time, false calls draw N`). A missed UNO call is
not forgotten when the next player begins: after every turn (and before every
jump-in), while some player holds one card without having called UNO, every
player in the round, in turn order from the player after the one whose turn it
was and ending with that player, is asked once whether to call: on themselves
("UNO!": protected from then on) or on another player (a catch: whoever holds
one card uncalled draws the missed-UNO penalty). A call on a player who holds
more than one card (themselves included) is a false call: its caller draws N.
The window closes when no one is left to catch. Strict (`, even when nobody
holds one card`): the window opens after every turn and every player is asked
once, so a call while nobody holds one card can be made, and is false.
"""
from __future__ import annotations

from .budget import A_PLAY
from .decisions import JUMP_IN, PASS, UNO_CALL


class Windows:
    """Mixed into Round."""

    __slots__ = ()
    # The round's state this part holds (Round's slots are its parts'): the UNO-at-any-time and jump-in windows.
    STATE = ("uncalled", "jumping")

    # ---- Jump-In ---------------------------------------------------------------

    def _jump_window(self) -> None:
        """After a card played (in turn, or drawn and played): jump-ins, one after another.
        Round._play_loud opens it, once the card's play is over (under a jump-in rule no kind
        is quiet); the cards jumped in open none of their own, the loop goes on instead."""
        self.jumping = True
        try:
            while self.winner is None:
                if self.uno_pending is not None:  # a missed call is caught before anyone plays on
                    self._catch_window()
                    if self.winner is not None:
                        return
                jump = self._jumper()
                if jump is None:
                    return
                self.spend(A_PLAY)  # (a card jumped in may bring others to jump in with: for ever)
                self._jump_in(*jump)
        finally:
            self.jumping = False

    def _jumper(self) -> tuple | None:
        """The first player, in turn order after the one who played, who jumps in: (seat, card)."""
        p, n, step = self.turn, self.n, self.direction
        top, rules, out = self.discard[-1], self.edition.jump_rules, self.out
        by_face = self._faces_where(rules, self.edition.jump_cache, p) if self.edition.pure_jumping else None
        for offset in range(1, n):
            q = (p + offset * step) % n
            if out and q in out:
                continue
            if by_face is not None:
                cards = [c for c in self.hands[q] if by_face[c.face]]
            else:
                cards = [c for c in self.hands[q] if any(rule.function(c, self, q) for rule in rules)]
            if cards:
                answer = self.decide(JUMP_IN, q, [*cards, PASS], top)
                if answer is not PASS:
                    return q, answer
        return None

    def _jump_in(self, q: int, card) -> None:
        """`q` plays `card` out of turn; play continues from them."""
        passed = self._pass_over(self.turn, q)
        if self.log is not None:
            self.record("jump_in", player=q, card=card.uid, after=self.turn, passed_over=passed)
        self.extra_for = None  # (an extra turn the card before gave is passed over too)
        if self.skips[q]:  # a turn they were to miss is spent on it (as on a stacking answer)
            self.skips[q] -= 1
        self.turn = q
        self.play_card(q, card)

    def _pass_over(self, p: int, q: int) -> list[int]:
        """The players after `p` and before `q`, in the direction of play, lose that turn: as
        when a turn is skipped, a turn they were to miss is the one lost, and table cards lying
        on them return to the middle."""
        passed, n, step, skips = [], self.n, self.direction, self.skips
        r = (p + step) % n
        while r != q:
            if not (self.out and r in self.out):
                passed.append(r)
                if skips[r]:
                    skips[r] -= 1
                if self.lying[r]:
                    self._table_cards_return(r)
            r = (r + step) % n
        return passed

    # ---- UNO at any time -------------------------------------------------------

    def _uno_window(self) -> None:
        """After a turn, while someone holds one card without having called UNO (strict: after
        every turn): every player in turn may call UNO, on themselves or on another player (see
        the module's text)."""
        if not isinstance(self.uncalled, set):  # (the first window of the round)
            self.uncalled = set()
        uncalled = self.uncalled
        if self.uno_pending is not None:
            uncalled.add(self.uno_pending)
        self.uno_pending = None
        self._forget_uno_calls()
        n, step, start, out = self.n, self.direction, self.turn, self.out
        strict = self.facts.uno_every_turn  # (every player is asked, even with no one to catch)
        for offset in range(1, n + 1):
            if not (uncalled or strict) or self.winner is not None:
                break
            caller = (start + offset * step) % n
            if out and caller in out:
                continue
            seats = [(caller + k * step) % n for k in range(n)]
            targets = [q for q in seats if self.hands[q] and not (out and q in out)]
            answer = self.decide(UNO_CALL, caller, [*targets, PASS], sorted(uncalled))
            if answer is not PASS:
                self._uno_call(caller, answer)
                self._forget_uno_calls()
        if uncalled:  # (the round enters this window again after the next turn)
            self.uno_pending = min(uncalled)

    def _uno_call(self, caller: int, target: int) -> None:
        """`caller` calls UNO on `target` (on themselves: "UNO!")."""
        if len(self.hands[target]) != 1:  # a false call
            if self.log is not None:
                self.record("false_call", player=caller, target=target)
            self.draw(caller, self.edition.false_call)
        elif target == caller:
            if self.log is not None:
                self.record("uno", player=caller)
            self.uncalled.discard(caller)
        elif target in self.uncalled:
            self.uncalled.discard(target)
            self._uno_penalty(target, caller)  # (round.py)
        elif self.log is not None:  # they had called: nothing happens
            self.record("called_already", player=target, by=caller)

    def _forget_uno_calls(self) -> None:
        """Only a player holding one card can be caught: the others' missed calls are over."""
        hands, out = self.hands, self.out
        self.uncalled.intersection_update([q for q in self.uncalled if len(hands[q]) == 1 and q not in out])

    def _called_uno(self, p: int) -> None:
        """`p` called UNO as they played: they are not to be caught for an earlier miss."""
        self.uncalled.discard(p)
        if self.uncalled:
            self.uno_pending = min(self.uncalled)

"""What compiled scripts can do: the primitives behind every statement.

`skip`, `reverse`, `choose_colour`, ... are called by the Python that
unodsl.lang.compile generates from an edition's scripts (`g.skip(next)`); the
engine's own turn flow uses some of them too (drawing is unodsl.engine.drawing,
cards moving unodsl.engine.moves). None knows a card by name.
"""
from __future__ import annotations

import random

from ..errors import UnoError
from ..limits import MAX_NUMBER
from .budget import number_passed
from .quick_random import randint
from .decisions import CHALLENGE, COLOUR, DISCARD, GIVE, PLAYER, QUESTION, VALUE, WRITE_RULE, YES_NO


class ScriptPrimitives:
    """Mixed into Round: every method works on the round's state."""

    __slots__ = ()
    # The round's state this part holds (Round's slots are its parts'): what scripts leave: the player chosen, hands face up and seen, rules written on blank
    # cards, the edition's state variables, the round's chance.
    STATE = ("chosen", "face_up_until", "known", "others_discarded", "written", "growing", "emptying",
             "player_state", "game_state", "chance_seed", "_chance", "chance_fixed")

    # ---- primitives the compiled scripts call --------------------------------

    def skip(self, p: int) -> None:
        self.skips[p] += 1
        if self.log is not None:
            self.record("skip", player=p)

    def reverse(self) -> None:
        self.direction = -self.direction
        if self.log is not None:
            self.record("reverse", direction=self.direction)

    def extra_turn(self, p: int) -> None:
        self.extra_for = p
        if self.log is not None:
            self.record("extra_turn", player=p)

    def turn_another(self, card) -> None:
        """A start card goes back into the draw pile at random, never on top (that
        would turn it again), and another is turned."""
        self.discard.remove(card)
        pile = self.draw_pile
        position = len(pile)  # the top: only when nothing is left under it
        while pile and position == len(pile):  # drawn again, so other positions keep their odds
            position = self.rng.randrange(len(pile) + 1)
        pile.insert(position, card)
        self.turn_again = True
        if self.log is not None:
            self.record("turn_another", card=card.uid)

    def choose_colour(self, p: int):
        self.colour = self.decide(COLOUR, p, self.colours)
        if self.log is not None:
            self.record("colour", player=p, colour=self.colour)

    def ask_challenge(self, p: int, accused: int) -> bool:
        if self.answering:  # a card answering a draw is not challenged (docs/effects.md)
            return False
        if self.settings["no_bluffing"]:  # it could not be a bluff: no challenge is offered
            return False
        challenged = self.decide(CHALLENGE, p, [True, False], accused)
        if self.log is not None:
            self.record("challenge", player=p, accused=accused, challenged=challenged, bluffed=self.bluffed)
        return challenged

    def anyone_accepts(self, players: list[int], question: str) -> bool:
        """Put a yes/no question to each player in turn; true at the first yes."""
        for p in players:
            if self.decide(YES_NO, p, [True, False], question):
                self.record("accepted", player=p, question=question)
                return True
        return False

    def ask_question(self, p: int, question: str, answers: list) -> str:
        answer = self.decide(QUESTION, p, answers, question)
        if self.log is not None:  # (answered aloud: everyone hears it)
            self.record("answered", player=p, question=question, answer=answer)
        return answer

    def choose_player(self, p: int, predicate):
        """`p` picks another player satisfying `predicate` (about a seat); the pick, or
        None when no one satisfies it (the script's statements about them do nothing)."""
        seats = [q for q in self.others(p) if predicate is None or predicate(q)]
        self.chosen = self.decide(PLAYER, p, seats) if seats else None
        if seats and self.log is not None:
            self.record("chosen", player=p, chosen=self.chosen)
        return self.chosen

    def choose_value(self, p: int, what: str, options) -> object:
        """`p` names one of `options` (a number, a symbol, a kind: `what`); None when there is
        none to name (an empty range)."""
        if not options:
            return None
        value = self.decide(VALUE, p, list(options), what)
        if self.log is not None:  # (said aloud: everyone hears it)
            self.record("named", player=p, what=what, value=value)
        return value

    def show_hand(self, owner: int, viewers: list[int]) -> None:
        uids = {c.uid for c in self.hands[owner]}
        for viewer in viewers:
            if viewer != owner:
                self.known[viewer] |= uids
        if self.log is not None:
            self.record("show_hand", player=owner, to=viewers, cards=sorted(uids))

    def face_up(self, p: int, until_turn_of: int) -> None:
        self.face_up_until[p] = until_turn_of
        self.show_hand(p, self.others(p))

    def _end_face_up(self, p: int) -> None:
        for player, until in list(self.face_up_until.items()):
            if until == p:
                del self.face_up_until[player]

    def give_all(self, p: int, predicate, recipients: list[int]):
        """`p` gives every matching card away, choosing a recipient for each among those
        still in the round. The cards are those matching as the statement begins; a hook
        that fires as a hand grows may move one out of `p`'s hand (it is not given: no
        longer theirs) or turn it over (given as it now shows), or put a recipient out."""
        hand, out = self.hands[p], self.out
        targets, left = [], -1
        for card in [c for c in hand if predicate is None or predicate(c)]:
            if card not in hand:  # moved away (no longer theirs), or turned over: its other face is held
                card = card.back if card.back is not None and card.back in hand else None
                if card is None:
                    continue
            if left != len(out):  # who may receive it: again once someone has left
                targets, left = [q for q in recipients if q != p and q not in out], len(out)
            if not targets:
                return
            to = self.decide(GIVE, p, targets, card)
            hand.remove(card)
            self.hands[to].append(card)
            self.record("give", player=p, to=to, card=card.uid)
            if "hand_grows" in self.hooks:
                self._hand_grew(to)

    def draw_or_discard_to(self, p: int, size: int, can_draw: bool):
        """`p` draws (if allowed) or discards, their choice of cards, until holding `size`."""
        hand = self.hands[p]
        size = size or 0  # an absent number counts as none
        if can_draw and len(hand) < size:
            self.draw(p, size - len(hand))
        self.others_discarded = True
        if len(hand) > 1 and size == 1:
            self._call_uno(p)  # "discard down to 1 card (call UNO!)"
        while len(hand) > max(size, 0):
            card = self.decide(DISCARD, p, list(hand))
            hand.remove(card)
            self.discard.insert(len(self.discard) - 1, card)  # under the top: play goes on
            if self.log is not None:
                self.record("discard", player=p, card=card.uid)

    def swap_hands(self, p: int, q: int | None) -> None:
        """`p` and `q` swap hands (each list keeps its seat: only the cards move)."""
        if q is None or q == p or q in self.out or p in self.out:
            return
        a, b = self.hands[p], self.hands[q]
        a[:], b[:] = b[:], a[:]
        self.known[p] |= {c.uid for c in b}  # each saw the hand they gave
        self.known[q] |= {c.uid for c in a}
        self._emptied(a, b)
        if self.log is not None:
            self.record("swap_hands", player=p, other=q)
        if "hand_grows" in self.hooks and len(a) != len(b):
            self._hand_grew(p if len(a) > len(b) else q)
        self.spend_cards(len(a) + len(b))

    def rotate_hands(self) -> None:
        """Every hand goes to the next player in the direction of play, among the players
        in the round: none goes to or comes from a player who left, even in this turn."""
        hands, seats = self.hands, self.everyone(0)
        moved = [list(hands[p]) for p in seats]
        for at, p in enumerate(seats):
            hands[seats[(at + 1) % len(seats)]][:] = moved[at]
            self.known[p] |= {c.uid for c in moved[at]}
        self._emptied(*hands)
        if self.log is not None:
            self.record("rotate_hands", direction=self.direction)
        if "hand_grows" in self.hooks:
            for at, p in enumerate(seats):
                if len(hands[p]) > len(moved[at]):
                    self._hand_grew(p)
        self.spend_cards(sum(map(len, moved)))

    def _emptied(self, *hands) -> None:
        """A hand left empty by a script: whoever holds it may be out once the card is played."""
        if not all(hands):
            self.others_discarded = True

    def apply_written_rule(self, me: int, card, name: str | None = None) -> None:
        """Run the house rule written on `card` (a blank one is written now, by `me`), or,
        given a `name`, the edition's written rule of that name, about `card`."""
        if name is not None:
            self.edition.written_rules[name].function(self, me, card)
            return
        rule = self.written.get(card.uid)
        if rule is None and card.spec.blank and card.uid not in self.written:
            text = self.decide(WRITE_RULE, me, [*self.edition.suggested_rules, ""], card)
            rule = self.written[card.uid] = self.edition.compile_rule(text) if text else None
            self.record("written", player=me, card=card.uid, rule=text)
        if rule is not None:
            rule.function(self, me, card)

    # ---- state (the edition's `state:` section) ---------------------------------
    # `p` is a seat, or None for a game variable. Every change is recorded.

    # A counter never holds a number past those a script may hold (a score may be one, and a
    # counter added to itself doubles): the round stops before it would, the old value kept.

    def set_state(self, p: int | None, name: str, value) -> None:
        if type(value) is int and not -MAX_NUMBER <= value <= MAX_NUMBER:
            raise number_passed(_variable(p, name), value)
        (self.game_state if p is None else self.player_state[p])[name] = value
        if self.log is not None:
            self._record_state(p, name, value)

    def add_state(self, p: int | None, name: str, amount: int | None) -> None:
        """A counter grows by `amount` (an absent amount adds nothing)."""
        where = self.game_state if p is None else self.player_state[p]
        value = where[name] + (amount or 0)
        if not -MAX_NUMBER <= value <= MAX_NUMBER:
            raise number_passed(_variable(p, name), value)
        where[name] = value
        if self.log is not None:
            self._record_state(p, name, value)

    def add_score(self, p: int, amount: int | None) -> None:
        """`add N to P.score`: a score written by a script (`on round_end:`), which the match
        keeps with the round's points (unodsl.match). In team play the score is the team's:
        both partners' move."""
        for q in ((p, self.partner(p)) if self.settings.get("teams") else (p,)):
            value = self.scores[q] + (amount or 0)
            if not -MAX_NUMBER <= value <= MAX_NUMBER:
                raise number_passed(_variable(q, "score"), value)
            self.scores[q] = value
            if self.log is not None:
                self._record_state(q, "score", value)

    def flip_state(self, p: int | None, name: str) -> None:
        where = self.game_state if p is None else self.player_state[p]
        where[name] = not where[name]
        if self.log is not None:
            self._record_state(p, name, where[name])

    def _record_state(self, p: int | None, name: str, value) -> None:
        data = {"name": name, "value": state_value(value)}
        if p is not None:
            data["player"] = p
        self.record("state", **data)

    # ---- chance --------------------------------------------------------------------
    # Drawn from the round's own chance stream, apart from the deck's shuffles: an
    # edition that draws no chance shuffles exactly as before, and a chance drawn more
    # or less does not change which cards come next. A scenario may fix the results
    # (`chance_fixed`, used first, in order).

    def random_number(self, low, high):
        """A whole number from `low` to `high`, each as likely; none when there is no such number."""
        if not isinstance(low, int) or not isinstance(high, int) or low > high:
            return None
        if low < -MAX_NUMBER or high > MAX_NUMBER:  # (a score may be past them: the result could be)
            raise number_passed(f"`random number in {low}..{high}`", low if low < -MAX_NUMBER else high)
        if self.log is None and not self.chance_fixed and self._chance is not None:
            return randint(self._chance, low, high)  # (what _chance_result does then, without its words)
        return self._chance_result(f"random number in {low}..{high}", lambda rng: rng.randint(low, high),
                                   lambda value: isinstance(value, int) and low <= value <= high)

    def random_outcome(self, table: str):
        """One outcome of the edition's chance table `table`, as likely as its weight says."""
        outcomes = self.edition.vocabulary.chance[table]
        values = [value for value, _ in outcomes]
        weights = [weight for _, weight in outcomes]
        possible = {value for value, weight in outcomes if weight}
        return self._chance_result(f"random {table}", lambda rng: rng.choices(values, weights)[0],
                                   lambda value: value in possible)

    def random_written_rule(self) -> str:
        """The name of one of the edition's written rules, each as likely (a rule deck drawn from)."""
        names = list(self.edition.written_rules)
        return self._chance_result("random written rule", lambda rng: rng.choice(names),
                                   lambda value: value in names)

    def random_card(self, p: int):
        """A card of `p`'s hand, each as likely; none when the hand is empty."""
        hand = self.hands[p]
        if not hand:
            return None
        fixed = self.chance_fixed
        if fixed:  # a scenario names the card as players say it (`red 7`)
            fixed[0] = next((c for c in hand if c.label().lower() == str(fixed[0]).lower()), fixed[0])
        return self._chance_result(f"random card from seat {p}'s hand", lambda rng: rng.choice(hand),
                                   lambda value: value in hand)

    def choose_random_player(self, p: int, predicate):
        """Another player satisfying `predicate`, at random; None when no one does."""
        seats = [q for q in self.others(p) if predicate is None or predicate(q)]
        self.chosen = None
        if seats:
            self.chosen = self._chance_result("random player", lambda rng: rng.choice(seats),
                                              lambda value: value in seats)
            if self.log is not None:
                self.record("chosen", player=p, chosen=self.chosen)
        return self.chosen

    def _chance_result(self, what: str, draw, possible):
        if self.chance_fixed:
            value = self.chance_fixed.pop(0)
            if not possible(value):
                raise UnoError(f"the scenario's chance result {state_value(value)!r} cannot come from {what}")
        else:
            if self._chance is None:
                seed, round_index = self.chance_seed  # the match's seed, and which round of it
                self._chance = random.Random(f"chance:{seed}:{round_index}")
            value = draw(self._chance)
        if self.log is not None:
            self.record("chance", what=what, value=state_value(value))
        return value


def _variable(p: int | None, name: str) -> str:
    """A state variable as a report names it: `game.x`, `seat 1's tokens`."""
    return f"game.{name}" if p is None else f"seat {p}'s {name}"


def state_value(value):
    """A value as the event log, saves and scenarios write it: a card by its uid."""
    uid = getattr(value, "uid", None)
    return uid if uid is not None else value

"""A tuned hand-written classic UNO loop: the floor of pure-Python cost.

It plays the same rules as editions/classic.yaml under unodsl's engine
(shared/RULES.md, common part: start-card rules, draw-then-play, Wild Draw
Four bluff and challenge, UNO call and catch, reshuffle, two-player rule,
scoring to 500) with the same random policy as unodsl's RandomAgent:

- on its turn, a uniformly chosen playable card; draw only when none plays;
- every other choice uniform among its options: play the drawn card or keep
  it, the colour, challenge or not, call UNO or not, catch or not (each other
  player in turn order, until one catches).

Cards are small ints indexing precomputed tables; nothing here is general.
benchmarks/compare.py times unodsl against this loop; tests/test_benchmarks.py checks
that its rounds and matches last as long as the engine's.
"""
from __future__ import annotations

import random

RED, YELLOW, GREEN, BLUE = range(4)
NUMBER, DRAW_TWO, REVERSE, SKIP, WILD, WILD_DRAW_FOUR = range(6)
NONE = -1


def _deck():
    colour, number, kind, points = [], [], [], []

    def add(c, n, k, p):
        colour.append(c), number.append(n), kind.append(k), points.append(p)

    for c in range(4):
        add(c, 0, NUMBER, 0)
        for n in range(1, 10):
            add(c, n, NUMBER, n), add(c, n, NUMBER, n)
        for k in (DRAW_TWO, REVERSE, SKIP):
            add(c, NONE, k, 20), add(c, NONE, k, 20)
    for _ in range(4):
        add(NONE, NONE, WILD, 50)
        add(NONE, NONE, WILD_DRAW_FOUR, 50)
    return colour, number, kind, points


COLOUR, NUMBER_OF, KIND, POINTS = _deck()
CARDS = len(COLOUR)  # 108


class Round:
    __slots__ = ("n", "rng", "rand", "hands", "pile", "discard", "colour", "top", "direction",
                 "turn", "skip", "turns")

    def __init__(self, players: int, dealer: int, rng: random.Random):
        self.n = players
        self.rng = rng
        self.rand = rng.random
        pile = list(range(CARDS))
        rng.shuffle(pile)
        self.hands = [[] for _ in range(players)]
        for _ in range(7):
            for offset in range(1, players + 1):
                self.hands[(dealer + offset) % players].append(pile.pop())
        self.pile = pile
        self.discard = []
        self.direction = 1
        self.turns = 0
        self.skip = False
        self.turn = dealer
        self._start(dealer)

    def draw(self, p: int, count: int) -> int:
        """Draw up to `count` cards; returns the last card drawn (or NONE)."""
        pile, hand, last = self.pile, self.hands[p], NONE
        for _ in range(count):
            if not pile:
                if len(self.discard) <= 1:
                    break
                top = self.discard.pop()
                pile.extend(self.discard)
                self.discard = [top]
                self.rng.shuffle(pile)
            last = pile.pop()
            hand.append(last)
        return last

    def _start(self, dealer: int) -> None:
        while True:
            card = self.pile.pop()
            kind = KIND[card]
            if kind == WILD_DRAW_FOUR:  # back into the deck, turn another
                self.pile.insert(self.rng.randrange(len(self.pile) + 1), card)
                continue
            self.discard.append(card)
            self.top, self.colour = card, COLOUR[card]
            n = self.n
            first = (dealer + 1) % n
            if kind == DRAW_TWO:
                self.draw(first, 2)
                self.turn = (first + 1) % n
            elif kind == REVERSE:
                self.direction = -1
                self.turn = dealer
            elif kind == SKIP:
                self.turn = (first + 1) % n
            elif kind == WILD:
                self.colour = int(self.rand() * 4)
                self.turn = first
            else:
                self.turn = first
            return

    def play(self) -> int:
        """Play the round out; returns the winner."""
        n, rand, hands = self.n, self.rand, self.hands
        while True:
            p = self.turn
            self.turns += 1
            hand = hands[p]
            top, colour = self.top, self.colour
            top_number, top_kind = NUMBER_OF[top], KIND[top]
            playable = [c for c in hand if COLOUR[c] == colour or KIND[c] >= WILD
                        or (NUMBER_OF[c] == top_number != NONE)
                        or (KIND[c] == top_kind != NUMBER)]
            if playable:
                card = playable[int(rand() * len(playable))]
            else:
                card = self.draw(p, 1)
                if card == NONE or not (COLOUR[card] == colour or KIND[card] >= WILD
                                        or NUMBER_OF[card] == top_number != NONE
                                        or KIND[card] == top_kind != NUMBER) or rand() < 0.5:
                    self._advance(p)
                    continue
            uncalled = len(hand) == 2 and rand() < 0.5
            hand.remove(card)
            bluff = KIND[card] == WILD_DRAW_FOUR and any(COLOUR[c] == colour for c in hand)
            self.discard.append(card)
            self.top, self.colour = card, COLOUR[card]
            self._effect(p, card, bluff)
            if not hand:
                return p
            if uncalled and len(hand) == 1:
                for offset in range(1, n):  # anyone may catch, in turn order
                    if rand() < 0.5:
                        self.draw(p, 2)
                        break
            self._advance(p)

    def _effect(self, p: int, card: int, bluff: bool) -> None:
        kind, n, rand = KIND[card], self.n, self.rand
        nxt = (p + self.direction) % n
        if kind == DRAW_TWO:
            self.draw(nxt, 2)
            self.skip = True
        elif kind == REVERSE:
            self.direction = -self.direction
            if n == 2:
                self.skip = True
        elif kind == SKIP:
            self.skip = True
        elif kind == WILD:
            self.colour = int(rand() * 4)
        elif kind == WILD_DRAW_FOUR:
            self.colour = int(rand() * 4)
            if rand() < 0.5:  # challenged
                if bluff:
                    self.draw(p, 4)
                else:
                    self.draw(nxt, 6)
                    self.skip = True
            else:
                self.draw(nxt, 4)
                self.skip = True

    def _advance(self, p: int) -> None:
        step = self.direction
        nxt = (p + step) % self.n
        if self.skip:
            self.skip = False
            nxt = (nxt + step) % self.n
        self.turn = nxt


def play_match(players: int, seed, target: int = 500) -> tuple[int, int, int]:
    """(winner, rounds, turns) of one match."""
    rng = random.Random(seed)
    pile = list(range(CARDS))
    rng.shuffle(pile)
    contenders = list(range(players))
    while len(contenders) > 1:  # the highest number deals; ties draw again
        drawn = {p: max(NUMBER_OF[pile.pop()], 0) for p in contenders}
        best = max(drawn.values())
        contenders = [p for p in contenders if drawn[p] == best]
    dealer = contenders[0]
    scores = [0] * players
    rounds = turns = 0
    while True:
        rnd = Round(players, dealer, rng)
        winner = rnd.play()
        rounds += 1
        turns += rnd.turns
        scores[winner] += sum(POINTS[c] for hand in rnd.hands for c in hand)
        if scores[winner] >= target:
            return winner, rounds, turns
        dealer = (dealer + 1) % players

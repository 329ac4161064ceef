"""Stacked setups: a round that starts from hands and piles given card by card.

Rule tests (and scenario files) describe the table instead of shuffling:

    Setup(hands=[["red 7", "Wild"], ["blue 2"]],
          draw=["green 5", "red Skip"], discard=["red 3"], turn=0)

Cards are named as players say them: an optional colour, then a number, a kind
id (`skip`), a kind name (`Skip`) or a symbol, in any letter case. Each name takes
a distinct card of the edition's deck; every card not named goes under the
draw pile (or under the discard pile, `rest="discard"`), so a stacked round
holds the whole deck like any other.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..errors import UnoError
from .modes import highest_drawn


@dataclass
class Setup:
    hands: list[list[str]]
    draw: list[str] = field(default_factory=list)  # top card first
    discard: list[str] = field(default_factory=list)  # bottom first; the last is the top card
    colour: str | None = None  # the colour in play; default: the top card's colour
    turn: int = 0  # whose turn it is
    direction: int = 1  # 1: to the left, -1: to the right
    dealer: int | None = None  # default: the player before `turn`
    scores: list[int] | None = None
    start: bool = False  # the top discard was just turned: apply its start rule (and round_start hooks) first
    rest: str = "draw"  # where the cards not named go: under the "draw" or "discard" pile
    state: dict | None = None  # {game: {NAME: value}, players: {seat: {NAME: value}}}: the edition's state
    chance: list = field(default_factory=list)  # the results chance gives, in order, before drawing any
    # the aside pile, the edition's own (a player's own by seat: `deck 2`) and its discard piles but
    # the first (several discard piles: `discard` is the first, in play): name -> cards, bottom first
    piles: dict = field(default_factory=dict)
    side: str | None = None  # two-sided cards: the side up (default: the first); cards are named by its faces
    # the dealer's draw (`dealer: {draw: ...}`): the cards each contender turned, by seat, each row
    # after a tie; `dealer` is who it gave (unodsl.engine.modes.highest_drawn)
    dealer_draws: list = field(default_factory=list)


def resolve_cards(edition, names: list[str], pool: list) -> list:
    """Take one card from `pool` for each name (removing it from the pool)."""
    return [_take(edition, name, pool) for name in names]


def _take(edition, name: str, pool: list):
    words = name.strip().split()
    colour = None
    if words and words[0].lower() in {c.lower() for c in edition.colours}:
        colour = next(c for c in edition.colours if c.lower() == words[0].lower())
        words = words[1:]
    what = " ".join(words).lower()
    # `red Flex 4`: a kind's name, then a number (a numbered kind named with its cards)
    kind_said, _, number = what.rpartition(" ")
    named = number.isdigit() and kind_said != ""
    # (`red 4`: a plain number card first, then a numbered card of any kind)
    for plain_first in (True, False):
        for index, card in enumerate(pool):
            if card.colour != colour:
                continue
            if named and card.number == int(number) and _says_kind(kind_said, card):
                return pool.pop(index)
            if (what.isdigit() and card.number == int(what) and not (plain_first and card.spec.named_with_number)) or (
                    not what.isdigit() and card.number is None and _says_kind(what, card)):
                return pool.pop(index)
    raise UnoError(f"no card '{name}' left in the {edition.name} deck")


def _says_kind(words: str, card) -> bool:
    return words in (card.kind.lower(), card.name.lower(), (card.symbol or "").lower())


def apply_setup(rnd, setup: Setup) -> None:
    """Lay the table of `rnd` out as `setup` says."""
    edition = rnd.edition
    if len(setup.hands) != rnd.n:
        raise UnoError(f"the setup gives {len(setup.hands)} hands for {rnd.n} players")
    side = _side(edition, setup.side)
    pool = [edition.card(card.uid, side) for card in edition.deck]
    rnd.turn_to_side(side)  # (the round's places are empty yet: its side and colours)
    rnd.hands = [resolve_cards(edition, hand, pool) for hand in setup.hands]
    draw_top_first = resolve_cards(edition, setup.draw, pool)
    discard = resolve_cards(edition, setup.discard, pool)
    for name, cards in setup.piles.items():
        if name in rnd.discard_names[1:]:  # (several discard piles: one resting, its top's colour in play on it)
            at = rnd.discard_names.index(name)
            rnd.resting[at] = resolve_cards(edition, cards, pool)
            rnd.resting_colours[at] = rnd.resting[at][-1].colour if rnd.resting[at] else None
            continue
        if name not in rnd.piles:
            raise UnoError(f"{edition.name} has no {name} pile")
        rnd.piles[name] = resolve_cards(edition, cards, pool)
    rnd.table = [c for c in pool if c.kind in edition.table]  # table cards lie in the middle
    pool = [c for c in pool if c.kind not in edition.table]
    random.Random(f"rest:{rnd.n}").shuffle(pool)  # unnamed cards: a fixed order
    if setup.rest == "discard":
        rnd.discard = pool + discard
        rnd.draw_pile = list(reversed(draw_top_first))
    else:
        rnd.discard = discard
        rnd.draw_pile = pool + list(reversed(draw_top_first))  # the list's end is the top
    if not rnd.discard:
        raise UnoError("the setup needs at least one discard (the top card)")
    rnd.colour = setup.colour if setup.colour is not None else rnd.discard[-1].colour
    rnd.direction = setup.direction
    rnd.turn = setup.turn
    rnd.dealer = setup.dealer if setup.dealer is not None else (setup.turn - setup.direction) % rnd.n
    if setup.scores is not None:
        rnd.scores[:] = setup.scores
    rnd.chance_fixed = list(setup.chance)
    if setup.state and not setup.start:  # (with a start card just turned: as play begins, round.py)
        set_state(rnd, setup.state)
    rnd.record("setup", hands=[[c.uid for c in h] for h in rnd.hands],
               draw=[c.uid for c in draw_top_first], discard=[c.uid for c in rnd.discard],
               **({"piles": {name: [c.uid for c in rnd.cards_at(("pile", name))] for name in setup.piles
                             if rnd.cards_at(("pile", name))}}
                  if setup.piles else {}), **({"side": rnd.side_name} if setup.side else {}))
    if setup.dealer_draws:  # (after the setup: a scenario expects what follows it)
        _dealer_draws(rnd, setup.dealer_draws)


def _dealer_draws(rnd, draws: list) -> None:
    """Record the dealer's draw a setup gives, as a match records it: each row the cards the
    contenders turned (looked at and put back: each row from the whole deck), then the dealer."""
    contenders = []
    for row in draws:
        drawn = {seat: resolve_cards(rnd.edition, [name], list(rnd.edition.deck))[0] for seat, name in row.items()}
        rnd.record("dealer_draw", cards={seat: card.uid for seat, card in drawn.items()})
        contenders = highest_drawn(drawn)
    rnd.record("dealer", player=contenders[0])


def _side(edition, name: str | None) -> int:
    """The index of the side named `name` (None: the first, up as a round starts)."""
    if name is None:
        return 0
    names = [side.name for side in edition.sides]
    if name not in names:
        raise UnoError(f"{edition.name} has no side '{name}'" + (f" (its sides: {', '.join(names)})" if names else ""))
    return names.index(name)


def set_state(rnd, state: dict) -> None:
    """The state variables a setup gives (a card by its name: the first such card anywhere).
    They hold as play begins: on a table under way, as it is laid out; after a start card
    just turned (`start`), once its rule and the `on round_start` hooks have run, which so
    never overwrite them (docs/scenarios.md)."""
    vocab = rnd.edition.vocabulary
    for name, value in (state.get("game") or {}).items():
        rnd.game_state[name] = _state_value(rnd, vocab.game_state[name].type, value)
    for seat, values in (state.get("players") or {}).items():
        for name, value in values.items():
            rnd.player_state[int(seat)][name] = _state_value(rnd, vocab.player_state[name].type, value)


def _state_value(rnd, kind: str, value):
    if kind == "colour" and value is not None:
        return next((c for c in rnd.edition.colours if c.lower() == value.lower()), value)
    if kind != "card" or value is None:
        return value
    label = resolve_cards(rnd.edition, [value], [rnd.edition.card(c.uid, rnd.side) for c in rnd.edition.deck])[0].label()
    cards = [*rnd.draw_pile, *rnd.discard, *(c for hand in rnd.hands for c in hand),
             *(c for pile in rnd.piles.values() for c in pile)]
    for card in cards:
        if card.label() == label:
            return card
    raise UnoError(f"no card '{value}' in the round for the state to remember")

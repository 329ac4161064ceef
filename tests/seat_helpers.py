"""Pausing a match at the decisions of one seat, to look at what that seat sees and knows."""
from __future__ import annotations

import random

import unodsl
from unodsl.seat.places import placement, sees


def paused_decisions(edition, players: int, seat: int, seed, others="random", limit: int = 60, rounds: int = 1):
    """Play a match in which `seat` is answered from outside (its history kept) and the other
    seats by `others`; yield (match, decision, view) at each of its decisions, then answer
    with one of the options at random (by the seed)."""
    agents = [None if q == seat else others for q in range(players)]
    match = unodsl.Match(edition, players=players, agents=agents, seed=seed, record=False,
                         max_rounds=rounds, histories=[seat])
    pick = random.Random(f"pick:{seed}")
    asked = 0
    while not match.finished and asked < limit:
        decision = match.decision
        view = match.round.view(decision.player)
        yield match, decision, view
        asked += 1
        if not match.finished and match.decision is decision:
            match.answer(pick.choice(decision.options))


def hidden_from(rnd, seat: int) -> dict:
    """Every card `seat` cannot see now: uid -> its place."""
    face_up = frozenset(rnd.face_up_until)
    return {uid: place for uid, (place, _index) in placement(rnd).items() if not sees(seat, place, face_up)}


def never_named(view) -> set:
    """The uids the seat's history never showed it (in a move or an event)."""
    named = set()
    for observation in view.history:
        for move in observation.moves:
            if move.card is not None:
                named.add(move.card)
        event = observation.event or {}
        for value in _values(event):
            if isinstance(value, int) and not isinstance(value, bool):
                named.add(value)
    return set(range(len(view.edition.deck))) - named - set(view.shown)


def _values(value):
    if isinstance(value, dict):
        for item in value.values():
            yield from _values(item)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _values(item)
    else:
        yield value


def swap_cards(rnd, a: int, b: int) -> None:
    """Exchange the places of cards `a` and `b` in the round (each list keeps its identity; a
    card in a draw pile noted as turned lies there with its other face up)."""
    spots = {}
    lists = [rnd._draw_pile, rnd.discard, *rnd.hands, rnd.table, *rnd.lying, *rnd.piles.values()]
    for cards in lists:
        for index, card in enumerate(cards):
            if card.uid in (a, b):
                spots[card.uid] = (cards, index)
    (list_a, at_a), (list_b, at_b) = spots[a], spots[b]
    card_a, card_b = list_a[at_a], list_b[at_b]
    turned = rnd.pile_turned
    pile = rnd._draw_pile
    # A card keeps the side its new place shows: the draw pile noted as turned holds the other face.
    if turned and (list_a is pile) != (list_b is pile):
        card_a, card_b = card_a.back, card_b.back
    list_a[at_a], list_b[at_b] = card_b, card_a

"""What a seat sees (its view), hears (its history), knows and imagines (sampled worlds):
over rounds of every shipped edition, paused at the decisions of one seat."""
from __future__ import annotations

import gc
import random
from types import MappingProxyType

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import unodsl
from unodsl.agents import make_agent
from unodsl.agents.mcts import MctsAgent
from unodsl.edition.model import Card, CardKind, Edition
from unodsl.edition.rules import popular_rule_names
from unodsl.engine.setup import Setup
from unodsl.resources import edition_names
from unodsl.seat.knowledge import Knowledge
from unodsl.seat.observe import Move, Observation
from unodsl.seat.places import DRAW_PILE, HAND, placement
from unodsl.seat.replay import CHECKED
from unodsl.engine.view import HiddenCards, HiddenHand, History, SeatView, view_of
from unodsl.seat.world_maker import WorldMaker, world_class
from unodsl.seat.worlds import Sampler
from seat_helpers import hidden_from, never_named, paused_decisions, swap_cards

LOADED: dict = {}


def edition(name: str, rules: tuple = ()):
    key = (name, rules)
    if key not in LOADED:
        LOADED[key] = unodsl.load_edition(name, rules=list(rules) or None)
    return LOADED[key]


SHIPPED = edition_names()
# Each shipped edition, and classic with each popular house rule (progressive-mixed is classic's).
TABLES = [(name, ()) for name in SHIPPED] + [("classic", (f"@{rule}",)) for rule in popular_rule_names()]


def players_for(loaded, pick: int) -> int:
    low, high = loaded.settings["players"]["min"], loaded.settings["players"]["max"]
    return low + pick % (high - low + 1)


# ---- views leak nothing


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from([(name, ()) for name in SHIPPED]), players=st.integers(0, 8),
       seed=st.integers(0, 10**6), at=st.integers(0, 25))
def test_rounds_differing_only_in_cards_hidden_from_a_seat_look_alike_to_it(table, players, seed, at):
    """Two rounds that differ only in where two cards lie that seat s never saw (of the same
    back, with two-sided cards) give s equal views, and every built-in agent answers alike."""
    loaded = edition(*table)
    n = players_for(loaded, players)
    seat = seed % n
    for index, (match, decision, view) in enumerate(paused_decisions(loaded, n, seat, seed, limit=at + 1)):
        if index < at:
            continue
        rnd = match.round
        hidden = hidden_from(rnd, seat)
        unnamed = sorted(uid for uid in never_named(view) if uid in hidden)
        if loaded.sides:  # (backs are seen: only cards of the same back are alike to the seat)
            down = 1 - rnd.side
            by_back: dict = {}
            for uid in unnamed:
                by_back.setdefault(loaded.card(uid, down).face, []).append(uid)
            pairs = [cards[:2] for cards in by_back.values() if len(cards) > 1]
        else:
            pairs = [unnamed[:2]] if len(unnamed) > 1 else []
        pairs = [pair for pair in pairs if hidden[pair[0]] != hidden[pair[1]]] or pairs
        if not pairs:
            return
        a, b = pairs[0]
        history = list(rnd.observer.histories[seat])  # (what the seat saw: the same in both rounds)
        before = view_of(rnd, seat, history)
        swap_cards(rnd, a, b)
        try:
            after = view_of(rnd, seat, history)
            assert placement(rnd)[a] != placement(rnd)[b]
        finally:
            swap_cards(rnd, a, b)
        assert before == after
        for spec in ("random", "greedy", "mcts:iterations=6:depth=3"):
            answers = [make_agent(spec, random.Random(seed)).choose(decision, v) for v in (before, after)]
            assert _same(*answers), spec
        return


def _same(a, b) -> bool:
    return a is b or (type(a) is type(b) and a == b)


def test_a_view_holds_nothing_of_the_round_but_copies():
    """From a view, no reference leads to the round, its draw pile, another seat's hand, its
    number sources or its log: a user's agent cannot reach a hidden card through it."""
    loaded = edition("flip")
    for match, _decision, view in paused_decisions(loaded, 4, 1, 7, limit=40):
        rnd = match.round
        forbidden = {id(rnd), id(rnd._draw_pile), id(rnd.hands), id(rnd.rng), id(rnd.log), id(rnd.observer),
                     id(rnd.piles), id(rnd.known), *(id(h) for q, h in enumerate(rnd.hands) if q != 1),
                     *(id(cards) for cards in rnd.piles.values()), id(rnd.player_state),
                     *(id(values) for values in (*rnd.player_state, rnd.game_state) if isinstance(values, dict))}
        for reached in _reachable(view):
            assert id(reached) not in forbidden, f"a view reaches {type(reached).__name__}"


def _reachable(root):
    """Everything reachable from `root` through containers and a view's own objects (not into
    the edition and its cards, which are public and hold no round)."""
    seen, stack = set(), [root]
    walk_into = (SeatView, tuple, list, dict, set, frozenset, MappingProxyType, History, HiddenHand, Observation,
                 Move)
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        yield item
        if isinstance(item, (Edition, Card, CardKind, type)) or not isinstance(item, walk_into):
            continue
        stack.extend(gc.get_referents(item))


def test_a_view_does_not_let_its_fields_change():
    loaded = edition("classic")
    _match, _decision, view = next(paused_decisions(loaded, 3, 0, 1))
    with pytest.raises(AttributeError):
        view.hand = ()
    with pytest.raises(HiddenCards):
        list(view.hands[1])
    assert len(view.hands[1]) == view.hand_sizes[1]


def test_a_condition_reading_another_hand_is_refused_through_a_view():
    loaded = unodsl.load_edition("classic", rules=["on turn_start where next holds colour == red: skip me"])
    match, _decision, view = next(paused_decisions(loaded, 3, 0, 2))
    (_event, guard, _body), = loaded.hooks
    with pytest.raises(HiddenCards):
        guard.function(view.top, view, 0)


# ---- what a seat hears: its history


def test_a_seat_sees_its_own_draws_and_counts_the_others():
    loaded = edition("classic")
    for match, _decision, view in paused_decisions(loaded, 4, 2, 11, others="greedy", limit=30):
        for observation in view.history:
            event = observation.event or {}
            if event.get("event") == "draw":
                cards = event["cards"]
                if event["player"] == 2:
                    assert None not in cards
                else:
                    assert set(cards) <= {None}
            if event.get("event") == "deal":
                for seat, cards in enumerate(event["hands"]):
                    assert (None in cards) == (seat != 2) or not cards
            if event.get("event") == "decision":
                assert event["player"] == 2 or event["kind"] in unodsl.engine.decisions.PUBLIC_KINDS
                assert event["player"] == 2 or "options" not in event
    assert view.history


def test_a_hand_shown_to_a_seat_is_seen_by_it_only():
    # A Wild Draw Four's challenge shows the hand to the challenger only.
    loaded = edition("classic")
    found = 0
    for seed in range(40):
        for _match, _decision, view in paused_decisions(loaded, 3, 1, seed, others="random", limit=80):
            for observation in view.history:
                event = observation.event or {}
                if event.get("event") == "show_hand":
                    sighted = [move for move in observation.moves if move.source == move.destination]
                    if 1 in event["to"] and event["player"] != 1:
                        assert None not in event["cards"]
                        found += 1
                    elif event["player"] != 1:
                        assert set(event["cards"]) <= {None} and not sighted
        if found:
            break
    assert found


# ---- what a seat knows, and the worlds it samples


def _groups_hold(knowledge: Knowledge, place, cards: list[int]) -> bool:
    """Whether the cards of a hand can sit in its groups' positions, none where it is said
    certainly not to be (a matching of cards to positions, worked out here apart)."""
    groups = knowledge.groups.get(place)
    if not groups or sum(g.count for g in groups) != len(cards):
        return True
    slots = [g.certain for g in groups for _ in range(g.count)]
    owner = [None] * len(slots)

    def place_card(card, visited):
        for i, excluded in enumerate(slots):
            if card in excluded or i in visited:
                continue
            visited.add(i)
            if owner[i] is None or place_card(owner[i], visited):
                owner[i] = card
                return True
        return False

    return all(place_card(card, set()) for card in cards)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(TABLES), players=st.integers(0, 8), seed=st.integers(0, 10**6))
def test_what_a_seat_knows_holds_of_the_round_and_its_worlds_agree_with_it(table, players, seed):
    """Every card the seat cannot see lies where its knowledge says it may; every world sampled
    from the seat's view and knowledge shows the seat its view, holds every card once, puts
    each card where the knowledge lets it be and no card where a hand is known to lack it."""
    loaded = edition(*table)
    n = players_for(loaded, players)
    seat = seed % n
    rng = random.Random(seed)
    knowledge = Knowledge(seat, len(loaded.deck))
    for index, (match, _decision, view) in enumerate(paused_decisions(loaded, n, seat, seed, limit=40)):
        knowledge.update(view.history)
        rnd = match.round
        for uid, place in hidden_from(rnd, seat).items():
            assert knowledge.masks[uid] & knowledge.bit(place), f"card {uid} is in {place}, not {knowledge.where(uid)}"
        for q, hand in enumerate(rnd.hands):
            assert _groups_hold(knowledge, (HAND, q), [c.uid for c in hand]), f"seat {q}'s hand"
        if index % 4:
            continue
        sampler = Sampler(view, knowledge.masks, knowledge.places, groups=knowledge.groups, likely=False)
        maker = WorldMaker(view, world_class(loaded), [None] * n, rng, max_turns=10)
        for _ in range(2):
            dealt = sampler.sample(rng)
            world = maker.make(sampler.holders, dealt)
            assert sorted(c.uid for cards in world.places() for c in cards) == list(range(len(loaded.deck)))
            seen = view_of(world, seat)
            for name in CHECKED:
                if name != "pending_draw":
                    assert getattr(seen, name) == getattr(view, name), name
            for (place, _size, _classes), uids in zip(sampler.holders, dealt):
                for uid in uids:
                    assert knowledge.masks[uid] & knowledge.bit(place)
                if place[0] == HAND:
                    assert _groups_hold(knowledge, place, uids)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(TABLES), players=st.integers(0, 8), seed=st.integers(0, 10**6))
def test_worlds_played_from_the_checkpoint_come_to_the_decision_as_the_seat_saw_it(table, players, seed):
    """Worlds a search plays (sampled at the last checkpoint, the decisions since played again)
    come to the decision searched showing the seat its view, with the same options."""
    loaded = edition(*table)
    n = players_for(loaded, players)
    seat = seed % n
    agent = MctsAgent(random.Random(seed), iterations=4)
    reached = 0
    for match, decision, view in paused_decisions(loaded, n, seat, seed, limit=30):
        for world in agent.worlds_at(decision, view, 3):
            seen = view_of(world, seat)
            for name in CHECKED:
                assert getattr(seen, name) == getattr(view, name), name
            reached += 1
    assert reached or not agent.stats.get("searches")


def test_the_sampler_keeps_pinned_cards_where_they_lay():
    loaded = edition("classic")
    match, _decision, view = next(paused_decisions(loaded, 4, 0, 5))
    knowledge = Knowledge(0, len(loaded.deck))
    knowledge.update(view.history)
    hidden = [uid for uid, place in hidden_from(match.round, 0).items() if place == DRAW_PILE]
    pins = {DRAW_PILE: {0: hidden[0], 3: hidden[1]}}
    sampler = Sampler(view, knowledge.masks, knowledge.places, pins)
    rng = random.Random(1)
    for _ in range(20):
        dealt = dict(zip([place for place, _, _ in sampler.holders], sampler.sample(rng)))
        pile = dealt[DRAW_PILE]
        assert pile[-1] == hidden[0] and pile[-4] == hidden[1]


# What a player sees of the side that is down when the draw pile is empty (docs: "the
# backs of everyone else's cards ... and of the draw pile's top card": there is none).
#
# Written for a survivor of the mutation run of session 12 (docs/mutation.md).


def test_with_the_draw_pile_empty_no_back_of_it_is_seen():
    flip = unodsl.load_edition("flip")
    match = unodsl.Match(flip, players=2, seed=1,
                         setup=Setup(hands=[["red 7", "yellow 1"], ["green 2", "blue 3"]],
                                     discard=["red 9"], rest="discard"))
    rnd = match.round
    assert rnd.draw_pile == []
    seen = rnd.backs_seen(0)
    assert seen["draw_top"] is None
    assert [c.label() for c in seen["hands"][1]] == [c.back.label() for c in rnd.hands[1]]

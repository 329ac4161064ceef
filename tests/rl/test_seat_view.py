"""What an agent of unodsl.rl sees and may do (issue 30's properties):
- the observation of seat s is the same in two worlds that differ only in cards hidden
  from s: the round's hidden cards (other hands not played face up, the draw pile, none
  that s was shown) are shuffled among their places, keeping each place's size and, for
  two-sided cards, the back each card shows;
- every action the mask allows is an option the engine accepts, every other one is refused."""
from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="unodsl.rl needs the rl extra: pip install 'unodsl[rl]'")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import unodsl.rl as rl  # noqa: E402
from unodsl.engine.view import view_of  # noqa: E402
from unodsl.rl.table import Table  # noqa: E402

EDITIONS = ["classic", "flip", "no-mercy", "veto", "harry-potter", "attack", "classic-2018"]
_ENVS: dict = {}


def _env(edition: str, players: int):
    if (edition, players) not in _ENVS:
        _ENVS[edition, players] = rl.env(edition, players=players)
    return _ENVS[edition, players]


def _play_to(env, seed: int, steps: int) -> Table:
    """A round of `env`'s edition after up to `steps` random legal answers."""
    table = Table(env.edition, env.encoding, [None] * env.encoding.players, seed, "win")
    rng = random.Random(seed)
    for _ in range(steps):
        decision = table.decision
        if decision is None:
            break
        mask = table.observation(decision.player)["action_mask"]
        table.answer(rng.choice(np.flatnonzero(mask).tolist()))
    return table


def _hide_differently(rnd, seat: int, rng: random.Random) -> bool:
    """Shuffle the cards `seat` cannot see among the places that hold them (sizes kept, a
    two-sided card only with cards showing the same back); whether any card moved."""
    shown = rnd.known[seat]
    places = [hand for q, hand in enumerate(rnd.hands) if q != seat and q not in rnd.face_up_until]
    places.append(rnd._draw_pile)
    slots = [(place, i) for place in places for i, card in enumerate(place) if card.uid not in shown]
    groups: dict = {}
    for place, i in slots:
        card = place[i]
        groups.setdefault(card.back.face if card.back is not None else None, []).append((place, i))
    moved = False
    for spots in groups.values():
        cards = [place[i] for place, i in spots]
        rng.shuffle(cards)
        for (place, i), card in zip(spots, cards):
            moved |= place[i].uid != card.uid
            place[i] = card
    return moved


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edition=st.sampled_from(EDITIONS), players=st.sampled_from([2, 3, 5]), seed=st.integers(0, 10**6),
       steps=st.integers(0, 60), shuffle=st.integers(0, 10**6))
def test_a_seats_observation_does_not_depend_on_cards_hidden_from_it(edition, players, seed, steps, shuffle):
    env = _env(edition, players)
    table = _play_to(env, seed, steps)
    rnd = table.match.round
    decision = table.decision
    for seat in range(players):
        mine = decision if decision is not None and decision.player == seat else None
        before = env.encoding.observe(view_of(rnd, seat), mine)
        mask = env.encoding.mask(mine, view_of(rnd, seat)) if mine is not None else None
        hands = [[c.uid for c in hand] for hand in rnd.hands]
        _hide_differently(rnd, seat, random.Random(shuffle))
        after = env.encoding.observe(view_of(rnd, seat), mine)
        assert np.array_equal(before, after), (edition, seat)
        if mine is not None:
            assert np.array_equal(mask, env.encoding.mask(mine, view_of(rnd, seat)))
        assert [c.uid for c in rnd.hands[seat]] == hands[seat]  # (its own hand is never touched)


def test_the_hidden_cards_are_really_moved():
    """The property above is about two different worlds: the shuffle changes other hands,
    and the seats holding them see it."""
    env = _env("classic", 3)
    table = _play_to(env, 7, 5)
    rnd = table.match.round
    others = [[c.uid for c in hand] for hand in rnd.hands[1:]]
    seen_by_one = env.encoding.observe(view_of(rnd, 1))
    assert _hide_differently(rnd, 0, random.Random(1))
    assert [[c.uid for c in hand] for hand in rnd.hands[1:]] != others
    assert not np.array_equal(seen_by_one, env.encoding.observe(view_of(rnd, 1)))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edition=st.sampled_from(EDITIONS), players=st.sampled_from([2, 4]), seed=st.integers(0, 10**6))
def test_the_mask_allows_exactly_what_the_engine_accepts(edition, players, seed):
    env = _env(edition, players)
    table = Table(env.edition, env.encoding, [None] * players, seed, "win")
    rng = random.Random(seed)
    for _ in range(80):
        decision = table.decision
        if decision is None:
            break
        view = view_of(table.match.round, decision.player)
        mask = env.encoding.mask(decision, view)
        assert mask.any()
        for action in range(len(mask)):
            if mask[action]:
                option = env.encoding.option(decision, view, action)
                assert any(option is o or option == o for o in decision.options)
            else:
                with pytest.raises(rl.IllegalAction, match="is not allowed now"):
                    env.encoding.option(decision, view, action)
        table.answer(rng.choice(np.flatnonzero(mask).tolist()))  # the engine accepts it (or raises)

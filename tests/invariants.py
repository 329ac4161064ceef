"""What must hold in every round of every edition, checked while random rounds are played.

- ConservingRound: every option a seat is offered is legal (check_options, with the
  round at hand: an agent sees only its view); at every recorded event no card is
  created or lost, a table card never reaches a hand or a pile, and (two-sided cards)
  every card shows the side up; at the end each card is in one place;
- CheckingAgent: counts the decisions put to the agent it wraps (answered through a
  Decision, so that the round checks them);
- play_checked_round: one such round, which must end with a winner;
- check_state_types: each of the edition's state variables holds a value of its type.
"""
from __future__ import annotations

import random
from collections import Counter

import unodsl
from unodsl.agents import make_agent
from unodsl.agents.base import Agent
from unodsl.engine import decisions as d
from unodsl.engine.round import Round


class CheckingAgent(Agent):
    """Delegates to a real agent, counting the decisions put to it; not trusted, so that every
    decision comes through a Decision, which ConservingRound checks."""

    def __init__(self, inner: Agent):
        super().__init__(inner.rng)
        self.inner = inner
        self.offered = Counter()

    def choose(self, decision, view):
        self.offered[decision.kind] += 1
        return self.inner.choose(decision, view)


def check_options(decision, state: Round) -> None:
    seat, options = decision.player, decision.options
    assert seat not in state.out, "a player who left the round is asked something"
    assert len(options) == len(set(map(id, options))), "an option is offered twice"
    uses = [o for o in options if isinstance(o, d.TableUse)]
    for use in uses:  # a table card in the middle, on another player
        assert use.card in state.table and use.target != seat
    options = options[:len(options) - len(uses)]
    kind = decision.kind
    if kind == d.TURN:
        # the draw is offered unless `must_play` forbids it (then never)
        assert (options[-1] is d.DRAW) != state.settings.get("must_play", False)
        cards = options[:-1] if options[-1] is d.DRAW else options
        for card in cards:
            assert card in state.hands[seat], f"{card} is not in the player's hand"
            assert state.is_playable(card), f"{card} cannot go on {state.discard[-1]} ({state.colour})"
        # every playable card of the hand is offered
        assert {c.uid for c in cards} == {c.uid for c in state.hands[seat] if state.is_playable(c)}
    elif kind == d.PLAY_DRAWN:
        card = options[0]
        assert card in state.hands[seat] and state.is_playable(card)
        # KEEP is offered unless the card must be played (`play_drawn: must`: asked of a seat
        # answered from outside, the card its only option)
        assert options[1:] == ([] if state.settings["play_drawn"] == "must" else [d.KEEP])
    elif kind == d.COLOUR:  # the colours of the side up (of two-sided cards)
        assert options == list(state.edition.side_colours(state.side))
    elif kind == d.CALL_UNO:
        # Playing the next-to-last card or discarding down to one (two cards or more), or
        # left with one by the card's effect (one card): never with none.
        assert len(state.hands[seat]) >= 1
    elif kind == d.CATCH:
        accused = decision.about
        assert accused != seat and len(state.hands[accused]) == 1
    elif kind == d.CHALLENGE:
        assert seat == (state.seat(decision.about, 1) if state.out else state.next_of(decision.about))
    elif kind == d.REACT:
        assert options[-1] is d.PASS and seat != state.actor
        assert all(c in state.hands[seat] and c.spec.reaction_against is not None for c in options[:-1])
    elif kind == d.STACK:  # cards of the hand that pass a draw on, then PASS (take it)
        assert options[-1] is d.PASS and options[:-1] and decision.about > 0
        assert all(c in state.hands[seat] for c in options[:-1])
        pending = state.pending  # the draw waits on them, and the rules let each card answer it
        assert pending is not None and pending.victim == seat and pending.total == decision.about
        assert all(state._may_answer(c, seat, pending) for c in options[:-1])
    elif kind in (d.TOP_CARD, d.DISCARD):
        assert all(c in state.hands[seat] for c in options)
    elif kind == d.GIVE:
        assert decision.about in state.hands[seat] and seat not in options
    elif kind == d.PLAYER:
        assert seat not in options and all(0 <= q < state.n and q not in state.out for q in options)
    elif kind == d.WRITE_RULE:
        assert options[-1] == ""
    elif kind == d.JUMP_IN:  # cards of the hand a `jump in where` rule lets go on the top card, then PASS
        assert options[-1] is d.PASS and options[:-1] and seat != state.turn
        assert decision.about is state.discard[-1]
        may = [c for c in state.hands[seat] if any(rule.function(c, state, seat) for rule in state.edition.jump_rules)]
        assert {c.uid for c in options[:-1]} == {c.uid for c in may}
    elif kind == d.UNO_CALL:  # every player in the round with cards, the caller first, then PASS
        assert options[-1] is d.PASS and options[0] == seat and state.edition.false_call is not None
        assert set(options[:-1]) == {q for q in range(state.n) if q not in state.out and state.hands[q]}
        # (strict, `even when nobody holds one card`: asked after every turn, maybe of no one)
        assert decision.about or state.facts.uno_every_turn
        assert all(len(state.hands[q]) == 1 and q not in state.out for q in decision.about)
    else:
        assert options, f"empty options for {kind}"


def every_card_once(rnd) -> bool:
    """Every card of the deck is in exactly one place of the round: the piles, the hands,
    the table and the table cards lying on players, the aside and the edition's own piles, and the
    discard piles resting besides the one in play (several discard piles)."""
    places = [*rnd.draw_pile, *rnd.discard, *(c for h in rnd.hands for c in h), *rnd.table,
              *(c for cards in rnd.lying for c in cards), *(c for cards in rnd.piles.values() for c in cards),
              *(c for cards in rnd.resting for c in cards)]
    return sorted(c.uid for c in places) == list(range(len(rnd.edition.deck)))


def shows_the_side_up(rnd) -> bool:
    """Of two-sided cards, every card shows the side up (always true of one-sided ones)."""
    if not rnd.edition.sides:
        return True
    places = [rnd.draw_pile, rnd.discard, *rnd.hands, rnd.table, *rnd.lying, *rnd.piles.values(), *rnd.resting]
    return all(card.side == rnd.side for place in places for card in place)


class ConservingRound(Round):
    """A round that checks every decision it puts (check_options) and, at every recorded
    event, that every card is somewhere, once."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        ask = self._ask_plain
        if ask is not None:
            def checked(decision):
                check_options(decision, self)
                return ask(decision)
            self._ask_plain = checked

    def record(self, event, **data):
        super().record(event, **data)
        count, size = self.card_count(), len(self.edition.deck)
        assert count == size, f"{count} cards instead of {size} at {event} {data}"
        assert shows_the_side_up(self), f"a card shows the side down at {event} {data}"
        for card in self.edition.deck:
            if card.kind in self.edition.table:
                assert card in self.table or any(card in cards for cards in self.lying), \
                    f"{card} left the table at {event}"

    def play(self, setup=None):
        winner = super().play(setup)
        assert every_card_once(self)
        return winner


def conserve_cards(monkeypatch) -> None:
    """Every Match plays ConservingRounds from now on (in this test)."""
    monkeypatch.setattr(unodsl.Match, "round_class", ConservingRound)


def play_checked_round(edition, players: int, agent_names: list[str], seed) -> unodsl.Match:
    agents = [CheckingAgent(make_agent(name, random.Random(f"{seed}:{i}"))) for i, name in enumerate(agent_names)]
    match = unodsl.Match(edition, players=players, agents=agents, seed=seed, max_rounds=1, record=True)
    assert isinstance(match.round, ConservingRound), "call conserve_cards(monkeypatch) first"
    assert match.finished
    (result,) = match.results
    assert result.winner is not None, f"seed {seed}: the round did not end"
    rnd = match.round
    assert result.winner not in rnd.out
    if rnd.hands[result.winner]:  # not out of cards: the last player (team) left
        left = [q for q in range(players) if q not in rnd.out]
        assert left == [result.winner] or (rnd.settings.get("teams") and len({q % (players // 2) for q in left}) == 1)
    for seat in rnd.out:
        assert not rnd.hands[seat], "a player who left the round holds cards"
    return match


def check_state_types(rnd) -> None:
    """Each variable holds a value of its declared type."""
    vocab = rnd.edition.vocabulary
    for values in [*rnd.player_state, rnd.game_state]:
        for name, value in values.items():
            var = vocab.player_state.get(name) or vocab.game_state[name]
            ok = {"counter": lambda v: type(v) is int, "flag": lambda v: type(v) is bool,
                  "colour": lambda v: v is None or v in rnd.edition.colours,  # (either side's)
                  "card": lambda v: v is None or v in rnd.edition.every_face}[var.type](value)
            assert ok, f"{name} = {value!r} is not a {var.type}"

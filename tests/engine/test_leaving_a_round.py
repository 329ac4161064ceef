"""Leaving a round (docs/effects.md, "Leaving a round"), seen by a player and a log reader.

Written for mutants of Seats.eliminate that survived the suite (docs/mutation.md):
the Mercy rule (`@mercy`) puts a player holding 25 cards out; their cards go under
the discard pile, the top card staying in play; `left_round` records (player, cards,
to) and `last_left` the win of the last player left; where each keeps their own
points (`scoring: penalty`) the player who left keeps the points they held.
"""
from __future__ import annotations

import unodsl
from unodsl.engine.setup import Setup

TWENTY_THREE = ["green 1", "green 2", "green 3", "green 4", "green 5", "green 6", "green 7",
                "green 8", "green 9", "yellow 1", "yellow 2", "yellow 3", "yellow 4", "yellow 5",
                "yellow 6", "yellow 7", "yellow 8", "yellow 9", "blue 1", "blue 2", "blue 3",
                "green 1", "green 2"]


def mercy_table(players: int, **settings):
    """Seat 0 plays a Draw Two at seat 1, who holds 23 cards: 25 after drawing two."""
    edition = unodsl.load_edition("classic", rules=["@mercy"], settings=settings or None)
    hands = [["red draw two", "blue 4", "blue 5"], TWENTY_THREE, ["red 4", "yellow 0"]][:players]
    m = unodsl.Match(edition, players=players, seed=1, max_rounds=1, setup=Setup(
        hands=hands, draw=["red 1", "red 2", "red 3"], discard=["red 9"]))
    m.answer(next(c for c in m.round.hands[0] if c.label().lower() == "red draw two"))
    return m


def left_round(m) -> dict:
    [event] = [e for e in m.log if e["event"] == "left_round"]
    return event


def test_the_cards_of_a_player_who_leaves_go_under_the_discard_pile_in_order():
    m = mercy_table(3)
    event = left_round(m)
    assert (event["player"], event["to"]) == (1, "discard pile")
    assert len(event["cards"]) == 25
    pile = [c.uid for c in m.round.discard]
    # under the pile, as they were held; the red 9 and the Draw Two on top stay in play
    assert pile[:25] == event["cards"]
    assert [c.label() for c in m.round.discard[25:]] == ["red 9", "red Draw Two"]
    assert sorted(m.round.out) == [1] and m.round.hands[1] == []
    assert not [e for e in m.log if e["event"] == "last_left"]


def test_the_last_player_left_wins_and_the_log_says_so():
    m = mercy_table(2)
    assert [(e["event"], e["player"]) for e in m.log if e["event"] in ("left_round", "last_left")] \
        == [("left_round", 1), ("last_left", 0)]
    assert m.round.winner == 0


def test_under_penalty_scoring_the_player_who_left_keeps_the_points_they_held():
    m = mercy_table(2, scoring="penalty")
    held = sum(int(label.split()[1]) for label in TWENTY_THREE) + 1 + 2  # and the red 1, red 2 drawn
    # seat 0 keeps the blue 4 and blue 5; seat 1 the points of the 25 cards it left with
    assert m.scores == [9, held]

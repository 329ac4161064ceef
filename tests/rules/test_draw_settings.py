"""House rules of drawing, as settings: `draw_until_playable` and `play_drawn`.

The rule sheets: a player with no card to play draws one, and may play it at
once if it goes (tests/rules/test_turn.py). The two most asked-for variants
change exactly that and nothing else.
"""
from __future__ import annotations

import pytest

import unodsl
from unodsl import KEEP

from .conftest import events, pending, table

OTHERS = [["red 1", "green 1", "yellow 1"], ["red 2", "green 2", "yellow 2"]]


@pytest.fixture(scope="module")
def editions():
    def load(**settings):
        return unodsl.load_edition("classic", settings=settings)
    return load


def stuck(edition, draw):
    """Seat 0 cannot play on red 9 and draws from `draw` (top card first)."""
    return table(edition, [["blue 3", "blue 4", "green 5"], *OTHERS], draw=draw, discard=["red 9"])


def test_draw_until_playable_draws_until_a_card_goes(editions):
    m = stuck(editions(draw_until_playable=True), draw=["yellow 6", "blue 8", "red 6", "green 7"])
    drawn = [uid for e in events(m, "draw", player=0) for uid in e["cards"]]
    assert len(drawn) == 3  # yellow 6, blue 8, then red 6, which goes on red 9
    assert pending(m) == ("play_drawn", 0)  # and may be played at once, as always
    m.answer(m.decision.options[0])
    assert m.round.discard[-1].label() == "red 6"
    assert "green 7" in [c.label() for c in m.round.draw_pile]


def test_draw_until_playable_goes_on_through_a_reshuffle(editions):
    edition = editions(draw_until_playable=True)
    m = table(edition, [["blue 3", "blue 4", "green 5"], *OTHERS], draw=["yellow 6", "blue 8"],
              discard=["red 9"], rest="discard")
    assert events(m, "reshuffle")  # both drawn, neither goes: the discard pile was turned over
    last = m.round.hands[0][-1]
    assert last.colour == "red" or last.number == 9 or last.wild  # drawing stopped at a card that goes
    assert pending(m) == ("play_drawn", 0)


def test_drawing_one_card_stays_the_default(editions):
    m = stuck(editions(), draw=["yellow 6", "red 6"])
    assert [len(e["cards"]) for e in events(m, "draw", player=0)] == [1]
    assert pending(m) == ("turn", 1)


def test_play_drawn_must_asks_a_seat_answered_from_outside_with_the_card_its_only_option(editions):
    # (the player plays it: a person or an outside client is asked, unodsl.match.PLAYS)
    m = stuck(editions(play_drawn="must"), draw=["red 6"])
    assert pending(m) == ("play_drawn", 0)
    assert [c.label() for c in m.decision.options] == ["red 6"]
    m.answer(m.decision.options[0])
    assert events(m, "play", player=0) and m.round.discard[-1].label() == "red 6"
    assert pending(m) == ("turn", 1)


def test_play_drawn_never_keeps_it(editions):
    m = stuck(editions(play_drawn="never"), draw=["red 6"])
    assert "red 6" in [c.label() for c in m.round.hands[0]]
    assert not events(m, "play", player=0)
    assert pending(m) == ("turn", 1)


def test_play_drawn_choice_asks(editions):
    m = stuck(editions(play_drawn="choice"), draw=["red 6"])
    assert pending(m) == ("play_drawn", 0)
    m.answer(KEEP)
    assert pending(m) == ("turn", 1)


def test_the_settings_are_checked(editions):
    with pytest.raises(unodsl.EditionError, match="play_drawn"):
        editions(play_drawn="sometimes")


def drawing_turns(log):
    """For each turn in which its player drew before playing: (cards drawn, card played
    or None, whether they were asked to play the drawn card)."""
    found, player, drawn, played, asked = [], None, [], None, False
    for event in [*log, {"event": "turn", "player": None}]:
        kind = event["event"]
        if kind == "turn":
            if drawn:
                found.append((drawn, played, asked))
            player, drawn, played, asked = event["player"], [], None, False
        elif kind == "draw" and event["player"] == player and played is None:
            drawn = drawn + event["cards"]
        elif kind == "decision" and event["kind"] == "play_drawn":
            asked = True
        elif kind == "play" and event["player"] == player and played is None:
            played = event["card"]
    return found


def settled_by_the_draw(turns, settings):
    """What each drawing setting shows in whole matches (and the default does not)."""
    if settings.get("draw_until_playable"):
        return any(len(drawn) > 1 for drawn, _, _ in turns)
    if settings.get("play_drawn") == "must":
        return not any(asked for _, _, asked in turns) and any(played == drawn[-1] for drawn, played, _ in turns)
    return not any(asked for _, _, asked in turns) and not any(played in drawn for drawn, played, _ in turns)


@pytest.mark.parametrize("settings", [{"draw_until_playable": True}, {"play_drawn": "must"},
                                      {"play_drawn": "never"}])
def test_bots_play_whole_matches_with_them(settings):
    edition, default = unodsl.load_edition("classic", settings=settings), unodsl.load_edition("classic")
    for seed in range(5):
        match = unodsl.Match(edition, players=4, agents="random,greedy,random,greedy", seed=seed)
        assert match.play().winner is not None
        assert settled_by_the_draw(drawing_turns(match.log), settings), f"seed {seed}"
        usual = unodsl.Match(default, players=4, agents="random,greedy,random,greedy", seed=seed)
        usual.play()
        assert not settled_by_the_draw(drawing_turns(usual.log), settings), f"seed {seed}"

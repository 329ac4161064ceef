"""What the full run of session 14 found unchecked in the rounds every game plays: the quick
paths an unrecorded match takes must leave room for the house rules that replace a draw.

Written for mutants that survived the suite (docs/mutation.md).
"""
from __future__ import annotations

import unodsl
from unodsl.engine.setup import Setup


def summary(match: unodsl.Match) -> tuple:
    result = match.play()
    return result.winner, result.scores, [(r.winner, r.turns, r.points) for r in result.rounds]


def test_an_unrecorded_match_draws_by_an_instead_of_turn_draw_rule():
    """docs/effects.md: `instead of turn_draw:` says what a player does instead of the card drawn
    on their turn; a match played unrecorded is the recorded one (tests/test_engine_paths.py).
    So with `me draws 2` instead, an unrecorded match draws two cards too."""
    edition = unodsl.load_edition("classic", rules=["instead of turn_draw: me draws 2"])
    plain = unodsl.load_edition("classic")
    for seed in range(3):
        quick = summary(unodsl.Match(edition, players=3, agents="random", seed=seed, record=False))
        general = summary(unodsl.Match(edition, players=3, agents="random", seed=seed, record=True))
        assert quick == general, f"seed {seed}"
        # (and the rule changes the game: it is not the match without it)
        assert quick != summary(unodsl.Match(plain, players=3, agents="random", seed=seed, record=False))


def test_a_script_reads_the_score_the_match_gave_in_an_earlier_round():
    """docs/effects.md: `P.score` is a player's score, the one the match keeps from round to round.
    With `on turn_start where me.score > 0: me draws 1`, the winner of the first round (the only
    one who scored) draws a card as each of their turns begins in the second round."""
    edition = unodsl.load_edition("classic", rules=["on turn_start where me.score > 0: me draws 1"])
    match = unodsl.Match(edition, players=2, agents="random", seed=1, max_rounds=2, record=True)
    result = match.play()
    scorer = result.rounds[0].winner
    deals = [i for i, e in enumerate(match.log) if e["event"] == "deal"]
    first, second = match.log[:deals[1]], match.log[deals[1]:]
    turns = [i for i, e in enumerate(second) if e["event"] == "turn" and e["player"] == scorer]
    assert turns and all(second[i - 1]["event"] == "draw" and second[i - 1]["player"] == scorer
                         and len(second[i - 1]["cards"]) == 1 for i in turns)
    assert not all(first[i - 1]["event"] == "draw" for i, e in enumerate(first)  # (no score yet)
                   if e["event"] == "turn" and e["player"] == scorer)


def test_a_round_counts_the_turns_it_played_and_is_abandoned_after_max_turns():
    """`max_turns`: a round still going after this many turns is abandoned; the round's result
    counts its turns, one `turn` event each in the record."""
    classic = unodsl.load_edition("classic")
    for seed in range(3):
        match = unodsl.Match(classic, players=3, agents="random", seed=seed, max_rounds=1, max_turns=6)
        result = match.play().rounds[0]
        events = [e["event"] for e in match.log]
        assert (result.winner, result.turns, events.count("turn")) == (None, 6, 6)
        assert [e["turns"] for e in match.log if e["event"] == "round_abandoned"] == [6]
    match = unodsl.Match(classic, players=3, agents="random", seed=1, max_rounds=1)
    result = match.play().rounds[0]
    assert result.winner is not None and result.turns == [e["event"] for e in match.log].count("turn")


def test_a_hand_played_face_up_is_hidden_again_at_my_next_turn_in_an_unrecorded_match():
    """docs/effects.md: `TARGET plays face up`: the hand is shown to all until `me`'s next turn;
    in a match played unrecorded, with no hook, the turns begin the quick way (round.py)."""
    text = "name: Face up\nbase: classic\nkinds:\n  skip:\n    effect: |\n      next plays face up\n"
    edition = unodsl.load_edition_text(text, "face-up.yaml")
    m = unodsl.Match(edition, players=3, agents=[None, "greedy", "greedy"], seed=1, record=False,
                     setup=Setup(hands=[["red skip", "red 5", "red 6"], ["red 1", "red 2", "blue 3"],
                                        ["red 4", "red 7", "blue 4"]],
                                 draw=["blue 7", "blue 8", "blue 9"], discard=["red 9"]))
    shown = {c.uid for c in m.round.hands[1]}
    m.answer(next(c for c in m.round.hands[0] if c.label().lower() == "red skip"))
    assert shown <= m.round.known[0] | {c.uid for c in m.round.discard}  # (seat 1's hand was shown)
    assert m.decision is not None and m.decision.player == 0  # seat 0's next turn has begun
    assert m.round.face_up_until == {}


def test_a_bluff_if_condition_reads_the_card_played():
    """docs/effects.md: `bluff_if`, a condition asked when the card is played: if true, the play is
    a bluff (`bluffed`). Here the condition reads the card itself: a red Skip is a bluff."""
    text = ("name: Red bluffs\nbase: classic\nkinds:\n  skip:\n    bluff_if: colour == red\n"
            "    effect: |\n      skip next\n      if bluffed:\n        me draws 2\n")
    red_skips_draw_two(unodsl.load_edition_text(text, "red-bluffs.yaml"))


def red_skips_draw_two(edition) -> None:
    """Seat 0 plays a red Skip, then (another match) a blue one: only the red one makes them draw 2."""
    for skip, drawn in (("red skip", 2), ("blue skip", 0)):
        m = unodsl.Match(edition, players=2, seed=1, setup=Setup(
            hands=[["red skip", "blue skip", "red 5"], ["red 1", "red 2"]],
            draw=["blue 7", "blue 8", "blue 9"], discard=["red 9" if skip == "red skip" else "blue 9"]))
        m.answer(next(c for c in m.round.hands[0] if c.label().lower() == skip))
        assert len(m.round.hands[0]) == 2 + drawn, skip


def test_a_turn_start_hook_that_puts_the_player_out_ends_the_round_before_the_turn():
    # docs/effects.md: a player whose hand a script empties is out; the round is over, and the
    # turn that was beginning is not played (no card drawn into the winner's empty hand)
    edition = unodsl.load_edition("classic", rules=["on turn_start where me.hand == 1:\n  me discards all"])
    for record in (True, False):
        m = unodsl.Match(edition, players=2, agents=[None, "greedy"], seed=1, max_rounds=1, record=record,
                         setup=Setup(hands=[["red 5", "red 6"], ["green 1", "green 2", "green 3"]],
                                     draw=["blue 7", "blue 8", "blue 9"], discard=["red 9"]))
        m.answer(next(c for c in m.round.hands[0] if c.label() == "red 5"))
        while not m.finished:
            m.answer(m.decision.options[0])
        assert m.results[0].winner == 0 and m.round.hands[0] == []


def test_a_cards_effect_reads_the_card_played():
    # docs/effects.md: in a card's script, `colour` (and the other attributes) are the card's
    text = ("name: Red skips draw\nbase: classic\nkinds:\n  skip:\n"
            "    effect: |\n      skip next\n      if colour == red:\n        me draws 2\n")
    red_skips_draw_two(unodsl.load_edition_text(text, "red-skips.yaml"))


def test_a_hook_draw_between_cards_is_drawn_at_once_under_stacking():
    """docs/effects.md, stacking: a draw *a card gives another player* waits for their answer; a
    draw a `turn_start` hook gives, after a Skip or a Reverse was played, is no card's: drawn at once."""
    edition = unodsl.load_edition("no-mercy", rules=["on turn_start: me draws 1"])
    for seed in (1, 2):
        match = unodsl.Match(edition, players=3, agents="random", seed=seed, max_rounds=1)
        match.play()
        turns = [i for i, e in enumerate(match.log) if e["event"] == "turn"]
        assert len(turns) > 10
        assert all(match.log[i - 1]["event"] == "draw" and match.log[i - 1]["player"] == match.log[i]["player"]
                   and len(match.log[i - 1]["cards"]) == 1 for i in turns)


def test_with_an_on_draw_hook_the_card_drawn_on_ones_turn_may_still_be_played():
    # docs/effects.md: `on draw` runs about the card drawn on one's turn; a card the hook leaves in
    # the hand is then offered to be played as without the hook (`play_drawn: choice`)
    edition = unodsl.load_edition("classic", rules=["on draw where number == 1:\n  me draws 1"])
    m = unodsl.Match(edition, players=2, seed=1, max_rounds=1, setup=Setup(
        hands=[["green 2", "green 3"], ["blue 1", "blue 2"]], draw=["red 5", "blue 7", "blue 8"], discard=["red 9"]))
    # (seat 0 holds nothing that goes: the turn's draw is taken without asking)
    assert m.decision.kind == "play_drawn" and m.decision.player == 0
    assert m.decision.options[0].label() == "red 5"

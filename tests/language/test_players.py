"""Players by seat, partner, rank and loop, and players leaving a round (docs/effects.md,
"Players by seat, by rank, in turn; leaving a round"). Stacked-deck scenarios of the same
are in tests/scenarios/players/ and tests/scenarios/popular/mercy_*.yaml."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import unodsl
from unodsl.engine import modes
from unodsl.engine.round import Round
from unodsl.errors import ScriptError
from unodsl.lang.compile import USE, compile_condition, compile_script
from unodsl.lang.describe import Describer
from unodsl.lang.parse import parse_condition, parse_script
from invariants import conserve_cards, play_checked_round

CLASSIC = unodsl.load_edition("classic")
TEAMS = unodsl.load_edition("classic", settings={"teams": True})


def compiled(text, edition=CLASSIC, context=None):
    script = parse_script(text)
    return compile_script(script, edition.vocabulary, context=context) if context else \
        compile_script(script, edition.vocabulary)


def refused(text, edition=CLASSIC, context=None) -> ScriptError:
    with pytest.raises(ScriptError) as error:
        compiled(text, edition, context)
    return error.value


# ---- checked before it runs: located errors ----------------------------------------------


def test_player_outside_its_loop_is_refused_at_the_word():
    error = refused("next draws 1\nplayer draws 2")
    assert (error.line, error.column) == (2, 1) and "for each player" in error.message


def test_player_in_a_condition_is_outside_any_loop():
    with pytest.raises(ScriptError, match="not inside one"):
        compile_condition(parse_condition("player.hand > 2"), CLASSIC.vocabulary)


def test_a_loop_inside_a_loop_is_refused():
    error = refused("for each player in others:\n  for each player in everyone:\n    skip player")
    assert (error.line, error.column) == (2, 3) and "hide" in error.message


def test_partner_without_teams_is_refused_with_a_hint():
    error = refused("if me.hand > 2:\n  partner draws 1")
    assert (error.line, error.column) == (2, 3) and "teams" in error.message and "teams: true" in error.hint
    compiled("partner draws 1", TEAMS)  # and accepted in team play


def test_ranking_by_an_unknown_figure_says_did_you_mean():
    error = refused("highest hnad draws 1")
    assert (error.line, error.column) == (1, 1) and "hnad" in error.message and "hand" in error.hint


def test_a_table_cards_use_cannot_eliminate():
    error = refused("eliminate chosen, cards under discard pile", context=USE)
    assert "leave the round" in error.message


def test_validate_reports_the_place_in_the_file(tmp_path):
    rule = tmp_path / "rule.yaml"
    rule.write_text("name: Bad\nscript: |\n  on play where number == 3:\n    player draws 1\n")
    with pytest.raises(unodsl.EditionError) as error:
        unodsl.load_edition("classic", rules=[f"@{rule}"])
    assert ":4:5: error:" in str(error.value)


# ---- an edition pays only for what it uses ----------------------------------------------------


def test_next_is_plain_arithmetic_unless_an_edition_eliminates():
    draw_two = CLASSIC.kinds["draw_two"].effect.source
    assert "g.out" not in draw_two and "(me + g.direction) % g.n" in draw_two
    mercy = unodsl.load_edition("classic", rules=["@mercy"])
    assert "g.seat(me, 1)" in mercy.kinds["draw_two"].effect.source
    assert mercy.vocabulary.eliminates and not CLASSIC.vocabulary.eliminates


def test_a_rule_written_mid_game_that_eliminates_recompiles_the_edition_in_place():
    veto = unodsl.load_edition("veto")  # blank cards: a rule written on one may eliminate
    skip = veto.kinds["skip"].effect
    earlier = veto.compile_rule("skip next")  # written on another blank card before
    assert not veto.vocabulary.eliminates and "g.out" not in skip.source + earlier.source
    veto.compile_rule("next draws 2")  # nobody leaves: nothing changes
    assert not veto.vocabulary.eliminates and "g.out" not in skip.source
    rule = veto.compile_rule("eliminate next, cards under discard pile")
    assert veto.vocabulary.eliminates and veto.kinds["skip"].effect is skip
    for script in (skip, earlier, rule):
        assert "g.seat(me, 1)" in script.source and "seat" in script.function.__code__.co_names


# ---- explained in words -------------------------------------------------------------------------


@pytest.mark.parametrize("text, words", [
    ("after next draws 2", "The player after the next one draws 2 cards."),
    ("3 seats back draws 1", "The player 3 seats back draws 1 card."),
    ("highest hand among others draws 2", "The player with the most cards among the other players"),
    ("lowest score chooses colour", "the player with the lowest score"),
    ("partner draws 1", "Your partner draws 1 card."),
    ("for each player in others:\n  player draws 1", "For each of the other players, in turn order: "
                                                     "that player draws 1 card."),
    ("eliminate next, cards shuffled into draw pile", "their cards are shuffled into the draw pile"),
    ("on hand_grows where me.hand >= 25:\n  eliminate me, cards under discard pile",
     "Whenever a player's hand grows"),
])
def test_explain_says_it_in_words(text, words):
    assert words.lower() in Describer().script(parse_script(text)).lower()


# ---- seats, ranks and loops at play ------------------------------------------------------------------


def round_of(players=5, edition=CLASSIC, seed=1) -> Round:
    rnd = Round(edition, players, 0, random.Random(seed), [], ask=lambda decision: decision.options[-1])
    rnd._deal()
    rnd._start_card()
    return rnd


@pytest.mark.parametrize("offset, direction, seat", [(2, 1, 3), (-1, 1, 0), (2, -1, 4), (7, 1, 3), (5, 1, 1)])
def test_seats_are_counted_in_the_direction_of_play(offset, direction, seat):
    rnd = round_of()
    rnd.direction = direction
    assert rnd.seat(1, offset) == seat


def test_counting_passes_over_a_player_who_left_in_an_earlier_turn_only():
    rnd = round_of()
    rnd.eliminate(2, shuffled=False)
    assert rnd.seat(1, 1) == 2  # in the turn they left: still counted (what is aimed at them does nothing)
    rnd.turns += 1
    assert rnd.seat(1, 1) == 3 and rnd.seat(1, 2) == 4 and rnd.others(1) == [3, 4, 0]


def test_a_huge_offset_goes_round_the_table_without_counting_each_seat():
    rnd = round_of()
    assert rnd.seat(0, 10**12) == 10**12 % 5


def test_a_tie_goes_to_the_first_in_turn_order_from_me():
    rnd = round_of(4)
    for p, size in enumerate([3, 5, 2, 5]):
        del rnd.hands[p][size:]
    effect = compiled("highest hand among others draws 1").function
    effect(rnd, 2, rnd.discard[-1])  # from seat 2: 3 then 0 then 1 -> seat 3 first of the tied
    assert [len(h) for h in rnd.hands] == [3, 5, 2, 6]
    rnd.direction = -1
    effect(rnd, 2, rnd.discard[-1])  # from seat 2 to the right: 1, 0, 3 -> seat 3 (6) now alone highest
    assert [len(h) for h in rnd.hands] == [3, 5, 2, 7]


def test_the_loop_skips_a_player_who_left_during_it():
    edition = unodsl.load_edition("classic", rules=["on play where number == 9:\n  pass"])
    rnd = round_of(4, edition)
    effect = compiled("for each player in others:\n  player draws 1\n"
                      "  eliminate others, cards under discard pile", edition).function
    effect(rnd, 0, rnd.discard[-1])  # seat 1 draws, then seats 1, 2 and 3 leave: 2 and 3 draw nothing
    assert [e["player"] for e in rnd.log if e["event"] == "draw"] == [1]
    assert sorted(rnd.out) == [1, 2, 3] and rnd.winner == 0


# ---- leaving a round --------------------------------------------------------------------------------


def test_an_eliminated_player_draws_nothing_and_is_asked_nothing():
    rnd = round_of(3)
    rnd.eliminate(1, shuffled=True)
    assert rnd.draw(1, 3) == [] and not rnd.hands[1]
    asked = []
    rnd._ask_plain = lambda decision: asked.append(decision) or decision.options[0]
    assert rnd.decide("yes_no", 1, [True, False]) is False and not asked


def test_the_last_player_left_wins_and_scores_only_the_others_hands():
    rnd = round_of(3)
    rnd.eliminate(0, shuffled=False)
    assert rnd.winner is None
    rnd.eliminate(2, shuffled=True)
    assert rnd.winner == 1 and rnd.playing == 1
    points = [sum(c.points or 0 for c in hand) for hand in rnd.hands]
    assert points[0] == points[2] == 0
    assert modes.round_scores(CLASSIC.settings, points, 1, rnd.out) == [0, 0, 0]


def test_penalty_scoring_keeps_the_points_held_when_leaving():
    settings = {**CLASSIC.settings, "scoring": "penalty"}
    assert modes.round_scores(settings, [0, 12, 0, 7], 0, {2: 30}) == [0, 12, 30, 7]
    assert modes.round_scores({**CLASSIC.settings, "mode": "challenge"}, [0, 5], 0, {1: 9}) == [0, 14]


def test_in_team_play_the_round_ends_when_one_team_is_left():
    rnd = round_of(4, TEAMS)
    rnd.eliminate(1, shuffled=False)
    assert rnd.winner is None
    rnd.eliminate(3, shuffled=False)  # seats 1 and 3 were partners: seats 0 and 2 are left
    assert rnd.winner == 0
    points = [0, 0, sum(c.points or 0 for c in rnd.hands[2]), 0]
    # the winning team scores the opponents' hands: none left
    assert modes.round_scores(TEAMS.settings, points, 0, rnd.out) == [0, 0, 0, 0]


def test_a_hand_grows_hook_does_not_fire_itself():
    edition = unodsl.load_edition("classic", rules=["on hand_grows:\n  me draws 1"])
    rnd = round_of(3, edition)
    before = len(rnd.hands[1])
    rnd.draw(1, 2)
    assert len(rnd.hands[1]) == before + 3  # the 2, then the hook's 1, and no more


# ---- property tests: conservation, legal options, no exception, with elimination on ----------------

ELIMINATING = unodsl.load_edition("classic", rules=[
    "on hand_grows where me.hand >= 10:\n  eliminate me, cards shuffled into draw pile",
    "on play where number == 1:\n  for each player in others:\n    if player.hand >= 6:\n"
    "      eliminate player, cards under discard pile",
    "on play where number == 2:\n  highest hand among others draws 1\n  after next draws 1\n  1 seat back draws 1",
    "on play where number == 3:\n  lowest hand draws 2",
])
TEAM_ELIMINATING = unodsl.load_edition("classic", settings={"teams": True}, rules=[
    "on hand_grows where me.hand >= 9:\n  eliminate me, cards under discard pile",
    "on play where number == 4:\n  partner draws 1",
])


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 10),
       agents=st.sampled_from(["random", "greedy"]))
def test_rounds_with_players_leaving_conserve_cards_offer_legal_options_and_end(seed, players, agents):
    with pytest.MonkeyPatch.context() as patch:
        conserve_cards(patch)
        play_checked_round(ELIMINATING, players, [agents] * players, seed)


def test_rounds_with_players_leaving_end_both_ways(monkeypatch):
    conserve_cards(monkeypatch)
    endings = {"last left": 0, "went out": 0}
    for seed in range(150):
        players = 2 + seed % 9
        match = play_checked_round(ELIMINATING, players, ["random"] * players, seed)
        endings["last left" if match.round.hands[match.results[0].winner] else "went out"] += 1
    assert min(endings.values()) > 5, endings


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([4, 6, 8, 10]))
def test_team_rounds_with_players_leaving_conserve_cards_and_end(seed, players):
    with pytest.MonkeyPatch.context() as patch:
        conserve_cards(patch)
        play_checked_round(TEAM_ELIMINATING, players, ["random"] * players, seed)


def test_whole_matches_with_the_mercy_rule_and_penalty_scoring_end(monkeypatch):
    conserve_cards(monkeypatch)
    edition = unodsl.load_edition("classic", rules=["@mercy"], settings={"scoring": "penalty", "stacking": True})
    for seed in range(6):
        match = unodsl.Match(edition, players=2 + seed, agents="random", seed=seed, target=300, record=True)
        assert match.play().winner is not None

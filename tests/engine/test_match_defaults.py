"""What a match is when the caller leaves things out (unodsl.Match's defaults, README's
"Python API"): four players, a random seed that replays the match, and an end after
1000 rounds that nobody wins.

Written for mutants that survived the suite (docs/mutation.md).
"""
from __future__ import annotations

import pytest

import unodsl


def deals(match: unodsl.Match) -> list:
    match.play()
    return [e["hands"] for e in match.log if e["event"] == "deal"]


def test_a_match_made_without_a_player_count_is_for_four():
    match = unodsl.Match(unodsl.load_edition("classic"), agents="random", seed=1)
    assert match.n == 4 and len(deals(match)[0]) == 4


def test_matches_without_a_seed_are_dealt_apart_and_each_seed_replays_its_match():
    classic = unodsl.load_edition("classic")
    first, second = (unodsl.Match(classic, players=3, agents="random", max_rounds=1) for _ in range(2))
    assert deals(first) != deals(second)
    assert deals(unodsl.Match(classic, players=3, agents="random", max_rounds=1, seed=first.seed)) == deals(first)
    seeds = {unodsl.Match(classic, players=3).seed for _ in range(200)}
    assert len(seeds) == 200  # (random: two alike would be one match dealt twice)


def test_a_match_that_nobody_wins_stops_after_1000_rounds():
    # (rounds won, a target out of reach: rounds abandoned three in a row would stop it first)
    classic = unodsl.load_edition("classic")
    result = unodsl.Match(classic, players=2, agents="random", seed=1, target=10**9, record=False).play()
    assert result.winner is None and len(result.rounds) == 1000


def test_a_match_whose_rounds_are_abandoned_three_in_a_row_stops_there():
    classic = unodsl.load_edition("classic")
    match = unodsl.Match(classic, players=2, agents="random", seed=1, max_turns=1)
    assert match.winner is None and len(match.results) == 3
    assert match.log[-2] == {"event": "match_abandoned", "reason": "3 rounds in a row were abandoned"}


def test_a_challenge_uno_match_stopped_before_one_player_is_left_has_no_winner():
    # Challenge UNO: the match is won by the last player left; stopped before, nobody has won it
    edition = unodsl.load_edition("classic", settings={"mode": "challenge"})
    result = unodsl.Match(edition, players=3, agents="random", seed=1, max_rounds=1).play()
    assert len(result.rounds) == 1 and result.winner is None


def test_agents_given_for_another_number_of_players_are_refused_in_words():
    with pytest.raises(unodsl.UnoError) as refused:
        unodsl.Match(unodsl.load_edition("classic"), players=3, agents=["random", "greedy"], seed=1)
    assert str(refused.value) == "2 agents given for 3 players"


def test_the_record_of_a_match_ends_with_its_winner_and_scores():
    classic = unodsl.load_edition("classic")
    for target in (10**6, 50):  # (a match stopped after its rounds; one won)
        match = unodsl.Match(classic, players=3, agents="random", seed=2, max_rounds=2, target=target)
        result = match.play()
        assert match.log[-1] == {"event": "match_end", "winner": result.winner, "scores": result.scores}


def test_chance_is_drawn_from_the_matchs_seed_and_each_round_draws_its_own():
    """docs/effects.md, "Chance": every chance is drawn from the match's seed (the same seed plays
    the same game); so matches of other seeds, and the rounds of a match, draw other results."""
    attack = unodsl.load_edition("attack")

    def chances(seed, rounds=1):
        match = unodsl.Match(attack, players=3, agents="random", seed=seed, max_rounds=rounds, target=10**6)
        match.play()
        deals = [i for i, e in enumerate(match.log) if e["event"] == "deal"] + [len(match.log)]
        return [[(e["what"], e["value"]) for e in match.log[a:b] if e["event"] == "chance"]
                for a, b in zip(deals, deals[1:])]

    assert chances(1) == chances(1)
    firsts = {}
    for seed in range(1, 7):
        what, value = chances(seed)[0][0]
        firsts.setdefault(what, set()).add(value)
    assert any(len(values) > 1 for values in firsts.values())
    first, second = chances(1, rounds=2)
    assert first[:10] != second[:10]


def test_each_decision_is_recorded_with_its_kind_player_option_count_and_plain_answer():
    """A recorded match writes each answer (`{event: decision, kind, player, options, value}`): a
    card as its uid and label, a colour by name, a marker (draw, keep, pass) by its name."""
    classic = unodsl.load_edition("classic")
    match = unodsl.Match(classic, players=3, agents="random", seed=3, max_rounds=1)
    match.play()
    decisions = [(i, e) for i, e in enumerate(match.log) if e.get("event") == "decision"]
    assert decisions and all(set(e) == {"event", "kind", "player", "options", "value"} for _, e in decisions)
    assert all(isinstance(e["options"], int) and e["options"] >= 2 for _, e in decisions)
    turns = [(i, e) for i, e in decisions if e["kind"] == "turn"]
    assert turns
    for i, e in turns:
        card = next(c for c in classic.deck if c.uid == e["value"]["card"])
        assert e["value"] == {"card": card.uid, "label": card.label()}
        play = next(x for x in match.log[i + 1:] if x["event"] == "play")  # (after any UNO called)
        assert play == {"event": "play", "player": e["player"], "card": card.uid}
        assert match.log[i - 1] == {"event": "turn", "player": e["player"]}
    colours = [e["value"] for _, e in decisions if e["kind"] == "colour"]
    assert colours and set(colours) <= {"red", "yellow", "green", "blue"}
    kept = [e["value"] for _, e in decisions if e["kind"] == "play_drawn"]
    assert kept == ["KEEP"]  # (the card drawn kept: the marker by name)
    assert {e["value"] for _, e in decisions if e["kind"] in ("challenge", "call_uno")} <= {True, False}


def test_when_the_cards_for_the_deal_run_out_on_a_tie_chance_picks_the_dealer():
    # (UNO All Wild!: no card has a number, every draw for the deal ties; of two players, either
    # may deal)
    all_wild = unodsl.load_edition("all-wild")
    dealers = set()
    for seed in range(12):
        match = unodsl.Match(all_wild, players=2, agents="random", seed=seed, max_rounds=1, max_turns=1)
        dealers.add(next(e["player"] for e in match.log if e["event"] == "dealer"))
    assert dealers == {0, 1}

"""Drama and tension (unodsl/sim/drama.py) against answers worked out by hand, and as
`simulate` and `compare` report them."""
from __future__ import annotations

import json

from click.testing import CliRunner

from unodsl.cli import main
from unodsl.sim.drama import RoundDrama, round_drama


def test_a_round_led_throughout_by_its_winner_has_no_lead_change_and_no_deficit():
    # Three seats dealt 3; seat 0 plays first each time round and goes out; nobody draws.
    trail = [(0, 3), (1, 3), (2, 3), (0, 2), (1, 2), (2, 2), (0, 1)]
    assert round_drama(trail, [3, 3, 3], 0, [0, 1, 1]) == RoundDrama(0, 0, 7, True)


def test_a_comeback_counts_its_lead_changes_its_deficit_and_the_plays_after_the_last():
    # Two seats dealt 3. Seat 0 leads after the first play; seat 1 draws four (seen at its next
    # play: it holds 7 then) and falls five behind, then plays on and takes the lead going out.
    trail = [(0, 3), (1, 7), (0, 2), (1, 6), (1, 5), (1, 4), (1, 3), (1, 2), (1, 1)]
    # sizes after each play: [2,3] [2,6] [1,6] [1,5] [1,4] [1,3] [1,2] [1,1] (a tie: 0 still leads) [1,0]
    drama = round_drama(trail, [3, 3], 1, [1, 0])
    assert drama == RoundDrama(lead_changes=1, deficit=5, decisive=0, one_card=True)


def test_ties_keep_the_last_leader_and_an_untied_start_is_no_change():
    trail = [(0, 4), (1, 4), (1, 3), (0, 3), (0, 2)]
    # [3,4] 0 leads; [3,3] tie: 0 stays; [3,2] 1 leads (change 1, at play 3); [2,2] tie; [1,2] 0 leads (change 2, play 5)
    assert round_drama(trail, [4, 4], 0, [1, 2]) == RoundDrama(2, 1, 0, False)


def test_simulate_and_compare_report_the_drama():
    runner = CliRunner()
    out = runner.invoke(main, ["simulate", "classic", "--games", "4", "--json", "--no-timing", "--drama"])
    assert out.exit_code == 0, out.output
    drama = json.loads(out.output)["drama"]
    assert drama["rounds"] > 0 and drama["lead_changes_per_round"]["mean"] > 0
    low, value, high = drama["decided_by_one_card"][1], drama["decided_by_one_card"][0], drama["decided_by_one_card"][2]
    assert low <= value <= high
    out = runner.invoke(main, ["compare", "classic", "--rule-b", "@seven-zero", "--games", "30", "--json",
                               "--no-timing", "--drama"])
    metrics = {m["key"]: m for m in json.loads(out.output)["metrics"]}
    # Swapping hands on a 7 hands the lead around: more lead changes, on these deals beyond doubt.
    assert metrics["lead_changes"]["difference"][1] > 0


def test_the_loop_written_for_the_edition_follows_the_same_trajectories_as_the_interpreter():
    from unodsl.edition.loader import load_edition
    from unodsl.sim.tally import CountingMatch

    for name in ("classic", "flip", "no-mercy"):
        edition, found = load_edition(name), []
        for specialise in (True, False):
            match = CountingMatch(edition, players=4, agents=["random"] * 4, seed="3:1", record=False,
                                  specialise=specialise, drama=True)
            match.play()
            tally = match.tally
            found.append((tally.lead_changes, tally.deficits, tally.decisive, tally.one_card))
        assert found[0] == found[1] and found[0][0], name


def test_without_drama_asked_no_trajectory_is_followed():
    out = CliRunner().invoke(main, ["simulate", "classic", "--games", "2", "--json", "--no-timing"])
    assert json.loads(out.output)["drama"]["rounds"] == 0
    out = CliRunner().invoke(main, ["compare", "classic", "--games", "2", "--json", "--no-timing"])
    assert "lead_changes" not in {m["key"] for m in json.loads(out.output)["metrics"]}

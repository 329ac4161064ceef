"""`simulate --sweep`: one setting over values on the same seeds, each figure a curve with its
interval. Known answers: more cards in hand make longer rounds; the first value's change is nil."""
from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from unodsl.cli import main
from unodsl.errors import UnoError
from unodsl.sim.sweep import MAX_POINTS, parse_sweep


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_a_sweep_of_hand_size_on_classic_gives_monotone_round_length():
    result = run("simulate", "classic", "--sweep", "hand_size=2,5,8", "--games", "12", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    turns = [p for p in data["points"] if p["figure"] == "turns_per_round"]
    assert [p["value"] for p in turns] == [2, 5, 8]
    estimates = [p["estimate"] for p in turns]
    assert estimates == sorted(estimates) and len(set(estimates)) == 3
    assert turns[0]["change"] == [0, 0, 0] and turns[0]["p"] == 1  # the first value, paired with itself
    assert all(p["low"] <= p["estimate"] <= p["high"] for p in data["points"])
    assert turns[2]["change"][1] > 0  # the longest hands' rounds are longer beyond their interval
    assert {p["figure"] for p in data["points"]} == {"turns_per_round", "points_per_round", "rounds_per_match",
                                                     "first_seat_edge", "abandoned_rounds"}


def test_the_text_gives_a_table_per_figure():
    result = run("simulate", "classic", "--sweep", "hand_size=6..7", "--games", "3", "--players", "2")
    assert result.exit_code == 0, result.output
    assert "sweep of hand_size: 6, 7; 3 games of 2 players" in result.output
    for label in ("turns per round:", "points per round:", "first seat's edge:"):
        assert label in result.output


@pytest.mark.parametrize("written, values", [("hand_size=5..7", ["5", "6", "7"]), ("hand_size = 5, 9", ["5", "9"]),
                                             ("stacking=true,false", ["true", "false"])])
def test_a_sweep_is_a_range_or_a_list(written, values):
    assert parse_sweep(written)[1] == values


@pytest.mark.parametrize("written, says", [("hand_size", "SETTING=FIRST..LAST"), ("hand_size=9..5", "goes down"),
                                           (f"hand_size=1..{MAX_POINTS + 1}", f"more than {MAX_POINTS}"),
                                           ("hand_size=5,,6", "separated by commas"), ("hand_size=5,5", "twice")])
def test_a_sweep_written_wrong_is_refused_with_why(written, says):
    with pytest.raises(UnoError, match=says):
        parse_sweep(written)


def test_a_value_the_setting_refuses_is_a_placed_error_not_a_traceback():
    result = run("simulate", "classic", "--sweep", "hand_size=5,seven", "--games", "2")
    assert result.exit_code == 1 and result.exception is None or isinstance(result.exception, SystemExit)
    assert "hand_size" in result.output and "Traceback" not in result.output
    assert run("simulate", "classic", "--sweep", "hand_size=5,6", "--csv").exit_code == 2


def test_a_sweep_of_a_kinds_deck_count_plays_a_deck_of_each_size():
    # Eight Wild Draw Fours of 50 points each, against none: more points left in hands, beyond doubt.
    result = run("simulate", "classic", "--sweep", "count:wild_draw_four=0,8", "--games", "12", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["setting"], data["values"]) == ("count:wild_draw_four", [0, 8])
    points = {p["value"]: p for p in data["points"] if p["figure"] == "points_per_round"}
    assert points[8]["change"][1] > 0.2  # +67% on these seeds, its interval's low end above +20%


@pytest.mark.parametrize("written, says", [("count:nope=0,1", "no kind 'nope'"),
                                           ("count:number=1,2", "not written as `per_colour:` or `count:`"),
                                           ("count:skip=x,1", "a whole number from 0"),
                                           ("count:skip=1,999999999", "--sweep count:skip=999999999: the deck would "
                                                                       "have more than 10,000 cards")])
def test_a_deck_count_sweep_written_wrong_says_why(written, says):
    result = run("simulate", "classic", "--sweep", written, "--games", "2")
    assert result.exit_code == 1 and says in result.output and "Traceback" not in result.output


def test_every_value_is_the_run_simulate_plays_on_the_same_seeds():
    from unodsl.sim.simulate import make_side, simulate
    from unodsl.sim.sweep import sweep, sweep_points

    sides = [make_side("classic", 3, "same", "random", settings={"hand_size": n}) for n in (5, 7)]
    points = sweep_points(sweep(sides, "hand_size", [5, 7], 8))
    for value in (5, 7):
        alone = simulate("classic", players=3, games=8, seed="same", settings={"hand_size": value})
        turns = next(p for p in points if p["figure"] == "turns_per_round" and p["value"] == value)
        rounds = next(p for p in points if p["figure"] == "rounds_per_match" and p["value"] == value)
        assert turns["estimate"] == pytest.approx(alone.mean_turns, abs=1e-6)
        assert rounds["estimate"] == pytest.approx(alone.rounds / 8, abs=1e-6)


@pytest.mark.parametrize("extra, says", [(["--games", "1"], "a sweep pairs its values on at least 2 games"),
                                         (["--drama"], "leave out --csv, --log and --drama"),
                                         (["--log", "-"], "leave out --csv, --log and --drama")])
def test_options_that_do_not_go_with_a_sweep_are_refused(extra, says):
    result = run("simulate", "classic", "--sweep", "hand_size=5,7", *extra)
    assert result.exit_code == 2
    assert says in result.output and "Traceback" not in result.output

"""Simulation statistics (issue 6): counting without the event log, confidence
intervals against known cases, workers, compare's significance, the CLI's
formats, and the Ray backend on a local Ray instance."""
from __future__ import annotations

import csv
import importlib.util
import io
import json
import os
import random
import re
import sys
import threading
from collections import Counter

import pytest

import unodsl
from unodsl.sim.compare import compare, headlines
from unodsl.sim.parallel import Side, chunks, run_games
from unodsl.sim.report import as_dict, format_csv, format_text
from unodsl.sim.simulate import Simulation, make_side, simulate
from unodsl.sim.stats import Distribution, PairedRatio, newcombe, wilson
from unodsl.sim.tally import CountingMatch, play_game
from cli_helpers import no_traceback, run


# ---- counting: the same figures as the event log, for every kind of move ------------------

GAMES = 6


@pytest.mark.parametrize("name, rules, settings", [
    ("classic", ["on play where number == 7: next draws 1"], None),
    ("harry-potter-fr", [], None),  # Invisibility: reactions out of turn
    ("veto", [], None),  # VETO: a table card; Wild Customizable: rules written at the table
    ("classic", [], {"stacking": True}),  # Draw Twos passed on: played out of the turn's play
])
def test_tally_agrees_with_the_event_log(name, rules, settings):
    edition = unodsl.load_edition(name, rules=rules, settings=settings)
    by_uid = {card.uid: card for card in edition.deck}
    plays, reactions, uses, hook_runs, stacked = Counter(), Counter(), Counter(), 0, 0
    played, dealt, round_turns = Counter(), Counter(), []
    for seed in range(GAMES):
        match = CountingMatch(edition, players=4, agents="random", seed=f"log:{seed}", record=True)
        result = match.play()
        assert result == unodsl.Match(edition, players=4, agents="random", seed=f"log:{seed}",
                                      record=False).play()  # counting changes nothing
        tally = match.tally
        seats: dict = {}
        for event in match.log:
            kind = by_uid[event["card"]].kind if "card" in event and isinstance(event["card"], int) else None
            stacked += event["event"] == "stack"
            if event["event"] == "deal":
                seats = {"played": [set() for _ in range(4)], "hands": event["hands"]}
            elif event["event"] in ("play", "stack", "react", "table_use"):
                {"play": plays, "stack": plays, "react": reactions, "table_use": uses}[event["event"]][kind] += 1
                seats["played"][event["player"]].add(kind)
                hook_runs += event["event"] == "play" and by_uid[event["card"]].number == 7
            elif event["event"] == "round_end":
                for seat in range(4):
                    won = seat == event["winner"]
                    for k in seats["played"][seat]:
                        played[k, won] += 1
                    for k in {by_uid[uid].kind for uid in seats["hands"][seat]}:
                        dealt[k, won] += 1
        round_turns += [r.turns for r in result.rounds]
        # match-level sums of this game's tally
        for counts, mine in ((tally.plays, plays), (tally.reactions, reactions), (tally.uses, uses)):
            assert all(counts[k] <= mine[k] for k in counts)
        assert tally.rounds == len(result.rounds) and tally.winner == result.winner
        sim_played = {k: v for k, v in tally.played.items()}
        assert all(n >= w for n, w in sim_played.values())
    sim = simulate(edition, players=4, games=GAMES, seed="log")
    assert sim.plays == plays and sim.reactions == reactions and sim.uses == uses
    assert sim.played == {k: [played[k, False] + played[k, True], played[k, True]] for k, _ in played}
    assert sim.dealt == {k: [dealt[k, False] + dealt[k, True], dealt[k, True]] for k, _ in dealt}
    assert sim.turns_per_round == Distribution(Counter(round_turns))
    for kind, spec in edition.kinds.items():
        expected = (plays[kind] if spec.effect else 0) + (reactions[kind] if spec.reaction_effect else 0) \
            + (uses[kind] if spec.use else 0)
        assert sim.fires.get(kind, 0) == expected
    if rules:
        assert sim.fires["--rule 1 (on play)"] == hook_runs > 0
    if settings:
        assert stacked > 0
    if name == "harry-potter-fr":
        assert reactions["invisibility"] > 0
    if name == "veto":
        assert uses["veto"] > 0
        assert 0 < sim.written["wild_customizable"] <= plays["wild_customizable"]


# ---- the statistics against known cases ------------------------------------------------------

def test_wilson_and_newcombe_published_values():
    # Newcombe (1998), Statistics in Medicine 17: 857-872, tables I and II.
    assert wilson(81, 263).as_list() == [0.308, 0.2553, 0.3662]
    assert wilson(0, 10).as_list() == [0.0, 0.0, 0.2775]
    assert newcombe(56, 70, 48, 80).as_list() == [0.2, 0.0524, 0.3339]
    assert newcombe(9, 10, 3, 10).as_list() == [0.6, 0.1705, 0.8090]


@pytest.mark.parametrize("p, n", [(0.05, 40), (0.25, 100), (0.5, 400)])
def test_wilson_covers_the_true_rate_95_percent_of_the_time(p, n):
    rng = random.Random(f"wilson:{p}:{n}")
    trials = 2000
    covered = sum(wilson(sum(rng.random() < p for _ in range(n)), n).contains(p) for _ in range(trials))
    assert 0.925 <= covered / trials <= 0.975


def test_paired_ratio_covers_the_true_change():
    """Turns per round under A, and under B 10% longer, on correlated pairs of games."""
    rng = random.Random("paired")
    trials, covered_rel, covered_diff, covered_null = 300, 0, 0, 0
    for _ in range(trials):
        pairs, same = PairedRatio(), PairedRatio()
        for _ in range(150):
            rounds_a, rounds_b = rng.randint(3, 15), rng.randint(3, 15)
            shared = rng.gauss(0, 20)  # the common shuffle makes the pair alike
            turns_a = sum(max(1.0, 80 + shared + rng.gauss(0, 30)) for _ in range(rounds_a))
            turns_b = sum(max(1.0, 1.1 * (80 + shared + rng.gauss(0, 30))) for _ in range(rounds_b))
            pairs.add(turns_a, rounds_a, turns_b, rounds_b)
            other = sum(max(1.0, 80 + shared + rng.gauss(0, 30)) for _ in range(rounds_b))
            same.add(turns_a, rounds_a, other, rounds_b)
        relative, _ = pairs.relative()
        covered_rel += relative.contains(0.1)
        difference, _ = pairs.difference()
        covered_diff += difference.contains(8.0)
        covered_null += same.difference()[1] >= 0.05
    assert covered_rel / trials >= 0.92 and covered_diff / trials >= 0.92
    assert covered_null / trials >= 0.92  # no difference: "significant" about 5% of the time


def test_symmetric_seats_come_out_within_their_intervals():
    """Four random agents: every seat wins 1/4 of the matches. A target of 1 point makes
    each match one round, dealt by a card draw (so no seat is the dealer more often)."""
    sim = simulate("classic", players=4, games=2000, seed="symmetric", settings={"target_score": 1})
    assert sim.rounds == sim.games == 2000 and sum(sim.wins) == 2000
    for seat in range(4):
        rate = sim.match_win_rate(seat)
        assert rate.contains(0.25), (seat, rate)
        assert 0.03 < rate.high - rate.low < 0.045  # ±1.9 points: what 2000 games can tell
        assert sim.round_win_rate(seat) == rate
    data = as_dict(sim, timing=False)
    assert data["seats"][0]["match_win_rate"] == sim.match_win_rate(0).as_list()
    assert data["rounds_per_match"]["median"] == 1


def test_distribution_matches_the_textbook():
    d = Distribution(Counter([1, 2, 2, 3, 10]))
    assert (d.n, d.mean, d.median, d.quantile(0.25)) == (5, 3.6, 2, 2) and d.quantile(0.9) == pytest.approx(7.2)
    assert round(d.sd, 6) == 3.646917


# ---- workers and backends: the same results ---------------------------------------------

def test_one_and_two_workers_give_identical_statistics(monkeypatch):
    from unodsl.sim import parallel

    pools = []
    real = parallel._on_processes
    monkeypatch.setattr(parallel, "_on_processes", lambda *args: pools.append(args[2]) or real(*args))
    one = simulate("harry-potter-fr", players=3, games=12, seed="w", workers=1)
    two = simulate("harry-potter-fr", players=3, games=12, seed="w", workers=2)
    assert pools == [2]  # two worker processes played the second run
    assert one == two  # every count and distribution; the wall-clock time is left out
    assert format_csv(one, timing=False) == format_csv(two, timing=False)
    assert format_text(one, timing=False) == format_text(two, timing=False)


def test_games_are_cut_into_ranges_in_order():
    for games, workers in ((1, 1), (7, 2), (1000, 2), (12345, 64)):
        ranges = list(chunks(games, workers))
        assert ranges[0][0] == 0 and ranges[-1][1] == games
        assert all(a[1] == b[0] for a, b in zip(ranges, ranges[1:]))
    side = make_side("classic", 2, "order", "random")
    seen = []
    games = list(run_games((side,), 5, progress=seen.append))
    assert sum(seen) == 5
    assert [g[0] for g in games] == [play_game(unodsl.load_edition("classic"), 2, ["random"] * 2, f"order:{i}")
                                     for i in range(5)]


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux only")
def test_forked_workers_start_with_the_editions_loaded_here(monkeypatch):
    # A name no file has, whose edition this process holds: a spawned worker, which
    # loads the edition again, could not play it.
    from unodsl.sim import parallel

    monkeypatch.setitem(parallel._editions, ("not-on-disk", (), ()), unodsl.load_edition("classic"))
    monkeypatch.setattr(parallel, "start_method", lambda: "fork")  # (whatever threads other tests left running)
    forked = simulate("not-on-disk", players=3, games=4, seed="f", workers=2)
    assert forked == simulate("classic", players=3, games=4, seed="f")


def test_workers_are_spawned_while_another_thread_runs():
    from unodsl.sim.parallel import start_method

    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    try:
        assert start_method() == "spawn"
    finally:
        stop.set()
        thread.join()


@pytest.mark.skipif(sys.platform != "linux", reason="workers are forked on Linux only")
def test_a_thread_just_joined_is_waited_for_not_taken_for_one_that_runs(monkeypatch):
    # (after a run with workers, its pool's handler threads, joined, take a moment more to end:
    # a second run in the same process, such as `unodsl compare`'s, forks its workers too)
    from unodsl.sim import parallel

    tasks = iter([["1", "2"], ["1", "2"], ["1"]])
    monkeypatch.setattr(parallel.os, "listdir", lambda path: next(tasks))
    monkeypatch.setattr(parallel.time, "sleep", lambda seconds: None)
    assert parallel.start_method() == "fork"
    # A native thread that never ends (one Python does not know of): spawned, after the checks.
    checks = []
    monkeypatch.setattr(parallel.os, "listdir", lambda path: checks.append(path) or ["1", "2"])
    assert parallel.start_method() == "spawn" and len(checks) == parallel.THREAD_END_CHECKS


def test_workers_need_an_edition_by_name():
    with pytest.raises(unodsl.UnoError, match="by name or path"):
        simulate(unodsl.load_edition("classic"), games=2, workers=2)


def test_ray_backend_on_a_local_instance(monkeypatch):
    """About 10 s, most of it starting Ray. CI installs Ray (.ci/run) so that this runs there."""
    if importlib.util.find_spec("ray") is None:
        if os.environ.get("CI"):
            pytest.fail("ray is not installed: .ci/run installs unodsl[ray] for this test")
        pytest.skip("ray is not installed (pip install 'unodsl[ray]')")
    import ray

    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")  # nothing leaves the machine
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    mcts = dict(players=3, games=2, seed="ray-mcts", agents="mcts:iterations=4:depth=2,greedy,greedy",
                settings={"target_score": 60})
    try:
        on_ray = simulate("classic", players=3, games=10, seed="ray", workers=2, backend="ray")
        mcts_on_ray = simulate("classic", workers=2, backend="ray", **mcts)  # (agents named with settings)
    finally:
        ray.shutdown()
    assert on_ray == simulate("classic", players=3, games=10, seed="ray")
    assert mcts_on_ray == simulate("classic", **mcts)


@pytest.mark.parametrize("command", [
    ["simulate", "classic", "--backend", "ray", "-g", "2"],  # (workers found from Ray itself)
    ["simulate", "classic", "--backend", "ray", "-g", "2", "-w", "2"],
    ["compare", "classic", "classic", "--backend", "ray", "-g", "2"],
])
def test_the_ray_backend_without_ray_is_one_message(monkeypatch, command):
    monkeypatch.setitem(sys.modules, "ray", None)  # (`import ray` fails, installed or not)
    result = run(*command)
    assert result.exit_code == 1
    assert result.stderr == "error: the ray backend needs Ray: pip install 'unodsl[ray]'\n"
    no_traceback(result)


# ---- compare ----------------------------------------------------------------------------

def _side(**changes) -> Side:
    return make_side("classic", 4, "cmp", "random", **changes)


def test_compare_finds_a_known_difference():
    """Ten cards in hand instead of seven: rounds are longer."""
    result = compare(_side(), _side(settings={"hand_size": 10}), games=30)
    turns = result.metric("turns_per_round")
    change, p = turns.change()
    assert turns.is_relative() and change.low > 0.05 and p < 0.001
    assert result.a.turns_per_round.mean < result.b.turns_per_round.mean
    assert any("lengthens rounds by" in line for line in headlines(result))
    # each side is the same as its own simulation
    assert result.b == simulate("classic", games=30, seed="cmp", settings={"hand_size": 10})


def test_compare_identical_sides_finds_nothing():
    result = compare(_side(), _side(), games=10)
    for metric in result.metrics:
        change, p = metric.change()
        assert change.value == 0 and p == 1.0, metric.label
    assert result.identical and headlines(result)[0].startswith("A and B are the same edition")


def test_compare_a_a_test_with_other_seeds_finds_no_main_difference():
    """The same edition on different seeds: the differences are chance alone.

    Each figure comes out "significant" 5% of the time by chance: over 60 pairs
    of seeds (a{t} against b{t}, 40 games) it did 2%, 0% and 5% of the time for
    these three. With fixed seeds the test is deterministic.
    """
    result = compare(make_side("classic", 4, "a0", "random"), make_side("classic", 4, "b0", "random"), games=40)
    for key in ("rounds_per_match", "turns_per_round", "points_per_round"):
        assert result.metric(key).change()[1] >= 0.05, key


def test_compare_cli_house_rule_json():
    rule = "on play where number == 7: next draws 2"
    result = run("compare", "classic", "--rule-b", rule, "--games", "20", "--json", "--no-timing")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert (data["a"], data["b"], data["paired"]) == ("classic", "classic + 1 rule", True)
    metrics = {m["key"]: m for m in data["metrics"]}
    runs = metrics["rule_runs_per_round:--rule 1 (on play)"]
    assert runs["a"] == 0 and runs["b"] > 0 and runs["significant"]
    assert set(metrics["turns_per_round"]) >= {"a", "b", "difference", "relative", "p_value", "significant"}
    assert "speed" not in data and data["reports"]["b"]["rules"]


def test_compare_cli_text():
    result = run("compare", "classic", "--set-b", "hand_size=10", "--games", "20", "--no-timing")
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("A: classic  (Classic UNO") and lines[1].startswith("B: classic with hand_size=10")
    assert "classic with hand_size=10 lengthens rounds by" in result.stdout
    assert any(line.startswith("turns per round") and line.endswith("*") for line in lines)
    # abandoned rounds are said even when there are none (a row of zeros would be left out)
    assert re.fullmatch(r"rounds: \d+ and \d+; abandoned at the turn limit of 5000 turns: 0 and 0", lines[3])


@pytest.mark.parametrize("args, message", [
    (["compare", "classic", "--set-b", "hand_sise=10"], "unknown setting 'hand_sise'"),
    (["compare", "classic", "--set-b", "hand_size"], "is not KEY=VALUE"),
    (["compare", "classic", "--games", "1"], "at least 2 games"),
    (["simulate", "classic", "--log", "-", "--workers", "2"], "--log plays in one process"),
    (["simulate", "classic", "--json", "--csv"], "choose one"),
])
def test_cli_mistakes(args, message):
    result = run(*args)
    assert result.exit_code in (1, 2)
    assert message in result.stderr
    assert "Traceback" not in result.stderr


# ---- simulate's formats ---------------------------------------------------------------

SIM = ["simulate", "veto", "--players", "3", "--games", "6", "--seed", "f", "--no-timing"]


def test_simulate_text_report():
    result = run(*SIM)
    assert result.exit_code == 0, result.stderr
    text = result.stdout
    for part in ("match wins  win%", "round wins by place after the dealer", "rounds per match: mean",
                 "turns per round: mean", "points per round: mean", "table uses/round", "written-rule runs/round",
                 "win-rate lift of special cards", "VETO"):
        assert part in text, part
    assert result.stderr == ""  # not a terminal: no progress bar


def test_simulate_csv_and_json_agree():
    data = json.loads(run(*SIM, "--json").stdout)
    rows = list(csv.DictReader(io.StringIO(run(*SIM, "--csv").stdout)))
    assert list(rows[0]) == ["section", "key", "statistic", "value", "ci_low", "ci_high"]
    seat0 = next(r for r in rows if (r["section"], r["key"], r["statistic"]) == ("seat", "0", "match_win_rate"))
    assert [float(seat0[c]) for c in ("value", "ci_low", "ci_high")] == pytest.approx(
        data["seats"][0]["match_win_rate"], abs=1e-4)
    uses = next(r for r in rows if (r["section"], r["key"], r["statistic"]) == ("card", "veto", "table_uses"))
    assert int(uses["value"]) == data["cards"]["veto"]["table_uses"] > 0
    assert {"played", "dealt"} == set(data["lift"]["veto"])
    assert data["turns_per_round"]["n"] == data["rounds"]


def test_progress_bar_only_on_a_terminal(monkeypatch):
    from unodsl.cli import runs as simulation_cli

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    shown = Terminal()
    monkeypatch.setattr(simulation_cli.sys, "stderr", shown)
    with simulation_cli.progress_bar(10, "simulating") as update:
        update(4)
        update(6)
    assert "simulating" in shown.getvalue() and "10/10" in shown.getvalue()
    monkeypatch.setattr(simulation_cli.sys, "stderr", io.StringIO())
    with simulation_cli.progress_bar(10, "simulating") as update:
        assert update is None


def test_default_workers():
    from unodsl.sim.parallel import GAMES_PER_WORKER, available_cores, default_workers

    assert default_workers(10) == 1
    assert default_workers(GAMES_PER_WORKER * 1000) == available_cores()
    assert os.cpu_count() >= available_cores() >= 1


def test_agent_mix():
    result = run("simulate", "classic", "--agents", "greedy,random,random", "-p", "3", "-g", "30", "--no-timing")
    assert "by agent: matches won per seat it holds" in result.stdout
    sim = simulate("classic", players=3, games=30, agents="greedy,random,random")
    greedy, random_ = sim.agent_win_rate("greedy"), sim.agent_win_rate("random")
    assert greedy.value * 30 == sim.wins[0] and random_.value * 60 == sim.wins[1] + sim.wins[2]
    assert as_dict(sim)["by_agent"]["random"]["seats"] == 2


def test_simulation_of_a_loaded_edition_is_the_same():
    by_name = simulate("classic", players=2, games=3, seed="x")
    loaded = simulate(unodsl.load_edition("classic"), players=2, games=3, seed="x")
    assert isinstance(by_name, Simulation) and by_name == loaded


def test_rounds_abandoned_at_the_turn_limit_are_reported_first_with_a_hint():
    """A rule that keeps every hand growing once one is big stops some rounds from ever
    ending: the report says how many and what share, the turn limit, and a hint, before
    the tables; a sound edition says nothing of it."""
    result = run("simulate", "classic", "--games", "2", "--players", "3",
                 "--rule", "on turn_start where me.hand > 9: everyone draws 2")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    warning = lines[2]
    assert warning.startswith("warning: 2 of 4 rounds (50.0%) were abandoned without a winner: 2 at the turn limit "
                              "(5000 turns)")
    assert lines[3].lstrip().startswith("hint: a rule that keeps hands growing")
    data = json.loads(run("simulate", "classic", "--games", "2", "--players", "3", "--json",
                          "--rule", "on turn_start where me.hand > 9: everyone draws 2").output)
    assert data["abandoned_rounds"] == 2 and data["turn_limit"] == 5000
    assert "warning" not in run("simulate", "classic", "--games", "2").output


def test_no_mercy_rounds_end_because_of_its_mercy_rule():
    """UNO Show 'em No Mercy: without its Mercy rule every card ends up in a hand and goes
    round and round (played, drawn back by the next stacked draw), so about half the rounds
    never end (editions/no-mercy.yaml, its end); with it, as shipped, every round does."""
    shipped = simulate("no-mercy", players=4, games=40, seed="mercy")
    assert shipped.rounds >= 40 and shipped.abandoned == 0

    def unfinished(edition) -> int:  # of 8 first rounds, those still going after 1,000 turns
        matches = (unodsl.Match(edition, players=4, agents="random", seed=seed, record=False,
                                max_rounds=1, max_turns=1000) for seed in range(8))
        return sum(match.play().rounds[0].winner is None for match in matches)

    assert unfinished(unodsl.load_edition("no-mercy")) == 0
    assert unfinished(unodsl.load_edition("no-mercy", settings={"mercy_limit": 1000})) >= 4


def test_compare_cli_csv_one_figure_per_row():
    result = run("compare", "classic", "--rule-b", "@seven-zero", "--games", "10", "--csv", "--no-timing")
    assert result.exit_code == 0, result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    as_json = json.loads(run("compare", "classic", "--rule-b", "@seven-zero", "--games", "10", "--json",
                             "--no-timing").stdout)
    assert [row["key"] for row in rows] == [m["key"] for m in as_json["metrics"]]
    turns = next(row for row in rows if row["key"] == "turns_per_round")
    metric = next(m for m in as_json["metrics"] if m["key"] == "turns_per_round")
    assert float(turns["b"]) == metric["b"] and float(turns["p_value"]) == metric["p_value"]
    assert [float(turns[c]) for c in ("relative", "relative_low", "relative_high")] == metric["relative"]
    assert turns["significant"] in ("true", "false")
    both = run("compare", "classic", "--games", "10", "--csv", "--json")
    assert both.exit_code == 2 and "choose one" in both.stderr


def test_house_rules_are_reported_by_their_names():
    """A rule file's and an edition rule's `name:`, a script by its place; a rule's second
    hook on the same event is told apart."""
    edition = unodsl.load_edition("classic", rules=["@seven-zero", "@mercy", "on play where number == 5: skip next"])
    sim = simulate(edition, players=4, games=5, seed="names")
    assert sim.rules == ["Seven-O (on play)", "Seven-O (on play) #2", "Mercy (on hand_grows)",
                         "--rule 3 (on play)"]
    assert sim.fires["Seven-O (on play)"] > 0 and sim.fires["--rule 3 (on play)"] > 0
    text = ("name: Named\nbase: classic\nrules:\n  - name: Sevens draw\n"
            "    script: |\n      on play where number == 7:\n        next draws 1\n")
    own = unodsl.load_edition_text(text, "named.yaml")
    assert simulate(own, players=3, games=2, seed="n").rules == ["Sevens draw (on play)"]


def test_a_side_names_its_popular_rules_and_counts_the_others():
    from unodsl.sim.compare import describe_side
    from unodsl.sim.parallel import Side

    side = Side("classic", ("@seven-zero", "on play where number == 7: next draws 2", "@../rules/mine.yaml"),
                (("hand_size", 5),))
    assert describe_side(side) == "classic + @seven-zero + 2 rules with hand_size=5"

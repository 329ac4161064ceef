"""`unodsl simulate` and `unodsl compare`: options parsed here, the work done in
unodsl.sim.simulate and unodsl.sim.compare (which tests call directly)."""
from __future__ import annotations

import tempfile
from pathlib import Path

import click

from ..agents import AGENTS
from ..errors import EditionError, UnoError
from ..sim.parallel import BACKENDS
from .options import EditionArgument, complete_rule, parse_settings
from .runs import plots_available, progress_bar, report_options, write_report, workers_for


def _common(command):
    """The options simulate and compare share."""
    options = [
        click.option("--players", "-p", type=click.IntRange(min=1), default=4, show_default=True,
                     help="Seats at the table."),
        click.option("--games", "-g", type=click.IntRange(min=1), default=100, show_default=True,
                     help="Matches to play."),
        click.option("--seed", "-s", default="1", show_default=True,
                     help="Match i is played with seed SEED:i, so a run can be repeated."),
        click.option("--agents", "-a", default="random", show_default=True,
                     help=f"One agent for every seat, or one per seat separated by commas "
                          f"({', '.join(AGENTS)}; settings joined by ':', mcts:iterations=400)."),
        click.option("--rule", "rules", metavar="SCRIPT", multiple=True, shell_complete=complete_rule,
                     help="An extra house rule: a script of `on EVENT:` hooks, or a rule written on "
                          "the edition's next blank card (@FILE reads it from a file). Repeatable."),
        click.option("--set", "settings", metavar="KEY=VALUE", multiple=True,
                     help="Replace a setting of the edition (hand_size=5, target_score=200). Repeatable."),
        click.option("--workers", "-w", type=click.IntRange(min=1), default=None,
                     help="Processes to play in [default: every core; one for short runs]. "
                          "The results are the same for any number."),
        click.option("--backend", type=click.Choice(BACKENDS), default="processes", show_default=True,
                     help="ray: play on a Ray cluster (RAY_ADDRESS), or on Ray on this machine; "
                          "needs `pip install 'unodsl[ray]'`."),
        click.option("--json", "as_json", is_flag=True, help="Print one JSON object."),
        click.option("--drama", is_flag=True,
                     help="Measure drama too: lead changes, the winner's deficit, decisiveness, rounds "
                          "decided by one card (README, \"Drama and tension\"; simulation takes longer)."),
        click.option("--no-timing", is_flag=True,
                     help="Leave out the speed, so that runs with the same arguments print the same."),
    ]
    for option in reversed(options):
        command = option(command)
    command = report_options(command)
    return command


@click.command("simulate")
@click.argument("edition", metavar="EDITION", cls=EditionArgument)
@_common
@click.option("--csv", "as_csv", is_flag=True,
              help="Print CSV: one figure per row (section, key, statistic, value, ci_low, ci_high).")
@click.option("--log", "log_file", type=click.File("w"), metavar="FILE",
              help="Write every event of every match as JSON lines (slower: recording is on; one process).")
@click.option("--sweep", "swept", metavar="SETTING=A..B|V1,V2,...",
              help="Play the matches at each value of a setting, on the same seeds, and give each figure "
                   "as a curve with its intervals (hand_size=5..9).")
def simulate_command(edition: str, players: int, games: int, seed: str, agents: str, rules: tuple[str, ...],
                     settings: tuple[str, ...], workers: int | None, backend: str, as_json: bool,
                     no_timing: bool, report_file: str | None, plot_dir: str | None, as_csv: bool,
                     log_file, swept: str | None, drama: bool) -> None:
    """Play GAMES bot matches of EDITION and report what a designer asks.

    Win rates per seat and by place after the dealer, rounds per match, turns
    and points per round, how often each card was played and its effect ran,
    house rules' runs, and the win-rate lift of playing or being dealt each
    special card; every rate with its 95% confidence interval.
    """
    from ..sim.report import format_csv, format_json, format_text
    from ..sim.simulate import simulate

    if as_json and as_csv:
        raise click.UsageError("--json and --csv: choose one")
    plots_available(report_file, plot_dir)
    if log_file is not None:
        if workers not in (None, 1) or backend != "processes":
            raise click.UsageError("--log plays in one process: leave out --workers and --backend")
        workers = 1
    if swept is not None:
        if as_csv or log_file is not None or drama:
            raise click.UsageError("--sweep gives text or --json: leave out --csv, --log and --drama")
        if games < 2:
            raise click.BadParameter("a sweep pairs its values on at least 2 games", param_hint="--games")
        result = _sweep(edition, swept, players, games, seed, agents, rules, parse_settings(settings, "--set"),
                        workers_for(workers, backend, games), backend)
        from ..sim.sweep import format_sweep_json, format_sweep_text
        click.echo(format_sweep_json(result) if as_json else format_sweep_text(result))
        from ..sim.lab_report import sweep_sections, sweep_title
        write_report(result, sweep_sections, sweep_title, report_file, plot_dir)
        return
    workers = workers_for(workers, backend, games)
    with progress_bar(games, "simulating") as progress:
        sim = simulate(edition, players=players, games=games, seed=seed, agents=agents, rules=list(rules),
                       settings=parse_settings(settings, "--set"), log=log_file, workers=workers, backend=backend,
                       progress=progress, drama=drama)
    render = format_json if as_json else format_csv if as_csv else format_text
    click.echo(render(sim, timing=not no_timing))
    from ..sim.html_report import simulation_sections, simulation_title
    write_report(sim, simulation_sections, simulation_title, report_file, plot_dir)


def _sweep(edition: str, swept: str, players: int, games: int, seed: str, agents: str, rules: tuple[str, ...],
           settings: dict, workers: int, backend: str):
    """simulate --sweep: every value's edition loaded first (a value the setting refuses is
    placed at `--set NAME=VALUE`, as `--set` would be), then all played on the same seeds."""
    from ..edition.loader import load_edition
    from ..edition.schema import read_known_setting
    from ..sim.simulate import make_side
    from ..sim.sweep import COUNT, deck_count_files, parse_sweep, sweep

    key, typed = parse_sweep(swept)
    with tempfile.TemporaryDirectory(prefix="unodsl-sweep-") as folder:  # (a deck count's editions)
        if key.startswith(COUNT):
            values = [_count(key, value) for value in typed]
            points = [(file, settings) for file in deck_count_files(edition, key[len(COUNT):], values, Path(folder))]
        else:
            values = [read_known_setting(key, value) for value in typed]
            points = [(edition, {**settings, key: value}) for value in values]
        sides = []
        for value, (file, point) in zip(values, points):
            try:  # (a value refused is placed before play)
                load_edition(file, rules=list(rules), settings=point)
            except EditionError as error:
                if not key.startswith(COUNT):
                    raise
                # The edition written for the value is a file of the run's, gone when it ends: say the value.
                raise UnoError(f"--sweep {key}={value}: {error.problems[0].message}") from None
            sides.append(make_side(file, players, seed, agents, rules=list(rules), settings=point))
        with progress_bar(games, f"sweeping {key}") as progress:
            return sweep(sides, key, values, games, workers, backend, progress)


def _count(key: str, value: str) -> int:
    if not value.isdigit():
        raise UnoError(f"--sweep {key}: a deck count is a whole number from 0, not {value!r}")
    return int(value)


@click.command("compare")
@click.argument("edition_a", metavar="A", cls=EditionArgument)
@click.argument("edition_b", metavar="[B]", required=False, cls=EditionArgument)
@_common
@click.option("--rule-a", "rules_a", metavar="SCRIPT", multiple=True, shell_complete=complete_rule,
              help="A house rule for A only.")
@click.option("--rule-b", "rules_b", metavar="SCRIPT", multiple=True, shell_complete=complete_rule,
              help="A house rule for B only.")
@click.option("--set-a", "settings_a", metavar="KEY=VALUE", multiple=True, help="A setting for A only.")
@click.option("--set-b", "settings_b", metavar="KEY=VALUE", multiple=True, help="A setting for B only.")
@click.option("--agents-b", default=None, help="B's agents, if not those of --agents.")
@click.option("--seed-b", default=None,
              help="B's seed, if not --seed (then the games are not paired: an A/A test with A = B).")
@click.option("--csv", "as_csv", is_flag=True,
              help="Print CSV: one figure per row (key, label, a, b, the difference and the relative "
                   "change with their 95% intervals, p_value, significant).")
@click.option("--skill", is_flag=True,
              help="Also climb the skill ladder of A and of B (GAMES single-round games a step) and give the "
                   "change in skill headroom, B - A (README, \"Skill headroom\"; mcts steps take minutes).")
def compare_command(edition_a: str, edition_b: str | None, players: int, games: int, seed: str, agents: str,
                    rules: tuple[str, ...], settings: tuple[str, ...], workers: int | None, backend: str,
                    as_json: bool, no_timing: bool, report_file: str | None, plot_dir: str | None,
                    rules_a, rules_b, settings_a, settings_b,
                    agents_b: str | None, seed_b: str | None, as_csv: bool, drama: bool, skill: bool) -> None:
    """Play A and B on the same seeds and report what differs, with its significance.

    A and B are editions (names or files); B is A again when left out, so that
    a house rule or a setting is compared with the edition without it:

    \b
      unodsl compare classic green-lantern
      unodsl compare classic --rule-b 'on play where number == 7: next draws 1'
      unodsl compare classic --set-b hand_size=5 --games 500

    Every option is for both sides; --rule-a/--rule-b and --set-a/--set-b add
    to one side's, --agents-b and --seed-b replace B's. Game i of A and of B
    share the seed SEED:i; each figure's change is measured on these pairs
    (95% interval, p-value).
    """
    from ..sim.compare import compare, format_csv, format_json, format_text
    from ..sim.simulate import make_side

    if as_json and as_csv:
        raise click.UsageError("--json and --csv: choose one")
    if games < 2:
        raise click.BadParameter("a comparison needs at least 2 games", param_hint="--games")
    if skill and as_csv:
        raise click.UsageError("--skill gives text or --json: leave out --csv")
    plots_available(report_file, plot_dir)
    common = parse_settings(settings, "--set")
    side_a = make_side(edition_a, players, seed, agents, [*rules, *rules_a],
                       {**common, **parse_settings(settings_a, "--set-a")}, drama=drama)
    side_b = make_side(edition_b or edition_a, players, seed_b if seed_b is not None else seed,
                       agents_b or agents, [*rules, *rules_b], {**common, **parse_settings(settings_b, "--set-b")},
                       drama=drama)
    workers = workers_for(workers, backend, games)
    with progress_bar(games, "comparing") as progress:
        result = compare(side_a, side_b, games, workers=workers, backend=backend, progress=progress)
    render = format_json if as_json else format_csv if as_csv else format_text
    text = render(result, timing=not no_timing)
    from ..sim.html_report import comparison_sections, comparison_title
    sections = comparison_sections
    if skill:
        from ..sim.lab_report import skill_sections
        from .lab import climb_both, with_ladders
        ladders = climb_both(side_a, side_b, (result.label_a, result.label_b), games, workers, backend)
        text = with_ladders(text, ladders, as_json)
        sections = lambda r: [*comparison_sections(r), *skill_sections(ladders)]  # noqa: E731
    click.echo(text)
    write_report(result, sections, comparison_title, report_file, plot_dir)




@click.command("impact")
@click.argument("edition", metavar="EDITION", cls=EditionArgument)
@click.option("--card", "cards", metavar="KIND", multiple=True,
              help="Only this special card kind (its id or name). Repeatable.")
@click.option("--rule", "rules", metavar="RULE", multiple=True, shell_complete=complete_rule,
              help="Only this house rule: the `name:` of one of the edition's rules (played without it), "
                   "or @NAME or a script (played with it). Repeatable.")
@click.option("--players", "-p", type=click.IntRange(min=1), default=4, show_default=True, help="Seats at the table.")
@click.option("--games", "-g", type=click.IntRange(min=2), default=200, show_default=True,
              help="Matches to play, of the edition and of each variant.")
@click.option("--seed", "-s", default="1", show_default=True, help="Match i is played with seed SEED:i.")
@click.option("--agents", "-a", default="random", show_default=True,
              help=f"One agent for every seat, or one per seat separated by commas ({', '.join(AGENTS)}).")
@click.option("--workers", "-w", type=click.IntRange(min=1), default=None,
              help="Processes to play in [default: every core; one for short runs]. The results are the same.")
@click.option("--backend", type=click.Choice(BACKENDS), default="processes", show_default=True,
              help="ray: play on a Ray cluster (see `simulate --help`).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (every figure of every variant).")
@click.option("--no-timing", is_flag=True, help="Leave out the time taken.")
@report_options
def impact_command(edition: str, cards: tuple[str, ...], rules: tuple[str, ...], players: int, games: int,
                   seed: str, agents: str, workers: int | None, backend: str, as_json: bool, no_timing: bool,
                   report_file: str | None, plot_dir: str | None) -> None:
    """What each special card and house rule does, measured on the same deals.

    Every special card kind is played with its effect removed (a plain card of
    its colour; a wild one a Wild that only names a colour) and swapped out of
    the deck for as many plain cards; every house rule of the edition without
    it, and every popular house rule that fits it with it. Each variant is
    paired with the edition game by game (seed SEED:i): the change in round
    length, points per round, the holder's round-win rate and the first seat's
    edge, with 95% intervals, p-values and p-values adjusted (Holm) for the
    number of variants.

    \b
      unodsl impact harry-potter --agents greedy --games 1000
      unodsl impact classic --card skip --rule @seven-zero
    """
    from ..sim.impact import format_json, format_text, impact

    plots_available(report_file, plot_dir)
    workers = workers_for(workers, backend, games)
    with progress_bar(games, "impact") as progress:
        result = impact(edition, players=players, games=games, seed=seed, agents=agents, cards=list(cards),
                        rules=list(rules), workers=workers, backend=backend, progress=progress)
    click.echo((format_json if as_json else format_text)(result, timing=not no_timing))
    from ..sim.lab_report import impact_sections, impact_title
    write_report(result, impact_sections, impact_title, report_file, plot_dir)

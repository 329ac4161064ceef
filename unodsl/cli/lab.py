"""`unodsl skill`: the skill ladder of an edition (unodsl.sim.skill does the work), and the
change in its headroom that a house rule, a setting or another edition makes."""
from __future__ import annotations

import json

import click

from ..sim.parallel import BACKENDS
from ..sim.skill import DEFAULT_BUDGET, DEFAULT_GAMES, format_text
from .options import EditionArgument, complete_rule, parse_settings
from .runs import plots_available, progress_bar, report_options, workers_for, write_report


@click.command("skill")
@click.argument("edition", metavar="EDITION", cls=EditionArgument)
@click.option("--players", "-p", type=click.IntRange(min=2), default=4, show_default=True, help="Seats at the table.")
@click.option("--games", "-g", type=click.IntRange(min=1), default=DEFAULT_GAMES, show_default=True,
              help="Single-round games a step of the ladder (rounded up to a multiple of the seatings).")
@click.option("--budget", "-b", type=click.IntRange(min=1), default=DEFAULT_BUDGET, show_default=True,
              help="mcts iterations a decision at the first mcts rung (then twice and four times as many).")
@click.option("--seed", "-s", default="1", show_default=True, help="Step k's game j is dealt with seed SEED:k:j.")
@click.option("--rule", "rules", metavar="SCRIPT", multiple=True, shell_complete=complete_rule,
              help="Climb the ladder again with this house rule (@FILE reads it) and give the change. Repeatable.")
@click.option("--set", "settings", metavar="KEY=VALUE", multiple=True,
              help="Climb the ladder again with this setting and give the change. Repeatable.")
@click.option("--against", metavar="EDITION2", default=None,
              help="Climb the ladder of EDITION2 too (with --rule and --set) and give the change.")
@click.option("--workers", "-w", type=click.IntRange(min=1), default=None,
              help="Processes to play in [default: every core; one for short runs].")
@click.option("--backend", type=click.Choice(BACKENDS), default="processes", show_default=True,
              help="ray: play on a Ray cluster (RAY_ADDRESS), or on Ray on this machine.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@report_options
def skill_command(edition: str, players: int, games: int, budget: int, seed: str, rules: tuple[str, ...],
                  settings: tuple[str, ...], against: str | None, workers: int | None, backend: str,
                  as_json: bool, report_file: str | None, plot_dir: str | None) -> None:
    """How much skill pays in EDITION: the ladder random → greedy → mcts@B → mcts@2B → mcts@4B.

    Each rung plays the one below in single-round games, seated alternately
    and in every rotation; a step's gap is the share of the rounds the upper
    rung won less its fair share, and the headroom is the sum of the gaps.
    With --rule, --set or --against, a second ladder (the edition with the
    rule or setting, or EDITION2) and the change in headroom, B - A:

    \b
      unodsl skill classic --games 100 --budget 10
      unodsl skill classic --rule 'on play where number == 7: next draws 1'
      unodsl skill classic --against no-mercy
    """
    from ..sim.parallel import load_side
    from ..sim.simulate import make_side
    from ..sim.skill import LadderComparison, ladder

    settings_b = parse_settings(settings, "--set")
    plots_available(report_file, plot_dir)
    workers = workers_for(workers, backend, games)
    options = dict(players=players, games=games, budget=budget, seed=seed, workers=workers, backend=backend)
    second = bool(rules or settings_b or against)
    # (errors in either edition, rule or setting show now, not after a first ladder of minutes)
    load_side(make_side(edition, players, seed, "random"))
    if second:
        load_side(make_side(against or edition, players, seed, "random", list(rules), settings_b))
    with progress_bar(games * 4 * (2 if second else 1), "climbing") as progress:
        result = ladder(edition, progress=progress, **options)
        if second:
            b = ladder(against or edition, rules=list(rules), settings=settings_b or None, progress=progress,
                       **options)
            result = LadderComparison(result, b)
    click.echo(json.dumps(result.as_dict()) if as_json else format_text(result))
    from ..sim.lab_report import skill_sections, skill_title
    write_report(result, skill_sections, skill_title, report_file, plot_dir)


def climb_both(side_a, side_b, labels: tuple[str, str], games: int, workers: int, backend: str):
    """`compare --skill`: the ladder of each side's edition, rules and settings, and their
    comparison (the agents of the sides play no part: the ladder brings its own)."""
    from ..sim.skill import LadderComparison, ladder

    with progress_bar(games * 8, "climbing") as progress:
        a, b = (ladder(side.edition, players=side.players, games=games, seed=side.seed, rules=list(side.rules),
                       settings=dict(side.settings) or None, workers=workers, backend=backend, progress=progress,
                       label=label)
                for side, label in zip((side_a, side_b), labels))
    return LadderComparison(a, b)


def with_ladders(text: str, ladders, as_json: bool) -> str:
    """compare's output with the two ladders and the change in headroom: in its JSON object
    as "skill", or after its text."""
    if as_json:
        return json.dumps({**json.loads(text), "skill": ladders.as_dict()})
    return text + "\n\nskill headroom (unodsl skill):\n" + format_text(ladders)

"""What the commands that play many games share (simulate, compare, impact, skill): the
workers, a progress bar, and the report's options."""
from __future__ import annotations

import contextlib
import sys

import click

from ..sim.parallel import default_workers, ray_workers, worker_limit


def workers_for(workers: int | None, backend: str, games: int) -> int:
    """The processes to play in: every core (or Ray's) unless asked, and no more than helps."""
    if workers is None:
        return ray_workers() if backend == "ray" else default_workers(games)
    allowed, reason = worker_limit(workers, games, backend)
    if reason is not None:
        click.echo(f"--workers {workers}: playing with {allowed} ({reason})", err=True)
    return allowed


@contextlib.contextmanager
def progress_bar(games: int, label: str):
    """A progress bar on stderr when it is a terminal (stdout stays clean for --json); else nothing."""
    if not sys.stderr.isatty():
        yield None
        return
    with click.progressbar(length=games, label=label, file=sys.stderr, show_pos=True, show_eta=True) as bar:
        yield bar.update


def report_options(command):
    """--report and --plot-dir (simulate, compare, impact, skill)."""
    command = click.option("--plot-dir", type=click.Path(file_okay=False), metavar="DIR",
                           help="Also write each figure as PNG and SVG into DIR "
                                "(needs `pip install 'unodsl[plots]'`).")(command)
    return click.option("--report", "report_file", type=click.Path(dir_okay=False), metavar="FILE.html",
                        help="Also write a self-contained HTML report: figures and their tables "
                             "(needs `pip install 'unodsl[plots]'`).")(command)


def write_report(result, sections, title, report_file: str | None, plot_dir: str | None) -> None:
    """The page and/or the figure files of `result`: `sections(result)` and `title(result)`
    come from unodsl.sim.html_report or unodsl.sim.lab_report."""
    if report_file or plot_dir:
        from ..sim import html_report
        heading, lines = title(result)
        html_report.write(sections(result), heading, lines, report_file, plot_dir)


def plots_available(report_file: str | None, plot_dir: str | None) -> None:
    """With --report or --plot-dir, matplotlib is needed: said before any game is played."""
    if report_file or plot_dir:
        from ..sim.html_report import check_targets
        from ..sim.plots import pyplot
        pyplot()
        check_targets(report_file)

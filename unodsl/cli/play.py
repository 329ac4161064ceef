"""`unodsl play` and `unodsl resume`: options into PlaySettings, then the session."""
from __future__ import annotations

import click

from ..agents import AGENTS
from .options import EditionArgument, complete_rule
from ..terminal.save import PlaySettings


@click.command("play")
@click.argument("edition", metavar="EDITION", cls=EditionArgument)
@click.option("--players", "-p", default="you,greedy,greedy,greedy", show_default=True,
              help=f"One entry per seat, in playing order: a bot ({', '.join(AGENTS)}), you, "
                   "a person's name (alice), or NAME:BOT for a named bot. Several people: "
                   "hot seat, the keyboard is handed over.")
@click.option("--rule", "rules", metavar="SCRIPT|@FILE", multiple=True, shell_complete=complete_rule,
              help="An extra house rule: `on EVENT:` hooks for the whole table, or a rule "
                   "written on the edition's next blank card. Repeatable.")
@click.option("--set", "settings", metavar="KEY=VALUE", multiple=True,
              help="A setting that replaces the edition's (hand_size=5, play_drawn=must). Repeatable.")
@click.option("--seed", "-s", default=None, help="Shuffle with this seed (default: a random one, shown).")
@click.option("--target", type=click.IntRange(min=1), default=None,
              help="The score that ends the match (default: the edition's, usually 500).")
@click.option("--save", "save", metavar="FILE", type=click.Path(dir_okay=False),
              help="Keep the match in FILE, rewritten after every answer; `unodsl resume FILE` "
                   "continues it.")
@click.option("--overwrite", is_flag=True,
              help="Let --save replace a file that is not a save of this match.")
@click.option("--no-color", "--no-colour", "no_color", is_flag=True,
              help="No colours (also when NO_COLOR is set or the output is not a terminal).")
@click.option("--pace", type=click.FloatRange(min=0, max=10), default=None, metavar="SECONDS",
              help="Wait this long before telling each bot's move (default: 0.6 at a terminal, "
                   "0 when the output is not one).")
@click.option("--birthday", "birthdays", metavar="MM-DD", multiple=True,
              help="Each player's birthday, in seat order (repeat, or separate by commas), for "
                   "editions whose dealer is chosen by birthday.")
@click.option("--setup", metavar="FILE", type=click.Path(exists=True, dir_okay=False),
              help="Start from a stacked table: a scenario file's setup: (docs/scenarios.md).")
@click.option("--plain", is_flag=True, envvar="UNODSL_PLAIN",
              help="The line mode at a terminal too (one line after another, for screen readers), "
                   "not the full-screen table. Also UNODSL_PLAIN=1.")
def play_command(edition: str, players: str, rules: tuple[str, ...], settings: tuple[str, ...],
                 seed: str | None, target: int | None, save: str | None, overwrite: bool, no_color: bool,
                 birthdays: tuple[str, ...], setup: str | None, pace: float | None, plain: bool) -> None:
    """Play EDITION at the terminal, against bots or with friends at one keyboard.

    Exit status: 0 when the match is over or you quit, 1 when the input ends
    first (or on a mistake in the options), 130 on Ctrl-C twice.
    """
    from .options import parse_settings
    from ..terminal.match_settings import read_setup
    from ..terminal.session import play

    days = [day.strip() for entry in birthdays for day in entry.split(",") if day.strip()]
    asked = PlaySettings(edition=edition, players=players, rules=list(rules),
                         settings=parse_settings(settings, "--set"), seed=seed, target=target,
                         birthdays=days or None, setup=read_setup(setup) if setup else None, save=save,
                         overwrite=overwrite)
    raise SystemExit(play(asked, no_color=no_color, pace=pace, plain=plain))


@click.command("resume")
@click.argument("file", metavar="FILE", type=click.Path(exists=True, dir_okay=False))
@click.option("--replay-anyway", is_flag=True,
              help="Replay the answers even if the edition, house rules or settings changed since "
                   "the save was written (the match may then differ, or not replay).")
@click.option("--no-color", "--no-colour", "no_color", is_flag=True, help="No colours.")
@click.option("--pace", type=click.FloatRange(min=0, max=10), default=None, metavar="SECONDS",
              help="Wait this long before telling each bot's move (default: 0.6 at a terminal, "
                   "0 when the output is not one).")
@click.option("--plain", is_flag=True, envvar="UNODSL_PLAIN",
              help="The line mode at a terminal too, not the full-screen table. Also UNODSL_PLAIN=1.")
def resume_command(file: str, replay_anyway: bool, no_color: bool, pace: float | None, plain: bool) -> None:
    """Continue a match saved by `unodsl play --save FILE`, exactly where it stopped.

    A damaged save, or one whose edition or rules changed since, is refused
    (exit status 1) and left as it was.
    """
    from ..terminal.session import resume

    raise SystemExit(resume(file, no_color=no_color, replay_anyway=replay_anyway, pace=pace, plain=plain))

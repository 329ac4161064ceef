"""The `unodsl` command.

Each command only parses its options and calls a plain function, which tests
can call directly. Every UnoError reaching this boundary becomes a message
and exit status 1, never a traceback; click's usage errors exit with 2.

The commands, by area: validate, problem, test and the authoring tools (schema, new,
cards, explain) here; simulate and compare in `simulation`; play and resume
in `play` (the table itself is unodsl/terminal); `--set`, which several take, in `options`.
"""
from __future__ import annotations

import click

from ..version import __version__
from ..edition.loader import load_edition
from ..errors import EditionError, UnoError
from .options import EditionArgument, complete_rule


class _Group(click.Group):
    """A click group that turns user errors into `error: ...` on stderr."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except EditionError as error:
            for problem in error.problems:
                click.echo(problem.format(), err=True)
        except UnoError as error:
            click.echo(f"error: {error}", err=True)
        ctx.exit(1)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="unodsl")
def main() -> None:
    """UNO editions as data: check, simulate and play them."""


# ---- validate -------------------------------------------------------------------

@main.command("validate")
@click.argument("editions", metavar="FILE|DIR|NAME...", nargs=-1, required=True, cls=EditionArgument)
@click.option("--format", "output", type=click.Choice(["text", "concise", "json", "github", "sarif"]),
              default="text", show_default=True,
              help="text for people; concise, one line a problem; json (one object) for tools; github, "
                   "annotations in GitHub Actions; sarif, SARIF 2.1.0 for code scanning (docs/ci.md).")
@click.option("--quiet", "-q", is_flag=True, help="Print only the problems: no `FILE: ok` lines, no count.")
@click.option("--exit-zero", is_flag=True, help="Exit with 0 even when problems are found (a usage error is still 2).")
@click.option("--strict", is_flag=True, help="Count warnings as errors.")
@click.option("--rule", "rules", metavar="SCRIPT|@FILE", multiple=True, shell_complete=complete_rule,
              help="Check each edition with this house rule too (a rule file's problems are placed in it). "
                   "Repeatable.")
@click.option("--set", "settings", metavar="KEY=VALUE", multiple=True,
              help="Check each edition with this setting replacing its own. Repeatable.")
@click.option("--exclude", "exclude", metavar="GLOB", multiple=True,
              help="Leave out the files and folders matching GLOB (`tests/bad_editions`, `*.local.yaml`). "
                   "Repeatable.")
@click.option("--skip-foreign", is_flag=True,
              help="Skip a file named whose keys say it is no edition, house rule or scenario, as in a folder "
                   "(for pre-commit, which names every YAML file).")
@click.option("--verbose", "-v", is_flag=True, help="Say on stderr each file left out of a folder, and why.")
def validate_command(editions: tuple[str, ...], output: str, quiet: bool, exit_zero: bool, strict: bool,
                     rules: tuple[str, ...], settings: tuple[str, ...], exclude: tuple[str, ...],
                     skip_foreign: bool, verbose: bool) -> None:
    """Check edition, house-rule and scenario files, folders of them, or built-in editions by name,
    and list every problem.

    A file is checked as what its keys say it is; in a folder, YAML files that are not
    unodsl's are skipped (docs/ci.md). Every problem has a code (`unodsl problem CODE`), a
    place and its end. Exit status: 0 clean, 1 problems found, 2 usage error.
    """
    from .options import parse_settings
    from ..validate import FORMATS
    from ..validate_files import NothingToCheck, Options, validate_paths

    options = Options(list(rules), parse_settings(settings, "--set") or None, list(exclude), skip_foreign)
    try:
        report = validate_paths(list(editions), strict=strict, options=options)
    except NothingToCheck as error:
        raise click.UsageError(str(error)) from None
    if verbose:
        for skipped in report.skipped:
            click.echo(skipped.line(), err=True)
    printed = FORMATS[output](report, quiet=quiet)
    if printed:
        click.echo(printed)
    if not report.clean(strict) and not exit_zero:
        raise SystemExit(1)


# ---- problem: what a code means ------------------------------------------------------

@main.command("problem")
@click.argument("code", metavar="CODE", required=False)
@click.option("--all", "list_all", is_flag=True, help="List every code with its name and first sentence.")
def problem_command(code: str | None, list_all: bool) -> None:
    """Explain a problem code of `unodsl validate` (L001, or its name: script-syntax), with its
    example, as docs/problems.md does.

    Exit status: 0, or 2 for a code that is none (with the closest one).
    """
    from ..problem_help import all_help, closest, find_help

    if list_all:
        for found in all_help().values():
            click.echo(f"{found.code} {found.name}: {found.summary()}")
        return
    if not code:
        raise click.UsageError("which code? Give one (`unodsl problem L001`), or --all to list them")
    found = find_help(code)
    if found is None:
        close = closest(code)
        hint = f"did you mean {close}?" if close else "`unodsl problem --all` lists them"
        raise click.BadParameter(f"no problem code {code!r}: {hint}", param_hint="CODE")
    click.echo(found.text())


# ---- simulate, compare (unodsl/cli/simulation.py) ------------------------------------------

from .simulation import compare_command, simulate_command  # noqa: E402

main.add_command(simulate_command)
main.add_command(compare_command)

from .simulation import impact_command  # noqa: E402

main.add_command(impact_command)


# ---- test -------------------------------------------------------------------------

@main.command("test")
@click.argument("paths", metavar="FILE|DIR...", nargs=-1, required=True,
                type=click.Path(exists=True))
def test_command(paths: tuple[str, ...]) -> None:
    """Run scenario files (rule tests written in YAML; folders: every *.yaml in them).

    Prints PASS or FAIL per scenario, each failure as `file:line:col: expected X, got Y`,
    and `N passed, M failed`. Exit status 1 if any scenario fails or is invalid.
    See docs/scenarios.md.
    """
    from ..scenario import report, run_paths, scenario_files

    if not scenario_files(paths):
        raise click.UsageError(f"no scenario files (*.yaml) in {', '.join(paths)}")
    if not report(run_paths(paths), echo=click.echo):
        raise SystemExit(1)


# ---- editions: what comes built in ---------------------------------------------------

@main.command("editions")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def editions_command(as_json: bool) -> None:
    """List the built-in editions (name, cards, special cards) and house rules, one line each."""
    from ..catalogue import catalogue, catalogue_json, format_catalogue

    editions, rules = catalogue()
    click.echo(catalogue_json(editions, rules) if as_json else format_catalogue(editions, rules))


# ---- authoring: schema, new, cards, explain ------------------------------------------

@main.command("schema")
def schema_command() -> None:
    """Print the JSON Schema of edition files (for editors: `unodsl schema > edition.schema.json`)."""
    from ..authoring import schema_text

    click.echo(schema_text())


@main.command("new")
@click.argument("name")
@click.option("--dir", "directory", default=".", show_default=True, type=click.Path(file_okay=False),
              help="The folder to write NAME.yaml in (made if missing).")
@click.option("--schema", "schema_ref", default="edition.schema.json", show_default=True,
              metavar="PATH|URL", help="Where the file's first line tells editors the schema is.")
def new_command(name: str, directory: str, schema_ref: str) -> None:
    """Write NAME.yaml: a new edition built on classic, with one card of your own, that validates.

    Never overwrites a file.
    """
    from ..authoring import EDITION_ID, new_edition, new_edition_message

    if name.endswith((".yaml", ".yml")):
        name = name.rsplit(".", 1)[0]
    if not EDITION_ID.match(name):
        raise click.BadParameter("use lowercase letters, digits, '-' and '_' (like party-uno)",
                                 param_hint="NAME")
    click.echo(new_edition_message(new_edition(name, directory, schema_ref)))


@main.command("cards")
@click.argument("edition", metavar="EDITION", cls=EditionArgument)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def cards_command(edition: str, as_json: bool) -> None:
    """Print the expanded deck of EDITION: kind, colour, count, points, effect."""
    from ..authoring import cards_json, format_cards

    loaded = load_edition(edition)
    click.echo(cards_json(loaded) if as_json else format_cards(loaded))


@main.command("explain")
@click.argument("edition", metavar="EDITION", cls=EditionArgument)
@click.argument("card", metavar="CARD")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@click.option("--rule", "rules", metavar="SCRIPT|@FILE", multiple=True, shell_complete=complete_rule,
              help="A house rule in play too: the explanation ends with those that may act on the card.")
def explain_command(edition: str, card: str, as_json: bool, rules: tuple[str, ...]) -> None:
    """Say in words what CARD of EDITION does and when it may be played.

    CARD is a kind's id or name (`skip`, "Skip") or a card
    as players say it ("red 7"). The words are generated from the card's scripts.
    """
    from ..explain import explain, explain_json, find_kind, format_explanation

    loaded = load_edition(edition, rules=list(rules))
    explanation = explain(loaded, find_kind(loaded, card))
    click.echo(explain_json(explanation) if as_json else format_explanation(explanation))


# ---- lsp -----------------------------------------------------------------------------

@main.command("lsp")
@click.option("--stdio", is_flag=True, help="Talk over stdin and stdout: the only way, accepted as editors say it.")
def lsp_command(stdio: bool) -> None:
    """Run the language server an editor starts for edition, house-rule and scenario files:
    problems as you type, hover, completion, go to definition (docs/editors.md).

    Needs the extra `lsp`: pip install 'unodsl[lsp]'.
    """
    try:
        from ..lsp.server import serve
    except ImportError as error:
        raise UnoError(f"unodsl lsp needs pygls ({error}): pip install 'unodsl[lsp]'") from None
    serve()


# ---- play, resume (unodsl/terminal) ------------------------------------------------

from .play import play_command, resume_command  # noqa: E402

main.add_command(play_command)
main.add_command(resume_command)


# ---- the designer's lab: skill (unodsl/sim/skill.py) -------------------------------

from .lab import skill_command  # noqa: E402

main.add_command(skill_command)


if __name__ == "__main__":  # pragma: no cover
    main()

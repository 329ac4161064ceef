"""Running the `unodsl` command in tests, and checking it never shows a traceback."""
from __future__ import annotations

from click.testing import CliRunner

from unodsl.cli import main


def run(*args: str):
    try:  # click < 8.2 mixes stderr into stdout unless told not to
        runner = CliRunner(mix_stderr=False)
    except TypeError:
        runner = CliRunner()
    return runner.invoke(main, list(args))


def no_traceback(result) -> None:
    assert "Traceback" not in result.stdout + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception

"""Running the `unodsl` command in tests, and checking it never shows a traceback."""
from __future__ import annotations

import contextlib
import signal

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


class Blocked(BaseException):
    """Raised in a test body that runs too long: not an OSError (TimeoutError is one, and a
    file reader would report it as "cannot read file"), not even an Exception, so nothing
    under test can swallow it."""


@contextlib.contextmanager
def time_limit(seconds: float):
    """Fail the test (rather than hang the run) if the body blocks or takes far too long."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def stop(_signum, _frame):
        raise Blocked(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)

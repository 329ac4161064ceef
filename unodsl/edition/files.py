"""What a file can make unodsl read, and reading it without surprises.

Two kinds of file name reach unodsl (docs/editions.md, "What an edition file
can make unodsl read"):

- names typed by the user on the command line (`unodsl validate FILE`,
  `--rule @FILE`): the user's own choice, relative to the working folder;
- names written inside a file (an edition's `base:` and `starter_rules:`, a
  scenario's `edition:` and `rules: ["@FILE"]`, a save's `edition`): a
  built-in name, or a relative path resolved against the folder of the file
  that names it, which must stay inside that folder's tree once symlinks are
  resolved. `confined_path` refuses the others before anything is opened.

Either way only a regular file is read (`read_regular_file`): never a FIFO,
a device or a folder, and never more than the size limit.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

from ..codes import BAD_REFERENCE, UNREADABLE
from ..errors import EditionError, Problem, Span

# How to say what a file that is not a regular file is.
_FILE_TYPES = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
               (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def _refuse(where: Span, message: str, hint: str | None = None, code: str = BAD_REFERENCE) -> EditionError:
    return EditionError([Problem(where, message, "error", hint, code=code)])


def _not_regular(mode: int) -> str | None:
    """What the file is, if it is not a regular file (None for a regular file)."""
    if stat.S_ISREG(mode):
        return None
    return next((name for test, name in _FILE_TYPES if test(mode)), "something else")


def confined_path(reference: str, referrer: str | Path, where: Span, *, folder: bool = False) -> Path:
    """The file `reference` names, written at `where` in the file `referrer`.

    `reference` is relative to referrer's folder and must stay inside that
    folder's tree after `..` and symlinks are resolved; an absolute path, one
    leaving the tree, a missing file and anything but a regular file (with
    `folder`: a folder) are refused with an EditionError at `where`, before
    the file is opened. The path returned is the file as the referrer names it
    (`folder/of/referrer/reference`), which messages show.
    """
    hint = "name a built-in one, or a file in this file's folder or below it (docs/editions.md)"
    if not reference or "\0" in reference:
        raise _refuse(where, "not a usable file name" if reference else "an empty file name")
    if Path(reference).is_absolute():
        raise _refuse(where, f"'{reference}' is an absolute path", hint)
    tree = Path(referrer).parent
    try:
        tree = tree.resolve()
        target = (tree / reference).resolve()
    except (OSError, RuntimeError) as error:  # a symlink loop, a name too long
        reason = getattr(error, "strerror", None) or error
        raise _refuse(where, f"cannot follow '{reference}': {reason}") from None
    if not target.is_relative_to(tree):
        raise _refuse(where, f"'{reference}' is outside the folder of {referrer}", hint)
    named = Path(referrer).parent / reference
    try:  # the file as it will be opened (`missing/../x` resolves, but does not open)
        mode = named.stat().st_mode
    except OSError:
        raise _refuse(where, f"no file '{reference}' (a path is relative to {referrer})") from None
    if folder and not stat.S_ISDIR(mode):
        raise _refuse(where, f"'{reference}' is not a folder")
    if not folder and _not_regular(mode):
        raise _refuse(where, f"'{reference}' is {_not_regular(mode)}, not a regular file")
    return named


def read_regular_file(path: str | Path, limit: int) -> bytes:
    """At most `limit` + 1 bytes of `path`, which must be a regular file.

    The file is opened without blocking and checked after opening, so a FIFO
    (even one swapped in after a check) cannot make this wait. Problems are
    raised as an EditionError placed at the file's start.
    """
    where = Span(str(path), 1, 1)
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError) as error:
        raise _refuse(where, f"cannot read file: {getattr(error, 'strerror', None) or error}", code=UNREADABLE) from None
    if _not_regular(mode):
        raise _refuse(where, f"cannot read file: it is {_not_regular(mode)}, not a regular file", code=UNREADABLE)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    except OSError as error:
        raise _refuse(where, f"cannot read file: {error.strerror or error}", code=UNREADABLE) from None
    with os.fdopen(fd, "rb") as stream:
        wrong = _not_regular(os.fstat(fd).st_mode)
        if wrong:
            raise _refuse(where, f"cannot read file: it is {wrong}, not a regular file", code=UNREADABLE)
        try:
            return stream.read(limit + 1)
        except OSError as error:
            raise _refuse(where, f"cannot read file: {error.strerror or error}", code=UNREADABLE) from None


def is_plain_name(reference: str) -> bool:
    """A name like `classic` or `04-extra-turn`, not a path: no folder, no .yaml ending,
    not `.` or `..`."""
    return ("/" not in reference and "\\" not in reference and not reference.startswith(".")
            and not reference.endswith((".yaml", ".yml")))


def edition_reference(reference: str, referrer: str | Path, where: Span) -> Path:
    """The edition file a file names (`base:`, a scenario's `edition:`, a save's `edition`).

    A plain name is a built-in edition's; anything else is a path confined
    to the referrer's folder tree (see `confined_path`).
    """
    from ..resources import data_dir, edition_names, unknown_edition_hint

    if not is_plain_name(reference):
        return confined_path(reference, referrer, where)
    if reference not in edition_names():
        raise _refuse(where, f"no edition named '{reference}'", unknown_edition_hint(reference))
    return data_dir("editions") / f"{reference}.yaml"

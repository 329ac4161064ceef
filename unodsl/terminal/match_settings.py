"""A match's settings read and checked before it starts: a stacked first round read
from a setup file, and each mistake of a setting named by the setting it is in, so that
`unodsl resume` can place it in the save file (a play's mistakes are the command line's).

Apart from the session (session.py) because they are read before there is a match.
"""
from __future__ import annotations

from contextlib import contextmanager
from dataclasses import fields

from ..edition.yamlsrc import load_yaml_file
from ..engine.setup import Setup
from ..errors import EditionError, UnoError


def read_setup(path: str) -> dict:
    """A stacked first round from a YAML file: the `setup:` of a scenario file
    (docs/scenarios.md), or a mapping of the same fields. Read like an edition file
    (a regular file, safe YAML); every mistake is placed in it."""
    doc = load_yaml_file(path)
    doc.require_mapping("a setup", "hands:, draw:, discard:, ... or setup:")
    data, where = doc.data, ()
    if isinstance(data.get("setup"), dict):
        data, where = data["setup"], ("setup",)

    def refuse(at: tuple, message: str, at_key: bool = False) -> EditionError:
        return EditionError([doc.problem(where + at, message, at_key=at_key)])

    names = [f.name for f in fields(Setup)]
    if "hands" not in data:
        raise refuse((), f"a setup is a mapping with hands: (and {', '.join(names[1:])})")
    unknown = [key for key in data if key not in names]
    if unknown:
        raise refuse((unknown[0],), f"unknown setup field {unknown[0]!r}; the fields: {', '.join(names)}",
                     at_key=True)
    hands = data["hands"]
    if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
        raise refuse(("hands",), "hands: is a list of hands, each a list of cards")
    for key in ("draw", "discard"):
        if not isinstance(data.get(key, []), list):
            raise refuse((key,), f"{key}: is a list of cards")
    return {key: ([[str(c) for c in h] for h in value] if key == "hands" else
                  [str(c) for c in value] if key in ("draw", "discard") else value)
            for key, value in data.items()}


class SettingError(UnoError):
    """A mistake in one of the match's settings, naming which (`players`, `setup`...),
    so that resume can place it in the save file."""

    def __init__(self, key: str, message: str):
        super().__init__(message)
        self.key = key


class ReplayError(UnoError):
    """An answer of a save that does not fit the match replayed (index: 0-based)."""

    def __init__(self, index: int | None, message: str):
        super().__init__(message)
        self.index = index


@contextmanager
def blame(key: str):
    try:
        yield
    except SettingError:
        raise
    except UnoError as error:
        if isinstance(error, EditionError):
            raise
        raise SettingError(key, str(error)) from None


def check_setup_colour(setup: dict | None, edition) -> None:
    colour = (setup or {}).get("colour")
    if colour is not None and colour not in edition.colours:
        raise UnoError(f"the setup's colour '{colour}' is not a colour of {edition.name} "
                       f"({', '.join(edition.colours)})")

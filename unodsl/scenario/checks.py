"""The plain checks every part of a scenario file goes through, each mistake reported as a
Problem located in the file; the readers (read.py, read_edition.py, read_expect.py) build
on them."""
from __future__ import annotations

import difflib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..edition.model import Edition
from ..edition.yamlsrc import YamlDoc
from ..engine.moves import own_pile_key
from ..errors import Problem
from .words import describe, label_of

# The seats a scenario may name a player's own pile of (`deck 2`).
MAX_SEATS = 16

_TYPE_WORDS = {str: "text", int: "a whole number", bool: "true or false", list: "a list",
               dict: "a mapping"}


def every(checks: list[bool]) -> bool:
    """all() of checks already made: each made its own report, none was skipped."""
    return all(checks)


def did_you_mean(word: str, choices: Iterable[str], otherwise: str | None = None) -> str | None:
    """A hint naming the choice closest to `word`, or `otherwise` when none is close."""
    close = difflib.get_close_matches(word, list(choices), n=1)
    return f"did you mean '{close[0]}'?" if close else otherwise


class Checks:
    """Collects the problems of one scenario file. `edition` and `players` are known once
    the edition and the setup have been read; checks that need them wait for them."""

    def __init__(self, path: Path, doc: YamlDoc):
        self.path = path
        self.doc = doc
        self.problems: list[Problem] = []
        self.edition: Edition | None = None
        self.players: int | None = None

    def problem(self, path: tuple, message: str, hint: str | None = None, at_key: bool = False) -> None:
        self.problems.append(self.doc.problem(path, message, hint, at_key=at_key))

    def keys(self, path: tuple, data: dict, allowed: Iterable[str], what: str) -> None:
        allowed = list(allowed)
        for key in data:
            if key not in allowed:
                hint = did_you_mean(key, allowed, "allowed: " + ", ".join(allowed))
                self.problem(path + (key,), f"unknown key '{key}' in {what}", hint, at_key=True)

    def typed(self, path: tuple, value: Any, kind: type, what: str, none: bool = False) -> bool:
        """True if `value` is of `kind` (bool is not a number here); else a problem."""
        if value is None and none:
            return True
        ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if not ok:
            words = _TYPE_WORDS[kind] + (" or null" if none else "")
            self.problem(path, f"{what} must be {words}, not {describe(value)}")
        return ok

    def text_list(self, path: tuple, value: Any, what: str) -> bool:
        if not self.typed(path, value, list, what):
            return False
        return every([self.typed(path + (i,), item, str, f"each item of {what}")
                      for i, item in enumerate(value)])

    def numbers_per_player(self, path: tuple, value: Any, what: str, each: str,
                           none: bool = False) -> bool:
        """A list of whole numbers (`scores`, `hand_sizes`), one per player."""
        if not self.typed(path, value, list, what, none):
            return False
        if value is None:
            return True
        ok = every([self.typed(path + (i,), v, int, each) for i, v in enumerate(value)])
        if ok and self.players is not None and len(value) != self.players:
            self.problem(path, f"{what} has {len(value)} numbers for {self.players} players")
            ok = False
        return ok

    def seat(self, path: tuple, value: Any, what: str, none: bool = False) -> bool:
        if not self.typed(path, value, int, what, none):
            return False
        if value is not None and self.players is not None and not 0 <= value < self.players:
            self.problem(path, f"{what} must be a seat from 0 to {self.players - 1}, not {value}")
            return False
        return True

    def direction(self, path: tuple, value: Any) -> bool:
        if value in (1, -1) and not isinstance(value, bool):
            return True
        self.problem(path, f"direction is 1 (to the left) or -1 (to the right), not {describe(value)}")
        return False

    def named_piles(self, path: tuple, value: Any, discard: bool = False) -> bool:
        """`piles: {aside: [red 7], ...}`: piles by name (the aside pile, the edition's own, its
        discard piles but the first when it has several, and in `expect:` the discard pile and
        each of them), each a list of cards, bottom first."""
        if not self.typed(path, value, dict, "piles"):
            return False
        vocab = self.edition.vocabulary if self.edition is not None else None
        known = ["aside", *(vocab.piles if vocab else ())]
        known += list(vocab.discard_piles if discard else vocab.discard_piles[1:]) if vocab else []
        own = vocab.player_piles if vocab else ()  # (a pile of each player's own: by seat, `deck 2`)
        known = [name for name in known if name not in own]
        shown = known + [own_pile_key(name, "SEAT") for name in own]
        known += [own_pile_key(name, seat) for name in own for seat in range(MAX_SEATS)]
        known += ["discard"] if discard else []
        ok = True
        for name, cards in value.items():
            if self.edition is not None and name not in known:
                self.problem(path + (name,), f"there is no {name} pile here",
                             did_you_mean(str(name), known, f"the piles are {', '.join(shown)}"), at_key=True)
                ok = False
            elif not self.text_list(path + (name,), cards, f"the {name} pile"):
                ok = False
            elif self.edition is not None:
                ok = every([self.card(path + (name, i), card) is not None for i, card in enumerate(cards)]) and ok
        return ok

    def card(self, path: tuple, name: str) -> str | None:
        """The label of the card `name` names in the edition (a problem if none)."""
        label = label_of(self.edition, name)
        if label is None:
            labels = sorted({c.label().lower() for c in self.edition.every_face})
            self.problem(path, f"'{name}' is not a card of {self.edition.name}",
                         did_you_mean(name.strip().lower(), labels,
                                      "name a card as players say it: `red 7`, `blue skip`, `wild`"))
        return label

    def side(self, path: tuple, value) -> str | None:
        """The side of a two-sided deck `value` names (a problem if none)."""
        if not self.typed(path, value, str, "side") or self.edition is None:
            return None
        names = [side.name for side in self.edition.sides]
        if value not in names:
            self.problem(path, f"'{value}' is not a side of {self.edition.name}"
                         + ("" if names else ": its cards have one side"),
                         did_you_mean(value, names, f"its sides: {', '.join(names)}") if names else None)
            return None
        return value

    def colour(self, path: tuple, value: str | None) -> str | None:
        """The edition's spelling of the colour `value` names (a problem if none)."""
        if value is None or self.edition is None:
            return value
        for colour in self.edition.colours:
            if colour.lower() == value.strip().lower():
                return colour
        self.problem(path, f"'{value}' is not a colour of {self.edition.name} "
                     f"({', '.join(self.edition.colours)})", did_you_mean(value, self.edition.colours))
        return value

"""A scenario's state and chance: `setup: state:` (the edition's state variables as the
round begins), `expect: state:` (as the answers leave them) and `chance:` (the results
chance gives, in order, instead of drawing them).

    setup:
      state: {game: {launches: 2}, players: {0: {power: true}}}
    chance: [3, red 7, 1]
    expect:
      state: {players: {0: {power: false}}}
"""
from __future__ import annotations

from typing import Any

from ..limits import MAX_NUMBER
from .checks import Checks, did_you_mean
from .words import describe

STATE_KEYS = ("game", "players")


class StateReading(Checks):
    """The reader's part for state and chance."""

    def state(self, path: tuple, value: Any) -> bool:
        """A `state:` mapping (of a setup or of expect): declared variables, values of their type."""
        if not self.typed(path, value, dict, "state") or self.edition is None:
            return False
        self.keys(path, value, STATE_KEYS, "state")
        vocab = self.edition.vocabulary
        ok = all(key in STATE_KEYS for key in value)
        if "game" in value:
            ok = self.variables(path + ("game",), value["game"], vocab.game_state) and ok
        if "players" in value:
            players = value["players"]
            if not self.typed(path + ("players",), players, dict, "players"):
                return False
            for key, values in players.items():
                if not (key.isdigit() and self.players is not None and int(key) < self.players):
                    self.problem(path + ("players", key), f"players are given by seat (0 to "
                                 f"{(self.players or 1) - 1}), not '{key}'", at_key=True)
                    ok = False
                else:
                    ok = self.variables(path + ("players", key), values, vocab.player_state) and ok
        return ok

    def variables(self, path: tuple, values: Any, declared: dict) -> bool:
        if not self.typed(path, values, dict, "variables"):
            return False
        ok = True
        for name, value in values.items():
            if name not in declared:
                self.problem(path + (name,), f"'{name}' is not declared here in the edition's `state:`",
                             did_you_mean(name, list(declared), "declared: " + (", ".join(declared) or "none")),
                             at_key=True)
                ok = False
            elif not self.state_value(path + (name,), value, declared[name].type):
                ok = False
        return ok

    def state_value(self, path: tuple, value: Any, kind: str) -> bool:
        if kind == "counter":
            if not self.typed(path, value, int, "a counter"):
                return False
            if abs(value) > MAX_NUMBER:
                self.problem(path, f"a counter holds whole numbers from {-MAX_NUMBER:,} to {MAX_NUMBER:,} "
                             "(the numbers a script may hold)")
                return False
            return True
        if kind == "flag":
            return self.typed(path, value, bool, "a flag")
        if not self.typed(path, value, str, f"a {kind}", none=True):
            return False
        if value is None:
            return True
        n = len(self.problems)
        self.colour(path, value) if kind == "colour" else self.card(path, value)
        return len(self.problems) == n

    def read_chance(self, value: Any) -> list:
        """`chance:`: each result a whole number, a word or a seat, or a card as players name it."""
        if not self.typed(("chance",), value, list, "chance"):
            return []
        ok = True
        for index, result in enumerate(value):
            if isinstance(result, bool) or not isinstance(result, (int, str)):
                self.problem(("chance", index), f"a chance result is a number or a word, not {describe(result)}")
                ok = False
        return list(value) if ok else []

"""An edition's `state:`, `chance:` and `piles:` sections, read into the vocabulary.

The schema has checked their shape; this checks what it cannot: that each
initial value is of its variable's type, that names do not hide what scripts
already mean by them, and that a chance table can give something.
"""
from __future__ import annotations

import re

from ..lang.compile import PLAYER_ATTRIBUTES, StateVar
from ..limits import MAX_NUMBER

# What each type starts at when the edition gives no `initial`.
DEFAULT_INITIAL = {"counter": 0, "flag": False, "colour": None, "card": None}
# Words that follow `random` in the language itself: no table may be called so.
RANDOM_WORDS = ("number", "card", "player")
_WHOLE = re.compile(r"-?[0-9]+")  # (as long as a YAML key may be: 1,024 characters)


def read_state(data: dict, colours: tuple, problem) -> tuple[dict, dict]:
    """(player variables, game variables), each name -> StateVar; `problem(path, message,
    hint=None)` reports what is wrong."""
    section = data.get("state") or {}
    player = _variables(section.get("player") or {}, ("state", "player"), colours, problem)
    game = _variables(section.get("game") or {}, ("state", "game"), colours, problem)
    for name in player:
        if name in PLAYER_ATTRIBUTES:
            problem(("state", "player", name), f"`{name}` is already a player's figure (`me.{name}`)",
                    hint="give the variable another name")
    for name in set(player) & set(game):
        problem(("state", "game", name), f"`{name}` is both a player variable and a game variable",
                hint="give one of them another name")
    return player, game


def _variables(declared: dict, path: tuple, colours: tuple, problem) -> dict:
    found = {}
    for name, spec in declared.items():
        kind = spec["type"]
        initial = spec.get("initial", DEFAULT_INITIAL[kind])
        message = _wrong_initial(kind, initial, colours)
        if message:
            problem((*path, name, "initial"), message)
            continue
        found[name] = StateVar(name, kind, initial, spec.get("keep", "round"))
    return found


def _wrong_initial(kind: str, initial, colours: tuple) -> str | None:
    if kind == "counter" and (not isinstance(initial, int) or isinstance(initial, bool)):
        return f"a counter starts at a whole number, not {initial!r}"
    if kind == "flag" and not isinstance(initial, bool):
        return f"a flag starts true or false, not {initial!r}"
    if kind == "colour" and initial is not None and initial not in colours:
        return f"a colour starts as one of the edition's colours ({', '.join(colours)}) or none, not {initial!r}"
    if kind == "card" and initial is not None:
        return "a card variable starts as no card (leave `initial` out)"
    return None


def read_chance(data: dict, problem) -> dict:
    """Table name -> ((outcome, weight), ...), in the order the edition gives them."""
    tables = {}
    for name, outcomes in (data.get("chance") or {}).items():
        path = ("chance", name)
        if name in RANDOM_WORDS:
            problem(path, f"`random {name}` already means something in scripts", hint="give the table another name")
            continue
        if not any(outcomes.values()):
            problem(path, "every outcome has weight 0: the table can give nothing",
                    hint="give some outcome a weight above 0")
            continue
        # (YAML keys are read as text: `0:` is the outcome 0)
        numbers = {_WHOLE.fullmatch(str(o)) is not None for o in outcomes}
        if len(numbers) > 1:
            problem(path, "a table's outcomes are all whole numbers or all words",
                    hint="a script compares or adds the outcome: one kind is needed")
            continue
        tables[name] = tuple((int(o) if True in numbers else str(o), weight) for o, weight in outcomes.items())
        for outcome, _ in tables[name]:
            if isinstance(outcome, int) and abs(outcome) > MAX_NUMBER:
                problem(path + (str(outcome),), f"outcome {outcome} is past the numbers a script may hold "
                        f"({-MAX_NUMBER:,} to {MAX_NUMBER:,})", hint="a script adds or compares the "
                        "outcome: give a smaller number", at_key=True)
    return tables


# Piles every round has: no edition declares them again.
BUILT_IN_PILES = ("draw", "discard", "aside")


def read_piles(data: dict, problem) -> tuple:
    """The piles the edition declares (`piles: [graveyard]`), in order; those of each player's
    own (`{deck: each player}`) too, by their names."""
    piles = []
    for index, name in enumerate(data.get("piles") or ()):
        if isinstance(name, dict):  # (a pile of each player's own: the schema checked its form)
            name = next(iter(name), None)
        if name in BUILT_IN_PILES:
            problem(("piles", index), f"every round already has a {name} pile", hint="leave it out, or give yours another name")
        elif name in piles:
            problem(("piles", index), f"the {name} pile is declared twice")
        else:
            piles.append(name)
    return tuple(piles)


def read_discard_piles(data: dict, piles: tuple, problem) -> tuple:
    """The discard piles the edition plays onto (`discard_piles: [left, middle, right]`), in
    order; () for the one discard pile of most editions. Their names are names of piles too
    (`left pile`), so none may be another pile's."""
    names = []
    for index, name in enumerate(data.get("discard_piles") or ()):
        if name in BUILT_IN_PILES or name in piles:
            problem(("discard_piles", index), f"there is already a {name} pile",
                    hint="give each discard pile a name of its own (`discard pile` is the one played on)")
        elif name in names:
            problem(("discard_piles", index), f"the {name} pile is declared twice")
        else:
            names.append(name)
    return tuple(names) if len(names) > 1 else ()


def player_piles(data: dict) -> tuple:
    """The piles of each player's own the edition declares (`piles: [{deck: each player}]`)."""
    return tuple(next(iter(item)) for item in data.get("piles") or () if isinstance(item, dict) and item)

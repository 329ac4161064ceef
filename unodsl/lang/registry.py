"""The registry of the effect language: one row per construct, beside its node class, and
the compile and describe handlers of each, registered by node class.

A node class of unodsl/lang/ast/ carries its row (`@statement(...)`, `@condition(...)`,
`@value(...)`, `@part(...)`): its grammar rules, how it is written, what it does in
English, and the facts the stages read (the engine primitives it calls, whether it takes
cards from hands, whom it aims at, ...). The compiler registers its code for a node class
with `@compiles(ast.Draw)`, the describer its English with `@describes(ast.Draw)`; both
dispatch through these tables. `Registry.check` holds them together: every row has its
English and its handlers, every handler a row. It runs once, when unodsl.lang is imported
(unodsl/lang/__init__.py), and a gap fails there as an internal error naming the
construct: never as a mistake in an author's script.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass

# The kinds of construct, and whether the compiler has a handler of its own for each:
# a part (a player, a place, the cards of a move, a script) is compiled by the construct
# that holds it.
KINDS = {"statement": True, "condition": True, "value": True, "part": False}


class RegistryError(AssertionError):
    """The language's constructs do not hold together (a row without its compile or describe
    handler, a handler without a row): a gap inside unodsl, found at import."""


@dataclass(frozen=True)
class Row:
    """One construct of the language."""

    kind: str  # statement, condition, value or part (KINDS)
    rules: tuple[str, ...]  # the grammar's aliases that make it (grammar/effects.lark)
    syntax: str  # as written, CAPITALS for what the author fills in
    does: str  # what it does (or means), in English
    primitives: tuple[str, ...] = ()  # what the compiled code calls on the round (`g.move`)
    # Takes cards out of a hand (or may): refused in a table card's `use:`, which runs
    # while a player is deciding among the cards of their hand.
    takes_from_hands: bool = False
    # The field naming the player(s) it is aimed at: in an edition with reactions, each of
    # them other than `me` may cancel it first (None: not aimed).
    aims: str | None = None
    fills_hands: bool = False  # may put cards into a hand (a move: when it goes to one)
    picks_cards: bool = False  # its `where C` picks the cards it acts on: none, and it does nothing
    loops: bool = False  # runs its block again and again (each pass spends the turn's work)
    table_rule: bool = False  # a rule for the whole table, at the top of a house rule
    gives: str | None = None  # a value's type (number, text, bool, card, player); None: worked out
    draws_chance: bool = False  # a random value: drawn where the script acts, never in a condition
    node: str = ""  # the node class's name (set when the row is put on its class)


class Registry:
    """Rows by node class, and the handlers of the compiler and of the describer."""

    def __init__(self):
        self.rows: dict[type, Row] = {}
        self.compilers: dict[type, Callable] = {}
        self.describers: dict[type, Callable] = {}

    # ---- rows, put on their node classes

    def row(self, kind: str, *rules: str, **facts) -> Callable[[type], type]:
        """A class decorator: `cls` is the construct this row describes."""
        def put(cls: type) -> type:
            if cls in self.rows:
                raise RegistryError(f"{cls.__name__} has two rows in the language's registry")
            self.rows[cls] = Row(kind, rules, node=cls.__name__, **facts)
            return cls
        return put

    def statement(self, *rules: str, syntax: str, does: str, **facts) -> Callable[[type], type]:
        return self.row("statement", *rules, syntax=syntax, does=does, **facts)

    def condition(self, *rules: str, syntax: str, does: str, **facts) -> Callable[[type], type]:
        return self.row("condition", *rules, syntax=syntax, does=does, gives="bool", **facts)

    def value(self, *rules: str, syntax: str, does: str, **facts) -> Callable[[type], type]:
        return self.row("value", *rules, syntax=syntax, does=does, **facts)

    def part(self, *rules: str, syntax: str, does: str, **facts) -> Callable[[type], type]:
        return self.row("part", *rules, syntax=syntax, does=does, **facts)

    # ---- handlers, registered by node class

    def compiles(self, *classes: type) -> Callable:
        """A method decorator: the compiler's code for these node classes."""
        return self._handler(self.compilers, "compile", classes)

    def describes(self, *classes: type) -> Callable:
        """A method decorator: the describer's English for these node classes."""
        return self._handler(self.describers, "describe", classes)

    @staticmethod
    def _handler(table: dict, what: str, classes: tuple) -> Callable:
        def register(function: Callable) -> Callable:
            for cls in classes:
                if cls in table:
                    raise RegistryError(f"{cls.__name__} has two {what} handlers: {table[cls].__qualname__} "
                                        f"and {function.__qualname__}")
                table[cls] = function
            return function
        return register

    # ---- reading

    def of(self, node_or_class) -> Row:
        """The row of a node (or of its class)."""
        cls = node_or_class if isinstance(node_or_class, type) else type(node_or_class)
        return self.rows[cls]

    def of_kind(self, kind: str) -> tuple[Row, ...]:
        """The rows of one kind, in the order the node classes are written."""
        return tuple(row for row in self.rows.values() if row.kind == kind)

    def classes(self, test: Callable[[Row], bool]) -> tuple[type, ...]:
        """The node classes whose row passes `test` (for an isinstance)."""
        return tuple(cls for cls, row in self.rows.items() if test(row))

    # ---- holding together

    def check(self, node_classes: Iterable[type]) -> None:
        """Every node class has a row with its syntax and English, every row of a construct
        the compiler handles has a compile handler, every row a describe handler, and every
        handler a row: else a RegistryError naming the construct."""
        for cls in node_classes:
            if cls not in self.rows:
                raise RegistryError(f"the node class {cls.__name__} has no row: put @statement(...), "
                                    "@condition(...), @value(...) or @part(...) on it (unodsl/lang/ast/)")
        for cls, row in self.rows.items():
            _check_row(cls, row)
            if KINDS[row.kind] and cls not in self.compilers:
                raise RegistryError(f"the {row.kind} {cls.__name__} has no compile handler: write its code "
                                    f"with @compiles(ast.{cls.__name__}) in unodsl/lang/compile/")
            if cls not in self.describers:
                raise RegistryError(f"the {row.kind} {cls.__name__} has no describe handler: write its English "
                                    f"with @describes(ast.{cls.__name__}) in unodsl/lang/describe/")
        for table, what in ((self.compilers, "compile"), (self.describers, "describe")):
            for cls, function in table.items():
                if cls not in self.rows:
                    raise RegistryError(f"the {what} handler {function.__qualname__} is for {cls.__name__}, "
                                        "which has no row in the language's registry")
                if what == "compile" and not KINDS[self.rows[cls].kind]:
                    raise RegistryError(f"the compile handler {function.__qualname__} is for the part "
                                        f"{cls.__name__}, which the construct holding it compiles")


def _check_row(cls: type, row: Row) -> None:
    if row.kind not in KINDS:
        raise RegistryError(f"{cls.__name__}'s row is of no kind the language has: {row.kind!r}")
    if not row.syntax.strip() or not row.does.strip():
        raise RegistryError(f"the {row.kind} {cls.__name__} has no English: its row needs its syntax and "
                            "what it does")
    if row.kind == "statement" and not row.rules:
        raise RegistryError(f"the statement {cls.__name__} names no grammar rule")
    if row.aims is not None and row.aims not in {f.name for f in dataclasses.fields(cls)}:
        raise RegistryError(f"the statement {cls.__name__} aims at {row.aims!r}, which is none of its fields")


# The language's one registry: the node classes of unodsl/lang/ast/ put their rows in it,
# the compiler and the describer their handlers.
LANGUAGE = Registry()
statement = LANGUAGE.statement
condition = LANGUAGE.condition
value = LANGUAGE.value
part = LANGUAGE.part
compiles = LANGUAGE.compiles
describes = LANGUAGE.describes

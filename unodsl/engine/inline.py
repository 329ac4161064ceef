"""An effect's compiled source made into lines a turn loop can hold (unodsl.engine.specialise).

The compiler makes each script one Python function, `def effect(g, me, card): ...`. Its body
can be copied into a loop whose round, player and card are named `g`, `me` and `card` too,
unless it returns early (the loop would end), loops (Python allows 20 nested blocks, and the
turn loop is one more), binds a name the loop uses, or keeps `me` or `card` in a lambda
(the loop's change after the effect). Statements calling a primitive whose whole work,
when nothing is recorded, is one assignment are written out as that assignment.
"""
from __future__ import annotations

import ast
import textwrap

# The names the compiled scripts use for the round, the player and the card.
ROUND, PLAYER, CARD = "g", "me", "card"

# Primitives whose whole work, when nothing is recorded, is one assignment: a statement
# calling one of them is written out (the name of the call's argument, if any, is X; COLOUR is the decision's kind).
WRITTEN_OUT = {
    "skip": "g.skips[X] += 1",
    "reverse": "g.direction = -g.direction",
    "extra_turn": "g.extra_for = X",
    "choose_colour": "g.colour = g.decide(COLOUR, X, g.colours)",
}

# Statements an inlined effect may not hold: a return ends the loop, not the effect; a
# loop inside the turn loop nears Python's limit of 20 nested blocks sooner than the
# script alone (their scripts are called instead).
BLOCKS = (ast.For, ast.While, ast.Try, ast.With, ast.FunctionDef, ast.ClassDef)


def inline_effect(source: str, taken: frozenset, taken_prefixes: tuple) -> list[str] | None:
    """The lines of the compiled effect `source`'s body, ready to copy into a loop whose own
    names are `taken` (or start with one of `taken_prefixes`); None when it must be called."""
    tree = ast.parse(source).body[0]
    if [arg.arg for arg in tree.args.args] != [ROUND, PLAYER, CARD]:
        return None
    if any(isinstance(node, (ast.Return, *BLOCKS)) for statement in tree.body for node in ast.walk(statement)):
        return None
    if any(name in taken or name.startswith(taken_prefixes) for name in _names_set(tree)):
        return None
    if _lambdas_read(tree) & {PLAYER, CARD}:  # (the loop's `me` and `card` change after the effect)
        return None
    tree.body = [_write_out(statement) for statement in tree.body]
    return textwrap.dedent("\n".join(ast.unparse(statement) for statement in tree.body)).splitlines()


def _write_out(statement: ast.stmt) -> ast.stmt:
    """A statement calling a primitive of WRITTEN_OUT (at any depth), as the assignment it makes."""
    for node in ast.walk(statement):
        for _field, value in ast.iter_fields(node):
            if isinstance(value, list):
                value[:] = [_written(item) for item in value]
    return _written(statement)


def _written(node):
    if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)):
        return node
    call = node.value
    function = call.func
    if not (isinstance(function, ast.Attribute) and isinstance(function.value, ast.Name)
            and function.value.id == ROUND and function.attr in WRITTEN_OUT and not call.keywords):
        return node
    code = WRITTEN_OUT[function.attr]
    if "X" in code:
        if len(call.args) != 1:
            return node
        code = code.replace("X", ast.unparse(call.args[0]))
    elif call.args:
        return node
    return ast.parse(code).body[0]


def _names_set(function: ast.FunctionDef) -> set[str]:
    """The local names a compiled script binds (its `let` names, loop variables, ...)."""
    return {node.id for node in ast.walk(function) if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)}


def _lambdas_read(function: ast.FunctionDef) -> set[str]:
    """The names the script's lambdas read (a lambda keeps reading them after it is made)."""
    return {node.id for lam in ast.walk(function) if isinstance(lam, ast.Lambda)
            for node in ast.walk(lam.body) if isinstance(node, ast.Name)}

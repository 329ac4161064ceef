"""The written function made plain: the round's stable lists read from local names,
constants and copies propagated, stores nothing reads dropped."""
from __future__ import annotations

import ast

from .fold import fold_block, pure
from .syntax import Renamer, dotted, loads_of, pairs as paired, rename, stored_names


def read_items_once(function: ast.FunctionDef, lists: frozenset) -> None:
    """`x = xs[i]` read again later in the same block (at any depth), `xs` one of `lists`
    (local names of lists whose items are never bound again while the function runs: each
    seat's hand is the same list the whole round), while neither `x` nor `i` is bound
    again: the later reads are `x`, and a name bound once to `x` is `x` too."""
    stores = _stores(function)
    for block in _blocks(function):
        for index, statement in enumerate(block):
            item = _item_read(statement, lists)
            if item is None or stores.get(item[0]) != 1:
                continue
            name, (xs, i) = item[0], item[1]
            later = block[index + 1:]
            reach = []  # (the statements after it, up to one that binds `i` or the list's name)
            for other in later:
                if {i, name, xs} & stored_names([other]) - _copies_of(other, xs, i):
                    break
                reach.append(other)
            for other in reach:
                _ItemReads(xs, i, name).visit(other)
    _propagate_copies_of_once_bound(function)


def _item_read(statement, lists: frozenset):
    """(x, (xs, i)) of a statement `x = xs[i]` with names for xs (one of `lists`) and i."""
    if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name) and isinstance(statement.value, ast.Subscript)):
        return None
    value = statement.value
    if isinstance(value.value, ast.Name) and value.value.id in lists and isinstance(value.slice, ast.Name):
        return statement.targets[0].id, (value.value.id, value.slice.id)
    return None


def _copies_of(statement, xs: str, i: str) -> set:
    """The names `statement` binds to `xs[i]` itself (`y = xs[i]`, made `y = x` below)."""
    return {n.targets[0].id for n in ast.walk(statement) if isinstance(n, ast.Assign) and len(n.targets) == 1
            and isinstance(n.targets[0], ast.Name) and isinstance(n.value, ast.Subscript)
            and dotted(n.value.value) == xs and dotted(n.value.slice) == i}


class _ItemReads(ast.NodeTransformer):
    def __init__(self, xs: str, i: str, name: str):
        self.xs, self.i, self.name = xs, i, name

    def visit_Subscript(self, node):
        if isinstance(node.ctx, ast.Load) and dotted(node.value) == self.xs and dotted(node.slice) == self.i:
            return ast.copy_location(ast.Name(self.name, ast.Load()), node)
        self.generic_visit(node)
        return node


def _propagate_copies_of_once_bound(function: ast.FunctionDef) -> None:
    """`y = x` where each is bound once, `y` read only inside the statement of x's block that
    binds it: `y` read as `x` (x holds the same value wherever y is read)."""
    stores = _stores(function)
    for block in _blocks(function):
        bound_here = {t.id: index for index, s in enumerate(block) if isinstance(s, ast.Assign)
                      for t in s.targets if isinstance(t, ast.Name) and stores.get(t.id) == 1}
        for name, index in bound_here.items():
            for statement in block[index + 1:]:
                for copy_ in [n for n in ast.walk(statement) if isinstance(n, ast.Assign) and len(n.targets) == 1
                              and isinstance(n.targets[0], ast.Name) and isinstance(n.value, ast.Name)
                              and n.value.id == name and stores.get(n.targets[0].id) == 1]:
                    y = copy_.targets[0].id
                    if loads_of([statement], y) == loads_of([function], y):
                        Renamer({y: name}).visit(statement)
    _drop_self_copies(function)


def _stores(function: ast.FunctionDef) -> dict:
    stores: dict = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            stores[node.id] = stores.get(node.id, 0) + 1
    return stores


def _blocks(function: ast.FunctionDef) -> list:
    return [function.body] + [getattr(n, f) for n in ast.walk(function) for f in ("body", "orelse", "finalbody")
                              if n is not function and isinstance(getattr(n, f, None), list)]


def read_through_aliases(function: ast.FunctionDef, stable: frozenset) -> None:
    """`self.X` read as the local name the function binds it to at its top (`xs = self.X`,
    or `a, xs = self.A, self.X`), for an attribute X of `stable` (never bound again while the
    function runs): copied-in bodies read their round's lists as the caller does."""
    aliases = {}
    for statement in function.body:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            for target, value in paired(statement.targets[0], statement.value):
                name = dotted(value)
                if isinstance(target, ast.Name) and name is not None and name.startswith("self.") \
                        and name[5:] in stable and name not in aliases:
                    aliases[name] = target.id
    if not aliases:
        return
    bound = stored_names(function.body)
    aliases = {attr: alias for attr, alias in aliases.items()
               if sum(1 for n in ast.walk(function) if isinstance(n, ast.Name) and n.id == alias
                      and isinstance(n.ctx, ast.Store)) == 1 and alias in bound}

    definitions = [s for s in function.body if isinstance(s, ast.Assign) and paired(s.targets[0], s.value)
                   and any(dotted(v) in aliases for _t, v in paired(s.targets[0], s.value))]
    for statement in function.body:
        if statement not in definitions:
            _Aliases(aliases).visit(statement)


class _Aliases(ast.NodeTransformer):
    """`self.X` read as its local name (read_through_aliases)."""

    def __init__(self, aliases: dict):
        self.aliases = aliases

    def visit_Attribute(self, node):
        name = dotted(node) if isinstance(node.ctx, ast.Load) else None
        if name in self.aliases:
            return ast.copy_location(ast.Name(self.aliases[name], ast.Load()), node)
        self.generic_visit(node)
        return node



def tidy(function: ast.FunctionDef) -> None:
    """The written function made plain: names bound once to a constant read as it, copies
    of a value made once (`r = v; x = r` as `x = v`), and stores nothing reads dropped."""
    _propagate_constants(function)
    _propagate_copies(function)
    function.body = fold_block(function.body)
    _merge_copies(function)
    drop_dead_stores(function)


def _propagate_constants(function: ast.FunctionDef) -> None:
    """A name bound once, to a constant, and read only after it in the same block: read as
    the constant (then folded), its binding dropped."""
    stores: dict = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            stores[node.id] = stores.get(node.id, 0) + 1
    loads_total: dict = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            loads_total[node.id] = loads_total.get(node.id, 0) + 1
    for block in [function.body] + [getattr(n, f) for n in ast.walk(function)
                                     for f in ("body", "orelse", "finalbody")
                                     if n is not function and isinstance(getattr(n, f, None), list)]:
        for index, statement in enumerate(block):
            for target, value in (paired(statement.targets[0], statement.value)
                                  if isinstance(statement, ast.Assign) and len(statement.targets) == 1 else []):
                if not (isinstance(target, ast.Name) and isinstance(value, ast.Constant)
                        and stores.get(target.id) == 1):
                    continue
                after = block[index + 1:]
                if loads_of(after, target.id) != loads_total.get(target.id, 0):
                    continue  # (read before it, or elsewhere)
                block[index + 1:] = rename(after, {target.id: value})
                loads_total[target.id] = 0


def _propagate_copies(function: ast.FunctionDef) -> None:
    """`a = b` (or `a, c = b, d`) of names each bound once, `b` at the function's top (before
    anything reads it): `a` read as `b`."""
    stores: dict = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            stores[node.id] = stores.get(node.id, 0) + 1
    for arg in function.args.args:
        stores[arg.arg] = stores.get(arg.arg, 0) + 1
    at_top = {n.id for s in function.body if isinstance(s, ast.Assign) for t in s.targets
              for n in ast.walk(t) if isinstance(n, ast.Name)} | {a.arg for a in function.args.args}
    copies = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            for target, value in paired(node.targets[0], node.value):
                if (isinstance(target, ast.Name) and isinstance(value, ast.Name) and stores.get(target.id) == 1
                        and stores.get(value.id) == 1 and value.id in at_top and target.id not in at_top):
                    copies[target.id] = value.id
    if not copies:
        return
    Renamer(copies).visit(function)
    _drop_self_copies(function)  # (the copies, now `b = b`)
    drop_dead_stores(function)


def _drop_self_copies(function: ast.FunctionDef) -> None:
    """Every `b = b` (or the `b = b` part of a tuple assignment) removed."""
    for node in ast.walk(function):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list):
                block[:] = [s for s in map(_without_self_copies, block) if s is not None]
                if not block and field == "body":
                    block.append(ast.Pass())


def _without_self_copies(statement: ast.stmt):
    if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1):
        return statement
    found = paired(statement.targets[0], statement.value)
    if not found:
        return statement
    kept = [(t, v) for t, v in found if not (isinstance(t, ast.Name) and isinstance(v, ast.Name) and t.id == v.id)]
    if len(kept) == len(found):
        return statement
    if not kept:
        return None
    if len(kept) == 1:
        return ast.Assign([kept[0][0]], kept[0][1], lineno=0)
    return ast.Assign([ast.Tuple([t for t, _ in kept], ast.Store())], ast.Tuple([v for _, v in kept], ast.Load()),
                      lineno=0)


def _merge_copies(function: ast.FunctionDef) -> None:
    """`r = v` followed by `x = r` or `return r`, where nothing else reads `r`: one statement."""
    loads: dict = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            loads[node.id] = loads.get(node.id, 0) + 1
    for node in list(ast.walk(function)):
        for field in ("body", "orelse", "finalbody"):
            statements = getattr(node, field, None)
            if not isinstance(statements, list):
                continue
            merged = []
            for statement in statements:
                previous = merged[-1] if merged else None
                if (isinstance(previous, ast.Assign) and len(previous.targets) == 1
                        and isinstance(previous.targets[0], ast.Name)
                        and isinstance(getattr(statement, "value", None), ast.Name)
                        and statement.value.id == previous.targets[0].id and loads.get(statement.value.id) == 1
                        and (isinstance(statement, ast.Return) or (isinstance(statement, ast.Assign)
                                                                    and len(statement.targets) == 1))):
                    statement.value = previous.value
                    merged[-1] = statement
                    continue
                merged.append(statement)
            setattr(node, field, merged)


def drop_dead_stores(function: ast.FunctionDef) -> None:
    """Assignments of a name nothing reads, of a value whose making changes nothing, removed."""
    while True:
        loaded = {n.id for n in ast.walk(function) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        dropped = False
        for node in ast.walk(function):
            for field in ("body", "orelse", "finalbody"):
                statements = getattr(node, field, None)
                if not isinstance(statements, list):
                    continue
                kept = [_pruned(s, loaded) for s in statements if not _dead(s, loaded)]
                if len(kept) != len(statements) or any(a is not b for a, b in zip(kept, statements)):
                    setattr(node, field, kept or ([ast.Pass()] if field == "body" else []))
                    dropped = True
        if not dropped:
            return


def _pruned(statement: ast.stmt, loaded: set) -> ast.stmt:
    """`a, b = x, y` without the names nothing reads (the values changing nothing)."""
    if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Tuple) and isinstance(statement.value, ast.Tuple)
            and len(statement.targets[0].elts) == len(statement.value.elts) and pure(statement.value)):
        return statement
    pairs = [(t, v) for t, v in zip(statement.targets[0].elts, statement.value.elts)
             if not (isinstance(t, ast.Name) and t.id not in loaded)]
    if len(pairs) == len(statement.value.elts) or not pairs:
        return statement
    if len(pairs) == 1:
        return ast.Assign([pairs[0][0]], pairs[0][1], lineno=0)
    return ast.Assign([ast.Tuple([t for t, _ in pairs], ast.Store())], ast.Tuple([v for _, v in pairs], ast.Load()),
                      lineno=0)


def _dead(statement: ast.stmt, loaded: set) -> bool:
    if not isinstance(statement, ast.Assign) or not pure(statement.value):
        return False
    names = [n for target in statement.targets for n in ast.walk(target) if isinstance(n, ast.expr)]
    return all(isinstance(n, (ast.Name, ast.Tuple)) for n in names) and \
        not any(isinstance(n, ast.Name) and n.id in loaded for n in names)

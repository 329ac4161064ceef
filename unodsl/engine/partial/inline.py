"""Calls copied in: a method of the round's or a function's body in place of its call."""
from __future__ import annotations

import ast
import builtins
import copy
import inspect
import itertools

from .fold import Known, always_returns, fold_block, pure, returns_in_loop, without_returns
from .syntax import (NotInlinable, assignment, function_tree, loads_of, names_in, read_in_loop, rename,
                     stored_names)

# ---- inlining ---------------------------------------------------------------------

MAX_DEPTH = 6  # calls inlined within calls inlined (the turn's are 4 deep at most)


class Inliner:
    """Copies the bodies of `methods` (called on the round, looked up on `owner`) and of
    `functions` (called by name) into the function being written, MAX_DEPTH deep at most.

    `known` is written into every body before it is copied and again once its parameters
    are bound; `namespace` collects the global names the bodies read; `after` may rewrite
    a callee's body once its own calls are copied in (unodsl.engine.specialise splits
    play_card's by the kind of the card there)."""

    def __init__(self, owner: type, methods: frozenset, functions: frozenset, known: Known,
                 namespace: dict, after=None):
        self.owner = owner
        self.methods = methods
        self.functions = functions
        self.known = known
        self.namespace = namespace
        self.after = after
        self.fresh = itertools.count()

    def method(self, name: str) -> ast.FunctionDef:
        """The method `name` of the owner, as written with its calls copied in."""
        function = getattr(self.owner, name)
        tree = function_tree(function)
        params = {arg.arg for arg in tree.args.args}
        taken = stored_names(tree.body) | params
        tree.body = self.body(tree.body, function.__globals__, taken, params, "self", 0)
        if self.after is not None:
            tree.body = self.after(name, tree.body, taken)
        return tree

    def body(self, statements: list, globals_: dict, taken: set, params: set, receiver: str | None,
             depth: int) -> list:
        """`statements` (of a function whose globals are `globals_`, whose parameters are
        `params`, the round among them named `receiver`) with what is known written in,
        folded, and the calls found copied in."""
        statements = fold_block([self.known.visit(s) for s in statements])
        self._note_globals(statements, globals_, params)
        out = []
        for statement in statements:
            out.extend(self._statement(statement, globals_, taken, receiver, depth))
        return fold_block(out)

    def _statement(self, statement: ast.stmt, globals_: dict, taken: set, receiver, depth: int) -> list:
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(statement, field, None)
            if inner:
                setattr(statement, field,
                        [new for s in inner for new in self._statement(s, globals_, taken, receiver, depth)])
        for handler in getattr(statement, "handlers", ()):
            handler.body = [new for s in handler.body for new in self._statement(s, globals_, taken, receiver, depth)]
        site = _call_site(statement)
        if site is None or depth >= MAX_DEPTH:
            return [statement]
        target, call = site
        function = self._callee(call, globals_, receiver)
        if function is None:
            return [statement]
        returned = isinstance(statement, ast.Return)  # (`return f(...)`: f's returns are the caller's)
        try:
            tree = function_tree(function)
            return self.copied(tree, function.__globals__, call, target, taken, depth, on_receiver=True,
                               returning=returned)
        except NotInlinable:
            return [statement]

    def _callee(self, call: ast.Call, globals_: dict, receiver):
        func = call.func
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == receiver \
                and func.attr in self.methods:
            found = getattr(self.owner, func.attr, None)
            return found if inspect.isfunction(found) else None
        if isinstance(func, ast.Name):
            found = globals_.get(func.id)
            return found if found in self.functions else None
        return None

    def copied(self, tree: ast.FunctionDef, globals_: dict, call: ast.Call, target: str | None, taken: set,
               depth: int, on_receiver: bool = False, returning: bool = False) -> list:
        """The statements that do what `call` of the function `tree` does, its value (if
        `target`) assigned to `target`, or returned (`returning`: the call was `return f(...)`).
        `on_receiver`: a method called on the round (the round is its first parameter, not
        among the call's arguments)."""
        if "super" in names_in(tree) or tree.args.vararg or tree.args.kwarg or tree.args.kwonlyargs \
                or call.keywords:
            raise NotInlinable("not a plain call")
        params = [arg.arg for arg in tree.args.args]
        args = list(call.args)
        if on_receiver and isinstance(call.func, ast.Attribute):
            args.insert(0, copy.deepcopy(call.func.value))  # (the round: `self.m(...)`)
        missing = len(params) - len(args)
        if missing > 0:
            args += [copy.deepcopy(d) for d in tree.args.defaults[len(tree.args.defaults) - missing:]]
        if len(args) != len(params) or missing > len(tree.args.defaults):
            raise NotInlinable("arguments")
        receiver = params[0] if args and isinstance(args[0], ast.Name) and args[0].id == "self" else None
        inner_taken = stored_names(tree.body) | set(params)
        body = self.body(tree.body, globals_, inner_taken, set(params), receiver, depth + 1)
        if self.after is not None:
            body = self.after(tree.name, body, inner_taken)
        if any(isinstance(n, (ast.Lambda, ast.FunctionDef, ast.ClassDef)) for s in body for n in ast.walk(s)):
            raise NotInlinable("a function made inside (it would keep reading the caller's names)")
        result = None
        if target is not None:
            result = self._name(target + "_", taken | names_in(ast.Module(body, [])))
        if returning:  # (its returns kept: the caller's own; its end returns None)
            if returns_in_loop(body):
                raise NotInlinable("a return inside a loop")
            if not always_returns(body):
                body = body + [ast.Return(ast.Constant(None))]
        else:
            body = without_returns(body, result)
        self._clear_of_caller(body, set(params), taken, args)
        # The callee's own names, kept apart from the caller's (and from the arguments).
        argument_names = names_in(ast.Module([ast.Expr(a) for a in args], []))
        mapping = {}
        for name in sorted(stored_names(body) - set(params)):
            if name in taken or name in self.namespace or name in argument_names or hasattr(builtins, name):
                mapping[name] = self._name(name, taken | argument_names)
                taken.add(mapping[name])
        body = rename(body, mapping)
        taken.update(stored_names(body))
        bound, body = self._bind(params, args, body, taken)
        body = fold_block([self.known.visit(s) for s in bound + body])
        if result is not None:  # (the call's value, under the caller's name)
            body.append(assignment(target, ast.Name(result, ast.Load())))
            body = _result_assigned_directly(body, result, target)
        return body

    def _clear_of_caller(self, body: list, params: set, taken: set, args: list) -> None:
        """NotInlinable when a global name the body reads is a name of the caller's."""
        local = stored_names(body) | params
        for node in (n for s in body for n in ast.walk(s)):
            if isinstance(node, ast.Name) and node.id not in local and node.id in taken:
                raise NotInlinable(f"{node.id} is the caller's")

    def _bind(self, params: list, args: list, body: list, taken: set) -> tuple[list, list]:
        """The parameters put in the body: a name or constant as itself, an argument read
        once outside a loop at its place, one never read dropped (if it changes nothing),
        any other bound first under a name of its own."""
        bound, mapping = [], {}
        stored = stored_names(body)
        for param, arg in zip(params, args):
            loads = loads_of(body, param)
            simple = isinstance(arg, (ast.Name, ast.Constant)) and param not in stored
            # A short list of names and constants, read only where a fresh one does as well (it is
            # not changed, nor read twice on one path: no loop reads it): written where it is read.
            simple = simple or (isinstance(arg, ast.List) and len(arg.elts) <= 4 and param not in stored
                                and all(isinstance(e, (ast.Name, ast.Constant)) for e in arg.elts)
                                and not read_in_loop(body, param) and not methods_called(body, param)
                                and not items_bound(body, param))
            if simple or (loads == 0 and param not in stored and pure(arg)):
                mapping[param] = arg
            elif loads == 1 and param not in stored and not read_in_loop(body, param) and pure(arg):
                mapping[param] = arg
            else:
                name = self._name(param, taken)
                taken.add(name)
                bound.append(assignment(name, arg))
                mapping[param] = name
        return bound, rename(body, mapping)

    def _note_globals(self, statements: list, globals_: dict, params: set) -> None:
        """The global names the statements read, in the namespace (NotInlinable for a name
        already there for another value)."""
        local = stored_names(statements) | params
        for node in (n for s in statements for n in ast.walk(s)):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in local \
                    and node.id in globals_:
                value = globals_[node.id]
                if self.namespace.setdefault(node.id, value) is not value:
                    raise NotInlinable(f"two values named {node.id}")

    def _name(self, base: str, taken: set) -> str:
        while True:
            name = f"{base}{next(self.fresh)}"
            if name not in taken and name not in self.namespace:
                return name



def _call_site(statement: ast.stmt):
    """(name assigned or None, the call) of `f(...)`, `x = f(...)` or `return f(...)`."""
    if isinstance(statement, (ast.Expr, ast.Return)) and isinstance(statement.value, ast.Call):
        return None, statement.value
    if (isinstance(statement, ast.Assign) and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name) and isinstance(statement.value, ast.Call)):
        return statement.targets[0].id, statement.value
    return None


def _result_assigned_directly(body: list, result: str, target: str) -> list:
    """`r = v ... x = r` as `x = v ...`, when `r` is read nowhere else."""
    if loads_of(body, result) != 1:
        return body
    return rename(body[:-1], {result: target})


def items_bound(body: list, name: str) -> bool:
    """Whether the body binds an item of the list `name` (`name[i] = ...`)."""
    return any(isinstance(n, ast.Subscript) and not isinstance(n.ctx, ast.Load) and isinstance(n.value, ast.Name)
               and n.value.id == name for s in body for n in ast.walk(s))


def methods_called(body: list, name: str) -> bool:
    return any(isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == name
               for s in body for n in ast.walk(s))



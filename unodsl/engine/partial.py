"""Partial evaluation of the engine's own methods: what unodsl.engine.specialise derives
the loop written for an edition with.

A method's source is read back (`inspect`), and its syntax tree rewritten: what is
known before play is written in as a constant (`Known`), the branches it rules out
are dropped (`fold_block`), and calls of the methods and functions named inlinable are
replaced by their bodies (`Inliner`: parameters bound to the arguments, local names
kept apart, a `return` made the end of a branch). Nothing here knows a rule of UNO:
the rules are the methods' own text (unodsl.engine.turns), so the loop derived plays
what the interpreter plays, by construction.
"""
from __future__ import annotations

import ast
import builtins
import copy
import inspect
import itertools
import textwrap
from functools import lru_cache

# A call whose result may be dropped when nothing reads it (it changes nothing: it makes
# a view of the round for an agent, which an inlined answer may not read).
PURE_CALLS = frozenset({"self.view_for"})
MAX_DEPTH = 6  # calls inlined within calls inlined (the turn's are 4 deep at most)


class NotInlinable(Exception):
    """A body that cannot be copied in (a `return` inside a loop, `super()`, ...): called."""


@lru_cache(maxsize=None)
def _parsed(function) -> ast.FunctionDef:
    source = textwrap.dedent(inspect.getsource(function))
    return ast.parse(source).body[0]


def function_tree(function) -> ast.FunctionDef:
    """A fresh copy of `function`'s syntax tree (its decorators and docstring left out)."""
    tree = copy.deepcopy(_parsed(function))
    tree.decorator_list = []
    without_docstring(tree)
    return tree


def without_docstring(tree: ast.FunctionDef) -> None:
    first = tree.body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        tree.body = tree.body[1:] or [ast.Pass()]


# ---- what is known ------------------------------------------------------------------

class Known(ast.NodeTransformer):
    """Writes in what is known: `facts.NAME` (and `self.facts.NAME`) as the fact's value,
    any expression whose text is a key of `exprs` as its value (a constant, or a syntax
    tree put in its place), and `a is b` of two names of `identities` as its truth."""

    def __init__(self, facts=None, exprs: dict | None = None, identities: dict | None = None):
        self.facts = facts
        self.exprs = exprs or {}
        self.identities = identities or {}

    def visit(self, node):
        if isinstance(node, ast.expr):
            found = self._known(node)
            if found is not None:
                return found
        return super().visit(node)

    def _known(self, node: ast.expr):
        if isinstance(getattr(node, "ctx", None), (ast.Store, ast.Del)):
            return None
        if self.exprs:
            text = _text(node)
            if text is not None and text in self.exprs:
                value = self.exprs[text]
                return copy.deepcopy(value) if isinstance(value, ast.AST) else ast.Constant(value)
        if isinstance(node, ast.Attribute):
            if self.facts is not None and dotted(node.value) in ("facts", "self.facts"):
                return ast.Constant(getattr(self.facts, node.attr))
        elif (isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.Is, ast.IsNot))
                and isinstance(node.left, ast.Name) and isinstance(node.comparators[0], ast.Name)
                and node.left.id in self.identities and node.comparators[0].id in self.identities):
            same = self.identities[node.left.id] is self.identities[node.comparators[0].id]
            return ast.Constant(same if isinstance(node.ops[0], ast.Is) else not same)
        return None


def dotted(node) -> str | None:
    """`a.b.c` of a name and its attributes, as text (quicker than ast.unparse); else None."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def _text(node) -> str | None:
    """The text a Known's `exprs` may name: `a.b`, or `a.b is None` / `a.b is not None`."""
    if isinstance(node, (ast.Attribute, ast.Name)):
        return dotted(node)
    if (isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.Is, ast.IsNot))
            and isinstance(node.comparators[0], ast.Constant) and node.comparators[0].value is None):
        left = dotted(node.left)
        if left is not None:
            return f"{left} is None" if isinstance(node.ops[0], ast.Is) else f"{left} is not None"
    return None


# ---- folding ----------------------------------------------------------------------

def _constant(node) -> tuple[bool, object]:
    return (True, node.value) if isinstance(node, ast.Constant) else (False, None)


def pure(node: ast.AST) -> bool:
    """Whether evaluating `node` changes nothing (no call but the PURE_CALLS, no walrus)."""
    for part in ast.walk(node):
        if isinstance(part, ast.Call) and dotted(part.func) not in PURE_CALLS:
            return False
        if isinstance(part, (ast.NamedExpr, ast.Await, ast.Yield, ast.YieldFrom)):
            return False
    return True


def fold_expr(node: ast.expr, test: bool = False) -> ast.expr:
    """`node` with its constant parts worked out; `test`: only its truth is read."""
    if isinstance(node, ast.BoolOp):
        return _fold_boolop(node, test)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        operand = fold_expr(node.operand, test=True)
        known, value = _constant(operand)
        return ast.Constant(not value) if known else ast.UnaryOp(ast.Not(), operand)
    if isinstance(node, ast.IfExp):
        condition = fold_expr(node.test, test=True)
        known, value = _constant(condition)
        if known:
            return fold_expr(node.body if value else node.orelse, test)
        body, orelse = fold_expr(node.body, test), fold_expr(node.orelse, test)
        if isinstance(condition, ast.Compare) and _constant(body) == (True, True) and _constant(orelse) == (True, False):
            return condition  # (`True if a < b else False`: a comparison is True or False already)
        return ast.IfExp(condition, body, orelse)
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        node.left, node.comparators[0] = fold_expr(node.left), fold_expr(node.comparators[0])
        (known_left, left), (known_right, right) = _constant(node.left), _constant(node.comparators[0])
        if known_left and known_right:
            op = node.ops[0]
            results = {ast.Is: lambda: left is right, ast.IsNot: lambda: left is not right,
                       ast.Eq: lambda: left == right, ast.NotEq: lambda: left != right,
                       ast.In: lambda: left in right, ast.NotIn: lambda: left not in right}
            if type(op) in results:
                return ast.Constant(results[type(op)]())
        return node
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len" and len(node.args) == 1 \
            and isinstance(node.args[0], (ast.List, ast.Tuple)) and pure(node.args[0]) \
            and not any(isinstance(e, ast.Starred) for e in node.args[0].elts):
        return ast.Constant(len(node.args[0].elts))
    if isinstance(node, ast.Subscript):
        node.value, node.slice = fold_expr(node.value), fold_expr(node.slice)
        return _two_way(node) or node
    for field, value in ast.iter_fields(node):  # (the parts of anything else)
        if isinstance(value, ast.expr):
            setattr(node, field, fold_expr(value))
        elif isinstance(value, list):
            setattr(node, field, [fold_expr(v) if isinstance(v, ast.expr) else v for v in value])
    return node


def _two_way(node: ast.Subscript):
    """`[a, b][floor(x * 2)]` as `a if x < 0.5 else b` (for x in [0, 1), as a random
    number is: x * 2 is exact, and its floor 0 just when x < 0.5); None otherwise."""
    items, index = node.value, node.slice
    if not (isinstance(items, ast.List) and len(items.elts) == 2 and isinstance(index, ast.Call)
            and dotted(index.func) == "floor" and len(index.args) == 1):
        return None
    product = index.args[0]
    if not (isinstance(product, ast.BinOp) and isinstance(product.op, ast.Mult)
            and isinstance(product.right, ast.Constant) and product.right.value == 2):
        return None
    test = ast.Compare(product.left, [ast.Lt()], [ast.Constant(0.5)])
    return ast.IfExp(test, items.elts[0], items.elts[1])


def _fold_boolop(node: ast.BoolOp, test: bool) -> ast.expr:
    is_and = isinstance(node.op, ast.And)
    values = []
    for value in node.values:
        value = fold_expr(value, test=True if test else False)
        known, constant = _constant(value)
        if known and bool(constant) == is_and:  # (`True and x` is x; `False or x` is x)
            continue
        if known:  # `x and False`: False if x is falsy or not; as a value, only with nothing before
            if not values:
                return value
            if test and all(pure(v) for v in values):
                return ast.Constant(not is_and)
            values.append(value)
            break
        values.append(value)
    if not values:
        return ast.Constant(is_and)
    if len(values) == 1:
        return values[0]
    return ast.BoolOp(node.op, values)


def fold_block(statements: list) -> list:
    """The statements with constant conditions worked out: an `if` known true is its body,
    one known false its `else`, a `while` known false nothing."""
    folded = []
    for statement in statements:
        folded.extend(_fold_statement(statement))
    return folded


def _fold_statement(statement: ast.stmt) -> list:
    if isinstance(statement, ast.If):
        condition = fold_expr(statement.test, test=True)
        known, value = _constant(condition)
        if known:
            return fold_block(statement.body if value else statement.orelse)
        body, orelse = fold_block(statement.body), fold_block(statement.orelse)
        if not body and not orelse:
            return [] if pure(condition) else [ast.Expr(condition)]
        if not body:
            condition, body, orelse = ast.UnaryOp(ast.Not(), condition), orelse, []
        return [ast.If(condition, body, orelse)]
    if isinstance(statement, ast.While):
        condition = fold_expr(statement.test, test=True)
        known, value = _constant(condition)
        if known and not value:
            return fold_block(statement.orelse)
        statement.test = condition
        statement.body = fold_block(statement.body) or [ast.Pass()]
        statement.orelse = fold_block(statement.orelse)
        return [statement]
    for field, value in ast.iter_fields(statement):
        if isinstance(value, ast.expr):
            setattr(statement, field, fold_expr(value))
        elif isinstance(value, list) and value and isinstance(value[0], ast.stmt):
            setattr(statement, field, fold_block(value) or [ast.Pass()])
        elif isinstance(value, list):
            setattr(statement, field, [fold_expr(v) if isinstance(v, ast.expr) else v for v in value])
    if isinstance(statement, ast.Try):  # (its handlers' bodies)
        for handler in statement.handlers:
            handler.body = fold_block(handler.body) or [ast.Pass()]
    return [statement]


# ---- returns ----------------------------------------------------------------------

def _has_return(statements: list) -> bool:
    return any(isinstance(node, ast.Return) for s in statements for node in ast.walk(s))


def _has_return_in_loop(statements: list) -> bool:
    return any(isinstance(node, ast.Return) for s in statements for loop in ast.walk(s)
               if isinstance(loop, (ast.For, ast.While, ast.Try, ast.With)) for node in ast.walk(loop))


def _always_returns(statements: list) -> bool:
    if not statements:
        return False
    last = statements[-1]
    if isinstance(last, (ast.Return, ast.Raise)):
        return True
    return isinstance(last, ast.If) and _always_returns(last.body) and _always_returns(last.orelse)


def without_returns(statements: list, target: str | None) -> list:
    """The statements with every `return v` made the end of its branch (`target = v`, or
    `v` alone when it may change something); NotInlinable for a return in a loop."""
    out = []
    for index, statement in enumerate(statements):
        if isinstance(statement, ast.Return):
            value = statement.value
            if target is not None:
                out.append(_assign(target, value or ast.Constant(None)))
            elif value is not None and not pure(value):
                out.append(ast.Expr(value))
            return out
        if isinstance(statement, ast.If) and _has_return([statement]):
            rest = statements[index + 1:]
            body = statement.body if _always_returns(statement.body) else statement.body + copy.deepcopy(rest)
            orelse = statement.orelse if _always_returns(statement.orelse) else statement.orelse + rest
            out.append(ast.If(statement.test, without_returns(body, target) or [ast.Pass()],
                              without_returns(orelse, target)))
            return out
        if _has_return([statement]):
            raise NotInlinable("a return inside a loop or a block")
        out.append(statement)
    if target is not None:  # (the end reached: None returned)
        out.append(_assign(target, ast.Constant(None)))
    return out


# ---- names ------------------------------------------------------------------------

def names_in(tree) -> set[str]:
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)} | \
        {node.arg for node in ast.walk(tree) if isinstance(node, ast.arg)}


def stored_names(statements: list) -> set[str]:
    stored = set()
    for statement in statements:
        for node in ast.walk(statement):
            if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                stored.add(node.id)
    return stored


class Renamer(ast.NodeTransformer):
    """Puts `mapping[name]` (a name, or a syntax tree) wherever a name of it is read or set."""

    def __init__(self, mapping: dict):
        self.mapping = mapping

    def visit_Name(self, node: ast.Name):
        replacement = self.mapping.get(node.id)
        if replacement is None:
            return node
        if isinstance(replacement, str):
            return ast.copy_location(ast.Name(replacement, node.ctx), node)
        return copy.deepcopy(replacement)


def rename(statements: list, mapping: dict) -> list:
    renamer = Renamer(mapping)
    return [renamer.visit(statement) for statement in statements]


def _loads_of(statements: list, name: str) -> int:
    return sum(1 for s in statements for node in ast.walk(s)
               if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Load))


def _in_loop(statements: list, name: str) -> bool:
    for s in statements:
        for node in ast.walk(s):
            if isinstance(node, (ast.For, ast.While)) and _loads_of(node.body, name):
                return True
    return False


# ---- inlining ---------------------------------------------------------------------

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
            if _has_return_in_loop(body):
                raise NotInlinable("a return inside a loop")
            if not _always_returns(body):
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
            body.append(_assign(target, ast.Name(result, ast.Load())))
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
            loads = _loads_of(body, param)
            simple = isinstance(arg, (ast.Name, ast.Constant)) and param not in stored
            # A short list of names and constants, read only where a fresh one does as well (it is
            # not changed, nor read twice on one path: no loop reads it): written where it is read.
            simple = simple or (isinstance(arg, ast.List) and len(arg.elts) <= 4 and param not in stored
                                and all(isinstance(e, (ast.Name, ast.Constant)) for e in arg.elts)
                                and not _in_loop(body, param) and not _methods_called(body, param))
            if simple or (loads == 0 and param not in stored and pure(arg)):
                mapping[param] = arg
            elif loads == 1 and param not in stored and not _in_loop(body, param) and pure(arg):
                mapping[param] = arg
            else:
                name = self._name(param, taken)
                taken.add(name)
                bound.append(_assign(name, arg))
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


def _assign(name: str, value: ast.expr) -> ast.Assign:
    return ast.Assign([ast.Name(name, ast.Store())], value, lineno=0)


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
    if _loads_of(body, result) != 1:
        return body
    return rename(body[:-1], {result: target})


def _methods_called(body: list, name: str) -> bool:
    return any(isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == name
               for s in body for n in ast.walk(s))


def read_through_aliases(function: ast.FunctionDef, stable: frozenset) -> None:
    """`self.X` read as the local name the function binds it to at its top (`xs = self.X`,
    or `a, xs = self.A, self.X`), for an attribute X of `stable` (never bound again while the
    function runs): copied-in bodies read their round's lists as the caller does."""
    aliases = {}
    for statement in function.body:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            pairs = _pairs(statement.targets[0], statement.value)
            for target, value in pairs:
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

    definitions = [s for s in function.body if isinstance(s, ast.Assign) and _pairs(s.targets[0], s.value)
                   and any(dotted(v) in aliases for _t, v in _pairs(s.targets[0], s.value))]
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


def _pairs(target, value) -> list:
    if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts):
        return list(zip(target.elts, value.elts))
    return [(target, value)] if isinstance(target, ast.Name) else []


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
            for target, value in (_pairs(statement.targets[0], statement.value)
                                  if isinstance(statement, ast.Assign) and len(statement.targets) == 1 else []):
                if not (isinstance(target, ast.Name) and isinstance(value, ast.Constant)
                        and stores.get(target.id) == 1):
                    continue
                after = block[index + 1:]
                if _loads_of(after, target.id) != loads_total.get(target.id, 0):
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
            for target, value in _pairs(node.targets[0], node.value):
                if (isinstance(target, ast.Name) and isinstance(value, ast.Name) and stores.get(target.id) == 1
                        and stores.get(value.id) == 1 and value.id in at_top and target.id not in at_top):
                    copies[target.id] = value.id
    if not copies:
        return
    Renamer(copies).visit(function)
    for node in ast.walk(function):  # (the copies, now `b = b`, pruned)
        for field in ("body", "orelse", "finalbody"):
            block = getattr(node, field, None)
            if isinstance(block, list):
                block[:] = [s for s in map(_without_self_copies, block) if s is not None]
                if not block and field == "body":
                    block.append(ast.Pass())
    drop_dead_stores(function)


def _without_self_copies(statement: ast.stmt):
    if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1):
        return statement
    pairs = _pairs(statement.targets[0], statement.value)
    if not pairs:
        return statement
    kept = [(t, v) for t, v in pairs if not (isinstance(t, ast.Name) and isinstance(v, ast.Name) and t.id == v.id)]
    if len(kept) == len(pairs):
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

"""What is known written in, and what it rules out dropped: constants in place of facts,
conditions worked out, branches never taken removed, returns made the ends of branches."""
from __future__ import annotations

import ast
import copy

from .syntax import NotInlinable, assignment, dotted

# A call whose result may be dropped when nothing reads it (it changes nothing: it makes
# a view of the round for an agent, which an inlined answer may not read).
PURE_CALLS = frozenset({"self.view_for"})


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
            text = known_text(node)
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



def known_text(node) -> str | None:
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

def constant_of(node) -> tuple[bool, object]:
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
        known, value = constant_of(operand)
        return ast.Constant(not value) if known else ast.UnaryOp(ast.Not(), operand)
    if isinstance(node, ast.IfExp):
        condition = fold_expr(node.test, test=True)
        known, value = constant_of(condition)
        if known:
            return fold_expr(node.body if value else node.orelse, test)
        body, orelse = fold_expr(node.body, test), fold_expr(node.orelse, test)
        if isinstance(condition, ast.Compare) and constant_of(body) == (True, True) and constant_of(orelse) == (True, False):
            return condition  # (`True if a < b else False`: a comparison is True or False already)
        return ast.IfExp(condition, body, orelse)
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        node.left, node.comparators[0] = fold_expr(node.left), fold_expr(node.comparators[0])
        (known_left, left), (known_right, right) = constant_of(node.left), constant_of(node.comparators[0])
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
    for position, value in enumerate(node.values):
        value = fold_expr(value, test=True if test else False)
        known, constant = constant_of(value)
        if known and bool(constant) == is_and:  # (`True and x` is x; `False or x` is x)
            if position == len(node.values) - 1 and not test:
                values.append(value)  # (but `x or 0` is 0 when x is falsy: as a value, kept)
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
        known, value = constant_of(condition)
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
        known, value = constant_of(condition)
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


def returns_in_loop(statements: list) -> bool:
    return any(isinstance(node, ast.Return) for s in statements for loop in ast.walk(s)
               if isinstance(loop, (ast.For, ast.While, ast.Try, ast.With)) for node in ast.walk(loop))


def always_returns(statements: list) -> bool:
    if not statements:
        return False
    last = statements[-1]
    if isinstance(last, (ast.Return, ast.Raise)):
        return True
    return isinstance(last, ast.If) and always_returns(last.body) and always_returns(last.orelse)


def without_returns(statements: list, target: str | None) -> list:
    """The statements with every `return v` made the end of its branch (`target = v`, or
    `v` alone when it may change something); NotInlinable for a return in a loop."""
    out = []
    for index, statement in enumerate(statements):
        if isinstance(statement, ast.Return):
            value = statement.value
            if target is not None:
                out.append(assignment(target, value or ast.Constant(None)))
            elif value is not None and not pure(value):
                out.append(ast.Expr(value))
            return out
        if isinstance(statement, ast.If) and _has_return([statement]):
            rest = statements[index + 1:]
            body = statement.body if always_returns(statement.body) else statement.body + copy.deepcopy(rest)
            orelse = statement.orelse if always_returns(statement.orelse) else statement.orelse + rest
            out.append(ast.If(statement.test, without_returns(body, target) or [ast.Pass()],
                              without_returns(orelse, target)))
            return out
        if _has_return([statement]):
            raise NotInlinable("a return inside a loop or a block")
        out.append(statement)
    if target is not None:  # (the end reached: None returned)
        out.append(assignment(target, ast.Constant(None)))
    return out



"""A condition written back in the effect language, shown beside its words for
their exact meaning (`colour == top.colour`)."""
from __future__ import annotations

from .. import ast


def source(node: ast.Node) -> str:
    """A condition written back in the effect language (`colour == top.colour`)."""
    if isinstance(node, ast.Int):
        return str(node.value)
    if isinstance(node, ast.Str):
        return f'"{node.value}"'
    if isinstance(node, ast.Name):
        return node.name
    if isinstance(node, ast.Dotted):
        return f"{node.base}.{node.attr}"
    if isinstance(node, ast.Player):
        return node.who
    if isinstance(node, ast.PlayerAttr):
        return f"{node.player.who}.{node.attr}"
    if isinstance(node, ast.Compare):
        return f"{source(node.left)} {node.op} {source(node.right)}"
    if isinstance(node, ast.Arith):
        return f"{_operand(node.left)} {node.op} {_operand(node.right)}"
    if isinstance(node, ast.Neg):
        return f"-{_operand(node.operand)}"
    if isinstance(node, ast.Member):
        return f"{source(node.value)} {'not in' if node.negated else 'in'} {source(node.collection)}"
    if isinstance(node, ast.ListOf):
        return "[" + ", ".join(source(item) for item in node.items) + "]"
    if isinstance(node, ast.RangeOf):
        return f"{source(node.low)}..{source(node.high)}"
    if isinstance(node, ast.And):
        return " and ".join(_operand(item, ast.Or) for item in node.items)
    if isinstance(node, ast.Or):
        return " or ".join(source(item) for item in node.items)
    if isinstance(node, ast.Not):
        return f"not {_operand(node.operand, ast.And, ast.Or, ast.Compare, ast.Member)}"
    if isinstance(node, ast.Holds):
        return f"{node.player.who} holds {_operand(node.predicate, ast.And, ast.Or, ast.Not)}"
    if isinstance(node, ast.Count):
        return f"count({node.player.who}, {source(node.predicate)})"
    if isinstance(node, ast.Challenges):
        return f"{node.player.who} challenges"
    if isinstance(node, ast.Accepts):
        return f'{node.player.who} accepts "{node.question}"'
    if isinstance(node, ast.Bluffed):
        return "bluffed"
    if isinstance(node, ast.PlayedAsAnswer):
        return "played as answer"
    if isinstance(node, ast.Const):
        return "always" if node.value else "never"
    raise TypeError(f"{type(node).__name__} is not a condition")


def _operand(node: ast.Node, *wrap: type) -> str:
    wrap = wrap or (ast.Arith, ast.Compare, ast.Member, ast.And, ast.Or, ast.Not)
    text = source(node)
    return f"({text})" if isinstance(node, wrap) else text


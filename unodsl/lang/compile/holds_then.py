"""`next holds skip or reverse`: `holds` takes one condition, so the `or` joins `next holds
skip` with `reverse` alone, a condition about the card the script is about, not a card of
the hand, and the script would mean what the author did not. A bare value right after a
`holds` in an `or` or an `and` is refused, with the two ways to say it: one card that is
either (`next holds (skip or reverse)`) or the card itself written out (`kind == reverse`).
"""
from __future__ import annotations

from ...errors import ScriptError
from .. import ast


def refuse_value_after_holds(node: ast.Node, vocab) -> None:
    """`node`, an `or` or an `and`: refuse an item that is a bare value (a colour, a kind,
    a symbol of the edition) right after a `holds`."""
    joined = "or" if isinstance(node, ast.Or) else "and"
    for before, item in zip(node.items, node.items[1:]):
        if isinstance(before, ast.Holds) and _bare_value(item, vocab.values()):
            value, player = _word(item), _player_word(before.player)
            held = _word(before.predicate) if _bare_value(before.predicate, vocab.values()) else "..."
            raise ScriptError(
                f"`{player} holds {held} {joined} {value}` reads as `({player} holds {held}) {joined} {value}`: "
                f"`{value}` alone is about the card itself, not {player}'s hand", item.line, item.column,
                hint=f"one card that is {'either' if joined == 'or' else 'both'}: `{player} holds ({held} {joined} "
                     f"{value})`; two cards: `{player} holds {held} {joined} {player} holds {value}`; the card "
                     f"itself: `{_attribute(item, vocab)} == {value}`")


def _bare_value(node: ast.Node, values: set) -> bool:
    return isinstance(node, ast.Name) and node.name in values  # (a bare number is "not zero", not `number ==`)


def _word(node: ast.Node) -> str:
    return node.name


def _attribute(node: ast.Node, vocab) -> str:
    """The attribute of a card a bare value is one of: `colour == red`, `kind == skip`."""
    return "colour" if node.name in vocab.colours else "kind" if node.name in vocab.kinds else "symbol"


def _player_word(player: ast.Player) -> str:
    return getattr(player, "name", None) or (player.who if player.who not in ("relative", "seat") else "PLAYER")

"""The words refusing a comparison of values that cannot be compared: what each side is
(a number, a colour, a kind, a card, ...), what the operator does with them (`==` never
finds them equal, `!=` always finds them different, `<` orders numbers only), and what the
author most likely meant (`me.hand > red`: `me holds colour == red`)."""
from __future__ import annotations

from ...errors import ScriptError
from .. import ast
from .model import _A_TYPE

# The card attribute a value of the edition is compared with (`red`: `colour == red`).
_ATTRIBUTE_OF = (("colours", "colour"), ("kinds", "kind"), ("symbols", "symbol"))
_TEXT_ATTRIBUTES = {"colour": "a colour", "kind": "a kind", "symbol": "a symbol", "name": "a card's name"}


def spoken(node: ast.Node) -> str | None:
    """The side as the author wrote it, for the simple values a comparison most often holds
    (None for another: the message then names its type only)."""
    if isinstance(node, ast.Name):
        return node.name
    if isinstance(node, ast.Dotted):
        return f"{node.base}.{node.attr}"
    if isinstance(node, ast.Int):
        return str(node.value)
    if isinstance(node, ast.Str):
        return f'"{node.value}"'
    if isinstance(node, ast.PlayerAttr):
        who = _player_words(node.player)
        return f"{who}.{node.attr}" if who else None
    return _player_words(node.player) if isinstance(node, ast.PlayerValue) else None


def _player_words(player: ast.Node) -> str | None:
    if isinstance(player, ast.NamedPlayer):
        return player.name
    return player.who if type(player) is ast.Player else None


def what_it_is(node: ast.Node, kind: str, vocab) -> str:
    """`a colour`, `a kind`, `a number (how many cards the hand holds)`, ...: the type of a
    side in the words of its values."""
    if kind == "number" and isinstance(node, ast.PlayerAttr) and node.attr == "hand":
        return "a number (how many cards the hand holds)"
    if kind == "text" and _state_type(node, vocab) == "colour":
        return "a colour"
    if kind == "text":
        attribute = node.attr if isinstance(node, ast.Dotted) else node.name if isinstance(node, ast.Name) else None
        if attribute in _TEXT_ATTRIBUTES:
            return _TEXT_ATTRIBUTES[attribute]
        value = _value_attribute(node, vocab)
        if value is not None:
            return _TEXT_ATTRIBUTES[value]
    return _A_TYPE[kind]


def _state_type(node: ast.Node, vocab) -> str | None:
    """The type of the edition's state variable a side reads (`game.last`: colour), if it reads one."""
    if isinstance(node, ast.Dotted) and node.base == "game" and node.attr in vocab.game_state:
        return vocab.game_state[node.attr].type
    if isinstance(node, ast.PlayerAttr) and node.attr in vocab.player_state:
        return vocab.player_state[node.attr].type
    return None


def _value_attribute(node: ast.Node, vocab) -> str | None:
    """The attribute a bare value of the edition is one of (`red`: colour), if any."""
    if not isinstance(node, ast.Name):
        return None
    return next((attribute for values, attribute in _ATTRIBUTE_OF if node.name in getattr(vocab, values)), None)


def _side(node: ast.Node, kind: str, vocab, last: bool = False) -> str:
    """A side named, then what it is ("`colour`, a colour,"), set off by commas unless it ends
    the sentence; or what it is only ("a number")."""
    words = spoken(node)
    what = what_it_is(node, kind, vocab)
    return what if not words else f"`{words}`, {what}" + ("" if last else ",")


def mismatch(node: ast.Compare, kinds: tuple[str, str], vocab) -> ScriptError:
    """Two sides of different types: for `==` never equal, for `!=` always different, for an
    ordering not two numbers."""
    left, right = _side(node.left, kinds[0], vocab), _side(node.right, kinds[1], vocab, last=True)
    if node.op == "==":
        message = f"`==` compares {left} with {right}: they are never equal"
    elif node.op == "!=":
        message = f"`!=` compares {left} with {right}: they always differ, so the test is always true"
    else:
        message = _not_numbers(node, kinds, vocab)
    return ScriptError(message, node.line, node.column, hint=_meant(node, kinds, vocab))


def not_ordered(node: ast.Compare, kind: str, vocab) -> ScriptError:
    """An ordering (`<`, `>=`, ...) of two values of one type that is not a number."""
    return ScriptError(_not_numbers(node, (kind, kind), vocab), node.line, node.column,
                       hint=f"test them with `==` or `!=` (or `in [...]`); `{node.op}` orders numbers: "
                            "`number`, `points`, `P.hand`, `P.score`, a counter")


def _not_numbers(node: ast.Compare, kinds: tuple[str, str], vocab) -> str:
    """What each side is: "`>` orders numbers: `me.hand` is one, but `red` is a colour"."""
    sides = list(zip((node.left, node.right), kinds))
    said = [(spoken(side) or "one side", what_it_is(side, kind, vocab), kind) for side, kind in sides]
    start = f"`{node.op}` orders numbers"
    if kinds[0] != kinds[1]:
        (number, detail, _), (other, what, _) = sorted(said, key=lambda s: s[2] != "number")
        one = "one" + detail[len("a number"):]
        return f"{start}: {_quoted(number)} is {one}, but {_quoted(other)} is {what}"
    if said[0][1] == said[1][1]:
        return f"{start}, but {_quoted(said[0][0])} and {_quoted(said[1][0])} are both {_plural(said[0][1])}"
    return f"{start}, but " + " and ".join(f"{_quoted(words)} is {what}" for words, what, _ in said)


def _plural(what: str) -> str:
    """`a colour`: colours; `a card's name`: cards' names."""
    noun = what.split(" ", 1)[1]
    return "cards' names" if noun == "card's name" else noun + "s"


def _quoted(words: str) -> str:
    return words if words == "one side" else f"`{words}`"


def _meant(node: ast.Compare, kinds: tuple[str, str], vocab) -> str | None:
    """What the author most likely meant: a player's cards tested for a colour, kind or
    symbol (`me.hand > red`: `me holds colour == red`), or a value compared with its like."""
    sides = dict(zip(kinds, (node.left, node.right)))
    value = sides.get("text")
    attribute = _value_attribute(value, vocab) if value is not None else None
    number = sides.get("number")
    if attribute and isinstance(number, ast.PlayerAttr) and number.attr == "hand":
        who = _player_words(number.player) or "PLAYER"
        test = f"{attribute} == {value.name}"
        return (f"to ask about the cards in a hand: `{who} holds {test}` (one of them is), or "
                f"`count({who}, {test}) > 0` (how many are)")
    if attribute and not isinstance(number, ast.Int):
        return (f"`{value.name}` is {what_it_is(value, 'text', vocab)}: compare it with one "
                f"(`{attribute} == {value.name}`)")
    if isinstance(number, ast.Int):
        return f"`{number.value}` is a number: compare it with one (`number == {number.value}`)"
    if "card" in kinds:
        return "compare one of the card's attributes: `top.colour`, `top.number`, `card.kind`, ..."
    return "compare a number with a number (`number == 3`), a colour with a colour (`colour == red`)"

"""Completion in a script, by what the grammar lets come next at the cursor (expected.py):
statements where a statement may start, players where a player goes, after `me.` a
player's fields, after `top.colour ==` the edition's colours, after `kind ==` its kinds,
and so on. Where the text before the cursor is no prefix of a script (a mistake earlier
in it), the cursor's line alone is read; failing that, every word (words.script_completions).

Every item replaces the word being typed (its `textEdit`), so that an editor which does not
work out that word itself (Vim's omni-completion, a plain client) inserts it right.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from lsprotocol import types

from ..edition.yamlpos import line_starts, scalar_places
from ..edition.raw_scripts import scripts_in
from ..lang.compile.model import CARD_ATTRIBUTES, CARD_VALUES, GAME_NAMES, PLAYER_ATTRIBUTES
from ..lang.statements import PLAYERS
from .analysis import Analysis
from .expected import Expected, expected_at, statement_starts, terminal_words
from .words import Names, script_completions, script_path_at

_PARTIAL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")
_KIND = types.CompletionItemKind


@dataclass(frozen=True)
class Cursor:
    """Where completion was asked: the script's text before the word being typed, whether
    the script is a bare condition, and the word's first column on its line."""

    before: str
    start: str  # "script" or "condition"
    word_column: int


def cursor_in_script(analysis: Analysis, line: int, column: int, line_text: str) -> Cursor | None:
    """The script at (line, column) and the text of it before the word typed there."""
    partial = _PARTIAL.search(line_text[:column])
    word_column = partial.start() if partial else column
    if analysis.doc is None or not isinstance(analysis.doc.data, dict) or analysis.kind not in ("edition", "rule"):
        return None
    path, is_key = script_path_at(analysis, line, column, line_text)
    scripts = {p: parse for p, _text, parse in scripts_in(analysis.doc.data)} if analysis.kind == "edition" else \
        {("script",): None}
    if is_key or path not in scripts:
        return None
    start = "condition" if getattr(scripts[path], "__name__", "") == "parse_condition" else "script"
    node = analysis.doc.node(path)
    text = analysis.doc.text
    lines = text.splitlines(keepends=True)
    if line >= len(lines) or lines[line].rstrip("\r\n") != line_text:  # (the check is of an older text)
        return Cursor(line_text[:word_column].lstrip(), start, word_column)
    at = sum(len(t) for t in lines[:line]) + word_column  # the word's index in the file
    places = scalar_places(text, node, line_starts(text)) if node is not None else None
    if not places or not isinstance(node.value, str):
        return Cursor(line_text[:word_column].lstrip(), start, word_column)
    count = sum(1 for place in places if place < at)
    return Cursor(node.value[:count], start, word_column)


def completions(names: Names, cursor: Cursor, line: int, column: int) -> list[types.CompletionItem]:
    """The items for the cursor, each replacing the word being typed (columns in characters)."""
    expected = expected_at(cursor.before, cursor.start)
    if expected is None:  # a mistake before the cursor: its line alone
        this_line = cursor.before.rsplit("\n", 1)[-1].lstrip()
        expected = expected_at(this_line, "script") or expected_at(this_line, "condition")
    items = script_completions(names, cursor.before) if expected is None else by_grammar(names, expected)
    return [_replacing(item, line, cursor.word_column, column) for item in _unique(items)]


def by_grammar(names: Names, expected: Expected) -> list[types.CompletionItem]:
    """What may come next where the parser is."""
    compared = _compared_values(names, expected)
    if compared is not None:
        return compared
    if expected.last() == "DOT":
        return _fields(names, expected)
    items = _statements(expected)
    started = {item.filter_text.split()[0] for item in items}
    if "PLAYER" in expected.terminals:
        items += [types.CompletionItem(word, kind=_KIND.Variable, detail="player", documentation=who)
                  for word, who in PLAYERS]
    if "NAME" in expected.terminals:
        items += _names(names, expected)
    for terminal in sorted(expected.terminals):
        for word in terminal_words().get(terminal, ()):
            if terminal != "PLAYER" and word not in started and word[:1].isalpha():
                items.append(types.CompletionItem(word, kind=_KIND.Keyword, detail="keyword"))
    return items


def _statements(expected: Expected) -> list[types.CompletionItem]:
    """The statements that may start here, one item each (its fewest words)."""
    offered = {}
    for start in statement_starts():
        known = offered.get(start.statement.syntax)
        if known is not None and len(known.words) <= len(start.words):
            continue
        if expected.accepts_after(list(start.tokens)):
            offered[start.statement.syntax] = start
    return [types.CompletionItem(syntax, kind=_KIND.Keyword, detail="statement", documentation=start.statement.does,
                                 filter_text=start.words, insert_text=start.words)
            for syntax, start in offered.items()]


def _compared_values(names: Names, expected: Expected) -> list[types.CompletionItem] | None:
    """After `X ==`, `X !=` or `X in [...,` where X is a colour, a kind, a symbol, a tag with
    values (`top.colour`, `kind`, `chosen kind`, `house`) or a chance table's draw (`random
    wheel`): those values; else None."""
    tokens = list(expected.tokens)
    if tokens and tokens[-1].type in ("LSQB", "COMMA"):
        while tokens and tokens[-1].type not in ("LSQB",):
            tokens.pop()
        if len(tokens) < 2 or tokens[-2].type != "IN":
            return None
        tokens = tokens[:-2] if tokens[-3:-2] == [] or tokens[-3].type != "NOT" else tokens[:-3]
    elif tokens and tokens[-1].type == "COMPARE" and tokens[-1] in ("==", "!="):
        tokens.pop()
    else:
        return None
    if not tokens:
        return None
    subject = tokens[-1]
    if subject.type == "NAME" and len(tokens) >= 2 and tokens[-2].type == "RANDOM":  # `random wheel ==`
        return _items(names.chance.get(str(subject), ()), _KIND.EnumMember, f"outcome of {subject}")
    what = subject.split()[-1] if subject.type == "CHOSEN_VALUE" else str(subject) if subject.type == "NAME" else None
    if what in ("colour", "colours"):
        return _items(names.colours, _KIND.EnumMember, "colour")
    if what == "kind":
        return [types.CompletionItem(kid, kind=_KIND.Class, detail=f"kind: {name}") for kid, name in names.kinds.items()]
    if what == "symbol":
        return _items(names.symbols, _KIND.EnumMember, "symbol")
    if what in names.tag_values:
        return _items(names.tag_values[what], _KIND.EnumMember, f"value of the tag {what}")
    return None


def _fields(names: Names, expected: Expected) -> list[types.CompletionItem]:
    """After `OWNER.`: a player's fields, the game's state, the settings, a card's fields."""
    owner = expected.tokens[-2] if len(expected.tokens) >= 2 else None
    if owner is None:
        return []
    player = _items(list(PLAYER_ATTRIBUTES), _KIND.Field, "a player's figure") + \
        _items(names.player_state, _KIND.Field, "a player's state")
    card = _items(CARD_ATTRIBUTES, _KIND.Field, "a card's attribute") + _items(names.tags, _KIND.Property, "tag")
    if owner.type in ("PLAYER", "RELATION"):
        return player
    if owner == "game":
        return _items(names.game_state, _KIND.Field, "game state")
    if owner == "settings":
        return _items(names.settings, _KIND.Property, "setting")
    if owner in CARD_VALUES:
        return card
    if owner.type in ("DRAW_PILE", "DISCARD_PILE", "PILE"):
        return _items(("size", "top", "colour"), _KIND.Field, "a pile's value")
    return player + card  # (a name a `let` or a loop holds: a player or a card)


def _names(names: Names, expected: Expected) -> list[types.CompletionItem]:
    """What a name may be here: an action after a player (`next presses`), a player held by
    a name where only a player goes (`skip victim`), else a value of the edition."""
    lets = _let_names(expected.tokens)
    if "_DRAWS" in expected.terminals:  # after a player, where its verb goes
        return _items(names.actions, _KIND.Function, "action (PLAYER ACTION)")
    if expected.last() == "RULE":
        return _items(names.written_rules, _KIND.Function, "written rule")
    if expected.last() == "RANDOM":  # `random wheel`: a chance table (or `number`, `card`: keywords)
        return _items(names.chance, _KIND.Enum, "chance table")
    if expected.last() in ("RANK", "TOTAL"):
        return _items([*PLAYER_ATTRIBUTES, *names.player_state], _KIND.Field, "a player's figure")
    if "ALWAYS" not in expected.terminals:  # no value goes here: a player a name holds
        return _items(lets, _KIND.Variable, "name")
    items = _items(lets, _KIND.Variable, "name")
    items += _items(CARD_ATTRIBUTES, _KIND.Field, "the card's attribute")
    items += _items([*GAME_NAMES, *CARD_VALUES], _KIND.Variable, "value")
    items += _items(names.colours, _KIND.EnumMember, "colour")
    items += [types.CompletionItem(kid, kind=_KIND.Class, detail=f"kind: {name}") for kid, name in names.kinds.items()]
    items += _items(names.tags, _KIND.Property, "tag")
    items += _items([f"settings.{s}" for s in names.settings], _KIND.Property, "setting")
    items += _items([f"game.{s}" for s in names.game_state], _KIND.Field, "game state")
    return items


def _let_names(tokens) -> list[str]:
    """The names a `let` or a loop (`for each victim in ...`) gave before the cursor."""
    found = [str(b) for a, b in zip(tokens, tokens[1:]) if a.type in ("LET", "EACH") and b.type == "NAME"]
    return list(dict.fromkeys(found))


# ---- items ------------------------------------------------------------------------------------

def _items(labels, kind: types.CompletionItemKind, detail: str) -> list[types.CompletionItem]:
    return [types.CompletionItem(label, kind=kind, detail=detail) for label in labels]


def _unique(items: list[types.CompletionItem]) -> list[types.CompletionItem]:
    seen, unique = set(), []
    for item in items:
        if item.label not in seen:
            seen.add(item.label)
            unique.append(item)
    return unique


def _replacing(item: types.CompletionItem, line: int, word_column: int, column: int) -> types.CompletionItem:
    """The item with a textEdit over the word typed, from its start to the cursor (in
    characters: the server turns them into the editor's units)."""
    text = item.insert_text or item.label
    item.text_edit = types.TextEdit(range=types.Range(start=types.Position(line, word_column),
                                                      end=types.Position(line, column)), new_text=text)
    item.insert_text = None
    return item


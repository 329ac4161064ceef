"""What the language server says of a place in a file: hover texts, completions and
definitions, from the tables the language already has (the statements and player
words of lang/statements.py, `unodsl explain`, the JSON Schemas, the edition's own
names). Positions here are 0-based lines and columns counted in characters.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from lsprotocol import types

from ..explain import explain
from ..edition.inherit import Merged
from ..edition.raw_scripts import scripts_in
from ..edition.model import DEFAULT_SETTINGS
from ..edition.rules import RULE_KEYS
from ..errors import Span
from ..lang.statements import PLAYERS, STATEMENTS, Statement
from ..resources import data_dir
from ..scenario.read import KEYS as SCENARIO_KEYS
from .analysis import Analysis
from .hover_file import file_hover, tag_text, usable_edition

_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# Words of a statement's syntax that say nothing of it alone (`move CARDS from PLACE to PLACE`).
_CONNECTIVES = {"to", "from", "with", "where", "in", "of", "or", "all", "on", "it", "each", "starting"}
_PLAYER_WORDS = dict(PLAYERS)


# ---- where the cursor is ---------------------------------------------------------------------

def word_at(line_text: str, column: int) -> str | None:
    """The name the cursor is in or just after."""
    for found in _WORD.finditer(line_text):
        if found.start() <= column <= found.end():
            return found[0]
    return None


def in_script(analysis: Analysis, line: int, column: int) -> bool:
    """Whether (line, column) is inside a script or condition of the file."""
    if analysis.doc is None or not isinstance(analysis.doc.data, dict):
        return False
    path, is_key = analysis.doc.path_at(line, column)
    return path is not None and not is_key and path in _script_paths(analysis)


def script_path_at(analysis: Analysis, line: int, column: int, line_text: str) -> tuple:
    """doc.path_at, the spaces typed after a plain value's end counting as in it (`playable:
    colour == `, the cursor after the last space: YAML's value ends at `==`)."""
    path, is_key = analysis.doc.path_at(line, column)
    typed = len(line_text[:column].rstrip())
    if path not in _script_paths(analysis) and typed < column:
        path, is_key = analysis.doc.path_at(line, typed)
    return path, is_key


def _script_paths(analysis: Analysis) -> set[tuple]:
    if analysis.kind == "rule":
        return {("script",)}
    if analysis.kind == "edition":
        return {path for path, _text, _parse in scripts_in(analysis.doc.data)}
    return set()


def _kind_key(analysis: Analysis, line: int, column: int) -> str | None:
    """The kind whose key (`skip:` under `kinds:`) is at (line, column)."""
    if analysis.kind != "edition" or analysis.doc is None:
        return None
    path, is_key = analysis.doc.path_at(line, column)
    if is_key and len(path) == 2 and path[0] == "kinds":
        return path[1]
    return None


# ---- hover -----------------------------------------------------------------------------------

def hover_text(analysis: Analysis, line: int, column: int, line_text: str) -> str | None:
    """Markdown for the place: a kind (its key, or its id in a script) in the words of
    `unodsl explain`; a player word or a statement's word in a script, its meaning."""
    kind = _kind_key(analysis, line, column)
    if kind is not None:
        return explained(analysis, kind)
    about_file = file_hover(analysis, line, column)
    if about_file is not None:
        return about_file
    if not in_script(analysis, line, column):
        return None
    word = word_at(line_text, column)
    if word is None:
        return None
    if word in _PLAYER_WORDS:
        return f"**`{word}`** (a player): {_PLAYER_WORDS[word]}"
    if word in _kinds(analysis):
        return explained(analysis, word)
    if word in names_of(analysis).tags:
        return tag_text(analysis, word)
    statements = statements_with(word)
    if statements:
        return "\n\n".join(f"**`{s.syntax}`**: {s.does}" for s in statements)
    return None


def explained(analysis: Analysis, kind_id: str) -> str | None:
    """`unodsl explain` of a kind, as Markdown. While the edition has errors, a sound kind is
    explained from the edition built without the parts in error (partial.py); a kind with
    an error of its own, or when nothing could be built, gets a short note."""
    edition = usable_edition(analysis)
    if edition is None or kind_id not in edition.kinds or _left_out(analysis, kind_id):
        name = _kinds(analysis).get(kind_id)
        if not name:
            return None
        if _left_out(analysis, kind_id):
            return f"**{name}** (`{kind_id}`): not explained while the kind itself has an error (underlined in it)"
        return f"**{name}** (`{kind_id}`): explained once the edition has no errors"
    kind = edition.kinds[kind_id]
    sections = explain(edition, kind).sections
    return "\n\n".join([f"**{kind.name}** (`{kind.id}`), {edition.name}"] +
                       [f"*{heading}:* {text}" for heading, text in sections])


def _left_out(analysis: Analysis, kind_id: str) -> bool:
    return analysis.edition is None and analysis.partial is not None and kind_id in analysis.partial.left_out


def statements_with(word: str) -> list[Statement]:
    """The statements written with `word` (`draws`: the four ways to draw)."""
    return [s for s in STATEMENTS if word in _keywords(s)]


def _keywords(statement: Statement) -> list[str]:
    return [w for w in re.findall(r"\b[a-z_]{2,}\b", statement.syntax) if w not in _CONNECTIVES]


# ---- completion ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Names:
    """The names a script of an edition may use, read from its data (merged over its base)."""

    colours: tuple[str, ...]
    kinds: dict  # id -> name
    tags: tuple[str, ...]
    settings: tuple[str, ...]
    player_state: tuple[str, ...]
    game_state: tuple[str, ...]
    actions: tuple[str, ...]
    written_rules: tuple[str, ...] = ()  # the edition's `written_rules:` (apply written rule NAME)
    symbols: tuple[str, ...] = ()  # its kinds' symbols (`symbol == reverse`)
    tag_values: dict = field(default_factory=dict)  # tag -> the values it has (`team == lions`)
    chance: dict = field(default_factory=dict)  # chance table -> its outcomes (`random wheel == jackpot`)


def names_of(analysis: Analysis) -> Names:
    data = analysis.source.data if analysis.source is not None else {}
    data = data if isinstance(data, dict) else {}
    state = _mapping(data.get("state"))
    kind_tags = [key for spec in _mapping(data.get("kinds")).values() for key in _mapping(_mapping(spec).get("tags"))]
    return Names(
        colours=tuple(c for c in _list(data.get("colours")) if isinstance(c, str)),
        kinds=_kinds(analysis),
        tags=tuple(dict.fromkeys([*_mapping(data.get("tags")), *kind_tags])),
        settings=tuple(dict.fromkeys([*DEFAULT_SETTINGS, *_mapping(data.get("settings"))])),
        player_state=tuple(_mapping(state.get("player"))),
        game_state=tuple(_mapping(state.get("game"))),
        actions=tuple(_mapping(data.get("actions"))),
        written_rules=tuple(_mapping(data.get("written_rules"))),
        symbols=tuple(dict.fromkeys(str(_mapping(spec).get("symbol")) for spec in _mapping(data.get("kinds")).values()
                                    if _mapping(spec).get("symbol") is not None)),
        tag_values=_tag_values(data),
        chance={str(table): tuple(str(o) for o in _mapping(outcomes))
                for table, outcomes in _mapping(data.get("chance")).items()},
    )


def _tag_values(data: dict) -> dict:
    """tag -> its values written as words: an edition's `tags: {team: {lions: C}}`,
    a kind's `tags: {team: eagles}`."""
    values: dict = {}
    for tag, rule in _mapping(data.get("tags")).items():
        values.setdefault(tag, []).extend(str(v) for v in _mapping(rule))
    for spec in _mapping(data.get("kinds")).values():
        for tag, value in _mapping(_mapping(spec).get("tags")).items():
            if isinstance(value, str):
                values.setdefault(tag, []).append(value)
    return {tag: tuple(dict.fromkeys(found)) for tag, found in values.items() if found}


def script_completions(names: Names, before: str) -> list[types.CompletionItem]:
    """What may be written at a script's cursor, `before` being its line up to the cursor:
    after `settings.`, `game.` or a player and a dot, the names that follow; else every
    statement, player word and name of the edition."""
    dotted = re.search(r"([A-Za-z_]\w*)\.\w*$", before)
    if dotted:
        owner = dotted[1]
        if owner == "settings":
            return _items(names.settings, types.CompletionItemKind.Property, "setting")
        if owner == "game":
            return _items(names.game_state, types.CompletionItemKind.Field, "game state")
        return _items(names.player_state, types.CompletionItemKind.Field, "a player's state")
    items = [_statement_item(s) for s in STATEMENTS]
    items += [types.CompletionItem(word, kind=types.CompletionItemKind.Variable, detail="player",
                                   documentation=who) for word, who in PLAYERS]
    items += _items(names.colours, types.CompletionItemKind.EnumMember, "colour")
    items += [types.CompletionItem(kid, kind=types.CompletionItemKind.Class, detail=f"kind: {name}")
              for kid, name in names.kinds.items()]
    items += _items(names.tags, types.CompletionItemKind.Property, "tag")
    items += _items([f"settings.{s}" for s in names.settings], types.CompletionItemKind.Property, "setting")
    items += _items([f"game.{s}" for s in names.game_state], types.CompletionItemKind.Field, "game state")
    items += _items(names.player_state, types.CompletionItemKind.Field, "a player's state (PLAYER.NAME)")
    items += _items(names.actions, types.CompletionItemKind.Function, "action (PLAYER ACTION)")
    items += _items(names.written_rules, types.CompletionItemKind.Function, "written rule (apply written rule NAME)")
    return items


def _statement_item(statement: Statement) -> types.CompletionItem:
    """A statement shown as it is written (`PLAYER draws N`), found and inserted by its word."""
    words = _keywords(statement)
    word = words[0] if words else statement.syntax
    return types.CompletionItem(statement.syntax, kind=types.CompletionItemKind.Keyword, detail="statement",
                                documentation=statement.does, filter_text=word, insert_text=word)


def key_completions(kind: str, present) -> list[types.CompletionItem]:
    """The top-level keys of a file of this kind that it does not have yet."""
    return [types.CompletionItem(key, kind=types.CompletionItemKind.Property, detail=f"{kind} key",
                                 documentation=about, insert_text=f"{key}: ")
            for key, about in top_level_keys(kind).items() if key not in present]


def top_level_keys(kind: str) -> dict[str, str]:
    """key -> what it is, from the file's JSON Schema (a scenario: the reader's keys)."""
    if kind == "scenario":
        return {key: "scenario key (docs/scenarios.md)" for key in SCENARIO_KEYS}
    schema_file = "rule.schema.json" if kind == "rule" else "edition.schema.json"
    schema = json.loads((data_dir("schemas") / schema_file).read_text(encoding="utf-8"))
    keys = {key: spec.get("description", "") for key, spec in schema.get("properties", {}).items()}
    if kind == "rule":
        keys = {key: about for key, about in keys.items() if key in RULE_KEYS}
    return keys


# ---- definition ------------------------------------------------------------------------------

def definition(analysis: Analysis, line: int, column: int, line_text: str):
    """(file, Span) where the thing at (line, column) is defined, or None: `base:` goes to
    the base file; a kind's key that overrides a base kind to the base's kind; a kind
    named in a script to its kind, in this file or its base."""
    source = analysis.source
    if source is None or analysis.doc is None:
        return None
    path, is_key = analysis.doc.path_at(line, column)
    if path == ("base",) and isinstance(source, Merged):
        return Span(source.base.doc.filename, 1, 1)
    kind = _kind_key(analysis, line, column)
    if kind is not None:
        if isinstance(source, Merged) and kind in _mapping(source.base.data.get("kinds")):
            return source.base.key_span(("kinds", kind))
        return None
    word = word_at(line_text, column) if in_script(analysis, line, column) else None
    if word in _kinds(analysis):
        return source.key_span(("kinds", word))
    return None


# ---- helpers ---------------------------------------------------------------------------------

def _kinds(analysis: Analysis) -> dict:
    """The kinds of the analysis's edition: id -> name."""
    data = analysis.source.data if analysis.source is not None else {}
    kinds = _mapping(data.get("kinds") if isinstance(data, dict) else None)
    return {kid: str(_mapping(spec).get("name", kid)) for kid, spec in kinds.items()}


def _items(labels, kind: types.CompletionItemKind, detail: str) -> list[types.CompletionItem]:
    return [types.CompletionItem(label, kind=kind, detail=detail) for label in labels]


def _mapping(value) -> dict:
    return value if isinstance(value, dict) else {}


def _list(value) -> list:
    return value if isinstance(value, list) else []

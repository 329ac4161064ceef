"""Load an edition's YAML and keep, for every value, where it was written.

PyYAML's constructors forget positions, so we compose the node tree once and
build plain data from it ourselves, recording a map from the data path
(("kinds", "skip", "effect")) to the node.  Everything a user can get wrong
becomes a Problem; all of them are raised together in one EditionError.
"""
from __future__ import annotations

import bisect
import re
from pathlib import Path
from typing import Any, Iterable

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from unodsl.codes import DUPLICATE_KEY, NOT_A_DOCUMENT, UNREADABLE, YAML_SYNTAX, YAML_VALUE
from unodsl.errors import EditionError, Problem, Span
from unodsl.limits import MAX_FILE_BYTES as MAX_BYTES, MAX_YAML_DEPTH as MAX_DEPTH, MAX_YAML_VALUES as MAX_NODES
from unodsl.limits import size_problem

from .files import read_regular_file

CARET_WIDTH = 200  # a YAML error's caret display shows at most this much of its line

_TAG = "tag:yaml.org,2002:"
# The line breaks PyYAML counts when it numbers lines (str.splitlines knows more).
_LINE_BREAK = re.compile(r"\r\n|[\r\n\x85\u2028\u2029]")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


class _Loader(yaml.SafeLoader):
    """A safe loader of our own, so nothing registered on SafeLoader leaks in."""

    def fetch_flow_collection_start(self, token_class) -> None:
        # PyYAML's scanner slows down with each open `[` or `{` (thousands take seconds)
        # before its parser runs out of stack: stop at the depth the builder allows anyway.
        if self.flow_level >= MAX_DEPTH:
            raise yaml.scanner.ScannerError(None, None, f"values are nested more than {MAX_DEPTH} deep",
                                            self.get_mark())
        super().fetch_flow_collection_start(token_class)


class _Abort(Exception):
    """Stops building: the document is too big or too deep to go on."""


def _short_tag(tag: str) -> str:
    return "!!" + tag[len(_TAG):] if tag.startswith(_TAG) else tag


class YamlDoc:
    """Plain data from a YAML file plus the position of every value in it."""

    def __init__(self, data: Any, filename: str, text: str,
                 nodes: dict[tuple, Node], keys: dict[tuple, Node]):
        self.data = data
        self.filename = filename
        self.text = text
        self._nodes = nodes  # path -> node of the value
        self._keys = keys  # path -> node of the mapping key naming it
        self._starts = _line_starts(text)
        self.problems: list[Problem] = []  # values YAML could not give as data (read_yaml)

    # -- positions -------------------------------------------------------
    def node(self, path: Iterable) -> Node | None:
        return self._nodes.get(tuple(path))

    def span(self, path: Iterable = ()) -> Span:
        """Where the value at `path` starts; for a missing path, its nearest existing parent."""
        path = tuple(path)
        while path not in self._nodes and path:
            path = path[:-1]
        node = self._nodes.get(path)
        if node is None:  # only an empty document has no root node
            return Span(self.filename, 1, 1)
        return self._node_span(node)

    def key_span(self, path: Iterable) -> Span:
        """Where the key naming `path` is written (list items and the root: the value)."""
        path = tuple(path)
        key = self._keys.get(path)
        return self._node_span(key) if key is not None else self.span(path)

    def path_at(self, line: int, column: int) -> tuple[tuple | None, bool]:
        """The path of the innermost value written at 0-based (line, column), and whether
        it is the key naming that value (an editor's cursor: unodsl lsp). (None, False)
        where no value is written. A position just past a value's last character is in it."""
        where = (line, column)

        def inside(node: Node) -> bool:
            start, end = node.start_mark, node.end_mark
            return (start.line, start.column) <= where <= (end.line, end.column)

        for path, key in self._keys.items():
            if inside(key):
                return path, True
        values = [path for path, node in self._nodes.items() if inside(node)]
        if not values:
            return None, False
        return max(values, key=lambda path: (self._nodes[path].start_mark.index, len(path))), False

    def source_line(self, line: int) -> str:
        """The text of 1-based `line`, without its line break ("" past the end)."""
        if not 1 <= line <= len(self._starts):
            return ""
        start = self._starts[line - 1]
        end = self._starts[line] if line < len(self._starts) else len(self.text)
        return _LINE_BREAK.sub("", self.text[start:end])

    def problem(self, path: Iterable, message: str, hint: str | None = None,
                *, at_key: bool = False, severity: str = "error", code: str = "") -> Problem:
        """A Problem pointing at the value (or, with at_key, the key) at `path`."""
        span = self.key_span(path) if at_key else self.span(path)
        return Problem(span, message, severity, hint, self.source_line(span.line), code)

    def script_span(self, path: Iterable, line: int, column: int) -> Span:
        """Map a 1-based (line, column) inside the string at `path` to the file.

        Scripts are parsed from the string Python sees, after YAML removed
        quotes, escapes, indentation and folded line breaks; this undoes that.
        """
        node = self.node(path)
        if not isinstance(node, ScalarNode) or not isinstance(node.value, str):
            return self.span(path)
        offset = _offset_in(node.value, line, column)
        places = _align(node.value, _source_units(self.text, node, self._starts))
        if places is None:  # cannot happen for text PyYAML accepted; stay useful anyway
            return self._mark_span(node.start_mark)
        if offset < len(places):
            span = self._index_span(places[offset])
            end = places[_word_end(node.value, offset) - 1] + 1
            end_line = bisect.bisect_right(self._starts, end - 1) - 1
            # (the word is on one line: an escape or a fold ends it at most on the next character)
            return span.until(end_line + 1, end - self._starts[end_line] + 1) if end_line + 1 == span.line else span
        # Just past the end (e.g. "unexpected end of script"): one after the last character.
        last = places[-1] if places else node.start_mark.index
        return self._index_span(last + 1 + offset - len(places))

    def require_mapping(self, what: str, keys: str = "name:, kinds:, ...") -> None:
        """Refuse a document that is not a mapping, saying only so: such a file is
        likely no edition at all, and its text is not shown."""
        if not isinstance(self.data, dict):
            raise EditionError([Problem(self.span(), f"this file is not {what}: it holds "
                                        f"{_describe(self.data)}, not a mapping of keys ({keys})",
                                        code=NOT_A_DOCUMENT)])

    # -- helpers ---------------------------------------------------------
    def _mark_span(self, mark) -> Span:
        return Span(self.filename, mark.line + 1, mark.column + 1)

    def _node_span(self, node: Node) -> Span:
        """Where a node is written: to its end if that is on its first line, else to the
        end of that line (a block's first line says what it is; the rest is its content)."""
        return _extent(node, self._mark_span(node.start_mark), self.source_line(node.start_mark.line + 1))

    def _index_span(self, index: int) -> Span:
        line = bisect.bisect_right(self._starts, index) - 1
        return Span(self.filename, line + 1, index - self._starts[line] + 1)


def _extent(node: Node, start: Span, line: str) -> Span:
    """`start` (the node's start) with the end of the node on its first line."""
    end = node.end_mark
    if end.line == node.start_mark.line and end.index > node.start_mark.index:
        return start.until(start.line, end.column + 1)
    return start.until(start.line, len(line.rstrip()) + 1)


def _word_end(value: str, offset: int) -> int:
    """Just past the word of a script starting at `offset` (a name or a number), or
    past the one character there (a symbol)."""
    end = offset + 1
    if value[offset].isalnum() or value[offset] == "_":
        while end < len(value) and (value[end].isalnum() or value[end] == "_"):
            end += 1
    return end


def _describe(data: Any) -> str:
    if isinstance(data, list):
        return "a list"
    if isinstance(data, bool):
        return "true/false"
    if isinstance(data, (int, float)):
        return "a number"
    return "text" if isinstance(data, str) else "nothing"


def caret_text(line: str, column: int, *, upto_caret: bool = True) -> str | None:
    """What of a line a caret display shows: the text up to the caret (with
    `upto_caret`, the character under it too), and nothing when the caret is
    far along a long line. The rest of a line that may be no edition's is not shown."""
    shown = line[:column if upto_caret else column - 1]
    if column > CARET_WIDTH or _CONTROL.search(shown):  # binary, most likely: nothing to show
        return None
    return shown


# -- script position mapping --------------------------------------------------

def _line_starts(text: str) -> list[int]:
    return [0] + [m.end() for m in _LINE_BREAK.finditer(text)]


def _offset_in(value: str, line: int, column: int) -> int:
    """Character offset of (line, column) in `value`, clamped to its lines."""
    lines = value.split("\n")
    line = max(1, min(line, len(lines)))
    column = max(1, min(column, len(lines[line - 1]) + 1))
    return sum(len(s) + 1 for s in lines[: line - 1]) + column - 1


_ESCAPES = {"0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v",
            "f": "\f", "r": "\r", "e": "\x1b", " ": " ", '"': '"', "\\": "\\", "/": "/",
            "N": "\x85", "_": "\xa0", "L": "\u2028", "P": "\u2029"}
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}


def _source_units(text: str, node: ScalarNode, starts: list[int]) -> list[tuple[str, int]]:
    """The characters a scalar is made of, each with its index in the file.

    Escapes become the character they stand for (placed at the backslash) and
    line breaks stay "\\n"; `_align` then sees how YAML folded them.
    """
    begin, end = node.start_mark.index, node.end_mark.index
    if node.style in ("|", ">"):
        return _block_units(text, node, starts)
    if node.style in ("'", '"'):
        begin, end = begin + 1, end - 1  # inside the quotes
    units: list[tuple[str, int]] = []
    i = begin
    while i < end:
        ch = text[i]
        if node.style == "'" and text.startswith("''", i):
            units.append(("'", i))
            i += 2
        elif node.style == '"' and ch == "\\" and i + 1 < end:
            nxt = text[i + 1]
            if nxt in "\r\n\x85\u2028\u2029":  # escaped line break: joins without a space
                i += 2
            elif nxt in _HEX_ESCAPES:
                size = _HEX_ESCAPES[nxt]
                units.append((chr(int(text[i + 2:i + 2 + size], 16)), i))
                i += 2 + size
            else:
                units.append((_ESCAPES.get(nxt, nxt), i))
                i += 2
        else:
            units.append(("\n" if _LINE_BREAK.match(ch) else ch, i))
            i += 1
    return units


def _block_units(text: str, node: ScalarNode, starts: list[int]) -> list[tuple[str, int]]:
    """Content of a `|` or `>` block: each line after the header, less the indentation."""
    first = node.start_mark.line + 1  # content starts on the line after the header
    last = min(node.end_mark.line, len(starts) - 1)
    lines = []
    for n in range(first, last + 1):
        end = starts[n + 1] if n + 1 < len(starts) else len(text)
        lines.append((starts[n], _LINE_BREAK.sub("", text[starts[n]:end])))
    indent = _block_indent(node, [line for _, line in lines])
    units: list[tuple[str, int]] = []
    for start, line in lines:
        units.extend((ch, start + col) for col, ch in enumerate(line) if col >= indent)
        units.append(("\n", start + len(line)))
    return units


def _block_indent(node: ScalarNode, lines: list[str]) -> int:
    """The block's indentation: the first text line's spaces less those the value keeps.

    Without an indicator the value keeps none; with one (`|2`) it keeps the extra.
    """
    in_file = next((line for line in lines if line.strip()), "")
    in_value = next((line for line in node.value.split("\n") if line.strip()), "")
    return (len(in_file) - len(in_file.lstrip(" "))) - (len(in_value) - len(in_value.lstrip(" ")))


def _align(value: str, units: list[tuple[str, int]]) -> list[int] | None:
    """File index of each character of `value`, matching it in order against `units`.

    What YAML drops (indentation, trailing spaces, extra line breaks) is
    skipped; a folded line break shows up in the value as a space.
    """
    places: list[int] = []
    j = 0
    for ch in value:
        while j < len(units) and not (units[j][0] == ch or (ch == " " and units[j][0] == "\n")):
            j += 1
        if j == len(units):
            return None
        places.append(units[j][1])
        j += 1
    return places


# -- building plain data -------------------------------------------------------

class _Builder:
    """Turns a composed node tree into plain data, recording where each value came from."""

    def __init__(self, text: str, filename: str, loader: _Loader, quotes_lines: bool):
        self.filename = filename
        self.quotes_lines = quotes_lines  # whether a problem shows its whole line
        self.lines = _LINE_BREAK.split(text)
        self.loader = loader  # its SafeConstructor methods turn scalars into numbers
        self.problems: list[Problem] = []
        self.nodes: dict[tuple, Node] = {}
        self.keys: dict[tuple, Node] = {}
        self.count = 0
        self.active: set[int] = set()  # collections being built: meeting one again is a cycle

    def problem(self, node: Node, message: str, hint: str | None = None, code: str = YAML_VALUE) -> Problem:
        mark = node.start_mark
        line, column = self.lines[mark.line], mark.column + 1
        # A document that is not a mapping is no edition: show only what the caret needs.
        shown = line if self.quotes_lines and len(line) <= CARET_WIDTH else caret_text(line, column)
        span = _extent(node, Span(self.filename, mark.line + 1, column), line)
        return Problem(span, message, "error", hint, shown, code)

    def enter(self, node: Node, path: tuple) -> None:
        """Count one more value; stop on bombs, deep nesting and cycles."""
        self.count += 1
        if self.count > MAX_NODES:
            self.problems.append(self.problem(
                node, f"the document expands to more than {MAX_NODES} values",
                "aliases (*name) that repeat other aliases multiply quickly; write the values out", NOT_A_DOCUMENT))
            raise _Abort
        if len(path) > MAX_DEPTH:
            self.problems.append(self.problem(node, f"values are nested more than {MAX_DEPTH} deep",
                                              code=NOT_A_DOCUMENT))
            raise _Abort
        if id(node) in self.active:
            self.problems.append(self.problem(node, "an alias (*name) refers to a value that contains it",
                                              code=NOT_A_DOCUMENT))
            raise _Abort

    def build(self, node: Node, path: tuple) -> Any:
        self.enter(node, path)
        self.nodes[path] = node
        if isinstance(node, ScalarNode):
            return self.scalar(node)
        expected = _TAG + ("seq" if isinstance(node, SequenceNode) else "map")
        if node.tag != expected:
            return self.bad_tag(node)
        self.active.add(id(node))
        try:
            if isinstance(node, SequenceNode):
                return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
            return self.mapping(node, path)
        finally:
            self.active.discard(id(node))

    def bad_tag(self, node: Node) -> None:
        self.problems.append(self.problem(
            node, f"unsupported YAML tag '{_short_tag(node.tag)}'",
            "editions hold plain text, numbers, true/false, lists and mappings"))
        return None

    def scalar(self, node: ScalarNode) -> Any:
        kind = node.tag[len(_TAG):] if node.tag.startswith(_TAG) else None
        try:
            if kind in ("str", "timestamp"):  # dates stay as written
                return node.value
            if kind == "null":
                return None
            if kind in ("int", "float", "bool"):
                return getattr(self.loader, f"construct_yaml_{kind}")(node)
        except (ValueError, KeyError, yaml.YAMLError):  # e.g. `!!int abc`
            self.problems.append(self.problem(node, f"'{node.value}' is not a valid {_short_tag(node.tag)}"))
            return None
        return self.bad_tag(node)

    def key(self, node: Node) -> str | None:
        """A mapping key as text: strings as they are, integers as written ("07" stays "07")."""
        if isinstance(node, ScalarNode) and node.tag in (_TAG + "str", _TAG + "int"):
            return node.value
        if isinstance(node, ScalarNode):
            self.problems.append(self.problem(
                node, f"a key must be text, but '{node.value}' reads as {_short_tag(node.tag)}",
                f"put it in quotes: \"{node.value}\""))
        else:
            self.problems.append(self.problem(node, "a key must be text, not a list or mapping"))
        return None

    def mapping(self, node: MappingNode, path: tuple) -> dict:
        result: dict[str, Any] = {}
        # `<<: *base` first, earlier sources winning; keys written here then override them.
        for source in reversed(self.merge_sources(node)):
            self.enter(source, path)
            self.active.add(id(source))
            try:
                result.update(self.mapping(source, path))
            finally:
                self.active.discard(id(source))
        seen: dict[str, Node] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _TAG + "merge":
                continue
            key = self.key(key_node)
            if key is None:
                continue
            if key in seen:
                first = seen[key].start_mark
                self.problems.append(self.problem(
                    key_node, f"duplicate key '{key}'",
                    f"it is already given at line {first.line + 1}, column {first.column + 1}", DUPLICATE_KEY))
                continue
            seen[key] = key_node
            self.keys[path + (key,)] = key_node
            result[key] = self.build(value_node, path + (key,))
        return result

    def merge_sources(self, node: MappingNode) -> list[MappingNode]:
        sources = []
        for key, value in node.value:
            if key.tag != _TAG + "merge":
                continue
            for item in value.value if isinstance(value, SequenceNode) else [value]:
                if isinstance(item, MappingNode) and item.tag == _TAG + "map":
                    sources.append(item)
                else:
                    self.problems.append(self.problem(
                        item, "a merge key '<<' takes a mapping or a list of mappings"))
        return sources


# -- entry points -------------------------------------------------------------

def _syntax_problem(err: yaml.YAMLError, text: str, filename: str) -> Problem:
    """One Problem for what PyYAML refused, at its 1-based line and column."""
    line, col, hint = 1, 1, None
    plain = _plain_wording(err, _LINE_BREAK.split(text)) if isinstance(err, yaml.MarkedYAMLError) else None
    if plain is not None:
        message, line, col, hint = plain
    elif isinstance(err, yaml.MarkedYAMLError) and err.problem_mark is not None:
        mark = err.problem_mark
        line, col = mark.line + 1, mark.column + 1
        message = f"YAML syntax error: {err.problem}"
        if err.context and (err.problem or "").startswith("but "):  # "expected X but found Y"
            message = f"YAML syntax error: {err.context} {err.problem}"
        elif err.context and err.context_mark is not None:
            where = err.context_mark
            hint = f"{err.context} that starts at line {where.line + 1}, column {where.column + 1}"
        if "'\\t'" in (err.problem or ""):
            hint = "YAML indentation must use spaces, not tabs"
    elif isinstance(err, yaml.reader.ReaderError):
        starts = _line_starts(text)
        line = bisect.bisect_right(starts, err.position)
        col = err.position - starts[line - 1] + 1
        message = f"character #x{err.character:04x} is not allowed in YAML"
        hint = "remove it, or write it as an escape (\\x..) in a double-quoted string"
    else:
        message = f"YAML error: {err}"
    lines = _LINE_BREAK.split(text)
    source = lines[line - 1] if line <= len(lines) else ""
    # A character YAML refuses (a control character) is not printed, only what is before it.
    shown = caret_text(source, col, upto_caret=not isinstance(err, yaml.reader.ReaderError))
    return Problem(Span(filename, line, col), message, "error", hint, shown, YAML_SYNTAX)


def _no_colon(lines: list[str], index: int, column: int) -> tuple[str, int, int, str]:
    """The line `index` (0-based) of a mapping, from `column`, has no `:` after its key."""
    words = lines[index][column:].split() if index < len(lines) else []
    key = words[0][:30] if words else ""  # (its first word only: the file may be no edition)
    return (f"this line is not `key: value`: there is no ':' after {key!r}", index + 1, column + 1,
            "a long text goes on more indented lines under its key, or in a block (`key: |` and the text "
            "on the lines below)")


_LINED_UP = ("the lines of one mapping (or list) start in the same column, here column {column} as at line "
             "{line}; what belongs to a key goes further right than the key, indented with spaces")


def _plain_wording(err: yaml.MarkedYAMLError, lines: list[str]) -> tuple[str, int, int, str] | None:
    """(message, line, column, hint) in an author's words for the mistakes of indentation and
    of colons that PyYAML words for YAML's authors; None for the others."""
    problem, mark, context = err.problem or "", err.problem_mark, err.context_mark
    if mark is None:
        return None
    line = mark.line + 1
    if problem.startswith(("expected <block end>", "did not find expected")) and context is not None:
        return ("bad indentation: this line is not lined up with the lines above it", line, mark.column + 1,
                _LINED_UP.format(column=context.column + 1, line=context.line + 1))
    if problem.startswith("could not find expected ':'") and context is not None:
        return _no_colon(lines, context.line, context.column)
    if problem.startswith("mapping values are not allowed") and line <= len(lines):
        text = lines[line - 1]
        indent = len(text) - len(text.lstrip(" "))
        above_at = next((i for i in range(line - 2, -1, -1)
                         if lines[i].strip() and not lines[i].lstrip().startswith("#")), None)
        above = lines[above_at] if above_at is not None else ""
        above_indent = len(above) - len(above.lstrip(" "))
        if ":" not in text[indent:mark.column]:  # this line's first key: the mistake is around it
            if ":" not in above and above_at is not None:  # (read with this line as one text)
                return _no_colon(lines, above_at, above_indent)
            if indent > above_indent:
                return ("bad indentation: this line is indented more than the line above it, which holds a "
                        "value already", line, indent + 1,
                        f"line it up with the line above (column {above_indent + 1}), or give the key above "
                        "no value of its own to hold it")
        return ("a plain value cannot hold ': ' (a colon, then a space)", line, mark.column + 1,
                "put the value in quotes (\"...\"), or write a script as a block: `effect: |` and the "
                "script on the lines below")
    return None


def _fail(filename: str, message: str, hint: str | None = None) -> EditionError:
    return EditionError([Problem(Span(filename, 1, 1), message, "error", hint, code=NOT_A_DOCUMENT)])


def load_yaml(text: str, filename: str) -> YamlDoc:
    """Parse `text` safely into a YamlDoc; every problem is raised in one EditionError."""
    doc = read_yaml(text, filename)
    if doc.problems:
        raise EditionError(doc.problems)
    return doc


def read_yaml(text: str, filename: str) -> YamlDoc:
    """Parse `text` safely into a YamlDoc, going on past values YAML cannot give as data.

    Those (a duplicate key, an unsupported tag, `!!int abc`, a list as a key, a
    bad merge) are left out of the data (a value becomes null, a key is not
    there) and listed, in source order, in `doc.problems`. Only a document that
    cannot be read at all raises an EditionError: text that is not YAML, too
    big, empty, or that expands too far (too many values, too deep, an alias
    inside itself).
    """
    too_big = size_problem(text, filename)
    if too_big:
        raise EditionError([too_big.with_code(UNREADABLE)])
    try:
        loader = _Loader(text)  # checks for unprintable characters at once
        root = loader.get_single_node()
    except yaml.YAMLError as err:
        raise EditionError([_syntax_problem(err, text, filename)]) from None
    except RecursionError:
        raise _fail(filename, "values are nested too deeply") from None
    if root is None:
        raise _fail(filename, "empty edition file", "an edition starts with `name:`; see editions/classic.yaml")
    builder = _Builder(text, filename, loader, quotes_lines=isinstance(root, MappingNode))
    try:
        data = builder.build(root, ())
    except _Abort:  # the reason is among the problems
        raise EditionError(_in_order(builder.problems)) from None
    doc = YamlDoc(data, filename, text, builder.nodes, builder.keys)
    doc.problems = _in_order(builder.problems)
    return doc


def _in_order(problems: list[Problem]) -> list[Problem]:
    return sorted(problems, key=lambda p: (p.span.line, p.span.column))


def load_yaml_file(path: str | Path) -> YamlDoc:
    """Read a UTF-8 file (a BOM is allowed) and load it; unreadable files are Problems too.

    Only a regular file is read (never a FIFO, a device or a folder): see files.py."""
    name = str(path)
    return load_yaml(read_text_file(path), name)


def read_text_file(path: str | Path) -> str:
    """The text of a UTF-8 file (a BOM is allowed); an EditionError placed in it if it
    cannot be read, is too big or is not UTF-8."""
    name = str(path)
    raw = read_regular_file(path, MAX_BYTES)
    too_big = size_problem(raw, name)
    if too_big:
        raise EditionError([too_big.with_code(UNREADABLE)])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        # Place it at the bad byte: its line, and the characters before it on that line.
        body = raw[3:] if raw.startswith(b"\xef\xbb\xbf") else raw
        before = body[:err.start].decode("utf-8")  # sound up to the bad byte
        starts = _line_starts(before)
        column = len(before) - starts[-1] + 1
        raise EditionError([Problem(Span(name, len(starts), column),
                                    f"file is not valid UTF-8 (byte {err.start}: {err.reason})", "error",
                                    "save the file as UTF-8",
                                    caret_text(before[starts[-1]:], column, upto_caret=False),
                                    UNREADABLE)]) from None
    return text

"""Load an edition's YAML and keep, for every value, where it was written.

PyYAML's constructors forget positions, so we compose the node tree once and
build plain data from it ourselves, recording a map from the data path
(("kinds", "skip", "effect")) to the node.  Everything a user can get wrong
becomes a Problem; all of them are raised together in one EditionError. Where a
character of a string was written is worked out in yamlpos.py; what PyYAML refuses is
worded in yamlsyntax.py.
"""
from __future__ import annotations

import bisect
from pathlib import Path
from typing import Any, Iterable

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from unodsl.codes import DUPLICATE_KEY, NOT_A_DOCUMENT, UNREADABLE, YAML_VALUE
from unodsl.errors import EditionError, Problem, Span
from unodsl.limits import MAX_FILE_BYTES as MAX_BYTES, MAX_YAML_DEPTH as MAX_DEPTH, MAX_YAML_VALUES as MAX_NODES
from unodsl.limits import size_problem

from .files import read_regular_file
from .yamlpos import CARET_WIDTH, LINE_BREAK, caret_text, line_starts, offset_in, scalar_places, word_end
from .yamlsyntax import syntax_problem

_TAG = "tag:yaml.org,2002:"


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
        self._starts = line_starts(text)
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
        return LINE_BREAK.sub("", self.text[start:end])

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
        offset = offset_in(node.value, line, column)
        places = scalar_places(self.text, node, self._starts)
        if places is None:  # cannot happen for text PyYAML accepted; stay useful anyway
            return self._mark_span(node.start_mark)
        if offset < len(places):
            span = self._index_span(places[offset])
            end = places[word_end(node.value, offset) - 1] + 1
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


def _describe(data: Any) -> str:
    if isinstance(data, list):
        return "a list"
    if isinstance(data, bool):
        return "true/false"
    if isinstance(data, (int, float)):
        return "a number"
    return "text" if isinstance(data, str) else "nothing"


# -- building plain data -------------------------------------------------------

class _Builder:
    """Turns a composed node tree into plain data, recording where each value came from."""

    def __init__(self, text: str, filename: str, loader: _Loader, quotes_lines: bool):
        self.filename = filename
        self.quotes_lines = quotes_lines  # whether a problem shows its whole line
        self.lines = LINE_BREAK.split(text)
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
        except (ValueError, KeyError, IndexError, yaml.YAMLError):  # e.g. `!!int abc`, `!!int` alone
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
        raise EditionError([syntax_problem(err, text, filename)]) from None
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
        starts = line_starts(before)
        column = len(before) - starts[-1] + 1
        raise EditionError([Problem(Span(name, len(starts), column),
                                    f"file is not valid UTF-8 (byte {err.start}: {err.reason})", "error",
                                    "save the file as UTF-8",
                                    caret_text(before[starts[-1]:], column, upto_caret=False),
                                    UNREADABLE)]) from None
    return text

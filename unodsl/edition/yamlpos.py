"""Positions in a YAML file's text: its lines, where each character of a string value
was written, and what of a line a caret display shows.

Apart from the reading of the file (yamlsrc.py) because it is its own small craft:
a script is parsed from the string Python sees, after YAML removed quotes, escapes,
indentation and folded line breaks, and a problem found in it is placed in the file
by undoing that, character by character.
"""
from __future__ import annotations

import re

from yaml.nodes import ScalarNode

CARET_WIDTH = 200  # a YAML error's caret display shows at most this much of its line

# The line breaks PyYAML counts when it numbers lines (str.splitlines knows more).
LINE_BREAK = re.compile(r"\r\n|[\r\n\x85\u2028\u2029]")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def caret_text(line: str, column: int, *, upto_caret: bool = True) -> str | None:
    """What of a line a caret display shows: the text up to the caret (with
    `upto_caret`, the character under it too), and nothing when the caret is
    far along a long line. The rest of a line that may be no edition's is not shown."""
    shown = line[:column if upto_caret else column - 1]
    if column > CARET_WIDTH or _CONTROL.search(shown):  # binary, most likely: nothing to show
        return None
    return shown


def whole_line(line: str, column: int) -> str | None:
    """A line shown whole under a problem, unless it is long or holds a control character:
    then what `caret_text` shows of it."""
    if len(line) <= CARET_WIDTH and not _CONTROL.search(line):
        return line
    return caret_text(line, column)


def line_starts(text: str) -> list[int]:
    return [0] + [m.end() for m in LINE_BREAK.finditer(text)]


def scalar_places(text: str, node: ScalarNode, starts: list[int]) -> list[int] | None:
    """The index in the file `text` of each character of the string `node` holds (None if
    they cannot be matched: not for text PyYAML accepted)."""
    return _align(node.value, _source_units(text, node, starts))


def offset_in(value: str, line: int, column: int) -> int:
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
            units.append(("\n" if LINE_BREAK.match(ch) else ch, i))
            i += 1
    return units


def _block_units(text: str, node: ScalarNode, starts: list[int]) -> list[tuple[str, int]]:
    """Content of a `|` or `>` block: each line after the header, less the indentation."""
    first = node.start_mark.line + 1  # content starts on the line after the header
    last = min(node.end_mark.line, len(starts) - 1)
    lines = []
    for n in range(first, last + 1):
        end = starts[n + 1] if n + 1 < len(starts) else len(text)
        lines.append((starts[n], LINE_BREAK.sub("", text[starts[n]:end])))
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


def word_end(value: str, offset: int) -> int:
    """Just past the word of a script starting at `offset` (a name or a number), or
    past the one character there (a symbol)."""
    end = offset + 1
    if value[offset].isalnum() or value[offset] == "_":
        while end < len(value) and (value[end].isalnum() or value[end] == "_"):
            end += 1
    return end

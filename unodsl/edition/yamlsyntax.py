"""What PyYAML refused, said as one placed problem in an author's words.

Apart from the reading of the file (yamlsrc.py): PyYAML words its errors for YAML's
authors ("expected <block end>, but found..."); the mistakes authors make most (a line
not lined up, a missing colon, a colon in a plain value) are recognised here and told
plainly, with the spot and the fix.
"""
from __future__ import annotations

import bisect
import re

import yaml

from unodsl.codes import YAML_SYNTAX
from unodsl.errors import Problem, Span

from .yamlpos import LINE_BREAK, caret_text, line_starts, whole_line


def syntax_problem(err: yaml.YAMLError, text: str, filename: str) -> Problem:
    """One Problem for what PyYAML refused, at its 1-based line and column."""
    line, col, hint = 1, 1, None
    plain = _plain_wording(err, LINE_BREAK.split(text)) if isinstance(err, yaml.MarkedYAMLError) else None
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
        starts = line_starts(text)
        line = bisect.bisect_right(starts, err.position)
        col = err.position - starts[line - 1] + 1
        message = f"character #x{err.character:04x} is not allowed in YAML"
        hint = "remove it, or write it as an escape (\\x..) in a double-quoted string"
    else:
        message = f"YAML error: {err}"
    lines = LINE_BREAK.split(text)
    source = lines[line - 1] if line <= len(lines) else ""
    if isinstance(err, yaml.reader.ReaderError):
        # A character YAML refuses (a control character) is not printed, only what is before it.
        shown = caret_text(source, col, upto_caret=False)
    else:
        shown = whole_line(source, col) if _begins_as_an_edition(lines) else caret_text(source, col)
    return Problem(Span(filename, line, col), message, "error", hint, shown, YAML_SYNTAX)


# The first line of a file written as an edition, a house rule or a scenario: `key: ...`.
_FIRST_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*:(\s|$)")


def _begins_as_an_edition(lines: list[str]) -> bool:
    """Whether the file begins as a mapping of unodsl's does (`name: ...`): its line in a
    problem is then shown whole, as the author needs to read it (`   points: 40`, not `p`);
    of any other file only what the caret needs is shown."""
    first = next((line for line in lines if line.strip() and not line.lstrip().startswith(("#", "---"))), "")
    return bool(_FIRST_KEY.match(first))


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

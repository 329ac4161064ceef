"""The scripts and conditions written in an edition's data, found where the schema
expects one, before (or without) an edition being built from it.

Apart from the loader because what reads them does not build an edition: the syntax
errors of a file whose shape is wrong, and the language server's completions.
"""
from __future__ import annotations

from ..codes import SCRIPT_MEANING
from ..errors import Problem, ScriptError
from ..lang.parse import parse_condition, parse_script
from .inherit import Source


def script_syntax_problems(source: Source) -> list[Problem]:
    """Syntax errors of every script and condition found where the schema expects one
    (what can be checked of a file no edition can be built from)."""
    found = []
    for path, text, parse in scripts_in(source.data):
        try:
            parse(text)
        except ScriptError as error:
            for each in error.every():
                span = source.script_span(path, each.line, each.column)
                found.append(Problem(span, each.message, hint=each.hint, source_line=source.line_text(span),
                                     code=each.code or SCRIPT_MEANING))
    return found


_KIND_SCRIPTS = (("effect", parse_script), ("on_start", parse_script), ("use", parse_script),
                 ("playable", parse_condition), ("bluff_if", parse_condition))


def scripts_in(data) -> list[tuple[tuple, str, object]]:
    """(path, text, parser) of every text of `data` written where a script or a condition goes."""
    found = []
    for kid, spec in _items(_get(data, "kinds")):
        for field_name, parse in _KIND_SCRIPTS:
            found.append((("kinds", kid, field_name), _get(spec, field_name), parse))
        reaction = _get(spec, "reaction")
        found += [(("kinds", kid, "reaction", "against"), _get(reaction, "against"), parse_condition),
                  (("kinds", kid, "reaction", "effect"), _get(reaction, "effect"), parse_script)]
        written = _get(spec, "written")
        found += [(("kinds", kid, "written", i), text, parse_script)
                  for i, text in enumerate(written if isinstance(written, list) else [])]
    rules = _get(data, "rules")
    found += [(("rules", i, "script"), _get(rule, "script"), parse_script)
              for i, rule in enumerate(rules if isinstance(rules, list) else [])]
    found += [(("actions", name), text, parse_script) for name, text in _items(_get(data, "actions"))]
    found += [(("written_rules", name), text, parse_script) for name, text in _items(_get(data, "written_rules"))]
    for name, rule in _items(_get(data, "tags")):
        cases = [(("tags", name, value), text) for value, text in _items(rule)] if isinstance(rule, dict) \
            else [(("tags", name), rule)]
        found += [(path, text, parse_condition) for path, text in cases]
    return [(path, text, parse) for path, text, parse in found if isinstance(text, str)]


def _get(data, key):
    return data.get(key) if isinstance(data, dict) else None


def _items(data) -> list:
    return list(data.items()) if isinstance(data, dict) else []

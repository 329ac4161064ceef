"""The effect language's grammar (grammar/effects.lark), loaded once into Lark's LALR
parser, with the indenter that makes blocks of indented lines."""
from __future__ import annotations

from functools import lru_cache

from lark import Lark
from lark.indenter import DedentError, Indenter

from ..errors import ScriptError
from ..resources import data_dir


class _ScriptIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types = ["LPAR", "LSQB"]
    CLOSE_PAREN_types = ["RPAR", "RSQB"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8

    def handle_NL(self, token):
        try:
            yield from super().handle_NL(token)
        except DedentError:  # not an UnexpectedInput: it has no position of its own
            raise ScriptError("unexpected indentation: this line is indented less than the block "
                              "above it, but more than the block around that", token.end_line, token.end_column,
                              hint="indent it exactly as far as the line that starts its block") from None


@lru_cache(maxsize=None)
def parser() -> Lark:
    grammar = (data_dir("grammar") / "effects.lark").read_text(encoding="utf-8")
    return Lark(
        grammar,
        parser="lalr",
        postlex=_ScriptIndenter(),
        start=["script", "condition"],
        propagate_positions=True,
        maybe_placeholders=True,
        cache=True,  # the built LALR tables, kept in the temp folder: a cold start is faster
    )

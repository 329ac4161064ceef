"""The table of statements (unodsl/lang/statements.py) agrees with the compiler, the
engine and the documentation."""
from __future__ import annotations

import inspect
import re
from pathlib import Path

from unodsl.engine.round import Round
from unodsl.lang import ast, statements
from unodsl.lang.registry import LANGUAGE

DOC = Path(__file__).resolve().parents[2] / "docs" / "effects.md"


def test_every_statement_the_compiler_knows_is_in_the_table_and_no_other():
    compiled = {cls.__name__ for cls in LANGUAGE.compilers if LANGUAGE.of(cls).kind == "statement"}
    assert compiled == set(statements.BY_NODE)
    assert all(hasattr(ast, name) for name in statements.BY_NODE)


def test_every_primitive_named_is_one_the_round_has():
    for statement in statements.STATEMENTS:
        for primitive in statement.primitives:
            assert callable(getattr(Round, primitive, None)), f"{statement.node}: no Round.{primitive}"


def test_every_primitive_named_is_called_by_the_compiled_code_of_its_statement():
    for statement in statements.STATEMENTS:
        # (the source text of its handler, in whichever module of unodsl/lang/compile/ holds it)
        source = inspect.getsource(LANGUAGE.compilers[getattr(ast, statement.node)])
        method = re.fullmatch(rf"    @compiles\(ast\.{statement.node}\)\n    def \w+\(self, s\):\n(.*)", source, re.S)
        assert method, statement.node
        for primitive in statement.primitives:
            assert f"g.{primitive}" in method[1] or f'"g.{primitive}' in method[1], (statement.node, primitive)


def test_a_table_card_use_refuses_the_statements_the_table_says_take_from_hands(monkeypatch):
    import dataclasses

    import pytest
    import unodsl
    from unodsl.errors import ScriptError
    from unodsl.lang.compile import USE, compile_script
    from unodsl.lang.parse import parse_script
    vocab = unodsl.load_edition("classic").vocabulary
    assert statements.BY_NODE["DiscardAll"].takes_from_hands and not statements.BY_NODE["Skip"].takes_from_hands
    with pytest.raises(ScriptError, match="cannot take cards out of a hand"):
        compile_script(parse_script("me discards all"), vocab, context=USE)
    compile_script(parse_script("skip next"), vocab, context=USE)
    # the row is what the compiler reads: a row saying it takes from hands refuses `skip` too
    rows = dict(LANGUAGE.rows)
    rows[ast.Skip] = dataclasses.replace(rows[ast.Skip], takes_from_hands=True)
    monkeypatch.setattr(LANGUAGE, "rows", rows)
    with pytest.raises(ScriptError, match="cannot take cards out of a hand"):
        compile_script(parse_script("skip next"), vocab, context=USE)


def test_the_documentation_shows_the_table():
    assert statements.markdown() in DOC.read_text(encoding="utf-8")


def test_the_player_words_are_the_grammars_and_docs_players_table():
    grammar = (Path(__file__).resolve().parents[2] / "grammar" / "effects.lark").read_text()
    words = re.search(r"PLAYER\.2: /\((.*?)\)", grammar)[1].split("|")
    assert [word for word, _who in statements.PLAYERS] == words
    documented = dict(re.findall(r"^\| `(\w+)` \| (.*) \|$", DOC.read_text().split("## Players")[1].split("##")[0], re.M))
    assert dict(statements.PLAYERS) == documented


def test_a_statement_the_parser_makes_without_a_compiler_is_unodsls_gap_not_the_authors(monkeypatch):
    """Forgetting a statement's compile handler used to tell the author "X is not allowed here";
    now the registry's check refuses it at import (tests/language/test_registry.py), and were one gone
    after it, compiling says it is unodsl's gap, not a script refused in place."""
    import pytest
    from unodsl.lang.compile import compile_script
    from unodsl.lang.compile.emitter import MissingCompiler
    from unodsl.lang.parse import parse_script
    import unodsl
    vocab = unodsl.load_edition("classic").vocabulary
    monkeypatch.delitem(LANGUAGE.compilers, ast.Reverse)
    with pytest.raises(MissingCompiler, match="no compiler for the statement Reverse"):
        compile_script(parse_script("reverse"), vocab)


def test_a_hook_inside_a_block_is_refused_by_its_own_rule():
    import pytest
    import unodsl
    with pytest.raises(unodsl.EditionError, match=r"--rule 1:3:5: error: a hook is a rule for the whole table"):
        unodsl.load_edition("classic", rules=["on play:\n  if true:\n    on draw:\n      skip next"])


def test_the_hook_events_are_the_grammars():
    """One table of hook events (lang/statements.py): the parser's messages, the compiler (what a
    hook may read) and the explainer read it; the grammar's EVENT must list the same."""
    from unodsl.lang.parse import _parser
    (terminal,) = [t for t in _parser().terminals if t.name == "EVENT"]
    words = re.fullmatch(r"\((.*)\)\\b", terminal.pattern.value)  # (grammar/effects.lark: `/(play|...)\b/`)
    assert words and words[1].split("|") == list(statements.EVENT_NAMES)


def test_the_group_words_are_the_compilers_groups():
    from unodsl.lang.compile import GROUP_PLAYERS, SINGLE_PLAYERS
    assert set(GROUP_PLAYERS) == set(statements.GROUP_WORDS)
    assert set(SINGLE_PLAYERS) <= set(statements.ONE_PLAYER_WORDS)


def test_the_parsers_message_names_every_player_word():
    from unodsl.lang.parse import _TOKEN_TEXT
    assert all(word in _TOKEN_TEXT["PLAYER"] for word in statements.PLAYER_WORDS)


def test_the_replaced_draws_are_the_grammars():
    from unodsl.lang.parse import _parser
    (terminal,) = [t for t in _parser().terminals if t.name == "REPLACED"]
    words = re.fullmatch(r"\((.*)\)\\b", terminal.pattern.value)  # (grammar/effects.lark: `/(turn_draw|...)\b/`)
    assert words and tuple(words[1].split("|")) == statements.REPLACED_DRAWS


def test_the_readme_names_every_player_word_and_every_hook_event():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    players = re.search(r"Players are (.*?)\. A question", readme, re.S)[1]
    assert re.findall(r"`(\w+)`", players) == list(statements.PLAYER_WORDS)
    events = re.search(r"hooks on game events \((.*?)\)", readme, re.S)[1]
    assert re.findall(r"`(\w+)`", events) == list(statements.EVENT_NAMES)

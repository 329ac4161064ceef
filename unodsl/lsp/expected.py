"""What the grammar lets come next at a script's cursor: the LALR parser (grammar/effects.lark,
unodsl/lang/grammar.py) is fed the script's text up to the cursor, and its state says which
terminals it accepts there (Lark's interactive parser). Completion (completion.py) turns
them into words, so a construct added to the grammar is completed with no change here.

Each statement of the language (lang/statements.py) may start where the parser accepts one
of its grammar rules' shortest forms, fed from its first keyword on (`PLAYER draws N`: after
a player, `draws 0`; `skip PLAYER`: `skip me`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from lark import Token
from lark.exceptions import LarkError
from lark.grammar import NonTerminal, Terminal
from lark.lexer import PatternStr

from ..lang.grammar import parser
from ..lang.statements import STATEMENTS, Statement

_END = "\x00"  # put after the text: the lexer stops there, before the indenter closes the blocks
_NOT_A_WORD = {"NAME", "INT", "STRING", "COMMENT", "_NL", "_INDENT", "_DEDENT", "$END"}


@dataclass(frozen=True)
class Expected:
    """The parser at the cursor: the terminals it accepts, the tokens read before it."""

    terminals: frozenset
    tokens: tuple  # (Token, ...) fed, the last one just before the cursor
    state: object  # Lark's InteractiveParser there (copied before any feeding)

    def accepts_after(self, tokens: list[Token]) -> bool:
        """Whether `tokens` may come next."""
        trial = self.state.copy(deepcopy_values=False)  # (the values are never read)
        try:
            for token in tokens:
                trial.feed_token(token)
        except LarkError:
            return False
        return True

    def last(self, back: int = 1) -> str | None:
        """The type of the token `back` places before the cursor (1: the last one)."""
        return self.tokens[-back].type if len(self.tokens) >= back else None


def expected_at(prefix: str, start: str) -> Expected | None:
    """The parser's state after `prefix` (a script's text up to the cursor, `start` "script"
    or "condition"), or None where the text before is no prefix of any script."""
    interactive = parser().parse_interactive(prefix + _END, start=start)
    fed = []
    try:
        for token in interactive.lexer_thread.lex(interactive.parser_state):
            interactive.feed_token(token)
            fed.append(token)
    except LarkError as error:
        if getattr(error, "pos_in_stream", None) != len(prefix):  # (a mistake before the cursor)
            return None
    except Exception:  # the indenter's own dedent error (lang/grammar.py): a prefix it refuses
        return None
    return Expected(frozenset(interactive.accepts()), tuple(fed), interactive)


# ---- the words of the grammar's terminals ------------------------------------------------------

@lru_cache(maxsize=None)
def terminal_words() -> dict[str, tuple[str, ...]]:
    """terminal name -> the words it stands for (`SKIP`: skip; `PLAYER`: me, next, ...;
    `_DRAWS`: draws, draw), for every terminal written with letters."""
    words = {}
    for terminal in parser().terminals:
        if terminal.name in _NOT_A_WORD:
            continue
        if isinstance(terminal.pattern, PatternStr):
            found = (terminal.pattern.value,)
        else:
            found = _regex_words(terminal.pattern.value)
        found = tuple(w for w in found if re.fullmatch(r"[A-Za-z_' ,]+", w))
        if found:
            words[terminal.name] = found
    return words


def _regex_words(regex: str) -> tuple[str, ...]:
    """The words a terminal's regular expression matches, for the grammar's forms: `(a|b)\\b`,
    `(?:a|b)`, `draws?\\b`, `draw[ \\t]+pile\\b`, `chosen[ \\t]+(number|kind)\\b`."""
    text = regex.replace("\\b", "").replace("[ \\t]+", " ").replace("(?:", "(")
    group = re.search(r"\(([^()]*)\)", text)
    options = [text[:group.start()] + part + text[group.end():] for part in group[1].split("|")] if group else [text]
    words = []
    for option in options:
        if option.endswith("s?"):  # the plural first: `next draws`, as most statements are said
            words += [option[:-2] + "s", option[:-2]]
        else:
            words.append(option)
    return tuple(words)


# ---- where statements start ------------------------------------------------------------------

@dataclass(frozen=True)
class StatementStart:
    """One way a statement is written, from its first keyword: what is fed to see whether it
    may come next, and the words an editor inserts for it."""

    statement: Statement
    tokens: tuple  # the shortest form from the first keyword (Token, ...)
    words: str  # its leading keywords (`extra turn`, `draws`)


@lru_cache(maxsize=None)
def statement_starts() -> tuple[StatementStart, ...]:
    """Every way each statement may be written, from its first keyword on."""
    shortest = _shortest_forms()
    starts = []
    for statement in STATEMENTS:
        for rule in parser().rules:
            if statement.rules and {rule.alias, rule.origin.name} & set(statement.rules):
                start = _start_of(statement, [symbol.name for symbol in rule.expansion], shortest)
                if start is not None:
                    starts.append(start)
    return tuple(starts)


def _start_of(statement: Statement, expansion: list[str], shortest: dict) -> StatementStart | None:
    """The statement written by one expansion of its rule, from its first keyword (a target
    before it, `PLAYER draws N`, is left to the player words); None if it has no keyword."""
    words = terminal_words()
    first = next((i for i, name in enumerate(expansion) if name in words and name != "PLAYER"), None)
    if first is None:
        return None
    expansion = expansion[first:]
    leading = []  # the rule's own words up to its first part that varies (`extra turn`, `give all to`)
    for i, name in enumerate(expansion):
        word = words.get(name, ("",))[0]
        if not word.isalpha() or (i > 0 and len({w.rstrip("s") for w in words[name]}) > 1):
            break
        leading.append(word)
    form = [t for name in expansion for t in shortest.get(name, (name,))]
    if form[-1] != "_NL":
        form.append("_NL")  # (a statement ends its line; one that holds a block ends with it)
    return StatementStart(statement, tuple(_sample(name) for name in form), " ".join(leading))


def _sample(terminal: str) -> Token:
    """A token of the terminal, as the lexer would give it."""
    words = terminal_words().get(terminal)
    value = words[0] if words else {"INT": "1", "STRING": '"x"'}.get(terminal, "x")
    return Token(terminal, value)


def _shortest_forms() -> dict[str, tuple[str, ...]]:
    """nonterminal -> the terminals of its shortest derivation, by fixpoint over the rules."""
    rules = parser().rules
    shortest: dict[str, tuple[str, ...]] = {}
    changed = True
    while changed:
        changed = False
        for rule in rules:
            parts = []
            for symbol in rule.expansion:
                if isinstance(symbol, Terminal):
                    parts.append((symbol.name,))
                elif isinstance(symbol, NonTerminal) and symbol.name in shortest:
                    parts.append(shortest[symbol.name])
                else:
                    break
            else:
                form = tuple(t for part in parts for t in part)
                known = shortest.get(rule.origin.name)
                if known is None or len(form) < len(known):
                    shortest[rule.origin.name] = form
                    changed = True
    return shortest

"""What a syntax error says: the token found and those expected, as a user would type
them, a did-you-mean for a misspelt word, and hints for the usual mistakes. Each becomes
one ScriptError with its position inside the script."""
from __future__ import annotations

import difflib
import re
from functools import lru_cache

from lark import Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..errors import ScriptError
from .grammar import parser
from .other_words import statement_meant
from .statements import EVENT_NAMES, ONE_PLAYER_WORDS, PLAYER_WORDS, REPLACED_DRAWS, verbs_after_a_player

# Terminal names as a user would type them.
_TOKEN_TEXT = {
    "_NL": "end of line", "_INDENT": "an indented block", "_DEDENT": "end of block",
    "$END": "end of script", "NAME": "a name", "INT": "a number", "STRING": "a quoted text",
    "PLAYER": f"a player ({', '.join(PLAYER_WORDS)})",
    "COMPARE": "a comparison (== != < <= > >=)", "ADD": "+ or -", "MUL": "* / %",
    "EVENT": f"an event ({', '.join(EVENT_NAMES)})",
    "_DRAWS": "'draws'", "_DISCARDS": "'discards'", "_WHERE": "'where'", "_ACCEPTS": "'accepts'",
    "_SWAPS": "'swaps'", "_SEATS": "'seats'", "_CARD": "'cards'",
    "VALUE_KIND": "'number', 'symbol' or 'kind'", "RELATION": "'partner', 'left', 'right', 'next' or 'previous'",
}


def describe_token(name: str) -> str:
    if name in _TOKEN_TEXT:
        return _TOKEN_TEXT[name]
    for terminal in parser().terminals:
        if terminal.name == name and terminal.pattern.type == "str":
            return repr(terminal.pattern.value)
    return name.lower()


# Words a terminal stands for, to suggest the nearest one to a misspelt word.
_TOKEN_WORDS = {
    "PLAYER": PLAYER_WORDS,
    "EVENT": EVENT_NAMES,
    "_DRAWS": ("draws", "draw"), "_DISCARDS": ("discards", "discard"), "_ACCEPTS": ("accepts", "accept"),
    "_SWAPS": ("swaps", "swap"), "_WHERE": ("where",),
    "VALUE_KIND": ("number", "symbol", "kind"), "RELATION": ("partner", "left", "right", "next", "previous"),
}

# The draws a house rule may replace (`instead of turn_draw:`).
_TOKEN_TEXT["REPLACED"] = f"a draw a rule may replace ({', '.join(REPLACED_DRAWS)})"
_TOKEN_WORDS["REPLACED"] = REPLACED_DRAWS

# What a player names (`choose number`), and a pick read after (`chosen number`).
_TOKEN_TEXT["VALUE_KIND"] = "what is named (number, symbol, kind)"
_TOKEN_WORDS["VALUE_KIND"] = ("number", "symbol", "kind")
_TOKEN_TEXT["CHOSEN_VALUE"] = "a value named (chosen number, chosen symbol, chosen kind)"

# Mistakes people make, recognised by what was found where: (found, expected) -> hint.
_LABELS = [
    (lambda found, expected: found == "indentation",
     "indent only the lines of a block, under a line ending with `:` (if, elif, else, ask, on)"),
    (lambda found, expected: found == "then", "write `if CONDITION:` with a colon, without `then`"),
    (lambda found, expected: found == "if" and "':'" in expected, "after `else`, write `elif CONDITION:`"),
    (lambda found, expected: found == "end of line" and expected == ["':'"],
     "end the line with `:` and indent the block under it (or put one statement after the colon)"),
    (lambda found, expected: found in ("and", "or") and "end of line" in expected,
     "a statement ends here: join statements with `;` or a new line (and/or join conditions)"),
    (lambda found, expected: "'skip'" in expected and "'reverse'" in expected,
     "a script is made of statements such as `next draws 2`, `skip next`, `choose colour`, "
     "`if CONDITION:`; see docs/effects.md"),
    # (a word at the start of a line is taken for a player held by a name: `victim draws 2`)
    (lambda found, expected: "'draws'" in expected and "'swaps'" in expected,
     "a statement says what a player does (`next draws 2`, `victim draws 2`) or is `skip next`, "
     "`choose colour`, `if CONDITION:`, ...: a condition alone is no statement; see docs/effects.md"),
]


def syntax_error(error: UnexpectedInput, text: str) -> ScriptError:
    found = _syntax_error(error, text)
    meant = _statement_meant(error, text)
    if meant is not None:  # (a word people write for a statement: the statement is the hint)
        found.hint = meant
    return found


def _statement_meant(error: UnexpectedInput, text: str) -> str | None:
    """`everyone reveals hand`: the parser stopped at a word of OTHER_WORDS after a player,
    or on a line that starts with one (`reveal next's hand`)."""
    state = getattr(error, "interactive_parser", None)
    stack = getattr(getattr(state, "parser_state", None), "value_stack", None) or []
    if (isinstance(error, UnexpectedToken) and len(stack) >= 2 and isinstance(stack[-1], Token)
            and stack[-1].type == "NAME" and isinstance(stack[-2], Tree) and stack[-2].data == "player"):
        player = " ".join(str(token) for token in stack[-2].scan_values(lambda value: isinstance(value, Token)))
        return statement_meant(str(stack[-1]), player)
    if not isinstance(error, UnexpectedToken) or error.token.type in ("_NL", "_INDENT", "_DEDENT", "$END"):
        return None  # (an indentation or a line's end is placed on the line before)
    lines = text.split("\n")
    first = _WORD.match(lines[error.line - 1].lstrip()).group() if 0 < error.line <= len(lines) else ""
    return statement_meant(first) if first else None


def _syntax_error(error: UnexpectedInput, text: str) -> ScriptError:
    line, column = max(error.line, 1), max(error.column, 1)
    verb = _misspelt_verb(error) or _misspelt_player(error)
    if verb is not None:
        return verb
    if isinstance(error, UnexpectedCharacters):
        bad = text[error.pos_in_stream] if error.pos_in_stream < len(text) else "end"
        following = text[error.pos_in_stream + 1:error.pos_in_stream + 2]
        hint = "to compare two values, write `==`" if bad == "=" and following != "=" else None
        if bad == "'" and text[error.pos_in_stream:error.pos_in_stream + 2] != "'s":
            hint = 'quote texts with double quotes: "like this"'
        return ScriptError(f"unexpected character {bad!r}", line, column, hint=hint)
    if isinstance(error, UnexpectedToken) and error.token.type == "EQUAL":
        # `=` is a token only for `let NAME = ...`: anywhere else it is the old mistake
        return ScriptError("unexpected character '='", line, column, hint="to compare two values, write `==`")
    names = set(getattr(error, "expected", ()) or ())
    parser_state = getattr(error, "interactive_parser", None)
    if parser_state is not None:  # the tokens that really fit here, not the LALR state's lookahead
        try:
            names = set(parser_state.accepts()) or names
        except Exception:  # noqa: BLE001 - the plain expected set is still a fine answer
            pass
    if _after_a_player_word(parser_state):  # (`me.`: the parser reduced `me` before seeing the dot)
        names |= _possessive()
    if "PLAYER" in names:  # the other ways to name a player are told with the player words
        names -= _OTHER_PLAYER_TOKENS
        if "NAME" not in names:  # (where a value may be, a number is one)
            names.discard("INT")
    if len(names) > 1:  # after a number, `seats` (of `2 seats on`) is rarely what was meant
        names.discard("_SEATS")
    expected = sorted({describe_token(name) for name in names})
    word = None
    if isinstance(error, UnexpectedToken):
        token = error.token
        word = str(token) if token.type == "NAME" or token.type.isupper() and str(token).isalpha() else None
        if word and token.type != "NAME":  # a keyword lexed from the start of a longer word: `to` of `top`
            word = _WORD.match(text, token.start_pos).group() or word
        found = "end of script" if token.type == "$END" else (
            describe_token(token.type) if token.type.startswith("_") and not word else repr(word or str(token)))
        if token.type == "_INDENT":  # placed at the line break before it; the indented text is what is wrong
            found, line, column = "indentation", token.end_line, token.end_column
        if token.type in ("_DEDENT", "$END", "_NL") and error.line in (-1, None):
            line, column = _last_position(text)
    elif isinstance(error, UnexpectedEOF):
        found = "end of script"
        line, column = _last_position(text)
    else:
        found = "this"
    message = f"unexpected {found}"
    if expected:
        shown = expected[:8]
        message += ", expected " + (shown[0] if len(shown) == 1 else "one of: " + ", ".join(shown))
        if len(expected) > len(shown):
            message += f" (and {len(expected) - len(shown)} more)"
    hint = next((label for test, label in _LABELS if test(word or found.strip("'"), expected)), None)
    if hint is None and word:
        hint = _nearest_word(word, names)
    return ScriptError(message, line, column, hint=hint)


def _after_a_player_word(parser_state) -> bool:
    """The parser stopped right after a player word (`me`, `next`): `'s` may come next
    (`next's hand`, `me's left`) even where the state it reduced to no longer says so."""
    stack = getattr(getattr(parser_state, "parser_state", None), "value_stack", None) or []
    return bool(stack) and isinstance(stack[-1], Tree) and stack[-1].data == "player" and len(stack[-1].children) == 1


@lru_cache(maxsize=1)
def _possessive() -> set:
    """The terminal of `'s`, as the grammar names it."""
    return {terminal.name for terminal in parser().terminals if terminal.pattern.value == "'s"}


# The words a statement may have after a player, but an action's name (`next presses`).
_VERBS_AFTER_PLAYER = verbs_after_a_player()


def _misspelt_verb(error: UnexpectedInput) -> ScriptError | None:
    """`next drwas 2`: a word after a player reads as an action of the edition (`next
    presses`), but an action takes nothing after it: the word is the mistake."""
    state = getattr(error, "interactive_parser", None)
    stack = getattr(getattr(state, "parser_state", None), "value_stack", None) or []
    if not (isinstance(error, UnexpectedToken) and error.token.type not in ("_NL", "$END", "_DEDENT", "SEMICOLON")
            and len(stack) >= 2 and isinstance(stack[-1], Token) and stack[-1].type == "NAME"
            and isinstance(stack[-2], Tree) and stack[-2].data == "player"):
        return None
    word = stack[-1]
    expected = ", ".join(repr(verb) for verb in sorted(_VERBS_AFTER_PLAYER))
    close = difflib.get_close_matches(str(word), _VERBS_AFTER_PLAYER + ("draw", "discard", "swap"), n=1, cutoff=0.6)
    return ScriptError(f"unexpected {str(word)!r}, expected one of: {expected}", word.line, word.column,
                       hint=f"did you mean {close[0]!r}?" if close else
                       "an action of the edition (`next presses`) takes nothing after it")


# What only a player is followed by in a condition (`next holds red`, `next challenges`).
_AFTER_A_PLAYER = ("HOLDS", "CHALLENGES", "_ACCEPTS")


def _misspelt_player(error: UnexpectedInput) -> ScriptError | None:
    """`if nxt holds red:`: a word that is no player, before what only a player is followed by."""
    state = getattr(error, "interactive_parser", None)
    stack = getattr(getattr(state, "parser_state", None), "value_stack", None) or []
    if not (isinstance(error, UnexpectedToken) and error.token.type in _AFTER_A_PLAYER
            and stack and isinstance(stack[-1], Token) and stack[-1].type == "NAME"):
        return None
    word = stack[-1]
    close = difflib.get_close_matches(str(word), ONE_PLAYER_WORDS, n=1)
    return ScriptError(f"`{word}` is not a player", word.line, word.column,
                       hint=f"did you mean {close[0]!r}?" if close else
                       "a player is me, next, previous, chosen, ..., or a name a `let` gave one to")


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|")
# Tokens that begin a player other than by a word (`2 seats on`, `after next`, `highest hand`):
# where a player is expected, "a player" says it.
_OTHER_PLAYER_TOKENS = {"AFTER", "RANK"}


def _nearest_word(word: str, terminals: set) -> str | None:
    """`did you mean 'draws'?` for a misspelt keyword among those expected."""
    words: list[str] = []
    for name in terminals:
        if name in _TOKEN_WORDS:
            words.extend(_TOKEN_WORDS[name])
        else:
            text = describe_token(name)
            if text.startswith("'") and text[1:-1].isalpha():
                words.append(text[1:-1])
    close = difflib.get_close_matches(word, words, n=1, cutoff=0.6)
    return f"did you mean '{close[0]}'?" if close else None


def _last_position(text: str) -> tuple[int, int]:
    lines = text.rstrip("\n").split("\n")
    return len(lines), len(lines[-1]) + 1

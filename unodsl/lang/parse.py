"""Parse effect scripts into the syntax tree of unodsl.lang.ast.

The grammar (grammar/effects.lark) is loaded once; every parse error becomes a
ScriptError with a position inside the script and the tokens that were expected.
"""
from __future__ import annotations

import difflib
import re
from functools import lru_cache

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError
from lark.indenter import DedentError, Indenter

from ..codes import SCRIPT_SYNTAX
from ..errors import ScriptError
from ..limits import MAX_NUMBER, MAX_SCRIPT_CHARS, MAX_SCRIPT_DEPTH, MAX_SCRIPT_STATEMENTS
from ..resources import data_dir
from . import ast
from .statements import EVENT_NAMES, ONE_PLAYER_WORDS, PLAYER_WORDS, verbs_after_a_player


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
def _parser() -> Lark:
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


def parse_script(text: str) -> ast.Script:
    """A whole effect script or house rule."""
    return _tagged(text, "script")


def parse_condition(text: str) -> ast.Node:
    """A bare condition, as in `playable:` or `bluff_if:`."""
    return _tagged(text, "condition")


def _tagged(text: str, start: str):
    """The tree of `text`; what the parser refuses is a syntax error (the compiler's, of meaning)."""
    try:
        return _parse(text, start)
    except ScriptError as error:
        error.code = SCRIPT_SYNTAX
        raise


@lru_cache(maxsize=1024)  # editions built on classic parse classic's scripts again: 126 parses, 21 texts
def _parse(text: str, start: str):
    """The syntax tree (frozen nodes, so one tree may serve every edition that has the text)."""
    _check_length(text)
    if not text.endswith("\n"):
        text += "\n"  # the indenter needs a last newline to close blocks
    try:
        tree = _parser().parse(text, start=start)
        _check_shape(tree)
        return _ToAst().transform(tree)
    except UnexpectedInput as error:
        raise _syntax_error(error, text) from None
    except VisitError as error:  # raised inside the transformer
        raise error.orig_exc from None


# ---- limits (unodsl/limits.py): refused with a place before Python's own limits are reached

def _check_length(text: str) -> None:
    """Checked before parsing: the parser's time and memory grow with the text."""
    if len(text) > MAX_SCRIPT_CHARS:
        line = text.count("\n", 0, MAX_SCRIPT_CHARS) + 1
        column = MAX_SCRIPT_CHARS - text.rfind("\n", 0, MAX_SCRIPT_CHARS)
        raise ScriptError(f"script is too long: more than {MAX_SCRIPT_CHARS} characters (the limit is crossed here)",
                          line, column, hint="a card or a house rule does one thing in a few lines; split it")


# Grammar rules that group others without nesting them any deeper for a reader.
_NOT_NESTING = {"script", "condition", "block", "answer", "elif_clause", "else_clause", "players_hand"}


def _check_shape(tree: Tree) -> None:
    """Nesting depth and statement count, walked without recursion (the syntax tree,
    the compiler, Python's compile() and the English of describe.py all recurse)."""
    statements = 0
    stack = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if node.data not in _NOT_NESTING:
            depth += 1
            if depth > MAX_SCRIPT_DEPTH:
                raise ScriptError(f"nested too deeply: more than {MAX_SCRIPT_DEPTH} levels of blocks and "
                                  "expressions inside each other", *_position(node),
                                  hint="use `elif` instead of `else: if`, fewer `not`s, or fewer terms "
                                       "in a chain of + or - (each term is one level)")
        if node.data in ("script", "block"):
            for statement in filter(None, node.children):
                statements += 1
                if statements > MAX_SCRIPT_STATEMENTS:
                    raise ScriptError(f"too many statements: more than {MAX_SCRIPT_STATEMENTS} in one script",
                                      *_position(statement), hint="a card or a house rule does one thing "
                                                                  "in a few lines; split it")
        # Left to right, so the first place past the limit is the one reported.
        stack.extend((child, depth) for child in reversed(node.children) if isinstance(child, Tree))


def _whole_number(token: Token) -> int:
    """The number a script writes, refused past MAX_NUMBER where it is written (its digits are
    counted first: Python reads no more than 4,300 digits, and a product of long ones is slow)."""
    digits = str(token).lstrip("0") or "0"
    if len(digits) > len(str(MAX_NUMBER)) or int(digits) > MAX_NUMBER:
        raise ScriptError(f"number is too big: a script holds whole numbers from {-MAX_NUMBER:,} to {MAX_NUMBER:,}",
                          token.line, token.column, hint="a card needs a few dozen at most (docs/effects.md, \"Limits\")")
    return int(digits)


def _position(node: Tree) -> tuple[int, int]:
    """Where a grammar node starts: its own position, or its first token's."""
    if not node.meta.empty:
        return node.meta.line, node.meta.column
    for token in node.scan_values(lambda value: isinstance(value, Token)):
        if token.line is not None:
            return token.line, token.column
    return 1, 1


# Terminal names as a user would type them.
_TOKEN_TEXT = {
    "_NL": "end of line", "_INDENT": "an indented block", "_DEDENT": "end of block",
    "$END": "end of script", "NAME": "a name", "INT": "a number", "STRING": "a quoted text",
    "PLAYER": f"a player ({', '.join(PLAYER_WORDS)})",
    "COMPARE": "a comparison (== != < <= > >=)", "ADD": "+ or -", "MUL": "* / %",
    "EVENT": f"an event ({', '.join(EVENT_NAMES)})",
    "_DRAWS": "'draws'", "_DISCARDS": "'discards'", "_WHERE": "'where'", "_ACCEPTS": "'accepts'",
    "_SWAPS": "'swaps'", "_SEATS": "'seats'", "_CARD": "'cards'",
}


def describe_token(name: str) -> str:
    if name in _TOKEN_TEXT:
        return _TOKEN_TEXT[name]
    for terminal in _parser().terminals:
        if terminal.name == name and terminal.pattern.type == "str":
            return repr(terminal.pattern.value)
    return name.lower()


# Words a terminal stands for, to suggest the nearest one to a misspelt word.
_TOKEN_WORDS = {
    "PLAYER": PLAYER_WORDS,
    "EVENT": EVENT_NAMES,
    "_DRAWS": ("draws", "draw"), "_DISCARDS": ("discards", "discard"), "_ACCEPTS": ("accepts", "accept"),
    "_SWAPS": ("swaps", "swap"), "_WHERE": ("where",),
}

# The draws a house rule may replace (`instead of turn_draw:`).
_TOKEN_TEXT["REPLACED"] = "a draw a rule may replace (turn_draw, uno_penalty)"
_TOKEN_WORDS["REPLACED"] = ("turn_draw", "uno_penalty")

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


def _at(meta_or_token) -> dict:
    return {"line": meta_or_token.line, "column": meta_or_token.column}


@v_args(meta=True)
class _ToAst(Transformer):
    """Lark tree -> ast nodes. One method per grammar alias; anything else is a bug."""

    def __default__(self, data, children, meta):
        raise AssertionError(f"grammar rule {data!r} has no syntax-tree node")

    # ---- entry points
    def script(self, meta, children):
        return ast.Script(line=1, column=1, body=_flatten(children))

    def condition(self, meta, children):
        return children[0]

    def block(self, meta, children):
        return _flatten(children)

    # ---- players
    def player(self, meta, children):
        if isinstance(children[0], ast.Player):  # a seat offset or a ranked player
            return children[0]
        return ast.Player(**_at(children[0]), who=str(children[0]))

    def named_player(self, meta, children):
        return ast.NamedPlayer(**_at(children[0]), who="named", name=str(children[0]))

    def named_hand(self, meta, children):
        return self.named_player(meta, children)

    def player_value(self, meta, children):
        return ast.PlayerValue(**_at(meta), player=children[0])

    def my_hand(self, meta, children):
        return ast.Player(**_at(meta), who="me")

    def players_hand(self, meta, children):
        return children[0]

    # ---- expressions
    def int_(self, meta, children):
        return ast.Int(**_at(children[0]), value=_whole_number(children[0]))

    def string(self, meta, children):
        return ast.Str(**_at(children[0]), value=str(children[0])[1:-1])

    def name(self, meta, children):
        return ast.Name(**_at(children[0]), name=str(children[0]))

    def dotted(self, meta, children):
        return ast.Dotted(**_at(meta), base=str(children[0]), attr=str(children[1]),
                          attr_line=children[1].line, attr_column=children[1].column)

    def player_attr(self, meta, children):
        return ast.PlayerAttr(**_at(meta), player=children[0], attr=str(children[1]))

    def compare(self, meta, children):
        return ast.Compare(**_at(meta), op=str(children[1]), left=children[0], right=children[2])

    def member(self, meta, children):
        return ast.Member(**_at(meta), value=children[0], collection=children[1], negated=False)

    def not_member(self, meta, children):
        return ast.Member(**_at(meta), value=children[0], collection=children[1], negated=True)

    def list_(self, meta, children):
        return ast.ListOf(**_at(meta), items=tuple(c for c in children if c is not None))

    def range_(self, meta, children):
        return ast.RangeOf(**_at(meta), low=children[0], high=children[1])

    def arith(self, meta, children):
        return ast.Arith(**_at(meta), op=str(children[1]), left=children[0], right=children[2])

    def neg(self, meta, children):
        return ast.Neg(**_at(meta), operand=children[0])

    def or_(self, meta, children):
        return ast.Or(**_at(meta), items=tuple(children))

    def and_(self, meta, children):
        return ast.And(**_at(meta), items=tuple(children))

    def not_(self, meta, children):
        return ast.Not(**_at(meta), operand=children[0])

    def holds(self, meta, children):
        return ast.Holds(**_at(meta), player=children[0], predicate=children[1])

    def count(self, meta, children):
        return ast.Count(**_at(meta), player=children[0], predicate=children[1])

    def challenges(self, meta, children):
        return ast.Challenges(**_at(meta), player=children[0])

    def accepts(self, meta, children):
        return ast.Accepts(**_at(meta), player=children[0], question=str(children[-1])[1:-1])

    def bluffed(self, meta, children):
        return ast.Bluffed(**_at(meta))

    def always(self, meta, children):
        return ast.Const(**_at(meta), value=True)

    def never(self, meta, children):
        return ast.Const(**_at(meta), value=False)

    # ---- statements
    def draw(self, meta, children):
        return ast.Draw(**_at(meta), target=children[0], amount=children[1])

    def draw_until(self, meta, children):
        return ast.DrawUntil(**_at(meta), target=children[0], predicate=children[1])

    def draw_to(self, meta, children):
        return ast.DrawTo(**_at(meta), target=children[0], size=children[1], can_draw=True)

    def discard_to(self, meta, children):
        return ast.DrawTo(**_at(meta), target=children[0], size=children[1], can_draw=False)

    def draw_or_pass(self, meta, children):
        return ast.DrawOrPass(**_at(meta), target=children[0], amount=children[1], predicate=children[2])

    def discard_all(self, meta, children):
        return ast.DiscardAll(**_at(meta), target=children[0], predicate=children[1])

    def give_all(self, meta, children):
        return ast.GiveAll(**_at(meta), predicate=children[0], recipients=children[1])

    def skip(self, meta, children):
        return ast.Skip(**_at(meta), target=children[0])

    def reverse(self, meta, children):
        return ast.Reverse(**_at(meta))

    def flip_cards(self, meta, children):
        return ast.FlipCards(**_at(meta))

    def choose_colour(self, meta, children):
        chooser = children[0] if children else ast.Player(**_at(meta), who="me")
        return ast.ChooseColour(**_at(meta), chooser=chooser)

    def choose_player(self, meta, children):
        return ast.ChoosePlayer(**_at(meta), predicate=children[0])

    def extra_turn(self, meta, children):
        return ast.ExtraTurn(**_at(meta))

    def turn_another(self, meta, children):
        return ast.TurnAnother(**_at(meta))

    def show_hand(self, meta, children):
        return ast.ShowHand(**_at(meta), owner=children[0], viewers=children[1])

    def face_up(self, meta, children):
        return ast.FaceUp(**_at(meta), target=children[0])

    def swap_hands(self, meta, children):
        return ast.SwapHands(**_at(meta), player=children[0], other=children[1])

    def rotate_hands(self, meta, children):
        return ast.RotateHands(**_at(meta))

    def ask(self, meta, children):
        question = str(children[1])[1:-1]
        return ast.Ask(**_at(meta), target=children[0], question=question, answers=tuple(children[2:]))

    def answer(self, meta, children):
        return ast.Answer(**_at(children[0]), text=str(children[0])[1:-1], body=children[1])

    def apply_rule(self, meta, children):
        return ast.ApplyRule(**_at(meta))

    def nothing(self, meta, children):
        return ast.Nothing(**_at(meta))

    def if_stmt(self, meta, children):
        cond, body, *rest = children
        branches = [(cond, body)]
        otherwise: tuple = ()
        for clause in rest:
            if clause is None:
                continue
            if clause[0] == "elif":
                branches.append(clause[1:])
            else:
                otherwise = clause[1]
        return ast.If(**_at(meta), branches=tuple(branches), otherwise=otherwise)

    def elif_clause(self, meta, children):
        return ("elif", children[0], children[1])

    def else_clause(self, meta, children):
        return ("else", children[0])

    def on_stmt(self, meta, children):
        return ast.On(**_at(meta), event=str(children[0]), predicate=children[1], body=children[2])

    # ---- players by seat, by rank, in turn; leaving a round
    def seat_offset(self, meta, children):
        count, way = _whole_number(children[0]), str(children[1])
        return ast.SeatOffset(**_at(meta), who="seat", offset=count if way == "on" else -count)

    def after_next(self, meta, children):
        return ast.SeatOffset(**_at(meta), who="seat", offset=2)

    def ranked_player(self, meta, children):
        rank, figure, among = children
        among = among or ast.Player(**_at(meta), who="everyone")
        return ast.RankedPlayer(**_at(meta), who="ranked", figure=str(figure), highest=str(rank) == "highest",
                                among=among)

    def for_each(self, meta, children):
        return ast.ForEach(**_at(meta), group=children[0], body=children[1])

    def eliminate(self, meta, children):
        return ast.Eliminate(**_at(meta), target=children[0], shuffled=len(children) > 1)

    # ---- values and state
    def let_stmt(self, meta, children):
        return ast.Let(**_at(meta), name=str(children[0]), value=children[1])

    def set_state(self, meta, children):
        return ast.SetState(**_at(meta), ref=children[0], value=children[1])

    def add_state(self, meta, children):
        return ast.AddState(**_at(meta), amount=children[0], ref=children[1])

    def flip_state(self, meta, children):
        return ast.FlipState(**_at(meta), ref=children[0])

    def player_state(self, meta, children):
        name = children[1]
        return ast.StateRef(**_at(meta), player=children[0], name=str(name),
                            name_line=name.line, name_column=name.column)

    def game_state(self, meta, children):
        """`game.NAME`; another word before the dot is reported by the compiler."""
        base, name = children
        return ast.StateRef(**_at(meta), player=None, name=str(name), base=str(base),
                            name_line=name.line, name_column=name.column)

    # ---- chance
    def random_number(self, meta, children):
        return ast.RandomNumber(**_at(meta), low=children[0], high=children[1])

    def random_card(self, meta, children):
        return ast.RandomCard(**_at(meta), owner=children[0])

    def random_outcome(self, meta, children):
        return ast.RandomOutcome(**_at(meta), table=str(children[0]))

    def choose_random_player(self, meta, children):
        return ast.ChooseRandomPlayer(**_at(meta), predicate=children[0])

    # ---- places and moves
    def move(self, meta, children):
        cards, source, destination, position = children
        return ast.Move(**_at(meta), cards=cards, source=source, destination=destination,
                        position=position or "top")

    def all_cards(self, meta, children):
        return ast.Cards(**_at(meta), count=None, predicate=children[-1])

    def some_cards(self, meta, children):
        count, random, picker, predicate = children
        return ast.Cards(**_at(meta), count=count, predicate=predicate, picker=picker, random=random is not None)

    def picked_by(self, meta, children):
        return children[0]

    def hand_place(self, meta, children):
        return ast.Place(**_at(meta), player=children[0])

    def every_hand(self, meta, children):
        return ast.Place(**_at(meta), every_hand=True)

    def pile_place(self, meta, children):
        return ast.Place(**_at(meta), pile=str(children[0]))

    def draw_pile_place(self, meta, children):
        return ast.Place(**_at(meta), pile="draw")

    def discard_pile_place(self, meta, children):
        return ast.Place(**_at(meta), pile="discard")

    def on_top(self, meta, children):
        return "top"

    def under_top(self, meta, children):
        return "under"

    def at_bottom(self, meta, children):
        return "bottom"

    def shuffled_in(self, meta, children):
        return "shuffled"

    def shuffle(self, meta, children):
        return ast.Shuffle(**_at(meta), place=children[0])

    def deal(self, meta, children):
        _all, source, group, first = children
        return ast.Deal(**_at(meta), source=source, group=group, first=first)

    def shuffle_hands(self, meta, children):
        return ast.ShuffleHands(**_at(meta))

    def stack_rule(self, meta, children):
        return ast.StackRule(**_at(meta), predicate=children[0])

    # ---- out of turn
    def jump_in(self, meta, children):
        return ast.JumpIn(**_at(meta), predicate=children[0])

    def uno_any_time(self, meta, children):
        return ast.UnoAnyTime(**_at(meta), penalty=_whole_number(children[0]))

    def identical(self, meta, children):
        return ast.Identical(**_at(meta), left=children[0], right=children[1])

    # ---- actions, repeats and what replaces a draw
    def do_action(self, meta, children):
        verb = children[1]
        return ast.DoAction(**_at(meta), target=children[0], verb=str(verb), verb_line=verb.line,
                            verb_column=verb.column)

    def repeat_times(self, meta, children):
        return ast.RepeatTimes(**_at(meta), count=children[0], body=children[1])

    def repeat_until(self, meta, children):
        return ast.RepeatUntil(**_at(meta), predicate=children[0], body=children[1])

    def instead_stmt(self, meta, children):
        return ast.Instead(**_at(meta), event=str(children[0]), body=children[1])


def _flatten(children) -> tuple:
    """Statements of a block: lists from `_simple_stmts` and nested blocks, in order."""
    out = []
    for child in children:
        if child is None:
            continue
        if isinstance(child, (list, tuple)):
            out.extend(_flatten(child))
        else:
            out.append(child)
    return tuple(out)

"""Property tests: whatever text is given as an edition file, an effect script or a
condition, the validator answers with problems it can place, never a traceback,
never a hang.

- An edition file (random text, random bytes, classic.yaml with lines deleted,
  duplicated or swapped, characters inserted, or cut short) either validates or
  gives Problems, each with a file, a line >= 1 and a column >= 1 (a line of that
  file), in well under two seconds.
- A script or a condition either parses and compiles against classic's
  vocabulary or raises ScriptError at a line and column inside the text.
- Every problem has a known code and ends after it starts; a file's problems
  come in the file's order; every output format can print them.
- Wrong values anywhere in an edition hide none of its scripts' mistakes.

The examples are few enough for the file to run in a few seconds; raise
UNODSL_FUZZ_EXAMPLES for a longer hunt (`UNODSL_FUZZ_EXAMPLES=5000 python -m
pytest tests/hostile/test_validate_fuzz.py`).
"""
from __future__ import annotations

import os
import tempfile
import time
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, event, example, given, settings
from hypothesis import strategies as st

from cli_helpers import time_limit
from unodsl.edition.loader import load_edition
from unodsl.errors import Problem, ScriptError
from unodsl.lang.compile import compile_condition, compile_script
from unodsl.lang.parse import parse_condition, parse_script
from unodsl.resources import data_dir
from unodsl.codes import CODES
from unodsl.validate import FORMATS, check_text, validate

SCALE = int(os.environ.get("UNODSL_FUZZ_EXAMPLES", "0")) or None
CLASSIC = (data_dir("editions") / "classic.yaml").read_text(encoding="utf-8")
CLASSIC_LINES = CLASSIC.splitlines(keepends=True)
SCRIPT_LINES = [i for i, line in enumerate(CLASSIC_LINES)  # lines of block scripts (and their comments)
                if line.startswith("      ") and not line.lstrip().startswith("#")]
SECONDS = 2.0  # the most one validation may take


def examples(n: int):
    return settings(max_examples=SCALE or n, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.fixture(scope="module")
def folder():
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


# ---- edition files ---------------------------------------------------------------

def lines_of(path: Path) -> list[str]:
    """The file's lines as the validator counts them (any YAML line break)."""
    text = path.read_bytes().decode("utf-8", "replace")
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\x85", "\n") \
        .replace("\u2028", "\n").replace("\u2029", "\n").split("\n")


def check_located(problem: Problem, path: Path) -> None:
    span = problem.span
    assert span.file and span.line >= 1 and span.column >= 1, problem
    where = Path(span.file)
    if where.exists() and where.is_file():  # the edition, or a base it builds on
        lines = lines_of(where)
        assert span.line <= len(lines) + 1, problem.format()
        if span.line <= len(lines):
            assert span.column <= len(lines[span.line - 1]) + 2, problem.format()
    else:
        assert span.file == str(path), problem.format()


def validate_file(path: Path) -> None:
    """Validate one file: a report (problems located, text and JSON formatted) in time."""
    start = time.perf_counter()
    with time_limit(10 * SECONDS), warnings.catch_warnings():
        warnings.simplefilter("error", SyntaxWarning)  # nothing the user did not write may show
        report = validate([str(path)])
        for output in FORMATS.values():
            output(report)
    took = time.perf_counter() - start
    assert took < SECONDS, f"validation took {took:.2f} s"
    for problem in report.problems:
        check_located(problem, path)
        assert problem.code in CODES, problem.format()
        assert problem.span.end > (problem.span.line, problem.span.column), problem.format()
    places = [(p.span.line, p.span.column) for p in report.problems if p.span.file == str(path)]
    assert places == sorted(places), "in the file's order"
    assert report.clean() or report.errors()
    event(layer(report.problems))


def layer(problems: list[Problem]) -> str:
    """Which layer the first problem comes from (`--hypothesis-show-statistics` shows the mix)."""
    if not problems:
        return "clean"
    message = problems[0].message
    if message.startswith(("YAML", "duplicate key", "unsupported YAML", "file is", "character", "empty")):
        return "yaml"
    if message.startswith("$"):
        return "schema"
    if message.startswith(("unexpected", "unknown", "`")):
        return "script"
    return "meaning"


def validate_text(folder: Path, text: str) -> None:
    path = folder / "fuzzed.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass", newline="")  # lone surrogates: bad UTF-8
    validate_file(path)


@st.composite
def mutated_classic(draw) -> str:
    """classic.yaml with a few lines deleted, duplicated or swapped, characters
    inserted, and perhaps cut short."""
    lines = list(CLASSIC_LINES)
    for _ in range(draw(st.integers(1, 4))):
        operation = draw(st.sampled_from(["delete", "duplicate", "swap", "insert", "replace", "word", "word"]))
        i = draw(st.integers(0, len(lines) - 1))
        if operation == "word":  # a word of the effect language in a script line: YAML survives, the script may not
            i = draw(st.sampled_from(SCRIPT_LINES))
            indent = len(lines[i]) - len(lines[i].lstrip(" "))
            words = lines[i][indent:].split(" ")
            at = draw(st.integers(0, len(words)))
            words[at:at + draw(st.integers(0, 1))] = [draw(st.sampled_from(SCRIPT_WORDS))]
            lines[i] = " " * indent + " ".join(words)
        elif operation == "delete" and len(lines) > 1:
            del lines[i]
        elif operation == "duplicate":
            lines.insert(i, lines[i])
        elif operation == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        else:
            line = lines[i]
            at = draw(st.integers(0, len(line)))
            chars = draw(st.text(alphabet=st.sampled_from(list(" \t:-#'\"|>&*!{}[],%@`?=\\\n\r")) | st.characters(),
                                 min_size=1, max_size=3))
            end = at + (draw(st.integers(0, 3)) if operation == "replace" else 0)
            lines[i] = line[:at] + chars + line[end:]
    text = "".join(lines)
    if draw(st.booleans()):
        text = text[:draw(st.integers(0, len(text)))]
    return text


@examples(120)
@given(text=mutated_classic())
def test_a_mutated_classic_validates_or_says_where(folder, text):
    validate_text(folder, text)


@examples(60)
@given(text=st.text())
def test_any_text_as_an_edition(folder, text):
    validate_text(folder, text)


@examples(40)
@given(raw=st.binary())
@example(raw=b"name: caf\xe9\n")
@example(raw=b"\xef\xbb\xbfname: x\n\xff")
def test_any_bytes_as_an_edition(folder, raw):
    path = folder / "fuzzed.yaml"
    path.write_bytes(raw)
    validate_file(path)


YAML_PIECES = ["name: X\n", "base: classic\n", "colours: [red, blue]\n", "kinds:\n", "  a:\n",
               "    name: A\n", "    deck: {count: 2}\n", "    points: 20\n", "    effect: |\n",
               "      skip next\n", "      if players == 2:\n", "    playable: always\n", "total: 110\n",
               "settings:\n", "  hand_size: 30\n", "tags:\n", "  house: {G: \"number in 1..4\"}\n",
               "table: [a]\n", "rules:\n", "  - name: r\n", "    script: \"on play: skip next\"\n",
               "&x ", "*x ", "<<: ", "!!str ", "'", '"', "\t", "? ", "- ", "{", "}", "[", "]", ": ", "\n", "  "]


@examples(80)
@given(pieces=st.lists(st.sampled_from(YAML_PIECES), max_size=30))
def test_edition_shaped_noise(folder, pieces):
    validate_text(folder, "".join(pieces))


# ---- scripts and conditions ----------------------------------------------------------

@pytest.fixture(scope="module")
def vocab():
    return load_edition("classic").vocabulary


FACES = load_edition("classic").faces


class Table:
    """What a pure condition reads of a round: the top card and the colour in play."""

    def __init__(self, top):
        self.discard = [top]
        self.colour = top.colour


def inside(text: str, error: ScriptError) -> None:
    """The error's place is a character of the text, or just after the end of a line."""
    lines = (text if text.endswith("\n") else text + "\n").split("\n")
    assert 1 <= error.line <= len(lines), (error.message, error.line, error.column)
    assert 1 <= error.column <= len(lines[error.line - 1]) + 1, (error.message, error.line, error.column)


def compile_or_place(text: str, vocab, condition: bool) -> None:
    start = time.perf_counter()
    with time_limit(10 * SECONDS), warnings.catch_warnings():
        warnings.simplefilter("error", SyntaxWarning)  # from compiling the generated Python
        try:
            tree = (parse_condition if condition else parse_script)(text)
        except ScriptError as error:
            inside(text, error)
            assert error.message
            event("syntax error")
        else:
            try:
                compiled = (compile_condition if condition else compile_script)(tree, vocab)
                event("compiles")
                if condition and compiled.pure:  # as the validator tries them: on every card
                    for card in FACES:
                        for top in FACES[::9]:
                            assert compiled.function(card, Table(top), None) in (True, False)
            except ScriptError as error:
                inside(text, error)
                assert error.message
                event("error of meaning")
    assert time.perf_counter() - start < SECONDS


WORDS = ["me", "next", "previous", "others", "everyone", "chosen", "dealer", "draws", "draw", "until",
         "or", "discards", "discard", "to", "all", "where", "give", "skip", "reverse", "choose", "chooses",
         "colour", "player", "extra", "turn", "another", "show", "my", "'s", "hand", "plays", "face", "up",
         "apply", "written", "rule", "pass", "ask", "if", "elif", "else", "on", "play", "turn_start",
         "round_start", "and", "not", "in", "holds", "count", "challenges", "accepts", "bluffed",
         "always", "never", "top", "card", "settings", ".", "number", "symbol", "kind", "red", "wild",
         "players", "hand_size", "two_player_rule", "points", "0", "2", "7", "99999999999999999999",
         '"yes"', '"', "'", "==", "=", "!=", "<", ">=", "+", "-", "*", "/", "%", "..", "(", ")", "[", "]",
         ",", ":", ";", "#", "\n", "\n  ", "\n    ", "\n\t", "\r\n", " ", "then", "nxet", "drwas", "\\"]


SCRIPT_WORDS = [w for w in WORDS if w.isidentifier() or w.isdigit()]


@st.composite
def token_soup(draw) -> str:
    return "".join(draw(st.lists(st.sampled_from(WORDS), max_size=25).map(
        lambda words: [w + (" " if w.strip() and w[-1].isalnum() else "") for w in words])))


SCRIPTS = [
    "next draws 2\nskip next\n", "reverse\nif players == 2 and settings.two_player_rule:\n  skip next\n",
    "choose colour\nif next challenges:\n  show my hand to next\n  if bluffed:\n    me draws 4\n"
    "  else:\n    next draws 6\n    skip next\nelse:\n  next draws 4\n  skip next\n",
    'ask next "Did anyone laugh?":\n  "yes": me discards to 1\n  "no": me draws 4\n',
    "on play where number == 7:\n  next draws 1\non turn_start where me.hand > 15:\n  me discards to 15\n",
    "give all where colour == yellow to others\n", "count(next, colour == yellow) >= 2 and next.hand > 3",
]


@st.composite
def mutated_script(draw) -> str:
    text = draw(st.sampled_from(SCRIPTS))
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 4))
        text = text[:at] + draw(st.sampled_from(WORDS) | st.text(max_size=2)) + text[at + cut:]
    return text


# Scripts that follow the grammar, with names and types at random: they reach the
# compiler's checks (unknown names, numbers against texts, groups for one player).
PLAYERS = st.sampled_from(["me", "next", "previous", "others", "everyone", "chosen", "dealer"])
ATOMS = st.sampled_from([
    "colour", "number", "symbol", "kind", "name", "points", "wild", "playable", "players", "red", "skip",
    "draw-two", "Gryffindor", "nmber", "top.colour", "top.number", "top.nothing", "card.symbol",
    "settings.hand_size", "settings.scoring", "settings.two_player_rule", "settings.bogus", "pile.colour",
    "bluffed", "always", "never", "0", "7", '"text"', "me.hand", "others.hand", "next.score", "next.cards",
]) | st.builds("{} challenges".format, PLAYERS) | st.builds('{} accepts "ok?"'.format, PLAYERS)
EXPRESSIONS = st.recursive(ATOMS, lambda inner: st.one_of(
    st.builds("{} {} {}".format, inner, st.sampled_from(["==", "!=", "<", ">=", "+", "-", "*", "/", "%",
                                                          "and", "or"]), inner),
    st.builds("not {}".format, inner), st.builds("({})".format, inner), st.builds("-{}".format, inner),
    st.builds("{} in [{}, {}]".format, inner, inner, inner), st.builds("{} not in {}..{}".format, inner, inner, inner),
    st.builds("count({}, {})".format, PLAYERS, inner), st.builds("{} holds {}".format, PLAYERS, inner),
), max_leaves=6)
STATEMENTS = st.one_of(
    st.builds("{} draws {}".format, PLAYERS, EXPRESSIONS), st.builds("{} draws until {}".format, PLAYERS, EXPRESSIONS),
    st.builds("{} draws or discards to {}".format, PLAYERS, EXPRESSIONS),
    st.builds("{} discards all where {}".format, PLAYERS, EXPRESSIONS),
    st.builds("give all where {} to {}".format, EXPRESSIONS, PLAYERS), st.builds("skip {}".format, PLAYERS),
    st.builds("choose player where {}".format, EXPRESSIONS), st.builds("{} chooses colour".format, PLAYERS),
    st.builds("show {}'s hand to {}".format, PLAYERS, PLAYERS), st.builds("{} plays face up".format, PLAYERS),
    st.sampled_from(["reverse", "extra turn", "turn another", "apply written rule", "pass", "choose colour"]),
)
BLOCKS = st.recursive(STATEMENTS, lambda inner: st.one_of(
    st.builds("if {}:\n  {}\nelse:\n  {}".format, EXPRESSIONS, inner.map(lambda b: b.replace("\n", "\n  ")),
              inner.map(lambda b: b.replace("\n", "\n  "))),
    st.builds('ask {} "q":\n  "a": {}\n  "b": pass'.format, PLAYERS, STATEMENTS),
    st.builds("on {} where {}:\n  {}".format, st.sampled_from(["play", "draw", "turn_start"]), EXPRESSIONS,
              inner.map(lambda b: b.replace("\n", "\n  "))),
    st.builds("{}\n{}".format, inner, inner),
), max_leaves=4)

ANY_SCRIPT = st.text() | token_soup() | mutated_script() | BLOCKS | EXPRESSIONS


@examples(400)
@given(text=ANY_SCRIPT)
@example(text="if players == 2:\n    skip next\n  reverse\n")  # a dedent to no block (was a crash)
@example(text="choose colour\n  next draws 2\n")  # an indented line (was placed on the line above)
@example(text="(\n")
@example(text="\r")
def test_any_script_compiles_or_says_where(vocab, text):
    compile_or_place(text, vocab, condition=False)


@examples(300)
@given(text=ANY_SCRIPT)
@example(text="number == 1 or symbol top.symbol")
@example(text="number + 1 == top.number")  # a TypeError on a Skip (no number), now absent
@example(text="-colour")
@example(text="red == colour or settings.hand_size == 7")  # Python warned of `'red' is not None`
def test_any_condition_compiles_or_says_where(vocab, text):
    compile_or_place(text, vocab, condition=True)


# Where a script or condition can be written: the edition around it, with FIELD where the
# text goes at the indentation given.
STAR = "  star:\n    name: Star\n    deck: {count: 2}\n    points: 20\n"
PLACES = {
    "effect": (STAR + "    effect: FIELD", 4), "on_start": (STAR + "    on_start: FIELD", 4),
    "playable": (STAR + "    playable: FIELD", 4), "bluff_if": (STAR + "    bluff_if: FIELD", 4),
    "use": (STAR + "    use: FIELD", 4), "reaction": (STAR + "    reaction:\n      against: FIELD", 6),
    "written": (STAR + "    blank: true\n    written:\n      - FIELD", 8),
    "tag": ("  star:\n    name: Star\n    deck: {count: 2}\n    points: 20\ntags:\n  odd: FIELD", 2),
    "rule": (STAR + "rules:\n  - name: Fuzz\n    script: FIELD", 4),
}


@examples(150)
@given(text=ANY_SCRIPT, style=st.sampled_from(["|", ">", "plain", "'", '"']), place=st.sampled_from(sorted(PLACES)),
       table=st.booleans())
@example(text="give all where -colour to me", style="|", place="effect", table=False)  # was a TypeError
@example(text="give all where top.colour == red to me", style="|", place="effect", table=False)  # AttributeError
@example(text="colour == top.colour", style="plain", place="tag", table=False)  # AttributeError
def test_any_script_in_an_edition_file(folder, text, style, place, table):
    """A script or condition, written in each YAML style wherever one goes: its problems
    are placed inside the file."""
    around, indent = PLACES[place]
    if style in ("|", ">"):
        assume(text.strip() and "\t" not in text)
        body = "".join(f"{' ' * (indent + 2)}{line}\n" for line in text.replace("\r", "").split("\n"))
        value = f"{style}\n{body}"
    elif style == "plain":
        value = text.replace("\n", " ") + "\n"
    elif style == "'":
        value = "'" + text.replace("'", "''") + "'\n"
    else:
        value = '"' + text.encode("unicode_escape").decode("ascii").replace('"', '\\"') + '"\n'
    kinds, _, rest = around.partition("FIELD")
    head = "name: Fuzz\nbase: classic\n" + ("table: [star]\n" if table else "")
    tags = "" if place == "tag" else "tags:\n  house: {Gryffindor: \"number in 1..4\"}\n"
    validate_text(folder, f"{head}{tags}kinds:\n{kinds}{value}{rest}total: 110\n")


# ---- wrong values hide no script's mistake -------------------------------------------------

SOUND = {  # each value of an edition that may be replaced by a wrong one
    "name": "Values", "hand_size": "7", "colours": "[red, blue]", "a_name": "A", "a_deck": "{per_colour: 1}",
    "a_points": "20", "a_playable": "always", "b_symbol": "bee", "b_deck": "{count: 2}", "b_points": "face",
    "c_name": "C", "c_deck": "{numbers: {'1-2': 1}}", "c_tags": "{house: x}", "total": "66",
}
EDITION = """\
name: {name}
base: classic
colours: {colours}
settings:
  hand_size: {hand_size}
kinds:
  a:
    name: {a_name}
    deck: {a_deck}
    points: {a_points}
    playable: {a_playable}
    effect: others draw 1
    on_start: turn another
  b:
    name: B
    symbol: {b_symbol}
    deck: {b_deck}
    points: {b_points}
    effect: next drawz 1
    on_start: turn another
  c:
    name: {c_name}
    deck: {c_deck}
    points: 5
    tags: {c_tags}
    effect: |
      choose colour
      skip nxet
    on_start: turn another
total: {total}
"""
WRONG = ["seven", "-3", "0", "[1, 2]", "{x: 1}", "null", "''", "!!int x", "true", "[red, red]", "{count: 1, per_colour: 2}",
         "Bad Name", "1-9"]


@examples(60)
@given(wrong=st.dictionaries(st.sampled_from(sorted(SOUND)), st.sampled_from(WRONG), max_size=len(SOUND)))
def test_wrong_values_hide_no_script_mistake(wrong):
    """Whatever values are wrong (in the YAML, against the schema), the two scripts'
    mistakes are reported: `drawz` (syntax, line 19) and `nxet` (meaning, line 28)."""
    text = EDITION.format(**{**SOUND, **wrong})
    with time_limit(10 * SECONDS):
        problems = check_text(text, "values.yaml")
    found = {(p.code, p.span.line, p.span.column) for p in problems}
    assert {("L001", 19, 18), ("L002", 28, 12)} <= found, [p.format() for p in problems]
    assert bool(wrong) or len(problems) == 2
    event(f"{len(wrong)} wrong")

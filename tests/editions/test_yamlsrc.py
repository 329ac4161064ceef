"""Loading YAML with positions: data, spans, script positions and refusals."""
from __future__ import annotations

import textwrap
import time

import pytest
import yaml
from hypothesis import given, settings, strategies as st

from unodsl.edition.yamlsrc import MAX_BYTES, load_yaml, load_yaml_file
from unodsl.errors import EditionError
from unodsl.resources import data_dir


def load(text: str):
    return load_yaml(textwrap.dedent(text), "t.yaml")


def problems(text: str) -> list[str]:
    with pytest.raises(EditionError) as info:
        load_yaml(textwrap.dedent(text), "t.yaml")
    return [p.format() for p in info.value.problems]


def char_at(doc, span) -> str:
    return doc.source_line(span.line)[span.column - 1]


# -- data ---------------------------------------------------------------------

def test_classic_loads_as_plain_data():
    doc = load_yaml_file(data_dir("editions") / "classic.yaml")
    assert doc.data["colours"] == ["red", "yellow", "green", "blue"]
    assert doc.data["kinds"]["number"]["deck"] == {"numbers": {"0": 1, "1-9": 2}}
    assert doc.data["kinds"]["reverse"]["on_start"] == "reverse\nextra turn\n"
    assert doc.data["settings"]["two_player_rule"] is True


def test_integer_keys_become_text_as_written():
    doc = load("numbers: {0: 1, 7: 2, 10: 3}\n")
    assert doc.data == {"numbers": {"0": 1, "7": 2, "10": 3}}


def test_merge_keys_take_values_from_the_anchor_and_let_local_keys_win():
    doc = load("""\
        base: &action {points: 20, deck: {per_colour: 2}}
        skip:
          <<: *action
          points: 30
        """)
    assert doc.data["skip"] == {"points": 30, "deck": {"per_colour": 2}}
    # The merged value is found where the anchor wrote it.
    assert (doc.span(("skip", "deck")).line, doc.span(("skip", "deck")).column) == (1, 34)
    assert doc.span(("skip", "points")).line == 4


def test_dates_stay_text():
    assert load("when: 2010-05-01\n").data == {"when": "2010-05-01"}


# -- spans of values and keys ---------------------------------------------------

def test_span_points_at_the_value_and_key_span_at_the_key():
    doc = load("""\
        kinds:
          skip:
            points: 20
        """)
    assert str(doc.span(("kinds", "skip", "points"))) == "t.yaml:3:13"
    assert str(doc.key_span(("kinds", "skip", "points"))) == "t.yaml:3:5"


def test_span_of_a_missing_key_falls_back_to_the_nearest_parent():
    doc = load("""\
        kinds:
          skip: {points: 20}
        """)
    assert doc.span(("kinds", "skip", "effect")) == doc.span(("kinds", "skip"))
    assert str(doc.span(("kinds", "nothing", "here"))) == "t.yaml:2:3"
    assert str(doc.key_span(("kinds", "skip", "effect"))) == "t.yaml:2:9"


def test_span_of_list_items():
    doc = load("colours: [red, yellow]\nrules:\n  - name: a\n  - name: b\n")
    assert str(doc.span(("colours", 1))) == "t.yaml:1:16"
    assert str(doc.span(("rules", 1, "name"))) == "t.yaml:4:11"
    assert doc.key_span(("colours", 1)) == doc.span(("colours", 1))


def test_source_line():
    doc = load("a: 1\r\nb: 2\n")
    assert doc.source_line(2) == "b: 2"
    assert doc.source_line(1) == "a: 1"
    assert doc.source_line(99) == ""


# -- script positions, one test per scalar style ---------------------------------

def test_script_span_plain_scalar():
    doc = load("kinds:\n  skip:\n    effect: skip next\n")
    span = doc.script_span(("kinds", "skip", "effect"), 1, 6)
    assert (span.line, span.column) == (3, 18)
    assert char_at(doc, span) == "n"


def test_script_span_multi_line_plain_scalar():
    doc = load("effect: next draws\n  2 and more\n")
    assert doc.data["effect"] == "next draws 2 and more"
    first = doc.script_span(("effect",), 1, 6)
    assert (first.line, first.column) == (1, 14)
    later = doc.script_span(("effect",), 1, 12)  # the "2" on the second file line
    assert (later.line, later.column) == (2, 3)


def test_script_span_single_quoted_scalar():
    doc = load("effect: 'say ''hi'' then skip'\n")
    assert doc.data["effect"] == "say 'hi' then skip"
    span = doc.script_span(("effect",), 1, 15)  # "skip"
    assert (span.line, span.column) == (1, 26)
    assert char_at(doc, span) == "s"


def test_script_span_double_quoted_without_escapes():
    doc = load('effect: "skip next"\n')
    span = doc.script_span(("effect",), 1, 6)
    assert (span.line, span.column) == (1, 15)


def test_script_span_double_quoted_with_escapes():
    doc = load('effect: "a\\tb\\x41 next"\n')
    assert doc.data["effect"] == "a\tbA next"
    span = doc.script_span(("effect",), 1, 6)  # "n" of next, after two escapes
    assert (span.line, span.column) == (1, 19)
    assert char_at(doc, span) == "n"
    on_escape = doc.script_span(("effect",), 1, 4)  # "A" came from \x41
    assert (on_escape.line, on_escape.column) == (1, 14)


def test_script_span_double_quoted_with_escaped_line_break():
    doc = load('effect: "skip \\\n  next"\n')
    assert doc.data["effect"] == "skip next"
    span = doc.script_span(("effect",), 1, 6)
    assert (span.line, span.column) == (2, 3)


def test_script_span_literal_block():
    doc = load_yaml_file(data_dir("editions") / "classic.yaml")
    path = ("kinds", "reverse", "effect")
    value_lines = doc.data["kinds"]["reverse"]["effect"].split("\n")
    span = doc.script_span(path, 2, 4)  # "players" in "if players == 2 ..."
    assert value_lines[1][3:10] == "players"
    assert doc.source_line(span.line)[span.column - 1:].startswith("players == 2")
    assert span.line == doc.span(path).line + 2


def test_script_span_literal_block_exact():
    doc = load("""\
        kinds:
          reverse:
            effect: |   # a comment on the header
              reverse
              if players == 2:
                skip next
        """)
    span = doc.script_span(("kinds", "reverse", "effect"), 3, 3)
    assert (span.line, span.column) == (6, 9)
    assert char_at(doc, span) == "s"
    start = doc.script_span(("kinds", "reverse", "effect"), 1, 1)
    assert (start.line, start.column) == (4, 7)


def test_script_span_literal_block_with_indentation_indicator():
    doc = load("effect: |2\n     extra\n    base\n")
    assert doc.data["effect"] == "   extra\n  base\n"
    span = doc.script_span(("effect",), 1, 4)
    assert (span.line, span.column) == (2, 6)
    assert char_at(doc, span) == "e"


def test_script_span_folded_block():
    doc = load("""\
        effect: >
          next draws 2
          and more

          skip next
        """)
    assert doc.data["effect"] == "next draws 2 and more\nskip next\n"
    joined = doc.script_span(("effect",), 1, 14)  # "and", folded onto line 1
    assert (joined.line, joined.column) == (3, 3)
    second = doc.script_span(("effect",), 2, 6)  # "next"
    assert (second.line, second.column) == (5, 8)


def test_script_span_past_the_end_points_just_after_the_text():
    doc = load("effect: skip\n")
    span = doc.script_span(("effect",), 1, 5)
    assert (span.line, span.column) == (1, 13)


def test_script_span_with_windows_line_endings():
    doc = load_yaml("effect: |\r\n  skip\r\n  next\r\n", "t.yaml")
    span = doc.script_span(("effect",), 2, 1)
    assert (span.line, span.column) == (3, 3)


ALPHABET = st.sampled_from(list("abcxyz019=:.#-'\" ") + ["\n"])


@settings(max_examples=200, deadline=None)
@given(value=st.text(ALPHABET, min_size=1, max_size=60),
       style=st.sampled_from([None, "'", '"', "|", ">"]))
def test_every_character_of_a_dumped_scalar_maps_back_to_itself(value, style):
    text = yaml.safe_dump({"s": value}, default_style=style, width=20, allow_unicode=True)
    doc = load_yaml(text, "t.yaml")
    assert doc.data["s"] == value
    for line_no, line in enumerate(value.split("\n"), start=1):
        for col, ch in enumerate(line, start=1):
            if ch in " '\"":  # spaces may be folded; quotes may be escaped
                continue
            span = doc.script_span(("s",), line_no, col)
            assert char_at(doc, span) == ch, (text, line_no, col)


# -- refusals ------------------------------------------------------------------

def test_duplicate_keys_are_reported_at_the_second_key():
    found = problems("""\
        kinds:
          skip: {points: 20}
          skip: {points: 30}
        colours: []
        colours: []
        """)
    assert found == [
        "t.yaml:3:3: error: duplicate key 'skip'\n  hint: it is already given at line 2, column 3",
        "t.yaml:5:1: error: duplicate key 'colours'\n  hint: it is already given at line 4, column 1",
    ]


def test_syntax_error_has_file_line_and_column():
    [found] = problems("name: Classic\nkinds:\n  skip: points: 20\n")
    assert found.startswith("t.yaml:3:15: error: a plain value cannot hold ': ' (a colon, then a space)")


def test_unclosed_flow_sequence_says_where_it_began():
    with pytest.raises(EditionError) as info:
        load_yaml("colours: [red, blue\n", "t.yaml")
    [problem] = info.value.problems
    assert "flow sequence that starts at line 1, column 10" in problem.hint


def test_tab_indentation_gets_a_hint():
    with pytest.raises(EditionError) as info:
        load_yaml("kinds:\n\tskip: 1\n", "t.yaml")
    assert info.value.problems[0].hint == "YAML indentation must use spaces, not tabs"


def test_alias_bomb_is_refused_quickly():
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        prev, name = chr(ord("a") + i - 1), chr(ord("a") + i)
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    started = time.monotonic()
    with pytest.raises(EditionError) as info:
        load_yaml("\n".join(lines) + "\n", "bomb.yaml")
    assert time.monotonic() - started < 5
    assert "expands to more than 100000 values" in info.value.problems[0].message


def test_merge_key_bomb_is_refused_too():
    lines = ["a0: &a0 {}"]
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} {{<<: [" + ", ".join([f"*a{i - 1}"] * 9) + "]}")
    with pytest.raises(EditionError) as info:
        load_yaml("\n".join(lines) + "\n", "bomb.yaml")
    assert "expands to more than" in info.value.problems[0].message


def test_recursive_alias_is_refused():
    assert problems("a: &a [1, *a]\n") == [
        "t.yaml:1:4: error: an alias (*name) refers to a value that contains it"]


def test_ordinary_aliases_are_allowed():
    doc = load("x: &two 2\ny: *two\n")
    assert doc.data == {"x": 2, "y": 2}


@pytest.mark.parametrize("text", [
    "a: !!python/object:os.system {}\n",
    'a: !!python/object/apply:os.system ["echo hacked"]\n',
    "a: !!python/name:os.system\n",
])
def test_python_tags_are_refused(text):
    [found] = problems(text)
    assert found.startswith("t.yaml:1:4: error: unsupported YAML tag '!!python/")


def test_other_tags_are_refused_but_standard_ones_work():
    assert problems("a: !custom x\nb: !!binary aGk=\n") == [
        "t.yaml:1:4: error: unsupported YAML tag '!custom'\n"
        "  hint: editions hold plain text, numbers, true/false, lists and mappings",
        "t.yaml:2:4: error: unsupported YAML tag '!!binary'\n"
        "  hint: editions hold plain text, numbers, true/false, lists and mappings",
    ]
    assert load("a: !!str 5\nb: !!int '7'\n").data == {"a": "5", "b": 7}


def test_a_standard_tag_on_nothing_is_one_located_problem():
    """`!!int` with no value made PyYAML index an empty text (found by the language server's
    edit fuzzing): each is the problem of its place."""
    assert problems("a: !!int\nb: !!float\nc: !!bool\n") == [
        "t.yaml:1:4: error: '' is not a valid !!int",
        "t.yaml:2:4: error: '' is not a valid !!float",
        "t.yaml:3:4: error: '' is not a valid !!bool",
    ]


def test_keys_that_are_not_text_or_integers_are_refused():
    assert problems("{yes: 1, 1.5: 2}\n") == [
        "t.yaml:1:2: error: a key must be text, but 'yes' reads as !!bool\n  hint: put it in quotes: \"yes\"",
        "t.yaml:1:10: error: a key must be text, but '1.5' reads as !!float\n  hint: put it in quotes: \"1.5\"",
    ]


def test_all_problems_are_reported_together():
    found = problems("a: 1\na: 2\nb: !x y\n")
    assert len(found) == 2


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n"])
def test_empty_file(text):
    assert problems(text)[0].startswith("t.yaml:1:1: error: empty edition file")


def test_more_than_one_document_is_refused():
    [found] = problems("a: 1\n---\nb: 2\n")
    assert found.startswith("t.yaml:2:1: error: YAML syntax error: expected a single document")


def test_unprintable_character_position():
    [found] = problems("a: ok\nb: x\x07y\n")
    assert found.startswith("t.yaml:2:5: error: character #x0007 is not allowed in YAML")


def test_file_size_limit():
    with pytest.raises(EditionError) as info:
        load_yaml("#" * (MAX_BYTES + 1), "big.yaml")
    assert "too big" in info.value.problems[0].message


def test_problem_carries_its_source_line():
    with pytest.raises(EditionError) as info:
        load_yaml("a: 1\na: 2\n", "t.yaml")
    assert info.value.problems[0].source_line == "a: 2"


def test_a_yaml_error_in_an_edition_shows_its_whole_line():
    # issue 28: a mis-indented `   points: 40` was quoted as "p"
    with pytest.raises(EditionError) as info:
        load_yaml("name: X\nkinds:\n  star:\n    name: Star\n   points: 40\n", "t.yaml")
    assert info.value.problems[0].source_line == "   points: 40"


def test_a_yaml_error_in_a_file_that_is_no_edition_shows_only_what_the_caret_needs():
    # a file that does not begin as unodsl's mapping may be anyone's: its lines are not quoted whole
    with pytest.raises(EditionError) as info:
        load_yaml("- token: abc\n   key: 1\n", "t.yaml")
    [problem] = info.value.problems
    assert (problem.span.line, problem.span.column, problem.source_line) == (2, 4, "   k")


# -- files ---------------------------------------------------------------------

def test_missing_file(tmp_path):
    with pytest.raises(EditionError) as info:
        load_yaml_file(tmp_path / "nope.yaml")
    [problem] = info.value.problems
    assert (problem.span.line, problem.span.column) == (1, 1)
    assert problem.message.startswith("cannot read file")


def test_bad_encoding(tmp_path):
    path = tmp_path / "latin1.yaml"
    path.write_bytes("name: Beuglante é\n".encode("latin-1"))
    with pytest.raises(EditionError) as info:
        load_yaml_file(path)
    assert str(info.value).startswith(f"{path}:1:17: error: file is not valid UTF-8")  # at the é


def test_big_file_is_not_read_whole(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_bytes(b"#" * (MAX_BYTES + 10))
    with pytest.raises(EditionError, match="too big"):
        load_yaml_file(path)


def test_byte_order_mark_is_ignored(tmp_path):
    path = tmp_path / "bom.yaml"
    path.write_bytes("\ufeffname: Invisibilité\n".encode("utf-8"))
    doc = load_yaml_file(path)
    assert doc.data == {"name": "Invisibilité"}
    assert str(doc.span(("name",))) == f"{path}:1:7"

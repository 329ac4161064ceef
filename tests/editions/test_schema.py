"""The edition schema: what it accepts, and how its complaints read."""
from __future__ import annotations

import textwrap

import pytest
from jsonschema import Draft202012Validator

from unodsl.edition.schema import check_schema, render_path, schema
from unodsl.edition.yamlsrc import load_yaml, load_yaml_file
from unodsl.resources import data_dir

# A small valid edition; each bad variant below changes one line of it.
BASE = textwrap.dedent("""\
    name: Test UNO
    id: test-uno
    colours: [red, blue]
    settings:
      hand_size: 7
      scoring: winner
    kinds:
      number:
        name: Number
        deck: {numbers: {"0": 1, "1-9": 2}}
        points: face
      draw_two:
        name: Draw Two
        deck: {per_colour: 2}
        points: 20
        effect: |
          next draws 2
          skip next
    total: 40
    """)


def messages(text: str, filename: str = "t.yaml") -> list[str]:
    return [p.format() for p in check_schema(load_yaml(text, filename))]


def variant(old: str, new: str) -> str:
    assert old in BASE, old
    return BASE.replace(old, new, 1)


# -- the schema itself -----------------------------------------------------------

def test_schema_is_valid_draft_2020_12():
    Draft202012Validator.check_schema(schema())
    assert schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema()["$id"] and schema()["title"]


def test_schema_is_loaded_once():
    assert schema() is schema()


def _properties(node):
    """Every (name, subschema) listed under a "properties" anywhere in the schema."""
    if isinstance(node, dict):
        for name, sub in node.get("properties", {}).items():
            yield name, sub
        for value in node.values():
            yield from _properties(value)
    elif isinstance(node, list):
        for value in node:
            yield from _properties(value)


def test_every_property_is_described_for_editors():
    defs = schema()["$defs"]
    for name, sub in _properties(schema()):
        target = defs[sub["$ref"].split("/")[-1]] if "$ref" in sub and "description" not in sub else sub
        assert "description" in target, name


# -- what it accepts ----------------------------------------------------------------

def test_classic_passes():
    doc = load_yaml_file(data_dir("editions") / "classic.yaml")
    assert check_schema(doc) == []


def test_base_passes():
    assert messages(BASE) == []


def test_later_editions_can_be_described():
    # Shapes the editions table needs: tags (boolean and valued), a card kept on
    # the table, colour-restricted kinds, house rules, the edition's own settings.
    text = textwrap.dedent("""\
        name: VETO and friends
        id: veto_2020
        version: "2020"
        colours: [purple, green, orange, yellow]
        display_colours: {purple: magenta, orange: bright_red}
        settings:
          hand_size: 7
          players: {min: 2, max: 10}
          dealer: birthday
          customizable_rules: 3
          jokes_allowed: true
          house_name: "Hufflepuff"
        tags:
          harry: "number in [2, 6, 9]"
          house: {Gryffindor: "number in 1..4", Slytherin: "number in 5..9"}
        kinds:
          veto:
            name: VETO
            deck: {count: 1}
            use: skip chosen
            tags: {political: true, weight: 2, label: veto}
          invisibility:
            name: Invisibility
            deck: {count: 1}
            reaction: {against: always, effect: choose colour}
          blank:
            name: Wild Customizable
            deck: {count: 2}
            blank: true
            written: ["extra turn"]
          yellow_only:
            name: Yellow Thing
            deck: {per_colour: 1, colours: [yellow]}
            points: 40
            description: Only in yellow.
        table: [veto]
        rules:
          - name: stacking
            description: Draw cards stack.
            script: |
              next draws 2
        total: 8
        """)
    assert messages(text) == []


# -- how complaints read -------------------------------------------------------------

@pytest.mark.parametrize("old, new, expected", [
    ("    points: 20\n", "    points: -1\n",
     "t.yaml:15:13: error: $.kinds.draw_two.points: -1 is less than the minimum of 0"),
    ("    effect: |\n", "    efect: |\n",
     "t.yaml:16:5: error: $.kinds.draw_two.efect: unknown property 'efect'\n"
     "  hint: did you mean 'effect'?"),
    ("colours: [red, blue]", "colours: red",
     "t.yaml:3:10: error: $.colours: expected a list, got the text \"red\""),
    ("colours: [red, blue]", "colours: [red, red]",
     "t.yaml:3:10: error: $.colours: lists the same value more than once"),
    ("    points: face\n", "    points: fase\n",
     "t.yaml:11:13: error: $.kinds.number.points: expected \"face\", got the text \"fase\""),
    ("  scoring: winner", "  scoring: winer",
     "t.yaml:6:12: error: $.settings.scoring: the text \"winer\" is not one of \"winner\", \"penalty\"\n"
     "  hint: did you mean 'winner'?"),
    ("  hand_size: 7", "  hand_size: 0",
     "t.yaml:5:14: error: $.settings.hand_size: 0 is less than the minimum of 1"),
    ("  hand_size: 7", "  hand_size: [7]",
     "t.yaml:5:14: error: $.settings.hand_size: expected a whole number, got a list"),
    ("  hand_size: 7", "  my_setting: {a: 1}",
     "t.yaml:5:15: error: $.settings.my_setting: expected a whole number, true/false or text, got a mapping"),
    ("    deck: {per_colour: 2}", "    deck: {per_colour: 2, count: 4}",
     "t.yaml:14:5: error: $.kinds.draw_two.deck: give exactly one of 'numbers', 'per_colour', 'count'"),
    ("    deck: {per_colour: 2}", "    deck: {}",
     "t.yaml:14:5: error: $.kinds.draw_two.deck: give exactly one of 'numbers', 'per_colour', 'count'"),
    ('"1-9": 2', '"1_9": 2',
     "t.yaml:10:30: error: $.kinds.number.deck.numbers['1_9']: '1_9' is not a valid key here\n"
     "  hint: A number (\"7\") or a range of numbers (\"1-9\")."),
    ("  draw_two:\n", "  Draw_Two:\n",
     "t.yaml:12:3: error: $.kinds.Draw_Two: 'Draw_Two' is not a valid key here\n"
     "  hint: A name scripts can use: lowercase letter, then lowercase letters, digits or '_'."),
    ("    name: Draw Two\n", "",
     "t.yaml:12:3: error: $.kinds.draw_two: 'name' is a required property"),
    ("    name: Draw Two\n", "    name:\n",
     "t.yaml:13:10: error: $.kinds.draw_two.name: expected text, got nothing (an empty value)"),
    ("id: test-uno", "id: Test UNO",
     "t.yaml:2:5: error: $.id: the text \"Test UNO\" is not of the right form\n"
     "  hint: Short name used on the command line (`--edition classic`): lowercase letters, digits, '-' and '_'."),
    ("total: 40", "totl: 40",
     "t.yaml:19:1: error: $.totl: unknown property 'totl'\n  hint: did you mean 'total'?"),
    ("total: 40", "zzz: 40",
     "t.yaml:19:1: error: $.zzz: unknown property 'zzz'\n  hint: allowed here: actions, backs, base, chance, colours, description, discard_piles, "
     "display_colours, id, kinds, language, name, piles, rules, settings, sides, source, starter_rules, state, table, tags, "
     "total, version, words, written_rules"),
])
def test_bad_variant(old, new, expected):
    assert messages(variant(old, new)) == [expected]


def test_all_errors_are_reported_in_file_order():
    text = variant("    points: 20\n", "    points: -1\n    efect: x\n").replace("colours: [red, blue]", "colours: red")
    found = messages(text)
    assert [m.split(": error")[0] for m in found] == ["t.yaml:3:10", "t.yaml:15:13", "t.yaml:16:5"]


def test_missing_top_level_keys_point_at_the_start():
    assert messages("name: x\n") == [
        "t.yaml:1:1: error: $: 'kinds' is a required property",
        "t.yaml:1:1: error: $: give at least one of 'colours', 'sides'",  # (two-sided cards: each side's)
    ]


def test_empty_kinds_and_colours():
    """No kinds is no deck; no colours is an edition of Wilds only (UNO All Wild!)."""
    found = messages("name: x\ncolours: []\nkinds: {}\n")
    assert found == ["t.yaml:3:8: error: $.kinds: needs at least 1 entry"]


def test_a_valued_tag_must_be_a_condition_or_a_mapping():
    text = BASE + "tags: {harry: 5}\n"
    assert messages(text) == [
        "t.yaml:20:15: error: $.tags.harry: expected text or a mapping, got the number 5"]


def test_problems_carry_the_source_line():
    [problem] = check_schema(load_yaml(variant("    points: 20\n", "    points: -1\n"), "t.yaml"))
    assert problem.source_line == "    points: -1"


def test_one_of_reports_the_best_alternative_and_counts_the_rest():
    against = {"type": "object", "properties": {"a": {"oneOf": [
        {"type": "integer", "minimum": 0}, {"type": "string", "pattern": "^x"}, {"type": "array"}]}}}
    assert [p.format() for p in check_schema(load_yaml("a: -1\n", "t.yaml"), against)] == [
        "t.yaml:1:4: error: $.a: -1 is less than the minimum of 0 (and 2 other alternatives failed)"]
    assert [p.format() for p in check_schema(load_yaml("a: yes-no\n", "t.yaml"), against)] == [
        "t.yaml:1:4: error: $.a: 'yes-no' does not match '^x' (and 2 other alternatives failed)"]


def test_render_path():
    assert render_path([]) == "$"
    assert render_path(["kinds", "draw_two", "points"]) == "$.kinds.draw_two.points"
    assert render_path(["rules", 3, "name"]) == "$.rules[3].name"
    assert render_path(["deck", "numbers", "1-9"]) == "$.deck.numbers['1-9']"

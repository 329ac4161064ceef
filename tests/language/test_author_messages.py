"""Messages an author meets first, in their words (issue 14): a misspelt player or colour
gets a did-you-mean, a YAML indentation mistake is said plainly, and a place that is no
file (an edition name, `--set`, `@rule`) is shown without a line and a column."""
from __future__ import annotations

import pytest

import unodsl
from unodsl.errors import EditionError

from cli_helpers import no_traceback, run

EDITION = """name: Typos
base: classic
kinds:
  star:
    name: Star
    deck: {{count: 1}}
    points: 1
    effect: |
      {effect}
"""


def problems_of(text: str) -> list[str]:
    with pytest.raises(EditionError) as raised:
        unodsl.load_edition_text(text, "t.yaml")
    return [p.format() for p in raised.value.problems]


@pytest.mark.parametrize("effect, column", [
    ("if nxt.hand > 2:\n        skip next", 10),        # a player's figure
    ("let victim = nxt", 20),                           # a player held by a name
    ("choose player where nxt.hand > 2", 27),
    ("if nxt holds red:\n        skip next", 10),       # what only a player holds
    ("if nxt challenges:\n        skip next", 10),
    ('if nxt accepts "Swap?":\n        skip next', 10),
    ("nxt draws 2", 7),                                 # (as before)
    ("skip nxt", 12),
])
def test_a_misspelt_player_is_named_with_a_did_you_mean(effect, column):
    (problem,) = problems_of(EDITION.format(effect=effect))
    assert problem.startswith(f"t.yaml:9:{column}: error: `nxt` is not a player")
    assert problem.endswith("hint: did you mean 'next'?")


def test_a_name_near_no_player_is_still_an_unknown_name():
    (problem,) = problems_of(EDITION.format(effect="if colr == red:\n        skip next"))
    assert "unknown name 'colr'" in problem and "did you mean 'colour'?" in problem


def test_a_misspelt_colour_in_deck_gets_a_did_you_mean():
    text = "name: Typos\nbase: classic\nkinds:\n  star:\n    name: Star\n" \
           "    deck: {per_colour: 1, colours: [red, blu]}\n    points: 1\n"
    assert problems_of(text) == ["t.yaml:6:42: error: 'blu' is not a colour of this edition\n"
                                 "  hint: did you mean 'blue'?"]
    far = problems_of(text.replace("blu]", "zzz]"))
    assert far == ["t.yaml:6:42: error: 'zzz' is not a colour of this edition\n"
                   "  hint: colours: blue, green, red, yellow"]


@pytest.mark.parametrize("text, message", [
    ("name: X\nkinds:\n  foo:\n    name: Foo\n     deck: {count: 1}\n",
     "t.yaml:5:6: error: bad indentation: this line is indented more than the line above it, which holds "
     "a value already"),
    ("name: X\nkinds:\n  foo:\n    name: Foo\n  deck: {count: 1}\n    points: 1\n",
     "t.yaml:6:5: error: bad indentation: this line is not lined up with the lines above it"),
    ("colours:\n  - red\n - blue\n", "t.yaml:3:2: error: bad indentation: this line is not lined up"),
    ("name: X\nkinds:\n  foo:\n    deck\n    points: 1\n",
     "t.yaml:4:5: error: this line is not `key: value`: there is no ':' after 'deck'"),
    ("name: X\nkinds:\n  skip: points: 20\n",
     "t.yaml:3:15: error: a plain value cannot hold ': ' (a colon, then a space)"),
])
def test_yaml_mistakes_are_said_in_plain_words(text, message):
    (problem,) = problems_of(text)
    assert problem.startswith(message)
    assert "YAML syntax error" not in problem and "<block" not in problem


@pytest.mark.parametrize("args, shown", [
    (("validate", "nosuch"), "nosuch: error: no edition named 'nosuch' and no such file"),
    (("validate", "classic", "--set", "hand_size=seven"),
     '--set hand_size=seven: error: settings.hand_size: expected a whole number'),
    (("validate", "classic", "--rule", "@nosuch"), "@nosuch: error: no rule file 'nosuch'"),
    (("simulate", "classic", "--games", "1", "--set", "hand_size=seven"), "--set hand_size=seven: error: "),
])
def test_a_place_that_is_no_file_has_no_line_and_column(args, shown):
    result = run(*args)
    no_traceback(result)
    assert result.exit_code == 1
    output = result.stdout + result.stderr
    assert shown in output and ":1:1" not in output

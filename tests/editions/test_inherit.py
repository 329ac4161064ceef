"""Editions built on another (`base:`): inherit, change, remove; errors placed in the right file."""
from __future__ import annotations

import textwrap

import pytest

import unodsl


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def test_an_edition_adds_a_kind_to_its_base(tmp_path):
    path = write(tmp_path, "ring.yaml", """\
        name: Ring UNO
        base: classic
        kinds:
          ring:
            name: Ring
            wild: true
            deck: {count: 4}
            points: 50
            playable: always
            effect: |
              choose colour
              give all where colour == yellow to others
        total: 112
        """)
    edition = unodsl.load_edition(str(path))
    assert len(edition.deck) == 112 and edition.colours == ("red", "yellow", "green", "blue")
    assert edition.kinds["wild_draw_four"].bluff_if is not None  # inherited scripts compile
    assert list(edition.kinds)[-1] == "ring"


def test_a_field_of_an_inherited_kind_can_change_and_a_kind_can_go(tmp_path):
    path = write(tmp_path, "three.yaml", """\
        name: Draw Three UNO
        base: classic
        colours: [rouge, jaune, vert, bleu]
        settings: {target_score: 300}
        kinds:
          draw_two:
            name: Draw Three
            effect: |
              next draws 3
              skip next
          skip: null
        """)
    edition = unodsl.load_edition(str(path))
    assert "skip" not in edition.kinds and len(edition.deck) == 100
    assert edition.kinds["draw_two"].name == "Draw Three" and edition.kinds["draw_two"].points == 20
    assert "g.draw((me + g.direction) % g.n, 3)" in edition.kinds["draw_two"].effect.source
    assert {c.colour for c in edition.deck if c.colour} == {"rouge", "jaune", "vert", "bleu"}
    assert edition.settings["target_score"] == 300 and edition.settings["hand_size"] == 7


def test_an_error_in_the_edition_points_into_the_edition(tmp_path):
    path = write(tmp_path, "bad.yaml", """\
        name: Bad
        base: classic
        kinds:
          skip:
            effect: skip nxt
        """)
    with pytest.raises(unodsl.EditionError) as error:
        unodsl.load_edition(str(path))
    (problem,) = error.value.problems
    assert (problem.span.file, problem.span.line, problem.span.column) == (str(path), 5, 18)


def test_an_error_the_change_causes_in_an_inherited_script_points_into_the_base(tmp_path):
    # Removing `players` from the vocabulary is impossible, but removing a colour a script names is not.
    base = write(tmp_path, "base.yaml", """\
        name: Base
        colours: [red, blue]
        settings: {players: {min: 2, max: 2}}
        kinds:
          number:
            name: Number
            deck: {numbers: {"0-9": 1}}
            points: face
          red_bomb:
            name: Red bomb
            deck: {count: 1}
            points: 10
            playable: always
            effect: others discard all where colour == red
            on_start: pass
        """)
    child = write(tmp_path, "child.yaml", """\
        name: Child
        base: base.yaml
        colours: [green, blue]
        """)
    assert len(unodsl.load_edition(str(base)).deck) == 21
    with pytest.raises(unodsl.EditionError) as error:
        unodsl.load_edition(str(child))
    (problem,) = error.value.problems
    assert (problem.span.file, problem.span.line, problem.span.column) == (str(base), 14, 48)
    assert "unknown name 'red'" in problem.message


def test_a_base_that_does_not_exist_or_loops(tmp_path):
    missing = write(tmp_path, "a.yaml", "name: A\nbase: nowhere\n")
    with pytest.raises(unodsl.EditionError, match="no edition named 'nowhere'"):
        unodsl.load_edition(str(missing))
    write(tmp_path, "x.yaml", "name: X\nbase: y.yaml\n")
    loop = write(tmp_path, "y.yaml", "name: Y\nbase: x.yaml\n")
    with pytest.raises(unodsl.EditionError, match="cycle"):
        unodsl.load_edition(str(loop))

"""What a file can make unodsl read (unodsl/edition/files.py, docs/editions.md):
a name written in a file is a built-in or a path inside the folder tree of that
file; only regular files are read."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import unodsl
from unodsl.edition.files import confined_path, edition_reference, read_regular_file
from unodsl.errors import EditionError, Span
from unodsl.resources import data_dir

WHERE = Span("referrer.yaml", 2, 7)


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "tree" / "sub").mkdir(parents=True)
    (tmp_path / "tree" / "sub" / "base.yaml").write_text("name: Base\n")
    (tmp_path / "tree" / "referrer.yaml").write_text("name: Referrer\n")
    (tmp_path / "secret.yaml").write_text("name: Secret\n")
    return tmp_path / "tree"


def refusal(reference: str, tree: Path, **options) -> str:
    with pytest.raises(EditionError) as error:
        confined_path(reference, tree / "referrer.yaml", WHERE, **options)
    (problem,) = error.value.problems
    assert problem.span == WHERE  # at the value that names the file, not in the file named
    return problem.message


def test_a_path_inside_the_tree_is_the_file_as_named(tree):
    assert confined_path("sub/base.yaml", tree / "referrer.yaml", WHERE) == tree / "sub" / "base.yaml"
    assert confined_path("sub/../sub/base.yaml", tree / "referrer.yaml", WHERE).resolve() \
        == (tree / "sub" / "base.yaml").resolve()


def test_a_symlink_that_stays_inside_is_followed(tree):
    (tree / "link.yaml").symlink_to(tree / "sub" / "base.yaml")
    assert confined_path("link.yaml", tree / "referrer.yaml", WHERE) == tree / "link.yaml"


@pytest.mark.parametrize("reference, message", [
    ("/etc/passwd", "'/etc/passwd' is an absolute path"),
    ("../secret.yaml", "'../secret.yaml' is outside the folder of"),
    ("sub/../../secret.yaml", "is outside the folder of"),
    ("out.yaml", "'out.yaml' is outside the folder of"),  # a symlink out, made below
    ("loop.yaml", "cannot follow 'loop.yaml'"),
    ("missing.yaml", "no file 'missing.yaml'"),
    ("sub", "'sub' is a folder, not a regular file"),
    ("fifo.yaml", "'fifo.yaml' is a FIFO (named pipe), not a regular file"),
    ("", "an empty file name"),
    ("a\0b.yaml", "not a usable file name"),
    ("x" * 5000 + ".yaml", "no file"),
])
def test_names_out_of_the_tree_or_not_regular_files_are_refused(tree, reference, message):
    (tree / "out.yaml").symlink_to(tree.parent / "secret.yaml")
    (tree / "loop.yaml").symlink_to(tree / "loop.yaml")
    os.mkfifo(tree / "fifo.yaml")
    assert message in refusal(reference, tree)


def test_a_folder_is_asked_for_as_such(tree):
    assert confined_path("sub", tree / "referrer.yaml", WHERE, folder=True) == tree / "sub"
    assert "is not a folder" in refusal("sub/base.yaml", tree, folder=True)
    assert "is outside the folder" in refusal("..", tree, folder=True)


def test_an_edition_reference_is_a_built_in_name_or_a_confined_path(tree):
    assert edition_reference("classic", tree / "referrer.yaml", WHERE) == data_dir("editions") / "classic.yaml"
    assert edition_reference("sub/base.yaml", tree / "referrer.yaml", WHERE) == tree / "sub" / "base.yaml"
    with pytest.raises(EditionError, match="no edition named 'clasic'"):
        edition_reference("clasic", tree / "referrer.yaml", WHERE)
    with pytest.raises(EditionError, match="is outside the folder"):
        edition_reference("..", tree / "referrer.yaml", WHERE)


def test_only_a_regular_file_is_read_and_a_fifo_never_blocks(tree):
    assert read_regular_file(tree / "sub" / "base.yaml", 100) == b"name: Base\n"
    assert read_regular_file(tree / "sub" / "base.yaml", 3) == b"name"  # limit + 1: too big
    os.mkfifo(tree / "fifo.yaml")
    for path, says in ((tree / "fifo.yaml", "a FIFO"), (tree / "sub", "a folder"),
                       (Path("/dev/null"), "a device"), (tree / "missing.yaml", "No such file")):
        with pytest.raises(EditionError, match=says) as error:
            read_regular_file(path, 100)
        assert error.value.problems[0].span == Span(str(path), 1, 1)


def test_starter_rules_are_a_folder_inside_the_tree_or_a_built_in_one(tree):
    def edition(folder: str) -> Path:
        path = tree / "blank.yaml"
        path.write_text(f"name: Blank\nbase: veto\nstarter_rules: {folder}\n")
        return path

    assert unodsl.load_edition(str(edition("house-rules")))  # the built-in folder
    (tree / "mine").mkdir()
    (tree / "mine" / "joke.yaml").write_text("name: Joke\nscript: extra turn\n")
    assert unodsl.load_edition(str(edition("mine")))
    (tree.parent / "rules").mkdir()
    (tree.parent / "rules" / "secret.yaml").write_text("name: Secret\nscript: extra turn\n")
    for folder in ("../rules", str(tree.parent / "rules")):
        with pytest.raises(EditionError, match="outside the folder|absolute path") as error:
            unodsl.load_edition(str(edition(folder)))
        assert error.value.problems[0].span.line == 3  # at `starter_rules:`
    (tree / "mine" / "out.yaml").symlink_to(tree.parent / "rules" / "secret.yaml")
    with pytest.raises(EditionError, match="'mine/out.yaml' is outside the folder"):
        unodsl.load_edition(str(edition("mine")))


def test_a_base_may_be_in_a_folder_below(tree):
    (tree / "sub" / "base.yaml").write_text("name: Base\nbase: classic\n")
    (tree / "child.yaml").write_text("name: Child\nbase: sub/base.yaml\n")
    assert unodsl.load_edition(str(tree / "child.yaml")).name == "Child"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(["..", ".", "sub", "base.yaml", "link", "", "/", "x\0", "~", "\\"]),
                min_size=1, max_size=6).map("/".join))
def test_any_reference_is_inside_the_tree_or_refused(tree, reference):
    """Whatever is written, the answer is a regular file inside the tree, or a located refusal."""
    if not (tree / "link").exists():
        (tree / "link").symlink_to(tree.parent)
    try:
        found = confined_path(reference, tree / "referrer.yaml", WHERE)
    except EditionError as error:
        assert [problem.span for problem in error.problems] == [WHERE]
        return
    assert found.resolve().is_relative_to(tree.resolve()) and found.is_file()

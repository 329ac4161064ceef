"""Hostile input files, given to every command that reads files.

People run `unodsl validate` in CI on files contributed by strangers. Whatever
the file (empty, binary, latin-1, an alias bomb, thousands of nested brackets,
a 3 MB line, `!!python` tags, a `base:` out of its folder, a FIFO, a folder),
each command answers with a located message (`file:line:col: error: ...`),
exit status 1 and no traceback, within seconds; it never blocks, and never
shows the content of a file outside the edition's folder tree (docs/editions.md,
"What an edition file can make unodsl read").

tests/hostile/ holds the files that can be committed; the rest (the 3 MB line,
FIFOs, symlinks, folders) are made at test time by the functions of CASES. To
add a case, add a file there or a function here, and what validate must say.
Saves for `unodsl resume` have their own slot: SAVES.
"""
from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path
from typing import Callable

import pytest

from cli_helpers import no_traceback, run, time_limit

HOSTILE = Path(__file__).parent
CANARY = "secret-canary-7f3a"  # the content of a file outside the tree: never shown
LOCATED = re.compile(r"^\s*\S[^:\n]*:\d+:\d+: error: ", re.MULTILINE)
SECONDS = 10  # each run takes well under a second; a blocking read fails the test instead


# ---- the hostile files ------------------------------------------------------------------
# Each case makes, in `tree` (the folder a contributor controls), the file the commands
# are given, and says a fragment of what `validate` must answer. `tree.parent / "outside"`
# holds a secret the files try to make unodsl read.

def committed(name: str) -> Callable[[Path], Path]:
    return lambda tree: Path(shutil.copy(HOSTILE / name, tree / name))


def edition_with_base(reference: str) -> Callable[[Path], Path]:
    """An edition whose `base:` names `reference` ({secret}: the secret's absolute path)."""
    def make(tree: Path) -> Path:
        path = tree / "edition.yaml"
        path.write_text(f"name: Hostile\nbase: {reference.format(secret=secret(tree))}\n", encoding="utf-8")
        return path
    return make


def secret(tree: Path) -> Path:
    return tree.parent / "outside" / "secret.yaml"


def long_line(tree: Path) -> Path:
    path = tree / "long_line.yaml"
    path.write_text("name: " + "x" * 3_000_000 + "\n", encoding="utf-8")
    return path


def fifo(tree: Path) -> Path:
    os.mkfifo(tree / "fifo.yaml")
    return tree / "fifo.yaml"


def folder(tree: Path) -> Path:
    (tree / "folder.yaml").mkdir()
    return tree / "folder.yaml"


def base_symlink_out(tree: Path) -> Path:
    (tree / "link.yaml").symlink_to(secret(tree))
    return edition_with_base("link.yaml")(tree)


def base_fifo(tree: Path) -> Path:
    fifo(tree)
    return edition_with_base("fifo.yaml")(tree)


CASES: dict[str, tuple[Callable[[Path], Path], str]] = {
    "empty": (committed("empty.yaml"), "empty edition file"),
    "binary": (committed("binary.yaml"), "not valid UTF-8"),
    "latin-1": (committed("latin1.yaml"), "not valid UTF-8"),
    "control characters": (committed("control_characters.yaml"), "is not allowed in YAML"),
    "alias bomb": (committed("alias_bomb.yaml"), "expands to more than"),
    "deep lists": (committed("deep_lists.yaml"), "nested"),
    "deep mappings": (committed("deep_mappings.yaml"), "nested"),
    "3 MB line": (long_line, "too big"),
    "python tag": (committed("python_tag.yaml"), "unsupported YAML tag '!!python/object/apply:os.system'"),
    "python tag at the top": (committed("python_tag_root.yaml"), "unsupported YAML tag"),
    "not a mapping": (committed("not_a_mapping.yaml"), "this file is not an edition: it holds text"),
    "huge deck": (committed("huge_deck.yaml"), "the deck would have more than 10,000 cards"),
    "FIFO": (fifo, "FIFO"),
    "folder": (folder, "folder"),
    "base: absolute path": (edition_with_base("{secret}"), "is an absolute path"),
    "base: ../ out of the tree": (edition_with_base("../outside/secret.yaml"), "is outside the folder"),
    "base: symlink out of the tree": (base_symlink_out, "is outside the folder"),
    "base: /etc/passwd": (edition_with_base("/etc/passwd"), "is an absolute path"),
    "base: /proc/self/environ": (edition_with_base("/proc/self/environ"), "is an absolute path"),
    "base: a FIFO": (base_fifo, "'fifo.yaml' is a FIFO"),
    "base: a folder": (edition_with_base("."), "is a folder"),
    # numbers past the largest a script may hold (docs/effects.md, "Limits"): a literal past
    # Python's 4,300 digits for int(text), a chance weight random.choices cannot sum as a float
    "number of 5,000 digits in a script": (committed("huge_literal.yaml"), "number is too big"),
    "chance weight of 400 digits": (committed("huge_chance_weight.yaml"), "is past the numbers a script may hold"),
    "setting of 400 digits": (committed("huge_setting.yaml"), "is past the numbers a script may hold"),
}


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """The contributor's folder, and beside it a secret that must never be shown."""
    (tmp_path / "outside").mkdir()
    # Shaped so that a base reading it would be quoted in a schema error.
    (tmp_path / "outside" / "secret.yaml").write_text(f"name: x\nkinds: {CANARY}\n", encoding="utf-8")
    (tmp_path / "tree").mkdir()
    return tmp_path / "tree"


# ---- the commands that read files -----------------------------------------------------
# Each gives the file to one command: the arguments, and what is typed (play).

def scenario(tree: Path, edition: str, rules: str = "[]") -> str:
    path = tree / "scenario.yaml"
    path.write_text(f"name: Hostile\nedition: {edition}\nrules: {rules}\n"
                    "setup: {hands: [[red 1], [red 2]], discard: [red 3]}\n", encoding="utf-8")
    return str(path)


COMMANDS: dict[str, Callable[[Path], tuple[list[str], str | None]]] = {
    "validate": lambda file: (["validate", str(file)], None),
    "validate --format json": lambda file: (["validate", "--format", "json", str(file)], None),
    "cards": lambda file: (["cards", str(file)], None),
    "explain": lambda file: (["explain", str(file), "skip"], None),
    "simulate": lambda file: (["simulate", str(file), "--games", "1", "--workers", "1"], None),
    "compare": lambda file: (["compare", "classic", str(file), "--games", "2", "--workers", "1"], None),
    "play": lambda file: (["play", str(file), "--players", "you,greedy", "--seed", "1"], "q\n"),
    "play --setup FILE": lambda file: (["play", "classic", "--players", "you,greedy", "--setup", str(file)], "q\n"),
    "test FILE": lambda file: (["test", str(file)], None),
    "test (scenario's edition:)": lambda file: (["test", scenario(file.parent, file.name)], None),
    "--rule @FILE": lambda file: (["validate", "classic", "--rule", f"@{file}"], None),
    "test (scenario's rules: [@FILE])": lambda file: (
        ["test", scenario(file.parent, "classic", f'["@{file.name}"]')], None),
}


def answer(args: list[str], typed: str | None):
    with time_limit(SECONDS):
        result = run_with_input(args, typed)
    no_traceback(result)
    return result


def run_with_input(args: list[str], typed: str | None):
    if typed is None:
        return run(*args)
    from click.testing import CliRunner
    from unodsl.cli import main
    try:
        runner = CliRunner(mix_stderr=False)
    except TypeError:
        runner = CliRunner()
    return runner.invoke(main, args, input=typed)


def located_json(output: str) -> bool:
    """`validate --format json`: problems, each with a file, a line and a column."""
    try:
        problems = json.loads(output)["problems"]
    except (ValueError, KeyError, TypeError):
        return False
    return bool(problems) and all(p["file"] and p["line"] >= 1 and p["column"] >= 1 for p in problems)


def assert_refused_safely(result) -> str:
    """Exit 1, a located message, nothing of the secret, no terminal control characters."""
    output = result.stdout + result.stderr
    assert result.exit_code == 1, output[:2000]
    assert LOCATED.search(output) or located_json(result.stdout), output[:2000]
    assert CANARY not in output
    assert "root:x:0" not in output  # /etc/passwd, and tests/hostile/not_a_mapping.yaml
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", output), "a control character is echoed"
    assert len(output) < 20_000, "the message quotes far too much"
    return output


# A folder where a file is expected, checked by the command line itself, is a usage error
# (exit 2); `unodsl test` and `unodsl validate` take folders, and this one holds no file of theirs.
USAGE_ERRORS = {("folder", "play --setup FILE"), ("folder", "test FILE"), ("folder", "validate"),
                ("folder", "validate --format json")}


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("case", sorted(CASES))
def test_every_command_refuses_every_hostile_file(case, command, tree):
    make, _ = CASES[case]
    args, typed = COMMANDS[command](make(tree))
    result = answer(args, typed)
    if (case, command) in USAGE_ERRORS:
        assert result.exit_code == 2 and "Error: " in result.stderr, result.stderr
    else:
        assert_refused_safely(result)


@pytest.mark.parametrize("case", sorted(CASES))
def test_validate_says_what_is_wrong(case, tree):
    make, says = CASES[case]
    if (case, "validate") in USAGE_ERRORS:  # (a folder is walked: this one holds nothing to check)
        result = answer(["validate", str(make(tree))], None)
        assert result.exit_code == 2 and says in result.stderr
        return
    output = assert_refused_safely(answer(["validate", str(make(tree))], None))
    assert says in output


def test_a_number_too_big_is_placed_at_the_number(tree):
    """Line 7 of huge_literal.yaml is `      next draws random number in 1..999...`: the digits start at column 38."""
    path = committed("huge_literal.yaml")(tree)
    output = assert_refused_safely(answer(["validate", str(path)], None))
    assert f"{path}:7:38: error: number is too big: a script holds whole numbers from -1,000,000,000 to " \
           "1,000,000,000" in output
    assert "9" * 100 not in output.splitlines()[0], "the message quotes the whole number"


def test_a_number_too_big_typed_on_a_blank_card_is_refused():
    """The rule a player writes at the table is refused with its place, and the game goes on."""
    setup = Path(__file__).parents[1] / "terminal" / "setups" / "veto_blank.yaml"
    result = answer(["play", "veto", "--setup", str(setup), "--players", "you,greedy,greedy", "--seed", "1"],
                    "3\n2\nnext draws " + "9" * 5000 + "\n\nb\nquit\n")
    assert "That rule does not work: line 1, column 12: number is too big" in result.stdout
    assert "You leave Wild Customizable blank." in result.stdout.split("number is too big")[1]


# ---- files validate accepts, whose numbers would grow without end in play ----------------
# Each round stops (abandoned) once a number passes the largest a script may hold.

RUNAWAYS = {  # the file, and what stops its rounds
    "a counter squared in a loop": ("squared_counter.yaml", "`65536 * 65536` passed"),
    "a counter added to itself in a loop, kept round after round": ("doubled_counter.yaml", "game.x passed"),
}


@pytest.mark.parametrize("case", sorted(RUNAWAYS))
def test_a_runaway_number_stops_the_round_not_the_command(case, tree):
    path = committed(RUNAWAYS[case][0])(tree)
    checked = answer(["validate", "--format", "concise", str(path)], None)  # (every line sound: the trial
    assert checked.exit_code == 1 and ":1:1: error: 8 of 8 rounds of a trial" in checked.stdout  # says)
    assert "the largest number a script may hold" in checked.stdout and "[E003]" in checked.stdout
    result = answer(["simulate", str(path), "--games", "2", "--workers", "1", "--json"], None)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["rounds"] > 0 and data["abandoned_rounds"] == data["rounds"]


def test_a_condition_past_the_bound_is_asked_by_validate_and_stops_rounds(tree):
    """validate asks conditions of the deck's cards (can a Five ever be played? does any card
    satisfy `draws until`?): one whose arithmetic passes the bound for some card may hold
    there, and stops the rounds that ask it (which validate's trial of its rounds then says)."""
    path = committed("number_in_a_condition.yaml")(tree)
    result = answer(["validate", "--format", "concise", str(path)], None)
    assert result.exit_code == 1 and result.stdout.count("error") == 1, result.stdout
    assert ":1:1: error: 8 of 8 rounds of a trial" in result.stdout and "kinds.five.playable" in result.stdout
    result = answer(["simulate", str(path), "--games", "1", "--workers", "1", "--json"], None)
    assert result.exit_code == 0 and json.loads(result.stdout)["abandoned_rounds"] > 0


@pytest.mark.parametrize("case", sorted(RUNAWAYS))
def test_a_runaway_number_is_told_at_the_table(case, tree):
    file, stopped_by = RUNAWAYS[case]
    result = answer(["play", str(committed(file)(tree)), "--players", "you,greedy", "--seed", "1"], "q\n")
    said = " ".join(result.stdout.split())  # (lines wrapped)
    assert f"The round is stopped after 1 turns: {stopped_by} the largest number a script may hold " \
           "(1,000,000,000)" in said


# ---- references a scenario makes ------------------------------------------------------

@pytest.mark.parametrize("reference, says", [
    ("{secret}", "is an absolute path"),
    ("../outside/secret.yaml", "is outside the folder"),
    ("link.yaml", "is outside the folder"),
    ("fifo.yaml", "is a FIFO"),
    ("/dev/zero", "is an absolute path"),
])
@pytest.mark.parametrize("key", ["edition", "rules"])
def test_a_scenario_names_only_files_in_its_tree(key, reference, says, tree):
    (tree / "link.yaml").symlink_to(secret(tree))
    os.mkfifo(tree / "fifo.yaml")
    reference = reference.format(secret=secret(tree))
    path = (scenario(tree, reference) if key == "edition"
            else scenario(tree, "classic", f'["@{reference}"]'))
    output = assert_refused_safely(answer(["test", path], None))
    assert says in output
    assert re.search(rf"scenario\.yaml:{2 if key == 'edition' else 3}:\d+: error: '", output), output


# ---- saves -------------------------------------------------------------------------------
# Damaged and edited saves for `unodsl resume SAVE`: a name, and a function that writes the
# save in the contributor's tree and returns its path. Add cases here.

def played_save(tree: Path, edition: str = "classic") -> Path:
    """A sound save of a match in progress (a few answers), written by `unodsl play`."""
    path = tree / "match.json"
    result = answer(["play", edition, "--players", "you,greedy", "--seed", "4", "--save", str(path)],
                    "d\nk\nd\nk\nquit\n")
    assert result.exit_code == 0 and json.loads(path.read_text())["answers"], result.stderr
    return path


def edited_save(change: Callable[[dict], None]) -> Callable[[Path], Path]:
    """The sound save with its JSON changed by `change`."""
    def make(tree: Path) -> Path:
        path = played_save(tree)
        data = json.loads(path.read_text())
        change(data)
        path.write_text(json.dumps(data, indent=1), encoding="utf-8")
        return path
    return make


def save_of_an_edited_edition(tree: Path) -> Path:
    """A save whose edition file (in the save's folder) was edited after it was written."""
    edition = tree / "mine.yaml"
    edition.write_text("name: Mine\nbase: classic\n", encoding="utf-8")
    path = played_save(tree, str(edition))
    edition.write_text("name: Mine\nbase: classic\nsettings: {hand_size: 5}\n", encoding="utf-8")
    return path


def save_as(name: str) -> Callable[[Path], Path]:
    """A committed hostile file given as a save."""
    return lambda tree: Path(shutil.copy(HOSTILE / name, tree / "match.json"))


def save_with_text(text: str) -> Callable[[Path], Path]:
    def make(tree: Path) -> Path:
        (tree / "match.json").write_text(text, encoding="utf-8")
        return tree / "match.json"
    return make


def _setter(key: str, value):
    return lambda data: data.__setitem__(key, value)


SAVES: dict[str, Callable[[Path], Path]] = {
    "empty": save_as("empty.yaml"),
    "binary": save_as("binary.yaml"),
    "latin-1": save_as("latin1.yaml"),
    "not JSON (YAML)": save_as("alias_bomb.yaml"),
    "deep nesting": save_with_text("[" * 100_000 + "]" * 100_000),
    "3 MB line": save_with_text('{"format": "' + "x" * 3_000_000 + '"}'),
    "JSON but not a save": save_with_text("[1, 2, 3]\n"),
    "FIFO": lambda tree: (os.mkfifo(tree / "match.json"), tree / "match.json")[1],
    "folder": lambda tree: ((tree / "match.json").mkdir(), tree / "match.json")[1],
    "answers damaged": edited_save(_setter("answers", "abc")),
    "answers key renamed": edited_save(lambda data: data.__setitem__("answer", data.pop("answers"))),
    "target a text": edited_save(_setter("target", "abc")),
    "seed a mapping": edited_save(_setter("seed", {"a": 1})),
    "edition outside the tree": edited_save(_setter("edition", "../outside/secret.yaml")),
    "edition absolute": edited_save(_setter("edition", "/etc/passwd.yaml")),
    "edition a FIFO": edited_save(_setter("edition", "fifo.yaml")),  # the FIFO: made by the test
    "edition edited since": save_of_an_edited_edition,
}


@pytest.mark.parametrize("case", sorted(SAVES))
def test_resume_refuses_every_hostile_save(case, tree):
    os.mkfifo(tree / "fifo.yaml")  # named by the case "edition a FIFO"
    path = SAVES[case](tree)
    before = path.read_bytes() if path.is_file() else None
    with time_limit(SECONDS):
        result = answer(["resume", str(path)], "q\n")
    if case == "folder":  # checked by the command line itself, like the other commands' folders
        assert result.exit_code == 2 and "is a directory" in result.stderr, result.stderr
        return
    assert_refused_safely(result)
    if before is not None:
        assert path.read_bytes() == before, "a refused save was written over"

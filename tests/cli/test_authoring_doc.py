"""docs/authoring.md does what it says: every command in it is run, in order, in
an empty folder, and its output compared with the output the page shows.

The page is read block by block:

- ```console: lines `$ unodsl ...` are commands, the lines after one (up to the
  next command) the output it shows. A line `...` stands for any lines left out.
  A command whose output shows `error:` or a failed scenario (`FAIL ...`) must
  fail (exit status 1); every other one must succeed. `> FILE` writes the output to FILE, as a shell would.
- ```yaml file=NAME: the reader writes this file.
- ```yaml edit=NAME: the reader changes the file: each top-level key of the
  block (`kinds:`, `total:`) replaces that key's section in the file; a key the
  file does not have yet is added before `kinds:`.
- ```yaml shows=NAME: the file as it is at that point, exactly.
"""
from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from unodsl.cli import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "authoring.md"
FENCE = re.compile(r"^```(\w+)([^\n]*)\n(.*?)^```$", re.DOTALL | re.MULTILINE)


@dataclass
class Step:
    kind: str  # command, file, edit, shows
    line: int  # in the page, for messages
    text: str  # the command, or the file's content
    target: str = ""  # the file of file/edit/shows
    output: tuple[str, ...] | None = None  # the output a command shows (None: not shown)


def steps(page: str) -> list[Step]:
    found = []
    for match in FENCE.finditer(page):
        lang, info, body = match[1], match[2].strip(), match[3]
        line = page.count("\n", 0, match.start()) + 2
        if lang == "console":
            found.extend(_commands(body, line))
        elif lang == "yaml" and "=" in info:
            what, _, target = info.partition("=")
            assert what in ("file", "edit", "shows"), f"docs/authoring.md:{line - 1}: unknown `{info}`"
            found.append(Step(what, line, body, target))
    return found


def _commands(body: str, first_line: int) -> list[Step]:
    commands: list[Step] = []
    for offset, text in enumerate(body.splitlines()):
        if text.startswith("$ "):
            commands.append(Step("command", first_line + offset, text[2:], output=()))
        else:
            assert commands, f"docs/authoring.md:{first_line + offset}: output before any command"
            commands[-1].output += (text,)
    return commands


STEPS = steps(DOC.read_text(encoding="utf-8"))


def run_command(command: str):
    """`unodsl ARGS [> FILE]` through the CLI: (exit code, output, exception)."""
    words = shlex.split(command)
    assert words[0] == "unodsl", f"not a unodsl command: {command}"
    into = None
    if ">" in words:
        at = words.index(">")
        words, into = words[:at], words[at + 1]
    result = CliRunner().invoke(main, words[1:])
    if into is not None:
        Path(into).write_text(result.output, encoding="utf-8")
        return result.exit_code, "", result.exception
    return result.exit_code, result.output, result.exception


def lines_match(expected: list[str], actual: list[str]) -> bool:
    """Line by line, `...` standing for any number of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(lines_match(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and lines_match(expected[1:], actual[1:])


def edit(text: str, block: str) -> str:
    """Replace each top-level section of `text` named in `block` (add the ones it lacks)."""
    lines = text.splitlines(keepends=True)
    for key, section in _sections(block.splitlines(keepends=True)).items():
        start = next((i for i, line in enumerate(lines) if line.startswith(f"{key}:")), None)
        if start is None:  # a new section, put before the kinds (or last)
            at = next((i for i, line in enumerate(lines) if line.startswith("kinds:")), len(lines))
            lines[at:at] = section
            continue
        end = start + 1
        while end < len(lines) and not (lines[end].strip() and not lines[end][0].isspace()):
            end += 1
        while end > start + 1 and not lines[end - 1].strip():  # keep the blank lines after it
            end -= 1
        lines[start:end] = section
    return "".join(lines)


def _sections(lines: list[str]) -> dict[str, list[str]]:
    sections: dict[str, list[str]] = {}
    current = None
    for line in lines:
        match = re.match(r"([A-Za-z_][\w-]*):", line)
        if match:
            current = sections.setdefault(match[1], [])
        assert current is not None, f"an edit block starts with a top-level key, not {line!r}"
        current.append(line)
    return sections


def test_the_page_walks_through_every_authoring_command():
    commands = [s.text.split()[1] for s in STEPS if s.kind == "command"]
    for needed in ("new", "schema", "validate", "cards", "explain", "simulate", "test"):
        assert needed in commands, f"docs/authoring.md runs no `unodsl {needed}`"
    assert any("--rule @" in s.text for s in STEPS if s.kind == "command")
    assert {s.kind for s in STEPS} == {"command", "file", "edit", "shows"}


def test_every_command_of_the_page(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for step in STEPS:
        where = f"docs/authoring.md:{step.line}"
        path = tmp_path / step.target
        if step.kind == "file":
            path.write_text(step.text, encoding="utf-8")
        elif step.kind == "edit":
            path.write_text(edit(path.read_text(encoding="utf-8"), step.text), encoding="utf-8")
        elif step.kind == "shows":
            assert path.read_text(encoding="utf-8") == step.text, f"{where}: {step.target} is not as shown"
        else:
            code, output, exception = run_command(step.text)
            assert exception is None or isinstance(exception, SystemExit), f"{where}: {exception!r}"
            shown = list(step.output)
            fails = any("error:" in line or line.startswith("FAIL ") for line in shown)
            assert code == (1 if fails else 0), f"{where}: `{step.text}` exited with {code}:\n{output}"
            if shown or output:
                actual = [line.rstrip() for line in output.rstrip("\n").splitlines()]
                assert lines_match(shown, actual), (
                    f"{where}: `{step.text}` printed:\n" + "\n".join(actual))


# ---- the reader of the page, itself ------------------------------------------------------

def test_steps_are_read_in_order():
    page = ("```console\n$ unodsl new x\nWrote x.yaml\n$ unodsl validate x.yaml\n```\n\n"
            "```yaml file=r.yaml\nname: r\n```\n")
    found = steps(page)
    assert [(s.kind, s.text, s.output) for s in found] == [
        ("command", "unodsl new x", ("Wrote x.yaml",)), ("command", "unodsl validate x.yaml", ()),
        ("file", "name: r\n", None)]
    assert found[2].target == "r.yaml" and found[0].line == 2


@pytest.mark.parametrize("expected,actual,ok", [
    (["a", "...", "d"], ["a", "b", "c", "d"], True),
    (["a", "...", "d"], ["a", "d"], True),
    (["a", "..."], ["a"], True),
    (["a", "...", "d"], ["a", "b"], False),
    (["a", "b"], ["a", "b", "c"], False),
])
def test_lines_match(expected, actual, ok):
    assert lines_match(expected, actual) is ok


def test_edit_replaces_top_level_sections():
    text = "name: x\nkinds:\n  a:\n    points: 1\n\n# total\ntotal: 1  # one\n"
    assert edit(text, "kinds:\n  b: {}\ntotal: 2\n") == "name: x\nkinds:\n  b: {}\n\n# total\ntotal: 2\n"

"""The one problem validation finds: in a house rule given with --rule, or in an edition's text."""
from __future__ import annotations

import pytest

import unodsl


def refused(rule: str, edition: str = "classic"):
    """The one problem validation finds in the house rule `rule` (placed at `--rule 1`)."""
    with pytest.raises(unodsl.EditionError) as error:
        unodsl.load_edition(edition, rules=[rule])
    (problem,) = error.value.problems
    return problem


def refused_edition(text: str, filename: str = "edition.yaml"):
    """The one problem validation finds in the edition file `text`."""
    with pytest.raises(unodsl.EditionError) as error:
        unodsl.load_edition_text(text, filename)
    (problem,) = error.value.problems
    return problem


def at(problem) -> tuple[int, int]:
    return problem.span.line, problem.span.column


def script_problems(head: str, script: str) -> list[str]:
    """The errors validation finds in an edition file `t.yaml`: `head`, ending in a key whose
    block takes the script (`effect: |`), then `script` indented under it."""
    text = head + "".join(f"      {line}\n" for line in script.split("\n"))
    try:
        unodsl.load_edition_text(text, "t.yaml")
    except unodsl.EditionError as error:
        return [p.format() for p in error.problems if p.severity == "error"]
    return []


def script_at(head: str, line: int, column: int) -> str:
    """`t.yaml:L:C: error:` for a place in the script after `head` (1-based in the script)."""
    return f"t.yaml:{head.count(chr(10)) + line}:{column + 6}: error:"

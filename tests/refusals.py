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

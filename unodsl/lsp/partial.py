"""What of an edition with errors still loads, for hover (words.py): the edition built
again without the parts its errors are in, so that a kind whose own fields and scripts are
sound is explained while another part of the file is being fixed.

A part is the kind an error is in (`kinds: boom:`, the whole kind: half a kind would be
explained wrongly), or else the entry of the top-level key it is in (`settings:
hand_size:`; an entry of a list, `rules:`, takes the list); an error in the file's name, colours or base leaves nothing
to build. The edition is built by the loader as `unodsl validate` builds it (no check of
its own here), a few times at most: a part taken out may leave a name unknown elsewhere,
whose part goes too.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass

from ..edition.loader import edition_problems
from ..edition.model import Edition
from ..edition.yamlsrc import YamlDoc
from ..errors import Problem, UnoError

_ROUNDS = 3  # builds at most, after the check's own: each takes out the parts of new errors
_WHOLE = ("name", "colours", "base", "kinds")  # an error in one of these (not in a kind): no edition


@dataclass(frozen=True)
class Partial:
    """The edition built without the parts in error, and the kinds left out."""

    edition: Edition
    left_out: frozenset  # kind ids


def partial_edition(doc: YamlDoc, problems: list[Problem]) -> Partial | None:
    """The edition of `doc` without the parts `problems` (its check's) are in; None when
    nothing sound can be built."""
    if not isinstance(doc.data, dict):
        return None
    data, left_out = copy.deepcopy(doc.data), set()
    for _round in range(_ROUNDS):
        parts = _parts(doc, [p for p in problems if p.severity == "error"])
        if parts is None:
            return None
        for part in parts:
            _take_out(data, part)
            if part[0] == "kinds":
                left_out.add(part[1])
        trial = copy.copy(doc)
        trial.data, trial.problems = data, []
        try:
            edition, problems = edition_problems(trial, [])
        except UnoError:
            return None
        if edition is not None:
            return Partial(edition, frozenset(left_out))
    return None


def _parts(doc: YamlDoc, errors: list[Problem]) -> set[tuple] | None:
    """The parts the errors are in; None if one is in another file or in the whole."""
    parts = set()
    for problem in errors:
        if problem.span.file != doc.filename or not problem.span.line:
            return None
        path, _is_key = doc.path_at(problem.span.line - 1, problem.span.column - 1)
        if not path:
            return None
        part = tuple(path[:2])
        if part[0] in _WHOLE and not (part[0] == "kinds" and len(part) == 2):
            return None
        parts.add(part)
    return parts


def _take_out(data: dict, part: tuple) -> None:
    """Remove the part (a key, or an entry of a key's mapping or list) from `data`."""
    if len(part) == 1:
        data.pop(part[0], None)
        return
    holder = data.get(part[0])
    if isinstance(holder, dict):
        holder.pop(part[1], None)
    else:  # (an entry of a list, `rules:`: the whole list, the errors' places being the file's)
        data.pop(part[0], None)

"""Hover on the parts of an edition file that name something other than a kind: a tag (a
key under `tags:`, under a kind's `tags:`, or a tag named in a script): what it means and
which cards carry it; `base:`: the base edition, what it is and where. Read from the
edition merged over its base, and the edition built (or, while it has errors, built
without the parts in error: partial.py).
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

from ..edition.inherit import Merged
from ..edition.loader import build_edition
from ..errors import UnoError
from .analysis import Analysis

_SHOWN = 8  # kinds named at most in a tag's hover


def usable_edition(analysis: Analysis):
    """The edition built, or, while it has errors, built without the parts in error."""
    if analysis.edition is not None:
        return analysis.edition
    return analysis.partial.edition if analysis.partial is not None else None


def file_hover(analysis: Analysis, line: int, column: int) -> str | None:
    """Markdown for `base:` or a tag's key at (line, column) of an edition file; else None."""
    if analysis.kind != "edition" or analysis.doc is None or not isinstance(analysis.doc.data, dict):
        return None
    path, _is_key = analysis.doc.path_at(line, column)
    if path == ("base",):
        return base_text(analysis)
    if path and path[0] == "tags" and len(path) >= 2:
        return tag_text(analysis, path[1])
    if path and path[0] == "kinds" and len(path) >= 4 and path[2] == "tags":
        return tag_text(analysis, path[3])
    return None


def tag_text(analysis: Analysis, tag) -> str:
    """A tag: how the edition gives it (a condition, values, kinds' fields) and which cards carry it."""
    data = analysis.source.data if analysis.source is not None else {}
    rule = _mapping(data.get("tags")).get(tag)
    lines = [f"**`{tag}`** (a tag)"]
    if isinstance(rule, str):
        lines.append(f"A flag: a card carries it when `{rule}` (`{tag}` in a condition).")
    elif isinstance(rule, dict):
        lines += [f"`{tag} == {value}` on the cards where `{condition}`" for value, condition in rule.items()]
    given = {kid: _mapping(spec).get("tags", {}).get(tag) for kid, spec in _mapping(data.get("kinds")).items()
             if isinstance(_mapping(spec).get("tags"), dict) and tag in spec["tags"]}
    if given:
        lines.append("Given by the kinds: " + ", ".join(f"`{kid}` ({value!r})" for kid, value in given.items()))
    lines.append(_carried_by(analysis, tag))
    return "\n\n".join(lines)


def _carried_by(analysis: Analysis, tag) -> str:
    edition = usable_edition(analysis)
    if edition is None:
        return "Which cards carry it: said once the edition has no errors."
    counts = Counter(card.kind for card in edition.every_face if tag in card.tags)
    if not counts:
        return "No card of the deck carries it."
    names = [f"{edition.kinds[kid].name if kid in edition.kinds else kid} ({n})" for kid, n in counts.most_common()]
    more = f", and {len(names) - _SHOWN} more kinds" if len(names) > _SHOWN else ""
    return f"Carried by {sum(counts.values())} cards: " + ", ".join(names[:_SHOWN]) + more


def base_text(analysis: Analysis) -> str | None:
    """The base edition: its name and id, its `source:`, its cards, its file."""
    source = analysis.source
    if not isinstance(source, Merged):
        return None
    base = source.base
    data = base.doc.data if isinstance(base.doc.data, dict) else {}
    lines = [f"**{data.get('name', '?')}** (`{data.get('id', Path(base.doc.filename).stem)}`), the base edition: "
             "this file's kinds, settings and tags are laid over its own."]
    if data.get("source"):
        lines.append(f"*Source:* {data['source']}")
    try:
        edition = build_edition(base.doc, [])
        lines.append(f"*Cards:* {len(edition.deck)}, of {len(edition.kinds)} kinds, in {len(edition.colours)} colours")
    except UnoError:
        lines.append("*Cards:* it does not load on its own (its problems are shown at the top of this file)")
    lines.append(f"*File:* `{base.doc.filename}`")
    return "\n\n".join(lines)


def _mapping(value) -> dict:
    return value if isinstance(value, dict) else {}

"""Values as a scenario writes them: cards by name (`red skip`), and any value shown
back in a message the way YAML would have it (`true`, `[1, 2]`, `null`)."""
from __future__ import annotations

import json
from typing import Any

from ..edition.model import Card, Edition
from ..edition.yamlsrc import YamlDoc
from ..engine.setup import resolve_cards
from ..errors import UnoError


def label_of(edition: Edition | None, name: str) -> str | None:
    """The label of the card `name` names (`red skip` -> `red Skip`), or None."""
    if edition is None or not isinstance(name, str):
        return None
    if name.strip().lower() in {c.lower() for c in edition.colours}:
        return None  # a colour alone names no card
    try:
        return resolve_cards(edition, [name], list(edition.every_face))[0].label()  # (either side's)
    except UnoError:
        return None


def show(value: Any) -> str:
    """A value the way a scenario writes it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, Card):
        return value.label()
    return str(value)


def describe(value: Any) -> str:
    """What kind of value was written where another was wanted (`the text "x"`)."""
    if value is None:
        return "nothing (an empty value)"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {json.dumps(value, ensure_ascii=False)}"
    return "a list" if isinstance(value, list) else "a mapping"


def written(doc: YamlDoc, path: tuple, value: Any) -> str:
    """The value at `path` as it stands in the file (`yes`, not `true`)."""
    node = doc.node(path)
    text = getattr(node, "value", None)
    return text if isinstance(text, str) else show(value)

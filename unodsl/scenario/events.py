"""Events of the match log against the events a scenario expects: a pattern names cards and
answers as the scenario does (`card: red 7`), the log holds uids and labels.

A card of a two-sided edition is named by the face that was up when the event was
recorded: `sides_along` follows the log's `flip` events."""
from __future__ import annotations

from collections import Counter

from ..edition.model import Edition
from ..engine.sides import side_after
from .answers import option_key
from .words import label_of, show


def sides_along(edition: Edition, log: list[dict]) -> list[int]:
    """The side up (its index) as each event of `log` was recorded."""
    side, found = 0, []
    for event in log:
        side = side_after(edition, event, side)
        found.append(side)
    return found


def event_matches(edition: Edition, pattern: dict, event: dict, side: int = 0) -> bool:
    return all(key in event and _value_matches(edition, key, want, event[key], side)
               for key, want in pattern.items())


def _value_matches(edition: Edition, key: str, want, actual, side: int = 0) -> bool:
    if isinstance(actual, bool) or isinstance(want, bool):
        return actual is want
    if isinstance(want, str) and key in ("card", "value"):
        if isinstance(actual, int) and 0 <= actual < len(edition.deck):  # a card uid
            return label_of(edition, want) == edition.card(actual, side).label()
        if isinstance(actual, dict) and "label" in actual:  # an answer that was a card
            return label_of(edition, want) == actual["label"]
        if isinstance(actual, str):
            return want.strip().lower() == actual.lower() or option_key(edition, want) == actual.lower()
    if isinstance(want, list) and isinstance(actual, list):
        if key == "cards" and all(isinstance(x, str) for x in want) and all(
                isinstance(x, int) for x in actual):  # cards by name, in any order
            return (Counter(label_of(edition, x) for x in want)
                    == Counter(_uid_label(edition, x, side) for x in actual))
        return len(want) == len(actual) and all(
            _value_matches(edition, key, w, a, side) for w, a in zip(want, actual, strict=True))
    if isinstance(want, dict) and isinstance(actual, dict):
        return all(k in actual and _value_matches(edition, k, w, actual[k], side) for k, w in want.items())
    if isinstance(want, str) and isinstance(actual, str):
        return want.lower() == actual.lower()
    return want == actual


def _uid_label(edition: Edition, uid: int, side: int = 0) -> str | None:
    return edition.card(uid, side).label() if 0 <= uid < len(edition.deck) else None


def event_text(edition: Edition, event: dict, raw: bool = False, side: int = 0) -> str:
    """An event in YAML flow style, cards by name (`raw`: a pattern, as written)."""
    parts = []
    for key, value in sorted(event.items(), key=lambda item: item[0] != "event"):
        if not raw and key == "card" and isinstance(value, int) and not isinstance(value, bool):
            value = _uid_label(edition, value, side)
        elif not raw and key == "cards" and isinstance(value, list) and all(
                isinstance(v, int) for v in value):
            value = [_uid_label(edition, v, side) for v in value]
        elif not raw and isinstance(value, dict) and "label" in value:
            value = value["label"]
        parts.append(f"{key}: {show(value)}")
    return "{" + ", ".join(parts) + "}"

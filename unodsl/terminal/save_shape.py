"""The precise shape of a save file, and where in its JSON text each value is.

A save may have been edited by hand or damaged: every key, its type and its
range are checked before anything is replayed, and each problem is placed at
`FILE:line:col` (the key's value in the JSON text), so that `resume` refuses
with one located message per problem instead of misreading the file.
"""
from __future__ import annotations

import difflib
import json
import re
from dataclasses import fields

from ..engine.setup import Setup
from ..errors import EditionError, Problem, Span

FORMAT = "unodsl-match"
VERSION = 3
# The versions resumed: a save of version 2 was written when a person's draw with nothing
# to play was taken for them (no answer of theirs in the save): it replays that way.
UNASKED_DRAWS = 2
RESUMED = (UNASKED_DRAWS, VERSION)
MARKERS = ("DRAW", "KEEP", "PASS")
FINGERPRINT_PARTS = ("edition", "rules", "settings")
_DIGEST = re.compile(r"^[0-9a-f]{64}$")
_DECODER = json.JSONDecoder()


class Located:
    """A save file's text and data; places problems at a key's value in the text."""

    def __init__(self, filename: str, text: str, data):
        self.filename = filename
        self.text = text
        self.data = data

    def span(self, path: tuple = ()) -> Span:
        offset = _offset_of(self.text, path)
        line = self.text.count("\n", 0, offset) + 1
        column = offset - (self.text.rfind("\n", 0, offset) + 1) + 1
        return Span(self.filename, line, column)

    def problem(self, path: tuple, message: str, hint: str | None = None) -> Problem:
        return Problem(self.span(path), message, hint=hint)

    def fail(self, path: tuple, message: str, hint: str | None = None) -> EditionError:
        return EditionError([self.problem(path, message, hint)])


def parse(filename: str, text: str) -> Located:
    """The save's JSON (EditionError, placed, if it is not JSON or repeats a key)."""
    try:
        data = json.loads(text, object_pairs_hook=_no_repeats, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise EditionError([Problem(Span(filename, error.lineno, error.colno),
                                    f"not a saved match: not JSON ({error.msg})")]) from None
    except _Repeated as error:
        raise EditionError([Problem(Span(filename, 1, 1), f"the key '{error}' is given twice")]) from None
    except ValueError as error:
        raise EditionError([Problem(Span(filename, 1, 1), f"not a saved match: {error}")]) from None
    except RecursionError:
        raise EditionError([Problem(Span(filename, 1, 1), "not a saved match: nested too deeply")]) from None
    return Located(filename, text, data)


class _Repeated(Exception):
    pass


def _no_repeats(pairs):
    data = {}
    for key, value in pairs:
        if key in data:
            raise _Repeated(key)
        data[key] = value
    return data


def _no_constant(name):
    raise ValueError(f"{name} is not a number a save holds")


def check(save: Located) -> None:
    """Raise EditionError listing every problem of the save's shape (nothing if sound)."""
    data = save.data
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise save.fail((), "not a saved match of unodsl play (no \"format\": \"unodsl-match\")")
    if data.get("version") not in RESUMED:
        raise save.fail(("version",) if "version" in data else (),
                        f"a save of version {data.get('version')!r}; this unodsl resumes versions "
                        f"{' and '.join(map(str, RESUMED))}",
                        "an older save has no fingerprint of its edition: play the match again")
    problems = []
    for key in data:
        if key not in SHAPE:
            close = difflib.get_close_matches(key, SHAPE, n=1)
            problems.append(save.problem((key,), f"unknown key '{key}'",
                                         f"did you mean '{close[0]}'?" if close else None))
    for key in SHAPE:
        if key not in data:
            problems.append(save.problem((), f"the key '{key}' is missing"))
    for key, rule in SHAPE.items():
        if key in data:
            problems.extend(save.problem(path, message) for path, message in rule((key,), data[key], data))
    if problems:
        raise EditionError(sorted(problems, key=lambda problem: (problem.span.line, problem.span.column)))


# ---- the shape, key by key: each rule yields (path, message) for what is wrong

def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(path, value, _data=None):
    if not isinstance(value, str) or not value.strip():
        yield path, f"{path[-1]} must be a non-empty text, not {_shown(value)}"


def _any_text(path, value, _data=None):
    if not isinstance(value, str):
        yield path, f"{_name(path)} must be a text, not {_shown(value)}"


def _format(path, value, _data):
    return ()  # checked first, by check()


def _version(path, value, _data):
    return ()  # checked first, by check()


def _fingerprint(path, value, _data):
    if not isinstance(value, dict) or set(value) != set(FINGERPRINT_PARTS):
        yield path, f"fingerprint must be a mapping of {', '.join(FINGERPRINT_PARTS)}"
        return
    for part in FINGERPRINT_PARTS:
        if not isinstance(value[part], str) or not _DIGEST.match(value[part]):
            yield (*path, part), f"fingerprint {part} must be a sha256 digest (64 hex digits)"


def _list_of(item):
    def rule(path, value, data):
        if not isinstance(value, list):
            yield path, f"{_name(path)} must be a list, not {_shown(value)}"
            return
        for index, element in enumerate(value):
            yield from item((*path, index), element, data)
    return rule


def _settings(path, value, _data):
    if not isinstance(value, dict):
        yield path, f"settings must be a mapping of names to values, not {_shown(value)}"
        return
    for name, setting in value.items():
        if isinstance(setting, (dict, list)) or setting is None:
            yield (*path, name), f"the setting '{name}' must be a single value, not {_shown(setting)}"


def _seed(path, value, _data):
    if not (_is_int(value) or isinstance(value, str)) or value == "":
        yield path, f"seed must be a whole number or a text, not {_shown(value)}"


def _target(path, value, _data):
    if value is not None and not (_is_int(value) and value >= 1):
        yield path, f"target must be a whole number of points above 0 (or null), not {_shown(value)}"


def _optional(rule):
    def optional(path, value, data):
        return () if value is None else rule(path, value, data)
    return optional


def _finished(path, value, _data):
    if not isinstance(value, bool):
        yield path, f"finished must be true or false, not {_shown(value)}"


def _answer(path, value, _data):
    """An encoded answer (save.encode): a card, a table card used, a marker, or itself."""
    if isinstance(value, (bool, int, str)):
        return
    if isinstance(value, dict):
        keys = set(value)
        if keys in ({"card"}, {"card", "label"}, {"card", "label", "side"}) and _is_int(value["card"]) \
                and value["card"] >= 0 and isinstance(value.get("label", ""), str) \
                and _is_int(value.get("side", 0)) and value.get("side", 0) >= 0:  # (a face of a two-sided card)
            return
        if keys == {"use", "target"} and _is_int(value["use"]) and _is_int(value["target"]):
            return
        if keys == {"marker"} and value["marker"] in MARKERS:
            return
    yield path, (f"answer {path[-1] + 1} is not an answer ({_shown(value)}): a card is "
                 "{\"card\": N}, a marker {\"marker\": \"DRAW\"}, a table card {\"use\": N, \"target\": SEAT}")


_SETUP_FIELDS = {f.name for f in fields(Setup)}


def _setup(path, value, data):
    if not isinstance(value, dict) or "hands" not in value:
        yield path, "setup must be a mapping with hands (or null)"
        return
    for key in value:
        if key not in _SETUP_FIELDS:
            yield (*path, key), f"unknown setup field '{key}'"
    cards = _list_of(_any_text)
    yield from _list_of(cards)((*path, "hands"), value["hands"], data)
    for key in ("draw", "discard"):
        if key in value:
            yield from cards((*path, key), value[key], data)
    seats = _seat_count(data.get("players"))
    for key in ("turn", "dealer"):
        seat = value.get(key)
        if (key == "turn" or seat is not None) and key in value \
                and not (_is_int(seat) and 0 <= seat < max(seats, 1)):
            yield (*path, key), f"setup {key} must be a seat, 0 to {seats - 1}, not {_shown(seat)}"
    checks = {"colour": (lambda v: v is None or isinstance(v, str), "a colour's name (or null)"),
              "direction": (lambda v: v in (1, -1) and not isinstance(v, bool), "1 or -1"),
              "scores": (lambda v: v is None or (isinstance(v, list) and len(v) == seats
                                                 and all(_is_int(s) for s in v)), f"{seats} whole numbers"),
              "start": (lambda v: isinstance(v, bool), "true or false"),
              "rest": (lambda v: v in ("draw", "discard"), "draw or discard"),
              "side": (lambda v: v is None or isinstance(v, str), "a side's name (or null)")}
    for key, (sound, what) in checks.items():
        if key in value and not sound(value[key]):
            yield (*path, key), f"setup {key} must be {what}, not {_shown(value[key])}"


def _seat_count(players) -> int:
    return len(players.split(",")) if isinstance(players, str) else 0


SHAPE = {
    "format": _format,
    "version": _version,
    "unodsl": _text,
    "fingerprint": _fingerprint,
    "edition": _text,
    "rules": _list_of(_any_text),
    "settings": _settings,
    "players": _text,
    "seed": _seed,
    "target": _target,
    "birthdays": _optional(_list_of(_any_text)),
    "setup": _optional(_setup),
    "answers": _list_of(_answer),
    "finished": _finished,
}


def _name(path: tuple) -> str:
    name = path[0]
    for step in path[1:]:
        name += f"[{step}]" if isinstance(step, int) else f".{step}"
    return name


def _shown(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


# ---- where a value is in the JSON text

def _offset_of(text: str, path: tuple) -> int:
    """The offset of the value at `path` in the JSON text; as deep as the path can be
    followed (the start of the document if not at all)."""
    index = _skip_space(text, 0)
    for step in path:
        found = _member(text, index, step)
        if found is None:
            break
        index = found
    return index


def _member(text: str, index: int, step) -> int | None:
    """The offset of member `step` of the object or array starting at `index`."""
    if index >= len(text) or text[index] not in "{[":
        return None
    is_object = text[index] == "{"
    if is_object != isinstance(step, str):
        return None
    position, count = _skip_space(text, index + 1), 0
    try:
        while position < len(text) and text[position] not in "]}":
            if is_object:
                key, position = json.decoder.scanstring(text, position + 1)
                position = _skip_space(text, text.index(":", position) + 1)
                if key == step:
                    return position
            elif count == step:
                return position
            _, position = _DECODER.raw_decode(text, position)
            position = _skip_space(text, position)
            if position < len(text) and text[position] == ",":
                position = _skip_space(text, position + 1)
            count += 1
    except (ValueError, RecursionError):
        return None
    return None


def _skip_space(text: str, index: int) -> int:
    while index < len(text) and text[index] in " \t\r\n":
        index += 1
    return index

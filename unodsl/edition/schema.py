"""Check an edition's data against schemas/edition.schema.json.

jsonschema finds the errors; this module turns each into a Problem at the
place in the YAML file it is about, worded for an edition author rather than
for a schema author (no Python reprs, unknown keys with a did-you-mean).
"""
from __future__ import annotations

import copy
import difflib
import functools
import json
import re
from dataclasses import replace
from typing import Any, Iterable

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match

from unodsl.codes import BAD_VALUE, MISSING_KEY, UNKNOWN_KEY, WRONG_TYPE
from unodsl.edition.yamlsrc import YamlDoc
from unodsl.errors import Problem, Span
from unodsl.limits import MAX_NUMBER, MAX_SETTING_DIGITS
from unodsl.resources import data_dir

SCHEMA_FILE = "edition.schema.json"

_TYPE_WORDS = {"string": "text", "integer": "a whole number", "number": "a number",
               "boolean": "true/false", "object": "a mapping", "array": "a list",
               "null": "nothing"}
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@functools.lru_cache(maxsize=1)
def schema() -> dict:
    """The edition schema (loaded once; do not modify the returned dict)."""
    path = data_dir("schemas") / SCHEMA_FILE
    return json.loads(path.read_text(encoding="utf-8"))


@functools.lru_cache(maxsize=1)
def _validator() -> Draft202012Validator:
    return Draft202012Validator(schema())


def check_schema(doc: YamlDoc, against: dict | None = None) -> list[Problem]:
    """Every way `doc.data` breaks the edition schema (or `against`), sorted by position."""
    validator = _validator() if against is None else Draft202012Validator(against)
    problems: list[Problem] = []
    for error in validator.iter_errors(doc.data):
        problems.extend(problem.with_code(_code(error)) for problem in _problems(doc, error))
    # (a kind that is no mapping breaks both the kind's schema and that of an edition without `base:`)
    return sorted(dict.fromkeys(problems), key=lambda p: (p.span.line, p.span.column, p.message))


def check_setting(name: str, value: Any, where: Span, own: dict | None = None) -> list[Problem]:
    """A setting given apart from the file (`--set NAME=VALUE`), against the schema,
    or, for an edition's own setting, against the type of its value in `own`."""
    against = setting_schema(name, own or {})
    problems = []
    for error in Draft202012Validator(against).iter_errors(value):
        message, hint = _wording(error)
        problems.append(Problem(where, f"settings.{name}: {message}", hint=hint or against.get("description")))
    return problems


_BOOLEAN_WORDS = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}
_INTEGER = re.compile(r"^[+-]?[0-9]+$")


def setting_schema(name: str, own: dict) -> dict:
    """What a setting may be: the schema's word for a known one; for an edition's own
    setting, the type of the value the edition gives it (so `stacking: false` is boolean)."""
    settings = schema()["$defs"]["settings"]
    if name in settings["properties"]:
        return settings["properties"][name]
    default, any_own = own.get(name), settings["additionalProperties"]
    for python_type, json_type in ((bool, "boolean"), (int, "integer"), (str, "string")):
        if isinstance(default, python_type):
            # (a number keeps the bounds of any own setting's: those a script may hold)
            bounds = {key: any_own[key] for key in ("minimum", "maximum")} if json_type == "integer" else {}
            return {"type": json_type, **bounds,
                    "description": f"An edition's own setting, which the edition gives as {_describe(default)}."}
    return any_own


_NOT_ONE_VALUE = "settings.{name}: --set gives one value (a number, true/false or a text), not a list or a mapping"
_IN_A_FILE = "write it in an edition file (`base: ...` and `settings: {name}: ...`)"


def is_one_value(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def nested_settings(settings: dict) -> list[Problem]:
    """Settings given apart from the file whose value is not one value (it could not
    even name a loaded edition: a list or a mapping is unhashable)."""
    return [Problem(Span(f"--set {name}={value}", 0, 0), _NOT_ONE_VALUE.format(name=name),
                    hint=_IN_A_FILE.format(name=name))
            for name, value in settings.items() if not is_one_value(value)]


def read_known_setting(name: str, text: str) -> Any:
    """`--set` text read as its type where the schema alone knows it (hand_size=5 -> 5),
    so that what is kept (a save) is typed; anything else stays text, read when the
    edition is loaded (an edition's own setting has the type of its value there)."""
    if name not in schema()["$defs"]["settings"]["properties"]:
        return text
    value, error, _ = read_setting(name, text, {})
    return text if error else value


def read_setting(name: str, value: Any, own: dict) -> tuple[Any, str | None, str | None]:
    """A setting's value as its type says: `--set` gives text, read as a true/false
    word or a whole number where the setting is one. (value, error, hint)."""
    against = setting_schema(name, own)
    kinds = against.get("type", "string" if "enum" in against else "object")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    if kinds == ["object"] and isinstance(value, str):
        return value, f"settings.{name} is a mapping: --set cannot replace it", _IN_A_FILE.format(name=name)
    if not isinstance(value, str) or "string" in kinds and len(kinds) == 1:
        return value, None, None  # data (a scenario's settings:, Python): the schema checks it
    word = value.strip()
    if "boolean" in kinds and word.lower() in _BOOLEAN_WORDS:
        return _BOOLEAN_WORDS[word.lower()], None, None
    if "integer" in kinds and _INTEGER.match(word) and len(word.lstrip("+-")) <= MAX_SETTING_DIGITS:
        return int(word), None, None
    if "string" in kinds:
        return value, None, None
    if "boolean" in kinds:
        return value, f"settings.{name}: expected true or false, got the text {json.dumps(word)}", (
            _did_you_mean(word.lower(), _BOOLEAN_WORDS) or "write true or false (or yes/no, on/off)")
    return value, (f"settings.{name}: expected a whole number (at most {MAX_SETTING_DIGITS} digits), "
                   f"got the text {json.dumps(word)}"), against.get("description")


def render_path(path: Iterable) -> str:
    """A data path as `$.kinds.number.deck.numbers['1-9']` or `$.rules[2].name`."""
    text = "$"
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        elif _NAME.match(part):
            text += f".{part}"
        else:
            text += f"[{part!r}]"
    return text


def _problems(doc: YamlDoc, error: ValidationError) -> list[Problem]:
    path = tuple(error.absolute_path)
    if error.validator == "additionalProperties" and error.validator_value is False:
        return [_unknown_key(doc, path, key, error.schema) for key in _extra_keys(error)]
    if "propertyNames" in error.relative_schema_path:  # a bad key: point at the key itself
        key_path = path + (error.instance,)
        return [doc.problem(key_path, f"{render_path(key_path)}: '{error.instance}' is not a valid key here",
                            error.schema.get("description"), at_key=True)]
    if error.validator in ("oneOf", "anyOf") and _only_required(error.validator_value):
        names = ", ".join(f"'{n}'" for alt in error.validator_value for n in alt["required"])
        how = "exactly one" if error.validator == "oneOf" else "at least one"
        return [doc.problem(path, f"{render_path(path)}: give {how} of {names}", at_key=True)]
    if error.context:
        # Every alternative failed: show the one that came closest, count the rest.
        # best_match descends into .context itself (preferring alternatives of the
        # value's own type); handed the context list directly it ranks the other way.
        best = best_match([error])
        if best is error:  # alternatives tie: take the first
            best = error.context[0]
        others = len({e.relative_schema_path[0] for e in error.context}) - 1
        suffix = f" (and {others} other alternative{'s' if others != 1 else ''} failed)" if others else ""
        problem = _problems(doc, best)[0].with_code(_code(best))
        return [replace(problem, message=problem.message + suffix)]
    message, hint = _wording(error)
    return [doc.problem(path, f"{render_path(path)}: {message}", hint,
                        at_key=error.validator == "required")]


def _code(error: ValidationError) -> str:
    if error.validator == "additionalProperties" and error.validator_value is False:
        return UNKNOWN_KEY
    if error.validator == "required" or error.validator in ("oneOf", "anyOf") and _only_required(error.validator_value):
        return MISSING_KEY
    return WRONG_TYPE if error.validator == "type" else BAD_VALUE


def _wording(error: ValidationError) -> tuple[str, str | None]:
    """The message and hint for one plain (non-combinator) error."""
    value = error.validator_value
    if error.validator == "type":
        words = [_TYPE_WORDS[t] for t in (value if isinstance(value, list) else [value])]
        expected = " or ".join([", ".join(words[:-1]), words[-1]] if len(words) > 1 else words)
        return f"expected {expected}, got {_describe(error.instance)}", None
    if error.validator == "const":
        return f"expected {json.dumps(value)}, got {_describe(error.instance)}", None
    if error.validator == "enum":
        choices = ", ".join(json.dumps(v) for v in value)
        return f"{_describe(error.instance)} is not one of {choices}", _did_you_mean(error.instance, value)
    if error.validator in ("minItems", "minProperties"):
        what = ("item", "items") if error.validator == "minItems" else ("entry", "entries")
        return f"needs at least {value} {what[value != 1]}", None
    if error.validator == "uniqueItems":
        return "lists the same value more than once", None
    if error.validator in ("minimum", "maximum"):
        return _out_of_range(error.validator, value, error.instance)
    if error.validator == "minLength" and value == 1:
        return "must not be empty", None
    if error.validator == "pattern" and error.schema.get("description"):
        # The schema's description says in words what the pattern allows.
        return f"{_describe(error.instance)} is not of the right form", error.schema["description"]
    return error.message, None


def _out_of_range(validator: str, bound: int, number: int) -> tuple[str, str | None]:
    """A number past a bound, said without quoting hundreds of digits; past the numbers a
    script may hold (unodsl.limits.MAX_NUMBER), said so."""
    shown = str(number) if abs(number) < 10**20 else "a number of more than 20 digits"
    if abs(bound) == MAX_NUMBER:
        return (f"{shown} is past the numbers a script may hold ({-MAX_NUMBER:,} to {MAX_NUMBER:,})",
                'a card needs a few dozen at most (docs/effects.md, "Limits")')
    side = "greater than the maximum" if validator == "maximum" else "less than the minimum"
    return f"{shown} is {side} of {bound}", None


def _describe(value: Any) -> str:
    """A value as an edition author wrote it (YAML words, not Python's)."""
    if value is None:
        return "nothing (an empty value)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text {json.dumps(value, ensure_ascii=False)}"
    return "a list" if isinstance(value, list) else "a mapping"


def _only_required(alternatives: Any) -> bool:
    """oneOf/anyOf used to say "give one of these keys" (deck: numbers | per_colour | count)."""
    return isinstance(alternatives, list) and all(
        isinstance(alt, dict) and set(alt) == {"required"} for alt in alternatives)


def _extra_keys(error: ValidationError) -> list[str]:
    known = error.schema.get("properties", {})
    patterns = [re.compile(p) for p in error.schema.get("patternProperties", {})]
    return [key for key in error.instance
            if key not in known and not any(p.search(key) for p in patterns)]


def _unknown_key(doc: YamlDoc, path: tuple, key: str, subschema: dict) -> Problem:
    allowed = sorted(subschema.get("properties", {}))
    hint = _did_you_mean(key, allowed) or "allowed here: " + ", ".join(allowed)
    key_path = path + (key,)
    return doc.problem(key_path, f"{render_path(key_path)}: unknown property '{key}'", hint, at_key=True)


def _did_you_mean(word: Any, choices: Iterable) -> str | None:
    if not isinstance(word, str):
        return None
    close = difflib.get_close_matches(word, [c for c in choices if isinstance(c, str)], n=1)
    return f"did you mean '{close[0]}'?" if close else None


# ---- repair: what is sound in a file whose shape is wrong -----------------------------

_REPAIR_ROUNDS = 50  # each round mends every error found; a nested mistake takes a few
# What a missing key is filled in with, so that the value around it can stay: a kind
# without `name:` or `deck:` still names a kind that scripts may use.
_FILLERS = {"name": lambda path: str(path[-1]) if path else "edition", "deck": lambda path: {"count": 0},
            "script": lambda path: "", "colours": lambda path: []}
_SCRIPT_LISTS = {"written"}  # list items that are scripts: emptied, not removed (the others keep their place)


def repaired(data: Any, base: Any = None) -> dict | None:
    """A copy of edition data that the schema accepts, made by taking out what breaks it
    (a wrong `points:`, an unknown key, one item of a list) or putting back the value of
    the edition it is built on, `base` (a wrong `colours:`), and filling in what must be
    there (a kind's `name:` and `deck:`, a house rule's `script:`); None when that cannot
    be done (no `kinds:` at all). The loader compiles the scripts of a file whose shape
    is wrong against it, so that a wrong value does not hide a wrong script."""
    data = copy.deepcopy(data)
    for _ in range(_REPAIR_ROUNDS):
        errors = list(_validator().iter_errors(data))
        if not errors:
            return data
        # The deepest first, and a list's last items first: mending one leaves the others' paths.
        for error in sorted(errors, key=lambda e: _path_key(e.absolute_path), reverse=True):
            if not _mend(data, tuple(error.absolute_path), error, base):
                return None
    return None


def _path_key(path) -> tuple:
    return len(path), tuple((0, part, "") if isinstance(part, int) else (1, 0, part) for part in path)


def _mend(data: Any, path: tuple, error: ValidationError, base: Any) -> bool:
    """Mend one error in place; False if it cannot be."""
    target, found = _at(data, path)
    if not found:
        return True  # gone with an earlier mend
    if error.validator == "additionalProperties" and error.validator_value is False:
        for key in _extra_keys(error):
            target.pop(key, None)
        return True
    if "propertyNames" in error.relative_schema_path:
        target.pop(error.instance, None) if isinstance(target, dict) else None
        return True
    if error.validator == "uniqueItems" and isinstance(target, list):
        unique = [item for index, item in enumerate(target) if item not in target[:index]]
        target[:] = unique
        return True
    if error.validator == "required" and isinstance(target, dict):
        missing = [key for key in error.validator_value if key not in target]
        if all(key in _FILLERS for key in missing):
            target.update({key: _FILLERS[key](path) for key in missing})
            return True
    if error.validator in ("oneOf", "anyOf") and _only_required(error.validator_value) and path[-1:] == ("deck",):
        return _replace(data, path, {"count": 0})
    return _inherit(data, path, target, base) or _remove(data, path)


def _inherit(data: Any, path: tuple, wrong: Any, base: Any) -> bool:
    """Put back the base edition's value for a wrong one (the base is sound)."""
    inherited, in_base = _at(base, path)
    return bool(path) and in_base and inherited != wrong and _replace(data, path, copy.deepcopy(inherited))


def _at(data: Any, path: tuple) -> tuple[Any, bool]:
    for part in path:
        if isinstance(data, dict) and part in data or isinstance(data, list) and isinstance(part, int) \
                and part < len(data):
            data = data[part]
        else:
            return None, False
    return data, True


def _replace(data: Any, path: tuple, value: Any) -> bool:
    parent, found = _at(data, path[:-1])
    if not path or not found:
        return False
    parent[path[-1]] = value
    return True


def _remove(data: Any, path: tuple) -> bool:
    """Take out the value at `path`: a key of a mapping, an item of a list (a script
    item is emptied instead, a house rule made empty, so that the later ones keep
    their place); the whole document cannot be."""
    if not path:
        return False
    parent, _found = _at(data, path[:-1])
    if isinstance(parent, dict):
        del parent[path[-1]]
    elif path[-2:-1] == ("rules",) and len(path) == 2:
        parent[path[-1]] = {"name": "rule", "script": ""}
    elif path[-2:-1] and path[-2] in _SCRIPT_LISTS:
        parent[path[-1]] = ""
    else:
        del parent[path[-1]]
    return True

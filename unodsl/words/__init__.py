"""The table's words in the edition's language: one file of phrases per language.

`unodsl/words/<code>.yaml` holds a language's phrases by key (`narrate.play.other:
"{who} plays {card}"`, a count as its two forms `{one: ..., other: ...}`); en.yaml
is the reference and holds every key, and a key another language lacks is said in
English. An edition names its language (`language: fr`) and may give its own words
(`words: {colours: {red: rouge}, phrases: {KEY: TEXT}}`), which win over the
language's. The files of phrases are the package's data: an edition names a
language, never a file (an edition may be hostile; it reads nothing of ours but these).

A phrase's placeholders are plain names (`{card}`), each one the English phrase has:
no attribute, index, conversion or format (`{n:>9999999}` would grow without bound),
so saying a phrase that passed `problem` never raises.
"""
from __future__ import annotations

import string
from functools import lru_cache
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
ENGLISH = "en"
PLURAL_FORMS = frozenset({"one", "other"})


def languages() -> list[str]:
    """The codes of the languages unodsl has phrases for (`en`, `fr`)."""
    return sorted(path.stem for path in HERE.glob("*.yaml"))


@lru_cache(maxsize=None)
def language_file(code: str) -> tuple[dict, dict]:
    """(meta, phrases by key) of a shipped language; a code with no file has none."""
    if code not in languages():
        return {}, {}
    data = yaml.safe_load((HERE / f"{code}.yaml").read_text(encoding="utf-8")) or {}
    meta = data.pop("meta", {}) or {}
    return meta, flatten(data)


def flatten(tree: dict, prefix: str = "") -> dict:
    """Nested sections as dotted keys (`narrate: {play: ...}` -> `narrate.play`); a
    mapping of exactly `one` and `other` is a count's two forms, kept whole."""
    flat = {}
    for key, value in tree.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and set(value) != PLURAL_FORMS:
            flat.update(flatten(value, name + "."))
        else:
            flat[name] = value
    return flat


def english() -> dict:
    """Every phrase of the table in English (en.yaml). What `help` says of each kind of
    decision is, in English, the registry's (unodsl.engine.decisions, a layer above this
    one); another language gives it as `help.KIND` (unodsl.terminal.prompt.help_words)."""
    return language_file(ENGLISH)[1]


def placeholders(text: str) -> set[str] | None:
    """The names a phrase fills in; None if it is not a phrase we can say safely (a stray
    brace, `{card.name}`, `{0}`, `{n!r}`, `{n:>9}`)."""
    names = set()
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        return None
    for _, name, spec, conversion in parsed:
        if name is None:
            continue
        if not name.isidentifier() or spec or conversion:
            return None
        names.add(name)
    return names


def forms(value) -> list[str] | None:
    """The texts of a phrase (one, or a count's two); None if it is neither."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict) and set(value) == PLURAL_FORMS and all(isinstance(v, str) for v in value.values()):
        return [value["one"], value["other"]]
    return None


def problem(key: str, value) -> str | None:
    """Why `value` cannot stand for the phrase `key` (None: it can)."""
    reference = english().get(key)
    if reference is None:
        return f"'{key}' is not a phrase of the table"
    texts = forms(value)
    if texts is None or (isinstance(value, dict)) != isinstance(reference, dict):
        shape = "a count's two forms, {one: ..., other: ...}" if isinstance(reference, dict) else "a text"
        return f"the phrase '{key}' is {shape}"
    allowed = set().union(*(placeholders(text) or set() for text in _told_with(key)))
    for text in texts:
        names = placeholders(text)
        if names is None:
            return f"the phrase '{key}' fills in only plain names in braces, such as {{card}} ('{text}')"
        if names - allowed:
            unknown = ", ".join(f"{{{name}}}" for name in sorted(names - allowed))
            return f"the phrase '{key}' has {unknown}, which its English phrase does not have"
    return None


def _told_with(key: str) -> list[str]:
    """The English texts whose placeholders `key` may fill in: its own, and for an event
    told to the player it is about and to others (`.you`, `.other`), both (each is said
    with the same names)."""
    parent, _, person = key.rpartition(".")
    keys = [f"{parent}.you", f"{parent}.other"] if person in ("you", "other") else [key]
    return [text for name in keys for text in forms(english().get(name)) or []]


class _Blank(dict):
    def __missing__(self, key):  # (a placeholder a phrase leaves out is simply not said)
        return ""


class Words:
    """The phrases of one language, with an edition's own words over them."""

    def __init__(self, language: str = ENGLISH, colours: dict | None = None, phrases: dict | None = None):
        meta, own = language_file(language)
        self.language = language
        self.singular = tuple(meta.get("singular", (1,)))
        self.phrases = {**english(), **own, **(phrases or {})}
        self.colours = dict(colours or {})

    def say(self, key: str, /, **fields) -> str:
        """The phrase `key` with its placeholders filled in; a count's form chosen by `n`."""
        text = self.phrases.get(key, key)
        if isinstance(text, dict):
            text = text["one"] if fields.get("n") in self.singular else text["other"]
        return text.format_map(_Blank(fields))

    def count(self, key: str, n: int) -> str:
        """`3 cards`: the count phrase `key` for `n`."""
        return self.say(key, n=n)

    def colour(self, colour: str | None) -> str:
        """An edition colour as the players read it."""
        return self.colours.get(colour, colour) if colour is not None else ""

    def card(self, card) -> str:
        """How a player names a card: `red 7`, `blue Skip`, `Wild` (`7 rouge` in French)."""
        what = str(card.number) if card.number is not None else card.name
        if not card.colour:
            return what
        return self.say("card.coloured", colour=self.colour(card.colour), name=what)

    def and_list(self, items: list[str]) -> str:
        return self._list(items, "list.and")

    def or_list(self, items: list[str]) -> str:
        return self._list(items, "list.or")

    def _list(self, items: list[str], last: str) -> str:
        if len(items) <= 1:
            return "".join(items)
        return self.say("list.comma").join(items[:-1]) + self.say(last) + items[-1]


def words_for(edition) -> Words:
    """The words an edition is played in (English, unless it names its language)."""
    own = getattr(edition, "words", None) or {}
    return Words(getattr(edition, "language", ENGLISH) or ENGLISH, own.get("colours"), own.get("phrases"))

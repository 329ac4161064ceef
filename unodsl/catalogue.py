"""What comes built in: the editions of editions/ and the house rules of editions/house-rules/,
one line each (`unodsl editions`, and the commands that need an edition and were given none)."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field

from .edition.loader import load_edition
from .edition.model import Edition
from .edition.rules import house_rule_names, popular_rule_names, rule_sources
from .errors import UnoError
from .resources import edition_names


@dataclass
class EditionEntry:
    name: str  # what commands take: `classic`
    title: str  # the edition's `name:`
    cards: int
    special: list[tuple[str, int]] = field(default_factory=list)  # (kind's name, cards) of kinds without numbers
    error: str | None = None  # a built-in edition that does not load (a broken install)


@dataclass
class RuleEntry:
    name: str  # what --rule takes: `@seven-zero`
    title: str  # the rule file's `name:`
    about: str  # its description's first sentence, or the sheet's sentence
    for_blank_cards: bool  # a starter rule, written on a blank card (editions/house-rules/*.yaml)
    settings: dict = field(default_factory=dict)


def edition_entry(name: str) -> EditionEntry:
    try:
        edition = load_edition(name)
    except UnoError as error:
        return EditionEntry(name, "", 0, error=str(error).splitlines()[0])
    return EditionEntry(name, edition.name, len(edition.deck), special_cards(edition))


def special_cards(edition: Edition) -> list[tuple[str, int]]:
    """The kinds whose cards carry no number (action cards, Wilds, table and blank cards),
    in the edition's order, each with its number of cards."""
    counts: dict[str, int] = {}
    numbered = {card.kind for card in edition.deck if card.number is not None}
    for card in edition.deck:
        if card.kind not in numbered:
            counts[card.kind] = counts.get(card.kind, 0) + 1
    return [(edition.kinds[kind].name, count) for kind, count in counts.items()]


def rule_entries() -> list[RuleEntry]:
    """The popular house rules first (for any edition), then the starter rules of blank cards."""
    entries = []
    for names, for_blank in ((popular_rule_names(), False), (house_rule_names(), True)):
        for name in names:
            (rule,) = rule_sources([f"@{name}"])
            data = rule.doc.data
            about = _first_sentence(str(data["description"])) if data.get("description") else \
                _SHEET_NUMBER.sub("", str(data.get("sheet", ""))).strip()
            entries.append(RuleEntry(f"@{name}", rule.name, about, for_blank, rule.settings))
    return entries


_SHEET_NUMBER = re.compile(r"^\s*\d+\.\s*")  # "4. Take an extra turn.": the sheet's numbering


def _first_sentence(text: str) -> str:
    head, dot, _ = " ".join(text.split()).partition(". ")
    return head + ("." if dot else "")


def catalogue() -> tuple[list[EditionEntry], list[RuleEntry]]:
    return [edition_entry(name) for name in edition_names()], rule_entries()


# ---- reports

def edition_lines(entries: list[EditionEntry]) -> list[str]:
    width = max((len(e.name) for e in entries), default=0)
    lines = []
    for entry in entries:
        if entry.error is not None:
            lines.append(f"  {entry.name:<{width}}  does not load: {entry.error}")
            continue
        special = ", ".join(f"{name} ×{count}" for name, count in entry.special) or "none"
        lines.append(f"  {entry.name:<{width}}  {entry.cards:>3} cards  {entry.title}; special cards: {special}")
    return lines


def rule_lines(entries: list[RuleEntry]) -> list[str]:
    width = max((len(e.name) for e in entries), default=0)
    lines = []
    for entry in entries:
        setting = ", ".join(f"--set {k}={json.dumps(v)}" for k, v in entry.settings.items())
        title = f"{entry.title} (the same as {setting})" if setting else entry.title
        lines.append(f"  {entry.name:<{width}}  {title}: {entry.about}" if entry.about else
                     f"  {entry.name:<{width}}  {title}")
    return lines


def format_catalogue(editions: list[EditionEntry], rules: list[RuleEntry]) -> str:
    table = [rule for rule in rules if not rule.for_blank_cards]
    blank = [rule for rule in rules if rule.for_blank_cards]
    return "\n".join([
        "Editions (unodsl play NAME, or an edition file's path):", *edition_lines(editions), "",
        "House rules (--rule @NAME, with any edition):", *rule_lines(table), "",
        "Rules for blank cards (--rule @NAME: written on the edition's next blank card):",
        *rule_lines(blank)])


def catalogue_json(editions: list[EditionEntry], rules: list[RuleEntry]) -> str:
    return json.dumps({
        "editions": [{"name": e.name, "title": e.title, "cards": e.cards,
                      "special": [{"name": name, "cards": count} for name, count in e.special],
                      **({"error": e.error} if e.error else {})} for e in editions],
        "rules": [{"name": r.name, "title": r.title, "about": r.about,
                   "for": "blank cards" if r.for_blank_cards else "the table", "settings": r.settings}
                  for r in rules]}, ensure_ascii=False)

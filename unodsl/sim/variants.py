"""Variants of an edition for `unodsl impact`, built as data: a card's effect removed, a
card swapped out of the deck for plain cards, a house rule taken out or added.

A variant is the edition's own source data (merged over its base, as the loader
reads it) with one entry changed, written to a YAML file in a folder of the
run's and loaded through the normal loader, so that worker processes load it
by its path as they load any edition. No card is named here: what is changed
is read from the kind's entry.

The rules settled (README.md, "What a card or a rule does: impact"):

- **ablation** of a kind: its effect is removed and the card stays where it is
  in the deck. A coloured kind keeps its name, symbol, colour, points and tags
  and loses `effect`, `on_start`, `playable`, `bluff_if`, `reaction`, `use`,
  `blank` and `written`: it plays as a plain card of its colour (on its colour
  or its own symbol). A wild kind loses the same and becomes a Wild that only
  names a colour: `playable: always`, `effect: choose colour`, `on_start: next
  chooses colour`. Its tags stay (other cards' conditions read them).
- **swap** of a kind: its deck count becomes 0 (it stays defined, so that other
  scripts naming it still load) and a new plain kind takes its place in the
  deck, as many cards: for a coloured kind, number cards of the same colours,
  per colour the numbers of the edition's number cards nearest their mean
  face value (ties to the lower); for a wild kind, Wilds that only name a
  colour, with the kind's points and no tags. Deck size and, the new kind
  being written where the old one was, the deal stay the same.
- **a house rule of the edition** (`rules:`) is taken out; **a popular house
  rule** is added (`--rule @NAME`, as `compare` does).
"""
from __future__ import annotations

import copy
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import yaml

from ..edition.inherit import source_of
from ..edition.loader import edition_file, load_edition
from ..edition.rules import popular_rule_names
from ..edition.yamlsrc import read_text_file, read_yaml
from ..errors import UnoError

# What a kind does, as opposed to what it is (name, symbol, colour, points, tags, deck).
BEHAVIOUR_KEYS = ("effect", "on_start", "playable", "bluff_if", "reaction", "use", "blank", "written")
PLAIN_WILD = {"playable": "always", "effect": "choose colour", "on_start": "next chooses colour"}


@dataclass
class Variant:
    """One variant: `file` to load it from (None for an added popular rule), `rules` added;
    `holder` the kind whose holders are followed on each side (None: not for rules);
    `problem` why it could not be built (then it is reported, not played)."""

    label: str
    what: str  # "ablation", "swap", "without rule", "with rule"
    file: str | None = None
    rules: tuple[str, ...] = ()
    holder: tuple[str, str] | None = None  # (kind in the edition, kind in the variant)
    problem: str | None = None


def source_data(edition: str) -> dict:
    """The edition's data as the loader reads it: merged over its base, without `base:`."""
    path = edition_file(edition)
    return copy.deepcopy(source_of(read_yaml(read_text_file(path), str(path))).data)


def special_kinds(loaded) -> list[str]:
    """The kinds that do something (as `simulate` counts them): an effect, reaction, use or blank."""
    return [k.id for k in loaded.kinds.values()
            if k.effect is not None or k.reaction_effect is not None or k.use is not None or k.blank]


def ablation(data: dict, kind: str, wild: bool) -> dict:
    spec = {key: value for key, value in data["kinds"][kind].items() if key not in BEHAVIOUR_KEYS}
    if wild:
        spec.update(PLAIN_WILD)
    return _with_kind(data, kind, spec)


def swap(data: dict, loaded, kind: str) -> tuple[dict, str]:
    """The data with `kind`'s cards replaced by plain ones; and the new kind's id."""
    spec = data["kinds"][kind]
    if kind in loaded.table:
        raise UnoError("its cards lie on the table, not in the deck")
    cards = [card for card in _faces(loaded) if card.kind == kind]
    new_id = _free_id(data["kinds"], f"{kind}_swapped")
    if loaded.kinds[kind].wild:
        new = {"name": f"Wild (for {spec.get('name', kind)})", "wild": True, "deck": {"count": len(cards)},
               "points": spec.get("points", 0), **PLAIN_WILD}
    else:
        new = {"name": f"Number (for {spec.get('name', kind)})", "points": "face",
               "deck": _number_deck(Counter(card.colour for card in cards), _numbers(loaded))}
    emptied = {**spec, "deck": {"count": 0}}
    changed = _with_kind(data, kind, emptied)
    kinds = {}
    for kid, value in changed["kinds"].items():
        kinds[kid] = value
        if kid == kind:  # (right after it: its cards take the old ones' place in the deck)
            kinds[new_id] = new
    changed = {**changed, "kinds": kinds}
    if changed.get("sides"):  # (a two-sided deck: the new kind is a face of the same side)
        changed["sides"] = {name: {**side, "kinds": _after(side.get("kinds", []), kind, new_id)}
                            for name, side in changed["sides"].items()}
    return changed, new_id


def _after(kinds: list, kind: str, new_id: str) -> list:
    return [k for old in kinds for k in ((old, new_id) if old == kind else (old,))]


def _faces(loaded) -> list:
    """Every face of the deck's cards (both sides of a two-sided card)."""
    return [face for card in loaded.deck for face in (card, card.back) if face is not None]


def _numbers(loaded) -> list[int]:
    """The numbers of the edition's plain number cards (of all its number cards if none is
    plain), nearest their mean first."""
    numbered = [card for card in _faces(loaded) if card.number is not None]
    plain = [card.number for card in numbered if loaded.kinds[card.kind].effect is None]
    numbers = plain or [card.number for card in numbered]
    if not numbers:
        raise UnoError("the edition has no number cards to swap in")
    mean = sum(numbers) / len(numbers)
    return sorted(set(numbers), key=lambda n: (abs(n - mean), n))


def _number_deck(per_colour: Counter, numbers: list[int]) -> dict:
    counts = set(per_colour.values())
    if None in per_colour or len(counts) != 1:
        raise UnoError("its cards are not the same number in each of their colours")
    copies = Counter(numbers[i % len(numbers)] for i in range(counts.pop()))
    return {"numbers": {str(n): copies[n] for n in sorted(copies)}, "colours": sorted(per_colour)}


def _with_kind(data: dict, kind: str, spec: dict) -> dict:
    return {**data, "kinds": {**data["kinds"], kind: spec}}


def _free_id(kinds: dict, wanted: str) -> str:
    found, n = wanted, 1
    while found in kinds:
        n += 1
        found = f"{wanted}{n}"
    return found


def without_rule(data: dict, index: int) -> dict:
    return {**data, "rules": [r for i, r in enumerate(data["rules"]) if i != index]}


# ---- the variants of a run ------------------------------------------------------------

def write_variant(data: dict, folder: Path, name: str) -> str:
    """An edition's data written as a file in `folder` (impact's variants, a sweep's deck
    counts): the normal loader reads it, so a variant is built as any edition is."""
    path = folder / f"{re.sub(r'[^A-Za-z0-9_-]+', '-', name)}.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return str(path)


def _checked(variant: Variant, data_or_error, folder: Path, name: str) -> Variant:
    """The variant written and loaded once (a variant that does not load is reported)."""
    if isinstance(data_or_error, Exception):
        variant.problem = str(data_or_error)
        return variant
    variant.file = write_variant(data_or_error, folder, name)
    try:
        load_edition(variant.file)
    except UnoError as error:
        variant.problem = "does not load: " + str(error).splitlines()[0]
        variant.file = None
    return variant


def card_variants(edition: str, loaded, kinds: list[str], folder: Path) -> list[Variant]:
    data = source_data(edition)
    found = []
    for kind in kinds:
        name, wild = loaded.kinds[kind].name, loaded.kinds[kind].wild
        try:
            built = ablation(data, kind, wild)
        except (UnoError, KeyError) as error:
            built = error
        found.append(_checked(Variant(f"{name}: effect removed", "ablation", holder=(kind, kind)),
                              built, folder, f"{kind}-ablation"))
        swap_label = f"{name}: swapped for plain {'Wilds' if wild else 'number cards'}"
        try:
            built, new_id = swap(data, loaded, kind)
            variant = Variant(swap_label, "swap", holder=(kind, new_id))
        except (UnoError, KeyError) as error:
            built, variant = error, Variant(swap_label, "swap")
        found.append(_checked(variant, built, folder, f"{kind}-swap"))
    return found


def rule_variants(edition: str, loaded, wanted: list[str] | None, folder: Path) -> list[Variant]:
    """Without each of the edition's house rules, with each popular rule that fits it
    (loads on it and is not one of its own); `wanted` restricts them to those named
    (a rule's `name:`, or @NAME) and adds any other --rule given."""
    data = source_data(edition)
    found = []
    own = [rule.get("name", f"rule {i + 1}") if isinstance(rule, dict) else f"rule {i + 1}"
           for i, rule in enumerate(data.get("rules") or [])]
    for index, name in enumerate(own):
        if wanted is None or name in wanted:
            found.append(_checked(Variant(f"without rule '{name}'", "without rule"),
                                  without_rule(data, index), folder, f"rule-{index + 1}-removed"))
    extra = [f"@{name}" for name in popular_rule_names()] if wanted is None else \
        [rule for rule in wanted if rule not in own]
    for rule in extra:
        try:
            load_edition(edition, rules=[rule])
        except UnoError as error:
            if wanted is not None:  # (asked for: say why; a popular rule that does not fit is left out)
                found.append(Variant(f"with {rule}", "with rule", problem=str(error).splitlines()[0]))
            continue
        found.append(Variant(f"with {rule}", "with rule", file=str(edition_file(edition)), rules=(rule,)))
    return found

"""Tools for edition authors: the schema, a new edition, the deck as a table, a card in words.

Plain functions behind `unodsl schema`, `new` and `cards` (and `explain`, in
unodsl/explain.py); the commands in unodsl/cli only parse options and print what
these return.
Nothing here knows a card by name: the new edition comes from a template in
editions/templates/, and explanations are generated from each kind's scripts
(unodsl.lang.describe).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from .edition.model import Card, CardKind, Edition
from .edition.schema import schema
from .errors import UnoError
from .resources import data_dir

EDITION_ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")  # as the schema's `id`
TEMPLATE = "new-edition.yaml.in"  # not .yaml: with its {{placeholders}} it is no edition to validate
SCHEMA_FILE = "edition.schema.json"
WIDTH = 78


# ---- unodsl schema -----------------------------------------------------------------------

def schema_text() -> str:
    """The edition schema as JSON text (what `unodsl schema` prints)."""
    return json.dumps(schema(), indent=2, ensure_ascii=False)


# ---- unodsl new ----------------------------------------------------------------------------

def edition_title(name: str) -> str:
    """`party-uno` -> `Party UNO`."""
    words = [w for w in re.split(r"[-_]+", name) if w]
    return " ".join("UNO" if w.lower() == "uno" else w.capitalize() for w in words) or name


def new_edition_text(name: str, schema_ref: str = SCHEMA_FILE) -> str:
    """A new edition built on classic, from editions/templates/new-edition.yaml.in."""
    template = (data_dir("editions") / "templates" / TEMPLATE).read_text(encoding="utf-8")
    values = {"name": edition_title(name), "id": name, "file": f"{name}.yaml", "schema": schema_ref}

    def fill(match: re.Match) -> str:
        return values[match[1]]

    return re.sub(r"\{\{(\w+)\}\}", fill, template)


@dataclass
class NewEdition:
    path: Path
    schema_missing: bool  # no edition.schema.json beside it yet


def new_edition(name: str, directory: str | Path = ".", schema_ref: str = SCHEMA_FILE) -> NewEdition:
    """Write NAME.yaml in `directory`; never overwrites a file."""
    if not EDITION_ID.match(name):
        raise ValueError(f"'{name}' is not an edition name: use lowercase letters, digits, '-' and '_'")
    folder = Path(directory)
    path = folder / f"{name}.yaml"
    if path.exists():
        raise UnoError(f"{path} already exists; unodsl new does not overwrite a file "
                       f"(choose another name, or --dir for another folder)")
    folder.mkdir(parents=True, exist_ok=True)
    with open(path, "x", encoding="utf-8") as stream:  # "x": refuse a file created meanwhile
        stream.write(new_edition_text(name, schema_ref))
    return NewEdition(path, schema_ref == SCHEMA_FILE and not (folder / SCHEMA_FILE).exists())


def new_edition_message(new: NewEdition) -> str:
    path = str(new.path)
    lines = [f"Wrote {path}: a new edition built on classic, with one card of your own.",
             f"Check it:      unodsl validate {path}",
             f"See its deck:  unodsl cards {path}"]
    if new.schema_missing:
        schema_path = new.path.parent / SCHEMA_FILE
        lines.append(f"Editor help:   unodsl schema > {schema_path}")
    return "\n".join(lines)


# ---- unodsl cards -------------------------------------------------------------------------

@dataclass
class DeckRow:
    kind: CardKind
    colour: str | None
    cards: list[Card] = field(default_factory=list)

    @property
    def points(self) -> str:
        values = sorted({c.points for c in self.cards})
        return str(values[0]) if len(values) == 1 else f"{values[0]}-{values[-1]}"

    @property
    def script(self) -> tuple[str, str]:
        """(field, source text) the row shows: the effect, or a table card's use."""
        sources = self.kind.sources
        if "effect" in sources:
            return "effect", sources["effect"]
        if "use" in sources:
            return "use", sources["use"]
        return "", ""


def deck_rows(edition: Edition) -> list[DeckRow]:
    """The expanded deck, one row per kind and colour, in deck order (two-sided cards:
    the first side's faces, then the other's)."""
    rows: dict[tuple, DeckRow] = {}
    for card in edition.every_face:
        key = (card.kind, card.colour)
        if key not in rows:
            rows[key] = DeckRow(card.spec, card.colour)
        rows[key].cards.append(card)
    return list(rows.values())


def one_line(script: str) -> str:
    """A script on one line: comments dropped, statements joined with `;`."""
    parts: list[str] = []
    for raw in script.splitlines():
        line = _without_comment(raw).strip()
        if not line:
            continue
        if parts and parts[-1].endswith(":"):
            parts[-1] += " " + line
        else:
            parts.append(line)
    return "; ".join(parts)


def _without_comment(line: str) -> str:
    quoted = False
    for index, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == "#" and not quoted:
            return line[:index]
    return line


def shorten(text: str, width: int) -> str:
    return text if len(text) <= width else text[:width - 1].rstrip() + "…"


def format_cards(edition: Edition, effect_width: int = 60) -> str:
    """The deck as an aligned table: kind, colour, count, points, effect (two-sided
    cards: each side's faces under its name, the side's total, then the cards')."""
    table = [("kind", "colour", "count", "points", "effect")]
    for side, rows in _rows_by_side(edition):
        if side is not None:
            table.append((f"{side.name} side:", "", "", "", ""))
        for row in rows:
            what, text = row.script
            line = one_line(text)
            if what == "use":
                line = f"(use) {line}"
            table.append((row.kind.id, row.colour or "-", str(len(row.cards)), row.points,
                          shorten(line, effect_width)))
    table.append(("total", "", str(len(edition.deck)), "", ""))
    widths = [max(len(r[i]) for r in table if not r[0].endswith(" side:")) for i in range(4)]
    out = []
    for kind, colour, count, points, effect in table:
        cells = [kind.ljust(widths[0]), colour.ljust(widths[1]), count.rjust(widths[2]),
                 points.ljust(widths[3]), effect]
        out.append("  ".join(cells).rstrip())
    sides = f", two-sided ({' and '.join(side.name for side in edition.sides)})" if edition.sides else ""
    return f"{edition.name} ({edition.id}): {len(edition.deck)} cards{sides}\n\n" + "\n".join(out)


def _rows_by_side(edition: Edition) -> list[tuple]:
    """(side, its deck rows) of two-sided cards; (None, the rows) of one-sided ones."""
    rows = deck_rows(edition)
    if not edition.sides:
        return [(None, rows)]
    # (a side after the first comes in the order its faces are paired: put back in the declared one)
    kinds, colours = list(edition.kinds), list(edition.colours)
    rows.sort(key=lambda row: (kinds.index(row.kind.id), colours.index(row.colour) if row.colour else len(colours)))
    return [(side, [row for row in rows if row.kind.id in side.kinds]) for side in edition.sides]


def cards_json(edition: Edition) -> str:
    rows = []
    for row in (row for _side, side_rows in _rows_by_side(edition) for row in side_rows):
        what, text = row.script
        rows.append({
            "kind": row.kind.id, "name": row.kind.name, "colour": row.colour, "count": len(row.cards),
            **({"side": side_of(edition, row.kind.id)} if edition.sides else {}),
            "points": row.kind.points,
            "numbers": sorted({c.number for c in row.cards if c.number is not None}),
            what or "effect": one_line(text) or None,
            "table": row.kind.id in edition.table,
        })
    return json.dumps({"edition": edition.id, "name": edition.name, "total": len(edition.deck),
                       "cards": rows}, indent=2, ensure_ascii=False)


def side_of(edition: Edition, kid: str) -> str | None:
    """The name of the side whose faces are of kind `kid` (two-sided cards)."""
    return next((side.name for side in edition.sides if kid in side.kinds), None)

"""Saved matches: what it takes to replay a match exactly, as JSON.

A match is a function of its edition, rules, players, seed and the answers the
people gave (bots answer the same way again for the same seed): the save holds
those, not the state. `resume` rebuilds the Match and feeds the answers back.
The file is rewritten after every answer, atomically (a temporary file in the
same folder, then renamed over the old one), so a crash or Ctrl-C never leaves
half a save.

    {"format": "unodsl-match", "version": 1, "edition": "classic", "rules": [],
     "players": ["you", "greedy"], "seed": "7", "target": 500, "birthdays": null,
     "setup": null, "answers": [{"card": 12, "label": "red 7"}, "green", true, ...],
     "finished": false}

Answers: a card is `{"card": uid}` (its label is kept for people reading the
file), DRAW/KEEP/PASS `{"marker": NAME}`, using a table card
`{"use": uid, "target": seat}`; colours, seats, yes/no, answers to questions
and rule scripts are themselves.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..engine.decisions import DRAW, KEEP, PASS, TableUse
from ..engine.setup import Setup
from ..errors import UnoError
from ..resources import edition_path

FORMAT = "unodsl-match"
VERSION = 1
MARKERS = {"DRAW": DRAW, "KEEP": KEEP, "PASS": PASS}


@dataclass
class PlaySettings:
    """Everything `unodsl play` was asked for (a save file holds the same)."""

    edition: str
    players: str = "you,greedy,greedy,greedy"
    rules: list[str] = field(default_factory=list)
    settings: dict = field(default_factory=dict)  # settings that replace the edition's (`--set`)
    seed: str | int | None = None
    target: int | None = None
    birthdays: list[str] | None = None
    setup: dict | None = None  # a stacked first round: unodsl.engine.setup.Setup's fields
    save: str | None = None  # the file to keep the match in
    answers: list = field(default_factory=list)  # encoded answers to replay (resume)

    def setup_object(self) -> Setup | None:
        return Setup(**self.setup) if self.setup is not None else None


def portable(settings: PlaySettings) -> PlaySettings:
    """The settings with paths made absolute, so a save resumes from any folder."""
    edition = settings.edition
    path = edition_path(edition)
    if Path(edition).suffix in (".yaml", ".yml") or Path(edition).exists():
        edition = str(path.resolve())
    rules = [f"@{Path(r[1:]).resolve()}" if r.startswith("@") and Path(r[1:]).exists() else r
             for r in settings.rules]
    return PlaySettings(**{**vars(settings), "edition": edition, "rules": rules})


def encode(option):
    if hasattr(option, "uid"):
        return {"card": option.uid, "label": option.label()}
    if isinstance(option, TableUse):
        return {"use": option.card.uid, "target": option.target}
    if option is DRAW or option is KEEP or option is PASS:
        return {"marker": repr(option)}
    if isinstance(option, (bool, int, str)):
        return option
    raise UnoError(f"cannot save the answer {option!r}")


def decode(value, edition):
    cards = edition.deck
    if isinstance(value, dict):
        if "card" in value:
            return _card(cards, value["card"])
        if "use" in value:
            return TableUse(_card(cards, value["use"]), int(value["target"]))
        if value.get("marker") in MARKERS:
            return MARKERS[value["marker"]]
        raise UnoError(f"unknown answer {value!r} in the save")
    return value


def _card(cards, uid):
    if not isinstance(uid, int) or not 0 <= uid < len(cards) or cards[uid].uid != uid:
        raise UnoError(f"the save names card {uid!r}, which this edition's deck does not have")
    return cards[uid]


def write(path: str, settings: PlaySettings, answers: list, finished: bool, seed) -> None:
    """Write the save atomically."""
    data = {"format": FORMAT, "version": VERSION, **asdict(settings)}
    data.pop("save")
    data.update(seed=seed, answers=[encode(a) for a in answers], finished=finished)
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as stream:
            json.dump(data, stream, ensure_ascii=False, indent=1)
            stream.write("\n")
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def read(path: str) -> PlaySettings:
    """The settings and answers of a save file (UnoError if it is not one)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise UnoError(f"cannot read {path}: {error.strerror or error}") from None
    except (ValueError, UnicodeDecodeError) as error:
        raise UnoError(f"{path} is not a saved match (not JSON: {error})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise UnoError(f"{path} is not a saved match of unodsl play")
    if data.get("version") != VERSION:
        raise UnoError(f"{path} is a save of version {data.get('version')}; this unodsl reads version {VERSION}")
    known = {name for name in PlaySettings.__dataclass_fields__}
    try:
        values = {key: data[key] for key in known if key in data and key != "save"}
        settings = PlaySettings(**values)
    except TypeError as error:
        raise UnoError(f"{path} is not a complete save: {error}") from None
    if not isinstance(settings.answers, list) or not isinstance(settings.rules, list) \
            or not isinstance(settings.settings, dict):
        raise UnoError(f"{path} is damaged: answers and rules must be lists, settings a mapping")
    settings.save = path
    return settings

"""Saved matches: what it takes to replay a match exactly, as JSON.

A match is a function of its edition, rules, players, seed and the answers the
people gave (bots answer the same way again for the same seed): the save holds
those, not the state. `resume` rebuilds the Match and feeds the answers back.

    {"format": "unodsl-match", "version": 3, "unodsl": "0.1.0",
     "fingerprint": {"edition": SHA256, "rules": SHA256, "settings": SHA256},
     "edition": "classic", "rules": [], "settings": {}, "players": "you,greedy",
     "seed": "7", "target": null, "birthdays": null, "setup": null,
     "answers": [{"card": 12, "label": "red 7"}, "green", true, ...], "finished": false}

Files are named relative to the save's folder (`"my.yaml"`, `"@rules/joke.yaml"`)
and must lie in its folder tree, so that a save and its files move together and a
save cannot name a file elsewhere; a built-in edition or rule is named as such.
The fingerprint is a digest of the edition's text (with every base it builds on),
of the house rules' texts and of the settings: `resume` refuses a save whose
edition or rules changed since (the same answers would make another game).

Answers: a card is `{"card": uid}` (its label is kept for people reading the
file), DRAW/KEEP/PASS `{"marker": NAME}`, using a table card
`{"use": uid, "target": seat}`; colours, seats, yes/no, answers to questions
and rule scripts are themselves.

The file is only ever replaced whole, atomically (a temporary file in the same
folder, then renamed over the old one), keeping the old file's permissions.
"""
from __future__ import annotations

import hashlib
import json
import os
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..version import __version__
from ..edition.files import confined_path, read_regular_file
from ..edition.inherit import Source, source_of
from ..edition.rules import rule_sources
from ..edition.yamlsrc import load_yaml_file
from ..engine.decisions import DRAW, KEEP, PASS, TableUse
from ..engine.setup import Setup
from ..errors import EditionError, Problem, Span, UnoError
from ..limits import size_problem
from ..resources import edition_names, edition_path
from . import save_shape
from .save_shape import FINGERPRINT_PARTS, FORMAT, UNASKED_DRAWS, VERSION, Located

MARKERS = {"DRAW": DRAW, "KEEP": KEEP, "PASS": PASS}
MAX_BYTES = 16 * 1024 * 1024  # a long match's save is well under 1 MiB
PLACE_HINT = "keep the save beside the edition and rule files, or in a folder above them"


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
    overwrite: bool = False  # play: --save may replace a file that is not this match's save
    ask_draws: bool = True  # a person presses the key to draw (False: a save of version 2)

    def setup_object(self) -> Setup | None:
        return Setup(**self.setup) if self.setup is not None else None


# ---- files named relative to the save

def _names_a_path(spec: str) -> bool:
    """How a save tells a file from a built-in name: a path has a folder or a YAML suffix."""
    return "/" in spec or "\\" in spec or spec.endswith((".yaml", ".yml"))


def _relative(path: Path, folder: Path, what: str, save: str) -> str:
    real = path.resolve()
    if not real.is_relative_to(folder):
        raise UnoError(f"{what} {path} is outside the folder of the save {save} ({folder}): a save "
                       f"names its files relative to itself; {PLACE_HINT}")
    name = real.relative_to(folder).as_posix()
    return name if _names_a_path(name) else f"./{name}"


def stored_files(settings: PlaySettings) -> tuple[str, list[str]]:
    """The edition and rules as the save names them: built-in names, or paths relative
    to the save's folder (UnoError for a file outside its folder tree)."""
    folder = Path(os.path.realpath(settings.save)).parent
    edition = settings.edition
    if edition_path(edition) == Path(edition):  # a file, not a built-in name
        edition = _relative(Path(edition), folder, "the edition file", settings.save)
    rules = [f"@{_relative(Path(rule[1:]), folder, 'the rule file', settings.save)}"
             if rule.startswith("@") and Path(rule[1:]).exists() else rule
             for rule in settings.rules]
    return edition, rules


def _resolve(save: Located, path: tuple, spec: str) -> str:
    """A file the save names, as a path to open: confined to the save's folder tree,
    like every file a file names (unodsl.edition.files; EditionError placed at the key)."""
    return str(confined_path(spec, save.filename, save.span(path)))


def _edition_spec(save: Located) -> str:
    name = save.data["edition"]
    if _names_a_path(name):
        return _resolve(save, ("edition",), name)
    if name not in edition_names():
        raise save.fail(("edition",), f"no built-in edition named '{name}'",
                        "a file is named by a path ending in .yaml, relative to the save")
    return name


def _rule_specs(save: Located) -> list[str]:
    return [f"@{_resolve(save, ('rules', index), rule[1:])}"
            if rule.startswith("@") and _names_a_path(rule[1:]) else rule
            for index, rule in enumerate(save.data["rules"])]


# ---- the fingerprint: what the answers were given against

def fingerprint(settings: PlaySettings) -> dict[str, str]:
    """A digest of the edition's texts (the file and every base), the house rules' texts
    and the settings: if one changes, the same answers make another game."""
    path = edition_path(settings.edition)
    doc = load_yaml_file(path)
    editions = [d.text for d in (source_of(doc) if isinstance(doc.data, dict) else Source(doc)).docs()]
    rules = [source.doc.text if source.doc is not None else source.text
             for source in rule_sources(list(settings.rules))]
    values = [json.dumps(settings.settings or {}, sort_keys=True, ensure_ascii=False)]
    return {"edition": _digest(editions), "rules": _digest(rules), "settings": _digest(values)}


def _digest(texts: list[str]) -> str:
    digest = hashlib.sha256()
    for text in texts:
        data = text.encode("utf-8")
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def header(settings: PlaySettings, seed) -> dict:
    """Everything a save holds but the answers: what makes the match this match."""
    edition, rules = stored_files(settings)
    version = VERSION if settings.ask_draws else UNASKED_DRAWS  # (a save goes on in its own version)
    return {"format": FORMAT, "version": version, "unodsl": __version__,
            "fingerprint": fingerprint(settings), "edition": edition, "rules": rules,
            "settings": dict(settings.settings or {}), "players": settings.players, "seed": seed,
            "target": settings.target, "birthdays": settings.birthdays, "setup": settings.setup}


def encode(option):
    if hasattr(option, "uid"):  # (a face of a two-sided card other than the first says its side)
        return {"card": option.uid, "label": option.label(), **({"side": option.side} if option.side else {})}
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
            return _face(edition, _card(cards, value["card"]), value.get("side", 0))
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


def _face(edition, card, side):
    """The face of `card` with side `side` up (two-sided cards; the saved answer says which)."""
    if side == 0:
        return card
    if not isinstance(side, int) or isinstance(side, bool) or not 0 <= side < len(edition.sides):
        raise UnoError(f"the save names side {side!r} of card {card.uid}, which this edition's cards do not have")
    return edition.card(card.uid, side)


# ---- writing: whole, atomically, never over what is not this match's save

def write(path: str, head: dict, answers: list, finished: bool) -> None:
    """Replace the save with the match so far, atomically, keeping the file's permissions."""
    data = {**head, "answers": [encode(a) for a in answers], "finished": finished}
    target = Path(os.path.realpath(path))  # through a link: the file it names is replaced
    mode = _mode_for(target)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        os.fchmod(fd, mode)
        with os.fdopen(fd, "w", encoding="utf-8") as stream:
            json.dump(data, stream, ensure_ascii=False, indent=1)
            stream.write("\n")
        os.replace(temp, target)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _mode_for(target: Path) -> int:
    """The permissions of the file replaced; of a new file, what open() would give."""
    try:
        status = target.stat()
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask
    if not stat.S_ISREG(status.st_mode):
        raise UnoError(f"the save {target} is not a regular file")
    return stat.S_IMODE(status.st_mode)


MATCH_KEYS = ("fingerprint", "edition", "rules", "settings", "players", "seed", "target", "birthdays", "setup")


def check_target(path: str, head: dict, overwrite: bool) -> None:
    """`play --save PATH`: refuse a path that is not a regular file, and (unless
    `overwrite`) a file that is not a save of this same match with nothing to lose."""
    try:
        status = os.stat(path)
    except FileNotFoundError:
        if os.path.lexists(path):
            raise UnoError(f"the save {path} is a link to nothing: give the path of a file") from None
        return
    except OSError as error:
        raise UnoError(f"cannot use the save {path}: {error.strerror or error}") from None
    if not stat.S_ISREG(status.st_mode):
        raise UnoError(f"the save {path} exists and is not a regular file (a folder, a device or a pipe): "
                       "give the path of a file")
    if overwrite:
        return
    reason = _why_not_ours(path, head)
    if reason:
        raise UnoError(f"{path} exists and {reason}: choose another file, or pass --overwrite to replace it")


def _why_not_ours(path: str, head: dict) -> str | None:
    """Why the file at `path` may not be replaced by the start of this match (None: it may)."""
    try:
        with open(path, "rb") as stream:
            data = json.loads(stream.read(MAX_BYTES + 1).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return "is not a saved match"
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return "is not a saved match"
    if data.get("version") != head["version"] or any(data.get(key) != head[key] for key in MATCH_KEYS):
        return "is the save of another match"
    if data.get("answers") and data.get("finished") is not True:
        return (f"holds this match in progress ({len(data['answers'])} answers): "
                f"`unodsl resume {path}` continues it")
    return None


# ---- reading: the whole shape checked, the files found, the fingerprint compared

@dataclass
class Saved:
    """A save file read and checked: what to play, and where its values are in the file."""

    settings: PlaySettings
    located: Located


def read(path: str) -> Saved:
    """A save file, checked key by key (EditionError, each problem placed in the file)."""
    located = save_shape.parse(path, _text_of(path))
    save_shape.check(located)
    data = located.data
    settings = PlaySettings(edition=_edition_spec(located), players=data["players"], rules=_rule_specs(located),
                            settings=data["settings"], seed=data["seed"], target=data["target"],
                            birthdays=data["birthdays"], setup=data["setup"], save=path,
                            answers=data["answers"], ask_draws=data["version"] != UNASKED_DRAWS)
    return Saved(settings, located)


def _text_of(path: str) -> str:
    """The save's text: a regular file only (never a FIFO or a device), within the size
    limit, UTF-8; each refusal placed in the file."""
    raw = read_regular_file(path, MAX_BYTES)
    too_big = size_problem(raw, path, MAX_BYTES)
    if too_big:
        raise EditionError([too_big])
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        before = raw[:error.start]
        line, column = before.count(b"\n") + 1, error.start - (before.rfind(b"\n") + 1) + 1
        raise EditionError([Problem(Span(path, line, column), "not a saved match: not UTF-8 text "
                                    f"(byte 0x{raw[error.start]:02x})")]) from None


def check_writable(path: str) -> None:
    """Refuse to resume a match whose save could not be kept (checked before playing)."""
    folder = Path(os.path.realpath(path)).parent
    if not os.access(folder, os.W_OK):
        raise UnoError(f"cannot resume {path}: its folder {folder} is not writable, so the match "
                       "could not be kept")


CHANGED = {"edition": "the edition changed (its file, or a base it builds on)",
           "rules": "the house rules changed (a --rule script or rule file)",
           "settings": "the settings were edited in the save"}


def check_unchanged(saved: Saved, replay_anyway: bool) -> None:
    """Refuse a save whose edition, rules or settings changed since it was written
    (the same answers would play another game), unless told to replay anyway."""
    now = fingerprint(saved.settings)
    then = saved.located.data["fingerprint"]
    changed = [part for part in FINGERPRINT_PARTS if now[part] != then[part]]
    if changed and not replay_anyway:
        raise EditionError([saved.located.problem(("fingerprint", part), f"{CHANGED[part]} since the save was "
                                                  "written: its answers may not make the same match",
                                                  f"`unodsl resume --replay-anyway {saved.settings.save}` "
                                                  "replays them all the same")
                            for part in changed])

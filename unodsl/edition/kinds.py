"""unodsl's files told apart by their keys, and found in folders.

Three kinds of YAML file are unodsl's (docs/editors.md, docs/ci.md): an edition, a
house-rule file and a scenario. `kind_of` says which a file's text is, and every
tool that meets a file asks it (`unodsl validate`, `unodsl test`, the language
server): one answer for all. A file whose keys say none of them is some other
tool's YAML (a CI workflow, a pre-commit config, a test's data), not unodsl's.

`yaml_files` lists the YAML files of the paths given, walking folders without
following a symlink out of them; `Skipped` says why a file or folder found there
was left out, so that a tool can say so (`unodsl validate --verbose`).
"""
from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

# What tells a file apart: every scenario has `edition:` and `setup:`; an edition file has
# `kinds:` or `base:`, a house-rule file `script:` or `settings:` (docs/scenarios.md).
_SCENARIO_KEYS = ("edition", "setup")
# An edition being written, before it has `kinds:` or `base:`, is known by the schema its
# first line names (`unodsl new` writes it).
EDITION_SCHEMA = re.compile(r"^#\s*yaml-language-server:\s*\$schema=\S*edition\.schema\.json", re.M)
YAML_ENDINGS = (".yaml", ".yml")


def file_kind(data) -> str | None:
    """"scenario", "edition" or "rule" (a house-rule file) by the keys of a file's
    data, or None when its keys say neither (no mapping, or none of these keys)."""
    if not isinstance(data, dict):
        return None
    if any(key in data for key in _SCENARIO_KEYS):
        return "scenario"
    if "kinds" in data or "base" in data:
        return "edition"
    if "script" in data or "settings" in data:
        return "rule"
    return None


def kind_of(text: str, data) -> str | None:
    """The kind of the file whose text is `text` and data `data` (as read from it): by its
    keys, else "edition" if it names the edition schema, else None (not unodsl's)."""
    return file_kind(data) or ("edition" if EDITION_SCHEMA.search(text) else None)


# ---- finding the files ------------------------------------------------------------------

@dataclass(frozen=True)
class Skipped:
    """A file or folder left out of a walk, and why (one line of `--verbose`)."""

    path: str
    why: str

    def line(self) -> str:
        return f"skipped {self.path}: {self.why}"


def yaml_files(paths: Iterable[str | Path], exclude: Iterable[str] = ()) -> Iterator[Path | Skipped]:
    """The paths given, each folder replaced by the YAML files under it (sorted), each once,
    and a Skipped for each file or folder left out on the way.

    A walk does not enter a hidden folder (`.git`, `.venv`, ...) unless it is the one
    given, nor follow a symlink that leads out of the folder given; every path
    matching an `exclude` pattern (see `excluded`) is left out, a folder with all in it.
    """
    patterns = list(exclude)
    seen: set[Path] = set()
    for given in map(Path, paths):
        found = _walk(given, patterns) if given.is_dir() and not excluded(given, patterns) else [given]
        for item in found:
            if isinstance(item, Path) and excluded(item, patterns):
                item = Skipped(str(item), "excluded (--exclude)")
            if isinstance(item, Path):
                if item in seen:
                    continue
                seen.add(item)
            yield item


def excluded(path: Path, patterns: list[str]) -> bool:
    """Whether a pattern matches the path as written (`tests/bad_editions/x.yaml`, without
    a leading `./`) or its last part (`bad_editions`): `*` matches across `/`, as in ruff."""
    written = path.as_posix().removeprefix("./")
    return any(fnmatch.fnmatchcase(written, pattern.removeprefix("./").rstrip("/"))
               or fnmatch.fnmatchcase(path.name, pattern.rstrip("/")) for pattern in patterns)


def _walk(root: Path, patterns: list[str]) -> Iterator[Path | Skipped]:
    """The YAML files under `root`, in sorted order, and what is left out on the way."""
    try:
        tree = root.resolve()
    except (OSError, RuntimeError) as error:
        yield Skipped(str(root), f"cannot follow it: {error}")
        return
    for folder, folders, files in os.walk(root, onerror=None, followlinks=False):
        here = Path(folder)
        kept = []
        for name in sorted(folders):
            inner = here / name
            why = _leave_folder(inner, tree, patterns)
            if why:
                yield Skipped(str(inner), why)
            else:
                kept.append(name)
        folders[:] = kept  # (os.walk enters only these, in this order)
        for name in sorted(files):
            path = here / name
            if not name.endswith(YAML_ENDINGS):
                continue
            if path.is_symlink() and not _inside(path, tree):
                yield Skipped(str(path), "a symlink to a file outside the folder (not followed)")
                continue
            yield path


def _leave_folder(folder: Path, tree: Path, patterns: list[str]) -> str | None:
    """Why a walk does not enter `folder` (None: it does)."""
    if excluded(folder, patterns):
        return "excluded (--exclude)"
    if folder.is_symlink():
        return "a symlink to a folder (not followed)"
    if folder.name.startswith("."):
        return "a hidden folder (name it to check it)"
    return None


def _inside(path: Path, tree: Path) -> bool:
    try:
        return path.resolve().is_relative_to(tree)
    except (OSError, RuntimeError):  # a symlink loop
        return False

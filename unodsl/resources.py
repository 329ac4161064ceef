"""Where the data folders (grammar, schemas, editions) live.

In a source checkout they are the top-level folders; in an installed wheel
they are shipped inside the package as `unodsl/_data/<folder>`.
"""
from __future__ import annotations

import difflib
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(folder: str) -> Path:
    """The folder `grammar`, `schemas` or `editions`, wherever this copy keeps it."""
    shipped = _PACKAGE / "_data" / folder
    if shipped.is_dir():
        return shipped
    return _PACKAGE.parent / folder


def edition_path(name_or_path: str) -> Path:
    """An edition given by path (`my.yaml`) or by name (`classic`).

    A folder is no edition file: a folder named like a built-in edition (`classic`,
    in tests/scenarios) does not hide it, the built-in one is meant (docs/editions.md)."""
    path = Path(name_or_path)
    if path.suffix in (".yaml", ".yml") or (exists(path) and not _shadowing_folder(path)):
        return path
    return data_dir("editions") / f"{name_or_path}.yaml"


def _shadowing_folder(path: Path) -> bool:
    """Whether `path` is a folder that has a built-in edition's name."""
    try:
        return path.is_dir() and str(path) in edition_names()
    except (OSError, ValueError):
        return False


def exists(path: Path) -> bool:
    """Whether `path` names something; a name the system cannot look up (too long,
    with a NUL character) names nothing, rather than raising."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def edition_names() -> list[str]:
    return sorted(p.stem for p in data_dir("editions").glob("*.yaml"))


def unknown_edition_hint(name: str) -> str | None:
    """What to say of an edition name that is neither shipped nor a file (of a path, nothing)."""
    if Path(name).suffix in (".yaml", ".yml") or "/" in name or "\\" in name:
        return None
    names = edition_names()
    close = difflib.get_close_matches(name, names, n=1)
    return f"did you mean '{close[0]}'?" if close else f"editions: {', '.join(names)} (or a file's path)"

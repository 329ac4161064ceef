"""Where the data folders (grammar, schemas, editions) live.

In a source checkout they are the top-level folders; in an installed wheel
they are shipped inside the package as `unodsl/_data/<folder>`.
"""
from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def data_dir(folder: str) -> Path:
    """The folder `grammar`, `schemas` or `editions`, wherever this copy keeps it."""
    shipped = _PACKAGE / "_data" / folder
    if shipped.is_dir():
        return shipped
    return _PACKAGE.parent / folder


def edition_path(name_or_path: str) -> Path:
    """An edition given by path (`my.yaml`) or by name (`classic`)."""
    path = Path(name_or_path)
    if path.suffix in (".yaml", ".yml") or path.exists():
        return path
    return data_dir("editions") / f"{name_or_path}.yaml"


def edition_names() -> list[str]:
    return sorted(p.stem for p in data_dir("editions").glob("*.yaml"))

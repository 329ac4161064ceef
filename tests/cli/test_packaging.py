"""What the package says about itself: its licence (MIT, in LICENSE, named in pyproject) and
that it is typed (py.typed, PEP 561, shipped inside the package)."""
from __future__ import annotations

from pathlib import Path

import pytest

import unodsl

ROOT = Path(__file__).resolve().parents[2]
tomllib = pytest.importorskip("tomllib")  # (Python 3.11+)


def test_the_licence_is_mit_in_license_and_pyproject():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n\nCopyright (c) 2026 unodsl contributors\n")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]


def test_the_package_is_marked_typed():
    assert (Path(unodsl.__file__).parent / "py.typed").is_file()
    wheel = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"]
    assert wheel["targets"]["wheel"]["packages"] == ["unodsl"]  # the whole folder, py.typed with it

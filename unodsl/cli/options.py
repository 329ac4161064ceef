"""Options several commands take (`--set KEY=VALUE`: validate, play, simulate, compare)."""
from __future__ import annotations

import click


def parse_settings(pairs: tuple[str, ...], option: str) -> dict:
    """{"hand_size": 5} from ("hand_size=5",), for every command taking --set.

    A setting the schema types is read as its type here; an edition's own
    setting stays text, read by the edition loader as the type of its value in
    the edition (only the edition knows it). The loader places a wrong value at
    `--set NAME=VALUE`.
    """
    from ..edition.schema import read_known_setting  # jsonschema: only when --set is given

    found = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"{pair!r} is not KEY=VALUE", param_hint=option)
        found[key.strip()] = read_known_setting(key.strip(), value.strip())
    return found

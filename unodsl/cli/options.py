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


class EditionArgument(click.Argument):
    """An edition, by a built-in name or a file's path: the shell completes the names (and
    files); left out, the built-in editions are listed rather than "Missing argument"."""

    def process_value(self, ctx: click.Context, value):
        if self.required and self.value_is_missing(value) and not ctx.resilient_parsing:
            raise click.UsageError(missing_edition_message(), ctx=ctx)
        return super().process_value(ctx, value)

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list:
        return complete_edition(ctx, self, incomplete)


def missing_edition_message() -> str:
    from ..catalogue import edition_entry, edition_lines
    from ..resources import edition_names

    lines = edition_lines([edition_entry(name) for name in edition_names()])
    return "\n".join(["which edition? Give a built-in edition's name or an edition file's path:", *lines,
                      "(`unodsl editions` lists them with the built-in house rules)"])


def complete_edition(ctx, param, incomplete: str) -> list:
    """The built-in editions whose names start with what is typed, else the files."""
    from click.shell_completion import CompletionItem
    from ..resources import edition_names

    # (first: a shell lists files only when no name is offered after it)
    return [CompletionItem(incomplete, type="file"),
            *(CompletionItem(name) for name in edition_names() if name.startswith(incomplete))]


def complete_rule(ctx, param, incomplete: str) -> list:
    """`@NAME` of the built-in house rules; `@` and a path, files; a script, nothing."""
    from click.shell_completion import CompletionItem
    from ..edition.rules import built_in_rule_names

    if not incomplete.startswith("@"):
        return []
    return [CompletionItem(f"@{name}") for name in built_in_rule_names() if f"@{name}".startswith(incomplete)]

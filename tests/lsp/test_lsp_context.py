"""Completion by context, driven as an editor drives it (pytest-lsp): what the grammar lets
come next at the cursor (unodsl/lsp/expected.py), in Fine's Zap (tests/lsp/fine.yaml),
whose `next draws 2` line is rewritten to put the cursor where each test wants it; and the
textEdit of every item, replacing the word typed."""
from __future__ import annotations

import pytest
from lsprotocol import types
from pytest_lsp import LanguageClient

from .test_lsp import HERE, client, opened, where  # noqa: F401  (client: the server, a fixture)

pytestmark = pytest.mark.asyncio(loop_scope="module")

FINE = (HERE / "fine.yaml").read_text(encoding="utf-8")
LINE = where("fine.yaml", "next draws 2", "next")  # Zap's first line of effect
KINDS = {"number", "draw_two", "reverse", "skip", "wild", "wild_draw_four", "zap"}  # classic's and Zap
COLOURS = ["red", "yellow", "green", "blue"]


async def items_after(client: LanguageClient, typed: str, text: str = FINE) -> list[types.CompletionItem]:
    """The items offered with `typed` written instead of Zap's `next draws 2`, the cursor after it."""
    await opened(client, "fine.yaml", text.replace("next draws 2", typed))
    last_line = typed.rsplit("\n", 1)[-1]
    units = len(last_line.encode("utf-16-le")) // 2  # (the protocol's columns: UTF-16 units)
    at = types.Position(line=LINE.line + typed.count("\n"), character=units if "\n" in typed else LINE.character + units)
    answer = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=(HERE / "fine.yaml").as_uri()), position=at))
    return answer.items if answer else []


async def labels_after(client: LanguageClient, typed: str, text: str = FINE) -> list[str]:
    return [item.label for item in await items_after(client, typed, text)]


@pytest.mark.parametrize("typed", ["if top.colour == ", "if colour != ", "if colour in [red, ", "if top.colour == gr"])
async def test_after_a_colour_comparison_the_editions_colours(client, typed):
    assert await labels_after(client, typed) == COLOURS


async def test_in_a_condition_field_a_colour_comparison_offers_the_colours_too(client):
    text = FINE.replace("    on_start: turn another", "    playable: colour == \n    on_start: turn another")
    await opened(client, "fine.yaml", text)
    line = text.splitlines().index("    playable: colour == ")
    answer = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=(HERE / "fine.yaml").as_uri()),
        position=types.Position(line=line, character=len("    playable: colour == "))))
    assert [item.label for item in answer.items] == COLOURS


@pytest.mark.parametrize("typed", ["if kind == ", "if kind != ", "if kind in [skip, ", "if kind not in ["])
async def test_after_a_kind_comparison_the_editions_kinds_and_no_statement(client, typed):
    labels = await labels_after(client, typed)
    assert set(labels) == KINDS
    assert "skip PLAYER" not in labels and "reverse" in labels  # (the kind, not the statement)


async def test_after_a_tag_comparison_the_tags_values(client):
    text = FINE + 'tags:\n  house: {Gryffindor: "number in 1..4", Slytherin: "number in 5..9"}\n'
    assert await labels_after(client, "if house == ", text) == ["Gryffindor", "Slytherin"]


WHEEL = FINE + "chance:\n  wheel: {jackpot: 1, bust: 3}\n  dice: {1: 1, 2: 1}\n"


async def test_after_random_the_editions_chance_tables_and_the_other_draws(client):
    labels = await labels_after(client, "if random ", WHEEL)
    assert {"wheel", "dice", "number", "card"} <= set(labels)
    assert not {"red", "skip", "next"} & set(labels)


async def test_after_a_chance_tables_draw_and_a_comparison_its_outcomes(client):
    assert await labels_after(client, "if random wheel == ", WHEEL) == ["jackpot", "bust"]
    assert await labels_after(client, "if random dice != ", WHEEL) == ["1", "2"]


@pytest.mark.parametrize("typed", ["if me.", "if next.", "if next.sc", "if chosen.hand > previous."])
async def test_after_a_player_and_a_dot_the_players_fields(client, typed):
    assert await labels_after(client, typed) == ["hand", "score", "power"]  # (power: Fine's player state)


async def test_after_top_and_a_dot_a_cards_fields(client):
    assert await labels_after(client, "if top.") == ["colour", "number", "symbol", "kind", "name", "points", "wild"]


async def test_statements_where_a_statement_starts_in_a_block(client):
    labels = await labels_after(client, "if next.hand > 2:\n        ")
    assert {"skip PLAYER", "reverse", "let NAME = VALUE", "me", "next"} <= set(labels)
    assert not set(COLOURS) & set(labels)


async def test_after_a_player_the_verbs_that_follow_one(client):
    items = await items_after(client, "next ")
    edits = {item.label: item.text_edit.new_text for item in items}
    assert edits["PLAYER draws N"] == "draws" and edits["PLAYER draws until C"] == "draws until"
    assert edits["PLAYER plays face up"] == "plays face up"
    assert "skip PLAYER" not in edits and "red" not in edits and "me" not in edits


async def test_after_skip_the_players_only(client):
    labels = await labels_after(client, "skip ")
    assert {"me", "next", "others", "everyone"} <= set(labels)
    assert not {"skip PLAYER", "reverse", "red", "zap"} & set(labels)


async def test_after_a_semicolon_only_statements_of_one_line(client):
    labels = await labels_after(client, "skip next; ")
    assert "reverse" in labels and "if C: ... elif C: ... else: ..." not in labels  # (an `if` takes a line)


async def test_a_mistake_earlier_in_the_script_leaves_the_cursors_line_completed(client):
    assert set(await labels_after(client, "next drawz 2\n      if kind == ")) == KINDS


async def test_every_item_replaces_the_word_typed_from_its_start_to_the_cursor(client):
    typed = 'if "😀" == "x" or kind == sk'  # (😀: two units in UTF-16, which the editor counts in)
    items = await items_after(client, typed)
    end = LINE.character + len(typed) + 1  # (the cursor, after `sk`)
    assert {(i.text_edit.range.start.character, i.text_edit.range.end.character) for i in items} == {(end - 2, end)}
    assert all(i.text_edit.range.start.line == i.text_edit.range.end.line == LINE.line for i in items)
    assert "skip" in {i.text_edit.new_text for i in items}

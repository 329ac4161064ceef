"""Hover on a tag (its key under `tags:`, a kind's `tags:`, a tag named in a script), on
`base:`, and on a kind of a file whose errors are elsewhere, driven as an editor drives the
server (pytest-lsp), on tests/lsp/'s files."""
from __future__ import annotations

import pytest
from lsprotocol import types

from .test_lsp import CLASSIC, HERE, client, hover_at, opened, where  # noqa: F401  (client: a fixture)

pytestmark = pytest.mark.asyncio(loop_scope="module")

# Fine with a tag of each sort: a flag by a condition, a value by conditions, and one its Zap gives.
TAGGED = (HERE / "fine.yaml").read_text(encoding="utf-8").replace("    points: 20\n", "    points: 20\n    tags: {loud: very}\n") \
    .replace("if kind == skip", "if harry or house == Gryffindor") + \
    'tags:\n  harry: "number in [2, 6, 9]"\n  house: {Gryffindor: "number in 1..4"}\n'


async def hover_in(client, text: str, line_text: str, word: str) -> str | None:
    await opened(client, "fine.yaml", text)
    lines = text.splitlines()
    line = next(i for i, t in enumerate(lines) if line_text in t)
    answer = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=(HERE / "fine.yaml").as_uri()),
        position=types.Position(line=line, character=lines[line].index(word, lines[line].index(line_text)))))
    return answer.contents.value if answer else None


async def test_hover_on_a_tags_key_says_what_it_means_and_which_cards_carry_it(client):
    text = await hover_in(client, TAGGED, '  harry: "number', "harry")
    assert text.startswith("**`harry`** (a tag)")
    assert "A flag: a card carries it when `number in [2, 6, 9]`" in text
    assert "Carried by 24 cards: Number (24)" in text  # (2, 6 and 9 of 4 colours, two of each but 0)


async def test_hover_on_a_tag_named_in_a_script_gives_its_values(client):
    text = await hover_in(client, TAGGED, "if harry or house", "house")
    assert "`house == Gryffindor` on the cards where `number in 1..4`" in text
    assert "Carried by 32 cards: Number (32)" in text


async def test_hover_on_a_tag_a_kind_gives(client):
    text = await hover_in(client, TAGGED, "tags: {loud: very}", "loud")
    assert "Given by the kinds: `zap` ('very')" in text and "Carried by 4 cards: Zap (4)" in text


async def test_hover_on_base_names_the_base_edition_and_where_it_is(client):
    text = await hover_at(client, "fine.yaml", where("fine.yaml", "base: classic", "classic"))
    assert text.startswith("**Classic UNO** (`classic`), the base edition")
    assert "*Source:* Common part of every rule sheet" in text
    assert "*Cards:* 108, of 6 kinds, in 4 colours" in text
    assert f"*File:* `{CLASSIC}`" in text


async def test_hover_on_a_sound_kind_of_a_file_with_errors_elsewhere_explains_it(client):
    """mistakes.yaml has errors in its settings and in Boom, Bang and Pow; its Skip is sound."""
    text = await hover_at(client, "mistakes.yaml", where("mistakes.yaml", "  skip:", "skip"))
    assert text.startswith("**Skip** (`skip`), Mistakes")
    assert "*Points:* 30 points" in text  # (its own: 30, not classic's 20)


async def test_hover_on_a_kind_with_an_error_of_its_own_says_so(client):
    text = await hover_at(client, "mistakes.yaml", where("mistakes.yaml", "  bang:", "bang"))
    assert text == "**Bang** (`bang`): not explained while the kind itself has an error (underlined in it)"

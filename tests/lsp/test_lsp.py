"""`unodsl lsp` driven as an editor drives it (pytest-lsp starts the server and speaks the
protocol to it): diagnostics as a file is opened and changed, hover, completion and
go to definition, on the files of tests/lsp/. Positions are the protocol's: 0-based
lines and columns, ends exclusive."""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from unodsl.resources import data_dir

HERE = Path(__file__).resolve().parent
CLASSIC = data_dir("editions") / "classic.yaml"  # (in CI, the installed copy's)

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=[sys.executable, "-m", "unodsl", "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=pytest_lsp.client_capabilities("visual-studio-code"), root_uri=HERE.as_uri()))
    yield
    await lsp_client.shutdown_session()


async def opened(client: LanguageClient, name: str, text: str | None = None) -> list[types.Diagnostic]:
    """Open tests/lsp/NAME (with `text`, or what is saved) and return its diagnostics."""
    path = HERE / name
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=path.as_uri(), language_id="yaml", version=1,
        text=path.read_text(encoding="utf-8") if text is None else text)))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return list(client.diagnostics[path.as_uri()])


def found(diagnostics) -> list[tuple]:
    return [(d.code, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character)
            for d in diagnostics]


def where(name: str, line_text: str, word: str, nth: int = 0) -> types.Position:
    """The position of `word` on the line holding `line_text` of tests/lsp/NAME."""
    lines = (HERE / name).read_text(encoding="utf-8").splitlines()
    line = [i for i, text in enumerate(lines) if line_text in text][nth]
    return types.Position(line=line, character=lines[line].index(word, lines[line].index(line_text)))


# ---- diagnostics ------------------------------------------------------------------------------

async def test_every_mistake_of_the_yaml_the_schema_and_three_scripts_with_its_code_and_range(client):
    diagnostics = await opened(client, "mistakes.yaml")
    assert found(diagnostics) == [
        ("S003", 5, 13, 5, 18),    # hand_size: seven
        ("Y004", 13, 12, 13, 21),  # !!int ten
        ("L001", 14, 19, 14, 24),  # others drawz 1
        ("L002", 23, 11, 23, 15),  # skip nxet
        ("L001", 30, 21, 30, 22),  # colour = top.colour
    ]
    assert all(d.severity == types.DiagnosticSeverity.Error and d.source == "unodsl" for d in diagnostics)
    assert diagnostics[3].message == "`nxet` is not a player\nhint: did you mean 'next'?"


async def test_a_change_is_checked_again_as_it_is_typed(client):
    await opened(client, "mistakes.yaml")
    uri = (HERE / "mistakes.yaml").as_uri()
    text = (HERE / "mistakes.yaml").read_text(encoding="utf-8").replace("skip nxet", "skip next")
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert [d.code for d in client.diagnostics[uri]] == ["S003", "Y004", "L001", "L001"]


async def test_text_that_is_not_yaml_gives_its_one_problem(client):
    diagnostics = await opened(client, "mistakes.yaml", "name: x\nkinds: [a\n")
    assert found(diagnostics) == [("Y001", 2, 0, 2, 0)]  # at the end: the list is not closed


async def test_a_house_rule_file_is_checked_as_a_rule_of_the_edition_its_comment_names(client):
    assert found(await opened(client, "rule.yaml")) == [("L002", 4, 4, 4, 7)]  # nxt draws 1
    # Without the comment, against classic, which has no `zap`.
    text = (HERE / "rule.yaml").read_text(encoding="utf-8").replace("# unodsl-edition: fine.yaml\n", "")
    diagnostics = await opened(client, "rule.yaml", text)
    assert [(d.code, d.range.start.line, d.range.start.character, d.message) for d in diagnostics] == [
        ("L002", 2, 24, "unknown name 'zap'")]


# A rule file whose comment names an edition outside the rule's folder tree; the edition,
# Fine (a `zap` kind), is one the server must not read.
ZAP_RULE = "# unodsl-edition: {}\nname: Zap hurts twice\nscript: |\n  on play where kind == zap:\n    next draws 1\n"


async def rule_named(client: LanguageClient, path: Path, edition: str):
    """Open a rule file at `path` (not saved: the editor's text) naming `edition` in its
    comment; its diagnostics, and the hover on `zap` in its script."""
    uri = path.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri, language_id="yaml", version=1, text=ZAP_RULE.format(edition))))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=3, character=25)))
    return list(client.diagnostics[uri]), hover


@pytest.mark.parametrize("reference, said", [
    ("../outside.yaml", "'../outside.yaml' is outside the folder of "),
    ("ABSOLUTE", "is an absolute path"),
    ("escape.yaml", "'escape.yaml' is outside the folder of "),  # a symlink to ../outside.yaml
    ("pipe.yaml", "'pipe.yaml' is a FIFO (named pipe), not a regular file"),
])
async def test_a_rule_file_names_no_edition_outside_its_folder_tree(client, tmp_path, reference, said):
    """As an edition's `base:` (docs/editions.md): the server reads nothing the comment names
    outside the rule's folder, nor anything but a regular file, and says so at the name."""
    (tmp_path / "outside.yaml").write_text((HERE / "fine.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "escape.yaml").symlink_to(tmp_path / "outside.yaml")
    os.mkfifo(folder / "pipe.yaml")
    reference = str(tmp_path / "outside.yaml") if reference == "ABSOLUTE" else reference
    diagnostics, hover = await rule_named(client, folder / "rule.yaml", reference)
    assert [(d.code, d.range.start.line, d.range.start.character, d.range.end.character) for d in diagnostics] == [
        ("F002", 0, 18, 18 + len(reference))]
    assert said in diagnostics[0].message
    assert hover is None  # (Fine's Zap not read: with no edition, `zap` is no kind)


async def test_a_rule_file_names_an_edition_below_its_folder(client, tmp_path):
    (tmp_path / "editions").mkdir()
    (tmp_path / "editions" / "fine.yaml").write_text((HERE / "fine.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    diagnostics, hover = await rule_named(client, tmp_path / "rule.yaml", "editions/fine.yaml")
    assert diagnostics == []
    assert hover.contents.value.startswith("**Zap** (`zap`), Fine")


async def test_a_scenario_file_gets_the_scenario_readers_problems(client):
    diagnostics = await opened(client, "scenario.yaml")
    assert [(d.range.start.line, d.range.start.character, d.message.split("\n")[0]) for d in diagnostics] == [
        (4, 14, "'purple 2' is not a card of Fine")]


@pytest.mark.parametrize("hostile", sorted(p.name for p in (HERE.parent / "hostile").glob("*.yaml")))
async def test_hostile_files_get_problems_and_the_server_goes_on(client, hostile):
    text = (HERE.parent / "hostile" / hostile).read_bytes().decode("utf-8", "replace")
    await opened(client, "mistakes.yaml", text)
    uri = (HERE / "mistakes.yaml").as_uri()
    for line in range(0, 4):
        place = {"text_document": types.TextDocumentIdentifier(uri=uri),
                 "position": types.Position(line=line, character=2)}
        await client.text_document_hover_async(types.HoverParams(**place))
        await client.text_document_completion_async(types.CompletionParams(**place))
        await client.text_document_definition_async(types.DefinitionParams(**place))
    assert not [m for m in client.log_messages if m.type == types.MessageType.Error]


# ---- hover ------------------------------------------------------------------------------------

async def hover_at(client: LanguageClient, name: str, position: types.Position) -> str | None:
    await opened(client, name)
    answer = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=(HERE / name).as_uri()), position=position))
    return answer.contents.value if answer else None


async def test_hover_on_a_kinds_key_says_what_explain_says(client):
    text = await hover_at(client, "fine.yaml", where("fine.yaml", "  zap:", "zap"))
    assert text.startswith("**Zap** (`zap`), Fine")
    assert "*When played:* The next player draws 2 cards." in text


async def test_hover_on_a_kind_named_in_a_script_explains_it(client):
    text = await hover_at(client, "fine.yaml", where("fine.yaml", "if kind == skip", "skip"))
    assert text.startswith("**Skip** (`skip`), Fine")
    assert "*Points:* 30" in text  # this edition's Skip, not classic's


async def test_hover_on_a_statement_word_gives_the_statements_written_with_it(client):
    text = await hover_at(client, "fine.yaml", where("fine.yaml", "next draws 2", "draws"))
    assert text.startswith("**`PLAYER draws N`**: draws N cards")
    assert "**`PLAYER draws until C`**" in text


async def test_hover_on_a_player_word_says_who_it_is(client):
    text = await hover_at(client, "fine.yaml", where("fine.yaml", "next draws 2", "next"))
    assert text == "**`next`** (a player): the next player in the direction of play"


async def test_no_hover_outside_scripts_and_kinds(client):
    assert await hover_at(client, "fine.yaml", where("fine.yaml", "name: Fine", "Fine")) is None


# ---- completion -------------------------------------------------------------------------------

async def complete(client: LanguageClient, name: str, text: str, position: types.Position) -> list[str]:
    await opened(client, name, text)
    answer = await client.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=(HERE / name).as_uri()), position=position))
    return [item.label for item in answer.items] if answer else []


async def test_completion_at_a_scripts_line_start_offers_the_statements_and_players_that_start_one(client):
    text = (HERE / "fine.yaml").read_text(encoding="utf-8")
    at = where("fine.yaml", "next draws 2", "next")
    labels = await complete(client, "fine.yaml", text, at)
    assert {"skip PLAYER", "reverse", "if C: ... elif C: ... else: ...", "me", "next", "everyone"} <= set(labels)
    assert "PLAYER draws N" not in labels  # (a player first: after `next `, tests/lsp/test_lsp_context.py)
    assert not {"red", "zap", "settings.hand_size"} & set(labels)  # values go in conditions, not here


async def test_completion_after_apply_written_rule_offers_the_editions_written_rules(client):
    text = (HERE / "fine.yaml").read_text(encoding="utf-8") + "written_rules:\n  gift: others draw 1\n"
    at = where("fine.yaml", "next draws 2", "next")
    text = text.replace("next draws 2", "apply written rule ")
    assert await complete(client, "fine.yaml", text, types.Position(line=at.line, character=at.character + 19)) == ["gift"]


async def test_completion_after_a_dot_offers_what_follows_it(client):
    text = (HERE / "fine.yaml").read_text(encoding="utf-8").replace("next draws 2", "next draws game.")
    at = where("fine.yaml", "next draws 2", "next")
    assert await complete(client, "fine.yaml", text, types.Position(line=at.line, character=at.character + 16)) == ["launches"]
    text = text.replace("next draws game.", "if me.")
    assert await complete(client, "fine.yaml", text, types.Position(line=at.line, character=at.character + 6)) == [
        "hand", "score", "power"]


async def test_completion_at_a_top_level_key_offers_the_schemas_keys_not_yet_given(client):
    text = (HERE / "fine.yaml").read_text(encoding="utf-8") + "co\n"
    line = text.count("\n") - 1
    labels = await complete(client, "fine.yaml", text, types.Position(line=line, character=2))
    assert {"colours", "tags", "actions", "rules", "total"} <= set(labels)
    assert "kinds" not in labels and "name" not in labels  # given already
    rule_keys = await complete(client, "rule.yaml", "name: x\nscript: skip next\n\n",
                               types.Position(line=2, character=0))
    assert set(rule_keys) == {"settings", "sheet", "description"}


# ---- go to definition -------------------------------------------------------------------------

async def definition_at(client: LanguageClient, name: str, position: types.Position):
    await opened(client, name)
    return await client.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=(HERE / name).as_uri()), position=position))


def classic_line(text: str) -> int:
    return CLASSIC.read_text(encoding="utf-8").splitlines().index(text)


async def test_definition_of_a_kind_overriding_the_bases_is_the_bases_kind(client):
    location = await definition_at(client, "fine.yaml", where("fine.yaml", "  skip:", "skip"))
    assert location.uri == CLASSIC.as_uri()
    assert (location.range.start.line, location.range.start.character) == (classic_line("  skip:"), 2)


async def test_definition_of_base_is_the_base_file(client):
    location = await definition_at(client, "fine.yaml", where("fine.yaml", "base: classic", "classic"))
    assert location.uri == CLASSIC.as_uri()
    assert location.range.start == types.Position(line=0, character=0)


async def test_definition_of_a_kind_named_in_a_script_is_where_this_edition_writes_it(client):
    location = await definition_at(client, "fine.yaml", where("fine.yaml", "if kind == skip", "skip"))
    assert location.uri == (HERE / "fine.yaml").as_uri()  # (its own `skip:`, over classic's)
    assert location.range.start == where("fine.yaml", "  skip:", "skip")
    location = await definition_at(client, "rule.yaml", where("rule.yaml", "kind == zap", "zap"))
    assert location.uri == (HERE / "fine.yaml").as_uri()
    assert location.range.start == where("fine.yaml", "  zap:", "zap")


async def test_other_yaml_files_are_left_alone_but_a_new_edition_naming_the_schema_is_checked(client):
    assert await opened(client, "mistakes.yaml", "on: push\njobs: {test: {runs-on: ubuntu-latest}}\n") == []
    started = "# yaml-language-server: $schema=edition.schema.json\nname: Party\nhand_size: 7\n"
    diagnostics = await opened(client, "mistakes.yaml", started)
    assert [(d.code, d.range.start.line, d.message.split("\n")[0]) for d in diagnostics if d.code == "S001"] == [
        ("S001", 2, "$.hand_size: unknown property 'hand_size'")]

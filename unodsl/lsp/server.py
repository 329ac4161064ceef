"""`unodsl lsp`: the language server an editor starts, talking over stdin and stdout.

Each open file is checked whenever it changes (analysis.py) and its problems are
published as diagnostics; hover, completion and go-to-definition read the last
check (words.py). A mistake of the server itself is logged to the editor and
answered with nothing: no input stops the server, and every request is answered
(one whose params are not the protocol's, a negative position, with an error).

The server reads from the disk only what a file names that it may (an edition's
base, a rule's edition: in the file's folder tree, regular files, within the size
limit; analysis.py), never a path a client names: an open file's text is the
editor's, and a file not open is not read.
"""
from __future__ import annotations

import functools
import traceback
from dataclasses import replace
from pathlib import Path
from urllib.parse import unquote

from lsprotocol import types
from pygls.exceptions import JsonRpcException, JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.protocol import LanguageServerProtocol
from pygls.uris import from_fs_path, to_fs_path
from pygls.workspace import TextDocument
from pygls.workspace.position_codec import PositionCodec, ServerTextPosition

from ..version import __version__
from ..edition.yamlsrc import read_text_file
from ..errors import Problem, Span, UnoError, printable
from .analysis import Analysis, analyse
from .completion import completions, cursor_in_script
from .words import definition, hover_text, in_script, key_completions, names_of, script_completions

_SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning}


_ANSWERED = object()  # a request answered while it was read: nothing more to do with it


class AnsweringProtocol(LanguageServerProtocol):
    """pygls's protocol, answering a request it cannot read (params not the protocol's: a
    position at line -1, no text document) with an InvalidParams error. pygls drops it
    unanswered, and the editor waits for the answer for good."""

    def structure_message(self, data):
        try:
            return super().structure_message(data)
        except JsonRpcException:
            if not (isinstance(data, dict) and "method" in data and "id" in data):
                raise  # (not a request: nobody waits for an answer)
            msg_id = data["id"] if isinstance(data["id"], (int, str)) else None
            said = f"the params of {data['method']} are not the protocol's (a position at -1, a key missing)"
            self._send_response(msg_id, error=JsonRpcInvalidParams(said).to_response_error())
            return _ANSWERED

    def handle_message(self, message) -> None:
        if message is not _ANSWERED:
            super().handle_message(message)


class UnoLanguageServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("unodsl", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Full,
                         protocol_cls=AnsweringProtocol)
        self.checked: dict[str, Analysis] = {}  # uri -> the last check of its text
        self.readable: dict[str, Analysis] = {}  # uri -> the last check of a text that was YAML
        self.built: dict[str, Analysis] = {}  # uri -> the last check whose edition was built

    def open_document(self, uri: str) -> TextDocument | None:
        """The editor's text of a file it has open; None for any other uri (pygls would
        read that one from the disk, were it a FIFO or /dev/zero)."""
        return self.workspace.text_documents.get(unquote(uri))

    def check(self, uri: str) -> None:
        document = self.open_document(uri)
        if document is None:
            return
        analysis = analyse(document.source, path_of(uri))
        self.checked[uri] = analysis
        if analysis.doc is not None:
            self.readable[uri] = analysis
        if analysis.edition is not None:
            self.built[uri] = analysis
        diagnostics = [diagnostic(p, analysis.path, document) for p in analysis.problems]
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, diagnostics=diagnostics, version=document.version))

    def forget(self, uri: str) -> None:
        for cache in (self.checked, self.readable, self.built):
            cache.pop(uri, None)
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    def current(self, uri: str) -> Analysis | None:
        """The last check of a file, or, while its text is not YAML (being typed), the last
        one that was; with the last edition built when this one has errors and none of its
        kinds could be built without them (analysis.partial)."""
        analysis = self.checked.get(uri)
        if analysis is None:
            return None
        if analysis.doc is None:
            analysis = self.readable.get(uri, analysis)
        if analysis.edition is None and analysis.partial is None and uri in self.built:
            analysis = replace(analysis, edition=self.built[uri].edition)
        return analysis


server = UnoLanguageServer()


def guarded(handler):
    """The handler, logging a mistake of its own to the editor instead of failing."""
    @functools.wraps(handler)
    def run(ls: UnoLanguageServer, params):
        try:
            return handler(ls, params)
        except Exception:  # the server's own bug: say it, keep serving
            ls.window_log_message(types.LogMessageParams(type=types.MessageType.Error, message=traceback.format_exc()))
            return None
    return run


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
@guarded
def did_open(ls: UnoLanguageServer, params: types.DidOpenTextDocumentParams) -> None:
    ls.check(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
@guarded
def did_change(ls: UnoLanguageServer, params: types.DidChangeTextDocumentParams) -> None:
    ls.check(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
@guarded
def did_save(ls: UnoLanguageServer, params: types.DidSaveTextDocumentParams) -> None:
    ls.check(params.text_document.uri)  # (a file it names, a base, may have changed; one not open: nothing)


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
@guarded
def did_close(ls: UnoLanguageServer, params: types.DidCloseTextDocumentParams) -> None:
    ls.forget(params.text_document.uri)


@server.feature(types.TEXT_DOCUMENT_HOVER)
@guarded
def hover(ls: UnoLanguageServer, params: types.HoverParams) -> types.Hover | None:
    found = _at(ls, params.text_document.uri, params.position)
    if found is None:
        return None
    analysis, line, column, line_text = found
    text = hover_text(analysis, line, column, line_text)
    if text is None:
        return None
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=printable(text)))


@server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=["."]))
@guarded
def completion(ls: UnoLanguageServer, params: types.CompletionParams) -> types.CompletionList | None:
    found = _at(ls, params.text_document.uri, params.position)
    if found is None:
        return None
    analysis, line, column, line_text = found
    before = line_text[:column]
    if analysis.kind == "other":
        return None
    if _at_top_level_key(line_text, before):
        data = analysis.doc.data if analysis.doc is not None else {}
        return types.CompletionList(is_incomplete=False, items=key_completions(analysis.kind, data if isinstance(data, dict) else {}))
    cursor = cursor_in_script(analysis, line, column, line_text)
    if cursor is not None:
        document = ls.open_document(params.text_document.uri)
        items = completions(names_of(analysis), cursor, line, column)
        for item in items:  # (counted in characters here; the editor counts in its own units)
            item.text_edit.range = document.position_codec.range_to_client_units(document.lines, item.text_edit.range)
        return types.CompletionList(is_incomplete=False, items=items)
    if in_script(analysis, line, column):
        return types.CompletionList(is_incomplete=False, items=script_completions(names_of(analysis), before))
    return None


@server.feature(types.TEXT_DOCUMENT_DEFINITION)
@guarded
def goto_definition(ls: UnoLanguageServer, params: types.DefinitionParams) -> types.Location | None:
    found = _at(ls, params.text_document.uri, params.position)
    if found is None:
        return None
    analysis, line, column, line_text = found
    span = definition(analysis, line, column, line_text)
    if span is None:
        return None
    document = ls.open_document(params.text_document.uri)
    codec = document.position_codec
    if span.file == analysis.path:  # in this file: the editor's text (unsaved changes count)
        return types.Location(uri=params.text_document.uri, range=span_range(span, document.lines, codec))
    # in another (a base edition): the file the check read
    return types.Location(uri=from_fs_path(str(Path(span.file).resolve())),
                          range=span_range(span, _lines_of(span.file), codec))


# ---- positions --------------------------------------------------------------------------------

def path_of(uri: str) -> str:
    """The file an editor's document is (an unsaved, untitled one: its uri)."""
    return to_fs_path(uri) or uri


def diagnostic(problem: Problem, path: str, document: TextDocument) -> types.Diagnostic:
    """A problem as the editor shows it. One placed in another file (a base edition, the
    edition of a scenario) or in no file is shown at the top, saying where it is."""
    message = problem.message + (f"\nhint: {problem.hint}" if problem.hint else "")
    if problem.span.file == path and problem.span.line:
        where = span_range(problem.span, document.lines, document.position_codec)
    else:
        where = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0))
        message = f"{problem.span}: {message}"
    return types.Diagnostic(range=where, message=printable(message), severity=_SEVERITY.get(problem.severity),
                            code=problem.code or None, source="unodsl")


def span_range(span: Span, lines, codec: PositionCodec) -> types.Range:
    """A span (1-based, counting characters, its end exclusive) as an LSP range (0-based,
    in the units the editor counts)."""
    end_line, end_column = span.end
    return codec.range_to_client_units(lines, types.Range(
        start=_server_position(lines, span.line - 1, span.column - 1),
        end=_server_position(lines, end_line - 1, end_column - 1)))


def _server_position(lines, line: int, column: int) -> ServerTextPosition:
    line = min(max(line, 0), len(lines))  # (len(lines): the end of a text ending with a line break)
    return ServerTextPosition(line=line, character=max(column, 0))


def _at(ls: UnoLanguageServer, uri: str, position: types.Position):
    """(analysis, line, column in characters, line text) at an editor's position, or None
    (a file not open, a line past the text). A column past its line's end is the end, as
    the protocol says."""
    analysis, document = ls.current(uri), ls.open_document(uri)
    if analysis is None or document is None:  # (a file not open: nothing known of it)
        return None
    lines = document.lines
    if position.line > len(lines):  # past the text: nothing there
        return None
    if position.line == len(lines):  # the empty line after the last line break
        return analysis, position.line, 0, ""
    line_text = lines[position.line].rstrip("\r\n")
    column = document.position_codec.position_from_client_units(lines, position).character
    return analysis, position.line, min(column, len(line_text)), line_text


def _at_top_level_key(line_text: str, before: str) -> bool:
    """A key of the file is being written: at the line's start, no colon yet."""
    return not line_text[:1].isspace() and ":" not in before and not before.lstrip().startswith(("#", "-"))


def _lines_of(path: str) -> list[str]:
    try:
        return read_text_file(path).splitlines(keepends=True)
    except UnoError:
        return []


def serve() -> None:
    server.start_io()

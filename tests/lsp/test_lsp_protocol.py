"""`unodsl lsp` spoken to as bytes, for what an editor's client library will not send (a
negative position, a request it cannot read) and for what could block the server (a
FIFO named by a client): every request is answered, and a client names no file the
server reads. Each test starts its own server and waits a bounded time for it, so a
server that blocks or stays silent fails the test rather than hanging the run."""
from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
WAIT = 10  # seconds for one answer (the server answers in well under one)


class RawServer:
    """A `unodsl lsp` process and the messages it has sent, read by a thread."""

    def __init__(self) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "unodsl", "lsp"], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.messages: queue.Queue = queue.Queue()  # (as they are read)
        self.received: list[dict] = []  # (as a test has waited for them)
        self.ids = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        stream = self.process.stdout
        while True:
            length = 0
            while (header := stream.readline()).strip():
                name, _, value = header.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            if not header or not length:  # (the server has ended)
                return
            self.messages.put(json.loads(stream.read(length)))

    def send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method: str, params) -> None:
        self.send({"method": method, "params": params})

    def request(self, method: str, params) -> dict:
        """The server's answer (its whole message: `result` or `error`); the test fails if
        none comes within WAIT seconds."""
        self.ids += 1
        self.send({"id": self.ids, "method": method, "params": params})
        while True:
            try:
                message = self.messages.get(timeout=WAIT)
            except queue.Empty:
                pytest.fail(f"no answer to {method} {json.dumps(params)} in {WAIT} s")
            self.received.append(message)
            if message.get("id") == self.ids and "method" not in message:
                return message

    def published(self) -> list[list[dict]]:
        """The diagnostics published so far that a test has waited past."""
        return [m["params"]["diagnostics"] for m in self.received
                if m.get("method") == "textDocument/publishDiagnostics"]

    def open(self, path: Path, text: str) -> None:
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": path.as_uri(), "languageId": "yaml", "version": 1, "text": text}})

    def close(self) -> None:
        self.process.kill()
        self.process.wait()


@pytest.fixture
def server():
    started = RawServer()
    try:
        assert "result" in started.request("initialize", {"processId": None, "rootUri": HERE.as_uri(),
                                                          "capabilities": {}})
        started.notify("initialized", {})
        yield started
    finally:
        started.close()


def at(path: Path, line: int, character: int) -> dict:
    return {"textDocument": {"uri": path.as_uri()}, "position": {"line": line, "character": character}}


# ---- every request is answered ----------------------------------------------------------------

POSITIONS = [(-1, 0), (0, -1), (-5, -5), (2**31, 0), (0, 2**31), (3, 10**6), (10**6, 3), (0, 2**31 - 1),
             (2**31 - 1, 0)]
REQUESTS = ["textDocument/hover", "textDocument/completion", "textDocument/definition"]


@pytest.mark.parametrize("method", REQUESTS)
def test_a_request_at_any_position_is_answered(server, method):
    """A negative position is not one the protocol allows (an error says so); one past the
    end of the file, or a file not open, has nothing there (an empty answer)."""
    path = HERE / "fine.yaml"
    server.open(path, path.read_text(encoding="utf-8"))
    for line, character in POSITIONS:
        answer = server.request(method, at(path, line, character))
        if line < 0 or character < 0 or max(line, character) >= 2**31:  # (not a uinteger)
            assert answer["error"]["code"] == -32602, answer  # InvalidParams
        else:
            assert answer.get("result") is None, answer
    for uri in ["file:///no/such/file.yaml", "untitled:Untitled-1", "not a uri", ""]:
        answer = server.request(method, {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
        assert "error" not in answer and answer.get("result") is None, answer
    assert not [m for m in server.received if m.get("method") == "window/logMessage"]  # (no mistake of its own)


@pytest.mark.parametrize("params", [None, {}, [], "hover", {"textDocument": {}}, {"position": {"line": 0}}])
def test_a_request_whose_params_cannot_be_read_gets_an_error(server, params):
    answer = server.request("textDocument/hover", params)
    assert answer["error"]["code"] == -32602, answer
    assert "result" in server.request("textDocument/hover", at(HERE / "fine.yaml", 0, 0))  # (and goes on)


# ---- no file a client names is read -----------------------------------------------------------

def test_saving_a_document_never_opened_reads_nothing_not_even_a_fifo(server, tmp_path):
    """didSave of a FIFO's uri: were the server to read it, it would wait for a writer for
    good. It reads only what the editor sends of an open document."""
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    server.notify("textDocument/didSave", {"textDocument": {"uri": fifo.as_uri()}})
    answer = server.request("textDocument/hover", at(HERE / "fine.yaml", 0, 0))
    assert answer.get("result") is None and "error" not in answer


def test_saving_a_document_never_opened_publishes_nothing_of_it(server, tmp_path):
    unopened = tmp_path / "mistakes.yaml"
    unopened.write_text((HERE / "mistakes.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    server.notify("textDocument/didSave", {"textDocument": {"uri": unopened.as_uri()}})
    server.request("shutdown", None)  # (answered after the notification is handled)
    assert server.published() == []


def test_saving_an_open_document_checks_the_editors_text(server, tmp_path):
    """(Not the file on the disk: the editor's text is what the user sees.)"""
    path = tmp_path / "mistakes.yaml"
    path.write_text("name: x\nkinds: [a\n", encoding="utf-8")
    server.open(path, (HERE / "fine.yaml").read_text(encoding="utf-8"))
    server.notify("textDocument/didSave", {"textDocument": {"uri": path.as_uri()}})
    server.request("shutdown", None)
    assert server.published() == [[], []]  # opened, saved: Fine has no problem

"""A real LSP client session for tests: pygls's client talking to ``zrf lsp`` in a child process.

The client's event loop runs in a thread of its own, so a test calls it like
plain functions; every call has a time limit, so a server that stops
answering fails the test instead of hanging it.
"""

from __future__ import annotations

import asyncio
import os
import sys
import threading
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient
from pygls.uris import from_fs_path

ROOT = Path(__file__).resolve().parent.parent.parent


class LspSession:
    """One server and one client; :meth:`close` ends both."""

    def __init__(self, initialization_options: dict | None = None, timeout: float = 60):
        self.timeout = timeout
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        #: uri -> every PublishDiagnosticsParams received, in order
        self.published: dict[str, list[types.PublishDiagnosticsParams]] = {}
        self.messages: list[str] = []
        self.versions: dict[str, int] = {}
        self._arrived = threading.Condition()
        self.client: LanguageClient = self.run(self._start(initialization_options))

    async def _start(self, options: dict | None) -> LanguageClient:
        client = LanguageClient("zrf-tests", "1")

        @client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diagnostics(params: types.PublishDiagnosticsParams) -> None:
            with self._arrived:
                self.published.setdefault(params.uri, []).append(params)
                self._arrived.notify_all()

        @client.feature(types.WINDOW_SHOW_MESSAGE)
        def on_message(params: types.ShowMessageParams) -> None:
            self.messages.append(params.message)

        env = dict(os.environ)
        env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        await client.start_io(sys.executable, "-m", "zrf.cli", "lsp", env=env)
        await client.initialize_async(types.InitializeParams(
            capabilities=types.ClientCapabilities(), process_id=os.getpid(),
            initialization_options=options))
        client.initialized(types.InitializedParams())
        return client

    def run(self, coroutine, timeout: float | None = None):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout or self.timeout)

    def _notify(self, send) -> None:
        async def call():
            send()
        self.run(call())

    @property
    def alive(self) -> bool:
        server = self.client._server
        return server is not None and server.returncode is None

    # -- documents

    def open(self, path: str | Path, text: str | None = None) -> str:
        path = Path(path).resolve()
        uri = from_fs_path(str(path))
        if text is None:
            text = path.read_text(encoding="utf-8", errors="replace")
        self.versions[uri] = 1
        self._notify(lambda: self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri, "zrf", 1, text))))
        return uri

    def change(self, uri: str, text: str) -> int:
        self.versions[uri] += 1
        version = self.versions[uri]
        self._notify(lambda: self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(version=version, uri=uri),
            [types.TextDocumentContentChangeWholeDocument(text)])))
        return version

    def close_document(self, uri: str) -> None:
        self._notify(lambda: self.client.text_document_did_close(types.DidCloseTextDocumentParams(
            types.TextDocumentIdentifier(uri))))

    def diagnostics(self, uri: str, version: int | None = None, after: int = 0,
                    timeout: float | None = None) -> list[types.Diagnostic]:
        """The diagnostics published for ``uri`` (for ``version`` of its text, when given), waiting
        until the ``after``-th publication for it has arrived."""
        deadline = time.monotonic() + (timeout or self.timeout)
        with self._arrived:
            while True:
                found = self.published.get(uri, [])[after:]
                for params in reversed(found):
                    if version is None or params.version == version:
                        return list(params.diagnostics)
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"no diagnostics for {uri} (version {version})")
                self._arrived.wait(left)

    def settled(self, uri: str, wanted, timeout: float | None = None) -> list[types.Diagnostic]:
        """Wait until the latest diagnostics published for ``uri`` satisfy ``wanted``; return them."""
        deadline = time.monotonic() + (timeout or self.timeout)
        with self._arrived:
            while True:
                found = self.published.get(uri, [])
                if found and wanted(list(found[-1].diagnostics)):
                    return list(found[-1].diagnostics)
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"the diagnostics of {uri} never became as wanted")
                self._arrived.wait(left)

    def count(self, uri: str) -> int:
        with self._arrived:
            return len(self.published.get(uri, []))

    # -- requests

    def hover(self, uri: str, line: int, character: int) -> types.Hover | None:
        return self.run(self.client.text_document_hover_async(types.HoverParams(
            types.TextDocumentIdentifier(uri), types.Position(line, character))))

    def completion(self, uri: str, line: int, character: int) -> list[types.CompletionItem]:
        found = self.run(self.client.text_document_completion_async(types.CompletionParams(
            types.TextDocumentIdentifier(uri), types.Position(line, character))))
        return list(found.items if isinstance(found, types.CompletionList) else found or [])

    def definition(self, uri: str, line: int, character: int) -> list[types.Location]:
        found = self.run(self.client.text_document_definition_async(types.DefinitionParams(
            types.TextDocumentIdentifier(uri), types.Position(line, character))))
        return list(found or []) if isinstance(found, list) else [found]

    def references(self, uri: str, line: int, character: int, declaration: bool = True) -> list[types.Location]:
        return list(self.run(self.client.text_document_references_async(types.ReferenceParams(
            context=types.ReferenceContext(declaration), text_document=types.TextDocumentIdentifier(uri),
            position=types.Position(line, character)))) or [])

    def symbols(self, uri: str) -> list[types.DocumentSymbol]:
        return list(self.run(self.client.text_document_document_symbol_async(
            types.DocumentSymbolParams(types.TextDocumentIdentifier(uri)))) or [])

    def folding(self, uri: str) -> list[types.FoldingRange]:
        return list(self.run(self.client.text_document_folding_range_async(
            types.FoldingRangeParams(types.TextDocumentIdentifier(uri)))) or [])

    def formatting(self, uri: str) -> list[types.TextEdit] | None:
        return self.run(self.client.text_document_formatting_async(types.DocumentFormattingParams(
            types.TextDocumentIdentifier(uri), types.FormattingOptions(3, True))))

    def code_actions(self, uri: str) -> list[types.CodeAction]:
        return list(self.run(self.client.text_document_code_action_async(types.CodeActionParams(
            types.TextDocumentIdentifier(uri), types.Range(types.Position(0, 0), types.Position(0, 0)),
            types.CodeActionContext([])))) or [])

    def execute(self, command: str, arguments: list) -> object:
        return self.run(self.client.workspace_execute_command_async(
            types.ExecuteCommandParams(command, arguments)))

    def close(self) -> None:
        try:
            self.run(self.client.shutdown_async(None), timeout=20)
            self.client.exit(None)
            self.run(self.client.stop(), timeout=20)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(10)


def apply_text_edits(text: str, edits: list[types.TextEdit]) -> str:
    """``text`` with LSP ``edits`` made, positions counted in UTF-16 units (the default encoding)."""
    lines = text.split("\n")

    def offset(position: types.Position) -> int:
        before = sum(len(line) + 1 for line in lines[:position.line])
        if position.line >= len(lines):
            return len(text)
        line = lines[position.line]
        units = 0
        for i, char in enumerate(line):
            if units >= position.character:
                return before + i
            units += 2 if ord(char) > 0xFFFF else 1
        return before + len(line)

    spans = sorted(((offset(e.range.start), offset(e.range.end), e.new_text) for e in edits), reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text

"""The ZRF language server (pygls): the protocol around :mod:`zrf.editing`.

Texts are synchronised whole (each change sends the full text): a ZRF file is
small, and the protocol's line counting (``\\n``, ``\\r\\n`` and ``\\r`` only)
then never meets pygls's incremental splitting of lines at other characters
(form feeds and the like, which old files hold).

Diagnostics are worked out by one background task, one file at a time:

* a change marks its file pending; the task waits until the file has had no
  change for :data:`DEBOUNCE_SECONDS`, then analyses it in a worker thread;
* a change arriving meanwhile makes the running analysis stop at its next
  stage (its result would be stale) and the newest text is analysed next;
* each result is published for every file it has diagnostics for (an
  included file's problems go to that file; :class:`zrf.editing.session.EditingSession`
  decides), and a file that no longer has any gets an empty list.

Requests that depend on the text's meaning (hover, definitions, references,
symbols) wait, up to :data:`SETTLE_SECONDS`, for the pending analysis of their
file; completion answers at once with the names of the last text that parsed.
Every handler answers "nothing" rather than fail: no text can crash the
server.
"""

from __future__ import annotations

import asyncio
import functools
import inspect
import logging
from concurrent.futures import ThreadPoolExecutor
from importlib import metadata

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from zrf.diagnostics import ERROR, WARNING, Diagnostic, ZrfError
from zrf.editing.analysis import Analysis, analyze
from zrf.editing.completion import ItemKind, complete
from zrf.editing.cursor import word_at
from zrf.editing.folding import FoldKind, folding_ranges
from zrf.editing.formatting import format_edits
from zrf.editing.hover import hover
from zrf.editing.outline import Symbol, SymbolKind, outline
from zrf.editing.paths import normalize
from zrf.editing.session import EditingSession
from zrf.syntax import Span

from .client_positions import ClientText
from .game_report import DEFAULT_SECONDS, run_report

log = logging.getLogger(__name__)

#: Quiet time after a change before its file is analysed.  Keystrokes come 100 ms or more
#: apart when a person types (key repeat about 30 ms), and analysing a 2,000-line file after a
#: keystroke takes 70 to 90 ms of processor time here (benchmarks/lsp_latency.py, Chu Shogi, with
#: the memo): a short wait skips the analyses of a burst of keys and leaves most of the 300 ms
#: budget to the analysis.
DEBOUNCE_SECONDS = 0.05
#: How long a request waits for the pending analysis of its file before answering from the
#: latest one.
SETTLE_SECONDS = 3.0
#: The command that reports what the game does from its start position.
GAME_REPORT = "zrf.gameReport"

_SEVERITY = {ERROR: types.DiagnosticSeverity.Error, WARNING: types.DiagnosticSeverity.Warning}
_ITEM_KINDS = {
    ItemKind.KEYWORD: types.CompletionItemKind.Keyword, ItemKind.OPTION: types.CompletionItemKind.Property,
    ItemKind.VALUE: types.CompletionItemKind.Value, ItemKind.PIECE: types.CompletionItemKind.Class,
    ItemKind.DIRECTION: types.CompletionItemKind.EnumMember, ItemKind.ZONE: types.CompletionItemKind.Module,
    ItemKind.POSITION: types.CompletionItemKind.Constant, ItemKind.PLAYER: types.CompletionItemKind.Variable,
    ItemKind.ATTRIBUTE: types.CompletionItemKind.Field, ItemKind.MACRO: types.CompletionItemKind.Function,
}
_SYMBOL_KINDS = {
    SymbolKind.GAME: types.SymbolKind.Namespace, SymbolKind.VARIANT: types.SymbolKind.Namespace,
    SymbolKind.PIECE: types.SymbolKind.Class, SymbolKind.MACRO: types.SymbolKind.Function,
    SymbolKind.INCLUDE: types.SymbolKind.File,
}


def _version() -> str:
    try:
        return metadata.version("zrf-toolkit")
    except metadata.PackageNotFoundError:
        return "0"


def path_of(uri: str) -> str:
    """The file path of a ``file:`` URI; other URIs (an unsaved buffer) stand for themselves."""
    return to_fs_path(uri) or uri


class ZrfLanguageServer(LanguageServer):
    """The server: the editing session, the analysis task and the protocol's handlers."""

    def __init__(self) -> None:
        super().__init__("zrf-lsp", _version(), text_document_sync_kind=types.TextDocumentSyncKind.Full)
        self.session = EditingSession()
        #: normalized path -> event-loop time of its latest change not analysed yet
        self.pending: dict[str, float] = {}
        #: normalized path -> the version being analysed
        self.running: dict[str, int] = {}
        #: files published with diagnostics last time (to clear those that have none now)
        self.published: set[str] = set()
        #: normalized path -> the URI the client named it by (an unsaved buffer has no file path)
        self.uris: dict[str, str] = {}
        #: normalized path -> the client's version of the open file's text
        self.client_versions: dict[str, int] = {}
        self.debounce = DEBOUNCE_SECONDS
        #: the client asked the server to shut down: a running analysis stops at its next stage
        self.closing = False
        self.report_seconds = DEFAULT_SECONDS
        self._wakeup: asyncio.Event | None = None
        self._settled: asyncio.Condition | None = None
        self._task: asyncio.Task | None = None
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="zrf-analysis")

    # -- the analysis task

    def start_analysing(self) -> None:
        if self._task is None:
            self._wakeup = asyncio.Event()
            self._settled = asyncio.Condition()
            self._task = asyncio.get_running_loop().create_task(self._analyse_forever())

    def uri_of(self, path: str) -> str:
        """The URI of a file: the one the client gave, else its ``file:`` URI."""
        key = normalize(path)
        return self.uris.get(key) or from_fs_path(key) or key

    def changed(self, path: str, text: str, uri: str | None = None, version: int | None = None) -> None:
        """Record a file's new text (the client's ``version`` of it) and have it analysed."""
        self.start_analysing()
        key = normalize(path)
        if uri is not None:
            self.uris[key] = uri
        if version is not None:
            self.client_versions[key] = version
        self.session.change(key, text)
        now = asyncio.get_running_loop().time()
        self.pending[key] = now
        for other in self.session.paths():  # the open files that include this one read it anew
            latest = self.session.latest(other)
            if other != key and latest is not None and key in latest.files():
                self.pending[other] = now
        assert self._wakeup is not None
        self._wakeup.set()

    async def _analyse_forever(self) -> None:
        loop = asyncio.get_running_loop()
        assert self._wakeup is not None and self._settled is not None
        while True:
            try:
                if not self.pending:
                    self._wakeup.clear()
                    await self._wakeup.wait()
                    continue
                path, changed_at = min(self.pending.items(), key=lambda item: item[1])
                wait = changed_at + self.debounce - loop.time()
                if wait > 0:
                    self._wakeup.clear()
                    try:
                        await asyncio.wait_for(self._wakeup.wait(), timeout=wait)
                    except asyncio.TimeoutError:
                        pass
                    continue
                del self.pending[path]
                await self._analyse(path)
            except asyncio.CancelledError:
                raise
            except Exception:  # never let one file stop the diagnostics of all
                log.exception("analysis failed")
            async with self._settled:
                self._settled.notify_all()

    async def _analyse(self, path: str) -> None:
        job = self.session.job(path)
        if job is None:
            return
        before = self.session.latest(path)
        self.running[path] = job.version

        def cancelled() -> bool:
            return self.closing or self.session.version(path) != job.version

        try:
            analysis = await asyncio.get_running_loop().run_in_executor(
                self._worker, analyze, job.path, job.text, job.read_include, cancelled, job.memo)
        finally:
            self.running.pop(path, None)
        if self.session.store(job, analysis):
            self.publish(self.session.affected(before, analysis), always=path)

    async def settle(self, path: str) -> None:
        """Wait until ``path`` has no pending or running analysis (at most :data:`SETTLE_SECONDS`)."""
        key = normalize(path)
        if self._settled is None:
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + SETTLE_SECONDS
        async with self._settled:
            while key in self.pending or key in self.running:
                left = deadline - loop.time()
                if left <= 0:
                    return
                try:
                    await asyncio.wait_for(self._settled.wait(), timeout=left)
                except asyncio.TimeoutError:
                    return

    # -- publishing

    def client_text(self, path: str) -> ClientText:
        """The text of ``path`` as the client sees it: the open buffer, else as last read."""
        text = self.session.text(path)
        if text is None:
            key = normalize(path)
            for other in self.session.paths():
                analysis = self.session.latest(other)
                if analysis is None:
                    continue
                for doc in analysis.documents:
                    if normalize(doc.path) == key:
                        text = doc.text
                        break
                if text is not None:
                    break
        return ClientText(text or "", self.workspace.position_codec)

    def location(self, span: Span) -> types.Location:
        return types.Location(self.uri_of(span.file), self.client_text(span.file).range(span))

    def lsp_diagnostic(self, d: Diagnostic, text: ClientText) -> types.Diagnostic:
        span = d.span
        related = []
        if span.via is not None:
            chain = span.call_chain()
            related.append(types.DiagnosticRelatedInformation(self.location(chain[0]), "in macro body"))
            for call in chain[1:-1]:
                related.append(types.DiagnosticRelatedInformation(self.location(call), "expanded from here"))
        return types.Diagnostic(
            range=text.range(span.root()), message=d.message, code=d.code, source="zrf",
            severity=_SEVERITY.get(d.severity, types.DiagnosticSeverity.Information),
            related_information=related or None)

    def publish(self, paths: set[str], always: str | None = None) -> None:
        """Publish the diagnostics of each file in ``paths`` (an empty list clears them); a file
        with none that had none before is skipped, but for ``always`` (the file just analysed,
        whose client learns which version of its text the answer is for)."""
        for path in sorted(paths | ({always} if always else set())):
            found = self.session.diagnostics(path)
            if not found and path not in self.published and path != always:
                continue
            text = self.client_text(path)
            version = self.client_versions.get(path) if self.session.is_open(path) else None
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                uri=self.uri_of(path), diagnostics=[self.lsp_diagnostic(d, text) for d in found],
                version=version))
            if found:
                self.published.add(path)
            else:
                self.published.discard(path)

    # -- answers

    def analysis_for(self, path: str) -> Analysis | None:
        return self.session.current(path) or self.session.latest(path)

    async def game_report(self, path: str) -> dict:
        text = self.session.text(path)
        if text is None:
            return {"error": f"{path} is not open"}
        report = await run_report(normalize(path), text, self.session.texts(), self.report_seconds)
        self.window_show_message(types.ShowMessageParams(types.MessageType.Info, report.text()))
        return report.as_json()


def _guarded(handler):
    """``handler``, answering None (and logging why) instead of raising: a request about any text
    gets an answer, and a notification never stops the server."""
    if inspect.iscoroutinefunction(handler):
        @functools.wraps(handler)
        async def guarded_async(*args, **kwargs):
            try:
                return await handler(*args, **kwargs)
            except Exception:
                log.exception("%s failed", handler.__name__)
                return None
        return guarded_async

    @functools.wraps(handler)
    def guarded(*args, **kwargs):
        try:
            return handler(*args, **kwargs)
        except Exception:
            log.exception("%s failed", handler.__name__)
            return None
    return guarded


class _GuardedServer:
    """Registers handlers on a server, each :func:`_guarded`."""

    def __init__(self, server: ZrfLanguageServer):
        self.server = server

    def feature(self, name, options=None):
        def register(handler):
            return self.server.feature(name, options)(_guarded(handler))
        return register

    def command(self, name):
        def register(handler):
            return self.server.command(name)(_guarded(handler))
        return register


def build_server() -> ZrfLanguageServer:
    """A server with every handler registered."""
    built = ZrfLanguageServer()
    server = _GuardedServer(built)

    @server.feature(types.INITIALIZE)
    def initialize(ls: ZrfLanguageServer, params: types.InitializeParams) -> None:
        options = params.initialization_options if isinstance(params.initialization_options, dict) else {}
        try:
            if "debounceMilliseconds" in options:
                ls.debounce = max(0.0, float(options["debounceMilliseconds"]) / 1000)
            if "gameReportSeconds" in options:
                ls.report_seconds = max(0.5, float(options["gameReportSeconds"]))
        except (TypeError, ValueError):
            pass

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: ZrfLanguageServer, *args) -> None:
        ls.closing = True
        ls.pending.clear()

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: ZrfLanguageServer, params: types.DidOpenTextDocumentParams) -> None:
        document = params.text_document
        ls.changed(path_of(document.uri), document.text, document.uri, document.version)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: ZrfLanguageServer, params: types.DidChangeTextDocumentParams) -> None:
        document = ls.workspace.get_text_document(params.text_document.uri)
        ls.changed(path_of(params.text_document.uri), document.source, params.text_document.uri,
                   params.text_document.version)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: ZrfLanguageServer, params: types.DidCloseTextDocumentParams) -> None:
        path = normalize(path_of(params.text_document.uri))
        before = ls.session.latest(path)
        ls.session.close(path)
        ls.pending.pop(path, None)
        ls.client_versions.pop(path, None)
        ls.publish(ls.session.affected(before, None) | {path})
        ls.uris.pop(path, None)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    async def on_hover(ls: ZrfLanguageServer, params: types.HoverParams) -> types.Hover | None:
        path = path_of(params.text_document.uri)
        await ls.settle(path)
        text = ls.session.text(path)
        if text is None:
            return None
        where = ClientText(text, ls.workspace.position_codec)
        found = hover(text, where.offset(params.position), ls.session.names(path))
        if found is None:
            return None
        return types.Hover(types.MarkupContent(types.MarkupKind.Markdown, found.markdown),
                           where.range_of(found.start, found.end))

    @server.feature(types.TEXT_DOCUMENT_COMPLETION,
                    types.CompletionOptions(trigger_characters=["(", '"']))
    def on_completion(ls: ZrfLanguageServer, params: types.CompletionParams) -> types.CompletionList:
        path = path_of(params.text_document.uri)
        text = ls.session.text(path)
        if text is None:
            return types.CompletionList(is_incomplete=False, items=[])
        where = ClientText(text, ls.workspace.position_codec)
        found = complete(text, where.offset(params.position), ls.session.names(path))
        replace = where.range_of(found.start, found.end)
        items = [types.CompletionItem(
            label=item.label, kind=_ITEM_KINDS[item.kind], detail=item.detail or None,
            documentation=item.documentation or None, text_edit=types.TextEdit(replace, item.label))
            for item in found.items]
        return types.CompletionList(is_incomplete=False, items=items)

    async def _word(ls: ZrfLanguageServer, params) -> tuple[str, str] | None:
        path = path_of(params.text_document.uri)
        await ls.settle(path)
        text = ls.session.text(path)
        if text is None:
            return None
        found = word_at(text, ClientText(text, ls.workspace.position_codec).offset(params.position))
        return (path, found[0]) if found is not None else None

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    async def on_definition(ls: ZrfLanguageServer, params: types.DefinitionParams) -> list[types.Location]:
        found = await _word(ls, params)
        names = ls.session.names(found[0]) if found is not None else None
        if found is None or names is None:
            return []
        return [ls.location(d.where) for d in names.definitions(found[1])]

    @server.feature(types.TEXT_DOCUMENT_REFERENCES)
    async def on_references(ls: ZrfLanguageServer, params: types.ReferenceParams) -> list[types.Location]:
        found = await _word(ls, params)
        names = ls.session.names(found[0]) if found is not None else None
        if found is None or names is None or not names.definitions(found[1]):
            return []
        spans = names.references(found[1])
        if not params.context.include_declaration:
            defined = {(d.where.file, d.where.line, d.where.col) for d in names.definitions(found[1])}
            spans = [s for s in spans if (s.file, s.line, s.col) not in defined]
        return [ls.location(s) for s in spans]

    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    async def on_symbols(ls: ZrfLanguageServer, params: types.DocumentSymbolParams) -> list[types.DocumentSymbol]:
        path = path_of(params.text_document.uri)
        await ls.settle(path)
        analysis = ls.session.parsed(path)  # while the text does not parse, the last that did
        if analysis is None or analysis.document is None:
            return []
        text = ClientText(analysis.text, ls.workspace.position_codec)

        def convert(symbol: Symbol) -> types.DocumentSymbol:
            return types.DocumentSymbol(
                name=symbol.name, kind=_SYMBOL_KINDS[symbol.kind], range=text.range(symbol.span),
                selection_range=text.range(symbol.name_span), detail=symbol.kind.value,
                children=[convert(c) for c in symbol.children] or None)

        return [convert(s) for s in outline(analysis.document, analysis.model)]

    @server.feature(types.TEXT_DOCUMENT_FOLDING_RANGE)
    def on_folding(ls: ZrfLanguageServer, params: types.FoldingRangeParams) -> list[types.FoldingRange]:
        text = ls.session.text(path_of(params.text_document.uri))
        if text is None:
            return []
        return [types.FoldingRange(f.start - 1, f.end - 1, kind=(
            types.FoldingRangeKind.Comment if f.kind is FoldKind.COMMENT else types.FoldingRangeKind.Region))
            for f in folding_ranges(text)]

    @server.feature(types.TEXT_DOCUMENT_FORMATTING)
    def on_formatting(ls: ZrfLanguageServer, params: types.DocumentFormattingParams) -> list[types.TextEdit] | None:
        path = path_of(params.text_document.uri)
        text = ls.session.text(path)
        if text is None:
            return None
        try:
            edits = format_edits(text, path)
        except ZrfError as exc:
            ls.window_show_message(types.ShowMessageParams(
                types.MessageType.Warning, "not formatted: " + "; ".join(d.format() for d in exc.diagnostics)))
            return None
        where = ClientText(text, ls.workspace.position_codec)
        return [types.TextEdit(where.range_of(e.start, e.end), e.text) for e in edits]

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION)
    def on_code_action(ls: ZrfLanguageServer, params: types.CodeActionParams) -> list[types.Command]:
        """The game report, offered as a plain command (every client shows one; pygls's own client
        reads a code action that carries a command back as a command whose text is the action)."""
        return [types.Command(title="ZRF: what does this game do now?", command=GAME_REPORT,
                              arguments=[params.text_document.uri])]

    @server.command(GAME_REPORT)
    async def on_game_report(ls: ZrfLanguageServer, *arguments) -> dict:
        uri = arguments[0] if arguments and isinstance(arguments[0], str) else None
        if uri is None:
            paths = ls.session.paths()
            if not paths:
                return {"error": "no open file"}
            return await ls.game_report(paths[0])
        return await ls.game_report(path_of(uri))

    return built


def serve_stdio() -> None:
    """Run a server on standard input and output until the client ends it."""
    build_server().start_io()

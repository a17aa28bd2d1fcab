"""``zrf lsp`` driven by a real LSP client (pygls's) over standard input and output.

Each feature is asked of real corpus files (chess.zrf; century.zrf with its
include; a file with warnings) and of broken files.  Expected answers come
from elsewhere than the server: ``zrf check`` and ``zrf fmt`` of the same text
(the command line's code path), places found in the test's own text with
``str.find``, chess's well-known move counts (20 moves, perft(2) = 400).
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import full_scale, scaled
from zrf import keywords as kw
from zrf.lint import lint_file
from zrf.writer import format_text

pytest.importorskip("pygls")
from lsprotocol import types  # noqa: E402
from pygls.uris import from_fs_path  # noqa: E402

from tests.runtime.lsp_client import LspSession, apply_text_edits  # noqa: E402

pytestmark = pytest.mark.corpus


def _position(text: str, needle: str, skip: int = 0, nth: int = 0) -> tuple[int, int]:
    """The LSP position (line and character from 0; ASCII text) of ``needle`` in ``text``."""
    offset = -1
    for _ in range(nth + 1):
        offset = text.index(needle, offset + 1)
    offset += skip
    before = text[:offset]
    return before.count("\n"), offset - (before.rfind("\n") + 1)


def _found(diagnostics: list[types.Diagnostic]) -> list[tuple[str, int, int]]:
    return sorted((str(d.code), d.range.start.line, d.range.start.character) for d in diagnostics)


def _checked(path: Path, belonging_to: Path | None = None) -> list[tuple[str, int, int]]:
    """What ``zrf check`` says of the file, as (code, line, column) counted from 0; only what it
    says of the file ``belonging_to`` when given."""
    return sorted((d.code, d.span.root().line - 1, d.span.root().col - 1) for d in lint_file(str(path)).diagnostics
                  if belonging_to is None or Path(d.span.root().file).resolve() == belonging_to.resolve())


@pytest.fixture(scope="module")
def files(corpus_dir: Path, tmp_path_factory) -> dict[str, Path]:
    """Copies of the corpus files the tests read (a test may change its copy on disk)."""
    folder = tmp_path_factory.mktemp("lsp")
    out = {}
    for name in ("chess/chess.zrf", "century/century.zrf", "century/common.zrf", "3d-klin-zha/3d-klin-zha.zrf"):
        target = folder / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(corpus_dir / name, target)
        out[name] = target
    return out


@pytest.fixture(scope="module")
def lsp():
    session = LspSession()
    yield session
    assert session.alive, "the server ended during the tests"
    session.close()


@pytest.fixture(scope="module")
def chess(lsp: LspSession, files) -> tuple[str, str]:
    path = files["chess/chess.zrf"]
    return lsp.open(path), path.read_text(encoding="utf-8")


# -- diagnostics -------------------------------------------------------------------------------------

def test_a_real_files_diagnostics_are_those_of_zrf_check(lsp: LspSession, files):
    path = files["3d-klin-zha/3d-klin-zha.zrf"]
    uri = lsp.open(path)
    found = lsp.diagnostics(uri, version=1)
    assert _found(found) == _checked(path) and len(found) == 14
    assert {d.source for d in found} == {"zrf"}
    assert {d.severity for d in found} == {types.DiagnosticSeverity.Warning}


def test_a_clean_file_gets_an_empty_list_for_its_version(lsp: LspSession, chess):
    uri, _ = chess
    assert lsp.diagnostics(uri, version=1) == []


def test_a_broken_file_has_its_diagnostic_at_the_right_line_and_fixing_it_clears_it(lsp: LspSession, files, tmp_path):
    path = tmp_path / "broken.zrf"
    text = files["chess/chess.zrf"].read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    uri = lsp.open(path)
    assert lsp.diagnostics(uri, version=1) == []
    # a misspelt keyword in the Queen's moves: E305 at the list it opens
    typo = text.replace("(verify (piece? Rook))", "(verfy (piece? Rook))", 1)
    version = lsp.change(uri, typo)
    found = lsp.diagnostics(uri, version=version)
    path.write_text(typo, encoding="utf-8")
    assert _found(found) == _checked(path)
    assert ("E305", *_position(typo, "(verfy")) in _found(found) or any(
        d.code == "E305" and d.related_information for d in found)
    # an unclosed list: the reader's E102
    unclosed = text.replace("(name Queen)", "(name Queen", 1)
    version = lsp.change(uri, unclosed)
    assert [str(d.code) for d in lsp.diagnostics(uri, version=version)] == ["E102"]
    version = lsp.change(uri, text)
    assert lsp.diagnostics(uri, version=version) == []
    lsp.close_document(uri)


def test_an_included_files_problem_is_published_for_that_file(lsp: LspSession, files, tmp_path):
    """century.zrf includes common.zrf; an unclosed list on common.zrf's line 1 is common.zrf's."""
    folder = tmp_path / "century"
    shutil.copytree(files["century/century.zrf"].parent, folder)
    common = folder / "common.zrf"
    common_text = common.read_text(encoding="utf-8")
    common.write_text(common_text.replace("(define step (", "(define step ((", 1), encoding="utf-8")
    main_uri = lsp.open(folder / "century.zrf")
    common_uri = from_fs_path(str(common.resolve()))
    found = lsp.diagnostics(common_uri)
    assert [(str(d.code), d.range.start.line) for d in found] == [("E102", 0)]
    assert _found(found) == _checked(folder / "century.zrf", belonging_to=common)
    # without the include's macros, century.zrf's calls of them are errors, as zrf check says
    main_found = lsp.diagnostics(main_uri, version=1)
    assert main_found and _found(main_found) == _checked(folder / "century.zrf", belonging_to=folder / "century.zrf")
    # the editor opens common.zrf and fixes it without saving: its buffer is what counts
    lsp.open(common, common_text)
    assert lsp.settled(common_uri, lambda found: not found) == []
    assert lsp.settled(main_uri, lambda found: not found) == []
    lsp.close_document(main_uri)
    lsp.close_document(common_uri)


# -- what a word means ---------------------------------------------------------------------------------

def test_hover_shows_the_keyword_table_and_definitions(lsp: LspSession, chess):
    uri, text = chess
    shown = lsp.hover(uri, *_position(text, "(verify empty?)", skip=2))
    assert kw.BY_NAME["verify"].doc in shown.contents.value
    line, character = _position(text, "(Queen d1)", skip=2)
    shown = lsp.hover(uri, line, character)
    assert "piece, defined at" in shown.contents.value and "(name Queen)" in shown.contents.value
    assert shown.range.start == types.Position(line, character - 1)
    assert lsp.hover(uri, *_position(text, '"Chess"', skip=2)) is None


def test_completion_offers_keywords_and_names(lsp: LspSession, files, tmp_path):
    """A move block typed into the Queen's moves: a condition's keywords after ``(verify (``, the
    pieces after ``(piece? ``, whether the text parses yet or not."""
    text = files["chess/chess.zrf"].read_text(encoding="utf-8")
    at = text.index("(moves", text.index("(name Queen)")) + len("(moves")
    typed = text[:at] + " (n (verify ())) (n (verify (piece? ))) " + text[at:]
    path = tmp_path / "typed.zrf"
    path.write_text(typed, encoding="utf-8")
    uri = lsp.open(path)
    lsp.diagnostics(uri, version=1)
    labels = {i.label for i in lsp.completion(uri, *_position(typed, "(verify ())", skip=9))}
    macros = set(re.findall(r"^\(define (\S+)", typed, re.M))  # a macro call may stand anywhere
    assert labels == {n for n, u in kw.table(kw.CONDITION).items() if u.arity is not None} | macros
    items = lsp.completion(uri, *_position(typed, "(piece? )", skip=8))
    assert {i.label for i in items} == {"Pawn", "Rook", "Knight", "Bishop", "Queen", "King"}
    assert {i.kind for i in items} == {types.CompletionItemKind.Class}
    # typing on: the text no longer parses, the names of the last text that did still come
    unbalanced = typed.replace("(piece? )", "(piece? Q", 1)
    lsp.change(uri, unbalanced)
    items = lsp.completion(uri, *_position(unbalanced, "(piece? Q", skip=9))
    assert [i.label for i in items] == ["Queen"]
    lsp.close_document(uri)


def test_definition_of_a_piece_and_of_a_macro(lsp: LspSession, chess):
    uri, text = chess
    found = lsp.definition(uri, *_position(text, "(Queen d1)", skip=1))
    assert [(d.uri, d.range.start.line, d.range.start.character) for d in found] == [
        (uri, *_position(text, "(name Queen)", skip=6))]
    found = lsp.definition(uri, *_position(text, "(slide n)", skip=1))
    assert [(d.range.start.line, d.range.start.character) for d in found] == [_position(text, "slide (")]


def test_references_are_every_place_the_name_is_written(lsp: LspSession, chess):
    uri, text = chess
    code = "\n".join(re.sub(r'"[^"]*"|;.*', "", line) for line in text.split("\n"))
    expected = len(re.findall(r"(?<![^\s()])Queen(?![^\s()])", code))
    found = lsp.references(uri, *_position(text, "(name Queen)", skip=7))
    assert len(found) == expected and all(r.uri == uri for r in found)
    assert len(lsp.references(uri, *_position(text, "(name Queen)", skip=7), declaration=False)) == expected - 1


def test_symbols_fold_and_format(lsp: LspSession, chess):
    uri, text = chess
    symbols = lsp.symbols(uri)
    game = next(s for s in symbols if s.name == "Chess")
    assert [c.name for c in game.children] == ["Pawn", "Rook", "Knight", "Bishop", "Queen", "King"]
    assert {"pawn-shift", "slide", "O-O"} <= {s.name for s in symbols if s.kind == types.SymbolKind.Function}
    folds = lsp.folding(uri)
    # the first form, (define pawn-shift ( ... )), runs from line 1 to line 8 of the file
    assert (folds[0].start_line, folds[0].end_line) == (0, 7)
    edits = lsp.formatting(uri)
    assert apply_text_edits(text, edits or []) == format_text(text)


# -- what the game does now ------------------------------------------------------------------------------

def test_the_game_report_gives_the_start_moves_and_perft_2(lsp: LspSession, chess):
    """Chess has 20 moves at the start and 400 move pairs (every perft table)."""
    uri, _ = chess
    command = lsp.code_actions(uri)[0]
    assert command.command == "zrf.gameReport"
    report = lsp.execute(command.command, command.arguments)
    assert report["move_count"] == 20 and report["perft"] == {"1": 20, "2": 400}
    assert "Pawn e2 - e4" in report["moves"] and report["problem"] is None
    assert any("20 legal moves" in m for m in lsp.messages)


def test_the_game_report_names_a_runaway_loop(lsp: LspSession, tmp_path):
    text = """(game (title "Loop") (players A B) (turn-order A B)
  (board (grid (start-rectangle 0 0 10 10) (dimensions ("a/b" (10 0)) ("1" (0 10)))
               (directions (e 1 0))))
  (piece (name P) (moves ((while true mark) add)))
  (board-setup (A (P a1)) (B (P b1)))
  (win-condition (A B) stalemated))
"""
    path = tmp_path / "loop.zrf"
    path.write_text(text, encoding="utf-8")
    uri = lsp.open(path)
    report = lsp.execute("zrf.gameReport", [uri])
    problem = report["problem"]
    assert problem is not None and problem["line"] == 4
    lsp.close_document(uri)


def test_the_game_report_stops_at_its_time_limit(corpus_dir: Path, tmp_path):
    """Chu Shogi takes seconds to load and count: a 1 s limit stops the report, the server answers on."""
    session = LspSession({"gameReportSeconds": 1})
    try:
        big = tmp_path / "chu.zrf"
        shutil.copy(corpus_dir / "Chu_Shogi_Original_v1.3" / "Chu_Shogi_Original_v1.3.zrf", big)
        uri = session.open(big)
        report = session.execute("zrf.gameReport", [uri])
        assert report["stopped"] is True and report["seconds"] < 10 and report["limit"] == 1
        assert any("gameReportSeconds=1" in m for m in session.messages)
        assert session.folding(uri)  # the server still answers
        assert session.alive
    finally:
        session.close()


# -- no text crashes the server ------------------------------------------------------------------------------

@pytest.mark.slow
def test_typing_a_file_character_by_character(lsp: LspSession, files, tmp_path):
    """chess.zrf typed into an empty buffer (a sample of its prefixes, every one at full scale with
    ZRF_SLOW_SCALE=1), with completion and hover asked as it grows; the server answers every request
    and ends with what zrf check says of the whole file."""
    source = files["chess/chess.zrf"].read_text(encoding="utf-8")
    path = tmp_path / "typed.zrf"
    path.write_text("", encoding="utf-8")
    uri = lsp.open(path, "")
    count = len(source) if full_scale() else scaled(len(source) // 5, minimum=30)
    step = max(1, len(source) // count)
    for k, end in enumerate(list(range(1, len(source), step)) + [len(source)]):
        text = source[:end]
        lsp.change(uri, text)
        if k % 5 == 0:
            lines = text.split("\n")
            lsp.completion(uri, len(lines) - 1, len(lines[-1]))
            lsp.hover(uri, len(lines) - 1, max(0, len(lines[-1]) - 1))
    version = lsp.versions[uri]
    assert lsp.diagnostics(uri, version=version) == []
    assert lsp.alive


def test_columns_are_counted_in_utf16_units(lsp: LspSession, tmp_path):
    """On the line ``(game (title "😀é") (frobnicate))`` the unknown form starts after 19 characters,
    which are 20 UTF-16 units (the emoji is two): the client is told 20, as the protocol says."""
    text = '(game (title "😀é") (frobnicate))\n'
    path = tmp_path / "utf16.zrf"
    path.write_text(text, encoding="utf-8")
    uri = lsp.open(path)
    found = lsp.diagnostics(uri, version=1)
    assert text.index("(frobnicate") == 19
    assert [(d.range.start.line, d.range.start.character) for d in found if "frobnicate" in d.message] == [(0, 20)]
    lsp.close_document(uri)

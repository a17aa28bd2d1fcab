"""The editing analysis (zrf.editing): the answers an editor gets, from a text that may not parse.

Expected places are found in the test's own text with ``str.find`` (never
with the code under test); the diagnostics an editor gets are compared with
what ``zrf check`` prints for the same file read from disk.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import full_scale, scaled
from zrf import keywords as kw
from zrf.diagnostics import ZrfError
from zrf.editing.analysis import analyze, buffer_reader
from zrf.editing.completion import ItemKind, complete
from zrf.editing.cursor import place_at, word_at
from zrf.editing.folding import FoldKind, folding_ranges
from zrf.editing.formatting import apply_edits, format_edits
from zrf.editing.hover import hover
from zrf.editing.name_index import NameKind
from zrf.editing.outline import SymbolKind, outline
from zrf.editing.paths import normalize
from zrf.editing.session import EditingSession
from zrf.line_index import LineIndex
from zrf.lint import lint_file
from zrf.writer import format_text

MINI = """(define slide ($1 (while empty? add $1) (verify not-friend?) add))
(game
   (title "Mini")
   (players White Black)
   (turn-order White Black)
   (board
      (grid
         (start-rectangle 0 0 10 10)
         (dimensions ("a/b" (10 0)) ("2/1" (0 10)))
         (directions (n 0 -1) (s 0 1)))
      (zone (name far) (players White) (positions a2 b2)))
   (piece (name Rook) (moves (slide n) (slide s)))
   (board-setup (White (Rook a1)) (Black (Rook b2)))
   (win-condition (White Black) stalemated))
"""


def _at(text: str, needle: str, skip: int = 0) -> tuple[int, int]:
    """(line, column) counted from 1 of the start of ``needle`` (after ``skip`` characters of it)."""
    offset = text.index(needle) + skip
    before = text[:offset]
    return before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1


def _formatted(diagnostics) -> list[str]:
    return [d.format() for d in diagnostics]


@pytest.fixture
def mini(tmp_path: Path) -> tuple[str, str]:
    path = tmp_path / "mini.zrf"
    path.write_text(MINI, encoding="utf-8")
    return str(path), MINI


# -- diagnostics -----------------------------------------------------------------------------------

@pytest.mark.corpus
@pytest.mark.parametrize("name", ["chess/chess.zrf", "century/century.zrf", "3d-klin-zha/3d-klin-zha.zrf",
                                  "Chu_Shogi_Original_v1.3/Chu_Shogi_Original_v1.3.zrf"])
def test_an_editor_gets_what_zrf_check_prints(corpus_dir: Path, name: str):
    path = corpus_dir / name
    if not path.is_file():
        pytest.skip(f"{name} is not in this corpus")
    text = path.read_bytes().decode("utf-8", errors="replace")
    analysis = analyze(str(path), text)
    assert _formatted(analysis.diagnostics) == _formatted(lint_file(str(path)).diagnostics)


def test_a_broken_file_has_the_readers_diagnostic_at_the_unclosed_list(mini):
    path, text = mini
    broken = text.replace("(piece (name Rook)", "(piece (name Rook", 1)
    analysis = analyze(path, broken)
    assert analysis.document is None and analysis.model is None
    codes = [(d.code, d.span.line) for d in analysis.diagnostics]
    # the last list never closed is the game's (line 2): the piece's is closed by the game's ')'
    assert codes == [("E102", 2)]


def test_an_unknown_keyword_is_reported_where_it_is_typed(mini):
    path, text = mini
    typo = text.replace("(verify not-friend?)", "(verfy not-friend?)")
    found = [(d.code, d.span.root().line, d.span.root().col) for d in analyze(path, typo).diagnostics]
    # inside the macro body (line 1), reported at the calls (line 12), as zrf check does
    line, col = _at(typo, "(slide n)")
    assert ("E305", line, col) in found


def test_an_included_files_problem_belongs_to_that_file(tmp_path: Path):
    """main.zrf includes lib.zrf, whose macro body has an unknown predicate on its line 2."""
    lib = tmp_path / "lib.zrf"
    lib.write_text("(define step (\n  $1 (verify emptyy?) add))\n", encoding="utf-8")
    main = tmp_path / "main.zrf"
    main.write_text(MINI.replace("(define slide", '(include "lib.zrf")\n(define slide')
                    .replace("(moves (slide n) (slide s))", "(moves (step n) (slide s))"), encoding="utf-8")
    text = main.read_text(encoding="utf-8")
    analysis = analyze(str(main), text)
    by_file = analysis.diagnostics_by_file()
    assert set(by_file) == {normalize(str(main)), normalize(str(lib))}
    # the predicate is written in lib.zrf's macro body, but the call (in main.zrf) is where the user
    # wrote the code that uses it: that is where zrf check prints it
    assert [(d.code, d.span.root().line, d.span.root().col) for d in by_file[normalize(str(main))]] == [
        ("E375", *_at(text, "(step n)"))]
    assert by_file[normalize(str(lib))] == []
    # a syntax error inside lib.zrf is lib.zrf's, at its own line
    lib.write_text("(define step (\n  $1 (verify empty?) add)\n", encoding="utf-8")
    by_file = analyze(str(main), text).diagnostics_by_file()
    assert [(d.code, d.span.line) for d in by_file[normalize(str(lib))]] == [("E102", 1)]


def test_an_open_buffer_is_read_instead_of_the_file_on_disk(tmp_path: Path):
    lib = tmp_path / "lib.zrf"
    lib.write_text("(define step ($1 (verify empty?) add))\n", encoding="utf-8")
    main = tmp_path / "main.zrf"
    text = '(include "lib.zrf")\n' + MINI.replace("(slide n)", "(step n)")
    main.write_text(text, encoding="utf-8")
    assert analyze(str(main), text).diagnostics == []
    unsaved = {normalize(str(lib)): "(define step ($1 (verify emptyy?) add))\n"}
    found = analyze(str(main), text, buffer_reader(unsaved)).diagnostics
    assert [d.code for d in found] == ["E375"]


def test_the_session_shows_an_includes_problems_in_it_and_not_twice(tmp_path: Path):
    lib = tmp_path / "lib.zrf"
    lib_text = "(define step (\n  $1 (verify empty?) add)\n"  # never closed: E102 at 1:1
    lib.write_text(lib_text, encoding="utf-8")
    main = tmp_path / "main.zrf"
    main_text = '(include "lib.zrf")\n' + MINI
    main.write_text(main_text, encoding="utf-8")
    session = EditingSession()
    session.open(str(main), main_text)
    session.open(str(lib), lib_text)
    session.analyze_now(str(main))
    session.analyze_now(str(lib))
    assert [(d.code, d.span.line) for d in session.diagnostics(str(lib))] == [("E102", 1)]
    assert session.diagnostics(str(main)) == []
    session.close(str(main))
    # alone, lib.zrf is checked as zrf check would check it
    assert [d.code for d in session.diagnostics(str(lib))] == ["E102"]


def test_a_stale_analysis_is_not_kept(mini):
    path, text = mini
    session = EditingSession()
    session.open(path, text)
    job = session.job(path)
    session.change(path, text + " ")
    assert not session.store(job, analyze(job.path, job.text, job.read_include))
    assert session.current(path) is None


# -- names -------------------------------------------------------------------------------------------

def test_definitions_are_where_the_names_are_written(mini):
    path, text = mini
    names = analyze(path, text).names
    places = {kind: [(d.where.line, d.where.col) for d in names.definitions(name, [kind])]
              for name, kind in (("Rook", NameKind.PIECE), ("n", NameKind.DIRECTION),
                                 ("far", NameKind.ZONE), ("White", NameKind.PLAYER),
                                 ("slide", NameKind.MACRO))}
    assert places == {NameKind.PIECE: [_at(text, "Rook)")], NameKind.DIRECTION: [_at(text, "n 0 -1")],
                      NameKind.ZONE: [_at(text, "far)")], NameKind.PLAYER: [_at(text, "White Black)")],
                      NameKind.MACRO: [_at(text, "slide (")]}
    # grid positions are defined by the grid's dimensions (the first label string)
    assert [(d.where.line, d.where.col) for d in names.definitions("b1")] == [_at(text, '"a/b"')]
    assert names.names(NameKind.POSITION) == ["a1", "a2", "b1", "b2"]


def test_references_are_every_place_the_name_is_written(mini):
    path, text = mini
    names = analyze(path, text).names
    rook = [(s.line, s.col) for s in names.references("Rook")]
    assert rook == [_at(text, "Rook)"), _at(text, "Rook a1"), _at(text, "Rook b2")]
    assert len(names.references("slide")) == 3  # the define and two calls


def test_names_made_by_a_macro_are_defined_in_its_body(corpus_dir: Path):
    """century.zrf's pieces are written ``(name $1$2)`` in common.zrf's macro T."""
    path = corpus_dir / "century" / "century.zrf"
    names = analyze(str(path), path.read_text(encoding="utf-8")).names
    common = (corpus_dir / "century" / "common.zrf").read_text(encoding="utf-8")
    found = names.definitions("B00001", [NameKind.PIECE])
    assert [(Path(d.where.file).name, d.where.line, d.where.col) for d in found] == [
        ("common.zrf", *_at(common, "$1$2"))]


# -- the place of a cursor -------------------------------------------------------------------------

def test_the_place_of_a_cursor_in_an_unbalanced_text():
    text = '(game (piece (moves (n (verify (emp'
    place = place_at(text, len(text))
    assert (place.word, place.prefix) == ("emp", "emp")
    assert [f.head for f in place.frames] == ["game", "piece", "moves", "n", "verify", None]
    assert place_at('; a comment (', 13).in_comment
    assert place_at('(option "pass t', 15).in_string
    assert word_at("(piece? Rook)", 10) == ("Rook", 8, 12)
    assert word_at("(a) ", 4) is None


def test_line_index_round_trips():
    text = "ab\ncde\n\nf"
    index = LineIndex(text)
    for offset in range(len(text) + 1):
        assert index.offset(*index.position(offset)) == offset
    assert index.position(4) == (2, 2)


# -- completion --------------------------------------------------------------------------------------

def _labels(text: str, names=None) -> set[str]:
    return {item.label for item in complete(text, len(text), names).items}


def test_completion_offers_the_keywords_allowed_at_the_cursor():
    statement_heads = {n for n, u in kw.table(kw.STATEMENT).items() if u.arity is not None}
    condition_heads = {n for n, u in kw.table(kw.CONDITION).items() if u.arity is not None}
    assert _labels("(game (piece (moves (n (") == statement_heads
    assert _labels("(game (piece (moves (n (verify (") == condition_heads
    assert "add" not in condition_heads and "empty?" in condition_heads
    # after the condition of an if: statements again
    assert _labels("(game (piece (moves (n (if empty? (") == statement_heads
    assert _labels("(game (board (") == {n for n, u in kw.table(kw.BOARD).items() if u.arity is not None}
    assert _labels("(game (win-condition (White) (") >= {"checkmated", "stalemated", "pieces-remaining"}
    assert _labels("(game (piece (moves (n (verify (emp") == {"empty?"}
    assert _labels('(game (option "pass ') == {"pass turn", "pass partial"}
    assert _labels("; (game (") == set()


def test_completion_offers_the_names_an_argument_takes(mini):
    path, text = mini
    names = analyze(path, text).names
    assert _labels("(game (piece (moves (a1 (verify (piece? ", names) == {"Rook"}
    assert _labels("(game (piece (moves (a1 (verify (in-zone? ", names) == {"far"}
    assert _labels("(game (turn-order ", names) == {"White", "Black", "repeat"}
    assert _labels("(game (board-setup (White (Rook ", names) == {"a1", "a2", "b1", "b2", "off"}
    statement_atoms = {n for n, u in kw.table(kw.STATEMENT).items() if u.atom}
    assert _labels("(game (piece (moves (a1 ", names) == statement_atoms | {"n", "s", "a1", "a2", "b1", "b2"}
    # inside a define anything may stand: every keyword and every name
    everything = _labels("(define x (", names)
    assert {"verify", "game", "Rook", "slide", "far"} <= everything
    typed = "(game (piece (moves (a1 (verify (piece? Ro"
    found = complete(typed, len(typed), names)
    assert [(i.label, i.kind) for i in found.items] == [("Rook", ItemKind.PIECE)]
    assert (found.start, found.end) == (typed.index("Ro"), len(typed))


# -- hover -------------------------------------------------------------------------------------------

def test_hover_shows_a_keywords_table_entry_and_a_names_definition(mini):
    path, text = mini
    names = analyze(path, text).names
    offset = text.index("verify") + 2
    shown = hover(text, offset, names)
    assert kw.BY_NAME["verify"].doc in shown.markdown and "1 argument" in shown.markdown
    assert (shown.start, shown.end) == (text.index("verify"), text.index("verify") + 6)
    negated = hover(text, text.index("not-friend?") + 1, names).markdown
    assert "negation of `friend?`" in negated and kw.BY_NAME["friend?"].doc in negated
    rook = hover(text, text.index("Rook a1") + 1, names).markdown
    assert "piece, defined at" in rook and "(piece (name Rook)" in rook
    assert "macro" in hover(text, text.index("(slide n)") + 2, names).markdown
    option = hover('(game (option "pass turn" true))', 16).markdown
    assert kw.BY_NAME["pass turn"].doc in option
    assert hover(text, text.index("Mini") + 1, names) is None  # a title string


# -- outline, folding, formatting --------------------------------------------------------------------

def test_outline_lists_the_game_its_pieces_and_the_macros(mini):
    path, text = mini
    analysis = analyze(path, text)
    symbols = outline(analysis.document, analysis.model)
    assert [(s.name, s.kind) for s in symbols] == [("slide", SymbolKind.MACRO), ("Mini", SymbolKind.GAME)]
    assert [(c.name, c.kind, c.name_span.line) for c in symbols[1].children] == [
        ("Rook", SymbolKind.PIECE, _at(text, "(piece")[0])]


def test_folding_follows_the_lists_that_span_lines():
    text = "; one\n; two\n(game\n  (a\n   b)\n  (c d))\n(x\n"
    folds = folding_ranges(text)
    # hand count: comments on lines 1-2, (game on 3-6, (a on 4-5; (x is never closed
    assert [(f.start, f.end, f.kind) for f in folds] == [
        (1, 2, FoldKind.COMMENT), (3, 6, FoldKind.LIST), (4, 5, FoldKind.LIST)]


@pytest.mark.corpus
def test_format_edits_make_exactly_what_zrf_fmt_writes(corpus_dir: Path):
    checked = 0
    for path in sorted(corpus_dir.rglob("*.zrf"))[::20]:
        text = path.read_bytes().decode("utf-8", errors="replace")
        try:
            want = format_text(text, str(path))
        except ZrfError:
            continue
        assert apply_edits(text, format_edits(text, str(path))) == want, path
        checked += 1
    assert checked > 15


def test_formatting_a_text_that_does_not_parse_says_why():
    with pytest.raises(ZrfError):
        format_edits("(game (title \"x\")")


# -- no text crashes the analysis --------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.corpus
def test_every_prefix_of_a_file_typed_character_by_character(corpus_dir: Path, tmp_path: Path):
    """chess.zrf typed from its first character to its last (every prefix at ZRF_SLOW_SCALE=1, an
    evenly spread sample of a quarter of them scaled otherwise): every answer an editor asks for is
    given, none raises, and the whole text ends with what zrf check says of the file."""
    source = (corpus_dir / "chess" / "chess.zrf").read_text(encoding="utf-8")
    path = str(tmp_path / "chess.zrf")
    shutil.copy(corpus_dir / "chess" / "chess.zrf", path)
    count = len(source) if full_scale() else scaled(len(source) // 4, minimum=100)
    step = max(1, len(source) // count)
    session = EditingSession()
    parsed = 0
    for end in list(range(0, len(source), step)) + [len(source)]:
        text = source[:end]
        session.change(path, text)
        analysis = session.analyze_now(path)
        assert analysis is not None
        names = session.names(path)
        complete(text, end, names)
        hover(text, max(0, end - 1), names)
        folding_ranges(text)
        if analysis.document is not None:
            parsed += 1
            outline(analysis.document, analysis.model)
            format_edits(text, path)
    assert parsed > 0

    def found(diagnostics):
        return [(d.code, d.span.line, d.span.col, d.message) for d in diagnostics]

    assert found(session.current(path).diagnostics) == found(lint_file(path).diagnostics)


@pytest.mark.slow
@pytest.mark.corpus
def test_random_edits_of_a_real_file_never_raise(corpus_dir: Path, tmp_path: Path):
    """Random insertions and deletions of ZRF's special characters and of keyword text in
    chess.zrf, at random places: every answer is given for every place of the edited text."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    source = (corpus_dir / "chess" / "chess.zrf").read_text(encoding="utf-8")
    path = str(tmp_path / "chess.zrf")
    pieces = st.sampled_from(["(", ")", '"', ";", "$1", " ", "\n", "verify", "(define x ", "(game ", "é"])
    edits = st.lists(st.tuples(st.integers(0, len(source)), st.integers(0, 20), pieces), min_size=1, max_size=6)

    @settings(max_examples=scaled(100, minimum=10), deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(edits, st.integers(0, len(source) + 200))
    def check(changes, place):
        text = source
        for at, cut, piece in changes:
            at = min(at, len(text))
            text = text[:at] + piece + text[at + cut:]
        analysis = analyze(path, text)
        names = analysis.names if analysis.document is not None else None
        offset = min(place, len(text))
        complete(text, offset, names)
        hover(text, offset, names)
        word_at(text, offset)
        folding_ranges(text)
        if analysis.document is not None:
            outline(analysis.document, analysis.model)
            format_edits(text, path)

    check()


# -- the VS Code extension -------------------------------------------------------------------------------

VSCODE = Path(__file__).resolve().parent.parent.parent / "docs" / "editors" / "vscode"


def test_the_textmate_grammar_is_generated_from_the_keyword_table():
    """docs/editors/vscode/syntaxes/zrf.tmLanguage.json is `python -m zrf.editing.textmate`'s output."""
    import json
    import re

    from zrf.editing.textmate import grammar
    committed = json.loads((VSCODE / "syntaxes" / "zrf.tmLanguage.json").read_text(encoding="utf-8"))
    assert committed == grammar(), "stale: python -m zrf.editing.textmate > docs/editors/vscode/syntaxes/zrf.tmLanguage.json"
    running = re.compile(committed["repository"]["running"]["match"])
    shaping = re.compile(committed["repository"]["shaping"]["match"])
    line = "(game (piece (moves (n (verify not-empty?) add))))"
    assert [m.group() for m in running.finditer(line)] == ["verify", "not-empty?", "add"]
    assert [m.group() for m in shaping.finditer(line)] == ["game", "piece", "moves"]
    assert running.search("(verify-x)") is None  # a keyword is a whole atom


def test_the_extension_declares_its_grammar_and_bundle():
    import json
    manifest = json.loads((VSCODE / "package.json").read_text(encoding="utf-8"))
    assert (VSCODE / manifest["main"]).is_file()
    assert all((VSCODE / g["path"]).is_file() for g in manifest["contributes"]["grammars"])
    assert (VSCODE / "package-lock.json").is_file()

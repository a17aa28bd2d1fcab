""""What does this game do now?": the start position's legal moves and perft(2), or the first problem.

The answer for the text an editor holds (saved or not): the file is analysed
as ``zrf check`` does (:func:`zrf.editing.analysis.analyze`), its default
game is loaded into the interpreter, and the start position's legal moves are
listed and counted two plies deep.  When something stops that, the answer is
the first located diagnostic: why the game does not load, or the runtime
error met while generating moves (a runaway loop).

A move program can take very long, so a server never runs this in its own
process: :func:`run_report` starts ``python -m runtime.lsp.game_report`` with
the texts on its standard input and stops it after a time limit.  The child
writes one JSON line per finished step (the moves, then perft(2)), so a report
cut short by the limit still says what was found.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from dataclasses import asdict, dataclass, field

from zrf.diagnostics import Diagnostic, ZrfError
from zrf.editing.analysis import analyze, buffer_reader

from runtime.core.errors import GameLoadError
from runtime.loading.opening import open_game

#: Legal moves listed by name in a report (the count is always given).
MOVES_LISTED = 40
#: The time limit of a report when the editor sets none, in seconds.
DEFAULT_SECONDS = 10.0


@dataclass
class Problem:
    """A located diagnostic, as plain data."""

    path: str
    line: int
    column: int
    code: str
    message: str

    @classmethod
    def of(cls, d: Diagnostic) -> "Problem":
        where = d.span.root()
        return cls(where.file, where.line, where.col, d.code, d.message)

    def text(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.code} {self.message}"


@dataclass
class GameReport:
    """What the game does from its start position, as far as the report got."""

    path: str
    title: str | None = None
    moves: list[str] = field(default_factory=list)
    move_count: int | None = None
    #: depth -> number of move sequences (perft), for the depths finished
    perft: dict[int, int] = field(default_factory=dict)
    #: errors ``zrf check`` finds (the game may load all the same)
    check_errors: int = 0
    problem: Problem | None = None
    seconds: float = 0.0
    #: the time limit stopped the report before it finished
    stopped: bool = False
    #: the time limit, in seconds
    limit: float = DEFAULT_SECONDS

    def text(self) -> str:
        """The report in a few lines, for an editor's message."""
        lines = []
        if self.title:
            lines.append(f"{self.title}:")
        if self.move_count is not None:
            shown = ", ".join(self.moves)
            more = f", ... ({self.move_count - len(self.moves)} more)" if self.move_count > len(self.moves) else ""
            lines.append(f"{self.move_count} legal moves at the start: {shown}{more}" if self.move_count
                         else "no legal move at the start")
        for depth, count in sorted(self.perft.items()):
            lines.append(f"perft({depth}) = {count}")
        if self.problem is not None:
            lines.append(self.problem.text())
        if self.stopped:
            lines.append(f"{self.path}:1:1: stopped after {self.seconds:.1f} s by the time limit "
                         f"gameReportSeconds={self.limit:g} (raise it in the editor's initialization options)")
        if self.check_errors:
            lines.append(f"zrf check finds {self.check_errors} error(s) in the file")
        return "\n".join(lines) if lines else "no report"

    def as_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> "GameReport":
        problem = data.get("problem")
        return cls(data["path"], data.get("title"), list(data.get("moves", [])), data.get("move_count"),
                   {int(k): v for k, v in data.get("perft", {}).items()}, data.get("check_errors", 0),
                   Problem(**problem) if problem else None, data.get("seconds", 0.0),
                   data.get("stopped", False), data.get("limit", DEFAULT_SECONDS))


def _first_problem(diagnostics: list[Diagnostic]) -> Problem | None:
    errors = [d for d in diagnostics if d.is_error] or list(diagnostics)
    return Problem.of(errors[0]) if errors else None


def report_steps(path: str, text: str, texts: dict[str, str]):
    """The report after each finished step (see the module docstring), in this process."""
    start = time.perf_counter()
    report = GameReport(path)

    def done() -> GameReport:
        report.seconds = round(time.perf_counter() - start, 3)
        return report

    analysis = analyze(path, text, buffer_reader(texts))
    report.check_errors = sum(1 for d in analysis.diagnostics if d.is_error)
    if analysis.model is None:
        report.problem = _first_problem(analysis.diagnostics)
        yield done()
        return
    try:
        game = open_game(analysis.model)
        report.title = game.name
        state = game.initial_state()
        moves = state.legal_moves()
        report.move_count = len(moves)
        report.moves = [m.notation for m in moves[:MOVES_LISTED]]
        report.perft[1] = len(moves)
        yield done()
        if state.outcome() is None:
            report.perft[2] = sum(state.apply(m).legal_move_count() for m in moves)
    except GameLoadError as exc:
        report.problem = _first_problem(exc.diagnostics) or Problem(path, 1, 1, "E000", str(exc)[:240])
    except ZrfError as exc:  # a runaway loop met while generating moves
        report.problem = _first_problem(exc.diagnostics)
    except RecursionError:
        report.problem = Problem(path, 1, 1, "E222", "move programs nest too deeply to run")
    yield done()


def main() -> None:
    """``python -m runtime.lsp.game_report``: read ``{"path", "text", "texts"}`` as JSON on standard
    input, write one JSON report per finished step on standard output."""
    request = json.loads(sys.stdin.read())
    for report in report_steps(request["path"], request["text"], request.get("texts", {})):
        sys.stdout.write(json.dumps(report.as_json()) + "\n")
        sys.stdout.flush()


async def run_report(path: str, text: str, texts: dict[str, str],
                     seconds: float = DEFAULT_SECONDS) -> GameReport:
    """The report of :func:`report_steps`, made in a child process stopped after ``seconds``."""
    start = time.perf_counter()
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "runtime.lsp.game_report", stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
    assert child.stdin is not None and child.stdout is not None
    child.stdin.write(json.dumps({"path": path, "text": text, "texts": texts}).encode("utf-8"))
    await child.stdin.drain()
    child.stdin.close()
    latest = GameReport(path)
    stopped = False

    async def read_lines() -> None:
        nonlocal latest
        assert child.stdout is not None
        while line := await child.stdout.readline():
            try:
                latest = GameReport.from_json(json.loads(line))
            except (ValueError, KeyError, TypeError):
                continue

    try:
        await asyncio.wait_for(read_lines(), timeout=seconds)
    except asyncio.TimeoutError:
        stopped = True
    finally:
        if child.returncode is None:
            try:
                child.kill()
            except ProcessLookupError:
                pass
        await child.wait()
    latest.limit = seconds
    if stopped:
        latest.stopped = True
        latest.seconds = round(time.perf_counter() - start, 3)
    elif latest.move_count is None and latest.problem is None:
        latest.problem = Problem(path, 1, 1, "E000", f"the report's process ended with status {child.returncode}")
    return latest


if __name__ == "__main__":  # pragma: no cover - run as a child process
    main()

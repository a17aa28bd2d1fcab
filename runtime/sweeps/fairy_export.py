"""Corpus sweep: which ZRF games export to Fairy-Stockfish, verified, and why the others do not.

    python -m runtime.sweeps.fairy_export CORPUS_DIR [--timeout S] [--shard i/n] [--positions N] [--depth D]
                                          [--all-games [--file-budget S] [--chess-family]]

For every MANIFEST row that needs no Axiom engine, the file's default game is loaded, exported
(:func:`runtime.fairy.export.export_game`) and, when a section comes out, verified
(:func:`runtime.fairy.verification.verify`: perft to ``--depth`` and ``--positions``
positions of random games).  One tab-separated row per game on standard output: slug,
family (``chess`` for a two-player game with a win or loss goal that names a royal piece
type: ``checkmated`` of it, ``pieces-remaining 0`` of it, or ``absolute-config`` of it on
cells), status (``verified``, ``differs``, ``blocked``, ``error``, ``timeout``), the
diagnostic codes found, the first diagnostic, seconds.  A tally
on standard error: games verified, and the chess-family games that do not export grouped
by their first blocking code.

``--all-games`` tries every game and variant of each file instead (:mod:`.game_entries`: the
titles ``zrf export fairy --variant`` takes, a game whose rules equal one already tried or
whose title an earlier game holds skipped), each with its own ``--timeout``, and starts no
more of a file's games once ``--file-budget`` seconds are spent on it (a file takes at most
about the budget and one timeout).  A file counts as verified when
one of its games verifies; its row's last column lists every game: verified, its codes, or
why it was skipped.  ``--chess-family`` keeps only the files with a chess-family game.
"""

from __future__ import annotations

import argparse
import csv
import enum
import sys
import time
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path

from runtime.core.errors import GameLoadError
from runtime.fairy.export import export_game, fairy_game
from runtime.fairy.goal_forms import checkmated_types_of, none_left_type_of, reached_type_of
from runtime.fairy.verification import verify
from runtime.jobs.time_limits import TimeLimitExceeded, time_limit
from runtime.loading.opening import open_game
from zrf.diagnostics import ZrfError
from zrf.model import GameDef, ZrfFile, build_file
from zrf.syntax import Node, walk
from zrf.text_enum import TextEnum

from .failures import describe_failure
from .game_entries import Entry, Skip, entries


class Status(enum.Enum):
    """What became of one game (or, with ``--all-games``, of a file's best game)."""

    VERIFIED = "verified"
    DIFFERS = "differs"
    BLOCKED = "blocked"
    ERROR = "error"
    TIMEOUT = "timeout"


class Family(TextEnum):
    """The kind of game a row counts in: the chess family (see the module docstring) or any other."""

    CHESS = "chess"
    OTHER = "other"


#: a file's status is its best game's: the first of these any of its games has
_BEST_FIRST = (Status.VERIFIED, Status.DIFFERS, Status.BLOCKED, Status.TIMEOUT, Status.ERROR)


@dataclass
class Row:
    slug: str
    family: Family = Family.OTHER
    status: Status = Status.ERROR
    codes: str = ""
    first: str = ""
    seconds: float = 0.0
    #: with ``--all-games``: every game of the file, its status or why it was skipped
    games: list[str] = field(default_factory=list)

    def line(self) -> str:
        cells = [self.slug, self.family.value, self.status.value, self.codes, self.first, f"{self.seconds:.1f}"]
        return "\t".join(cells + (["; ".join(self.games)] if self.games else []))

    def game_text(self, title: str) -> str:
        """``title: status codes``, one game's part of its file's row."""
        return f"{title}: {self.status.value}" + (f" {self.codes}" if self.codes else "")


def family(gdef: GameDef) -> Family:
    """:attr:`Family.CHESS` for two players and a win or loss goal naming a royal piece type
    (:func:`_names_royal_piece`, anywhere in the goal's condition), else :attr:`Family.OTHER`."""
    if len(gdef.players) != 2:
        return Family.OTHER
    for goal in gdef.goals:
        if goal.kind in ("win", "loss") and any(_names_royal_piece(node, gdef.pieces) for node in walk(goal.condition)):
            return Family.CHESS
    return Family.OTHER


def _names_royal_piece(node: Node, types: Collection[str]) -> bool:
    """Whether ``node`` is ``(checkmated T...)``, ``(pieces-remaining 0 T)`` or ``(absolute-config T ... where)``
    (the forms as :mod:`runtime.fairy.goal_forms` reads them) with every ``T`` one of ``types`` (the game's
    piece types): the player's royal piece checkmated, its last piece of a type gone, or a piece of a type on
    given cells."""
    named = checkmated_types_of(node)
    if named is None:
        one = none_left_type_of(node) or reached_type_of(node)
        named = [] if one is None else [one]
    return bool(named) and all(t in types for t in named)


def sweep_one(path: str | ZrfFile, slug: str, timeout: int, depth: int, positions: int,
              variant: str | None = None) -> Row:
    """Export and verify one game: the file's default one, or its entry titled ``variant``."""
    row = Row(slug)
    start = time.perf_counter()
    try:
        with time_limit(timeout):
            game = open_game(path, variant)
            row.family = family(game.gdef)
            export = export_game(game)
            if not export.ok:
                row.status = Status.BLOCKED
                row.codes = " ".join(sorted({d.code for d in export.diagnostics}))
                row.first = export.diagnostics[0].format().splitlines()[0]
            else:
                result = verify(fairy_game(export), game, depth, positions)
                row.status = Status.VERIFIED if result.ok else Status.DIFFERS
                if not result.ok:
                    row.first = result.describe().replace("\n", " | ")[:400]
    except TimeLimitExceeded:
        row.status = Status.TIMEOUT
    except GameLoadError as exc:
        row.first = str(exc).splitlines()[0][:200]
    except Exception as exc:  # a sweep reports every failure as a row and goes on
        row.first = describe_failure(exc, 200)
    row.seconds = time.perf_counter() - start
    return row


def sweep_file(path: str, slug: str, timeout: int, depth: int, positions: int, budget: int,
               chess_only: bool = False) -> Row | None:
    """Every game of one file (:mod:`.game_entries`), each within ``timeout``, no game but the
    first started once ``budget`` seconds are spent on the file (so a file takes at most about
    ``budget + timeout``): the file's row, its status its best game's (a verified game
    first), its codes and first diagnostic that game's.  None when ``chess_only`` and the
    file has no chess-family game."""
    start = time.perf_counter()
    try:
        zf = build_file(path)
    except ZrfError as exc:
        return Row(slug, first=str(exc).splitlines()[0][:200], seconds=time.perf_counter() - start)
    tried: list[tuple[Entry, Row]] = []
    games: list[str] = []  # every game's part of the row, in file order
    file_family = (Family.CHESS if any(family(g) is Family.CHESS for g in zf.games if g.playable)
                   else Family.OTHER)
    if chess_only and file_family is not Family.CHESS:
        return None
    for entry in entries(zf):
        if entry.skip is None and tried and time.perf_counter() - start >= budget:
            entry = Entry(entry.title, Skip.BUDGET)
        if entry.skip is not None:
            games.append(entry.describe_skip())
            continue
        game_row = sweep_one(zf, slug, timeout, depth, positions, entry.title)
        tried.append((entry, game_row))
        games.append(game_row.game_text(entry.title))
    if not tried:
        return Row(slug, file_family, first="the file defines no playable game",
                   seconds=time.perf_counter() - start)
    best = min(tried, key=lambda er: _BEST_FIRST.index(er[1].status))[1]
    row = Row(slug, file_family, best.status, best.codes, best.first, time.perf_counter() - start)
    row.games = games
    if best.status is Status.VERIFIED:
        row.first = "verified: " + ", ".join(e.title for e, r in tried if r.status is Status.VERIFIED)
    return row


def corpus_rows(corpus: Path):
    with open(corpus / "MANIFEST.tsv", encoding="utf-8") as fh:
        for r in csv.DictReader(fh, delimiter="\t"):
            if r["engine"] != "-":
                continue
            yield r["slug"], str(corpus / r["slug"] / r["file"])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("corpus", help="a corpus folder with MANIFEST.tsv (the shared corpus)")
    ap.add_argument("--timeout", type=int, default=300, help="seconds per game, export and verification (default 300)")
    ap.add_argument("--shard", default="0/1", help="i/n: every n-th game starting at i")
    ap.add_argument("--depth", type=int, default=3, help="perft depth compared (default 3)")
    ap.add_argument("--positions", type=int, default=200,
                    help="positions of seeded random games compared (default 200)")
    ap.add_argument("--only", default="", help="comma-separated slugs")
    ap.add_argument("--all-games", action="store_true",
                    help="try every game and variant of each file; a file verifies when one of its games does")
    ap.add_argument("--file-budget", type=int, default=600,
                    help="with --all-games: seconds spent on one file's games before the rest are skipped "
                         "(default 600)")
    ap.add_argument("--chess-family", action="store_true",
                    help="with --all-games: only the files with a chess-family game")
    args = ap.parse_args(argv)
    index, count = (int(x) for x in args.shard.split("/"))
    only = set(filter(None, args.only.split(",")))
    tally: Counter = Counter()
    blocked: Counter = Counter()
    for n, (slug, path) in enumerate(corpus_rows(Path(args.corpus))):
        if n % count != index or (only and slug not in only):
            continue
        if args.all_games:
            row = sweep_file(path, slug, args.timeout, args.depth, args.positions, args.file_budget,
                             args.chess_family)
            if row is None:
                continue
        else:
            row = sweep_one(path, slug, args.timeout, args.depth, args.positions)
        print(row.line(), flush=True)
        tally[row.status.value] += 1
        if row.family is Family.CHESS and row.status is not Status.VERIFIED:
            blocked[row.status.value + " " + (row.codes.split()[0] if row.codes else "")] += 1
    print("tally: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())), file=sys.stderr)
    print("chess family not verified: " + ", ".join(f"{k} {v}" for k, v in sorted(blocked.items())),
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

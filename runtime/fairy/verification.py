"""Does Fairy-Stockfish, with a section loaded, play the same game as our interpreter?

Two independent checks, both required: the perft counts from the start to ``depth`` (3 by
default) are equal, and along seeded random games, until at least ``positions`` positions
(200 by default) were compared, each position agrees: its board, side to move and pieces in
hand, its outcome, and its legal moves written in UCI (:mod:`.uci_moves`), as a multiset.  A
random move both engines have is then played in both, so the next comparison also checks
what that move did.  The first difference is reported with the UCI moves that reach it.

Where the ZRF keeps its hands as board cells, the ZRF game is seen through
:class:`.hand_view.HandCellGame`: the pieces on hand cells are pieces in hand, a move from a
hand cell is a drop, and identical drops from several hand cells are one move only when they
lead to equal positions.

The random games compare moves rather than the positions every move leads to (what the
cross-checker does, and ``zrf crosscheck --against fairy`` still does): each question to
``pyffish`` costs milliseconds, and this needs two per position instead of one per move.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field

from runtime.core.protocol import Game, Outcome, State
from runtime.players.uci_notation import UciNotation
from runtime.verify.crosscheck import Disagreement
from runtime.verify.perft import perft

from .hand_view import HandCellGame
from .naming import Naming
from .uci_moves import notation_of

#: The plies of one random game of the verification (a game may end sooner).
PLAYOUT_PLIES = 60


@dataclass
class Verification:
    """The outcome of :func:`verify`."""

    depth: int
    perft_ours: list[int] = field(default_factory=list)
    perft_theirs: list[int] = field(default_factory=list)
    positions: int = 0
    playouts: int = 0
    first_difference: Disagreement | None = None
    differences: int = 0
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.perft_ours == self.perft_theirs and self.differences == 0

    def describe(self) -> str:
        """One paragraph: the counts, and the first difference if any."""
        counts = ", ".join(f"perft({d + 1}) {a}" + ("" if a == b else f" (Fairy-Stockfish {b})")
                           for d, (a, b) in enumerate(zip(self.perft_ours, self.perft_theirs)))
        text = (f"{counts}; {self.positions} positions of {self.playouts} random games compared, "
                f"{self.differences} difference(s); {self.seconds:.1f} s")
        if self.first_difference is not None:
            text += "\nfirst difference (Fairy-Stockfish is the reference, its moves in UCI):\n" \
                    + self.first_difference.describe()
        return text

    def as_json(self) -> dict:
        return {"ok": self.ok, "depth": self.depth, "perft": self.perft_ours,
                "perft_fairy_stockfish": self.perft_theirs, "positions": self.positions,
                "playouts": self.playouts, "differences": self.differences,
                "first_difference": self.first_difference.as_json() if self.first_difference else None,
                "seconds": round(self.seconds, 3)}


def perft_counts(state: State, depth: int) -> list[int]:
    """perft(1) .. perft(``depth``) of ``state``."""
    return [perft(state, d) for d in range(1, depth + 1)]


def verify(fairy: Game, zrf: Game, depth: int = 3, positions: int = 200, seed: int = 0,
           plies: int = PLAYOUT_PLIES) -> Verification:
    """Compare ``fairy`` (a :class:`.position.FairyGame`, the reference) and ``zrf``, named alike."""
    start = time.perf_counter()
    out = Verification(depth)
    naming: Naming = fairy.naming
    notation = notation_of(naming)
    if naming.hand_cells:
        zrf = HandCellGame(zrf, naming.hand_cells, notation, naming.removed_at_end)
    out.perft_ours = perft_counts(zrf.initial_state(), depth)
    out.perft_theirs = perft_counts(fairy.initial_state(), depth)
    game = 0
    while out.positions < positions and game < positions:
        rng = random.Random(seed + game)
        ref, cand = fairy.initial_state(), zrf.initial_state()
        path: list[str] = []
        for _ in range(min(plies, positions - out.positions) + 1):
            out.positions += 1
            common, difference = _compare(ref, cand, path, notation)
            if difference is not None:
                out.differences += 1
                out.first_difference = out.first_difference or difference
                break
            if not common:
                break
            uci = rng.choice(sorted(common))
            ref = ref.apply(next(m for m in ref.legal_moves() if m.notation == uci))
            cand = cand.apply(common[uci])
            path.append(uci)
        out.playouts += 1
        game += 1
        if out.differences:
            break
    out.seconds = time.perf_counter() - start
    return out


def _outcome_text(o: Outcome | None) -> str:
    return "" if o is None else o.describe()


def _compare(ref: State, cand: State, path: list[str], notation: UciNotation):
    """The moves both have (UCI -> our move), or the :class:`Disagreement` of this position."""
    if ref.signature().core() != cand.signature().core():
        return {}, Disagreement("position", list(path), detail="Fairy-Stockfish:\n" + ref.signature().pretty()
                                + "\nZRF:\n" + cand.signature().pretty())
    ro, co = ref.outcome(), cand.outcome()
    if (ro is None) != (co is None) or (ro is not None and ro.key() != co.key()):
        return {}, Disagreement("outcome", list(path), reference_outcome=_outcome_text(ro),
                                candidate_outcome=_outcome_text(co))
    theirs = Counter(m.notation for m in ref.legal_moves())
    ours_moves = {}
    ours = Counter()
    for m in cand.legal_moves():
        key = notation.text(m) or f"(no UCI form) {m.notation}"
        ours[key] += 1
        ours_moves[key] = m
    if theirs != ours:
        return {}, Disagreement("successors", list(path), sorted((theirs - ours).elements()),
                                sorted(ours_moves[k].notation for k in (ours - theirs)))
    return {k: ours_moves[k] for k in ours}, None

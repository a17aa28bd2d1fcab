"""Cross-checking two engines of the same game position by position.

The reference is a native engine; the candidate is usually a ZRF file run by
the interpreter.  The two never share a move encoding: at every visited
position the checker compares

* the positions themselves (side to move, board, hands: :meth:`Signature.core`),
* the outcome (who won, lost or drew; the wording of the rule may differ),
* the *sets of successor signatures*: for each legal move, the position it
  leads to.  A successor only one side can reach is a disagreement, reported
  with that side's move notation.  Both positions being the same, two
  successors are the same position exactly when they differ from it in the
  same board entries (with the same side to move and hands), so each successor
  is keyed by those few entries (:func:`successor_key`), not by its whole board:
  a key is hashed and compared in a few entries' time.

Positions are visited in two ways: every position of the move tree to a depth
(``depth``), then ``games`` random playouts of at most ``plies`` plies that
follow moves both engines agree on (seeded, so every run is reproducible).

A :class:`KnownDifference` names a documented way in which a candidate
deliberately departs from the reference (for example a rule that ZRF cannot
express); disagreements it explains are reported as known, not as failures.
Nothing is tolerated silently.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Iterable, Mapping, Sequence

from zrf.text_enum import TextEnum

from runtime.core.protocol import Game, Move, Outcome, Signature, State


@dataclass(frozen=True)
class NameMap:
    """Renames the candidate's cells, pieces and players into the reference's names.

    ``ignore`` lists cells the candidate keeps for bookkeeping only (a ZRF's
    dummy cells counting moves, for example): whatever stands there is left
    out of the candidate's positions before they are compared.
    """

    cells: Mapping[str, str] = field(default_factory=dict)
    pieces: Mapping[str, str] = field(default_factory=dict)
    players: Mapping[str, str] = field(default_factory=dict)
    ignore: frozenset = frozenset()

    def signature(self, sig: Signature) -> Signature:
        if self.ignore:
            sig = Signature(sig.to_move, frozenset(x for x in sig.board if x[0] not in self.ignore),
                            sig.hands, sig.extra)
        if not (self.cells or self.pieces or self.players):
            return sig
        return sig.translated(self.cells, self.pieces, self.players)

    @classmethod
    def from_json(cls, data: Mapping) -> "NameMap":
        """``{"cells": {...}, "pieces": {...}, "players": {...}, "ignore": [...]}``, all optional."""
        unknown = set(data) - {"cells", "pieces", "players", "ignore"}
        if unknown:
            raise ValueError(f"unknown name-map sections: {', '.join(sorted(unknown))}")
        return cls(dict(data.get("cells", {})), dict(data.get("pieces", {})),
                   dict(data.get("players", {})), frozenset(data.get("ignore", ())))


class DisagreementKind(TextEnum):
    """What two engines disagree on at a position (the first of these that differs)."""

    #: side to move, board or stores
    POSITION = "position"
    #: who won, lost or drew
    OUTCOME = "outcome"
    #: the positions the legal moves lead to
    SUCCESSORS = "successors"


@dataclass
class Disagreement:
    """One position where the engines differ."""

    kind: DisagreementKind
    #: reference-engine notations of the moves from the start to this position
    path: list[str]
    only_reference: list[str] = field(default_factory=list)
    only_candidate: list[str] = field(default_factory=list)
    reference_outcome: str = ""
    candidate_outcome: str = ""
    detail: str = ""
    #: name of the KnownDifference that explains it, if any
    known: str | None = None

    def describe(self) -> str:
        where = ", ".join(self.path) if self.path else "(start)"
        lines = [f"{'known difference [' + self.known + ']' if self.known else 'DISAGREEMENT'}"
                 f" ({self.kind}) after: {where}"]
        if self.only_reference:
            lines.append("  only the reference engine has: " + "; ".join(self.only_reference[:20])
                         + (" ..." if len(self.only_reference) > 20 else ""))
        if self.only_candidate:
            lines.append("  only the ZRF has: " + "; ".join(self.only_candidate[:20])
                         + (" ..." if len(self.only_candidate) > 20 else ""))
        if self.reference_outcome or self.candidate_outcome:
            lines.append(f"  outcome: reference {self.reference_outcome or 'none'}, "
                         f"ZRF {self.candidate_outcome or 'none'}")
        if self.detail:
            lines.extend("  " + line for line in self.detail.splitlines())
        return "\n".join(lines)

    def as_json(self) -> dict:
        return {
            "kind": self.kind, "path": self.path, "known": self.known,
            "only_reference": self.only_reference, "only_candidate": self.only_candidate,
            "reference_outcome": self.reference_outcome, "candidate_outcome": self.candidate_outcome,
            "detail": self.detail,
        }


@dataclass(frozen=True)
class KnownDifference:
    """A named, documented departure of the candidate from the reference.

    ``explains(reference_state, candidate_state, disagreement)`` returns True
    when this difference accounts for the disagreement.  ``doc`` says where
    the difference is documented (the variant's notes).
    """

    name: str
    description: str
    explains: Callable[[State, State, Disagreement], bool]
    doc: str = ""


#: How many disagreements of each sort (unexplained, known) a result keeps for reporting.
MAX_REPORTS = 50


@dataclass
class CrossCheckResult:
    """Everything one run found, plus how much was compared.

    ``disagreements`` keeps the first reports of each sort (unexplained ones
    and known ones are capped separately, see :meth:`add`), while
    ``unexplained`` and ``known`` count every one found: the verdict never
    depends on what a cap left out.
    """

    positions: int = 0
    playouts: int = 0
    disagreements: list[Disagreement] = field(default_factory=list)
    seconds: float = 0.0
    unexplained: int = 0
    known: dict = field(default_factory=dict)  # known-difference name -> count

    def add(self, d: Disagreement, max_reports: int = MAX_REPORTS) -> None:
        """Count ``d``; keep it unless ``max_reports`` of its sort are kept already."""
        if d.known is None:
            self.unexplained += 1
        else:
            self.known[d.known] = self.known.get(d.known, 0) + 1
        self._keep(d, max_reports)

    def _keep(self, d: Disagreement, max_reports: int) -> None:
        kept = sum(1 for x in self.disagreements if (x.known is None) == (d.known is None))
        if kept < max_reports:
            self.disagreements.append(d)

    @property
    def failures(self) -> list[Disagreement]:
        """The unexplained disagreements kept (``unexplained`` counts them all)."""
        return [d for d in self.disagreements if d.known is None]

    @property
    def known_count(self) -> int:
        return sum(self.known.values())

    @property
    def agree(self) -> bool:
        return self.unexplained == 0

    def merge(self, other: "CrossCheckResult") -> None:
        self.positions += other.positions
        self.playouts += other.playouts
        for d in other.disagreements:
            self._keep(d, MAX_REPORTS)
        self.unexplained += other.unexplained
        for name, n in other.known.items():
            self.known[name] = self.known.get(name, 0) + n


def _outcome_text(o: Outcome | None) -> str:
    return "" if o is None else o.describe()


class CrossChecker:
    """Compares a reference and a candidate game; see the module docstring."""

    def __init__(self, reference: Game, candidate: Game, names: NameMap | None = None,
                 known: Sequence[KnownDifference] = (), max_reports: int = MAX_REPORTS):
        self.reference = reference
        self.candidate = candidate
        self.names = names or NameMap()
        self.known = list(known)
        self.max_reports = max_reports

    # -- one position

    def _successors(self, state: State, board: frozenset, translate: bool) -> dict:
        """:func:`successor_key` -> (the first move reaching it, the position), in move order;
        ``board`` is ``state``'s board (the candidate's translated by the name map)."""
        out: dict = {}
        for move in state.legal_moves():
            child = state.apply(move)
            sig = child.signature()
            if translate:
                sig = self.names.signature(sig)
            out.setdefault(successor_key(sig, board), (move, child))
        return out

    def compare(self, ref: State, cand: State, path: list[str],
                result: CrossCheckResult) -> list[tuple[Move, State, State]]:
        """Compare one position pair; return the successor pairs both engines share."""
        result.positions += 1
        ref_sig = ref.signature()
        cand_sig = self.names.signature(cand.signature())
        if ref_sig.core() != cand_sig.core():
            self._report(ref, cand, result, Disagreement(
                DisagreementKind.POSITION, list(path),
                detail="reference position:\n" + ref_sig.pretty() + "\nZRF position:\n" + cand_sig.pretty()))
            return []
        ro, co = ref.outcome(), cand.outcome()
        if (ro is None) != (co is None) or (ro is not None and co is not None and ro.key() != co.key()):
            self._report(ref, cand, result, Disagreement(
                DisagreementKind.OUTCOME, list(path), reference_outcome=_outcome_text(ro),
                candidate_outcome=_outcome_text(co)))
            return []
        if ro is not None:
            return []
        rs = self._successors(ref, ref_sig.board, False)
        cs = self._successors(cand, cand_sig.board, True)
        shared: list[tuple[Move, State, State]] = []
        only_r: list[str] = []
        for key, (move, child) in rs.items():
            twin = cs.get(key)
            if twin is None:
                only_r.append(move.notation)
            else:
                shared.append((move, child, twin[1]))
        # distinct keys of rs met distinct keys of cs: when as many met as cs has, none is left
        only_c = [] if len(shared) == len(cs) else [cs[k][0].notation for k in cs if k not in rs]
        if only_r or only_c:
            self._report(ref, cand, result, Disagreement(
                DisagreementKind.SUCCESSORS, list(path), sorted(only_r), sorted(only_c)))
        return shared

    def _report(self, ref: State, cand: State, result: CrossCheckResult, d: Disagreement) -> None:
        for k in self.known:
            try:
                if k.explains(ref, cand, d):
                    d.known = k.name
                    break
            except Exception:  # a faulty explainer never hides a disagreement
                continue
        result.add(d, self.max_reports)

    # -- walks

    def tree(self, ref: State, cand: State, depth: int, path: list[str] | None = None,
             result: CrossCheckResult | None = None, seen: set | None = None) -> CrossCheckResult:
        """Compare the move trees to ``depth`` plies: every position fewer than ``depth``
        plies deep is compared with its successor sets (the perft(``depth``) tree).
        A position reached again with the same remaining depth is compared once within
        this call (``seen`` carries that memory through the recursion; each call starts
        afresh, so counts do not depend on what the checker compared before)."""
        result = result or CrossCheckResult()
        if depth <= 0:
            return result
        path = path or []
        seen = set() if seen is None else seen
        key = (ref.signature(), depth)
        if key in seen:
            return result
        seen.add(key)
        pairs = self.compare(ref, cand, path, result)
        if depth > 1:
            for move, r, c in pairs:
                self.tree(r, c, depth - 1, path + [move.notation], result, seen)
        return result

    def playout(self, ref: State, cand: State, seed: int, plies: int,
                path: list[str] | None = None,
                result: CrossCheckResult | None = None) -> CrossCheckResult:
        """One seeded random game following moves both engines agree on."""
        result = result or CrossCheckResult()
        rng = random.Random(seed)
        path = list(path or [])
        for _ in range(plies + 1):
            pairs = self.compare(ref, cand, path, result)
            if not pairs:
                break
            move, ref, cand = pairs[rng.randrange(len(pairs))]
            path.append(move.notation)
        result.playouts += 1
        return result


def successor_key(sig: Signature, board: frozenset) -> tuple:
    """What tells apart the successors of one position whose board is ``board``: the side to
    move, the board entries the successor adds or drops (``sig.board ^ board``) and the hands.

    For a fixed ``board`` two successors have the same key exactly when their :meth:`Signature.core`
    is the same (the board is ``board ^ entries``), and a move changes few entries, so the key
    is small where the core holds the whole board.
    """
    return (sig.to_move, sig.board ^ board, sig.hands)


def start_states(reference: Game, candidate: Game, moves: Iterable[str],
                 names: NameMap | None = None) -> tuple[State, State, list[str]]:
    """Both start states after the typed ``moves`` (matched in the reference, then followed by signature)."""
    from runtime.core.notation import find_move

    ref, cand = reference.initial_state(), candidate.initial_state()
    path: list[str] = []
    checker = CrossChecker(reference, candidate, names)
    for text in moves:
        move = find_move(ref, text)
        ref_next = ref.apply(move)
        target = ref_next.signature().core()
        match = [c for c in (cand.apply(m) for m in cand.legal_moves())
                 if checker.names.signature(c.signature()).core() == target]
        if not match:
            raise ValueError(f"the ZRF has no move matching {move.notation!r} after {', '.join(path) or 'the start'}")
        ref, cand = ref_next, match[0]
        path.append(move.notation)
    return ref, cand, path

"""What a computer player learns about a game by watching random play: piece values and piece steps.

Nothing here knows a game's rules.  :func:`learn` plays seeded random games
through the engine contract and, at every position it passes through, reads
what each legal move's parts do (:attr:`runtime.core.protocol.Move.details`: the
movements, captures and changes).  A part's notation says what it does, so a
whole turn whose every part was already read in that position is skipped
(Alpha Centauri's 1,500 turns a position are a dozen royal steps each combined
with every second move: the same knowledge, learned in well under half the time):

* **piece values**: a type's value is its *mobility*, the average number of
  different ``(from, to)`` steps one piece of that type has in the positions
  seen (the idea Zillions uses).  Every part of a multi-part turn counts, and a
  step is counted once however many whole turns contain it: Alpha Centauri's
  turns are "royal step; capturable-piece move", so counting whole turns by
  their first part gave every capturable type the same value (issue 16).
  Positions from the first plies are left out, where most pieces are boxed in
  by their own side and long-range pieces look weaker than pawns;
* **piece steps**: the ``(from, to)`` steps seen for each player's piece type,
  and the displacement vectors they make on the drawn board
  (:func:`runtime.core.layout.cell_layout`), so a step seen once anywhere counts
  everywhere it lands on a cell.  :meth:`GameKnowledge.distances` turns them
  into "how many moves would this piece need to reach those cells on an empty
  board", which the evaluator uses for goals that name cells;
* **symmetry**: in a two-player game whose start armies are each other's
  mirror image (a half turn or a reflection of the drawn board), each side is
  given the steps the other was seen to make, mirrored, so sampling luck
  does not make a piece worth more to one side than to the other;
* **promotions**: the cells where a move of a player's piece type that
  captured nothing was seen to change the piece into another type, and the
  types it became.  Random play sees a few cells of a promotion zone, so the
  zone is taken as the whole rows of the drawn board those cells lie on
  (chess's last rank, shogi's last three); the evaluator values a piece's
  progress toward it.  A promotion that comes with a capture is left out:
  Canopus's Soldier also promotes by capturing a friendly piece anywhere,
  which made rows 1 to 3 a "zone" and drew Soldiers away from the goal
  squares (Canopus's strength benchmark fell from 49 to 42 wins of 50);
* **lines and capture modes**: a step whose straight line on the drawn board
  passes over other cells (a rook's three-cell move, a pawn's double step) is
  taken to be blocked by a piece on them, unless random play saw that step
  made over a piece (a Xiangqi cannon's capture, a checkers jump): the
  piece *jumps* it.  Each direction a piece type steps in is also recorded as
  seen capturing (the step landed on a piece it took) or quiet (it landed on
  an empty cell taking nothing): a chess pawn's diagonals only ever capture,
  its forward steps never do.  :meth:`GameKnowledge.lines` gives, for a piece
  on a cell, every learned step with the cells that would block it and what it
  may do there, so the evaluator can count what a piece really reaches on the
  board in front of it (its *mobility*) and which cells it attacks;
* **cell neighbours**: cells whose centres are at most one cell apart in each
  direction (eight neighbours on a square grid), for the safety of royal pieces;
* **whether the moves say when they capture**: if every random move that
  changed the material said so in its details (:meth:`runtime.core.protocol.Move.changes_material`),
  a search may pick captures from the moves' data instead of applying every move.

Learning is deterministic for a seed: it counts positions, not seconds.  A
player thinking against a clock learns in steps (:class:`Learner`): as far as
its move's time allows, then on during its later moves, so a move honours its
time even on a board whose single position takes longer to watch; once all
positions are seen the knowledge is the same as learned in one go.
"""

from __future__ import annotations

import math
import random
import threading
import weakref
from collections import OrderedDict, defaultdict, deque
from dataclasses import dataclass, field

from runtime.core.layout import cell_layout
from runtime.core.protocol import Game, Move, PartDetails
from runtime.players.clock import Deadline, moves_before

SKIP_PLIES = 40
"""Positions this early in a random game are not sampled (pieces still boxed in by their own side)."""

GAME_PLIES = 200
"""A sampling game stops after this many plies and a new one starts."""

DEFAULT_POSITIONS = 400
"""Positions generated while learning (each costs one move generation)."""

QUIET_EVIDENCE = 20
"""A direction seen this often landing on an empty cell, and never capturing there, is taken to
never capture (a chess pawn's forward steps); with less evidence it is taken to do both."""

QUIET, CAPTURE, BOTH = "quiet", "capture", "both"
"""What a step may do where it lands: only move to an empty cell, only take a piece, or either."""


def move_movements(move: Move) -> list[tuple[str, str, str]]:
    """``(piece type, from, to)`` of every movement of every part of ``move``, from its data.

    A castling gives two (King and Rook); captures elsewhere (en passant), promotions
    and drops give none.  A move whose engine gives no details gives none either
    (:meth:`Move.movements`, which an engine may answer without building the details).
    """
    return move.movements()


def _pieces(signature) -> list[tuple[str, str]]:
    """The (owner, type) multiset of a position, board and stores, as a sorted list."""
    out = [(o, t) for _, o, t in signature.board]
    for o, t, n in signature.hands:
        out.extend([(o, t)] * n)
    return sorted(out)


def _grid_key(x: float, y: float, unit: float) -> tuple[int, int]:
    return (round(x / unit * 4), round(y / unit * 4))


@dataclass
class Geometry:
    """Cell centres on the drawn board, in quarter-cell units, and each cell's neighbours."""

    centre: dict[str, tuple[int, int]]
    at: dict[tuple[int, int], str]
    _near: dict[str, tuple[str, ...]] = field(default_factory=dict, repr=False)
    _between: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, game: Game) -> Geometry:
        names = set(game.positions)
        cells = [c for c in cell_layout(game) if c.name in names]
        sizes = sorted(min(c.w, c.h) for c in cells if min(c.w, c.h) > 0)
        unit = sizes[len(sizes) // 2] if sizes else 1.0
        centre = {c.name: _grid_key(*c.centre, unit) for c in cells}
        at: dict[tuple[int, int], str] = {}
        for name, key in centre.items():
            at.setdefault(key, name)
        return cls(centre, at)

    def between(self, a: str, b: str) -> tuple[str, ...]:
        """The cells whose centres lie on the straight segment from ``a`` to ``b``, strictly inside
        it, nearest ``a`` first (none for a knight's leap or a one-cell step).  Remembered."""
        hit = self._between.get((a, b))
        if hit is None:
            hit = self._between[(a, b)] = self._cells_between(a, b)
        return hit

    def _cells_between(self, a: str, b: str) -> tuple[str, ...]:
        ca, cb = self.centre.get(a), self.centre.get(b)
        if ca is None or cb is None:
            return ()
        dx, dy = cb[0] - ca[0], cb[1] - ca[1]
        g = math.gcd(dx, dy)
        if g <= 1:
            return ()
        ux, uy = dx // g, dy // g
        out = []
        for j in range(1, g):
            cell = self.at.get((ca[0] + j * ux, ca[1] + j * uy))
            if cell is not None:
                out.append(cell)
        return tuple(out)

    def neighbours(self, cell: str) -> tuple[str, ...]:
        """Cells whose centre is at most one cell away in each direction (eight on a square grid)."""
        hit = self._near.get(cell)
        if hit is None:
            near = []
            if cell in self.centre:
                x, y = self.centre[cell]
                for dx in range(-4, 5):
                    for dy in range(-4, 5):
                        other = self.at.get((x + dx, y + dy))
                        if other is not None and other != cell:
                            near.append(other)
            hit = self._near[cell] = tuple(near)
        return hit


@dataclass
class GameKnowledge:
    """Learned piece values, piece steps and board geometry of one game (see the module docstring)."""

    values: dict[str, float]
    #: (player, type) -> {from cell: {to cells}} seen in random play
    steps: dict[tuple[str, str], dict[str, set[str]]]
    #: (player, type) -> displacement vectors (quarter-cell units) of those steps
    vectors: dict[tuple[str, str], set[tuple[int, int]]]
    geometry: Geometry
    #: average number of legal moves of the side to move in the positions seen
    mean_moves: float = 0.0
    #: every move seen that changed the material said so in its details (Move.changes_material),
    #: so a search may pick captures from the moves' data instead of applying every move
    marked_captures: bool = True
    #: (player, type) -> (cells where it was seen promoting, widened to whole rows; types it became)
    promotions: dict[tuple[str, str], tuple[frozenset[str], frozenset[str]]] = field(default_factory=dict)
    #: (player, type) -> displacement vectors seen made over an occupied cell of their line (jumps)
    jumps: dict[tuple[str, str], set[tuple[int, int]]] = field(default_factory=dict)
    #: (player, type) -> {direction: [steps seen capturing where they land, steps seen landing quietly]}
    landings: dict[tuple[str, str], dict[tuple[int, int], list[int]]] = field(default_factory=dict)
    _distances: dict = field(default_factory=dict, repr=False)
    _lines: dict = field(default_factory=dict, repr=False)

    def successors(self, player: str, ptype: str, cell: str) -> set[str]:
        """Cells one move of ``player``'s ``ptype`` reaches from ``cell`` on an empty board (learned)."""
        out = set(self.steps.get((player, ptype), {}).get(cell, ()))
        centre = self.geometry.centre.get(cell)
        if centre is not None:
            at = self.geometry.at
            for dx, dy in self.vectors.get((player, ptype), ()):
                other = at.get((centre[0] + dx, centre[1] + dy))
                if other is not None:
                    out.add(other)
        return out

    def distances(self, player: str, ptype: str, targets: frozenset[str]) -> dict[str, int]:
        """Moves ``player``'s ``ptype`` needs from each cell to reach one of ``targets`` (unreachable: absent).

        A breadth-first search over the learned steps, run once per
        (player, type, targets) and remembered.
        """
        key = (player, ptype, targets)
        hit = self._distances.get(key)
        if hit is not None:
            return hit
        preds: dict[str, list[str]] = defaultdict(list)
        for cell in self.geometry.centre.keys() | set(self.steps.get((player, ptype), {})):
            for nxt in self.successors(player, ptype, cell):
                preds[nxt].append(cell)
        dist = {t: 0 for t in targets}
        queue = deque(targets)
        while queue:
            cell = queue.popleft()
            for prev in preds.get(cell, ()):
                if prev not in dist:
                    dist[prev] = dist[cell] + 1
                    queue.append(prev)
        self._distances[key] = dist
        return dist

    def reach(self, player: str, ptype: str, cell: str) -> int:
        """How many cells one move of this piece reaches from ``cell`` on an empty board (learned)."""
        return len(self.successors(player, ptype, cell))

    def landing(self, player: str, ptype: str, direction: tuple[int, int]) -> str:
        """What a step in ``direction`` may do where it lands: :data:`QUIET`, :data:`CAPTURE` or :data:`BOTH`."""
        captures, quiets = self.landings.get((player, ptype), {}).get(direction, (0, 0))
        if captures and not quiets:
            return CAPTURE
        if quiets >= QUIET_EVIDENCE and not captures:
            return QUIET
        return BOTH

    def lines(self, player: str, ptype: str, cell: str) -> tuple[tuple[str, tuple[str, ...], str], ...]:
        """``(target, blocking cells, landing)`` of every learned step of the piece from ``cell``.

        The blocking cells are those its line passes over (none for a step
        random play saw jumping); the landing says whether the step may end
        on an empty cell, on a piece it takes, or on either
        (:meth:`landing`).  Remembered per (player, type, cell).
        """
        key = (player, ptype, cell)
        hit = self._lines.get(key)
        if hit is not None:
            return hit
        geometry = self.geometry
        here = geometry.centre.get(cell)
        jumps = self.jumps.get((player, ptype), set())
        out = []
        for target in sorted(self.successors(player, ptype, cell)):
            there = geometry.centre.get(target)
            if here is None or there is None:
                out.append((target, (), BOTH))
                continue
            vector = (there[0] - here[0], there[1] - here[1])
            over = () if vector in jumps else geometry.between(cell, target)
            out.append((target, over, self.landing(player, ptype, direction_of(vector))))
        hit = self._lines[key] = tuple(out)
        return hit


def direction_of(vector: tuple[int, int]) -> tuple[int, int]:
    """A displacement reduced to its direction (the smallest vector along it on the integer grid)."""
    g = math.gcd(*vector)
    return (vector[0] // g, vector[1] // g) if g else vector


def learn(game: Game, positions: int = DEFAULT_POSITIONS, seed: int = 0) -> GameKnowledge:
    """Watch seeded random games for ``positions`` positions; see the module docstring."""
    learner = Learner(game, positions, seed)
    learner.run(Deadline.none())
    return learner.knowledge()


class Learner:
    """:func:`learn` in steps: :meth:`run` watches positions until a deadline, :meth:`knowledge`
    gives what was learned so far, and a later :meth:`run` goes on where the last one stopped.

    A computer player thinking against a clock learns in the time it has (a
    300x300 board's opening position alone takes more than a 0.05 s move), and
    goes on learning on its next moves; once :attr:`complete`, the knowledge is
    exactly :func:`learn`'s for the same seed, since positions, not seconds,
    are counted.  A position cut by the deadline is watched again whole.
    """

    def __init__(self, game: Game, positions: int = DEFAULT_POSITIONS, seed: int = 0):
        self.game = game
        self.positions = positions
        self.rng = random.Random(seed)
        self.geometry = Geometry.of(game)
        self.steps_by_type: dict[str, int] = defaultdict(int)
        self.seen_by_type: dict[str, int] = defaultdict(int)
        self.steps: dict[tuple[str, str], dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        self.vectors: dict[tuple[str, str], set[tuple[int, int]]] = defaultdict(set)
        self.promoted: dict[tuple[str, str], set[tuple[str, str]]] = defaultdict(set)
        self.jumps: dict[tuple[str, str], set[tuple[int, int]]] = defaultdict(set)
        self.landings: dict[tuple[str, str], dict[tuple[int, int], list[int]]] = \
            defaultdict(lambda: defaultdict(lambda: [0, 0]))
        self.generated = 0
        self.marked = True
        self.sampled_moves = 0
        self.sampled = 0
        #: the random game being watched: its position and ply (None: start a new game)
        self._state = None
        self._ply = 0
        self._known: GameKnowledge | None = None

    @property
    def complete(self) -> bool:
        return self.generated >= self.positions

    def run(self, deadline: Deadline) -> bool:
        """Watch positions until all are seen or ``deadline``'s hard limit passes; True when complete."""
        while not self.complete:
            if self._state is None or self._ply >= GAME_PLIES or self._state.outcome() is not None:
                self._state, self._ply = self.game.initial_state(), 0
                if self._state.outcome() is not None:
                    self.generated = self.positions  # nothing to watch: the game is over at its start
                    break
            moves, whole = moves_before(self._state, deadline)
            if not whole:
                return False
            self._watch(self._state, moves, self._ply)
            self._known = None
            self.generated += 1
            if not moves:
                self._state = None
                continue
            move = self.rng.choice(moves)
            child = self._state.apply(move)
            if (self.marked and not move.changes_material()
                    and _pieces(child.signature()) != _pieces(self._state.signature())):
                self.marked = False
            self._state, self._ply = child, self._ply + 1
        self._state = None
        return True

    def _watch(self, state, moves: list[Move], ply: int) -> None:
        """Read what each of ``moves`` does in ``state`` (one position of a random game)."""
        geometry = self.geometry
        mover = state.current_player
        occupied = {cell for cell, _, _ in state.signature().board}
        # one reading of each move's details (an engine may build them anew on every reading)
        distinct = set()
        landings_seen: set = set()
        read: set[tuple[int, str]] = set()
        for move in moves:
            # whole turns share parts (Alpha Centauri: each royal step with each second move);
            # a part's notation says what it does, so a turn whose every part was read already
            # in this position adds nothing, and its details (costly to build) are not read
            fresh = [(i, text) for i, text in enumerate(move.parts) if (i, text) not in read]
            if not fresh:
                continue
            read.update(fresh)
            parts = move.details or ()
            touched: tuple[str, ...] = ()  # cells an earlier part of this turn changed
            for i, part in enumerate(parts):
                distinct.update(part.legs)
                captures = part.captures
                for m in part.movements:
                    landings_seen.add((m.piece[1], m.source, m.target, m.target in captures, bool(captures),
                                       touched))
                if i + 1 < len(parts):
                    touched += tuple(_cells_changed(part))
                new = part.promotion
                if new is not None and not part.captures:  # a promotion by arrival, not by capture
                    self.promoted[(mover, part.movements[0].piece[1])].add((part.target, new))
        for ptype, vector, jumped, landed in _evidence(geometry, landings_seen, occupied):
            if jumped:
                self.jumps[(mover, ptype)].add(vector)
            if landed is not None:
                self.landings[(mover, ptype)][direction_of(vector)][0 if landed == CAPTURE else 1] += 1
        for ptype, a, b in distinct:
            self.steps[(mover, ptype)][a].add(b)
            ca, cb = geometry.centre.get(a), geometry.centre.get(b)
            if ca is not None and cb is not None:
                self.vectors[(mover, ptype)].add((cb[0] - ca[0], cb[1] - ca[1]))
        if ply >= SKIP_PLIES:
            self.sampled += 1
            self.sampled_moves += len(moves)
            for _, owner, ptype in state.signature().board:
                if owner == mover:
                    self.seen_by_type[ptype] += 1
            for ptype, _, _ in distinct:
                self.steps_by_type[ptype] += 1

    def knowledge(self) -> GameKnowledge:
        """What the positions watched so far teach (the evidence itself is left as it is)."""
        if self._known is not None:
            return self._known
        game, geometry = self.game, self.geometry
        steps = {k: {a: set(b) for a, b in v.items()} for k, v in self.steps.items()}
        vectors = {k: set(v) for k, v in self.vectors.items()}
        promoted = {k: set(v) for k, v in self.promoted.items()}
        jumps = {k: set(v) for k, v in self.jumps.items()}
        landings = {k: {d: list(c) for d, c in v.items()} for k, v in self.landings.items()}
        mirror = player_mirror(game, geometry)
        if mirror is not None:
            steps, vectors, promoted = (defaultdict(lambda: defaultdict(set), {k: defaultdict(set, v)
                                                                                for k, v in steps.items()}),
                                        defaultdict(set, vectors), defaultdict(set, promoted))
            jumps = defaultdict(set, jumps)
            landings = defaultdict(lambda: defaultdict(lambda: [0, 0]),
                                   {k: defaultdict(lambda: [0, 0], v) for k, v in landings.items()})
            _share_between_players(game.players, mirror, steps, vectors)
            _share_promotions(game.players, mirror, promoted)
            _share_lines(game.players, mirror, jumps, landings)
        values = {t: self.steps_by_type[t] / self.seen_by_type[t] for t in self.seen_by_type
                  if self.seen_by_type[t]}
        floor = max(1.0, min([v for v in values.values() if v > 0], default=1.0))
        for t in list(game.piece_types) + list(values):
            if values.get(t, 0) <= 0:
                values[t] = floor
        sampled = self.sampled
        self._known = GameKnowledge(
            values, {k: dict(v) for k, v in steps.items()}, dict(vectors), geometry,
            self.sampled_moves / sampled if sampled else 0.0, self.marked,
            {k: (_whole_rows(geometry, {c for c, _ in v}), frozenset(n for _, n in v))
             for k, v in promoted.items() if v},
            dict(jumps), {k: {d: list(c) for d, c in v.items()} for k, v in landings.items()})
        return self._known


def _cells_changed(part: PartDetails) -> set[str]:
    """Every cell one part empties or fills (movements' ends, captures, placements, changes)."""
    cells = {m.source for m in part.movements} | {m.target for m in part.movements}
    cells.update(part.captures)
    cells.update(p.cell for p in part.placements)
    cells.update(c.cell for c in part.changes)
    return cells


def _evidence(geometry: Geometry, movements, occupied: set[str]):
    """``(type, vector, jumped, landed)`` for each movement seen in one position, as far as it shows.

    ``movements`` are ``(type, source, target, took the target's piece, took any piece, cells an
    earlier part of the turn changed)``.  ``jumped``: the movement passed over a cell that held a
    piece.  ``landed``: :data:`CAPTURE` when it took the piece on its target, :data:`QUIET` when
    it ended on an empty cell taking nothing, None when neither is known (it took a piece
    elsewhere, or an earlier part of the turn changed its target).  Cells an earlier part changed
    are not read.
    """
    for ptype, source, target, took_target, took_any, touched in movements:
        a, b = geometry.centre.get(source), geometry.centre.get(target)
        if a is None or b is None or a == b:
            continue
        jumped = any(c in occupied and c not in touched for c in geometry.between(source, target))
        if took_target:
            landed = CAPTURE
        elif not took_any and target not in occupied and target not in touched:
            landed = QUIET
        else:
            landed = None
        yield (ptype, (b[0] - a[0], b[1] - a[1]), jumped, landed)


def _whole_rows(geometry: Geometry, cells: set[str]) -> frozenset[str]:
    """Every cell of the drawn board in the same row (centre height) as one of ``cells``."""
    rows = {geometry.centre[c][1] for c in cells if c in geometry.centre}
    return frozenset(cells | {c for c, (_, y) in geometry.centre.items() if y in rows})


MIRRORS = ((-1, -1), (1, -1), (-1, 1))
"""Board symmetries tried between two players' armies, as factors on (x, y) about the board's centre:
a half turn, a reflection top to bottom, a reflection left to right."""


@dataclass(frozen=True)
class Mirror:
    """A board symmetry: the cell map and the factors it applies to a displacement."""

    cells: dict[str, str]
    factors: tuple[int, int]


def player_mirror(game: Game, geometry: Geometry) -> Mirror | None:
    """The board symmetry taking the first player's start army onto the second's, if there is one.

    Chess is mirrored top to bottom, Canopus turned half round.  None when the
    game does not have exactly two players or no symmetry of :data:`MIRRORS` fits.
    """
    if len(game.players) != 2 or not geometry.centre:
        return None
    first, second = game.players
    army = game.initial_state().signature().board
    mine = {(c, t) for c, o, t in army if o == first}
    theirs = {(c, t) for c, o, t in army if o == second}
    if not mine or len(mine) != len(theirs):
        return None
    xs = [x for x, _ in geometry.centre.values()]
    ys = [y for _, y in geometry.centre.values()]
    cx, cy = min(xs) + max(xs), min(ys) + max(ys)
    for fx, fy in MIRRORS:
        cells = {}
        for name, (x, y) in geometry.centre.items():
            other = geometry.at.get((x if fx == 1 else cx - x, y if fy == 1 else cy - y))
            if other is None:
                break
            cells[name] = other
        else:
            if {(cells.get(c), t) for c, t in mine} == theirs:
                return Mirror(cells, (fx, fy))
    return None


def _share_between_players(players, mirror: Mirror, steps, vectors) -> None:
    """Give each player the steps the other was seen to make, seen through the board's mirror.

    Random play shows each side a different sample of moves; a symmetric game
    should not value a piece differently for the two sides because of it.
    """
    a, b = players
    fx, fy = mirror.factors
    cells = mirror.cells
    for t in {t for _, t in steps} | {t for _, t in vectors}:
        seen = {p: {c: set(ts) for c, ts in steps.get((p, t), {}).items()} for p in players}
        for src, dst in ((a, b), (b, a)):
            for cell, targets in seen[src].items():
                if cell in cells:
                    steps[(dst, t)][cells[cell]] |= {cells[c] for c in targets if c in cells}
        va, vb = set(vectors.get((a, t), ())), set(vectors.get((b, t), ()))
        vectors[(a, t)] = va | {(fx * dx, fy * dy) for dx, dy in vb}
        vectors[(b, t)] = vb | {(fx * dx, fy * dy) for dx, dy in va}


def _share_promotions(players, mirror: Mirror, promoted) -> None:
    """Give each player the promotions (cell, new type) the other was seen to make, through the mirror."""
    a, b = players
    cells = mirror.cells
    for t in {t for _, t in promoted}:
        seen_a, seen_b = set(promoted.get((a, t), ())), set(promoted.get((b, t), ()))
        promoted[(a, t)] = seen_a | {(cells[c], n) for c, n in seen_b if c in cells}
        promoted[(b, t)] = seen_b | {(cells[c], n) for c, n in seen_a if c in cells}


def _share_lines(players, mirror: Mirror, jumps, landings) -> None:
    """Give each player the jumps and landings the other was seen to make, seen through the board's mirror."""
    a, b = players
    fx, fy = mirror.factors
    for t in {t for _, t in jumps} | {t for _, t in landings}:
        ja, jb = set(jumps.get((a, t), ())), set(jumps.get((b, t), ()))
        jumps[(a, t)] = ja | {(fx * dx, fy * dy) for dx, dy in jb}
        jumps[(b, t)] = jb | {(fx * dx, fy * dy) for dx, dy in ja}
        la = {d: list(c) for d, c in landings.get((a, t), {}).items()}
        lb = {d: list(c) for d, c in landings.get((b, t), {}).items()}
        for src, dst in ((la, (b, t)), (lb, (a, t))):
            for (dx, dy), (captures, quiets) in src.items():
                counts = landings[dst][(fx * dx, fy * dy)]
                counts[0] += captures
                counts[1] += quiets


class KnowledgeCache:
    """What random play taught about each game, kept for the games still in use: the owner of learned knowledge.

    Learning costs seconds, so the players of one command or one server share
    a cache that their owner (``zrf play``, the ``zrf serve`` application)
    makes and passes to :func:`runtime.players.factory.make_player`.  Entries
    are keyed *weakly* by the game object: once learning is complete an entry
    holds only the knowledge, so a game the program no longer holds (a closed
    browser game) is collected with nothing here keeping it, and its entry is
    dropped at the next lookup.  A game still being learned (a player learns
    against its clock, :class:`Learner`, and goes on during its later moves)
    is held by its learner until learning completes or the entry leaves.  At
    most ``capacity`` entries are kept, the least recently used leaving first
    (a game that comes back learns again, to the same knowledge).  Lookups may
    come from several threads (the server's searches): a lock guards the table,
    and each learner has its own lock, so one game is learned by one thread at
    a time while other games are looked up.
    """

    def __init__(self, capacity: int = 16):
        if capacity < 1:
            raise ValueError("a knowledge cache holds at least one game")
        self.capacity = capacity
        self._entries: OrderedDict[tuple[int, int, int], _Entry] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            self._drop_dead()
            return len(self._entries)

    def knowledge(self, game: Game, seed: int = 0, positions: int = DEFAULT_POSITIONS) -> GameKnowledge:
        """:func:`learn`, remembered for this game object, seed and size."""
        return self.knowledge_by(game, Deadline.none(), seed, positions)[0]

    def knowledge_by(self, game: Game, deadline: Deadline, seed: int = 0,
                     positions: int = DEFAULT_POSITIONS) -> tuple[GameKnowledge, bool]:
        """What is known of ``game`` after learning on until ``deadline``'s hard limit, and whether
        learning is complete; each call goes on where the last one for this game, seed and size
        stopped (:meth:`knowledge` is the same without a deadline)."""
        key = (id(game), seed, positions)
        with self._lock:
            self._drop_dead()
            entry = self._entries.get(key)
            if entry is None or entry.game() is not game:
                entry = self._entries[key] = _Entry(weakref.ref(game), Learner(game, positions, seed))
            self._entries.move_to_end(key)
            while len(self._entries) > self.capacity:
                self._entries.popitem(last=False)
        with entry.lock:
            if entry.known is not None:
                return entry.known, True
            learner = entry.learner
            complete = learner.complete or learner.run(deadline)
            knowledge = learner.knowledge()
            if complete:  # the learner (and its hold on the game) is no longer needed
                entry.known, entry.learner = knowledge, None
        return knowledge, complete

    def _drop_dead(self) -> None:
        """Forget the knowledge of games that have been collected (their id may be reused)."""
        for key in [k for k, entry in self._entries.items() if entry.game() is None]:
            del self._entries[key]


class _Entry:
    """One game's entry in a :class:`KnowledgeCache`: its learner until learning completes, then
    only what it learned."""

    __slots__ = ("game", "learner", "known", "lock")

    def __init__(self, game: weakref.ref, learner: Learner):
        self.game = game
        self.learner: Learner | None = learner
        self.known: GameKnowledge | None = None
        self.lock = threading.Lock()

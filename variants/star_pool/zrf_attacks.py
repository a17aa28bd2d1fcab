"""The links the Star Pool ZRF needs to guard the King's first-move leap exactly.

The King's Knight leap is not allowed while that King is in check (RULES.md A8),
and the engine decides that check as decision D7 says: an unmoved enemy King's
leap threatens a square only if that enemy King is not attacked *with the leaps
left out*.  Zillions' ``attacked?`` counts every move, leaps included, and
nesting it inside the leap's own guard is undocumented (SEMANTICS §9), so the
ZRF does not use it there.  It looks for the attackers itself, from the King's
cell, along extra board directions that lead from a cell to the cells an
attacker would stand on.  They are computed here from the engine's own reverse
tables (:class:`variants.star_pool.board.Tables` ``rev_step`` / ``rev_slide`` /
``rev_leap`` / ``king_leap``): the single-move and leap links are those tables
written as links, and :func:`check_rays` proves at generation time that the
backward walks find exactly the slides of ``rev_slide``:

* *single moves* (steps, and the jumps of Knights, Wizards and Great
  Elephants): for each set of piece types that attack a cell from the same
  cell (a *kind*, named by the types' letters: ``KCL`` = King, Captain,
  Lieutenant), directions ``e-KCL-1``, ``e-KCL-2``, … lead from a cell to the
  cells from which an enemy piece of that kind could capture on it (White's
  view: the enemy is Black), ``f-KCL-1``, … to those of a friendly piece;
  Black's symmetry swaps ``e-`` and ``f-``;
* *slides*: ``from-n`` … ``from-sw`` walk a line backwards (``from-ne`` leads
  to the cell whose ``ne`` step reaches this one), ``from-tne`` … lead from a
  citadel to the cell whose teleport reaches it; a slider stands at the first
  occupied cell of the walk;
* *the enemy King's leap*: ``e-leap-1``, … lead to the cells from which an
  enemy King could leap onto the cell but which the friendly King standing
  there could not leap to (``f-leap-`` the same for the other side).  Only
  such cells need the extra test; see docs/variants/star_pool-zrf.md ("The
  King's first-move leap (D7)").
"""

from __future__ import annotations

from collections import defaultdict

from .board import NAMES, TYPE_NAMES, Tables

#: One letter per piece type for the names of the attack kinds (``KCL``).
LETTERS = {"King": "K", "General": "G", "Captain": "C", "Great-Elephant": "E",
           "Knight": "N", "Rook": "R", "Wizard": "W", "Pawn": "P", "Sergeant": "S",
           "Lieutenant": "L"}

#: Direction name -> unit step, as in zrf_context.DIRECTIONS.
STEPS = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0),
         "ne": (1, 1), "nw": (-1, 1), "se": (1, -1), "sw": (-1, -1)}
DIAGONALS = ("ne", "nw", "se", "sw")

#: The side whose view the link names take: ``e-`` links lead to the other side's
#: attackers, ``f-`` links to this side's.
VIEW = 0


def kind_name(mask: int) -> str:
    """The letters of the piece types in a bit mask over type codes."""
    return "".join(LETTERS[name] for code, name in sorted(TYPE_NAMES.items()) if mask >> code & 1)


def kind_types(mask: int) -> list[str]:
    return [name for code, name in sorted(TYPE_NAMES.items()) if mask >> code & 1]


def _prefix(side: int) -> str:
    return "f" if side == VIEW else "e"


def step_links(tables: Tables) -> list[tuple[str, list[tuple[str, str]]]]:
    """``(direction, [(cell, attacker's cell), ...])`` for every single-move attack."""
    links: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for side in (0, 1):
        for i, name in enumerate(NAMES):
            count: dict[str, int] = defaultdict(int)
            for src, mask in sorted(tables.rev_step[side][i]):
                kind = kind_name(mask)
                count[kind] += 1
                links[f"{_prefix(side)}-{kind}-{count[kind]}"].append((name, NAMES[src]))
    return sorted(links.items())


def step_kinds(tables: Tables) -> list[tuple[str, list[str], int]]:
    """``(kind, piece types, number of links)`` for every single-move kind."""
    out: dict[str, tuple[list[str], int]] = {}
    for side in (0, 1):
        for i in range(len(NAMES)):
            count: dict[int, int] = defaultdict(int)
            for _, mask in tables.rev_step[side][i]:
                count[mask] += 1
            for mask, n in count.items():
                kind = kind_name(mask)
                out[kind] = (kind_types(mask), max(n, out.get(kind, ([], 0))[1]))
    return sorted((k, types, n) for k, (types, n) in out.items())


def reverse_step(tables: Tables, cell: str, name: str) -> str | None:
    """``from-<name>``: the cell whose plain step ``name`` reaches ``cell`` (None if none)."""
    g = tables.geometry
    d = STEPS[name]
    found = []
    for i, src in enumerate(NAMES):
        if name in DIAGONALS:
            targets = [j for j, tele in g.diag(i, d, False, 0)]
        else:
            j = g.orth(i, d)
            targets = [] if j is None else [j]
        if any(NAMES[j] == cell for j in targets):
            found.append(src)
    if len(found) > 1:
        raise AssertionError(f"two cells reach {cell} by one {name} step: {found}")
    return found[0] if found else None


def reverse_teleports(tables: Tables) -> list[tuple[str, list[tuple[str, str]]]]:
    """``from-t<d>``: from a citadel to the cell whose teleport ``t<d>`` reaches it."""
    g = tables.geometry
    out = []
    for name in DIAGONALS:
        pairs = []
        for i, src in enumerate(NAMES):
            for j, tele in g.diag(i, STEPS[name], True, 0):
                if tele:
                    pairs.append((NAMES[j], src))
        out.append(("from-t" + name, sorted(pairs)))
    return out


def slider_masks(tables: Tables) -> dict[str, int]:
    """Per line direction, the piece types (a bit mask) that slide along it: the same on
    every line of that direction and for both sides, or the construction does not apply."""
    seen: dict[str, set[int]] = defaultdict(set)
    walks = _walks(tables)
    for side in (0, 1):
        for i, cell in enumerate(NAMES):
            table = {(NAMES[s], tuple(NAMES[p] for p in path)): m
                     for s, path, m in tables.rev_slide[side][i]}
            for name, cells in walks[cell]:
                for k, src in enumerate(cells):
                    mask = table.get((src, tuple(reversed(cells[:k]))))
                    if mask is not None:
                        seen[name].add(mask)
    out = {}
    for name in STEPS:
        if len(seen[name]) != 1:
            raise AssertionError(f"sliders along {name}: {sorted(seen[name])}")
        out[name] = seen[name].pop()
    return out


def _walks(tables: Tables) -> dict[str, list[tuple[str, list[str]]]]:
    """Per cell, the walks the ZRF makes to find sliders: ``(line direction, cells)``.

    A walk ``from-d`` goes backwards along the line a slider moving ``d`` takes; a
    citadel also starts a walk by ``from-t<d>`` and goes on by ``from-d``.
    """
    back = {name: {c: reverse_step(tables, c, name) for c in NAMES} for name in STEPS}
    tele = {name: dict(pairs) for name, pairs in
            ((n[len("from-t"):], p) for n, p in reverse_teleports(tables))}
    out: dict[str, list[tuple[str, list[str]]]] = {}
    for cell in NAMES:
        walks = []
        for name in STEPS:
            starts = [back[name][cell]]
            if name in tele and cell in tele[name]:
                starts.append(tele[name][cell])
            for cur in starts:
                cells = []
                while cur is not None and cur not in cells:
                    cells.append(cur)
                    cur = back[name][cur]
                if cells:
                    walks.append((name, cells))
        out[cell] = walks
    return out


def check_rays(tables: Tables) -> None:
    """Prove that the ZRF's walks find exactly the engine's slide attacks.

    For every cell and side, each walk offers the attack "a slider of the line's
    kind on the k-th cell, the cells before it empty"; the set of those must equal
    ``rev_slide`` (source, cells between, types).  Raises AssertionError if not.
    """
    masks = slider_masks(tables)
    walks = _walks(tables)
    for side in (0, 1):
        for i, cell in enumerate(NAMES):
            want = {(NAMES[s], tuple(NAMES[p] for p in path), m)
                    for s, path, m in tables.rev_slide[side][i]}
            have = set()
            for name, cells in walks[cell]:
                for k, src in enumerate(cells):
                    have.add((src, tuple(reversed(cells[:k])), masks[name]))
            if have != want:
                raise AssertionError(f"slides onto {cell} (side {side}): the walks give "
                                     f"{sorted(have - want)} more, {sorted(want - have)} fewer")


def leaper_links(tables: Tables) -> list[tuple[str, list[tuple[str, str]]]]:
    """``e-leap-k`` / ``f-leap-k``: from a cell to the cells from which the other side's
    King could leap onto it, leaving out those the King on that cell could leap to."""
    links: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for side in (0, 1):
        king_side = 1 - side  # the King on the cell is of `king_side`; the leaper of `side`
        for i, name in enumerate(NAMES):
            own = set(tables.king_leap[king_side][i])
            leapers = [e for e in sorted(tables.rev_leap[side][i]) if e not in own]
            for k, e in enumerate(leapers, 1):
                links[f"{_prefix(side)}-leap-{k}"].append((name, NAMES[e]))
    return sorted(links.items())


def link_names(links) -> list[str]:
    return [name for name, _ in links]


def symmetry(names) -> list[tuple[str, str]]:
    """The second player's view: ``e-`` and ``f-`` links swap (they are absolute)."""
    names = set(names)
    out = []
    for name in sorted(names):
        other = {"e": "f", "f": "e"}[name[0]] + name[1:]
        if other not in names:
            raise AssertionError(f"{name} has no counterpart {other}")
        out.append((name, other))
    return out

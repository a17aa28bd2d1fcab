"""Board geometry tables the native engines share: steps, rays, leaps and their reverses.

Every engine numbers its cells 0..n-1 and knows each cell's ``(x, y)``
coordinates (file and rank; a hole or an odd shape is simply a missing
coordinate); a direction or a leap is an ``(dx, dy)`` offset.  The engines
keep their own direction numbering (it is part of each one's move order and
its tables' layout); what they share is how the tables are built, here, once.
Every table is made of tuples and built at import, so move generation reads
one list element per question.
"""

from __future__ import annotations

from typing import Sequence

Offset = tuple[int, int]

#: "no cell": a step off the board (or into a hole)
OFF = -1


def step_table(coords: Sequence[Offset], offsets: Sequence[Offset]) -> tuple[tuple[int, ...], ...]:
    """``STEP[d][i]``: the cell ``offsets[d]`` away from cell ``i`` (coordinates ``coords[i]``), or :data:`OFF`."""
    at = {xy: i for i, xy in enumerate(coords)}
    return tuple(tuple(at.get((x + dx, y + dy), OFF) for x, y in coords) for dx, dy in offsets)


def ray_table(step: Sequence[Sequence[int]]) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``RAYS[d][i]``: the cells met going from ``i`` (exclusive) in direction ``d`` of a
    :func:`step_table`, nearest first, until the edge or a hole."""
    rays = []
    for line in step:
        per_cell = []
        for i in range(len(line)):
            ray = []
            j = line[i]
            while j != OFF:
                ray.append(j)
                j = line[j]
            per_cell.append(tuple(ray))
        rays.append(tuple(per_cell))
    return tuple(rays)


def leap_table(coords: Sequence[Offset], offsets: Sequence[Offset]) -> tuple[tuple[int, ...], ...]:
    """``LEAPS[i]``: the cells reached from ``i`` by each offset in turn, those off the board left out."""
    by_offset = step_table(coords, offsets)
    return tuple(tuple(line[i] for line in by_offset if line[i] != OFF) for i in range(len(coords)))


def per_cell(table: Sequence[Sequence]) -> tuple[tuple, ...]:
    """A ``[direction][cell]`` table turned into ``[cell][direction]`` (for engines that index by cell first)."""
    return tuple(zip(*table))


def reverse(table: Sequence[Sequence]) -> tuple[tuple, ...]:
    """``REV[t]``: every entry of ``table[s]`` that lands on ``t``, with ``s`` in place of ``t``.

    An entry is a target cell, or a tuple whose first item is the target cell
    (a path with the cells it needs empty, say); sources come in cell order.
    This is how an attack test asks "who reaches ``t``?" with one look-up.
    """
    rev: list[list] = [[] for _ in table]
    for src, entries in enumerate(table):
        for entry in entries:
            if isinstance(entry, tuple):
                rev[entry[0]].append((src,) + entry[1:])
            else:
                rev[entry].append(src)
    return tuple(tuple(r) for r in rev)

"""Betza notation, the subset Fairy-Stockfish reads: a piece's moves as atoms and directions.

An atom is a leap ``(a, b)`` (``a >= b >= 0``: W (1,0), F (1,1), D (2,0), N (2,1), A (2,2),
H (3,0), C (3,1), Z (3,2), G (3,3)); doubled or followed by a digit it is a rider (to any
distance, or to that many steps), ``R`` and ``B`` being ``WW`` and ``FF``.  Prefixes choose
among the atom's up to eight directions (``f`` forward, ``b`` backward, ``l``/``r`` left and
right, ``v`` both vertical, ``s`` both sideways; two letters for one of the eight: ``fr``,
``rf``, ...), the modality (``m`` only without capturing, ``c`` only capturing), and the kind
(``n`` a lame leap that an occupied square on its path blocks, ``p`` a hop over one piece
landing anywhere beyond, ``g`` a hop landing just beyond).  Fairy-Stockfish reads directions of
two letters as one pair and a lone letter as that letter doubled, so this writer always
writes a direction as the pair that names it.

:class:`Step` is one direction of an atom with its distance and modality; :func:`write` turns
a set of steps into a Betza string, :func:`read` a Betza string into steps (the same
semantics, for the import and for tests).  Forward is the first player's (``+rank``).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from math import gcd


class Modality(enum.Enum):
    """What a step may do on arrival."""
    QUIET = "m"
    CAPTURE = "c"


class Kind(enum.Enum):
    """How a step travels."""
    LEAP = ""        # jumps to its square (a rider: step by step over empty squares)
    LAME = "n"       # a leap blocked by an occupied square on its way
    HOP = "p"        # over exactly one piece, landing at any distance beyond (cannon)
    GRASSHOP = "g"   # over exactly one piece, landing just beyond it


@dataclass(frozen=True, order=True)
class Step:
    """One move pattern: from a square, ``(dx, dy)`` (dx files right, dy ranks forward) repeated up to
    ``distance`` times (1: a leap; 0: without limit), doing ``modality`` on arrival."""

    dx: int
    dy: int
    distance: int
    modality: Modality
    kind: Kind = Kind.LEAP

    @property
    def atom(self) -> tuple[int, int]:
        a, b = abs(self.dx), abs(self.dy)
        return (max(a, b), min(a, b))


ATOMS = {(1, 0): "W", (1, 1): "F", (2, 0): "D", (2, 1): "N", (2, 2): "A", (3, 0): "H",
         (3, 1): "C", (3, 2): "Z", (3, 3): "G"}
LETTER_ATOMS = {v: k for k, v in ATOMS.items()} | {"L": (3, 1), "J": (3, 2)}
#: Riders Fairy-Stockfish knows (any distance, or limited): only these atoms may ride.
RIDING_ATOMS = {(1, 0), (1, 1), (2, 1)}
#: Lame leaps Fairy-Stockfish knows.
LAME_ATOMS = {(2, 1), (2, 2), (3, 2), (2, 0)}
#: Hops Fairy-Stockfish knows.
HOPPING_ATOMS = {(1, 0), (1, 1)}


def directions(atom: tuple[int, int]) -> list[tuple[int, int]]:
    """The distinct directions ``(dx, dy)`` of an atom ``(a, b)``."""
    a, b = atom
    out = []
    for dx, dy in ((b, a), (-b, a), (b, -a), (-b, -a), (a, b), (-a, b), (a, -b), (-a, -b)):
        if (dx, dy) not in out:
            out.append((dx, dy))
    return out


def _pair_directions(pair: str, atom: tuple[int, int]) -> set[tuple[int, int]]:
    """The directions of ``atom`` that a direction pair such as ``ff``, ``fr``, ``vv`` selects.

    A doubled letter selects the directions whose main component goes that way (``ff``: the
    forward ones that go more forward than sideways; ``v``: forward and backward; ``s``: both
    sides).  A pair of a vertical and a horizontal letter selects the directions whose main
    component is the *second* letter's and whose other component is the first letter's:
    ``fr`` of N is (+2, +1), two right and one forward, ``rf`` is (+1, +2).  An orthogonal atom
    has no such directions, so a mixed pair stands for both of its letters doubled.
    """
    _, b = atom
    dirs = directions(atom)
    sign = {"f": lambda dx, dy: dy > 0, "b": lambda dx, dy: dy < 0, "v": lambda dx, dy: dy != 0,
            "r": lambda dx, dy: dx > 0, "l": lambda dx, dy: dx < 0, "s": lambda dx, dy: dx != 0}

    def main(letter, dx, dy):
        vertical = letter in "fbv"
        return (abs(dy) >= abs(dx)) if vertical else (abs(dx) >= abs(dy))

    c1, c2 = pair[0], pair[1]
    if c1 == c2:
        return {d for d in dirs if sign[c1](*d) and main(c1, *d)}
    if b == 0:
        return _pair_directions(c1 * 2, atom) | _pair_directions(c2 * 2, atom)
    return {d for d in dirs if sign[c2](*d) and main(c2, *d) and sign[c1](*d)}


_PAIRS = [a + b for a in "fblrvs" for b in "fblrvs"
          if a == b or (a in "fbv") != (b in "fbv")]


def _cover(wanted: set, atom: tuple[int, int]) -> list[str] | None:
    """Direction pairs whose union is exactly ``wanted`` (None when ``wanted`` is every direction)."""
    every = set(directions(atom))
    if wanted == every:
        return None
    exact = [p for p in _PAIRS if _pair_directions(p, atom) == wanted]
    if exact:
        return [exact[0]]
    chosen: list[str] = []
    covered: set = set()
    usable = sorted((p for p in _PAIRS if _pair_directions(p, atom) and _pair_directions(p, atom) <= wanted),
                    key=lambda p: -len(_pair_directions(p, atom)))
    for p in usable:
        new = _pair_directions(p, atom) - covered
        if new:
            chosen.append(p)
            covered |= new
        if covered == wanted:
            return chosen
    raise ValueError(f"directions {sorted(wanted)} of atom {atom} cannot be written")


def _written_pairs(pairs: list[str]) -> str:
    if len(pairs) == 1 and pairs[0][0] == pairs[0][1]:
        return pairs[0][0]
    return "".join(pairs)


def write(steps) -> str:
    """The Betza text of ``steps`` (raises ValueError for a step Fairy-Stockfish cannot express)."""
    groups: dict = {}
    for s in steps:
        key = (s.atom, s.distance, s.kind)
        groups.setdefault(key, {}).setdefault((s.dx, s.dy), set()).add(s.modality)
    out = []
    for (atom, distance, kind) in sorted(groups, key=lambda k: (k[0], k[1], k[2].value)):
        if atom not in ATOMS:
            raise ValueError(f"no Betza atom for the leap {atom}")
        if distance != 1 and atom not in RIDING_ATOMS:
            raise ValueError(f"Fairy-Stockfish has no rider of atom {ATOMS[atom]}")
        if kind is Kind.LAME and atom not in LAME_ATOMS:
            raise ValueError(f"Fairy-Stockfish has no lame {ATOMS[atom]}")
        if kind in (Kind.HOP, Kind.GRASSHOP) and atom not in HOPPING_ATOMS:
            raise ValueError(f"Fairy-Stockfish has no hopping {ATOMS[atom]}")
        by_modality: dict = {}
        for d, mods in groups[(atom, distance, kind)].items():
            key = "" if len(mods) == 2 else next(iter(mods)).value
            by_modality.setdefault(key, set()).add(d)
        letter = ATOMS[atom]
        if kind in (Kind.HOP, Kind.GRASSHOP) or distance != 1:
            letter = {(1, 0): "R", (1, 1): "B"}.get(atom, letter + letter) if distance == 0 else letter + str(distance)
        for modality in sorted(by_modality):
            pairs = _cover(by_modality[modality], atom)
            out.append(modality + kind.value + (_written_pairs(pairs) if pairs else "") + letter)
    return "".join(out)


def read(text: str) -> set[Step]:
    """The steps of a Betza text (the subset :func:`write` writes and Fairy-Stockfish reads)."""
    steps: set[Step] = set()
    modalities: list[Modality] = []
    kind = Kind.LEAP
    pairs: list[str] = []
    i = 0
    while i < len(text):
        c = text[i]
        if c in "mc":
            modalities.append(Modality(c))
        elif c in "npg":
            kind = Kind(c)
        elif c in "fbvrlsh":
            if i + 1 < len(text) and (text[i + 1] == c or ((c in "fbvh") != (text[i + 1] in "fbvh")
                                                           and text[i + 1] in "fbvrlsh")):
                pairs.append(c + text[i + 1])
                i += 1
            else:
                pairs.append(c + c)
        elif c in "RBQK" or c in LETTER_ATOMS:
            atoms = {"R": [(1, 0)], "B": [(1, 1)], "Q": [(1, 0), (1, 1)], "K": [(1, 0), (1, 1)]}.get(c) \
                or [LETTER_ATOMS[c]]
            distance = 0 if c in "RBQ" else 1
            if i + 1 < len(text) and (text[i + 1].isdigit() or text[i + 1] == c):
                distance = 0 if text[i + 1] == c else int(text[i + 1])
                i += 1
            mods = modalities or [Modality.QUIET, Modality.CAPTURE]
            for atom in atoms:
                chosen: set = set()
                for p in pairs:
                    chosen |= _pair_directions(p, atom)
                for d in (chosen if pairs else directions(atom)):
                    for m in mods:
                        steps.add(Step(d[0], d[1], distance, m, kind))
            modalities, kind, pairs = [], Kind.LEAP, []
        elif c.isspace():
            pass
        else:
            raise ValueError(f"Betza letter {c!r} is not read here")
        i += 1
    return steps


def primitive(dx: int, dy: int) -> tuple[int, int, int]:
    """``(dx/g, dy/g, g)`` for the greatest common divisor g of a vector."""
    g = gcd(abs(dx), abs(dy)) or 1
    return dx // g, dy // g, g

"""Where a game's pieces in hand may be dropped, read from our interpreter, as Fairy-Stockfish options.

A piece off the board at the start is a Fairy-Stockfish piece in hand (the start FEN's
``[...]``), and a game with pieces in hand has ``pieceDrops = true``.  Where each piece may be
dropped is asked of the interpreter, never read from the ZRF's text: the first player's drops
on the empty board (its stores as at the start) give the squares; the same with a piece of the
same type on a square, its own and then the opponent's, show whether a drop depends on the
board.  What Fairy-Stockfish can say becomes an option:

* the squares, when not every square: ``dropRegionWhite`` and, mirrored rank by rank,
  ``dropRegionBlack`` (one region for every piece type, as Fairy-Stockfish has it);
* a file already holding one's own piece of that type barred: ``dropNoDoubled`` (shogi's pawn);
* the squares where the piece could never move again barred: ``immobilityIllegal`` (shogi's
  pawn, lance and knight on the last ranks);
* ``firstRankPawnDrops`` and ``promotionZonePawnDrops`` always true, so that a type lettered
  ``p`` is dropped where the region says and nowhere less.

The second player's drops on the empty board are probed too (:func:`second_player_targets`):
Fairy-Stockfish's drop rules are the same for both sides, the regions mirrored rank by rank,
so a second player dropping a type elsewhere than the first player's squares mirrored is a
reason naming the squares.

Everything else is a reason in :attr:`DropRules.problems`, which the export reports as E810
at the drop block: a drop that captures, changes or flips pieces, drops the piece as another
type, or whose squares depend on the board otherwise (next to a piece, away from one...).
The verification then checks the whole game, hands included.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .probing import BoardFrame, Prober, region_option


@dataclass
class DropRules:
    """The drop options of a game (see the module docstring) and what they cannot say."""

    options: dict[str, str] = field(default_factory=dict)
    #: piece type -> the reasons its drops are no Fairy-Stockfish drop
    problems: dict[str, list[str]] = field(default_factory=dict)
    #: types dropped everywhere but where they could not move again (``immobilityIllegal``)
    immobility: set[str] = field(default_factory=set)


def drop_targets(prober: Prober, ptype: str, others=()) -> tuple[set[str], list[str]]:
    """The cells where the first player drops ``ptype`` on a board holding only ``others``, and
    what those drops do that a Fairy-Stockfish drop does not."""
    cells: set[str] = set()
    problems: list[str] = []
    for d in prober.moves(list(others), hands=True):
        if d.movements or not d.placements:
            continue
        placed = d.placements[0]
        if placed.piece[1] != ptype and not any(p.piece[1] == ptype for p in d.placements):
            continue
        if len(d.placements) != 1:
            problems.append(f"a drop of {ptype} puts {len(d.placements)} pieces on the board: "
                            "Fairy-Stockfish drops one")
        elif placed.cell in d.captures:
            problems.append(f"{ptype} may be dropped onto a piece (on {placed.cell}): Fairy-Stockfish drops "
                            "only on empty squares")
        elif d.captures:
            problems.append(f"a drop of {ptype} on {placed.cell} captures on {', '.join(d.captures)}: "
                            "Fairy-Stockfish's drops capture nothing")
        elif d.changes:
            problems.append(f"a drop of {ptype} on {placed.cell} also changes the piece on "
                            f"{d.changes[0].cell} ({d.changes[0].kind.value}): Fairy-Stockfish's drops change "
                            "nothing")
        else:
            cells.add(placed.cell)
    return cells, problems


def second_player_targets(prober: Prober, ptype: str) -> set[str] | None:
    """The cells where the second player drops ``ptype`` on the empty board: with the start's
    stores, or, where hands are board cells, with one ``ptype`` of its own on the first hand
    cell it drops from.  None when it has none to drop."""
    enemy = prober.enemy
    if prober.hand_rules is None:
        trials: list[list[tuple[str, str, str]]] = [[]]
    else:
        trials = [[(enemy, ptype, c)] for c in sorted(prober.hand_rules.hand)]
    for placements in trials:
        cells = {d.placements[0].cell for d in prober.moves(placements, hands=True, turn=1)
                 if not d.movements and len(d.placements) == 1 and d.placements[0].piece == (enemy, ptype)}
        if cells:
            return cells
    return None


def read_drops(prober: Prober, frame: BoardFrame, hand_types: list[str], letters: dict[str, str],
               mirror, stuck: dict[str, set[str]] | None = None) -> DropRules:
    """The drop options for the pieces ``hand_types`` the first player has in hand at the start;
    ``letters`` are the export's piece letters, ``mirror`` a cell's square mirrored rank by rank (None: a wall),
    ``stuck`` the cells where each type could not move again: a type dropped everywhere but
    there is dropped everywhere under ``immobilityIllegal`` (shogi's pawn, lance and knight)."""
    rules = DropRules()
    rules.options["pieceDrops"] = "true"
    rules.options["firstRankPawnDrops"] = "true"
    rules.options["promotionZonePawnDrops"] = "true"
    regions: dict[str, frozenset] = {}
    no_doubled: list[str] = []
    for ptype in hand_types:
        found: list[str] = []
        region, problems = drop_targets(prober, ptype)
        found += problems
        if not region:
            found.append(f"{ptype} cannot be dropped on the empty board, so where it may be dropped "
                         "depends on the pieces on it: no Fairy-Stockfish drop rule says this")
            rules.problems[ptype] = found
            continue
        theirs = second_player_targets(prober, ptype)
        mirrored = {m for c in region if (m := mirror(c)) is not None}
        if theirs is not None and theirs != mirrored:
            differ = "; ".join(f"{word} on {', '.join(sorted(cells))}" for word, cells in
                               (("also", theirs - mirrored), ("not", mirrored - theirs)) if cells)
            found.append(f"{prober.enemy} drops {ptype} elsewhere than {prober.player}'s squares mirrored rank by "
                         f"rank (on the empty board, {differ}): Fairy-Stockfish's drop rules are the same for "
                         "both sides")
        cannot_move = (stuck or {}).get(ptype, set())
        if cannot_move and region == set(frame.square) - cannot_move:
            rules.immobility.add(ptype)
            region = set(frame.square)
        regions[ptype] = frozenset(region)
        reference = min(region, key=lambda c: _centre_distance(frame, c))
        for owner in (prober.player, prober.enemy):
            got, problems = drop_targets(prober, ptype, [(owner, ptype, reference)])
            if ptype in rules.immobility:
                got |= cannot_move - {reference}
            found += problems
            if reference in got and not problems:
                found.append(f"{ptype} may be dropped onto a piece (on {reference}): Fairy-Stockfish drops "
                             "only on empty squares")
            missing = region - got - {reference}
            extra = got - region
            same_file = {c for c in region if frame.square[c][0] == frame.square[reference][0]} - {reference}
            if ptype in rules.immobility:
                same_file -= cannot_move
            if owner == prober.player and missing and missing == same_file and not extra:
                no_doubled.append(ptype)
                continue
            if missing or extra:
                found.append(f"where {ptype} may be dropped depends on the pieces on the board (with "
                             f"{'its own' if owner == prober.player else 'an enemy'} {ptype} on {reference}: "
                             f"{_cells_or_none(extra)} more, {_cells_or_none(missing)} fewer): no "
                             "Fairy-Stockfish drop rule says this")
        if found:
            rules.problems[ptype] = sorted(set(found))
    if len(set(regions.values())) > 1:
        first, *rest = sorted(regions)
        for ptype in rest:
            if regions[ptype] != regions[first]:
                rules.problems.setdefault(ptype, []).append(
                    f"{ptype} is dropped on other squares than {first}: Fairy-Stockfish has one drop region "
                    "for every piece type")
    if len(no_doubled) > 1:
        for ptype in no_doubled[1:]:
            rules.problems.setdefault(ptype, []).append(
                f"{ptype} may not be dropped on a file holding one already, as {no_doubled[0]}: "
                "Fairy-Stockfish has that rule for one piece type")
    elif no_doubled:
        rules.options["dropNoDoubled"] = letters[no_doubled[0]]
    common: frozenset | None = next(iter(regions.values()), None)
    if common is not None and common != frozenset(frame.square):
        rules.options["dropRegionWhite"] = region_option(frame, common)
        rules.options["dropRegionBlack"] = region_option(frame, {m for c in common if (m := mirror(c)) is not None})
    return rules


def _centre_distance(frame: BoardFrame, cell: str) -> float:
    f, r = frame.square[cell]
    return abs(f - (frame.files - 1) / 2) + abs(r - (frame.ranks - 1) / 2)


def _cells_or_none(cells) -> str:
    return ", ".join(sorted(cells)) or "none"

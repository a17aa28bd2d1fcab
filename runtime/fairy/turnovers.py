"""Pieces that turn over into another type and back (Kyoto shogi), as Fairy-Stockfish's demotions.

In Kyoto shogi every piece turns over after each move: a Gold that moves becomes a Knight,
a Knight that moves becomes a Gold again.  The probes (:class:`.probing.PieceMoves`) see two
shogi-style promotions (:meth:`.export._PieceExport._piece_promotion`), Gold to Knight and
Knight to Gold: a two-cycle.  Fairy-Stockfish says it with one of the pair as the base type
(``promotedPieceType`` names the other as its promoted form, written ``+x`` in FENs after the
base's letter, its moves those of a piece used only as a promotion) and ``pieceDemotion``
(a promoted piece turns back into its base on the moves where a base would promote: the
same region, the same ``mandatoryPiecePromotion``; the export's checks of one region and one
rule see the turn-backs among the promotions).

The base of a pair is the side a hand holds (at the start, or as the type a captured piece
goes to the hand as): Fairy-Stockfish has only bases in hand.  A pair that no hand holds is
told apart by nothing but the FEN, so its base is the side the set-up holds, or, where the
set-up holds both (Not Chess: Men and Knights, each turning into the other), the first of the
two by name, the set-up pieces of the other side written as promoted bases (``+m``) that turn
back when they move.  Everything else is a reason, reported as E808 at the piece: a pair
whose two sides are both held in a hand (a promoted piece would be told from one that never
promoted), a pair of which neither is set up nor in hand, a turn-over into a held type that
never turns back (no counterpart), a chain or cycle of more than two types (a promoted piece
turns back only into its base), promoted forms of which some turn back and others do not
(``pieceDemotion`` is one rule for every piece).  The verification checks the whole game afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: type -> (the type it promotes to, its promotion region, mandatory?, immobility only?):
#: the shogi-style promotions the export read (``_PieceExport.piece_promotions``)
Promotions = dict[str, tuple[str, frozenset, bool, bool]]


@dataclass
class TurnOvers:
    """What :func:`read_turnovers` found."""

    #: promoted type -> its base: the promotions that are turn-backs (``pieceDemotion``)
    demoting: dict[str, str] = field(default_factory=dict)
    #: the types whose promotion this module judged (a turn-over or a reason): the export's
    #: own check of a promotion into a held type leaves them out
    judged: set[str] = field(default_factory=set)
    #: piece type -> the reasons its turn-over is no Fairy-Stockfish promotion
    problems: dict[str, list[str]] = field(default_factory=dict)

    def problem(self, t: str, text: str) -> None:
        self.problems.setdefault(t, []).append(text)


def read_turnovers(promotions: Promotions, set_up: set[str], in_hand: set[str]) -> TurnOvers:
    """The turn-overs among ``promotions``; ``set_up`` are the types on the board at the start,
    ``in_hand`` those in hand at the start or carried to a hand when captured (see the module
    docstring)."""
    out = TurnOvers()
    held = set_up | in_hand
    target = {t: promo[0] for t, promo in promotions.items()}
    for t in promotions:
        u = target[t]
        if u not in target and u not in held:
            continue  # an ordinary promotion
        out.judged.add(t)
        if u not in target:
            out.problem(t, f"{t} turns into {u}, which is also a piece of its own (set up or in hand), and {u} "
                        f"never turns back into {t}: Fairy-Stockfish tells a promoted piece from one of its type "
                        "that never promoted")
            continue
        if target[u] != t:
            out.problem(t, f"{t} turns into {_chain(t, target)}: a Fairy-Stockfish promoted form has one base "
                        "type, and turns back into it alone")
            continue
        if u in out.judged:
            continue  # the pair was judged from its other side
        pair = sorted((t, u))
        sides = [s for s in pair if s in held]
        hand_sides = [s for s in pair if s in in_hand]
        if len(hand_sides) == 2:
            out.problem(pair[0], f"{pair[0]} and {pair[1]} turn into each other and both are held in a hand: "
                        "a Fairy-Stockfish hand holds only the base side of a pair, never its promoted form")
        elif not sides:
            out.problem(pair[0], f"{pair[0]} and {pair[1]} turn into each other and neither is set up nor in "
                        "hand: no side of the pair is its base")
        else:
            base = (hand_sides or sides)[0]
            out.demoting[u if base == t else t] = base
    if out.demoting:
        demoted_bases = set(out.demoting.values())
        for t, u in target.items():
            if t in out.judged or t in demoted_bases or t in out.demoting:
                continue
            if u not in target:
                out.problem(t, f"{u}, the promoted form of {t}, never turns back where the promoted forms of "
                            f"{', '.join(sorted(demoted_bases))} do: Fairy-Stockfish's pieceDemotion is one rule "
                            "for every piece")
    return out


def _chain(start: str, target: dict[str, str]) -> str:
    """``start``'s promotions followed until a type repeats or promotes no further: ``B, then C``."""
    seen = [start]
    t = target[start]
    while t in target and t not in seen:
        seen.append(t)
        t = target[t]
    seen.append(t)
    return ", then ".join(seen[1:])

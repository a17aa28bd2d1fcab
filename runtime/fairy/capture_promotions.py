"""Pieces that change type when they capture (micro shogi), as Fairy-Stockfish's promotions on capture.

In micro shogi a piece turns over each time it captures: a Bishop that takes becomes a
Tokin, a Tokin that takes becomes a Bishop again.  Fairy-Stockfish says this with
``piecePromotionOnCapture`` (a piece promotes only by capturing), ``mandatoryPiecePromotion``
(on every capture, else by choice), ``pieceDemotion`` (a promoted piece that captures turns back), a
promotion region of every square and ``promotedPieceType`` naming each base type's promoted
form.

Read from the probes (:class:`.probing.PieceMoves`: the type each capture from the probe
square arrives as), never from the move programs' text; a capture onto a square where the
piece also promotes without capturing (a shogi piece entering its zone) is no capture's
promotion and is left out.  A type is a base type when it is
set up or in hand, and its capture form a promoted type; a promoted type's capture form must
be its base (a demotion) or itself.  Everything else is a reason, reported as E808 at the
piece: more than one form, some types changing on every capture where others may capture
unchanged (one ``mandatoryPiecePromotion`` for every piece), a form that is
also set up (Fairy-Stockfish tells a promoted piece from one that never promoted), a type
that also changes on moves that capture nothing, promoted types of which some turn back and
others do not (``pieceDemotion`` is one rule for every piece).  The verification checks the
whole game afterwards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .probing import BoardFrame, PieceMoves, region_option


@dataclass
class CapturePromotions:
    """What the probes found (see the module docstring)."""

    #: base type -> the type it turns into when it captures
    promoted: dict[str, str] = field(default_factory=dict)
    #: do the promoted types turn back into their base when they capture?
    demotion: bool = False
    #: does every capture change the type (else the capturing player chooses)?
    mandatory: bool = True
    #: piece type -> the reasons its captures are no Fairy-Stockfish promotion
    problems: dict[str, list[str]] = field(default_factory=dict)

    def options(self, frame: BoardFrame, letters: dict[str, str]) -> dict[str, str]:
        """The section's options for these promotions."""
        everywhere = region_option(frame, frame.square)
        return {"promotionRegionWhite": everywhere, "promotionRegionBlack": everywhere,
                "promotedPieceType": " ".join(f"{letters[b]}:{letters[p]}" for b, p in self.promoted.items()),
                "piecePromotionOnCapture": "true", "mandatoryPiecePromotion": "true" if self.mandatory else "false",
                "pieceDemotion": "true" if self.demotion else "false"}


def read_capture_promotions(probes: dict[str, PieceMoves], base_types: set[str]) -> CapturePromotions | None:
    """The promotions on capture the probes saw; None when no capture changes a piece's type.
    ``base_types`` are the types set up or in hand at the start."""
    forms: dict[str, set] = {}
    for t, moves in probes.items():
        zone = set().union(*moves.promotions.values()) if moves.promotions else set()
        seen = set().union(*(promos for (_, dst), promos in moves.capture_promotion_moves.items() if dst not in zone))
        if seen - {None}:
            forms[t] = seen
    if not forms:
        return None
    out = CapturePromotions()

    def problem(t: str, text: str) -> None:
        out.problems.setdefault(t, []).append(text)

    single: dict[str, str] = {}
    for t, seen in forms.items():
        targets = sorted(seen - {None})
        if len(targets) > 1:
            problem(t, f"{t} turns into {', '.join(targets)} when it captures: a Fairy-Stockfish piece promotes "
                    "to one type")
        if probes[t].promotions:
            problem(t, f"{t} also turns into {', '.join(sorted(probes[t].promotions))} on moves that capture "
                    "nothing: Fairy-Stockfish's piecePromotionOnCapture promotes on captures only")
        if len(targets) == 1:
            single[t] = targets[0]
    must = sorted(t for t, seen in forms.items() if None not in seen)
    for t in sorted(t for t, seen in forms.items() if None in seen and must):
        problem(t, f"{t} may capture as {t} or turn into {', '.join(sorted(forms[t] - {None}))}, where {must[0]} "
                "turns on every capture: Fairy-Stockfish's mandatoryPiecePromotion is one rule for every piece")
    out.mandatory = bool(must)
    for t, u in single.items():
        if t in base_types:
            if u in base_types:
                problem(t, f"{t} turns into {u} when it captures, which is also a piece of its own (set up or in "
                        "hand): Fairy-Stockfish tells a promoted piece from one of its type that never promoted")
            else:
                out.promoted[t] = u
    bases = {u: t for t, u in out.promoted.items()}
    turning_back = []
    for t, u in single.items():
        if t in base_types:
            continue
        if bases.get(t) != u:
            problem(t, f"{t} (neither set up nor in hand) turns into {u} when it captures, and {u} is no type "
                    f"that turns into {t} so: a Fairy-Stockfish promoted piece turns back only into its base type")
        else:
            turning_back.append(t)
    staying = sorted(p for p in bases if p not in turning_back)
    if turning_back and staying:
        for t in staying:
            problem(t, f"{t} stays {t} when it captures where {turning_back[0]} turns back into "
                    f"{bases[turning_back[0]]}: Fairy-Stockfish's pieceDemotion is one rule for every piece")
    out.demotion = bool(turning_back)
    return out

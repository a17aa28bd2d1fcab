"""Short piece labels that are unique within a game, for drawn pieces and the terminal board.

A label is the initials of a hyphenated name (``Mage-Apprentice`` -> ``MA``)
or the first two letters of a single word (``King`` -> ``Ki``).  Many games
have two types with the same such label (``Knight`` and ``Kn``-anything,
``Grand-Soldier`` and ``Grand-Sergeant``), so :func:`piece_labels` makes them
unique: clashing types first try three letters, then get a number.
A legend always maps labels back to names.
"""

from __future__ import annotations

from collections import Counter


def piece_label(piece_type: str) -> str:
    """A short label: initials of hyphenated words, else the first two letters."""
    words = _words(piece_type)
    if len(words) > 1:
        return "".join(w[0] for w in words)[:3].upper()
    return piece_type[:2].capitalize()


def _words(piece_type: str) -> list[str]:
    return [w for w in piece_type.replace("_", "-").split("-") if w]


def _three(piece_type: str) -> str:
    """The longer form: three letters of a word, or two of the first word and the initials."""
    words = _words(piece_type)
    if len(words) > 1:
        return (words[0][:2].capitalize() + "".join(w[0].upper() for w in words[1:]))[:3]
    return piece_type[:3].capitalize()


def piece_labels(piece_types) -> dict[str, str]:
    """``piece type -> label``, every label different (see the module docstring)."""
    types = list(dict.fromkeys(piece_types))
    labels = {t: piece_label(t) for t in types}
    for longer in (_three, None):
        counts = Counter(labels.values())
        clashing = [t for t in types if counts[labels[t]] > 1]
        if not clashing:
            break
        if longer is not None:
            for t in clashing:
                labels[t] = longer(t)
        else:
            seen: Counter = Counter()
            for t in clashing:
                seen[labels[t]] += 1
                labels[t] = f"{labels[t]}{seen[labels[t]]}"
    # a numbered label may meet another type's plain label ("Ki1"); number until none is left
    while len(set(labels.values())) < len(labels):
        counts = Counter(labels.values())
        for t in types:
            if counts[labels[t]] > 1:
                labels[t] = labels[t] + "'"
                break
    return labels

"""Done-when for reading and checking: every corpus file builds and lints without error.

Exceptions: files that need an Axiom engine (named by A001; the MANIFEST's
``engine`` column is the independent list) and the files below, each listed
with its reason in docs/compatibility.md.  At ZRF_SLOW_SCALE < 1 the test
checks a deterministic share of the files plus every listed exception.
"""

from __future__ import annotations

import pytest

from tests.conftest import corpus_entries, scaled
from zrf.lint import lint_file

#: slug -> the first error code the file gets (docs/compatibility.md gives the reasons).
#: All come only from the Dagaz web repositories and were never loaded by Zillions.
EXPECTED_ERRORS = {
    "3d-maze": "E305",                  # (descriprion ...) typo; three (dimensions) in one grid
    "3d-xiangqi": "E327",               # 2-offset directions in a 3-dimensional grid
    "mahjong-solitaire": "E327",        # same
    "anathem-a5f2ef": "E370",           # (add-partial Rhetors ...): Rhetors is a player
    "ginseng": "E102",                  # unbalanced parenthesis
    "ikusa-shogi": "E373",              # setup on y1/z1, which the board does not have
    "kalah": "E373",                    # setup on g1/g2, which the board does not have
    "janggi": "E372",                   # zone setup-place never declared
    "ohojichi": "E380",                 # (in-zone?) without a zone
    "platform-chess": "E364",           # (verify ...) inside a condition
    "sovereign-chess-6e8325": "E371",   # directions s-zone/w-zone never declared
    "stavropol-adiuh-checkers": "E372",  # zone WhitePromotion never declared
    "swap-chess": "E371",               # directions nw/sw never declared
    "stapeldammen-5718c2": "E374",      # setup for Black, who is not a player
}


def _selected(entries):
    every = max(1, round(len(entries) / scaled(len(entries))))
    return [e for i, e in enumerate(entries) if i % every == 0 or e["slug"] in EXPECTED_ERRORS]


@pytest.mark.slow
@pytest.mark.corpus
def test_every_corpus_file_builds_and_checks(corpus_dir):
    entries = corpus_entries()
    assert len(entries) == 461
    unexpected, missing, engine_mismatch = [], [], []
    for e in _selected(entries):
        result = lint_file(str(corpus_dir / e["slug"] / e["file"]))
        errors = [d for d in result.diagnostics if d.is_error]
        if e["slug"] in EXPECTED_ERRORS:
            if not errors or errors[0].code != EXPECTED_ERRORS[e["slug"]]:
                missing.append((e["slug"], [d.format() for d in errors[:1]]))
        elif errors:
            unexpected.append(errors[0].format())
        a001 = any(d.code == "A001" for d in result.diagnostics)
        if a001 != (e["engine"] == "axiom"):
            engine_mismatch.append(e["slug"])
    assert unexpected == []
    assert missing == []
    assert engine_mismatch == []

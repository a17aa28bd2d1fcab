"""The macro rule on the corpus files that settle it (docs/zrf-semantics.md, "Macros").

pasang.zrf (GlukKazan/ZoG) calls ``(common-slide)`` with no arguments inside
``slide-N`` and ``ka-blue``/``ka-red``, whose calls pass four: ``(slide-1 n w e
Black)``.  ``common-slide`` passes its ``$2 $3 $4`` on to ``check-dir``, whose
``(piece? $2)`` must therefore name the piece of the outermost call.
"""

from __future__ import annotations

import pytest

from zrf.lint import lint_file
from zrf.macros import expand_file
from zrf.syntax import List, to_text, walk


@pytest.fixture()
def pasang(corpus_dir):
    path = corpus_dir / "pasang-be727b" / "pasang.zrf"
    if not path.exists():
        pytest.skip("pasang-be727b/pasang.zrf not in this corpus")
    return str(path)


def test_pasang_inner_calls_take_the_outer_arguments(pasang):
    e = expand_file(pasang)
    assert not [d for d in e.report.diagnostics if d.code.startswith("E") or d.code == "W202"]
    pieces = {to_text(n) for f in e.forms for n in walk(f) if isinstance(n, List) and n.head == "piece?"}
    # every (piece? $2) of check-dir became (piece? Black) or (piece? White); none lost its argument
    assert "(piece?)" not in pieces
    assert {"(piece? Black)", "(piece? White)"} <= pieces


def test_pasang_checks_without_errors(pasang):
    """Before the rule, ``(piece? $2)`` expanded to ``(piece?)`` (E380) in 576 places."""
    result = lint_file(pasang)
    assert [d.format() for d in result.diagnostics if d.is_error] == []

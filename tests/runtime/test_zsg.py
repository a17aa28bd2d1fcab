"""zrf.zsg on small hand-written saved games (format of SEMANTICS §7)."""

from __future__ import annotations

import pytest

from zrf.diagnostics import ZrfError
from zrf.zsg import parse_zsg, write_zsg

TEXT = ("Zillions Save Game File Version 0.02 CH\r\nRulesFile=.\\x.zrf\r\nVariantName=Dameo\r\n"
        "(White ChessKing f7)\r\n(x e8)\r\n1. Checker e2 - g4\r\n1. partial 2 Checker a6 - c6 x b6\r\n"
        "2. Pass\r\n")


def test_parse_fields():
    g = parse_zsg(TEXT)
    assert (g.version, g.seats, g.rules_file, g.variant) == ("0.02", "CH", ".\\x.zrf", "Dameo")
    assert [(e.player, e.piece, e.position) for e in g.setup] == [("White", "ChessKing", "f7"), (None, None, "e8")]
    assert [(m.number, m.text, m.is_partial) for m in g.moves] == [
        (1, "Checker e2 - g4", False), (1, "partial 2 Checker a6 - c6 x b6", True), (2, "Pass", False)]
    assert write_zsg(g) == TEXT


def test_bad_header_is_a_diagnostic():
    with pytest.raises(ZrfError) as exc:
        parse_zsg("hello\r\n", "bad.zsg")
    assert str(exc.value).startswith("bad.zsg:1:1: Z001 not a Zillions saved game")


def test_bad_line_is_a_diagnostic():
    with pytest.raises(ZrfError) as exc:
        parse_zsg("Zillions Save Game File Version 0.02 CC\r\nwhat is this\r\n", "bad.zsg")
    assert str(exc.value) == "bad.zsg:2:1: Z001 line not understood: 'what is this'"

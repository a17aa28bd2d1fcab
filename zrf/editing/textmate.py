"""The TextMate grammar of ZRF (syntax colours in VS Code and the editors that read TextMate grammars).

Written from the reader's token patterns and the keyword table, so the colours
cannot drift from the language: ``python -m zrf.editing.textmate`` prints it,
``docs/editors/vscode/syntaxes/zrf.tmLanguage.json`` is its output, and a test
fails when that file is stale.  Keywords that run in move programs, conditions
and goals are ``keyword.control``; those that shape a game (game, board,
piece ...) are ``keyword.other``; options in ``(option "...")`` are not
coloured apart (a string is a string).
"""

from __future__ import annotations

import json
import re

from zrf import keywords as kw

#: Characters that end an atom (zrf.reader.TOKENS): a keyword must stand between them.
_EDGE_BEFORE = r'(?<![^\s()";])'
_EDGE_AFTER = r'(?![^\s()";])'


def _alternatives(names: set[str]) -> str:
    ordered = sorted(names, key=lambda n: (-len(n), n))
    return _EDGE_BEFORE + "(?:" + "|".join(re.escape(n) for n in ordered) + ")" + _EDGE_AFTER


def grammar() -> dict:
    """The grammar, as the JSON object VS Code reads."""
    running = {n for c in kw.RUNTIME_CONTEXTS for n in kw.table(c)}
    shaping = {n for c in kw.CONTEXTS if c not in kw.RUNTIME_CONTEXTS and c != kw.OPTION
               for n in kw.table(c)} - running
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "ZRF",
        "scopeName": "source.zrf",
        "fileTypes": ["zrf"],
        "patterns": [{"include": f"#{name}"} for name in
                     ("comment", "string", "define", "parameter", "number", "running", "shaping")],
        "repository": {
            "comment": {"name": "comment.line.semicolon.zrf", "match": ";.*$"},
            "string": {"name": "string.quoted.double.zrf", "begin": '"', "end": '"',
                       "patterns": [{"include": "#parameter"}]},
            "define": {"match": r"(?<=\()\s*(define)\s+([^\s()\";]+)",
                       "captures": {"1": {"name": "keyword.other.zrf"},
                                    "2": {"name": "entity.name.function.zrf"}}},
            "parameter": {"name": "variable.parameter.zrf", "match": r"\$\d+"},
            "number": {"name": "constant.numeric.zrf", "match": _EDGE_BEFORE + r"[+-]?\d+" + _EDGE_AFTER},
            "running": {"name": "keyword.control.zrf", "match": _alternatives(running)},
            "shaping": {"name": "keyword.other.zrf", "match": _alternatives(shaping)},
        },
    }


def main() -> None:
    print(json.dumps(grammar(), indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()

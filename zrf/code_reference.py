"""Render ``docs/diagnostics.md``, the diagnostic reference, from the code table (:mod:`zrf.codes`).

    python -m zrf.code_reference > docs/diagnostics.md

A test checks that the committed page equals a fresh render, so the page
cannot drift from what the tools report.
"""

from __future__ import annotations

import sys

from . import codes

_INTRO = """\
# Diagnostics

Generated from `zrf/codes.py` by `python -m zrf.code_reference > docs/diagnostics.md`; a test
fails when this page differs from a fresh render. `zrf explain CODE` prints one entry.

Every tool reports problems as `path:line:col: CODE message` (ruff style). When the code
comes from a macro expansion, the first line names the place the user wrote (the outermost
macro call) and `note:` lines follow for the macro body and any inner calls:

```
game.zrf:8:28: E375 unknown predicate or undeclared attribute 'emtpy?'
game.zrf:1:26: note: in macro body
```

`zrf check --format json` prints a JSON list of objects with `path`, `line`, `column`,
`code`, `severity` (`error`, `warning`, `info`), `message` and `chain` (the macro call chain).

The limits behind E003, E090, E105, E106, E212, E22x, E329, E333, E343 and E390, with their
values and how to raise them, are in docs/limits.md.

Severity follows the first letter: `E` and `Z` error, `W` warning (legal but suspicious), `A`
info. `zrf check` exits 0 when no file has an error, 1 when one does, 2 for usage errors and
files that cannot be read (the codes marked *unreadable*). A code marked *refused* stops the
file's games from being played; one marked *cut* means a limit left part of the file out, so
`zrf serve` refuses the file (the command line plays what was read, after a warning).
"""


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def render() -> str:
    """The whole page as Markdown."""
    out = [_INTRO]
    for section in codes.Section:
        rows = [c for c in codes.CODES if c.section is section]
        out += [f"## {section.heading}", "",
                "| code | severity | title | explanation | example |", "|---|---|---|---|---|"]
        for c in rows:
            severity = c.severity.value
            if c.effect is not codes.Effect.REPORTED:
                severity += f", {c.effect.value}"
            out.append(f"| {c.code} | {severity} | {_cell(c.title)} | {_cell(c.explanation)} "
                       f"| {_cell(c.example)} |")
        out.append("")
        if section.note:
            out += [section.note, ""]
    return "\n".join(out)


if __name__ == "__main__":  # pragma: no cover
    sys.stdout.write(render())

"""Render ``docs/keywords.md``, the keyword reference, from the keyword table (:mod:`zrf.keywords`).

    python -m zrf.keyword_reference > docs/keywords.md

A test checks that the committed page equals a fresh render, so the page
cannot drift from what the linter and the runtime do.
"""

from __future__ import annotations

import sys

from . import keywords as kw

_TITLES = {
    kw.TOP: "Top level", kw.GAME: "Game and variant", kw.BOARD: "Board", kw.GRID: "Grid", kw.ZONE: "Zone",
    kw.PIECE: "Piece", kw.BLOCKS: "Between move blocks", kw.STATEMENT: "Move-block statements",
    kw.CONDITION: "Conditions", kw.GOAL: "Goal conditions", kw.OCCUPIER: "Occupiers",
    kw.TURN_ORDER: "Turn order", kw.SETUP: "Board setup", kw.OPTION: "Options",
}

_HANDLERS = {
    kw.STATEMENT: "runtime/interpreter/lowered/lowering.py `Lowering.lower_{0}`",
    kw.CONDITION: "runtime/interpreter/lowered/lowering.py `Lowering.lower_{0}`",
    kw.GOAL: "runtime/interpreter/goals.py `GoalCompiler.run_{}`",
    kw.OCCUPIER: "runtime/interpreter/goals.py `GoalCompiler.run_{}`",
}


def _form(name: str, use: kw.Use) -> str:
    forms = []
    if use.atom:
        forms.append(f"`{name}`")
    if use.arity == (0, 0):
        forms.append(f"`({name})`")
    elif use.arity is not None:
        count = "any number" if use.arity == (0, None) else use.arity_text()
        forms.append(f"`({name} ...)` {count}")
    return ", ".join(forms) or "name"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def render() -> str:
    """The whole page as Markdown."""
    out = [
        "# ZRF keyword reference",
        "",
        "Generated from `zrf/keywords.py` by `python -m zrf.keyword_reference > docs/keywords.md`;",
        "a test fails when this page differs from a fresh render. Each keyword is listed in every",
        "place it may stand. *Form* gives the atom form and the list form with its argument count;",
        "*arguments* the kind of each argument (`kind*` repeats; see the docstring of",
        "`zrf/keywords.py`); *checked by* what the linter checks (argument kinds are checked in move",
        "blocks, conditions and goals; the model checks the rest) and its extra `check_*` method; *run by*",
        "what gives the keyword its meaning. SEMANTICS sections refer to `../shared/zrf/SEMANTICS.md`.",
        "Predicates marked *not-* also exist with a `not-` prefix (the negated test).",
        "",
    ]
    for context in kw.CONTEXTS:
        rows = [(k, u) for k in kw.KEYWORDS for u in k.uses if u.context == context]
        if not rows:
            continue
        out += [f"## {_TITLES[context]} (`{context}`)", ""]
        if context == kw.OPTION:
            out += ["| option | meaning | doc | SEMANTICS |", "|---|---|---|---|"]
            for k, u in rows:
                out.append(f"| `\"{k.name}\"` | {kw.MEANINGS[u.meaning]} | {_cell(k.doc)} | {k.section} |")
            out += ["", "Option names ending in " + " or ".join(f"`{e}`" for e in kw.DAGAZ_OPTION_ENDINGS)
                    + " are Dagaz extensions and accepted too; any other name gets W312.", ""]
            continue
        out += ["| keyword | form | arguments | checked by | run by | doc | SEMANTICS |",
                "|---|---|---|---|---|---|---|"]
        for k, u in rows:
            name = k.name + (" (not-)" if u.negatable else "")
            args = " ".join(u.args) or "-"
            generic = "arity, kinds" if context in kw.RUNTIME_CONTEXTS else "arity"
            check = f"{generic}, `check_{u.check}`" if u.check else generic
            if u.run is not None:
                run = _HANDLERS[context].format(u.run)
            else:
                run = kw.MEANINGS[u.meaning]
            out.append(f"| `{name}` | {_form(k.name, u)} | {args} | {check} | {run} | {_cell(k.doc)} "
                       f"| {k.section} |")
        out.append("")
    return "\n".join(out)


if __name__ == "__main__":  # pragma: no cover
    sys.stdout.write(render())

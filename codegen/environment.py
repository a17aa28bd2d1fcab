"""The jinja2 environment that renders ZRF: loaders, filters and strictness.

Templates live in two places: the shared library ``codegen/templates/lib/``
(macros for boards, slides, leaps, steps, hops, jumps and promotions) and
each game's own ``variants/<folder>/<stem>.zrf.j2``.  Rendering is strict:
an undefined variable is an error, not an empty string, so a template can
never silently drop a piece or a cell.
"""

from __future__ import annotations

import os
import re

import jinja2

CODEGEN_DIR = os.path.dirname(os.path.abspath(__file__))
VARIANTS_DIR = os.path.join(os.path.dirname(CODEGEN_DIR), "variants")

_ATOM = re.compile(r'^[^\s()";]+$')


def zrf_string(text: object) -> str:
    """A ZRF string literal.  ZRF strings have no escapes: a double quote becomes a backquote,
    which Zillions shows as a double quote in descriptions (SEMANTICS §1.1)."""
    return '"' + str(text).replace('"', "`") + '"'


def zrf_atom(text: object) -> str:
    """``text`` checked to be a single ZRF atom (no spaces, parentheses, quotes or ``;``)."""
    s = str(text)
    if not _ATOM.match(s):
        raise ValueError(f"not a valid ZRF atom: {s!r}")
    return s


def zrf_atoms(items) -> str:
    """Space-separated atoms."""
    return " ".join(zrf_atom(i) for i in items)


def make_environment() -> jinja2.Environment:
    """The environment used for every generated ZRF."""
    loader = jinja2.ChoiceLoader([
        jinja2.FileSystemLoader(os.path.join(CODEGEN_DIR, "templates")),
        jinja2.FileSystemLoader(VARIANTS_DIR),
    ])
    env = jinja2.Environment(
        loader=loader,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )
    env.filters["zstr"] = zrf_string
    env.filters["atom"] = zrf_atom
    env.filters["atoms"] = zrf_atoms
    return env

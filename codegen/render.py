"""Rendering a built-in game's ZRF and checking that it reads back cleanly.

For a built-in game whose registry entry (:mod:`runtime.loading.registry`) names a
generated file ``variants/<folder>/<stem>.zrf``, the template is the same path plus ``.j2``.
Its context comes from ``variants.<folder>.zrf_context.context()`` when that
module exists, else ``{"data": variants.<folder>.data}``: the same board and
setup data the native engine uses, so the two cannot drift apart.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass

from runtime.loading.registry import GameEntry, find_game, registered_games

from .environment import VARIANTS_DIR, make_environment


class GenerationError(Exception):
    """A game cannot be generated (no template, or the template failed)."""


@dataclass(frozen=True)
class Target:
    """A generated file: where it goes, its template, its context module."""

    output: str
    template: str
    folder: str

    @property
    def exists(self) -> bool:
        return os.path.exists(os.path.join(VARIANTS_DIR, self.template))


def target_for(entry: GameEntry) -> Target | None:
    """The generation target of a built-in game, or None if it has no ZRF in ``variants/``
    (a third-party engine's file is its own package's business)."""
    if entry.zrf is None:
        return None
    rel = os.path.relpath(os.path.abspath(entry.zrf), VARIANTS_DIR).replace(os.sep, "/")
    if rel.startswith("../") or os.path.isabs(rel):
        return None
    path = entry.zrf
    return Target(path, rel + ".j2", rel.split("/")[0])


def generatable() -> list[GameEntry]:
    """Built-in games whose template exists."""
    out = []
    for entry in registered_games().values():
        t = target_for(entry)
        if t is not None and t.exists:
            out.append(entry)
    return out


def context_for(folder: str) -> dict:
    """The template context of a variant folder."""
    try:
        module = importlib.import_module(f"variants.{folder}.zrf_context")
    except ModuleNotFoundError as exc:
        if exc.name != f"variants.{folder}.zrf_context":
            raise
        return {"data": importlib.import_module(f"variants.{folder}.data")}
    return module.context()


def pictures_for(folder: str):
    """The :class:`variants.pictures.GamePictures` of a variant folder (its zrf_context's ``pictures()``)."""
    module = importlib.import_module(f"variants.{folder}.zrf_context")
    if not hasattr(module, "pictures"):
        raise GenerationError(f"variants/{folder}: no pictures() in zrf_context.py")
    return module.pictures()


def render(name: str) -> str:
    """The ZRF text of built-in game ``name``."""
    entry = find_game(name)
    if entry is None:
        raise GenerationError(f"{name}: not a built-in game")
    target = target_for(entry)
    if target is None or not target.exists:
        raise GenerationError(f"{name}: no ZRF template yet")
    env = make_environment()
    template = env.get_template(target.template)
    return template.render(**context_for(target.folder))


def committed(name: str) -> str | None:
    """The committed generated file's text, or None."""
    entry = find_game(name)
    target = target_for(entry) if entry else None
    if target is None or not os.path.exists(target.output):
        return None
    with open(target.output, encoding="utf-8") as fh:
        return fh.read()


def validate(text: str, path: str = "<generated>") -> list:
    """Diagnostics (errors and warnings) from reading, modelling and linting generated text."""
    from zrf.diagnostics import ZrfError
    from zrf.macros import expand_document
    from zrf.model import build_model
    from zrf.reader import parse_text

    try:
        doc = parse_text(text, path)
    except ZrfError as exc:
        return exc.diagnostics
    expanded = expand_document(doc)
    zfile = build_model(expanded, path)
    diags = list(zfile.report.diagnostics)
    try:
        lint = importlib.import_module("zrf.lint")
    except ModuleNotFoundError:
        return diags
    if hasattr(lint, "lint_model"):
        diags.extend(lint.lint_model(zfile))
    return diags

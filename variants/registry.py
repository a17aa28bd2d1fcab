"""Built-in games: names the CLI accepts in place of a ``.zrf`` path.

Each entry maps a name to ``"module:factory"``; the factory returns a
:class:`runtime.protocol.Game`.  Modules are imported only when a game is
asked for, so a broken or slow engine never slows the others down.
"""

from __future__ import annotations

import importlib
import json
import os
from dataclasses import dataclass

from runtime.protocol import Game


@dataclass(frozen=True)
class BuiltinGame:
    """One built-in game: its CLI name, engine factory and one-line summary."""

    name: str
    factory: str
    summary: str
    #: The generated ZRF file inside the variants package (issue: codegen), if any.
    zrf: str | None = None
    #: ZRF game/variant title to select inside that file, if not the default entry.
    zrf_variant: str | None = None
    #: "module:attr" returning the documented KnownDifference list of the generated ZRF.
    known_differences: str | None = None
    #: the ZRF splits one native turn into several turn-order entries of the same player
    merge_turns: bool = False
    #: "module:attr" giving the cross-check's name map for the generated ZRF (a dict in the
    #: --names format, e.g. cells it keeps for bookkeeping under "ignore"), if it needs one
    names: str | None = None

    def load(self) -> Game:
        module_name, _, attr = self.factory.partition(":")
        module = importlib.import_module(module_name)
        return getattr(module, attr)()


def _kd(folder: str) -> str:
    return f"variants.{folder}.known_differences:known_differences"


BUILTIN_GAMES: dict[str, BuiltinGame] = {g.name: g for g in [
    BuiltinGame("canopus", "variants.canopus.engine:canopus",
                "Canopus (Lavieri): 9x8, Reducer, Pusher, Star, P32, Mage-Apprentice",
                "canopus/canopus.zrf", "Canopus"),
    BuiltinGame("super-star-canopus", "variants.canopus.engine:super_star_canopus",
                "Super-Star Canopus: Canopus with Super-Stars jumping in all directions",
                "canopus/canopus.zrf", "Super-Star Canopus"),
    BuiltinGame("epsilon-eridani", "variants.epsilon_eridani.engine:epsilon_eridani",
                "Epsilon Eridani (Lavieri): 44 cells, three colours, CH and H moves, Reducer",
                "epsilon_eridani/epsilon_eridani.zrf", "Epsilon Eridani",
                names="variants.epsilon_eridani.zrf_context:NAME_MAP"),
    BuiltinGame("canonical-chess", "variants.canonical.engine:canonical_chess",
                "Canonical Chess (Paletta): 81 points, oblique lines, fortresses",
                "canonical/canonical.zrf", "Canonical Chess", _kd("canonical")),
    BuiltinGame("canonic-chess", "variants.canonical.engine:canonic_chess",
                "Canonic Chess: the Canonical family on 64 points",
                "canonical/canonical.zrf", "Canonic Chess", _kd("canonical")),
    BuiltinGame("canon-chess", "variants.canonical.engine:canon_chess",
                "Canon Chess: the Canonical family on 49 points",
                "canonical/canonical.zrf", "Canon Chess", _kd("canonical")),
    BuiltinGame("star-pool-chess", "variants.star_pool.engine:star_pool_chess",
                "Star Pool Chess (Aronson, Quintanilla): 84 squares, citadels, Star Pool",
                "star_pool/star_pool_chess.zrf", "Star Pool Chess"),
    BuiltinGame("alpha-centauri", "variants.alpha_centauri.engine:alpha_centauri",
                "Alpha Centauri (Lavieri): 9x9, two-part turns, Rotor, Centaur, Encounter Zone",
                "alpha_centauri/alpha_centauri.zrf", "Alpha Centauri"),
]}


def name_map_json(entry: BuiltinGame | None) -> str:
    """The name map of ``entry``'s generated ZRF as JSON text (``"{}"`` when it has none)."""
    if entry is None or not entry.names:
        return "{}"
    module_name, _, attr = entry.names.partition(":")
    return json.dumps(getattr(importlib.import_module(module_name), attr), sort_keys=True)


def generated_zrf_path(entry: BuiltinGame) -> str | None:
    """Absolute path of the generated ZRF committed for ``entry`` (None if it has none)."""
    if not entry.zrf:
        return None
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), entry.zrf)


def builtin(name: str) -> BuiltinGame | None:
    """The built-in game called ``name`` (case-insensitive), or ``None``."""
    return BUILTIN_GAMES.get(name.lower())

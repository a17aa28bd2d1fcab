"""The ZRF runtime: any Zillions rules file as a playable :class:`runtime.core.protocol.Game`.

:class:`ZrfGame` takes a modelled game or variant (:class:`zrf.model.GameDef`),
derives integer tables and compiles every move program and goal once, on the
:class:`MoveBackEnd` it is given (see docs/runtime.md); its positions are
:class:`ZrfState` values.  Reading a file and picking the entry is
:func:`runtime.loading.opening.open_game`'s job.  The package may import
:mod:`zrf` and :mod:`runtime.core` only.
"""

from __future__ import annotations

from .compiler import WHILE_LIMIT, ZrfRuntimeError
from .game import ZrfGame
from .move_back_end import MoveBackEnd
from .state import ZrfState

__all__ = ["ZrfGame", "ZrfState", "ZrfRuntimeError", "WHILE_LIMIT", "MoveBackEnd"]

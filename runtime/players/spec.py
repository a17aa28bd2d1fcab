"""Player specs: one small grammar that names any player, read in this one place.

A spec says who plays and how much it may think::

    human                       a person (``zrf play``, the browser page)
    random                      the random mover
    alphabeta[:SETTINGS]        our alpha-beta player (``ai`` is the same)
    mcts[:SETTINGS]             our Monte-Carlo tree search
    uci:ENGINE[?OPTIONS]        any UCI engine
    fairy-stockfish[:SETTINGS]  Fairy-Stockfish playing the game's export (``fsf`` is the same)

SETTINGS are ``key=value`` pairs joined by ``,``:

* ``strength=1..10``: a level of the strength scale
  (:mod:`runtime.players.strength_scale`: a node budget and depth cap, or
  MCTS iterations);
* ``time=S``: at most S seconds a move (processor seconds in ``zrf match``);
* ``nodes=N``: at most N nodes a move (alpha-beta: move generations;
  MCTS: iterations);
* ``depth=D``: alpha-beta and Fairy-Stockfish, at most D plies;
* ``elo=E``: Fairy-Stockfish only, its ``UCI_Elo`` (with ``UCI_LimitStrength``;
  the engine says the range it takes, 500 to 2850 for the current build).

Settings combine (``alphabeta:strength=5,time=1``: the first limit reached
ends the search); ``nodes`` and ``depth`` replace the level's own.

ENGINE is a program: ``fairy-stockfish`` (the build cached by ``zrf engines
build``), a name on ``PATH`` (``sunfish-uci``) or a path
(``/opt/engines/stockfish``).  OPTIONS are ``NAME=VALUE`` pairs joined by
``&``, sent to the engine as ``setoption`` (``UCI_LimitStrength=true&UCI_Elo=1500``,
``UCI_Variant=xiangqi``, ``Threads=1``), except the lower-case words ``time``,
``nodes`` and ``depth``, which bound its search as above (``go movetime``,
``go nodes``, ``go depth``).  ``uci:fairy-stockfish?UCI_Elo=1500&time=0.3``.

``fairy-stockfish`` is the build cached by ``zrf engines build fairy-stockfish``
playing the ZRF being played, not one of its own variants: the game is
exported to a ``variants.ini`` section and verified (:mod:`runtime.fairy`),
the engine loads that section, and the moves cross through the export's
squares and letters.  ``uci:fairy-stockfish`` is the same program playing
its own ``UCI_Variant`` in the game's cell names.

A spec without a budget takes the one its user gives everybody (``zrf match
--time``/``--nodes``), else the default level.  Every mistake is a
:class:`SpecError` whose message quotes the part that is wrong.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, replace

from runtime.players.strength_scale import MAX_LEVEL, MIN_LEVEL

MAX_DEPTH = 64
"""The deepest ``depth=`` a spec may ask for."""

MAX_SECONDS = 86_400.0
"""The longest ``time=`` a spec may ask for (a day a move)."""

MAX_ELO = 10_000
"""The largest ``elo=`` a spec may write; the engine's own range is checked when it starts."""


class PlayerKind(enum.Enum):
    """Who plays: the words a spec starts with."""

    HUMAN = "human"
    RANDOM = "random"
    ALPHABETA = "alphabeta"
    MCTS = "mcts"
    UCI = "uci"
    FAIRY = "fairy-stockfish"


ALIASES = {"ai": PlayerKind.ALPHABETA, "fsf": PlayerKind.FAIRY}
"""Other words for a kind (``ai`` is what ``zrf play`` always called alpha-beta)."""

SETTINGS = {
    PlayerKind.HUMAN: (),
    PlayerKind.RANDOM: (),
    PlayerKind.ALPHABETA: ("strength", "time", "nodes", "depth"),
    PlayerKind.MCTS: ("strength", "time", "nodes"),
    PlayerKind.UCI: ("time", "nodes", "depth"),
    PlayerKind.FAIRY: ("time", "nodes", "depth", "elo"),
}
"""The settings each kind takes (budgets, and Fairy-Stockfish's ``elo``)."""

COMPUTERS = frozenset({PlayerKind.RANDOM, PlayerKind.ALPHABETA, PlayerKind.MCTS, PlayerKind.UCI, PlayerKind.FAIRY})
"""The kinds that choose moves by themselves (a match seats only these)."""

ENGINES = frozenset({PlayerKind.UCI, PlayerKind.FAIRY})
"""The kinds played by a UCI engine's process (:mod:`runtime.players.uci`)."""

FAIRY_PROGRAM = "fairy-stockfish"
"""The engine a ``fairy-stockfish`` spec runs (the cached build first, :mod:`runtime.engines.engine_cache`)."""


class SpecError(ValueError):
    """A player spec that cannot be read; the message quotes the wrong part."""


@dataclass(frozen=True)
class PlayerSpec:
    """A parsed spec (see the module docstring); ``text`` is how it was written."""

    kind: PlayerKind
    text: str
    strength: int | None = None
    seconds: float | None = None
    nodes: int | None = None
    depth: int | None = None
    engine: str | None = None
    """The UCI engine's program (``uci`` only)."""
    options: tuple[tuple[str, str], ...] = ()
    """UCI ``setoption`` pairs, in the order written (``uci`` only)."""
    elo: int | None = None
    """Fairy-Stockfish's ``UCI_Elo`` (``fairy-stockfish`` only); not a budget."""

    @property
    def program(self) -> str | None:
        """The engine program a UCI kind runs; None for our own players."""
        return FAIRY_PROGRAM if self.kind is PlayerKind.FAIRY else self.engine

    def engine_options(self) -> tuple[tuple[str, str], ...]:
        """The ``setoption`` pairs the engine is given (``elo`` as ``UCI_LimitStrength`` and ``UCI_Elo``)."""
        if self.elo is None:
            return self.options
        return self.options + (("UCI_LimitStrength", "true"), ("UCI_Elo", str(self.elo)))

    @property
    def has_budget(self) -> bool:
        return any(v is not None for v in (self.strength, self.seconds, self.nodes, self.depth))

    def with_budget(self, seconds: float | None = None, nodes: int | None = None) -> "PlayerSpec":
        """This spec, or, when it has no budget of its own, the given one; kinds without budgets unchanged."""
        if self.has_budget or not SETTINGS[self.kind]:
            return self
        return replace(self, seconds=seconds, nodes=nodes)

    def option(self, name: str) -> str | None:
        """The value of UCI option ``name`` (not case-sensitive), if the spec sets it."""
        return next((v for k, v in self.options if k.lower() == name.lower()), None)

    def describe(self) -> str:
        """The spec written out in full, with its budget (``alphabeta:strength=5``)."""
        budget = [f"{k}={v:g}" if isinstance(v, float) else f"{k}={v}" for k, v in (
            ("strength", self.strength), ("time", self.seconds), ("nodes", self.nodes), ("depth", self.depth),
            ("elo", self.elo)) if v is not None]
        if self.kind is PlayerKind.UCI:
            query = [f"{k}={v}" for k, v in self.options] + budget
            return f"uci:{self.engine}" + ("?" + "&".join(query) if query else "")
        return self.kind.value + (":" + ",".join(budget) if budget else "")

    def as_json(self) -> dict:
        return {"kind": self.kind.value, "text": self.text, "strength": self.strength, "time": self.seconds,
                "nodes": self.nodes, "depth": self.depth, "engine": self.engine,
                "options": dict(self.options), "elo": self.elo}


def _kind(word: str, text: str) -> PlayerKind:
    if word in ALIASES:
        return ALIASES[word]
    try:
        return PlayerKind(word)
    except ValueError:
        names = ", ".join([k.value for k in PlayerKind] + list(ALIASES))
        raise SpecError(f"{text!r}: unknown player {word!r} (one of {names})") from None


def _budget_value(key: str, value: str, text: str):
    """A budget setting's value, checked."""
    where = f"{text!r}: {key}={value}"
    if key == "time":
        try:
            seconds = float(value)
        except ValueError:
            raise SpecError(f"{where}: time is a number of seconds") from None
        if not (math.isfinite(seconds) and 0 < seconds <= MAX_SECONDS):
            raise SpecError(f"{where}: time is more than 0 and at most {MAX_SECONDS:g} seconds")
        return seconds
    try:
        number = int(value)
    except ValueError:
        raise SpecError(f"{where}: {key} is a whole number") from None
    low, high = {"strength": (MIN_LEVEL, MAX_LEVEL), "nodes": (1, 10**12), "depth": (1, MAX_DEPTH),
                 "elo": (1, MAX_ELO)}[key]
    if not low <= number <= high:
        raise SpecError(f"{where}: {key} is {low} to {high}")
    return number


_FIELD = {"strength": "strength", "time": "seconds", "nodes": "nodes", "depth": "depth", "elo": "elo"}


def _pairs(body: str, separator: str, text: str) -> list[tuple[str, str]]:
    pairs = []
    for item in body.split(separator):
        key, equals, value = item.partition("=")
        if not equals or not key.strip() or not value.strip():
            raise SpecError(f"{text!r}: {item!r} is not NAME=VALUE")
        pairs.append((key.strip(), value.strip()))
    return pairs


def parse_player_spec(text: str) -> PlayerSpec:
    """The :class:`PlayerSpec` ``text`` writes (see the module docstring); :class:`SpecError` when none."""
    text = text.strip()
    if not text:
        raise SpecError("empty player spec (one of human, random, alphabeta, mcts, uci:ENGINE, fairy-stockfish)")
    word, colon, rest = text.partition(":")
    kind = _kind(word.strip().lower(), text)
    values: dict[str, object] = {}
    if kind is PlayerKind.UCI:
        engine, question, query = rest.partition("?")
        if not colon or not engine.strip():
            raise SpecError(f"{text!r}: uci needs an engine, e.g. uci:fairy-stockfish or uci:/path/to/engine")
        options = []
        for key, value in (_pairs(query, "&", text) if question else []):
            if key in SETTINGS[kind]:
                if _FIELD[key] in values:
                    raise SpecError(f"{text!r}: {key} is given twice")
                values[_FIELD[key]] = _budget_value(key, value, text)
            else:
                options.append((key, value))
        names = [k.lower() for k, _ in options]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise SpecError(f"{text!r}: option {twice[0]} is given twice")
        return PlayerSpec(kind, text, engine=engine.strip(), options=tuple(options), **values)
    if colon:
        if not SETTINGS[kind]:
            raise SpecError(f"{text!r}: {kind.value} takes no settings")
        for key, value in _pairs(rest, ",", text):
            if key not in SETTINGS[kind]:
                raise SpecError(f"{text!r}: {kind.value} has no setting {key!r} "
                                f"(it takes {', '.join(SETTINGS[kind])})")
            if _FIELD[key] in values:
                raise SpecError(f"{text!r}: {key} is given twice")
            values[_FIELD[key]] = _budget_value(key, value, text)
    return PlayerSpec(kind, text, **values)


def parse_seat(text: str) -> tuple[str, PlayerSpec]:
    """``NAME=SPEC`` (a ``--player`` argument): the name and the parsed spec."""
    name, equals, spec = text.partition("=")
    if not equals or not name.strip():
        raise SpecError(f"{text!r} is not NAME=SPEC (e.g. ours=alphabeta:strength=5)")
    return name.strip(), parse_player_spec(spec)

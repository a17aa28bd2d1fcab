"""The engine contract shared by the ZRF runtime and every native engine.

Every playable thing in this project (a ZRF file run by the interpreter, or a
native Python engine written from a seed game's rules) is a :class:`Game` whose
positions are :class:`State` objects.  The contract is deliberately small, in
the spirit of OpenSpiel's ``Game``/``State``:

* ``Game.initial_state()`` gives the start position;
* ``State.legal_moves()`` gives every legal *whole turn* as a :class:`Move`
  (a multi-part turn, such as a checkers multi-jump or an Alpha Centauri double
  move, is one move whose notation holds every part);
* ``State.apply(move)`` returns the successor state and leaves ``self`` intact;
* ``State.outcome()`` is ``None`` while the game goes on, else an
  :class:`Outcome` naming the rule that ended it;
* ``State.signature()`` is the engine-independent position key that the
  cross-checker compares, so two engines agree without sharing a move encoding;
* ``Game.goal_info()`` (optional) describes how the game is won or lost, in the
  vocabulary of :mod:`runtime.core.goalinfo`, for computer players.

Everything else a tool needs from a game is either an optional method of
:class:`Game` or :class:`State` with a documented default (where cells are
drawn, :meth:`Game.layout`; the ZRF definition and rules file behind the game,
:func:`zrf_definition`, :attr:`Game.rules_path`; the saved-game move
numbers, :meth:`Game.move_number`; the search hints, :meth:`Game.goal_info`,
:meth:`State.quick_outcome` and the others :class:`GameType` lists), or a
capability the game declares in its :class:`GameType` and implements as a
class of its own: :class:`SetsUpPositions` (``--position``) and
:class:`ReadsSavedGames` (a saved game's set-up edits).  Tools read the
record (:func:`set_up_positions`, :func:`reads_saved_games`), never probe an
attribute with ``getattr``.

Move notation follows the Zillions saved-game (``.zsg``) style:
``Pawn e2 - e4``, ``Pawn d5 x e6 x e5``, ``Checker h2 - h1 = King``, drops as
``White Pawn e4``, ``Pass``.  The parts of a multi-part turn are joined with
:data:`PART_SEPARATOR` (``"; "``); the ``.zsg`` writer puts each part on its
own line.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterable, Iterator, Mapping, NamedTuple, Sequence

from zrf.text_enum import TextEnum

from runtime.core.goalinfo import Goal

if TYPE_CHECKING:  # for annotations only: a native engine never loads the ZRF model
    from zrf.model import GameDef

#: A saved-game set-up edit: ``(player, piece type, cell)`` places a piece, ``(None, None, cell)`` empties the cell.
SetupEdit = tuple[str | None, str | None, str]

PART_SEPARATOR = "; "
"""Separator between the parts of a multi-part turn in :attr:`Move.notation`."""


#: A piece as the contract names it: ``(player, piece type)``.
PieceName = tuple[str, str]


@dataclass(frozen=True)
class Movement:
    """A piece going from ``source`` to ``target`` (``copy``: it also stays on ``source``)."""

    piece: PieceName
    source: str
    target: str
    copy: bool = False


@dataclass(frozen=True)
class Placement:
    """A piece put on an empty or emptied ``cell``: a drop from a store or a created piece."""

    piece: PieceName
    cell: str


class ChangeKind(TextEnum):
    """What a :class:`Change` changes, and so what its ``value`` is."""

    #: a promotion or change-type; the value is the new type
    TYPE = "type"
    #: change-owner, flip; the value is the new owner
    OWNER = "owner"
    #: an attribute; the value is ``"name=true"`` or ``"name=false"``
    ATTRIBUTE = "attribute"


@dataclass(frozen=True)
class Change:
    """A piece changed where it stands (after any movement onto ``cell``): see :class:`ChangeKind`."""

    cell: str
    kind: ChangeKind
    value: str


@dataclass(frozen=True)
class PartDetails:
    """What one part of a turn does, as data: the engine's own account, not read from notation.

    ``captures`` are the cells whose piece the part removes (a piece moved onto,
    or taken elsewhere); a part that does nothing (``Pass``) has every field empty.
    """

    movements: tuple[Movement, ...] = ()
    placements: tuple[Placement, ...] = ()
    captures: tuple[str, ...] = ()
    changes: tuple[Change, ...] = ()

    @property
    def piece(self) -> PieceName | None:
        """The piece that moves (the first movement's) or is placed; None for a pass."""
        if self.movements:
            return self.movements[0].piece
        return self.placements[0].piece if self.placements else None

    @property
    def source(self) -> str | None:
        """Where the first movement starts; None for a drop or a pass."""
        return self.movements[0].source if self.movements else None

    @property
    def target(self) -> str | None:
        """Where the first movement ends, else the first placement's cell, else None."""
        if self.movements:
            return self.movements[0].target
        return self.placements[0].cell if self.placements else None

    @property
    def promotion(self) -> str | None:
        """The new type of the piece the first movement brings to its target, if it changes."""
        target = self.target if self.movements else None
        for c in self.changes:
            if c.kind is ChangeKind.TYPE and c.cell == target:
                return c.value
        return None

    @property
    def changes_material(self) -> bool:
        """Does the part capture, or change a piece's type or owner (what a tactical search follows)?"""
        return bool(self.captures) or any(c.kind is not ChangeKind.ATTRIBUTE for c in self.changes)

    @property
    def legs(self) -> list[tuple[str, str, str]]:
        """``(piece type, from, to)`` of every movement of the part, in order."""
        return [(m.piece[1], m.source, m.target) for m in self.movements]


def _movements_of(details) -> list[tuple[str, str, str]]:
    """``(piece type, from, to)`` of every movement of ``details`` (:meth:`Move.movements`)."""
    return [leg for part in details for leg in part.legs]


class LazyDetails(ABC):
    """A move's details worked out when first asked for (a :attr:`Move.described`).

    An engine subclasses it when it can tell whether a move changes material
    more cheaply than by building the details.
    """

    @abstractmethod
    def __call__(self) -> tuple[PartDetails, ...]:
        """The move's details, one per part."""

    def changes_material(self) -> bool:
        """:meth:`Move.changes_material`; by default read from the details."""
        return any(p.changes_material for p in self())

    def movement_legs(self) -> list[tuple[str, str, str]]:
        """:meth:`Move.movements`; by default read from the details.  (Not named ``movements``:
        an engine's subclass may keep its own data under that name, as
        :class:`runtime.core.move_details.BoardsDetails` does.)"""
        return _movements_of(self())


@dataclass(frozen=True)
class Move:
    """One legal whole turn.

    ``parts`` holds the Zillions notation of each part in order (one element for
    an ordinary move).  ``data`` is the engine's private encoding; it takes no
    part in equality or hashing, so two moves are equal when their notation is:
    Zillions' notation is a move's identity (saved games, replay, cross-checks).
    ``described`` gives :attr:`details`, what each part does as data (or a
    function computing it on demand); a move rebuilt from text has none.
    """

    parts: tuple[str, ...]
    data: Any = field(default=None, compare=False, hash=False, repr=False)
    described: tuple[PartDetails, ...] | Callable[[], tuple[PartDetails, ...]] | None = field(
        default=None, compare=False, hash=False, repr=False)

    notation: ClassVar[str]
    """The whole turn in saved-game notation, parts joined by ``"; "`` (made with the move: a
    search reads it as the move's identity in its tables, several times a move)."""

    def __init__(self, parts: tuple[str, ...], data: Any = None,
                 described: tuple[PartDetails, ...] | Callable[[], tuple[PartDetails, ...]] | None = None):
        # the fields set in the instance's dictionary: a frozen dataclass's own __init__ sets each
        # through object.__setattr__, three calls for every legal turn a search makes
        d = self.__dict__
        d["parts"] = parts
        d["data"] = data
        d["described"] = described
        d["notation"] = PART_SEPARATOR.join(parts)

    @property
    def details(self) -> tuple[PartDetails, ...] | None:
        """One :class:`PartDetails` per part (same order as :attr:`parts`); None when unknown."""
        d = self.described
        return d() if callable(d) else d

    def changes_material(self) -> bool:
        """Could the move capture or change a piece (True when its details are unknown)?

        A :class:`LazyDetails` answers it itself, without building the details: a
        search asks it of every move.  It is found in the ``__mro__`` of the details'
        class (an engine subclasses it) rather than by ``isinstance``, which against an
        abstract class is a Python-level ``ABCMeta.__instancecheck__`` call per move; a
        class only registered as a virtual subclass is answered from its details, the
        same answer.
        """
        d = self.described
        if LazyDetails in type(d).__mro__:
            return d.changes_material()
        details = self.details
        return details is None or any(p.changes_material for p in details)

    def movements(self) -> list[tuple[str, str, str]]:
        """``(piece type, from, to)`` of every movement of every part, in order, as the details'
        :attr:`PartDetails.movements` give them (none when the details are unknown).

        A :class:`LazyDetails` answers it itself: a search asks where a capture lands without
        wanting the rest of the details.
        """
        d = self.described
        if LazyDetails in type(d).__mro__:
            return d.movement_legs()
        return _movements_of(self.details or ())

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.notation

    @classmethod
    def single(cls, notation: str, data: Any = None, described: Any = None) -> "Move":
        """A one-part move."""
        return cls((notation,), data, described)


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    ``winners`` and ``losers`` are player names; a draw has both empty and
    ``draw`` true.  ``rule`` names the rule that ended the game in a few words
    (``"checkmate"``, ``"stalemate"``, ``"goal square"``, ``"repetition"``,
    ``"reduced to two pieces"``, ``"35 moves without capture or promotion"``,
    or for a ZRF the goal form, e.g. ``"loss-condition (checkmated King)"``).
    """

    winners: tuple[str, ...] = ()
    losers: tuple[str, ...] = ()
    draw: bool = False
    rule: str = ""

    @classmethod
    def win(cls, winner: str, players: Sequence[str], rule: str) -> "Outcome":
        """``winner`` wins, every other player loses."""
        return cls((winner,), tuple(p for p in players if p != winner), False, rule)

    @classmethod
    def loss(cls, loser: str, players: Sequence[str], rule: str) -> "Outcome":
        """``loser`` loses, every other player wins."""
        return cls(tuple(p for p in players if p != loser), (loser,), False, rule)

    @classmethod
    def drawn(cls, rule: str) -> "Outcome":
        """A draw for everybody."""
        return cls((), (), True, rule)

    def key(self) -> tuple:
        """What two engines must agree on: winners, losers, draw (not the wording)."""
        return (tuple(sorted(self.winners)), tuple(sorted(self.losers)), self.draw)

    def describe(self) -> str:
        """One human line, e.g. ``"White wins by checkmate"``."""
        if self.draw:
            return f"draw ({self.rule})" if self.rule else "draw"
        who = ", ".join(self.winners) if self.winners else "nobody"
        verb = "wins" if len(self.winners) == 1 else "win"
        return f"{who} {verb} ({self.rule})" if self.rule else f"{who} {verb}"


class Signature(NamedTuple):
    """Engine-independent position key.

    * ``to_move``: the player whose turn it is;
    * ``board``: ``(cell, player, piece type)`` for every occupied cell;
    * ``hands``: ``(player, piece type, count)`` for every non-empty off-board
      store;
    * ``extra``: ``(name, value)`` pairs of rule state that changes legal moves
      (``("unmoved", "e1")``, ``("part", "2")``, ``("reduced", "c4")`` ...).
      Engines name these themselves; the cross-checker compares them only
      through an explicit mapping, see :meth:`core`.

    A named tuple: immutable, and hashed and compared by the tuple's own C code (a search
    looks a signature up in its tables several times a node; the frozensets cache their hashes).
    """

    to_move: str
    board: frozenset
    hands: frozenset = frozenset()
    extra: frozenset = frozenset()

    def core(self) -> tuple:
        """Side to move, board and hands: what every engine must agree on."""
        return (self.to_move, self.board, self.hands)

    def translated(self, cells: Mapping[str, str] | None = None,
                   pieces: Mapping[str, str] | None = None,
                   players: Mapping[str, str] | None = None) -> "Signature":
        """The same key with cell, piece and player names renamed by the maps."""
        c = cells or {}
        p = pieces or {}
        pl = players or {}
        return Signature(
            pl.get(self.to_move, self.to_move),
            frozenset((c.get(a, a), pl.get(b, b), p.get(t, t)) for a, b, t in self.board),
            frozenset((pl.get(a, a), p.get(t, t), n) for a, t, n in self.hands),
            self.extra,
        )

    def pretty(self) -> str:
        """Readable multi-line dump (for disagreement reports)."""
        cells = ", ".join(f"{c}={pl}:{t}" for c, pl, t in sorted(self.board))
        out = [f"to move: {self.to_move}", f"board: {cells}"]
        if self.hands:
            out.append("hands: " + ", ".join(f"{pl}:{t}x{n}" for pl, t, n in sorted(self.hands)))
        if self.extra:
            out.append("extra: " + ", ".join(f"{k}={v}" for k, v in sorted(self.extra)))
        return "\n".join(out)


def make_signature(to_move: str, cells: Iterable[tuple[str, str, str]],
                   hands: Iterable[tuple[str, str, int]] = (),
                   extra: Iterable[tuple[str, str]] = ()) -> Signature:
    """Build a :class:`Signature`, dropping empty hands."""
    return Signature(to_move, frozenset(cells),
                     frozenset(h for h in hands if h[2] > 0), frozenset(extra))


@dataclass(frozen=True)
class GameType:
    """What a game offers beyond the core contract, declared once by its class.

    As OpenSpiel's ``GameType`` states a game's dynamics and information, this
    record states which capability protocols a :class:`Game` implements, so a
    tool reads it instead of calling a method and catching NotImplementedError:

    * ``set_up_positions``: :class:`SetsUpPositions` (``--position``);
    * ``saved_games``: :class:`ReadsSavedGames`, the set-up edits of Zillions
      saved games (and, for a ZRF game, turns saved with another version of its
      rules, :meth:`State.recorded_turn`);
    * ``search_hints``: the game describes its goals (:meth:`Game.goal_info`)
      and its states answer the search's shortcuts themselves
      (:meth:`State.quick_outcome`, :meth:`State.material_moves`,
      :meth:`State.legal_move_count`, :meth:`State.random_move`,
      :meth:`State.in_check`); without it the contract's generic answers serve;
    * ``zrf_rules``: :class:`PlaysZrfRules`, the ZRF definition the game plays
      (its board to draw, its random players, its turn order).
    """

    set_up_positions: bool = False
    saved_games: bool = False
    search_hints: bool = False
    zrf_rules: bool = False


class Game(ABC):
    """A playable game: its static description and its start position (the core contract).

    What a game can do beyond it is declared in :attr:`game_type` and implemented
    by the capability classes below (:class:`SetsUpPositions`, :class:`ReadsSavedGames`).
    """

    #: the capabilities this game implements (none by default)
    game_type: GameType = GameType()

    #: Menu name, e.g. ``"Canopus"`` or a ZRF game/variant title.
    name: str
    #: Player names in turn/``players`` order, e.g. ``("White", "Black")``.
    players: tuple[str, ...]
    #: Every cell name on the board.
    positions: tuple[str, ...]
    #: Every piece type name.
    piece_types: tuple[str, ...]

    @abstractmethod
    def initial_state(self) -> "State":
        """The position before the first move."""

    def layout(self) -> dict[str, tuple[float, float, float, float]] | None:
        """Screen rectangle ``(x, y, width, height)`` of each drawn cell, y growing downwards.

        ``None`` (the default) lets drawing code derive a grid from cell names
        such as ``a1`` (file letters, rank digits); ZRF games return their
        board's position rectangles.
        """
        return None

    def move_number(self, ply: int) -> int:
        """The saved-game move number of the ``ply``-th turn (0-based).

        The default numbers one round of every player as one move; a ZRF game
        numbers by its turn order, as Zillions does.
        """
        return 1 + ply // max(1, len(self.players))

    @property
    def rules_path(self) -> str | None:
        """The path of the rules file the game was loaded from; ``None`` (the default) when it
        was not loaded from one (a native engine)."""
        return None

    def goal_info(self) -> tuple[Goal, ...]:
        """How the game is won or lost, as data (see :mod:`runtime.core.goalinfo`).

        Used by computer players to measure progress; outcomes are still decided
        by :meth:`State.outcome`.  The default, ``()``, says nothing: players
        then fall back on material and mobility.
        """
        return ()

    def describe(self) -> str:
        """One line for listings."""
        return f"{self.name}: {len(self.players)} players, {len(self.positions)} cells"


class SetsUpPositions(ABC):
    """Capability (:attr:`GameType.set_up_positions`): a hand-made position."""

    @abstractmethod
    def state_from(self, position: Mapping[str, tuple[str, str]], to_move: str) -> "State":
        """A hand-made position: ``{cell: (player, piece type)}`` with ``to_move`` to play.

        Used by ``--position`` (see :mod:`runtime.loading.setup_text`).  Rule state the
        board does not show (unmoved flags, counters, repetition history) takes
        the engine's documented default for a set-up position.  The names are
        checked by the caller; ValueError when ``to_move`` cannot be to move (a ZRF
        turn order without it).
        """


class ReadsSavedGames(ABC):
    """Capability (:attr:`GameType.saved_games`): the set-up edits a Zillions saved game records."""

    @abstractmethod
    def edited_state(self, edits: Sequence[SetupEdit]) -> "State":
        """The start position changed by saved-game set-up edits (:data:`SetupEdit`), in order.

        Raises KeyError naming the cell, player or piece the game lacks.
        """


class ReadsRecordedTurns(ABC):
    """Capability of a position of a game that :class:`ReadsSavedGames`: a turn Zillions recorded
    with another version of the rules (ZRF move types renumbered), read as Zillions reloads it."""

    @abstractmethod
    def recorded_turn(self, lines: list[str], same) -> tuple[Move, int, list[str]] | None:
        """The turn a saved game's next ``lines`` make when they fit no legal move, or None.

        ``same(notation, line)`` compares a part with a line.  Returns the move,
        the lines it uses and one note per renumbered part.
        """


class PlaysZrfRules(ABC):
    """Capability (:attr:`GameType.zrf_rules`): the game plays a ZRF definition."""

    @abstractmethod
    def zrf_definition(self) -> "GameDef":
        """The :class:`zrf.model.GameDef` this game plays (its board, players, turn order)."""


def zrf_definition(game: Game) -> "GameDef | None":
    """The ZRF definition ``game`` plays when it declares :class:`PlaysZrfRules`, else None
    (a native engine)."""
    if game.game_type.zrf_rules and isinstance(game, PlaysZrfRules):
        return game.zrf_definition()
    return None


def set_up_positions(game: Game) -> SetsUpPositions | None:
    """``game`` as a :class:`SetsUpPositions` when it declares the capability, else None."""
    return game if game.game_type.set_up_positions and isinstance(game, SetsUpPositions) else None


def reads_saved_games(game: Game) -> ReadsSavedGames | None:
    """``game`` as a :class:`ReadsSavedGames` when it declares the capability, else None."""
    return game if game.game_type.saved_games and isinstance(game, ReadsSavedGames) else None


def reads_recorded_turns(state: State) -> ReadsRecordedTurns | None:
    """``state`` as a :class:`ReadsRecordedTurns` when its game reads saved games and the state
    implements the capability, else None."""
    return state if state.game.game_type.saved_games and isinstance(state, ReadsRecordedTurns) else None


class State(ABC):
    """A position: board, side to move, and whatever rule state the game keeps.

    States are values: :meth:`apply` returns a new state.  Engines may cache
    their legal moves inside a state.
    """

    game: Game

    @property
    @abstractmethod
    def current_player(self) -> str:
        """The player whose turn it is."""

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every legal whole turn; empty when the game is over."""

    @abstractmethod
    def apply(self, move: Move) -> "State":
        """The state after ``move`` (which must be one of :meth:`legal_moves`)."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """``None`` while the game goes on, else how it ended."""

    def iter_moves(self) -> Iterator[Move]:
        """The legal moves one at a time, in :meth:`legal_moves` order: ``iter(self.legal_moves())``.

        A player with a clock reads it between moves (:func:`runtime.players.clock.moves_before`); an
        engine whose one position can take seconds to generate (a huge board) may override it
        to make each move only when asked.
        """
        return iter(self.legal_moves())

    def material_moves(self) -> list[Move]:
        """The legal moves that may change material (:meth:`Move.changes_material`), in
        :meth:`legal_moves` order; what a quiescence search follows.  An engine may
        override it to make only those moves."""
        return [m for m in self.legal_moves() if m.changes_material()]

    def may_land_on(self, cell: str) -> bool:
        """Might a legal move of the side to move end on ``cell`` (its last movement land there)?

        False only when none can: a quiescence search following the exchanges on one cell then
        stops there without making the moves.  The default, ``True``, claims nothing.
        """
        return True

    def may_take_back(self, cell: str) -> bool:
        """Might the side to move capture the other player's piece standing on ``cell``?

        True only when a cheap test finds such a capture (it may be illegal, e.g. pinned): a
        quiescence search then leaves a losing exchange onto that cell unplayed.  The default,
        ``False``, claims nothing, and every exchange is followed.
        """
        return False

    def legal_move_count(self) -> int:
        """How many legal moves there are: ``len(self.legal_moves())``.

        Perft counts its last ply with this; an engine may override it to count
        without building the moves (their notation, their details).
        """
        return len(self.legal_moves())

    def random_move(self, rng) -> Move:
        """A uniformly random legal move drawn with ``rng`` (a :class:`random.Random`).

        The default is ``rng.choice(self.legal_moves())``; an engine whose move
        lists can be huge may override it to choose without holding the list,
        drawing the same move.  Raises ValueError when there is no legal move.
        """
        moves = self.legal_moves()
        if not moves:
            raise ValueError("no legal moves")
        return rng.choice(moves)

    def resolve(self, move: Move) -> Move:
        """The legal move equal to ``move``, which carries the engine's own data.

        A move rebuilt from notation (a saved game, a user's input) has no
        engine data; engines call this in :meth:`apply` to find it.  Raises
        ValueError when ``move`` is not legal here.
        """
        for m in self.legal_moves():
            if m == move:
                return m
        raise ValueError(f"illegal move {move.notation!r}")

    def quick_outcome(self) -> Outcome | None:
        """The outcome when the position alone decides it, without generating moves; else ``None``.

        For searchers: telling a finished game from a running one usually needs
        the legal moves (checkmate, stalemate, "no legal move"), which is what
        costs.  This answers only for ends the board shows by itself (goal
        squares, pieces left, a meeting, a repetition).  Whenever it returns an
        outcome, :meth:`outcome` returns the same one.  The default, ``None``,
        claims nothing.
        """
        return None

    def in_check(self) -> bool:
        """Is a royal piece of the player to move attacked (the test a ``checkmated`` goal uses)?

        For pictures and players' pages, which mark a king in check.  The
        default, ``False``, claims nothing: a game without royal pieces, or an
        engine that does not say.
        """
        return False

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.outcome() is not None

    @abstractmethod
    def signature(self) -> Signature:
        """The engine-independent position key (see :class:`Signature`)."""

    def board(self) -> dict[str, tuple[str, str]]:
        """``cell -> (player, piece type)`` for every occupied cell."""
        return {c: (pl, t) for c, pl, t in self.signature().board}

    def hands(self) -> dict[tuple[str, str], int]:
        """``(player, piece type) -> count`` for off-board stores."""
        return {(pl, t): n for pl, t, n in self.signature().hands}

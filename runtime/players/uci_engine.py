"""Our computer player as a UCI engine: the loop behind ``zrf uci``, reading commands and answering them.

A GUI or a match runner (cutechess-cli, lichess-bot, ``zrf match`` with a
``uci:`` player) talks to :class:`UciEngineLoop` one line at a time:

* ``uci`` -> ``id name``/``id author``, the options (:data:`OPTIONS`), ``uciok``;
* ``isready`` -> ``readyok`` (at once, even while searching);
* ``setoption name Strength value N``: a level of the strength scale
  (:mod:`runtime.players.strength_scale`), ``Seed``: the first game's seed;
* ``ucinewgame``: a new player (its memory of the game is per game), the next seed;
* ``position startpos [moves ...]``: the moves in the game's UCI notation
  (:mod:`runtime.players.uci_notation`, the tables our own UCI client uses,
  so a ``zrf match`` of ours against ``uci:`` ours agrees with itself);
* ``position fen FEN [moves ...]``: the position ``read_fen`` makes of the FEN
  (for a ZRF game :class:`runtime.fairy.fen_position.FenPositions`: board,
  side to move, pieces in hand, castling rights and en-passant square, the
  move counters ignored; the same FEN as the last position's is not read again, as a GUI
  sends it before every move), then the moves as after ``startpos``;
* ``go`` with ``movetime``, ``wtime``/``btime``/``winc``/``binc``/``movestogo``
  (a share of the clock, :class:`~runtime.players.clock.TimeControl`),
  ``nodes``, ``depth``, ``infinite``; the search runs on a thread of its own
  and ``stop`` ends it at once (the clock's ``cancelled`` flag, which the
  search polls at every node, as the web page's Stop button does); then
  ``info depth .. nodes .. time .. score cp|mate .. pv ..`` and ``bestmove``
  (``0000`` when there is no move);
* ``quit`` or the end of the input: the search is stopped and the loop returns.

The limits: a ``go`` without any search limit plays the spec's budget (the
default level when the spec gives none); a ``go`` with limits searches within
them and, when the spec (or the ``Strength`` option) gives a budget too, within
that as well (the first limit reached ends the search).

Nothing a GUI sends can stop the loop: an unknown command, a move that is not
legal (the position stops before it), a ``go`` after the game's end, a
malformed number, a line too long: each is answered by an ``info string``
saying so.  A ``position`` whose origin is refused (a malformed or refused
FEN, neither ``startpos`` nor ``fen``) leaves no position at all rather than
a stale one: the next ``go`` answers ``bestmove 0000`` with an ``info string``,
until a ``position`` is accepted (``ucinewgame`` is the start again).  As with an
illegal move, the GUI is told at once why, and nothing is searched that it did
not ask about.
"""

from __future__ import annotations

import enum
import math
import threading
from dataclasses import dataclass, replace
from typing import BinaryIO, Callable, TextIO

from runtime.core.protocol import Game, Move, State
from runtime.players.alphabeta import DECIDED, WIN, AlphaBetaPlayer
from runtime.players.clock import TimeControl
from runtime.players.factory import UNLIMITED_DEPTH, make_player
from runtime.players.knowledge import KnowledgeCache
from runtime.players.mcts import MCTSPlayer
from runtime.players.player import Player
from runtime.players.spec import PlayerSpec
from runtime.players.strength_scale import DEFAULT_LEVEL, MAX_LEVEL, MIN_LEVEL
from runtime.players.uci_notation import CELL_NAMES, UciNotation

AUTHOR = "the zrf-toolkit authors"
"""What ``id author`` says."""

STARTPOS = "startpos"
"""The key of the start position as the origin of ``position`` (a FEN's key is ``fen`` and its text)."""

NO_POSITION = "no position until the next valid 'position' (go answers bestmove 0000)"
"""What a refused ``position`` leaves, said after its reason."""

LINE_BYTES = 1 << 20
"""Longest command line read (a ``position`` of about 200,000 moves); a longer one is refused."""

MOVE_OVERHEAD_SECONDS = 0.05
"""Kept back from a game clock for answering (reading the command, writing ``bestmove``)."""

UNLIMITED_ITERATIONS = 10**9
"""The iterations of an MCTS search bounded by nothing but its clock."""

CENTIPAWNS = 100
"""``score cp`` counts hundredths of the game's cheapest piece's learned value."""


class GoWord(enum.Enum):
    """The ``go`` parameters read, each followed by a whole number (but ``infinite`` and ``ponder``)."""

    MOVETIME = "movetime"
    WTIME = "wtime"
    BTIME = "btime"
    WINC = "winc"
    BINC = "binc"
    MOVESTOGO = "movestogo"
    NODES = "nodes"
    DEPTH = "depth"
    INFINITE = "infinite"
    PONDER = "ponder"


FLAGS = frozenset({GoWord.INFINITE, GoWord.PONDER})
"""``go`` words without a number."""


@dataclass(frozen=True)
class UciOptionSpec:
    """An option ``uci`` declares: a spin between ``low`` and ``high``."""

    name: str
    default: int
    low: int
    high: int

    def declaration(self) -> str:
        return f"option name {self.name} type spin default {self.default} min {self.low} max {self.high}"


STRENGTH = UciOptionSpec("Strength", DEFAULT_LEVEL, MIN_LEVEL, MAX_LEVEL)
SEED = UciOptionSpec("Seed", 0, 0, 2**31 - 1)
OPTIONS = (STRENGTH, SEED)
"""The options ``uci`` declares (no ``Threads`` or ``Hash``: the search has one thread and a bounded table)."""


@dataclass(frozen=True)
class GoRequest:
    """One ``go``'s limits (milliseconds for times), and the words it could not read."""

    numbers: tuple[tuple[GoWord, int], ...] = ()
    infinite: bool = False
    unread: tuple[str, ...] = ()

    def get(self, word: GoWord) -> int | None:
        return next((value for key, value in self.numbers if key is word), None)

    @property
    def has_limit(self) -> bool:
        return bool(self.numbers) or self.infinite


def parse_go(words: list[str]) -> GoRequest:
    """The :class:`GoRequest` of ``go``'s words (after ``go``); words it cannot read are kept in ``unread``."""
    numbers: dict[GoWord, int] = {}
    infinite = False
    unread: list[str] = []
    i = 0
    while i < len(words):
        try:
            word = GoWord(words[i])
        except ValueError:
            unread.append(words[i])
            i += 1
            continue
        if word in FLAGS:
            infinite = True
            i += 1
            continue
        value = words[i + 1] if i + 1 < len(words) else ""
        try:
            number = int(value)
        except ValueError:
            unread.append(f"{word.value} {value}".strip())
            i += 1 if not value else 2
            continue
        numbers[word] = max(0, number)
        i += 2
    return GoRequest(tuple(numbers.items()), infinite, tuple(unread))


def score_text(score: float, unit: float) -> str:
    """UCI's ``score`` of a search value from the mover's side: ``mate N`` (moves, negative when
    mated) for a forced result, else ``cp`` in hundredths of ``unit``."""
    if abs(score) >= DECIDED:
        plies = max(1, round(WIN - abs(score)))
        moves = (plies + 1) // 2
        return f"mate {moves if score > 0 else -moves}"
    return f"cp {round(CENTIPAWNS * score / unit) if unit > 0 else 0}"


class UciEngineLoop:
    """``game`` played by ``spec``'s player over UCI (see the module docstring).

    ``name`` is what ``id name`` says; ``notation`` writes and reads the
    moves; ``read_fen`` makes the state of a FEN or raises ValueError saying why
    not (None: the game has no FEN).  :meth:`run` reads ``commands`` (bytes, one command a line) until
    ``quit`` or their end and writes the answers to ``out``.
    """

    def __init__(self, game: Game, spec: PlayerSpec, name: str, notation: UciNotation = CELL_NAMES,
                 read_fen: Callable[[str], State] | None = None):
        self.game = game
        self.spec = spec
        self.name = name
        self.notation = notation
        self.read_fen = read_fen
        self.seed = SEED.default
        self.knowledge = KnowledgeCache(capacity=1)
        self.start: State = game.initial_state()
        #: the position ``go`` searches; None after a refused ``position``
        self.state: State | None = self.start
        #: the origin of :attr:`state`: its key (:data:`STARTPOS`, or ``fen`` and the FEN) and its
        #: state (a GUI repeats its FEN before every move: it is read once); None after a refusal
        self.origin: tuple[str, State] | None = (STARTPOS, self.start)
        #: the moves from the origin to :attr:`state`, in UCI
        self.moves: list[str] = []
        self.player: Player | None = None
        #: the node (or iteration) and depth limits the spec gives the player, read when it is made
        self._own_limits: tuple[int | None, int | None] = (None, None)
        self._stop = threading.Event()
        self._search: threading.Thread | None = None
        #: the running search was asked with ``go infinite`` (it ends only by ``stop``)
        self._infinite = False
        self._out: TextIO | None = None
        self._write_lock = threading.Lock()

    # ------------------------------------------------------------------ output

    def say(self, line: str) -> None:
        """Write one line and flush it (the search thread and the reader share the output)."""
        with self._write_lock:
            assert self._out is not None
            self._out.write(line + "\n")
            self._out.flush()

    def tell(self, text: str) -> None:
        """An ``info string``, on one line."""
        self.say("info string " + " ".join(text.split()))

    # ------------------------------------------------------------------ the loop

    def run(self, commands: BinaryIO, out: TextIO) -> None:
        """Answer ``commands`` until ``quit`` or their end; the search is stopped before returning."""
        self._out = out
        try:
            while True:
                raw = commands.readline(LINE_BYTES + 1)
                if not raw:
                    break
                if len(raw) > LINE_BYTES and not raw.endswith(b"\n"):
                    while raw and not raw.endswith(b"\n"):  # the rest of the line
                        raw = commands.readline(LINE_BYTES)
                    self.tell(f"a command line longer than {LINE_BYTES} bytes was ignored")
                    continue
                line = raw.decode("utf-8", errors="replace").strip()
                if line and not self.handle(line):
                    self.stop_search()  # quit: at once
                    return
            self.finish_search()  # the end of the input: a bounded search still answers
        finally:
            self.stop_search()

    def handle(self, line: str) -> bool:
        """Answer one command; False for ``quit``."""
        words = line.split()
        command, rest = words[0], words[1:]
        handler: Callable[[list[str]], None] | None = {
            "uci": self._uci, "isready": lambda _: self.say("readyok"), "ucinewgame": self._new_game,
            "setoption": self._set_option, "position": self._position, "go": self._go,
            "stop": lambda _: self.stop_search(), "debug": lambda _: None, "ponderhit": self._ponderhit,
        }.get(command)
        if command == "quit":
            return False
        if handler is None:
            self.tell(f"unknown command: {line[:80]}")
        else:
            handler(rest)
        return True

    def _uci(self, _: list[str]) -> None:
        self.say(f"id name {self.name}")
        self.say(f"id author {AUTHOR}")
        for option in OPTIONS:
            self.say(option.declaration())
        self.say("uciok")

    def _set_option(self, words: list[str]) -> None:
        text = " ".join(words)
        if not text.startswith("name ") or " value " not in text:
            self.tell(f"setoption name NAME value VALUE, not: setoption {text[:80]}")
            return
        name, _, value = text[len("name "):].partition(" value ")
        option = next((o for o in OPTIONS if o.name.lower() == name.strip().lower()), None)
        if option is None:
            self.tell(f"no option {name.strip()[:80]!r} (the options are {', '.join(o.name for o in OPTIONS)})")
            return
        try:
            number = int(value.strip())
        except ValueError:
            number = None
        if number is None or not option.low <= number <= option.high:
            self.tell(f"{option.name} is a whole number from {option.low} to {option.high}, not {value.strip()[:40]!r}")
            return
        self.finish_search()
        if option is STRENGTH:
            self.spec = replace(self.spec, strength=number)
        else:
            self.seed = number
        self.player = None

    def _new_game(self, _: list[str]) -> None:
        self.finish_search()
        self.player = None
        self.seed += 1
        self.state, self.origin, self.moves = self.start, (STARTPOS, self.start), []

    def _ponderhit(self, _: list[str]) -> None:
        self.tell("pondering is not supported; the search goes on until stop")

    # ------------------------------------------------------------------ position

    def _position(self, words: list[str]) -> None:
        """``position startpos|fen FEN [moves ...]``: the origin, then the moves played as far as
        they are legal; a refused origin leaves no position (see the module docstring)."""
        self.finish_search()
        origin = self._origin(words)
        if origin is None:
            self.state, self.origin, self.moves = None, None, []
            return
        key, start, texts = origin
        # a GUI repeats the whole game each time: only the moves past the current position are played
        if self.origin is not None and key == self.origin[0] and self.state is not None \
                and texts[:len(self.moves)] == self.moves:
            state, played = self.state, list(self.moves)
        else:
            state, played = start, []
        for text in texts[len(played):]:
            if state.is_terminal():
                self.tell(f"the game is over after {' '.join(played[-1:]) or 'the start'} "
                          f"({state.outcome().describe()}); {text[:40]} and the rest are ignored")
                break
            move = self.notation.move_for(state, text)
            if move is None:
                self.tell(f"{text[:40]} is not a legal move after {len(played)} moves; it and the rest are ignored")
                break
            state = state.apply(move)
            played.append(text)
        self.state, self.origin, self.moves = state, (key, start), played

    def _origin(self, words: list[str]) -> tuple[str, State, list[str]] | None:
        """(the origin's key, its state, the move texts) of ``position``'s words, or None (told why)."""
        kind = words[0] if words else ""
        if kind == "startpos":
            if len(words) > 1 and words[1] != "moves":
                self.tell(f"'moves' expected after startpos, not {words[1][:40]!r}")
            return STARTPOS, self.start, words[2:] if len(words) > 1 and words[1] == "moves" else []
        if kind != "fen":
            self.tell(f"'position startpos' or 'position fen FEN' expected, not 'position {' '.join(words)[:80]}'; "
                      f"{NO_POSITION}")
            return None
        end = words.index("moves") if "moves" in words else len(words)
        fen = " ".join(words[1:end])
        if self.read_fen is None:
            self.tell(f"position fen: {self.game.name} has no FEN letters for its pieces; {NO_POSITION}")
            return None
        key = "fen " + fen
        if self.origin is not None and self.origin[0] == key:
            return key, self.origin[1], words[end + 1:]
        try:
            start = self.read_fen(fen)
        except ValueError as exc:
            self.tell(f"position fen refused: {exc}; {NO_POSITION}")
            return None
        except Exception as exc:  # a bug of the reader must not end the engine: the GUI is told
            self.tell(f"position fen failed: {type(exc).__name__}: {exc}; {NO_POSITION}")
            return None
        return key, start, words[end + 1:]

    # ------------------------------------------------------------------ go

    def searching(self) -> bool:
        return self._search is not None and self._search.is_alive()

    def stop_search(self) -> None:
        """Stop the search, if one runs, and wait for its ``bestmove``."""
        if self._search is not None:
            self._stop.set()
            self._search.join()
            self._search = None

    def finish_search(self) -> None:
        """Wait for the search, if one runs, to end by its own limits (an infinite one is stopped):
        a command that changes the game while a bounded search runs waits for its ``bestmove``."""
        if self._infinite:
            self.stop_search()
        elif self._search is not None:
            self._search.join()
            self._search = None

    def _go(self, words: list[str]) -> None:
        self.finish_search()
        request = parse_go(words)
        self._infinite = request.infinite
        if request.unread:
            self.tell(f"ignored in go: {' '.join(request.unread)[:80]}")
        self._stop.clear()
        state = self.state
        self._search = threading.Thread(target=self._think, args=(state, request), name="uci-search", daemon=True)
        self._search.start()

    def _fresh_player(self) -> Player:
        if self.player is None:
            player = make_player(self.spec, seed=self.seed, knowledge=self.knowledge, cancelled=self._stop.is_set)
            if isinstance(player, AlphaBetaPlayer):
                self._own_limits = (player.node_budget, player.max_depth)
            elif isinstance(player, MCTSPlayer):
                self._own_limits = (player.iterations, None)
            self.player = player
        return self.player

    def _clock(self, state: State, request: GoRequest) -> TimeControl:
        """The time this search may take: ``movetime``, else the side to move's share of its clock,
        else none but ``stop``; the spec's ``time`` bounds it too."""
        cancelled = self._stop.is_set
        movetime = request.get(GoWord.MOVETIME)
        seconds = [s for s in (self.spec.seconds, movetime / 1000 if movetime is not None else None) if s is not None]
        if seconds:
            return TimeControl(per_move=max(0.001, min(seconds)), cancelled=cancelled)
        white = self.game.players.index(state.current_player) % 2 == 0 \
            if state.current_player in self.game.players else True
        remaining = request.get(GoWord.WTIME if white else GoWord.BTIME)
        if remaining is not None:
            increment = request.get(GoWord.WINC if white else GoWord.BINC) or 0
            return TimeControl(remaining=max(0.001, remaining / 1000 - MOVE_OVERHEAD_SECONDS),
                               increment=increment / 1000, moves_to_go=request.get(GoWord.MOVESTOGO) or None,
                               cancelled=cancelled)
        return TimeControl(cancelled=cancelled)

    def _limit(self, player: Player, request: GoRequest) -> None:
        """Set the player's node and depth limits for this search (see the module docstring)."""
        own = self._own_limits
        spec_counts = self.spec.has_budget or not request.has_limit
        nodes, depth = request.get(GoWord.NODES), request.get(GoWord.DEPTH)
        node_caps = [n for n in (nodes, own[0] if spec_counts else None) if n is not None]
        if isinstance(player, AlphaBetaPlayer):
            depth_caps = [d for d in (depth, own[1] if spec_counts else None) if d is not None]
            player.node_budget = max(1, min(node_caps)) if node_caps else None
            player.max_depth = max(1, min(depth_caps)) if depth_caps else UNLIMITED_DEPTH
        elif isinstance(player, MCTSPlayer):
            player.iterations = max(1, min(node_caps)) if node_caps else UNLIMITED_ITERATIONS

    def _unit(self, player: Player) -> float:
        """The value ``score cp`` counts hundredths of: the cheapest piece's learned value."""
        evaluator = player.evaluator if isinstance(player, AlphaBetaPlayer) else None
        values = [v for v in evaluator.knowledge.values.values() if v > 0] if evaluator is not None else []
        return min(values) if values else 1.0

    def _think(self, state: State | None, request: GoRequest) -> None:
        """The search thread: choose a move for ``state`` and answer ``info`` and ``bestmove``."""
        best = "0000"
        try:
            if state is None:
                self.tell("no position to search: the last 'position' was refused; send a valid 'position'")
            elif state.is_terminal():
                self.tell(f"the game is over ({state.outcome().describe()}): no move")
            else:
                best = self._choose(state, request)
        except Exception as exc:  # a bug of the player must not end the engine: the GUI is told
            self.tell(f"the search failed: {type(exc).__name__}: {exc}")
        if request.infinite:
            self._stop.wait()  # UCI: after go infinite, bestmove only once stop (or quit) is sent
        self.say(f"bestmove {best}")

    def _choose(self, state: State, request: GoRequest) -> str:
        player = self._fresh_player()
        self._limit(player, request)
        clock = self._clock(state, request)
        if isinstance(player, AlphaBetaPlayer):
            move = player.choose(state, clock)
            info = player.info
            if info.nodes:
                score = f" score {score_text(info.score, self._unit(player))}" if math.isfinite(info.score) else ""
                self.say(f"info depth {max(1, info.depth)} nodes {info.nodes} time {round(1000 * info.seconds)}"
                         f"{score} pv {self._text(move) or '0000'}")
        else:
            if isinstance(player, MCTSPlayer):
                player.clock = clock
            move = player.choose(state)
        text = self._text(move)
        if text is None:
            self.tell(f"the chosen move {move.notation!r} has no UCI form")
            return "0000"
        return text

    def _text(self, move: Move) -> str | None:
        return self.notation.text(move)


def first_move_without_uci_form(state: State, notation: UciNotation = CELL_NAMES) -> Move | None:
    """A legal move of ``state`` that ``notation`` cannot write (a turn of several parts, a pass), or None."""
    return next((move for move in state.legal_moves() if notation.text(move) is None), None)


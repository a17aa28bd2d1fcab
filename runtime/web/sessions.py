"""Games being played in the browser: one session each, with a secret token, expiry and a cap.

A session holds the game, its position and history, and (for an upload) the
folder its files were written to.  Its id is public within the page (it is in
the download link); its token is a second secret the page sends in the
``X-ZRF-Token`` header with every call that changes or costs something, so
knowing an id is not enough to play.

The store keeps at most :attr:`ServerLimits.max_sessions` sessions: opening
one more closes the least recently used, and a session idle for
:attr:`ServerLimits.idle_seconds` is closed by :meth:`SessionStore.purge`.
Closing a session deletes its upload folder; :meth:`SessionStore.close`
deletes the whole upload root at shutdown.  A request for a closed session
is told which limit closed it.
"""

from __future__ import annotations

import secrets
import shutil
import tempfile
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Callable

from runtime.core.protocol import Game, Move, Outcome, State
from runtime.pictures.bitmaps import forget_graphics
from runtime.players.chance import ChanceRoller
from runtime.web.game_clocks import GameClocks
from runtime.web.rules_edit import EditMemo, RulesSource
from runtime.web.seats import Seats
from runtime.web.server_limits import ServerLimits

#: closed sessions remembered, to tell a late request why its game is gone
_REMEMBERED = 1000


class SessionGone(LookupError):
    """No open session has this id; the message says why (never opened, expired, evicted)."""


@dataclass(eq=False)
class Session:
    """One game being played in the browser."""

    id: str
    token: str
    game: Game
    #: a built-in name or the rules file's path (for the saved game's RulesFile=)
    spec: str
    state: State
    #: upload folder deleted with the session, or None
    folder: str | None = None
    history: list[tuple[State, Move]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)
    last_used: float = 0.0
    #: the rules texts the page shows (:func:`runtime.web.rules_text.rules_texts`)
    texts: dict = field(default_factory=dict)
    #: lines the page shows once under the board (missing bitmaps, with server paths cut)
    notes: list[str] = field(default_factory=list)
    #: PNG bytes of the game's bitmaps served so far, by bitmap key (:mod:`runtime.web.bitmap_routes`)
    pngs: dict[str, bytes] = field(default_factory=dict)
    #: who may move which player: the owner's token (``token``) and the invited seats' (:mod:`runtime.web.seats`)
    seats: Seats | None = None
    #: counts the changes of the game (moves, undos, opened saved games): the live updates' news
    version: int = 0
    #: the seed the person gave (``/api/new``'s ``seed``, as ``zrf play --seed``), or None: then the rolls
    #: are drawn from a secret seed
    seed: int | None = None
    #: rolls for the game's random players (``?Dice``), seeded by :attr:`seed`
    roller: ChanceRoller | None = None
    #: the game whose layout and bitmaps draw this one (a built-in game's package), or None
    drawn_as: Game | None = None
    #: why the game is shown in its set-up position only (an Axiom game), or None
    still: str | None = None
    #: set when the session is closed, so that its live updates end
    closed: bool = False
    #: an ending the players chose (a resignation, an agreed draw), or None
    ended: Outcome | None = None
    #: the player whose draw offer stands (until a move, or the other side accepts)
    draw_offer: str | None = None
    #: the players' clocks when the game has a time control (:mod:`runtime.web.game_clocks`)
    clocks: GameClocks | None = None
    #: the rules file the game was read from, which the page's editor shows; None when it has none
    rules: RulesSource | None = None
    #: what checking the editor's text worked out, for its next check
    edit_memo: EditMemo = field(default_factory=EditMemo)
    #: the game's :attr:`version` whose computer move the page stopped (``/api/stop``), or None; read by
    #: the search while it thinks, so it is written without :attr:`lock` (which the search holds)
    stopped_at: int | None = None

    def __post_init__(self):
        if self.seats is None:
            self.seats = Seats(self.token)
        if self.roller is None:
            self.roller = self._new_roller()

    def _new_roller(self) -> ChanceRoller:
        return ChanceRoller(self.game, self.seed if self.seed is not None else secrets.randbits(32))

    def seeded(self, seed: int) -> None:
        """The person gave ``seed``: the rolls and the computer players follow it from the start."""
        self.seed = seed
        self.roller = self._new_roller()

    def player_seed(self) -> int:
        """The seed of a computer player asked to move now: the game's seed (0 without one) plus the
        number of moves played, so a seeded game's players draw the same as they did before."""
        return (self.seed or 0) + len(self.history)

    def stop_asked(self, version: int) -> bool:
        """Was the computer's move at the game's ``version`` stopped by the page?"""
        return self.stopped_at == version

    def token_matches(self, offered: str | None) -> bool:
        """Is ``offered`` the owner's token (the page that opened the game)?"""
        return offered is not None and secrets.compare_digest(offered.encode(), self.token.encode())

    def changed(self) -> None:
        """Note a change of the game (call with :attr:`lock` held)."""
        self.version += 1

    def outcome(self) -> Outcome | None:
        """How the game ended: on time, as the players chose, else by its rules; None while it goes
        on (call with :attr:`lock` held: a clock found at zero ends the game here)."""
        if self.ended is None and self.clocks is not None:
            flagged = self.clocks.flagged()
            if flagged is not None:
                self.ended = Outcome.loss(flagged, self.choosers(), "time")
                self.clocks.stop()
                self.changed()
        return self.ended or self.state.outcome()

    def choosers(self) -> list[str]:
        """The players who choose their moves (not the random ones)."""
        return [p for p in self.game.players if not self.roller.rolls_for(p)]

    def end(self, outcome: Outcome) -> None:
        """The players ended the game (a resignation, an agreed draw); the clocks stop."""
        self.ended, self.draw_offer = outcome, None
        if self.clocks is not None:
            self.clocks.stop()
        self.changed()

    def reloaded(self, game: Game, spec: str, folder: str, rules: RulesSource,
                 state: State, history: list[tuple[State, Move]]) -> str | None:
        """The rules were edited: the game goes on as ``game`` from ``state`` (its moves replayed),
        its seats kept; answers the folder of the previous upload, for the caller to delete.

        An ending the players chose is cleared (the game goes on), the clocks go on when the
        edited game has the same players, and the game is drawn with its own pictures.
        """
        old_folder = self.folder
        forget_graphics(self.game)
        self.game, self.spec, self.folder, self.rules = game, spec, folder, rules
        self.state, self.history = state, history
        self.pngs.clear()
        self.drawn_as, self.still, self.ended, self.draw_offer = None, None, None, None
        self.roller = self._new_roller()
        if self.clocks is not None:
            if set(self.clocks.left) == set(self.choosers()):
                self.clocks.replaced(state.current_player)
            else:
                self.clocks = None
        self.changed()
        return old_folder

    def took_back(self) -> None:
        """Undo: an ending the players chose is taken back first (the clocks go on), else the last move
        (the clocks show again what they did when it was made)."""
        if self.ended is not None:
            self.ended = None
            if self.clocks is not None:
                self.clocks.turn_to(self.state.current_player)
            self.changed()
        elif self.history:
            self.state, _ = self.history.pop()
            if self.clocks is not None:
                self.clocks.took_back(self.state.current_player)
            self.changed()
        self.draw_offer = None

    def replaced(self, state: State, history: list[tuple[State, Move]]) -> None:
        """The game's moves were replaced (a saved game opened): it goes on from ``state``."""
        self.history, self.state = history, state
        if self.clocks is not None:
            self.clocks.replaced(state.current_player)
        self.changed()

    def played(self, move: Move) -> None:
        """``move`` was made in the current position: the history grows, the clocks turn."""
        self.history.append((self.state, move))
        self.state = self.state.apply(move)
        self.draw_offer = None
        if self.clocks is not None:
            if self.state.outcome() is None:
                self.clocks.moved(self.state.current_player)
            else:
                self.clocks.moved(None)
        self.changed()


class SessionStore:
    """Open sessions by id, least recently used first; thread-safe."""

    def __init__(self, limits: ServerLimits, clock: Callable[[], float] = time.monotonic):
        self.limits = limits
        self.clock = clock
        self.upload_root = tempfile.mkdtemp(prefix="zrf-serve-")
        #: the built-in games' package pictures, shared by every session; never an upload
        self.pictures_root = tempfile.mkdtemp(prefix="zrf-pictures-")
        self._sessions: OrderedDict[str, Session] = OrderedDict()
        self._gone: OrderedDict[str, str] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            return len(self._sessions)

    def open(self, game: Game, spec: str, folder: str | None = None) -> Session:
        """A new session at the game's start; closes the least recently used one beyond the cap."""
        session = Session(secrets.token_hex(16), secrets.token_urlsafe(24), game, spec,
                          game.initial_state(), folder, last_used=self.clock())
        with self._lock:
            self._sessions[session.id] = session
            while len(self._sessions) > self.limits.max_sessions:
                _, oldest = self._sessions.popitem(last=False)
                self._forget(oldest, f"it was closed because the server keeps at most "
                                     f"{self.limits.max_sessions} games open (--max-games)")
        return session

    def get(self, sid: object) -> Session:
        """The open session ``sid``, marked as used now; :class:`SessionGone` otherwise."""
        with self._lock:
            session = self._sessions.get(sid) if isinstance(sid, str) else None
            if session is None:
                reason = self._gone.get(sid) if isinstance(sid, str) else None
                raise SessionGone(f"no such game: {reason or 'unknown id (the server may have restarted)'}; "
                                  "start a new game")
            session.last_used = self.clock()
            self._sessions.move_to_end(sid)
            return session

    def purge(self) -> int:
        """Close every session idle longer than the limit; how many were closed."""
        now = self.clock()
        closed = 0
        with self._lock:
            for sid, session in list(self._sessions.items()):
                if now - session.last_used > self.limits.idle_seconds:
                    del self._sessions[sid]
                    self._forget(session, f"it expired after {self.limits.idle_seconds / 60:g} minutes "
                                          "without a move (--idle-minutes)")
                    closed += 1
        return closed

    def discard_folder(self, folder: str) -> None:
        """Delete an upload folder no session was opened for (the game did not load)."""
        shutil.rmtree(folder, ignore_errors=True)

    def close(self) -> None:
        """Close every session and delete the upload root and the pictures (server shutdown)."""
        with self._lock:
            for session in self._sessions.values():
                self._forget(session, "the server was stopped")
            self._sessions.clear()
        shutil.rmtree(self.upload_root, ignore_errors=True)
        shutil.rmtree(self.pictures_root, ignore_errors=True)

    def _forget(self, session: Session, reason: str) -> None:
        """Delete the session's upload, drop its pictures and remember why it closed (lock held).

        The decoded bitmaps and PNGs are dropped at once: the game itself goes only when the
        garbage collector next breaks its reference cycles, and memory must come back when a
        game closes, not some time later.
        """
        if session.folder:
            shutil.rmtree(session.folder, ignore_errors=True)
        session.closed = True
        session.pngs.clear()
        forget_graphics(session.game)
        self._gone[session.id] = reason
        while len(self._gone) > _REMEMBERED:
            self._gone.popitem(last=False)

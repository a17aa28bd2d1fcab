"""A shared game's clocks, kept by the server so that every page shows the same time.

A game opened with a time control (``{"clock": "300+2"}``: 300 seconds each and 2
added after each move) gets a :class:`GameClocks`: one clock per player who
chooses moves (random players have none; while one is to move no clock runs).
The clock of the player to move runs from the moment its turn began; a move
stops it and adds the increment.  A clock at zero has flagged: the session's
outcome is then a loss on time (:meth:`runtime.web.sessions.Session.outcome`),
and a move that arrives later is refused.  Pages read :meth:`view` with each
position and count down themselves from it; they never decide a flag.

A move taken back gives its time back: each move remembers what every clock
showed when it was made (:meth:`moved`), and :meth:`took_back` sets the
clocks to that again, the mover's running from the moment of the undo.  Taking
back several moves one by one reaches the clocks of the position they return
to.  When the game's moves are replaced (a saved game opened, the rules
edited), the remembered readings no longer belong to them: :meth:`replaced`
forgets them, and an undo past that point charges the running clock instead.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence

#: the longest time control a request may ask: 10 hours each and 10 minutes a move
MAX_SECONDS = 36_000.0
MAX_INCREMENT = 600.0
_CONTROL = re.compile(r"^(\d{1,5}(?:\.\d{1,3})?)\+(\d{1,3}(?:\.\d{1,3})?)$")


def parse_control(text: object) -> tuple[float, float] | None:
    """``"SECONDS+INCREMENT"`` as two numbers, None when it is not such a text in bounds."""
    if not isinstance(text, str):
        return None
    m = _CONTROL.match(text)
    if not m:
        return None
    seconds, increment = float(m.group(1)), float(m.group(2))
    if not 0 < seconds <= MAX_SECONDS or increment > MAX_INCREMENT:
        return None
    return seconds, increment


class GameClocks:
    """The clocks of one game (see the module docstring); call with the session's lock held."""

    def __init__(self, seconds: float, increment: float, players: Sequence[str], to_move: str | None,
                 now: Callable[[], float] = time.monotonic):
        self.seconds, self.increment = seconds, increment
        self.now = now
        self.left = dict.fromkeys(players, seconds)
        self.running: str | None = to_move if to_move in self.left else None
        self.since = now()
        #: what the clocks showed at each move still in the game, oldest first (one per move)
        self.readings: list[dict[str, float]] = []

    def time_left(self, player: str) -> float:
        left = self.left[player]
        return max(0.0, left - (self.now() - self.since)) if player == self.running else left

    def flagged(self) -> str | None:
        """The player whose clock has reached zero, or None."""
        if self.running is not None and self.time_left(self.running) <= 0:
            return self.running
        return None

    def moved(self, next_player: str | None) -> None:
        """The running player moved: charge its time, add the increment, start ``next_player``'s."""
        now = self.now()
        self.readings.append(dict(self.left))
        if self.running is not None:
            self.left[self.running] = max(0.0, self.left[self.running] - (now - self.since)) + self.increment
        self.running = next_player if next_player in self.left else None
        self.since = now

    def took_back(self, player: str | None) -> None:
        """The last move was taken back: every clock shows what it did when that move was made, and
        ``player``'s (the mover's again) runs from now.  Without a reading, as :meth:`turn_to`."""
        if not self.readings:
            self.turn_to(player)
            return
        self.left = self.readings.pop()
        self.running = player if player in self.left else None
        self.since = self.now()

    def replaced(self, player: str | None) -> None:
        """The game's moves were replaced: their readings are forgotten, ``player``'s clock runs."""
        self.readings.clear()
        self.turn_to(player)

    def turn_to(self, player: str | None) -> None:
        """The turn passes without a move (an ending taken back, moves replaced): charge the running player's
        time (no increment) and start ``player``'s."""
        now = self.now()
        if self.running is not None:
            self.left[self.running] = max(0.0, self.left[self.running] - (now - self.since))
        self.running = player if player in self.left else None
        self.since = now

    def stop(self) -> None:
        """The game is over: every clock stands still."""
        if self.running is not None:
            self.left[self.running] = self.time_left(self.running)
        self.running = None

    def view(self) -> dict:
        """What a page counts down from: milliseconds left per player, whose clock runs."""
        return {"left": {p: round(self.time_left(p) * 1000) for p in self.left}, "running": self.running,
                "increment": round(self.increment * 1000)}

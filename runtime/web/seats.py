"""Who may move which player of one shared game: the owner's token and the invited seats' tokens.

The page that opened a game holds its token (the owner's) and may move every
player.  Inviting someone to a player's seat makes a new secret for that seat
(``secrets.token_urlsafe``, 192 bits): the invite link carries it in its
fragment (``/#join=ID.TOKEN``), which the browser never sends to any server,
so it is in no log and no ``Referer``.  From then on that player is moved only
with that seat's token: the owner's token no longer moves it, a seat's token
moves no other player, and nobody moves out of turn.  Inviting the same seat
again replaces its token, so a link that went astray can be withdrawn.
Watching needs no token: the game's id (128 random bits) reads its positions
and its live updates, and nothing that changes the game.
"""

from __future__ import annotations

import enum
import secrets
from dataclasses import dataclass, field

#: bytes of randomness in a seat's token (base64: 32 characters)
SEAT_TOKEN_BYTES = 24


class Standing(enum.Enum):
    """What a token is to a game."""

    OWNER = "owner"
    SEAT = "seat"
    NONE = "none"


@dataclass(frozen=True)
class Holder:
    """A token's standing, and the player whose seat it holds (for a seat)."""

    standing: Standing
    player: str | None = None


def _same(offered: str, expected: str) -> bool:
    return secrets.compare_digest(offered.encode(), expected.encode())


@dataclass
class Seats:
    """The owner's token and the invited seats' tokens of one game (see the module docstring)."""

    owner_token: str
    #: player -> that seat's token, for the seats given away
    invited: dict[str, str] = field(default_factory=dict)

    def invite(self, player: str) -> str:
        """A new token for ``player``'s seat (any earlier one for it stops working)."""
        token = secrets.token_urlsafe(SEAT_TOKEN_BYTES)
        self.invited[player] = token
        return token

    def holder(self, offered: str | None) -> Holder:
        """What ``offered`` is to this game."""
        if not isinstance(offered, str) or not offered:
            return Holder(Standing.NONE)
        if _same(offered, self.owner_token):
            return Holder(Standing.OWNER)
        for player, token in self.invited.items():
            if _same(offered, token):
                return Holder(Standing.SEAT, player)
        return Holder(Standing.NONE)

    def may_move(self, offered: str | None, player: str) -> bool:
        """May the holder of ``offered`` move for ``player`` (the player to move)?"""
        holder = self.holder(offered)
        if holder.standing is Standing.OWNER:
            return player not in self.invited
        return holder.standing is Standing.SEAT and holder.player == player

    def refusal(self, offered: str | None, player: str) -> str | None:
        """Why the holder of ``offered`` may not move for ``player`` now, or None."""
        holder = self.holder(offered)
        if holder.standing is Standing.NONE:
            return "missing or wrong game token (reload the page, or ask for a new invite link)"
        if self.may_move(offered, player):
            return None
        if holder.standing is Standing.SEAT:
            return f"it is {player}'s turn; this link plays {holder.player}"
        return f"{player} is played by the person you invited; wait for their move"

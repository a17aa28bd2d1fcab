"""Seat tokens of a shared game (runtime/web/seats.py): who may move which player.

The rules checked are the ones docs/security.md states: an invited seat's token moves only
its player and only on its turn; the owner's token no longer moves an invited seat; a token
cannot be guessed (192 random bits, never equal to another seat's) and a re-invite withdraws
the old link.
"""

from __future__ import annotations

from runtime.web.seats import Seats, Standing


def test_a_seat_token_moves_only_its_own_player():
    seats = Seats("owner-secret")
    black = seats.invite("Black")
    assert seats.holder(black).standing is Standing.SEAT and seats.holder(black).player == "Black"
    assert seats.may_move(black, "Black")
    assert not seats.may_move(black, "White")  # the other seat, or out of turn
    assert seats.refusal(black, "White") == "it is White's turn; this link plays Black"
    assert seats.may_move("owner-secret", "White")
    assert not seats.may_move("owner-secret", "Black")  # given away
    for nobody in (None, "", "owner-secre", black[:-1], black + "x"):
        assert seats.holder(nobody).standing is Standing.NONE
        assert not seats.may_move(nobody, "Black") and not seats.may_move(nobody, "White")


def test_tokens_are_long_random_and_a_new_invite_withdraws_the_old():
    seats = Seats("owner-secret")
    first = seats.invite("Black")
    second = seats.invite("Black")
    assert first != second and len(second) == 32  # 24 bytes of secrets.token_urlsafe
    assert seats.holder(first).standing is Standing.NONE
    white = seats.invite("White")
    assert white != second and not seats.may_move(white, "Black") and not seats.may_move(second, "White")
    assert len({Seats("o").invite("Black") for _ in range(200)}) == 200

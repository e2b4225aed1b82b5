"""Gambo from the phones: a seated player's phone plays its own side's moves.

Two people may each play from their phone, or one from their phone and the other
from the host's phone (`HOST`, in `gambo_host`) or the box's screen. A phone sees the
board as the host does (`gambo_board`) and which side is its own; it moves only when
that side is to move, and only as the rules allow (they check every move, as for a
tap on the box).
"""

from __future__ import annotations

from pi_app.i18n import N_
from pi_app.rules.gambo.game import GamboState
from pi_app.web.games import PhonePlay, state_as
from pi_app.web.games.gambo_board import Json, board_json, move_of
from pi_app.web.games.gambo_host import HOST
from pi_app.web.phone_request import PhoneRequest, Reply
from pi_app.web.requests import refusal

__all__ = ["HOST", "PHONE"]

DOMAIN = "web"
"""The domain of a phone's refusals."""
NOT_YOUR_TURN = N_("It is not your turn: the other side moves.")


def action(state: object, request: PhoneRequest) -> str | Reply:
    """The seat's move, when its side is the side to move."""
    game = state_as(state, GamboState)
    if request.kind != "move":
        raise ValueError(request.kind)
    mover = game.to_move
    if mover is None or game.seats[mover] != request.seat:
        return refusal(NOT_YOUR_TURN, request.lang)
    return move_of(request.fields)


def view(state: object, seat: str | None, locale: str) -> Json:
    """The board, and which side is this phone's (None: a spectator's)."""
    game = state_as(state, GamboState)
    shown = board_json(game, locale)
    shown["side"] = game.seats.index(seat) if seat in game.seats else None
    return shown


PHONE = PhonePlay(kinds=("move",), action=action, view=view)
"""Gambo from a seated player's phone."""

"""Gambo from the host's phone: the board, and the moves of the people's sides.

The host taps a piece, then one of the squares the rules let it reach (the view lists
them: `gambo_board.targets`), and the move is played through the core's door as a tap
on the box's screen is: against the computer, the computer then replies through the
box (`box.computer`), as it does on the screen. The page says the computer is
thinking while the side to move is the computer's (the server's summary names the
seats it plays), and offers no move then.
"""

from __future__ import annotations

from collections.abc import Sequence

from pi_app.i18n import N_
from pi_app.rules.gambo.game import GamboState
from pi_app.web.games import state_as
from pi_app.web.games.gambo_board import Json, board_json, move_of, move_words
from pi_app.web.host_play import HostPlay, HostRequest

DOMAIN = "host"
"""The domain of the words below: the host's page."""
KINDS: tuple[str, ...] = ("move",)
"""A move (`{"move": notation}`, "pass" when no other is legal)."""

TEXTS: dict[str, str] = {
    "pick_piece": N_("Tap one of your pieces"),
    "pick_square": N_("Tap a highlighted square"),
    "to_move": N_("{player} to move"),
    "thinking": N_("The computer is thinking…"),
    "pass": N_("Pass"),
    "no_move": N_("No move is possible"),
    "won": N_("{player} wins"),
    "moves": N_("Moves"),
}
"""The words of the Gambo board's scripts (`static/host/gambo.js`, `static/games/gambo.js`)."""


def action(state: object, request: HostRequest) -> Sequence[str]:
    """The one move the host's request names, for the rules to check."""
    state_as(state, GamboState)
    if request.kind != "move":
        raise ValueError(request.kind)
    return [move_of(request.fields)]


def view(state: object, lang: str) -> Json:
    """The whole board and the legal moves of the side to move."""
    return board_json(state_as(state, GamboState), lang)


def describe(state: object, notation: str, lang: str) -> str:
    """A move in the game's words: "Alice: the cat 2 takes the mouse 1 on c7: +2"."""
    return move_words(state_as(state, GamboState), notation, lang)


HOST = HostPlay(kinds=KINDS, action=action, view=view, describe=describe, texts=TEXTS)
"""Gambo from the host's phone."""

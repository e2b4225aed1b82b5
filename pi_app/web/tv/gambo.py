"""Gambo on the big screen: the board, the move just played and its duel, the pieces
each side took, and who is to move.

Every piece stands face up on the table, so the room sees the whole board. The move
just played is told from the game's story (`rules.gambo.story`, which re-plays the
notations through the rules), as the box's screen tells it.
"""

from __future__ import annotations

from pi_app.i18n import N_, Translator
from pi_app.rules.gambo.board import SQUARE_NAMES
from pi_app.rules.gambo.game import GamboState, Piece
from pi_app.rules.gambo.story import Step, captures, story
from pi_app.web.games import state_as
from pi_app.web.tv import Json, TvView

_ = Translator("tv")


def _piece(piece: Piece | None) -> list[object] | None:
    return None if piece is None else [piece.side, piece.code]


def _step(step: Step, seats: tuple[str, str]) -> Json:
    """The move just played: who, what, the squares and pieces, a duel's winner."""
    return {
        "seat": seats[step.side],
        "kind": step.kind,
        "notation": step.notation,
        "squares": [SQUARE_NAMES[square] for square in step.squares],
        "pieces": [_piece(piece) for piece in step.pieces],
        "winner": None if step.winner is None else seats[step.winner],
        "points": step.points,
        "bonus": step.bonus,
    }


def view(state: object, locale: str) -> Json:
    """The board square by square (`SQUARE_NAMES` order), the last move, the captures."""
    game = state_as(state, GamboState)
    steps = story(game)
    taken: dict[str, list[list[object]]] = {seat: [] for seat in game.seats}
    for capture in captures(steps):
        taken[game.seats[capture.taker]].extend(_piece(p) or [] for p in capture.pieces)
    return {
        "squares": list(SQUARE_NAMES),
        "board": [_piece(piece) for piece in game.board],
        "seats": list(game.seats),
        "to_move": None if game.to_move is None else game.seats[game.to_move],
        "duels": game.duels,
        "last": _step(steps[-1], game.seats) if steps else None,
        "taken": taken,
        "started": bool(game.history),
        "round": len(game.history),
    }


TEXTS = {
    "duels": N_("Duels: {count} of 9"),
    "round": N_("Move {round}"),
    "adv": N_("{seat} advanced"),
    "swap": N_("{seat} swapped two pieces"),
    "pass": N_("{seat} passed"),
    "duel": N_("Duel: {winner} wins {points} points"),
    "taken": N_("Taken: {pieces}"),
    "best-duel": N_("Biggest duel: {seat} +{value} (move {step})"),
}

TV = TvView(view=view, texts=TEXTS)
"""Gambo on the big screen (`pi_app.web.tv.tv_view`)."""

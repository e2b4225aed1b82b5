"""What happened in a Gambo game, move by move: who moved, what, and what a duel took.

A `GamboState` keeps the position and the notations played, not what each move did:
after a swap the board alone cannot say which pieces changed places, and after a duel
the two pieces are gone. A screen that shows a move as it happens needs exactly that.
Rather than have the rules keep a second record that could disagree with the first,
the story re-plays the notations from the setup through `apply`, and reads each move's
effect off the positions before and after it (so it cannot drift from the rules).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pi_app.rules.gambo.board import DUELS_IN_A_GAME, LAST_DUEL_BONUS, SIDES, front_of
from pi_app.rules.gambo.game import (
    ADV,
    DUEL,
    SWAP,
    GamboState,
    Piece,
    apply,
    parse_action,
    start_state,
)

Setup = tuple[tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True)
class Step:
    """One move told in full.

    `squares` are the squares the move touched: an advance's start square then the
    square it reached, a swap's two squares, a duel's attacker then defender, none for
    a pass. `pieces` are the pieces that moved or fought, as they stood before the
    move: the advancing piece; the swap's pieces in the order of `squares`; the duel's
    attacker then defender. A duel's `winner` side takes both pieces and `points`
    (with `bonus`, the last duel's extra, already counted in).
    """

    number: int
    side: int
    kind: str
    notation: str
    squares: tuple[int, ...] = ()
    pieces: tuple[Piece, ...] = ()
    winner: int | None = None
    points: int = 0
    bonus: int = 0


@dataclass(frozen=True)
class Capture:
    """The two pieces a duel's winner took: its own piece first, then the loser's.

    `duel` counts the duels from 1, so the ninth (the one with the bonus) is known.
    """

    number: int
    duel: int
    taker: int
    pieces: tuple[Piece, Piece]


def _step(before: GamboState, after: GamboState, number: int, notation: str) -> Step:
    """The story of the move that took `before` to `after`."""
    side = before.to_move
    if side is None:
        raise ValueError("no move is played from a finished game")
    action = parse_action(notation)
    squares = action.squares
    if action.kind == ADV:
        start = squares[0]
        return Step(number, side, ADV, notation, (start, front_of(start)), _pieces(before, squares))
    if action.kind == SWAP:
        return Step(number, side, SWAP, notation, squares, _pieces(before, squares))
    if action.kind == DUEL:
        points = sum(after.scores) - sum(before.scores)
        bonus = LAST_DUEL_BONUS if after.duels == DUELS_IN_A_GAME else 0
        return Step(
            number,
            side,
            DUEL,
            notation,
            squares,
            _pieces(before, squares),
            winner=after.last_duel_winner,
            points=points,
            bonus=bonus,
        )
    return Step(number, side, action.kind, notation)


def _pieces(state: GamboState, squares: tuple[int, ...]) -> tuple[Piece, ...]:
    found = tuple(state.board[s] for s in squares)
    if any(piece is None for piece in found):
        raise ValueError("a move names an empty square")
    return tuple(piece for piece in found if piece is not None)


@lru_cache(maxsize=16)
def tell(setup: Setup, history: tuple[str, ...]) -> tuple[Step, ...]:
    """Every move of the game from `setup` through `history`, in order.

    Cached because a screen asks again on every redraw of the same position; the
    arguments are the state's own frozen tuples.
    """
    state = start_state(SIDES, setup)
    steps: list[Step] = []
    for number, notation in enumerate(history, start=1):
        after = apply(state, parse_action(notation))
        steps.append(_step(state, after, number, notation))
        state = after
    return tuple(steps)


def story(state: GamboState) -> tuple[Step, ...]:
    """Every move that led to `state`."""
    return tell(state.setup, state.history)


def last_step(steps: tuple[Step, ...]) -> Step | None:
    """The move just played, or None before the first move."""
    return steps[-1] if steps else None


def touched(steps: tuple[Step, ...]) -> frozenset[int]:
    """The squares the move just played touched: those a screen marks."""
    last = last_step(steps)
    return frozenset() if last is None else frozenset(last.squares)


def captures(steps: tuple[Step, ...]) -> tuple[Capture, ...]:
    """What each duel's winner took, in the order of the duels."""
    found: list[Capture] = []
    for step in steps:
        if step.kind != DUEL or step.winner is None:
            continue
        attacker, defender = step.pieces
        won, lost = (attacker, defender) if attacker.side == step.winner else (defender, attacker)
        found.append(Capture(step.number, len(found) + 1, step.winner, (won, lost)))
    return tuple(found)


def taken_by(steps: tuple[Step, ...], side: int) -> tuple[Capture, ...]:
    """The captures of `side` (0 for A, 1 for B): the pairs standing beside its score."""
    return tuple(capture for capture in captures(steps) if capture.taker == side)


def last_capture(steps: tuple[Step, ...]) -> Capture | None:
    """The pair the latest duel took, or None before the first duel."""
    found = captures(steps)
    return found[-1] if found else None

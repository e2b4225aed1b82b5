"""How the `hard` opponent judges a position it stops searching at.

Every evaluation here looks only at the central row, the scores and the side to move,
and at the start rows only as a set of waiting pieces, never at their order: the
search's cut of start-row swaps near the horizon (see `search`) relies on it.
"""

from __future__ import annotations

from collections.abc import Callable

from pi_app.ai.gambo.position import POINTS, SIDE_OF, WINNER, Position

Evaluator = Callable[[Position], int]


def duel_gain(board: list[int], move: int) -> int:
    """Points the attacker's side wins (positive) or gives away (negative) with a duel."""
    attacker, defender = board[(move >> 6) & 63], board[move & 63]
    if WINNER[attacker][defender]:
        return -POINTS[defender][attacker]
    return POINTS[attacker][defender]


FEATURE_NAMES = (
    "tempo",
    "margin",
    "late margin",
    "my best duel",
    "my second duel",
    "their best duel",
    "their second duel",
    "waiting pieces",
    "can swap",
    "pieces' worth",
)
SCALE = 1000
"""The tuned evaluation is a logit (the log-odds that the mover wins) in thousandths."""
WEIGHTS = (1, 40, 72, 47, 6, -1, -9, -276, 114, 178)
"""Fitted by `bench/gambo_tune.py`; one per feature."""

# WORTH[p][q]: what piece p is worth against piece q whoever attacks: the points p
# wins when it beats q either way, minus those it loses when q beats it either way.
WORTH = [
    [
        (POINTS[p][q] if not WINNER[p][q] and WINNER[q][p] else 0)
        - (POINTS[q][p] if WINNER[p][q] and not WINNER[q][p] else 0)
        if p and q
        else 0
        for q in range(19)
    ]
    for p in range(19)
]


_BIT = [0] + [1 << i for i in range(9)] * 2
_worth_cache: dict[int, float] = {}


def _worth(mine: int, theirs: int) -> float:
    """The mean worth of the pieces in set `mine` against those in set `theirs` (bit i
    for the piece code `PIECES[i]`, the same for either side), memoised."""
    key = mine << 9 | theirs
    value = _worth_cache.get(key)
    if value is None:
        own = [1 + i for i in range(9) if mine >> i & 1]
        others = [1 + i for i in range(9) if theirs >> i & 1]
        value = sum(WORTH[p][q] for p in own for q in others) / max(1, len(own))
        _worth_cache[key] = value
    return value


def features(position: Position) -> tuple[float, ...]:
    """What the evaluation weighs (`FEATURE_NAMES`), from the side to move's point of view."""
    side = position.to_move
    board = position.board
    masks, waiting = [0, 0], [0, 0]
    for square in range(18):
        piece = board[square]
        if piece:
            owner = SIDE_OF[piece]
            masks[owner] |= _BIT[piece]
            waiting[owner] += 1
    mine1 = mine2 = theirs1 = theirs2 = 0
    previous = 0
    for square in range(18, 36):
        piece = board[square]
        if not piece:
            continue
        masks[SIDE_OF[piece]] |= _BIT[piece]
        if previous and SIDE_OF[previous] != SIDE_OF[piece]:
            mine, theirs = (piece, previous) if SIDE_OF[piece] == side else (previous, piece)
            if not WINNER[mine][theirs]:
                gain = POINTS[mine][theirs]
                if gain > mine1:
                    mine1, mine2 = gain, mine1
                elif gain > mine2:
                    mine2 = gain
            if not WINNER[theirs][mine]:
                gain = POINTS[theirs][mine]
                if gain > theirs1:
                    theirs1, theirs2 = gain, theirs1
                elif gain > theirs2:
                    theirs2 = gain
        previous = piece
    margin = position.scores[side] - position.scores[1 - side]
    return (
        1.0,
        float(margin),
        margin * position.duels / 9,
        float(mine1),
        float(mine2),
        float(theirs1),
        float(theirs2),
        float(waiting[side] - waiting[1 - side]),
        1.0 if position.can_swap() else 0.0,
        _worth(masks[side], masks[1 - side]),
    )


def evaluate(position: Position) -> int:
    """The fitted log-odds that the side to move wins, in thousandths."""
    w0, w1, w2, w3, w4, w5, w6, w7, w8, w9 = WEIGHTS
    f0, f1, f2, f3, f4, f5, f6, f7, f8, f9 = features(position)
    return int(
        w0 * f0
        + w1 * f1
        + w2 * f2
        + w3 * f3
        + w4 * f4
        + w5 * f5
        + w6 * f6
        + w7 * f7
        + w8 * f8
        + w9 * f9
    )

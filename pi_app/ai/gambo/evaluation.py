"""How the `hard` opponent judges a position it stops searching at.

The value is the log-odds that the side to move goes on to win, in thousandths: a
weighted sum of the features below, with weights fitted by logistic regression on
self-play games (`bench/gambo_tune.py`). What a player of Gambo watches:

- the score margin, which counts more as the duels run out (the +4 of the last duel
  and the tie going to its winner are the search's, which sees the end coming);
- the duels in sight for the mover, who may take one at once, and for the opponent,
  which the mover may still defuse;
- tempo: pieces still waiting on the start row are moves in hand, and so is the right
  to swap (R11, R12); a mover with neither is forced to duel, and an opponent that has
  swapped twice in a row may not swap next;
- the pieces left: what each of the mover's pieces is worth against the opponent's
  (elephant > cat > mouse > elephant, whoever attacks), averaged over the mover's.

Every feature looks only at the central row, the scores, the swap limits and the side
to move, and at the start rows only as a set of waiting pieces, never at their order:
the search's cut of start-row swaps near the horizon (see `search`) relies on it.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence

from pi_app.ai.gambo.position import MAX_SWAPS_IN_A_ROW, POINTS, SIDE_OF, WINNER, Position

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
    "late tempo",
    "late waiting",
    "forced to duel",
    "they cannot swap",
    "worth of those left",
    "late best duel",
)
"""From the side to move's point of view; "late" ones are multiplied by the share of
the nine duels already fought, so that a feature may count differently at the end."""
SCALE = 1000
"""The evaluation is a logit (the log-odds that the mover wins) in thousandths."""
WEIGHTS = (-9, 5, 106, -5, 17, 5, -8, -225, 140, 182, 18, -265, 55, 63, 39, 69)
"""One per feature: the mean of two rounds of `bench/gambo_tune.py`, the second (ten
features, fitted on games of the first) and the third (all sixteen, on games of the
second). Self-play alone over-fits: the third round beat the second 152 games to 48,
yet won only 75 of 100 against `hard-v1`, where the second had won 191 of 200. The
mean keeps most of both."""

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


def _gains(side: int) -> list[int]:
    """`GAINS[side][x * 19 + y]`: the points `side` wins with a duel between the central
    neighbours x (left) and y (right), attacking with its own piece; 0 if it cannot."""
    table = [0] * (19 * 19)
    for x in range(1, 19):
        for y in range(1, 19):
            if SIDE_OF[x] == SIDE_OF[y]:
                continue
            mine, theirs = (x, y) if SIDE_OF[x] == side else (y, x)
            if not WINNER[mine][theirs]:
                table[x * 19 + y] = POINTS[mine][theirs]
    return table


GAINS = (_gains(0), _gains(1))


def features(position: Position) -> tuple[float, ...]:
    """What the evaluation weighs (`FEATURE_NAMES`), from the side to move's point of view.

    It runs at every leaf of the search, hence the tables: a start row only ever holds
    its own side's pieces, and `GAINS` holds what each side wins by a duel between two
    neighbours of the central row (empty squares left out)."""
    side = position.to_move
    other = 1 - side
    board = position.board
    own_row, other_row = board[9 * side : 9 * side + 9], board[9 * other : 9 * other + 9]
    own_empty = own_row.count(0)
    waiting = other_row.count(0) - own_empty
    own_set = other_set = 0
    for piece in own_row:
        own_set |= _BIT[piece]
    for piece in other_row:
        other_set |= _BIT[piece]
    my_gains, their_gains = GAINS[side], GAINS[other]
    own_low = 1 + 9 * side
    mine1 = mine2 = theirs1 = theirs2 = 0
    previous = 0
    for piece in board[18:36]:
        if not piece:
            continue
        if own_low <= piece < own_low + 9:
            own_set |= _BIT[piece]
        else:
            other_set |= _BIT[piece]
        if previous:
            pair = previous * 19 + piece
            gain = my_gains[pair]
            if gain > mine2:
                mine1, mine2 = (gain, mine1) if gain > mine1 else (mine1, gain)
            gain = their_gains[pair]
            if gain > theirs2:
                theirs1, theirs2 = (gain, theirs1) if gain > theirs1 else (theirs1, gain)
        previous = piece
    margin = position.scores[side] - position.scores[other]
    late = position.duels / 9
    can_swap = position.can_swap()
    worth = _worth(own_set, other_set)
    return (
        1.0,
        float(margin),
        margin * late,
        float(mine1),
        float(mine2),
        float(theirs1),
        float(theirs2),
        float(waiting),
        1.0 if can_swap else 0.0,
        worth,
        late,
        waiting * late,
        1.0 if not can_swap and own_empty == 9 else 0.0,
        1.0 if position.streak[other] >= MAX_SWAPS_IN_A_ROW else 0.0,
        worth * (1 - late),
        mine1 * late,
    )


def weighted(weights: Sequence[int]) -> Evaluator:
    """The evaluation with these weights, one for each of the first `len(weights)`
    features (an earlier, shorter set of weights still works)."""

    def evaluate(position: Position) -> int:
        return int(sum(map(operator.mul, weights, features(position))))

    return evaluate


evaluate = weighted(WEIGHTS)
"""The fitted log-odds that the side to move wins, in thousandths."""

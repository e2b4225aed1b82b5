"""The Gambo `hard` opponent as it stood before its strengthening: a sparring partner.

A frozen copy of `pi_app.ai.gambo.players.SearchPlayer` and its evaluation (alpha-beta
with iterative deepening, a transposition table, history ordering and a quiescence
search over duels; the score margin plus the best duel in sight), kept so that every
later `hard` can be measured against it with `bench/gambo_ai.py --pair hard hard-v1`.
It shares the fast position of `pi_app.ai.gambo.position`, whose moves are the rules'.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pi_app.ai.gambo.position import K_DUEL, K_SWAP, POINTS, SIDE_OF, WINNER, Position, to_action
from pi_app.rules.gambo.game import GamboAction, GamboState

Clock = Callable[[], float]
WIN = 10_000
MAX_MARGIN = 200
INFINITY = 1_000_000
EXACT, LOWER, UPPER = 0, 1, 2
TABLE_LIMIT = 200_000
CLOCK_EVERY = 512


def final_value(position: Position, side: int) -> int:
    """A finished game's value for `side`: a win or a loss, then the score margin."""
    margin = position.scores[side] - position.scores[1 - side]
    return (WIN if position.winner() == side else -WIN) + margin


class _OutOfTime(Exception):
    """Raised inside the search when the budget is spent; the last full depth stands."""


@dataclass
class SearchStats:
    """What the last search did: nodes visited, depth completed, value for the mover."""

    nodes: int = 0
    depth: int = 0
    value: int = 0


@dataclass
class SearchPlayer:
    """Alpha-beta with iterative deepening, a transposition table and duel quiescence.

    Stops at `max_depth`, after `max_nodes`, or when `movetime` seconds have passed
    on `clock` (only checked when a clock is given), whichever comes first; the move
    of the last fully searched depth is played.
    """

    max_depth: int = 64
    movetime: float | None = None
    clock: Clock | None = None
    max_nodes: int | None = None
    evaluator: Callable[[Position], int] = field(default=lambda position: evaluate(position))
    stats: SearchStats = field(default_factory=SearchStats)
    _table: dict[int, tuple[int, int, int, int]] = field(default_factory=dict)
    _history: dict[int, int] = field(default_factory=dict)
    _deadline: float = 0.0
    _nodes: int = 0
    _partial: tuple[int, int] | None = None

    def choose(self, state: GamboState) -> GamboAction:
        return to_action(self.best_move(Position.from_state(state)))

    def best_move(self, position: Position) -> int:
        """The move to play in `position` (which is left as it was)."""
        moves = position.moves()
        if len(moves) == 1:
            self.stats = SearchStats(0, 0, 0)
            return moves[0]
        if len(self._table) > TABLE_LIMIT:
            self._table.clear()
        self._history.clear()
        self._nodes = 0
        timed = self.clock is not None and self.movetime is not None
        if self.clock is not None and self.movetime is not None:
            self._deadline = self.clock() + self.movetime
        best, value, depth = moves[0], 0, 0
        for target in range(1, self.max_depth + 1):
            self._partial = None
            try:
                best, value = self._root(position, target, best)
                depth = target
            except _OutOfTime:
                if self._partial is not None:  # beat the last depth's move at this depth
                    best, value = self._partial
                break
            proven = abs(value) >= WIN - MAX_MARGIN  # a forced win or loss: no need to look on
            if proven or (timed and self._spent() > 0.5):  # the next depth would not finish
                break
        self.stats = SearchStats(self._nodes, depth, value)
        return best

    def _spent(self) -> float:
        """The share of the time budget used so far."""
        assert self.clock is not None and self.movetime
        remaining = self._deadline - self.clock()
        return 1.0 - remaining / self.movetime

    def _tick(self) -> None:
        self._nodes += 1
        if self.max_nodes is not None and self._nodes > self.max_nodes:
            raise _OutOfTime
        if (
            self._nodes % CLOCK_EVERY == 0
            and self.clock is not None
            and self.movetime is not None
            and self.clock() > self._deadline
        ):
            raise _OutOfTime

    def _root(self, position: Position, depth: int, previous: int) -> tuple[int, int]:
        side = position.to_move
        moves = self._ordered(position, position.moves(), previous)
        alpha, best = -INFINITY, moves[0]
        for index, move in enumerate(moves):
            value = self._child(position, move, side, depth - 1, alpha, INFINITY)
            if value > alpha:
                alpha, best = value, move
                if index > 0:
                    self._partial = (best, alpha)
        return best, alpha

    def _child(
        self, position: Position, move: int, side: int, depth: int, alpha: int, beta: int
    ) -> int:
        """The value of `move` for `side`, searched `depth` more plies."""
        undo = position.make(move)
        try:
            if position.finished:
                return final_value(position, side)
            if position.to_move == side:
                return self._search(position, depth, alpha, beta)
            return -self._search(position, depth, -beta, -alpha)
        finally:
            position.unmake(move, undo)

    def _search(self, position: Position, depth: int, alpha: int, beta: int) -> int:
        if depth <= 0:
            return self._quiesce(position, alpha, beta)
        self._tick()
        key = position.key()
        entry = self._table.get(key)
        hint = -1
        if entry is not None:
            entry_depth, flag, stored, hint = entry
            if entry_depth >= depth and (
                flag == EXACT
                or (flag == LOWER and stored >= beta)
                or (flag == UPPER and stored <= alpha)
            ):
                return stored
        side = position.to_move
        start_alpha, best_value, best_move = alpha, -INFINITY, -1
        for move in self._ordered(position, position.moves(), hint):
            value = self._child(position, move, side, depth - 1, alpha, beta)
            if value > best_value:
                best_value, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        if move >> 12 != K_DUEL:
                            self._history[move] = self._history.get(move, 0) + depth * depth
                        break
        flag = UPPER if best_value <= start_alpha else LOWER if best_value >= beta else EXACT
        self._table[key] = (depth, flag, best_value, best_move)
        return best_value

    def _quiesce(self, position: Position, alpha: int, beta: int) -> int:
        """Stand pat on the score margin, or fight the duels in sight."""
        self._tick()
        side = position.to_move
        stand = self.evaluator(position)
        if stand >= beta:
            return stand
        alpha = max(alpha, stand)
        best = stand
        for move in self._ordered_duels(position, position.duel_moves()):
            value = self._child(position, move, side, 0, alpha, beta)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def _ordered_duels(self, position: Position, duels: list[int]) -> list[int]:
        board = position.board
        return sorted(duels, key=lambda m: -_duel_gain(board, m))

    def _ordered(self, position: Position, moves: list[int], hint: int) -> list[int]:
        """The table's move first, then duels by what they win, then quiet moves by history."""
        board, history = position.board, self._history

        def rank(move: int) -> int:
            if move == hint:
                return -1_000_000
            if move >> 12 == K_DUEL:
                return -1000 * _duel_gain(board, move) - 500
            bonus = 0 if move >> 12 == K_SWAP else 50
            return -history.get(move, 0) - bonus

        return sorted(moves, key=rank)


def _duel_gain(board: list[int], move: int) -> int:
    """Points the attacker's side wins (positive) or gives away (negative) with a duel."""
    attacker, defender = board[(move >> 6) & 63], board[move & 63]
    if WINNER[attacker][defender]:
        return -POINTS[defender][attacker]
    return POINTS[attacker][defender]


def evaluate(position: Position) -> int:
    """The position's value for the side to move: the score margin, plus the best duel
    the mover can win at once (the mover moves first, so that one is there to take)."""
    side = position.to_move
    margin = position.scores[side] - position.scores[1 - side]
    board = position.board
    best = 0
    previous = 0
    for square in range(18, 36):
        piece = board[square]
        if not piece:
            continue
        if previous and SIDE_OF[previous] != SIDE_OF[piece]:
            mine, theirs = (piece, previous) if SIDE_OF[piece] == side else (previous, piece)
            if not WINNER[mine][theirs]:
                best = max(best, POINTS[mine][theirs])
        previous = piece
    return 2 * margin + best

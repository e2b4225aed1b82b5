"""The `hard` opponent's search: principal-variation alpha-beta built for Gambo's turns.

Iterative deepening, a transposition table, the table's move then winning duels then
killer and history moves first, null-window searches for every move after the first,
and a quiescence search over duels. What is particular to Gambo:

- Turns do not simply alternate (after a duel the lower score moves), so a child's
  value changes sign only when the side to move changed. A duel that loses points but
  keeps the move is searched like any other, after the winning ones.
- Swapping two pieces that both stand on the start row changes nothing the evaluation
  or a duel can see until one of them advances, on a later turn of the mover. Within
  the last two plies there is no such turn (the opponent moves next, and below the
  horizon only duels are searched), so all such swaps lead to the same value and only
  the first one is searched: an exact cut that removes most of the moves of the opening.
- Positions already judged are remembered, since the same leaves come back at every
  depth of the iterative deepening.

Searching needs a clock, which the rules must never read; so the clock is injected
(`clock`, a callable returning seconds) and a search may also be bounded by depth or
node count alone, which makes it deterministic for tests.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pi_app.ai.gambo.evaluation import Evaluator, duel_gain, evaluate
from pi_app.ai.gambo.position import C0, K_DUEL, K_SWAP, Position, to_action
from pi_app.rules.gambo.game import GamboAction, GamboState

Clock = Callable[[], float]
WIN = 1_000_000
"""A won game is worth more than any evaluation; the score margin breaks ties between wins."""
MAX_MARGIN = 200
"""More than any score margin (9 duels of at most 3 x 3, plus the bonus)."""
INFINITY = 100_000_000
EXACT, LOWER, UPPER = 0, 1, 2
TABLE_LIMIT = 100_000
"""Entries kept between moves; clearing a table costs time inside the next move's budget,
so it stays small enough to clear in a few milliseconds."""
CLOCK_EVERY = 32
"""Nodes between looks at the clock: a few hundred microseconds here, still well under
the allowed overrun on a Pi Zero 2 W, several times slower."""
RESERVE = 0.05
"""The share of the time per move kept back for unwinding the search and answering."""
NEXT_DEPTH_BELOW = 0.5
"""Start another depth only while less than this share of the time is spent: each depth
costs several times the last, so a later start would mostly be thrown away."""
KILLERS = 2


def final_value(position: Position, side: int) -> int:
    """A finished game's value for `side`: a win or a loss, then the score margin."""
    margin = position.scores[side] - position.scores[1 - side]
    return (WIN if position.winner() == side else -WIN) + margin


def is_proven(value: int) -> bool:
    """Whether a search value is a forced win or loss rather than an estimate."""
    return abs(value) >= WIN - MAX_MARGIN


def is_quiet_swap(move: int) -> bool:
    """A swap of two pieces that both wait on the start row."""
    return move >> 12 == K_SWAP and (move >> 6) & 63 < C0 and move & 63 < C0


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
    """Principal-variation search with iterative deepening and duel quiescence.

    Stops at `max_depth`, after `max_nodes`, or when `movetime` seconds have passed
    on `clock` (only checked when a clock is given), whichever comes first; the move
    of the last fully searched depth is played, or a better one the unfinished depth
    already proved.
    """

    max_depth: int = 64
    movetime: float | None = None
    clock: Clock | None = None
    max_nodes: int | None = None
    evaluator: Evaluator = field(default=evaluate)
    cut_quiet_swaps: bool = True
    stats: SearchStats = field(default_factory=SearchStats)
    _table: dict[int, tuple[int, int, int, int]] = field(default_factory=dict)
    _history: dict[int, int] = field(default_factory=dict)
    _killers: list[list[int]] = field(default_factory=list)
    _evaluated: dict[int, int] = field(default_factory=dict)
    _deadline: float = 0.0
    _nodes: int = 0
    _completed: int = 0
    _partial: tuple[int, int] | None = None

    def choose(self, state: GamboState) -> GamboAction:
        return to_action(self.best_move(Position.from_state(state)))

    def best_move(self, position: Position) -> int:
        """The move to play in `position` (which is left as it was)."""
        if self.clock is not None and self.movetime is not None:
            self._deadline = self.clock() + self.movetime * (1 - RESERVE)
        moves = position.moves()
        if len(moves) == 1:
            self.stats = SearchStats(0, 0, 0)
            return moves[0]
        self._prepare()
        best, value, depth = moves[0], 0, 0
        for target in range(1, self.max_depth + 1):
            self._partial = None
            try:
                best, value = self._root(position, target, best)
                depth = self._completed = target
            except _OutOfTime:
                if self._partial is not None:  # beat the last depth's move at this depth
                    best, value = self._partial
                break
            if is_proven(value) or self._spent() > NEXT_DEPTH_BELOW:
                break
        self.stats = SearchStats(self._nodes, depth, value)
        return best

    def _prepare(self) -> None:
        if len(self._table) > TABLE_LIMIT:
            self._table.clear()
        if len(self._evaluated) > TABLE_LIMIT:
            self._evaluated.clear()
        self._history.clear()
        self._killers = [[-1] * KILLERS for _ply in range(self.max_depth + 2)]
        self._nodes = self._completed = 0

    def _spent(self) -> float:
        """The share of the time budget used so far (0 without a clock)."""
        if self.clock is None or not self.movetime:
            return 0.0
        return 1.0 - (self._deadline - self.clock()) / (self.movetime * (1 - RESERVE))

    def _tick(self) -> None:
        """Count a node; stop the search once out of budget, but never before depth 1 is
        done, so that the move played was at least looked at (even when the budget went
        on clearing a table)."""
        self._nodes += 1
        if not self._completed:
            return
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
        moves = self._ordered(position, position.moves(), previous, 0)
        alpha, best = -INFINITY, moves[0]
        for index, move in enumerate(moves):
            if index == 0:
                value = self._child(position, move, side, depth - 1, alpha, INFINITY, 1)
            else:
                value = self._scout(position, move, side, depth - 1, alpha, INFINITY, 1)
            if value > alpha:
                alpha, best = value, move
                if index > 0:
                    self._partial = (best, alpha)
        return best, alpha

    def _child(
        self, position: Position, move: int, side: int, depth: int, alpha: int, beta: int, ply: int
    ) -> int:
        """The value of `move` for `side`, searched `depth` more plies."""
        undo = position.make(move)
        try:
            if position.to_move < 0:
                return final_value(position, side)
            if position.to_move == side:
                return self._search(position, depth, alpha, beta, ply)
            return -self._search(position, depth, -beta, -alpha, ply)
        finally:
            position.unmake(move, undo)

    def _scout(
        self, position: Position, move: int, side: int, depth: int, alpha: int, beta: int, ply: int
    ) -> int:
        """A later move: first only asked whether it beats `alpha`, searched fully if so."""
        value = self._child(position, move, side, depth, alpha, alpha + 1, ply)
        if alpha < value < beta:
            value = self._child(position, move, side, depth, value, beta, ply)
        return value

    def _search(self, position: Position, depth: int, alpha: int, beta: int, ply: int) -> int:
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
        shallow, quiet_swap_seen = self.cut_quiet_swaps and depth <= 2, False
        for move in self._ordered(position, position.moves(), hint, ply):
            if shallow and is_quiet_swap(move):
                if quiet_swap_seen:
                    continue
                quiet_swap_seen = True
            if best_move < 0:
                value = self._child(position, move, side, depth - 1, alpha, beta, ply + 1)
            else:
                value = self._scout(position, move, side, depth - 1, alpha, beta, ply + 1)
            if value > best_value:
                best_value, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self._remember_cut(move, depth, ply)
                        break
        flag = UPPER if best_value <= start_alpha else LOWER if best_value >= beta else EXACT
        self._table[key] = (depth, flag, best_value, best_move)
        return best_value

    def _remember_cut(self, move: int, depth: int, ply: int) -> None:
        """A quiet move that refuted the opponent's line is tried early next time."""
        if move >> 12 == K_DUEL:
            return
        self._history[move] = self._history.get(move, 0) + depth * depth
        killers = self._killers[ply]
        if killers[0] != move:
            killers[1], killers[0] = killers[0], move

    def _quiesce(self, position: Position, alpha: int, beta: int) -> int:
        """Stand pat on the evaluation, or fight the duels in sight."""
        self._tick()
        side = position.to_move
        key = position.key()
        stand = self._evaluated.get(key)
        if stand is None:
            stand = self._evaluated[key] = self.evaluator(position)
        if stand >= beta:
            return stand
        alpha = max(alpha, stand)
        best = stand
        board = position.board
        duels = position.duel_moves()
        duels.sort(key=lambda m: -duel_gain(board, m))
        for move in duels:
            value = self._child(position, move, side, 0, alpha, beta, 0)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    def _ordered(self, position: Position, moves: list[int], hint: int, ply: int) -> list[int]:
        """The table's move, winning duels by gain, killers, quiet moves by history (in
        the order generated while no cut has been remembered), then losing duels (a
        sacrifice may keep the move, so it is searched too)."""
        board, history = position.board, self._history
        winning: list[tuple[int, int]] = []
        losing: list[tuple[int, int]] = []
        quiet: list[int] = []
        for move in moves:
            if move >> 12 == K_DUEL:
                gain = duel_gain(board, move)
                (winning if gain > 0 else losing).append((gain, move))
            else:
                quiet.append(move)
        first = [hint] if hint in moves else []
        winning.sort(reverse=True)
        first += [m for _g, m in winning if m != hint]
        killers = self._killers[ply] if ply < len(self._killers) else ()
        for killer in killers:
            if killer in quiet and killer != hint:
                first.append(killer)
                quiet.remove(killer)
        if history and len(quiet) > 1:
            quiet.sort(key=lambda m: -history.get(m, 0))
        losing.sort(reverse=True)
        rest = quiet + [m for _g, m in losing]
        if hint >= 0 and hint in rest:
            rest.remove(hint)
        return first + rest

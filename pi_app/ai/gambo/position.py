"""A fast, mutable Gambo position for search: small ints, make/unmake, Zobrist keys.

The rules' `GamboState` is frozen and rebuilt on every move, which is right for the
table but far too slow for a search that visits tens of thousands of positions. Here
the board is a list of 36 small ints changed in place, every move is an int, and
`make` returns what `unmake` needs to put the position back exactly. The rules stay
the reference: tests check that this generator and `gambo.legal_actions` agree.

Piece codes: 0 is an empty square; 1..9 are A's pieces and 10..18 B's, in the order
of `PIECES` (E1 E2 E3 C1 C2 C3 M1 M2 M3). Moves: `kind << 12 | first << 6 | second`.
"""

from __future__ import annotations

import random

from pi_app.rules.gambo.board import (
    CENTRAL,
    DUELS_IN_A_GAME,
    LAST_DUEL_BONUS,
    PIECES,
    attacker_wins,
    duel_points,
    front_of,
)
from pi_app.rules.gambo.game import ADV, DUEL, PASS, SWAP, GamboAction, GamboState

K_ADV, K_SWAP, K_DUEL, K_PASS = 0, 1, 2, 3
KIND_NAMES = (ADV, SWAP, DUEL, PASS)
PASS_MOVE = K_PASS << 12
C0, C_END = CENTRAL.start, CENTRAL.stop
FRONT = [front_of(s) if s < C0 else -1 for s in range(36)]
START_ROWS = (range(0, 9), range(9, 18))

SIDE_OF = [-1] + [0] * 9 + [1] * 9
CODE_OF = [""] + list(PIECES) * 2
STRENGTH = [0] + [int(code[1]) for code in PIECES] * 2
# WINNER[attacker][defender]: 0 the attacker wins, 1 the defender wins.
WINNER = [
    [0 if i and j and attacker_wins(CODE_OF[i], CODE_OF[j]) else 1 for j in range(19)]
    for i in range(19)
]
POINTS = [
    [duel_points(CODE_OF[i], CODE_OF[j]) if i and j else 0 for j in range(19)] for i in range(19)
]

_ZRNG = random.Random(0x6A3B0)
Z_PIECE = [[_ZRNG.getrandbits(64) for _p in range(19)] for _s in range(36)]
Z_SCORE = [[_ZRNG.getrandbits(64) for _v in range(128)] for _side in range(2)]
Z_TO_MOVE = [_ZRNG.getrandbits(64) for _ in range(3)]
Z_FLAGS = [_ZRNG.getrandbits(64) for _ in range(2 * 3 * 3)]
MAX_SWAPS_IN_A_ROW = 2


def piece_code(side: int, code: str) -> int:
    """The int of `side`'s piece `code` (`"E1"`..`"M3"`)."""
    return 1 + side * 9 + PIECES.index(code)


class Position:
    """A Gambo position changed in place; `to_move` is 0 (A), 1 (B) or -1 once finished."""

    __slots__ = (
        "board",
        "board_key",
        "duels",
        "last_duel_winner",
        "last_was_swap",
        "scores",
        "streak",
        "to_move",
    )

    def __init__(self, board: list[int], to_move: int) -> None:
        self.board = board
        self.to_move = to_move
        self.scores = [0, 0]
        self.duels = 0
        self.last_duel_winner = -1
        self.last_was_swap = False
        self.streak = [0, 0]
        self.board_key = 0
        for square, piece in enumerate(board):
            if piece:
                self.board_key ^= Z_PIECE[square][piece]

    @classmethod
    def from_state(cls, state: GamboState) -> Position:
        """The fast twin of a rules state."""
        board = [0 if p is None else piece_code(p.side, p.code) for p in state.board]
        position = cls(board, -1 if state.to_move is None else state.to_move)
        position.scores = list(state.scores)
        position.duels = state.duels
        position.last_duel_winner = -1 if state.last_duel_winner is None else state.last_duel_winner
        position.last_was_swap = state.last_was_swap
        position.streak = list(state.swaps_in_a_row)
        return position

    def key(self) -> int:
        """A Zobrist key of everything that decides the game from here on."""
        streak = self.streak
        flags = (1 if self.last_was_swap else 0) * 9 + min(streak[0], 2) * 3 + min(streak[1], 2)
        return (
            self.board_key
            ^ Z_SCORE[0][self.scores[0] & 127]
            ^ Z_SCORE[1][self.scores[1] & 127]
            ^ Z_TO_MOVE[self.to_move + 1]
            ^ Z_FLAGS[flags]
        )

    @property
    def finished(self) -> bool:
        return self.to_move < 0

    def can_swap(self) -> bool:
        """The swap limits: not right after a swap, not a third own swap in a row."""
        return not self.last_was_swap and self.streak[self.to_move] < MAX_SWAPS_IN_A_ROW

    def duel_moves(self) -> list[int]:
        """Every duel the side to move may start: neighbours on the central row."""
        board, side = self.board, self.to_move
        moves: list[int] = []
        previous = -1
        for square in range(C0, C_END):
            piece = board[square]
            if not piece:
                continue
            if previous >= 0:
                other = board[previous]
                if SIDE_OF[other] != SIDE_OF[piece]:
                    if SIDE_OF[piece] == side:
                        moves.append(K_DUEL << 12 | square << 6 | previous)
                    else:
                        moves.append(K_DUEL << 12 | previous << 6 | square)
            previous = square
        return moves

    def moves(self) -> list[int]:
        """Every legal move: duels, advances, swaps; the pass only when nothing else is."""
        side = self.to_move
        if side < 0:
            return []
        board = self.board
        moves = self.duel_moves()
        for square in START_ROWS[side]:
            if board[square] and not board[FRONT[square]]:
                moves.append(square << 6 | square)
        if self.can_swap():
            low = 1 + 9 * side
            mine = [s for s in range(36) if low <= board[s] < low + 9]
            for i, first in enumerate(mine):
                for second in mine[i + 1 :]:
                    moves.append(K_SWAP << 12 | first << 6 | second)
        return moves or [PASS_MOVE]

    def make(self, move: int) -> tuple[int, ...]:
        """Play `move` (legal, from `moves`); returns what `unmake` needs."""
        undo = (
            self.to_move,
            self.scores[0],
            self.scores[1],
            self.duels,
            self.last_duel_winner,
            1 if self.last_was_swap else 0,
            self.streak[0],
            self.streak[1],
            0,
            0,
        )
        kind, first, second = move >> 12, (move >> 6) & 63, move & 63
        board, side = self.board, self.to_move
        if kind == K_DUEL:
            attacker, defender = board[first], board[second]
            undo = (*undo[:8], attacker, defender)
            board[first] = board[second] = 0
            self.board_key ^= Z_PIECE[first][attacker] ^ Z_PIECE[second][defender]
            if WINNER[attacker][defender]:
                winner, points = 1 - side, POINTS[defender][attacker]
            else:
                winner, points = side, POINTS[attacker][defender]
            self.duels += 1
            if self.duels == DUELS_IN_A_GAME:
                points += LAST_DUEL_BONUS
            self.scores[winner] += points
            self.last_duel_winner = winner
            self.last_was_swap = False
            self.streak[side] = 0
            if self.duels == DUELS_IN_A_GAME:
                self.to_move = -1
            elif self.scores[0] != self.scores[1]:
                self.to_move = 0 if self.scores[0] < self.scores[1] else 1
            return undo
        if kind == K_ADV:
            piece, front = board[first], FRONT[first]
            board[first], board[front] = 0, piece
            self.board_key ^= Z_PIECE[first][piece] ^ Z_PIECE[front][piece]
        elif kind == K_SWAP:
            self._exchange(first, second)
        swapped = kind == K_SWAP
        self.streak[side] = self.streak[side] + 1 if swapped else 0
        self.last_was_swap = swapped
        self.to_move = 1 - side
        return undo

    def _exchange(self, first: int, second: int) -> None:
        """Swap the pieces on two squares (a swap is its own take-back)."""
        board = self.board
        one, two = board[first], board[second]
        board[first], board[second] = two, one
        z_first, z_second = Z_PIECE[first], Z_PIECE[second]
        self.board_key ^= z_first[one] ^ z_first[two] ^ z_second[two] ^ z_second[one]

    def unmake(self, move: int, undo: tuple[int, ...]) -> None:
        """Take back `move`, played by `make` which returned `undo`."""
        kind, first, second = move >> 12, (move >> 6) & 63, move & 63
        board = self.board
        if kind == K_DUEL:
            board[first], board[second] = undo[8], undo[9]
            self.board_key ^= Z_PIECE[first][undo[8]] ^ Z_PIECE[second][undo[9]]
        elif kind == K_ADV:
            front = FRONT[first]
            piece = board[front]
            board[first], board[front] = piece, 0
            self.board_key ^= Z_PIECE[first][piece] ^ Z_PIECE[front][piece]
        elif kind == K_SWAP:
            self._exchange(first, second)
        self.to_move = undo[0]
        self.scores[0], self.scores[1] = undo[1], undo[2]
        self.duels = undo[3]
        self.last_duel_winner = undo[4]
        self.last_was_swap = bool(undo[5])
        self.streak[0], self.streak[1] = undo[6], undo[7]

    def winner(self) -> int:
        """The winning side of a finished game: higher score, ties to the last duel's winner."""
        a, b = self.scores
        if a != b:
            return 0 if a > b else 1
        return self.last_duel_winner


def to_action(move: int) -> GamboAction:
    """The rules' action for a move int."""
    kind, first, second = move >> 12, (move >> 6) & 63, move & 63
    if kind == K_PASS:
        return GamboAction(PASS)
    if kind == K_ADV:
        return GamboAction(ADV, (first,))
    if kind == K_SWAP:
        return GamboAction(SWAP, (min(first, second), max(first, second)))
    return GamboAction(DUEL, (first, second))


def from_action(action: GamboAction) -> int:
    """The move int of a rules action (no legality check)."""
    kind = KIND_NAMES.index(action.kind)
    if kind == K_PASS:
        return PASS_MOVE
    if kind == K_ADV:
        return action.squares[0] << 6 | action.squares[0]
    first, second = action.squares
    return kind << 12 | first << 6 | second

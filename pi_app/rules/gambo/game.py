"""Gambo: two clans of elephants, cats and mice on a narrow path (gambo-rulebook-fr.txt).

The state is frozen plain data; `apply` returns a new state or raises `RuleError`.
The board geometry and the duel live in `board` (shared with the opponent).

Decisions where the rulebook leaves room (each one implemented here):

- R9: A's start square `ai` faces `c(2i)`, B's `bi` faces `c(2i+1)`. A piece on a start
  square always finds the square in front of it empty, since pieces never move along
  the row and a swap only exchanges two pieces (the check stays, as a guard).
- A swap exchanges two of the mover's pieces, wherever they stand; it never moves a
  piece onto an empty square. `swap x y` and `swap y x` are the same move.
- "No swap right after the opponent's swap": refused when the move just before was a
  swap (after a swap the opponent always has the move, so that swap was theirs). Any
  other move in between, a sacrifice duel for instance, lifts the limit.
- "No swap three times in a row" counts the player's own turns: a player whose last two
  own moves were both swaps may not swap now, whatever the opponent did in between.
  A pass is a turn that is not a swap.
- A duel may go left or right along the central row; every square strictly between
  the two pieces must be empty. The winner's player takes both pieces off and scores
  winner strength x loser strength; the ninth duel empties the board and adds
  `LAST_DUEL_BONUS` to its winner.
- After a duel the lower score has the move; on equal scores the player who had the
  move keeps it. After an advance, a swap or a pass the opponent has the move.
- R10: a player with no legal move passes (`pass`), and may pass only then.
- The winner has the higher score; on equal scores the last duel's winner wins.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from pi_app.rules.chart import Chart
from pi_app.rules.contract import Outcome, RecordError, RuleError
from pi_app.rules.facts import Fact
from pi_app.rules.gambo import chart as gambo_chart
from pi_app.rules.gambo.board import (
    CENTRAL,
    DUELS_IN_A_GAME,
    FIRST_TO_MOVE,
    LAST_DUEL_BONUS,
    PIECES,
    SIDES,
    SQUARE_COUNT,
    SQUARE_NAMES,
    attacker_wins,
    duel_points,
    front_of,
    is_central,
    square_index,
    start_squares,
)
from pi_app.rules.records import check_fields, check_list, check_str, record_locale

DOMAIN = "gambo"
MAX_SWAPS_IN_A_ROW = 2
"""A player's own consecutive swaps allowed; the next one (the third) is refused."""

ADV, SWAP, DUEL, PASS = "adv", "swap", "duel", "pass"
_ARITY = {ADV: 1, SWAP: 2, DUEL: 2, PASS: 0}
_PREFIX_RE = re.compile(r"^\s*([AB])\s*:(.*)$", re.DOTALL)


def _error(message: str, **params: object) -> RuleError:
    return RuleError(message, domain=DOMAIN, **params)


def _record_error(message: str, **params: object) -> RecordError:
    return RecordError(message, domain=DOMAIN, **params)


@dataclass(frozen=True)
class Piece:
    """One piece on the board: its side (0 for A, 1 for B) and its code (`"E1"`..`"M3"`)."""

    side: int
    code: str


@dataclass(frozen=True)
class GamboAction:
    """A move: `kind` is adv, swap, duel or pass; `squares` are square numbers.

    `side` is the written mover prefix (`"A"`/`"B"`), or None when the move has none.
    A swap's two squares are kept in board order, so both spellings are one action.
    """

    kind: str
    squares: tuple[int, ...] = ()
    side: str | None = None


@dataclass(frozen=True)
class GamboState:
    """Everything about a Gambo game in progress.

    `board[square]` is the piece there or None; `to_move` is 0 (A), 1 (B) or None once
    the board is empty. `swaps_in_a_row[side]` counts that side's own latest moves that
    were swaps; `last_was_swap` says whether the move just played was a swap.
    """

    seats: tuple[str, str]
    setup: tuple[tuple[str, ...], tuple[str, ...]]
    board: tuple[Piece | None, ...]
    scores: tuple[int, int]
    to_move: int | None
    duels: int = 0
    last_duel_winner: int | None = None
    last_was_swap: bool = False
    swaps_in_a_row: tuple[int, int] = (0, 0)
    history: tuple[str, ...] = ()

    @property
    def finished(self) -> bool:
        """Whether the ninth duel has emptied the board."""
        return self.to_move is None


# ---------------------------------------------------------------- notation


def parse_action(text: str) -> GamboAction:
    """Read `adv SQ`, `swap SQ SQ`, `duel ATTACKER DEFENDER` or `pass`, maybe after `A:`/`B:`."""
    if not isinstance(text, str):
        raise _error("Cannot read the move “{text}”.", text=str(text))
    side: str | None = None
    body = text
    prefixed = _PREFIX_RE.match(text)
    if prefixed:
        side, body = prefixed.group(1), prefixed.group(2)
    words = body.split()
    if not words or words[0] not in _ARITY or len(words) != 1 + _ARITY[words[0]]:
        raise _error(
            "Cannot read the move “{text}”: write adv SQ, swap SQ SQ, duel SQ SQ or pass.",
            text=text.strip(),
        )
    squares: list[int] = []
    for word in words[1:]:
        index = square_index(word)
        if index is None:
            raise _error(
                "There is no square “{square}”: squares are a0..a8, b0..b8 and c0..c17.",
                square=word,
            )
        squares.append(index)
    if words[0] == SWAP:
        squares.sort()
    return GamboAction(words[0], tuple(squares), side)


def format_action(action: GamboAction) -> str:
    """The notation of `action`, as `parse_action` reads it back."""
    text = " ".join([action.kind, *(SQUARE_NAMES[s] for s in action.squares)])
    return f"{action.side}: {text}" if action.side else text


# ---------------------------------------------------------------- setup


def _check_setup(setup: object, where: str = "setup") -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A setup as two rows of the nine pieces, each piece once per side."""
    fields = check_fields(setup, where, SIDES)
    rows: list[tuple[str, ...]] = []
    for name in SIDES:
        row = fields[name]
        if (
            not isinstance(row, list)
            or not all(isinstance(p, str) for p in row)
            or sorted(row) != sorted(PIECES)
        ):
            raise _record_error(
                "{where}.{side} must list the nine pieces E1, E2, E3, C1, C2, C3, M1, M2, M3 "
                "once each.",
                where=where,
                side=name,
            )
        rows.append(tuple(row))
    return rows[0], rows[1]


def start_state(seats: Sequence[str], setup: tuple[tuple[str, ...], tuple[str, ...]]) -> GamboState:
    """The position before the first move: each side's pieces on its start row."""
    board: list[Piece | None] = [None] * SQUARE_COUNT
    for side, row in enumerate(setup):
        for square, code in zip(start_squares(side), row, strict=True):
            board[square] = Piece(side, code)
    return GamboState(
        seats=(seats[0], seats[1]),
        setup=setup,
        board=tuple(board),
        scores=(0, 0),
        to_move=FIRST_TO_MOVE,
    )


def new_game(seats: Sequence[str], options: Mapping[str, Any], rng: random.Random) -> GamboState:
    """A new game: the first seat plays A, the second B (B moves first).

    The setup is `options["setup"]` when given (as in a record), else each side's
    pieces are laid out in random order from `rng`.
    """
    if len(seats) != 2 or seats[0] == seats[1]:
        raise _error("Gambo is played by two players.")
    check_fields(options, "options", (), ("setup",))
    if "setup" in options:
        setup = _check_setup(options["setup"])
    else:
        rows = []
        for _side in SIDES:
            row = list(PIECES)
            rng.shuffle(row)
            rows.append(tuple(row))
        setup = (rows[0], rows[1])
    return start_state(seats, setup)


# ---------------------------------------------------------------- moves


def _swap_refusal(state: GamboState, side: int) -> RuleError | None:
    """Why `side` may not swap now, or None if the swap limits allow it."""
    if state.last_was_swap:
        return _error("No swap right after the opponent's swap.")
    if state.swaps_in_a_row[side] >= MAX_SWAPS_IN_A_ROW:
        return _error("No swap on three turns in a row.")
    return None


def _neighbours(board: tuple[Piece | None, ...], square: int) -> list[int]:
    """The nearest occupied central squares left and right of `square`."""
    found: list[int] = []
    for step in (-1, 1):
        other = square + step
        while CENTRAL.start <= other < CENTRAL.stop:
            if board[other] is not None:
                found.append(other)
                break
            other += step
    return found


def legal_actions(state: GamboState) -> list[GamboAction]:
    """Every legal move: duels, then advances, then swaps; `pass` only if none (R10)."""
    side = state.to_move
    if side is None:
        return []
    board = state.board
    actions: list[GamboAction] = []
    for square in CENTRAL:
        piece = board[square]
        if piece is not None and piece.side == side:
            for other in _neighbours(board, square):
                target = board[other]
                if target is not None and target.side != side:
                    actions.append(GamboAction(DUEL, (square, other)))
    for square in start_squares(side):
        if board[square] is not None and board[front_of(square)] is None:
            actions.append(GamboAction(ADV, (square,)))
    if _swap_refusal(state, side) is None:
        mine = [s for s, p in enumerate(board) if p is not None and p.side == side]
        for i, first in enumerate(mine):
            for second in mine[i + 1 :]:
                actions.append(GamboAction(SWAP, (first, second)))
    return actions or [GamboAction(PASS)]


def _own_piece(state: GamboState, square: int, side: int) -> Piece:
    piece = state.board[square]
    if piece is None:
        raise _error("There is no piece on {square}.", square=SQUARE_NAMES[square])
    if piece.side != side:
        raise _error("The piece on {square} is not yours.", square=SQUARE_NAMES[square])
    return piece


def _advance(state: GamboState, square: int, side: int) -> GamboState:
    if square not in start_squares(side):
        raise _error("{square} is not one of your start squares.", square=SQUARE_NAMES[square])
    piece = _own_piece(state, square, side)
    front = front_of(square)
    if state.board[front] is not None:
        raise _error("The square {front} in front of it is taken.", front=SQUARE_NAMES[front])
    board = list(state.board)
    board[square], board[front] = None, piece
    return _after_quiet_move(state, tuple(board), side, swapped=False)


def _swap(state: GamboState, first: int, second: int, side: int) -> GamboState:
    if first == second:
        raise _error("A swap needs two different pieces.")
    one, two = _own_piece(state, first, side), _own_piece(state, second, side)
    refusal = _swap_refusal(state, side)
    if refusal is not None:
        raise refusal
    board = list(state.board)
    board[first], board[second] = two, one
    return _after_quiet_move(state, tuple(board), side, swapped=True)


def _after_quiet_move(
    state: GamboState, board: tuple[Piece | None, ...], side: int, *, swapped: bool
) -> GamboState:
    """After an advance, a swap or a pass: the opponent has the move."""
    streak = list(state.swaps_in_a_row)
    streak[side] = streak[side] + 1 if swapped else 0
    return replace(
        state,
        board=board,
        to_move=1 - side,
        last_was_swap=swapped,
        swaps_in_a_row=(streak[0], streak[1]),
    )


def _duel(state: GamboState, attacker_sq: int, defender_sq: int, side: int) -> GamboState:
    if not (is_central(attacker_sq) and is_central(defender_sq)):
        raise _error("A duel is fought between two pieces on the central row.")
    attacker = _own_piece(state, attacker_sq, side)
    defender = state.board[defender_sq]
    if defender is None or defender.side == side:
        raise _error(
            "The defender on {square} must be an opponent's piece.",
            square=SQUARE_NAMES[defender_sq],
        )
    low, high = sorted((attacker_sq, defender_sq))
    for between in range(low + 1, high):
        if state.board[between] is not None:
            raise _error(
                "Only empty squares may lie between the two pieces of a duel; {square} is taken.",
                square=SQUARE_NAMES[between],
            )
    if attacker_wins(attacker.code, defender.code):
        winner, points = side, duel_points(attacker.code, defender.code)
    else:
        winner, points = 1 - side, duel_points(defender.code, attacker.code)
    duels = state.duels + 1
    if duels == DUELS_IN_A_GAME:
        points += LAST_DUEL_BONUS
    scores = list(state.scores)
    scores[winner] += points
    board = list(state.board)
    board[attacker_sq] = board[defender_sq] = None
    streak = list(state.swaps_in_a_row)
    streak[side] = 0
    return replace(
        state,
        board=tuple(board),
        scores=(scores[0], scores[1]),
        to_move=None if duels == DUELS_IN_A_GAME else _after_duel(scores, side),
        duels=duels,
        last_duel_winner=winner,
        last_was_swap=False,
        swaps_in_a_row=(streak[0], streak[1]),
    )


def _after_duel(scores: Sequence[int], mover: int) -> int:
    """Who moves after a duel: the lower score; on equal scores the mover keeps the move."""
    if scores[0] == scores[1]:
        return mover
    return 0 if scores[0] < scores[1] else 1


def apply(state: GamboState, action: GamboAction) -> GamboState:
    """The state after `action`, or `RuleError` (the state is never half changed)."""
    side = state.to_move
    if side is None:
        raise _error("The game is over: the board is empty.")
    if action.side is not None and action.side != SIDES[side]:
        raise _error(
            "It is {side}'s turn to move, not {other}'s.", side=SIDES[side], other=action.side
        )
    if _ARITY.get(action.kind) != len(action.squares) or not all(
        0 <= s < SQUARE_COUNT for s in action.squares
    ):
        raise _error("Cannot read the move “{text}”.", text=action.kind)
    if action.kind == ADV:
        after = _advance(state, action.squares[0], side)
    elif action.kind == SWAP:
        after = _swap(state, action.squares[0], action.squares[1], side)
    elif action.kind == DUEL:
        after = _duel(state, action.squares[0], action.squares[1], side)
    else:
        if legal_actions(state) != [GamboAction(PASS)]:
            raise _error("No pass while a move is possible.")
        after = _after_quiet_move(state, state.board, side, swapped=False)
    plain = GamboAction(action.kind, action.squares)
    return replace(after, history=(*state.history, format_action(plain)))


def winner_side(state: GamboState) -> int | None:
    """The winning side once the game is over: higher score, ties to the last duel's winner."""
    if not state.finished:
        return None
    a, b = state.scores
    if a != b:
        return 0 if a > b else 1
    return state.last_duel_winner


def outcome(state: GamboState) -> Outcome | None:
    """`board-empty` with the winner, once the ninth duel is fought."""
    side = winner_side(state)
    if side is None:
        return None
    return Outcome(
        "board-empty",
        (state.seats[side],),
        {state.seats[0]: state.scores[0], state.seats[1]: state.scores[1]},
    )


# ---------------------------------------------------------------- records

RECORD_FIELDS = ("game", "setup", "moves")


def _scores(state: GamboState) -> dict[str, int]:
    return {SIDES[0]: state.scores[0], SIDES[1]: state.scores[1]}


def _to_move(state: GamboState) -> str | None:
    return None if state.to_move is None else SIDES[state.to_move]


def _replayed(record: Mapping[str, Any]) -> tuple[GamboState, list[dict[str, Any]]]:
    """The state a record reaches, and the scores and side to move after each move."""
    check_fields(record, "record", RECORD_FIELDS, ("locale",))
    record_locale(record)
    if record["game"] != GAME.name:
        raise _record_error("This record is not a Gambo record.")
    state = start_state(SIDES, _check_setup(record["setup"]))
    moves = check_list(record["moves"], "moves")
    steps: list[dict[str, Any]] = []
    for number, text in enumerate(moves, start=1):
        try:
            state = apply(state, parse_action(check_str(text, "move")))
        except RuleError as error:
            raise error.at("move", number) from None
        steps.append({"scores": _scores(state), "to_move": _to_move(state)})
    return state, steps


def state_from_record(record: Mapping[str, Any]) -> GamboState:
    """The position a `gambo` record reaches (seats `A` and `B`), or `RuleError`."""
    return _replayed(record)[0]


def replay(record: Mapping[str, Any]) -> dict[str, Any]:
    """Re-play a `gambo` record (RECORDS.md); a broken rule names its move (1-based)."""
    state, steps = _replayed(record)
    side = winner_side(state)
    return {
        "game": GAME.name,
        "scores": _scores(state),
        "winners": [] if side is None else [SIDES[side]],
        "finished": state.finished,
        "to_move": _to_move(state),
        "moves": steps,
    }


def export(state: GamboState) -> dict[str, Any]:
    """The record of the game so far: its setup and every move played."""
    return {
        "game": GAME.name,
        "setup": {SIDES[0]: list(state.setup[0]), SIDES[1]: list(state.setup[1])},
        "moves": list(state.history),
    }


class GamboGame:
    """The `Game` declaration of Gambo."""

    name = "gambo"
    title = "Gambo"
    min_seats = 2
    max_seats = 2

    def new_game(
        self, seats: Sequence[str], options: Mapping[str, Any], rng: random.Random
    ) -> GamboState:
        return new_game(seats, options, rng)

    def parse_action(self, text: str) -> GamboAction:
        return parse_action(text)

    def format_action(self, action: GamboAction) -> str:
        return format_action(action)

    def apply(self, state: GamboState, action: GamboAction) -> GamboState:
        return apply(state, action)

    def legal_actions(self, state: GamboState) -> Sequence[GamboAction]:
        return legal_actions(state)

    def outcome(self, state: GamboState) -> Outcome | None:
        return outcome(state)

    def to_move(self, state: GamboState) -> int | None:
        """The seat whose move it is (`rules.moments.TakesTurns`): the ring shows it."""
        return state.to_move

    def replay(self, record: Mapping[str, Any]) -> dict[str, Any]:
        return replay(record)

    def export(self, state: GamboState) -> dict[str, Any]:
        return export(state)

    def chart(
        self, seats: Sequence[str], record: Mapping[str, Any], output: Mapping[str, Any]
    ) -> Chart:
        """The history's chart: a point per duel (`chart`)."""
        return gambo_chart.chart(seats, record, output)

    def facts(
        self, chart: Chart, record: Mapping[str, Any], output: Mapping[str, Any]
    ) -> list[Fact]:
        """The history's one fact: the biggest duel."""
        return gambo_chart.facts(chart)


GAME = GamboGame()

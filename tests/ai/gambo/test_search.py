"""The hard opponent's search and evaluation: the exact cut of start-row swaps, the
evaluation's features by hand, and the invariances the search relies on."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app.ai.gambo.evaluation import FEATURE_NAMES, WEIGHTS, evaluate, features
from pi_app.ai.gambo.position import Position, piece_code
from pi_app.ai.gambo.search import SearchPlayer, is_quiet_swap
from pi_app.rules.gambo import game as gambo


def random_position(seed: int, plies: int) -> Position:
    """A position reached by `plies` random legal moves from a seeded setup."""
    rng = random.Random(seed)
    position = Position.from_state(gambo.new_game(["A", "B"], {}, rng))
    for _ in range(plies):
        if position.finished:
            break
        position.make(rng.choice(position.moves()))
    return position


def test_cutting_start_row_swaps_near_the_horizon_changes_no_value() -> None:
    checked = 0
    for seed in range(12):
        position = random_position(seed, 2 + seed % 9)
        if position.finished or len(position.moves()) == 1:
            continue
        for depth in (1, 2, 3):
            cut = SearchPlayer(max_depth=depth)
            full = SearchPlayer(max_depth=depth, cut_quiet_swaps=False)
            cut.best_move(position)
            full.best_move(position)
            assert cut.stats.value == full.stats.value
            assert cut.stats.nodes <= full.stats.nodes
            checked += 1
    assert checked >= 30


def test_the_cut_saves_most_of_the_opening() -> None:
    position = random_position(0, 0)  # B's first move: 36 swaps, all between waiting pieces
    assert sum(1 for m in position.moves() if is_quiet_swap(m)) == 36
    cut = SearchPlayer(max_depth=3)
    full = SearchPlayer(max_depth=3, cut_quiet_swaps=False)
    cut.best_move(position)
    full.best_move(position)
    assert cut.stats.nodes * 2 < full.stats.nodes


def hand_made() -> Position:
    """A's C2, B's E3, A's M1 and B's C3 on the central row (c2, c5, c8, c13), B to move."""
    board = [0] * 36
    board[18 + 2] = piece_code(0, "C2")
    board[18 + 5] = piece_code(1, "E3")
    board[18 + 8] = piece_code(0, "M1")
    board[18 + 13] = piece_code(1, "C3")
    board[0] = piece_code(0, "E1")  # one of A's waiting pieces
    position = Position(board, 1)
    position.scores = [10, 4]
    position.duels = 3
    return position


def test_features_of_a_hand_made_position() -> None:
    named = dict(zip(FEATURE_NAMES, features(hand_made()), strict=True))
    assert named["margin"] == -6  # B to move, 4 to 10
    assert named["late margin"] == -6 * 3 / 9
    # B's E3 beats A's C2 (3 x 2) and, attacked, A's M1 beats B's E3 (1 x 3);
    # B's C3 beats A's M1 (3 x 1).
    assert (named["my best duel"], named["my second duel"]) == (6, 3)
    assert (named["their best duel"], named["their second duel"]) == (3, 0)
    assert named["waiting pieces"] == 0 - 1
    assert named["can swap"] == 1
    # Whoever attacks: B's E3 beats C2 (+6) and E1 (+3) and loses to M1 (-3); B's C3
    # beats C2 (+6) and M1 (+3) and loses to E1 (-3). The mean over B's two pieces:
    assert named["pieces' worth"] == (6 + 3 - 3 + 6 + 3 - 3) / 2
    assert named["late tempo"] == 3 / 9
    assert named["late waiting"] == -1 * 3 / 9
    assert named["forced to duel"] == 0  # B may swap
    assert named["they cannot swap"] == 0
    assert named["worth of those left"] == 6 * 6 / 9
    assert named["late best duel"] == 6 * 3 / 9


def test_forced_to_duel_and_swap_limits_are_seen() -> None:
    position = hand_made()
    position.last_was_swap = True  # A just swapped: B may not (R11), nor wait on its row
    position.streak = [2, 0]  # and A's next turn may not be a third swap in a row (R12)
    named = dict(zip(FEATURE_NAMES, features(position), strict=True))
    assert (named["can swap"], named["forced to duel"], named["they cannot swap"]) == (0, 1, 1)


def test_the_evaluation_is_the_weighted_sum_of_its_features() -> None:
    for seed in range(20):
        position = random_position(seed, seed)
        if position.finished:
            continue
        expected = int(sum(w * f for w, f in zip(WEIGHTS, features(position), strict=True)))
        assert abs(evaluate(position) - expected) <= 1


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 24), shuffle=st.randoms())
def test_the_evaluation_ignores_the_order_of_the_start_rows(
    seed: int, plies: int, shuffle: random.Random
) -> None:
    """The search's cut of start-row swaps is exact only if this holds."""
    position = random_position(seed, plies)
    if position.finished:
        return
    before = features(position)
    for row in (range(0, 9), range(9, 18)):
        squares = [s for s in row if position.board[s]]
        pieces = [position.board[s] for s in squares]
        shuffle.shuffle(pieces)
        for square, piece in zip(squares, pieces, strict=True):
            position.board[square] = piece
    assert features(position) == before

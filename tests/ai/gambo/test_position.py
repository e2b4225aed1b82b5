"""The search's fast position agrees with the rules, move for move and key for key."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pi_app.ai.gambo.position import Position, from_action, to_action
from pi_app.rules.gambo import game as gambo
from tests.rules.gambo.test_perft import PINNED, POSITIONS, position


def fast_perft(board: Position, depth: int) -> int:
    moves = board.moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        undo = board.make(move)
        total += 1 if board.finished else fast_perft(board, depth - 1)
        board.unmake(move, undo)
    return total


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_fast_generator_matches_the_pinned_perft(name: str) -> None:
    board = Position.from_state(position(name))
    key, squares = board.key(), list(board.board)
    assert tuple(fast_perft(board, depth) for depth in (1, 2, 3, 4)) == PINNED[name]
    assert board.key() == key and board.board == squares


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_make_follows_the_rules_and_unmake_restores(seed: int) -> None:
    rng = random.Random(seed)
    state = gambo.new_game(["A", "B"], {}, rng)
    board = Position.from_state(state)
    while not state.finished:
        moves = board.moves()
        expected = {gambo.format_action(a) for a in gambo.legal_actions(state)}
        assert {gambo.format_action(to_action(m)) for m in moves} == expected
        assert len(moves) == len(expected)
        before = (list(board.board), list(board.scores), board.to_move, board.key())
        probe = rng.choice(moves)
        undo = board.make(probe)
        board.unmake(probe, undo)
        assert (list(board.board), list(board.scores), board.to_move, board.key()) == before
        move = rng.choice(moves)
        assert from_action(to_action(move)) == move or to_action(move).kind == "swap"
        board.make(move)
        state = gambo.apply(state, to_action(move))
        twin = Position.from_state(state)
        assert twin.board == board.board and twin.scores == board.scores
        assert twin.to_move == board.to_move and twin.key() == board.key()
    assert board.winner() == gambo.winner_side(state)

"""The Gambo opponent: legal moves at every level, a search that sees what it should,
and budgets (depth, nodes, an injected clock) that bound it."""

from __future__ import annotations

import random

import pytest

from pi_app.ai.gambo.players import (
    EasyPlayer,
    GreedyPlayer,
    RandomPlayer,
    SearchPlayer,
    make_player,
)
from pi_app.ai.gambo.position import Position
from pi_app.rules.gambo import game as gambo
from tests.rules.gambo.test_game import ENDGAME, play


def play_out(players: tuple[object, object], seed: int) -> gambo.GamboState:
    state = gambo.new_game(["A", "B"], {}, random.Random(seed))
    while not state.finished:
        action = players[state.to_move].choose(state)  # type: ignore[attr-defined]
        assert action in gambo.legal_actions(state)
        state = gambo.apply(state, action)
    return state


class FakeClock:
    """A clock that moves on by `step` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now, self.step, self.reads = 0.0, step, 0

    def __call__(self) -> float:
        self.now += self.step
        self.reads += 1
        return self.now


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_plays_whole_games_legally(level: str) -> None:
    clock = FakeClock(0.0005)
    player = make_player(level, movetime=0.01, seed=3, clock=clock)
    state = play_out((player, RandomPlayer(random.Random(4))), seed=5)
    assert state.duels == 9


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError):
        make_player("expert")


def test_easy_level_is_seeded_and_makes_mistakes() -> None:
    def moves(seed: int) -> list[str]:
        player = EasyPlayer(random.Random(seed))
        state, played = play("adv b0", "adv a0"), []
        for _ in range(20):
            played.append(gambo.format_action(player.choose(state)))
        return played

    assert moves(1) == moves(1)
    # B can win the duel c1 c0 (E1 beats C1); greedy always takes it, easy not always.
    assert GreedyPlayer(random.Random(1)).choose(play("adv b0", "adv a0")) == (
        gambo.parse_action("duel c1 c0")
    )
    assert len(set(moves(1))) > 1


def test_search_takes_a_winning_duel() -> None:
    state = play(*ENDGAME, "adv b8", "adv a7")  # B's M3 on c17 attacks A's M3 on c14
    assert SearchPlayer(max_depth=1).choose(state) == gambo.parse_action("duel c17 c14")


def test_search_finds_a_sacrifice_that_keeps_the_move() -> None:
    # B's M2 on c15 loses to A's M3 on c14 (A 19, B 9), but the lower score moves next:
    # B again. Its M3 then beats A's E2 in the last duel, 6 + 4 points, and the tie of
    # 19 all goes to the last duel's winner.
    state = play(*ENDGAME, "adv b7", "adv a7")
    player = SearchPlayer(max_depth=3)
    action = player.choose(state)
    assert action == gambo.parse_action("duel c15 c14")
    assert player.stats.value > 900_000  # proven, not estimated
    assert solve(gambo.apply(state, action)) == state.to_move


def solve(state: gambo.GamboState) -> int:
    """The side that wins with best play on both sides, by trying every line."""
    if state.finished:
        side = gambo.winner_side(state)
        assert side is not None
        return side
    mover = state.to_move
    results = [solve(gambo.apply(state, a)) for a in gambo.legal_actions(state)]
    return mover if mover in results else 1 - mover  # type: ignore[operator]


def test_search_solves_a_small_endgame_like_an_exhaustive_solver() -> None:
    state = play(*ENDGAME)
    winner = solve(state)
    player = SearchPlayer(max_depth=20)
    action = player.choose(state)
    assert abs(player.stats.value) > 900_000
    assert (player.stats.value > 0) == (winner == state.to_move)
    if winner == state.to_move:
        assert solve(gambo.apply(state, action)) == winner


def test_depth_limited_search_is_deterministic() -> None:
    state = play("adv b0", "adv a1", "adv b2", "adv a3", "adv b4", "adv a5")
    first = SearchPlayer(max_depth=3)
    second = SearchPlayer(max_depth=3)
    assert first.choose(state) == second.choose(state)
    assert first.stats.nodes == second.stats.nodes > 0
    assert first.stats.depth == 3


def test_node_limit_stops_the_search_with_a_legal_move() -> None:
    state = play("adv b0", "adv a1", "adv b2", "adv a3", "adv b4", "adv a5")
    player = SearchPlayer(max_depth=30, max_nodes=2000)
    assert player.choose(state) in gambo.legal_actions(state)
    assert player.stats.depth < 30


def test_injected_clock_bounds_the_search() -> None:
    state = play("adv b0", "adv a1", "adv b2", "adv a3", "adv b4", "adv a5")
    clock = FakeClock(0.001)
    player = SearchPlayer(movetime=0.05, clock=clock)
    assert player.choose(state) in gambo.legal_actions(state)
    assert clock.now < 10  # it stopped by itself, well before the search ran out
    slow = SearchPlayer(movetime=0.05, clock=FakeClock(1.0))
    assert slow.choose(state) in gambo.legal_actions(state)
    assert slow.stats.depth <= 1


def test_search_leaves_the_position_as_it_found_it() -> None:
    board = Position.from_state(play("adv b0", "adv a1", "adv b2", "adv a3"))
    before = (list(board.board), list(board.scores), board.to_move, board.key())
    SearchPlayer(max_depth=3).best_move(board)
    assert (list(board.board), list(board.scores), board.to_move, board.key()) == before


def test_search_beats_random_play() -> None:
    wins = 0
    for seed in range(4):
        hard = SearchPlayer(max_depth=2)
        rand = RandomPlayer(random.Random(seed))
        players = (hard, rand) if seed % 2 == 0 else (rand, hard)
        state = play_out(players, seed)
        wins += gambo.winner_side(state) == seed % 2
    assert wins == 4

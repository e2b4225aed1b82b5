"""The Gambo opponent at three levels, and the simple players the bench measures it against.

- easy: one move in two (by default) is a random legal move, the others are greedy;
  a child who keeps an eye on the board can catch its mistakes. Seeded.
- medium: the same search as hard, two moves ahead (then the duels in sight), and
  never longer than hard's time per move.
- hard: the principal-variation search of `search` with the evaluation fitted by
  self-play (`evaluation`), within a time budget per move.

Searching needs a clock, which the rules must never read; so the clock is injected
(`clock`, a callable returning seconds) and a search may also be bounded by depth or
node count alone, which makes it deterministic for tests.
"""

from __future__ import annotations

import random
from typing import Protocol

from pi_app.ai.gambo.position import Position, to_action
from pi_app.ai.gambo.search import Clock, SearchPlayer, SearchStats, final_value
from pi_app.rules.gambo.game import GamboAction, GamboState, legal_actions

__all__ = [
    "LEVELS",
    "Clock",
    "EasyPlayer",
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "SearchStats",
    "make_player",
]

LEVELS = ("easy", "medium", "hard")
MEDIUM_DEPTH = 2


class Player(Protocol):
    """Anything that picks a move for the side to move."""

    def choose(self, state: GamboState) -> GamboAction: ...


def immediate_value(position: Position, move: int, side: int) -> int:
    """What `move` gives `side` at once: the game's result, or the score margin after it."""
    undo = position.make(move)
    if position.finished:
        value = final_value(position, side)
    else:
        value = position.scores[side] - position.scores[1 - side]
    position.unmake(move, undo)
    return value


class RandomPlayer:
    """Any legal move, uniformly (the weakest yardstick)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: GamboState) -> GamboAction:
        return self.rng.choice(legal_actions(state))


class GreedyPlayer:
    """The move with the best immediate score margin; ties broken at random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: GamboState) -> GamboAction:
        position = Position.from_state(state)
        side = position.to_move
        scored = [(immediate_value(position, m, side), m) for m in position.moves()]
        best = max(value for value, _m in scored)
        return to_action(self.rng.choice([m for value, m in scored if value == best]))


class EasyPlayer:
    """Greedy, except that a share of its moves (`blunder_rate`) are random."""

    def __init__(self, rng: random.Random, blunder_rate: float = 0.5) -> None:
        self.rng = rng
        self.blunder_rate = blunder_rate
        self.greedy = GreedyPlayer(rng)

    def choose(self, state: GamboState) -> GamboAction:
        if self.rng.random() < self.blunder_rate:
            return self.rng.choice(legal_actions(state))
        return self.greedy.choose(state)


def make_player(
    level: str,
    *,
    movetime: float = 1.0,
    seed: int | None = None,
    clock: Clock | None = None,
) -> Player:
    """The opponent at `level` (easy, medium or hard); `movetime` in seconds bounds
    medium and is hard's time per move."""
    rng = random.Random(seed)
    if level == "easy":
        return EasyPlayer(rng)
    if level == "medium":
        return SearchPlayer(max_depth=MEDIUM_DEPTH, movetime=movetime, clock=clock)
    if level == "hard":
        return SearchPlayer(movetime=movetime, clock=clock)
    raise ValueError(f"unknown level {level!r}")

"""A Gambo player of another design: Monte Carlo tree search (UCT), no evaluation at all.

Where `hard` searches a few plies with alpha-beta and judges positions by the score
margin, this one plays the game out at random thousands of times and grows a tree
toward the moves that win most often (UCB1). A gain against both is less likely to
be an artefact of one design's blind spots. Playouts favour duels that win points
(a cheap, common-sense policy), so they look less like noise than uniform ones.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from pi_app.ai.gambo.position import K_DUEL, POINTS, WINNER, Position, to_action
from pi_app.rules.gambo.game import GamboAction, GamboState

EXPLORATION = 1.4
CLOCK_EVERY = 16  # playouts between looks at the clock


@dataclass
class Node:
    """A tree node: the side that moved into it, its visits and wins for that side."""

    mover: int
    move: int = -1
    parent: Node | None = None
    children: list[Node] = field(default_factory=list)
    untried: list[int] | None = None
    visits: int = 0
    wins: float = 0.0

    def best_child(self) -> Node:
        log_n = math.log(self.visits)
        return max(
            self.children,
            key=lambda c: c.wins / c.visits + EXPLORATION * math.sqrt(log_n / c.visits),
        )


@dataclass
class MctsPlayer:
    """UCT within `movetime` seconds on `clock` (or `playouts` playouts when no clock)."""

    movetime: float = 0.1
    clock: Callable[[], float] | None = None
    playouts: int = 2000
    seed: int = 0
    nodes: int = 0
    rng: random.Random = field(default_factory=random.Random)

    def __post_init__(self) -> None:
        self.rng.seed(self.seed)

    def choose(self, state: GamboState) -> GamboAction:
        return to_action(self.best_move(Position.from_state(state)))

    def best_move(self, position: Position) -> int:
        moves = position.moves()
        if len(moves) == 1:
            self.nodes = 0
            return moves[0]
        root = Node(mover=1 - position.to_move, untried=list(moves))
        deadline = None if self.clock is None else self.clock() + self.movetime
        done = 0
        while True:
            self._iterate(root, position)
            done += 1
            if deadline is None:
                if done >= self.playouts:
                    break
            elif done % CLOCK_EVERY == 0 and self.clock is not None and self.clock() > deadline:
                break
        self.nodes = done
        return max(root.children, key=lambda c: c.visits).move

    def _iterate(self, root: Node, position: Position) -> None:
        node, path = root, []
        while node.untried == [] and node.children:
            node = node.best_child()
            path.append((node.move, position.make(node.move)))
        if node.untried is None:
            node.untried = position.moves() if not position.finished else []
        if node.untried:
            move = node.untried.pop(self.rng.randrange(len(node.untried)))
            mover = position.to_move
            path.append((move, position.make(move)))
            child = Node(mover=mover, move=move, parent=node)
            node.children.append(child)
            node = child
        winner = self._playout(position)
        while node is not None:
            node.visits += 1
            if node.mover == winner:
                node.wins += 1.0
            node = node.parent  # type: ignore[assignment]
        for move, undo in reversed(path):
            position.unmake(move, undo)

    def _playout(self, position: Position) -> int:
        """Play on at random (winning duels first) to the end; returns the winning side."""
        played = []
        while not position.finished:
            moves = position.moves()
            move = self._policy(position, moves)
            played.append((move, position.make(move)))
        winner = position.winner()
        for move, undo in reversed(played):
            position.unmake(move, undo)
        return winner

    def _policy(self, position: Position, moves: list[int]) -> int:
        board = position.board
        winning = [
            m
            for m in moves
            if m >> 12 == K_DUEL and not WINNER[board[(m >> 6) & 63]][board[m & 63]]
        ]
        if winning and self.rng.random() < 0.8:
            return max(winning, key=lambda m: POINTS[board[(m >> 6) & 63]][board[m & 63]])
        return moves[self.rng.randrange(len(moves))]

"""How strong is the Gambo opponent? Any two players, many games, search figures.

    python bench/gambo_ai.py --pair hard hard-v1 --games 200 --movetime 100 --jobs 2
    python bench/gambo_ai.py                    (hard, and medium, against the yardsticks)
    python bench/gambo_ai.py --quick            (2 games a pairing, 20 ms a move: for CI)

Players: `hard`, `medium` and `easy` (the box's opponent as it is now), `hard-v1`
(the hard opponent as it stood before its strengthening, bench/gambo_players/hard_v1.py),
`hard-v2` (the first tuned evaluation, ten features, on today's search:
bench/gambo_players/hard_v2.py), `mcts` (Monte Carlo tree search, another design:
bench/gambo_players/mcts.py), `greedy` (the best immediate margin) and `random`.

The first player of a pair takes side A in even games and B in odd ones (B moves
first); game k's setup comes from seed k, so every pairing sees the same setups. A game
cannot be drawn (the last duel's winner takes a tie). For the first player it prints
wins with a 95 % Wilson interval, and for each timed player the mean depth reached,
positions per second of thinking and the worst overrun of the time per move over the
whole run. A move the rules refuse loses the game on the spot and is counted.
Not part of the test suite.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.gambo_players import hard_v1, hard_v2, mcts  # noqa: E402
from pi_app.ai.gambo.players import (  # noqa: E402
    EasyPlayer,
    GreedyPlayer,
    Player,
    RandomPlayer,
    make_player,
)
from pi_app.rules.contract import RuleError  # noqa: E402
from pi_app.rules.gambo import game as gambo  # noqa: E402

PLAYERS = ("hard", "hard-v1", "hard-v2", "mcts", "medium", "easy", "greedy", "random")
DEFAULT_PAIRS = (("hard", "random"), ("hard", "greedy"), ("medium", "greedy"))


@dataclass
class Side:
    """One player's figures over a run."""

    nodes: int = 0
    thinking: float = 0.0
    moves: int = 0
    depth: int = 0
    overrun: float = 0.0
    illegal: int = 0


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    sides: tuple[Side, Side] = field(default_factory=lambda: (Side(), Side()))

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.wins += other.wins
        for mine, theirs in zip(self.sides, other.sides, strict=True):
            mine.nodes += theirs.nodes
            mine.thinking += theirs.thinking
            mine.moves += theirs.moves
            mine.depth += theirs.depth
            mine.overrun = max(mine.overrun, theirs.overrun)
            mine.illegal += theirs.illegal


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 0.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def player(name: str, movetime: float, seed: int) -> Player:
    """A player by name (see the module's list)."""
    rng = random.Random(seed)
    if name in ("hard", "medium"):
        return make_player(name, movetime=movetime, clock=time.perf_counter)
    if name == "hard-v1":
        return hard_v1.SearchPlayer(movetime=movetime, clock=time.perf_counter)
    if name == "hard-v2":
        return hard_v2.player(movetime)
    if name == "mcts":
        return mcts.MctsPlayer(movetime=movetime, clock=time.perf_counter, seed=seed)
    if name == "easy":
        return EasyPlayer(rng)
    if name == "greedy":
        return GreedyPlayer(rng)
    return RandomPlayer(rng)


def searched(engine: object) -> tuple[int, int]:
    """(positions, depth) of a player's last move, for those that search."""
    stats = getattr(engine, "stats", None)
    if stats is not None:
        return int(stats.nodes), int(stats.depth)
    return int(getattr(engine, "nodes", 0)), 0


def play(first: str, second: str, game: int, movetime: float) -> Tally:
    """One game; the first player is side A in even games."""
    tally = Tally(games=1)
    first_side = 0 if game % 2 == 0 else 1
    engines = {first_side: player(first, movetime, 10_000 + game)}
    engines[1 - first_side] = player(second, movetime, 20_000 + game)
    state = gambo.new_game(["A", "B"], {}, random.Random(game))
    while not state.finished:
        mover = state.to_move
        assert mover is not None
        figures = tally.sides[0 if mover == first_side else 1]
        started = time.perf_counter()
        action = engines[mover].choose(state)
        spent = time.perf_counter() - started
        figures.thinking += spent
        figures.overrun = max(figures.overrun, spent - movetime)
        nodes, depth = searched(engines[mover])
        figures.nodes += nodes
        figures.depth += depth
        figures.moves += 1
        try:
            state = gambo.apply(state, action)
        except RuleError:
            figures.illegal += 1
            tally.wins += mover != first_side
            return tally
    tally.wins += gambo.winner_side(state) == first_side
    return tally


def _play(args: tuple[str, str, int, float]) -> Tally:
    return play(*args)


def report(first: str, second: str, tally: Tally, movetime: float, elapsed: float) -> None:
    low, high = wilson(tally.wins, tally.games)
    rate = tally.wins / tally.games if tally.games else 0.0
    print(
        f"{first} v {second}: {tally.wins}/{tally.games} wins {rate:.1%} "
        f"(95% {low:.1%}..{high:.1%})  {elapsed:.0f} s",
        flush=True,
    )
    for name, side in zip((first, second), tally.sides, strict=True):
        speed = side.nodes / side.thinking if side.thinking else 0.0
        depth = side.depth / side.moves if side.moves else 0.0
        unit = "playouts/s " if name == "mcts" else "positions/s"
        print(
            f"  {name:8s} mean depth {depth:4.1f}  {speed:8.0f} {unit}  "
            f"worst overrun {max(0.0, side.overrun) * 1000:6.1f} ms  "
            f"illegal moves {side.illegal}",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--movetime", type=int, default=100, help="milliseconds per move")
    parser.add_argument("--pair", nargs=2, choices=PLAYERS, action="append", metavar="PLAYER")
    parser.add_argument("--first", type=int, default=0, help="number of the first game")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once")
    parser.add_argument("--quick", action="store_true", help="2 games of 20 ms moves, for CI")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.movetime = 2, 20
    movetime = args.movetime / 1000
    print(f"{args.games} games per pairing, {args.movetime} ms a move, {args.jobs} at once")
    for first, second in args.pair or DEFAULT_PAIRS:
        tally, started = Tally(), time.perf_counter()
        work = [(first, second, g, movetime) for g in range(args.first, args.first + args.games)]
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                for result in pool.map(_play, work):
                    tally.add(result)
        else:
            for item in work:
                tally.add(_play(item))
        report(first, second, tally, movetime, time.perf_counter() - started)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""How strong is the Gambo opponent? Win rates over many games, and search speed.

    python bench/gambo_ai.py --games 200 --movetime 100
    python bench/gambo_ai.py --games 40 --movetime 30 --pairing hard-random

Pairings: hard against random play, hard against a greedy one-move player, medium
against greedy; on request also hard against medium and easy against random or
greedy. The measured player takes side A in even games and B in odd ones (B moves
first); game k's setup comes from seed k, so every pairing sees the same setups. A
game cannot be drawn (the last duel's winner takes a tie). Prints, for each pairing, the win
rate with a 95 % Wilson interval and, for searching players, the positions searched
per second of thinking time and the mean depth reached. Not part of the test suite.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pi_app.ai.gambo.players import EasyPlayer, GreedyPlayer, Player, RandomPlayer, SearchPlayer
from pi_app.rules.gambo import game as gambo

PAIRINGS = ("hard-random", "hard-greedy", "medium-greedy")
EXTRA_PAIRINGS = ("hard-medium", "easy-random", "easy-greedy")


@dataclass
class Tally:
    games: int = 0
    wins: int = 0
    nodes: int = 0
    thinking: float = 0.0
    moves: int = 0
    depth: int = 0


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate."""
    if games == 0:
        return 0.0, 0.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def player(name: str, movetime: float, rng: random.Random) -> Player:
    """A player by name: hard and easy through `make_player`, or a yardstick player."""
    if name == "hard":
        return SearchPlayer(movetime=movetime, clock=time.perf_counter)
    if name == "medium":
        return SearchPlayer(max_depth=2)
    if name == "easy":
        return EasyPlayer(rng)
    return RandomPlayer(rng) if name == "random" else GreedyPlayer(rng)


def make(pairing: str, movetime: float, seed: int) -> tuple[Player, Player]:
    engine, rival = pairing.split("-")
    rng = random.Random(10_000 + seed)
    return player(engine, movetime, rng), player(rival, movetime, rng)


def play(pairing: str, game: int, movetime: float, tally: Tally) -> None:
    engine, other = make(pairing, movetime, game)
    engine_side = 0 if game % 2 == 0 else 1
    state = gambo.new_game(["A", "B"], {}, random.Random(game))
    while not state.finished:
        if state.to_move == engine_side:
            started = time.perf_counter()
            action = engine.choose(state)
            tally.thinking += time.perf_counter() - started
            if isinstance(engine, SearchPlayer):
                tally.nodes += engine.stats.nodes
                tally.depth += engine.stats.depth
                tally.moves += 1
        else:
            action = other.choose(state)
        state = gambo.apply(state, action)
    tally.games += 1
    tally.wins += gambo.winner_side(state) == engine_side


def report(pairing: str, tally: Tally, elapsed: float) -> None:
    low, high = wilson(tally.wins, tally.games)
    rate = tally.wins / tally.games if tally.games else 0.0
    speed = tally.nodes / tally.thinking if tally.thinking else 0.0
    depth = tally.depth / tally.moves if tally.moves else 0.0
    print(
        f"{pairing:14s} {tally.wins:4d}/{tally.games:<4d} wins {rate:6.1%} "
        f"(95% {low:.1%}..{high:.1%})  {speed:8.0f} positions/s  "
        f"mean depth {depth:4.1f}  {elapsed:6.0f} s",
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--movetime", type=int, default=100, help="milliseconds per move")
    parser.add_argument("--pairing", choices=PAIRINGS + EXTRA_PAIRINGS, action="append")
    parser.add_argument("--first", type=int, default=0, help="number of the first game")
    args = parser.parse_args(argv)
    print(f"{args.games} games per pairing, hard at {args.movetime} ms a move")
    for pairing in args.pairing or PAIRINGS:
        tally, started = Tally(), time.perf_counter()
        for game in range(args.first, args.first + args.games):
            play(pairing, game, args.movetime / 1000, tally)
        report(pairing, tally, time.perf_counter() - started)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

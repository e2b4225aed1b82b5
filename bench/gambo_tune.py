"""Tune the Gambo evaluation's weights by self-play (logistic regression on outcomes).

    python bench/gambo_tune.py --games 3000 --depth 3 --jobs 2 [--data games.pickle]
    python bench/gambo_tune.py --quick    (20 shallow games: for CI)

The `hard` search, with the weights in use, plays itself at a fixed depth from seeded
setups, its first plies at random so that the games differ. Every position where the
mover had a choice is kept with whether that mover went on to win; `--data` keeps the
games on disk (and reads them back), so other features can be tried on the same games.
A logistic regression (Newton's method with a little L2) then finds the weights of
`pi_app.ai.gambo.evaluation.features` that best predict the winner. It prints the
log-loss and accuracy of the fit beside those of the weights in use, on the fifth of
the games it did not fit, and the `WEIGHTS` line to put in `evaluation.py`.

Tuning goes in rounds: put the printed weights in, run it again on the new weights'
own games, and keep a round's weights only if `bench/gambo_ai.py` says they beat the
previous ones and still beat the partners of other designs (`hard-v1`, `mcts`): rounds
of self-play alone drift toward beating their own kind (see `WEIGHTS` in
`evaluation.py` for how the weights in use were chosen). Not part of the test suite.
"""

from __future__ import annotations

import argparse
import math
import pickle
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pi_app.ai.gambo.evaluation import FEATURE_NAMES, SCALE, WEIGHTS, features  # noqa: E402
from pi_app.ai.gambo.position import Position  # noqa: E402
from pi_app.ai.gambo.search import SearchPlayer  # noqa: E402
from pi_app.rules.gambo import game as gambo  # noqa: E402

Sample = tuple[tuple[float, ...], int]
Snapshot = tuple[tuple[int, ...], int, int, int, int, bool, int, int]
"""A position as plain data (board, scores, mover, duels, swap flags), to keep on disk."""


def snapshot(position: Position) -> Snapshot:
    scores, streak = position.scores, position.streak
    return (
        tuple(position.board),
        scores[0],
        scores[1],
        position.to_move,
        position.duels,
        position.last_was_swap,
        streak[0],
        streak[1],
    )


def restore(shot: Snapshot) -> Position:
    board, score_a, score_b, to_move, duels, last_was_swap, streak_a, streak_b = shot
    position = Position(list(board), to_move)
    position.scores = [score_a, score_b]
    position.duels = duels
    position.last_was_swap = last_was_swap
    position.streak = [streak_a, streak_b]
    return position


def self_play(seed: int, depth: int, random_plies: int) -> list[tuple[Snapshot, int]]:
    """One game of the search against itself: each position where the mover had a
    choice, and whether that mover went on to win."""
    rng = random.Random(seed)
    position = Position.from_state(gambo.new_game(["A", "B"], {}, rng))
    engine = SearchPlayer(max_depth=depth)
    seen: list[tuple[Snapshot, int]] = []
    ply = 0
    while not position.finished:
        moves = position.moves()
        if len(moves) > 1:
            seen.append((snapshot(position), position.to_move))
        move = rng.choice(moves) if ply < random_plies else engine.best_move(position)
        position.make(move)
        ply += 1
    winner = position.winner()
    return [(shot, 1 if mover == winner else 0) for shot, mover in seen]


def _self_play(args: tuple[int, int, int]) -> list[tuple[Snapshot, int]]:
    return self_play(*args)


def games_for(args: argparse.Namespace) -> list[list[tuple[Snapshot, int]]]:
    """Play the games, or read them from `--data` when that file was written before."""
    if args.data and Path(args.data).exists():
        with open(args.data, "rb") as file:
            loaded: list[list[tuple[Snapshot, int]]] = pickle.load(file)
        return loaded
    work = [(seed, args.depth, args.random_plies) for seed in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        games = list(pool.map(_self_play, work, chunksize=8))
    if args.data:
        with open(args.data, "wb") as file:
            pickle.dump(games, file)
    return games


def predict(weights: list[float], f: tuple[float, ...]) -> float:
    z = sum(w * x for w, x in zip(weights, f, strict=True))
    z = max(-30.0, min(30.0, z))
    return 1.0 / (1.0 + math.exp(-z))


def fit(samples: list[Sample], rounds: int = 12, l2: float = 1e-3) -> list[float]:
    """Logistic regression by Newton's method (few features, so the Hessian is small)."""
    n = len(FEATURE_NAMES)
    weights = [0.0] * n
    for _round in range(rounds):
        gradient = [0.0] * n
        hessian = [[0.0] * n for _ in range(n)]
        for f, y in samples:
            p = predict(weights, f)
            r, s = p - y, p * (1 - p)
            for i in range(n):
                gradient[i] += r * f[i]
                row, fi = hessian[i], s * f[i]
                for j in range(i, n):
                    row[j] += fi * f[j]
        m = len(samples)
        for i in range(n):
            gradient[i] = gradient[i] / m + l2 * weights[i]
            for j in range(i, n):
                hessian[i][j] /= m
                hessian[j][i] = hessian[i][j]
            hessian[i][i] += l2
        step = solve(hessian, gradient)
        weights = [w - d for w, d in zip(weights, step, strict=True)]
        if max(abs(d) for d in step) < 1e-7:
            break
    return weights


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(vector)
    a = [[*row, vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, n):
            factor = a[r][col] / a[col][col]
            for c in range(col, n + 1):
                a[r][c] -= factor * a[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][c] * x[c] for c in range(r + 1, n))) / a[r][r]
    return x


def quality(weights: list[float], samples: list[Sample]) -> tuple[float, float]:
    """Mean log-loss and share of positions whose winner is predicted."""
    loss, right = 0.0, 0
    for f, y in samples:
        p = min(max(predict(weights, f), 1e-9), 1 - 1e-9)
        loss -= math.log(p if y else 1 - p)
        right += (p > 0.5) == bool(y)
    return loss / len(samples), right / len(samples)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1200)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--random-plies", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--data", help="a file to keep the games in, and to read them from")
    parser.add_argument("--quick", action="store_true", help="20 shallow games, for CI")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.depth, args.jobs = 20, 1, 1
    started = time.perf_counter()
    games = games_for(args)
    held = max(1, len(games) // 5)
    train = [(features(restore(shot)), won) for game in games[held:] for shot, won in game]
    test = [(features(restore(shot)), won) for game in games[:held] for shot, won in game]
    print(
        f"{len(games)} games, {len(train)} positions to fit, {len(test)} to check, "
        f"{time.perf_counter() - started:.0f} s"
    )
    weights = fit(train)
    in_use = [w / SCALE for w in WEIGHTS]
    for label, w in (("in use", in_use), ("fitted", weights)):
        loss, right = quality(w, test)
        print(f"  {label}: log-loss {loss:.4f}, winner predicted {right:.1%}")
    for name, w in zip(FEATURE_NAMES, weights, strict=True):
        print(f"  {name:16s} {w:+.4f}")
    print("WEIGHTS = (" + ", ".join(str(round(w * SCALE)) for w in weights) + ")")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

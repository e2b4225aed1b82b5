"""Whole Gambo games against the easy engine, driven by the real loop as `App.run` drives it.

    python -m tests.display.engine_loop --driver x11|dummy --games N --seed S --journal PATH

The app is built as the box builds it (`startup.run_app`): a journal on the wall clock,
the app on the real monotonic clock, a real window on the SDL video driver given. The
loop is `App.run`'s, `app.step(wait_events(app.wait_ms(), blocking))`, with nothing but
what the app itself asks for: no event is ever posted by this script. When the person
(side A) is to move, a random legal move is played through `app.execute(Play(...))`
between two steps, as a tap would, once the journal has written what was played
before (as it has while a person thinks). When the engine (side B) is to move, the loop runs
with no input until the engine has moved; a move it owes that lands later than its
move time plus one second (`MOVETIME + 1`) is late.

A lost wake-up leaves the loop asleep for `wait_ms`, up to an hour; so each wait is
also cut at `--cap` seconds (far beyond the limit): the loop then wakes as if someone
had touched the screen, and the game goes on. A move that needed that is late too.

One JSON line is printed at the end, and the exit code is 0 whatever it says:
{"driver": ..., "games": ..., "engine_moves": ..., "late": [[wait_s, ply], ...],
"max_wait": ..., "again": ..., "limit": ..., "gave_up": ...}; `ply` is the number of
moves of its game played before the engine's late one, `again` how many moves the
engine owed right after its own (its duel left it behind), `limit` the seconds it has
for a move, `gave_up` the ply at which the run stopped, a move not come after twice
the cap (else null). The test (`test_engine_wakeup.py`) decides.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

LEVEL = "easy"  # the engine's fastest level: any wait beyond a blink is the loop's
PIECES = ("E1", "E2", "E3", "C1", "C2", "C3", "M1", "M2", "M3")


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--driver", choices=("x11", "dummy"), required=True)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--journal", type=Path, required=True)
    parser.add_argument("--cap", type=float, default=30.0, help="seconds: stop waiting")
    return parser.parse_args(argv)


def make_app(driver: str, journal_path: Path) -> Any:
    """The app as `startup.run_app` makes it, at 800x480, in a window on `driver`."""
    os.environ["SDL_VIDEODRIVER"] = driver
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from pi_app.config import Config
    from pi_app.display.app import build_app
    from pi_app.table import Journal

    size = "800x480"
    values = dict(Config().values)
    values["display.size"] = size
    journal = Journal(journal_path)
    pygame.display.init()
    pygame.font.init()
    app = build_app(values, journal=journal, size=size, clock=time.monotonic)
    app.open_window(False)
    return app


def movetime() -> float:
    """The engine's own move time (where the engine's work lives, before and after
    issue 36 moved it off the screen's module)."""
    try:
        from pi_app.display.games.gambo import MOVETIME
    except ImportError:
        from pi_app.ai.gambo.opponent import MOVETIME
    return float(MOVETIME)


def new_game(app: Any, rng: random.Random) -> None:
    """A game against the engine on side B (which moves first), from a drawn setup."""
    from pi_app.display.games.gambo import engine_label, opponent_extras
    from pi_app.display.scene import NewGame

    setup = {side: rng.sample(PIECES, len(PIECES)) for side in "AB"}
    seats = ("Alice", engine_label(LEVEL))
    app.execute(NewGame("gambo", seats, {"setup": setup}, extras=opponent_extras(LEVEL)))


def run(args: argparse.Namespace) -> dict[str, Any]:
    app = make_app(args.driver, args.journal)
    import pygame

    from pi_app.display.app import BLOCKING_DRIVERS
    from pi_app.display.games.gambo import engine_level
    from pi_app.display.intents import wait_events
    from pi_app.display.scene import Play

    limit = movetime() + 1.0
    driver = pygame.display.get_driver()
    blocking = driver in BLOCKING_DRIVERS
    rng = random.Random(args.seed)
    late: list[list[float | int]] = []
    waits: list[float] = []
    games = 0
    gave_up: int | None = None
    again = 0  # moves the engine owed right after its own (its duel left it behind)
    engine_last = False  # whether the last move was the engine's

    def step(until: float | None = None) -> None:
        """One turn of `App.run`'s loop; asleep no later than `until` (the cap)."""
        timeout = app.wait_ms()
        if until is not None:
            timeout = min(timeout, max(1, math.ceil((until - time.monotonic()) * 1000)))
        app.step(wait_events(timeout, blocking))

    try:
        app.render()  # as App.run begins
        new_game(app, rng)
        since = time.monotonic()  # when the position on the board was reached
        while True:
            table = app.table
            if table.outcome() is not None:
                games += 1
                if games >= args.games:
                    break
                new_game(app, rng)
                since, engine_last = time.monotonic(), False
                continue
            state = table.state
            ply = len(state.history)
            if engine_level(table, state.to_move) is None:  # the person's move: a tap
                # While a person thinks, the journal writes what was played (the
                # loop, asleep, would only look at it): a backlog of writes left by
                # moves played faster than anyone taps must not be what wakes the loop.
                app.journal.flush(args.cap)
                action = rng.choice(list(table.game.legal_actions(state)))
                app.execute(Play(table.game.format_action(action)))
                since, engine_last = time.monotonic(), False
                step()
                continue
            again += engine_last
            moved = engine_move(step, app, ply, since, args.cap)
            if moved is None:  # asleep past the cap twice: the run cannot go on
                late.append([round(time.monotonic() - since, 3), ply])
                gave_up = ply
                break
            waits.append(moved - since)
            if moved - since > limit:
                late.append([round(moved - since, 3), ply])
                print(f"late: {moved - since:.3f} s at ply {ply}", file=sys.stderr, flush=True)
            since, engine_last = moved, True
    finally:
        app.journal.close()
        pygame.quit()
    return {
        "driver": driver,
        "games": games,
        "engine_moves": len(waits),
        "again": again,
        "late": late,
        "max_wait": round(max(waits, default=0.0), 3),
        "limit": limit,
        "gave_up": gave_up,
    }


def engine_move(
    step: Callable[[float], None], app: Any, ply: int, since: float, cap: float
) -> float | None:
    """Run the loop with no input until the engine has played the move it owes at `ply`;
    returns when it landed. Past `cap` seconds the loop wakes once, as a touch would
    wake it; None if the move still has not come `cap` seconds later."""
    deadline = since + cap
    woken = False
    while len(app.table.state.history) == ply:
        step(deadline)
        if len(app.table.state.history) == ply and time.monotonic() >= deadline:
            if woken:
                return None
            woken, deadline = True, time.monotonic() + cap
    return time.monotonic()


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    print(json.dumps(run(args)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

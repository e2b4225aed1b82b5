"""The history with a long-used box: 10,000 finished games in the journal.

Builds a journal of N finished games (Gambit 7 and Cambio, played once through the
table and then copied with other players, in one transaction), then measures, each in
a fresh process so nothing is warm:

- opening the history from the home screen: the tap, the journal read, a page of games
  folded, the frame drawn;
- opening a past game (its chart): the tap, the game folded, the frame drawn;
- the app's start-up, from `App(...)` to its first frame, beside the same with an
  empty journal (the ratio says what the long journal costs);
- for information, counting the statistics of every player (a background job).

Targets here: under 100 ms to open, under 1 s to start.

    python bench/history.py [--games 10000] [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

NAMES = (
    ("Ana", "Ben", "Cléo", "Dan"),
    ("Eli", "Fay", "Gus", "Hana"),
    ("Ivo", "Jo", "Kim", "Lou"),
)

MEASURE = r"""
import json, os, sys, time
start = time.perf_counter()
import pygame
from pathlib import Path
from pi_app.config import Config
from pi_app.display.app import App
from pi_app.display.intents import Press
from pi_app.display.pages import PageButton
from pi_app.display.history import OpenGame
from pi_app.table import Journal
pygame.display.init(); pygame.font.init()
path, what = Path(sys.argv[1]), sys.argv[2]
values = dict(Config().values)
begin = time.perf_counter()
journal = Journal(path)
app = App(values, journal=journal, size="800x480")
app.open_window(False)
app.step([])
first_frame = time.perf_counter() - begin
out = {"start": first_frame, "process": time.perf_counter() - start}
if what == "open":
    t = time.perf_counter(); app.feed(Press(PageButton("history"))); app.step([])
    out["history"] = time.perf_counter() - t
    oldest = journal.finished_games(1, journal.finished_count() - 1)[0].id
    t = time.perf_counter(); app.feed(Press(OpenGame(oldest))); app.step([])
    out["game"] = time.perf_counter() - t
    t = time.perf_counter(); app.feed(Press("back")); app.feed(Press("stats"))
    app.scene.job.finished.wait(); app.step([])
    out["stats"] = time.perf_counter() - t
journal.close()
print(json.dumps(out))
"""


def template_games(folder: Path) -> list[tuple[str, dict[str, object], list[str]]]:
    """One Gambit 7 and one Cambio game played through the table: (game, setup, events)."""
    from pi_app.table import Journal, Table

    journal = Journal(folder / "template.sqlite3")
    seats = list(NAMES[0])
    g7 = Table.new(journal, "gambit7", seats, {}, extras={"colours": [0, 1, 2, 3]})
    for number in range(1, 8):
        values = [10 * number + k for k in range(4)]
        for seat, value in zip(seats, values, strict=True):
            g7.play(f'answer "{seat}" {value} fr')
        g7.play(f'bet "{seats[0]}" [{values[1]}]')
        g7.play(f'bet "{seats[1]}" [{values[2]}, {values[3]}]')
        g7.play("close-bets")
        g7.play(f"truth {values[number % 4]} fr")
        if number < 7:
            g7.play("next")
    cambio = Table.new(journal, "cambio", seats, {"target": 350}, extras={"colours": [0, 1, 2, 3]})
    for winner, currency in (
        (1, "Dollar"),
        (1, "Yen"),
        (2, "Dollar"),
        (1, "Dollar"),
        (1, "Dollar"),
    ):
        for notation in ("deal", "open", f'ring "{seats[winner]}"', f"show {currency} 9"):
            cambio.play(notation)
    games = []
    for table in (g7, cambio):
        assert table.outcome() is not None
        entry = journal.game(table.game_id)
        assert entry is not None
        events = [str(e.action) for e in journal.events(table.game_id)]
        games.append((entry.game, dict(entry.setup), events))
    journal.close()
    return games


def build(
    path: Path, count: int, templates: list[tuple[str, dict[str, object], list[str]]]
) -> None:
    """A journal of `count` finished games, written straight into SQLite in one go."""
    from pi_app.table import Journal

    Journal(path).close()  # the schema
    db = sqlite3.connect(path)
    now = time.time() - count * 3600
    with db:
        for n in range(count):
            game, setup, events = templates[n % len(templates)]
            names = NAMES[n % len(NAMES)]
            text = json.dumps(setup)
            for old, new in zip(NAMES[0], names, strict=True):
                text = text.replace(f'"{old}"', f'"{new}"')
            cursor = db.execute(
                "INSERT INTO games (game, setup, started, finished) VALUES (?, ?, ?, 1)",
                (game, text, now + n * 3600),
            )
            rows = []
            for action in events:
                for old, new in zip(NAMES[0], names, strict=True):
                    action = action.replace(f'"{old}"', f'"{new}"')
                rows.append((cursor.lastrowid, "action", action, now + n * 3600))
            db.executemany(
                "INSERT INTO events (game_id, kind, action, at) VALUES (?, ?, ?, ?)", rows
            )
        db.executemany(
            "INSERT INTO players (name, colour, last_played) VALUES (?, ?, ?)",
            [(name, i % 8, now) for i, name in enumerate(n for group in NAMES for n in group)],
        )
    db.close()


def measure(path: Path, what: str) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(path), what],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        started = time.perf_counter()
        build(base / "long.sqlite3", args.games, template_games(base))
        size = (base / "long.sqlite3").stat().st_size / 1e6
        print(
            f"journal: {args.games} finished games, {size:.1f} MB, built in "
            f"{time.perf_counter() - started:.1f} s"
        )
        from pi_app.table import Journal

        Journal(base / "empty.sqlite3").close()
        long_runs = [measure(base / "long.sqlite3", "open") for _ in range(args.runs)]
        empty_runs = [measure(base / "empty.sqlite3", "start") for _ in range(args.runs)]

    def ms(runs: list[dict[str, float]], key: str) -> float:
        return statistics.median(run[key] for run in runs) * 1000

    print(f"median of {args.runs} fresh processes, ms:")
    print(f"  open the history (a page of 5)     {ms(long_runs, 'history'):8.1f}   target < 100")
    print(f"  open a past game and its chart     {ms(long_runs, 'game'):8.1f}   target < 100")
    start_long, start_empty = ms(long_runs, "start"), ms(empty_runs, "start")
    print(f"  start-up to first frame, long      {start_long:8.1f}   target < 1000")
    print(f"  start-up to first frame, empty     {start_empty:8.1f}")
    print(f"  ratio long / empty                 {start_long / start_empty:8.2f}")
    print(f"  process start to first frame, long {ms(long_runs, 'process'):8.1f}")
    print(f"  process start to first frame, empty{ms(empty_runs, 'process'):8.1f}")
    print(
        f"  statistics of {len([n for g in NAMES for n in g])} players "
        f"(background)     {ms(long_runs, 'stats'):8.0f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

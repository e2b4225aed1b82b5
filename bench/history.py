"""The box with a long journal: 100, 10,000 and 100,000 finished games.

Builds a journal of N finished games (Gambit 7 and Cambio, played once through the
table and then copied with other players by direct SQL inserts, with the statistics
they keep), then measures, each in a fresh process so nothing is warm:

- opening the journal (`Journal(path)`, after a clean stop, as a box restarts);
- the first frame, from `App(...)` to its first frame, and the process's start to it;
- the whole-file check that now runs in the background after the first frame;
- opening the history, a past game (its chart) and the statistics of 12 players.

Each figure is printed with its ratio to the 100-game figure (the target: the same at
every size) and, with `--baseline DIR` (a checkout of the code to compare, e.g.
`git worktree add /tmp/base <commit>`), beside the baseline's figure from the same run.
Journals of 10,000 games and more are built once and cached (`--cache`, by default
/var/cache/tabletop-bench when writable, else ~/.cache/tabletop-bench).

    python bench/history.py [--sizes 100,10000,100000] [--runs 5] [--baseline DIR]
    python bench/history.py --quick     # small sizes, one run: that it runs at all
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
from pi_app.display.app import build_app
from pi_app.display.intents import Press
from pi_app.display.pages import PageButton
from pi_app.display.history.scene import OpenGame
from pi_app.table import Journal
pygame.display.init(); pygame.font.init()
path, stats = Path(sys.argv[1]), sys.argv[2] == "stats"
values = dict(Config().values)
begin = time.perf_counter()
journal = Journal(path)
opened = time.perf_counter()
app = build_app(values, journal=journal, size="800x480")
app.open_window(False)
app.step([])
framed = time.perf_counter()
out = {"open": opened - begin, "frame": framed - opened, "start": framed - begin,
       "process": framed - start}
if hasattr(journal, "checked"):  # the whole-file check, in the background from now
    deadline = time.monotonic() + 600
    while not journal.checked and time.monotonic() < deadline:
        app.step([]); time.sleep(0.005)
    out["check"] = time.perf_counter() - framed
    assert journal.error is None, journal.error
t = time.perf_counter(); app.feed(Press(PageButton("history"))); app.step([])
out["history"] = time.perf_counter() - t
oldest = journal.history.finished_games(1, journal.history.finished_count() - 1)[0].id
t = time.perf_counter(); app.feed(Press(OpenGame(oldest))); app.step([])
out["game"] = time.perf_counter() - t
if stats:
    t = time.perf_counter(); app.feed(Press("back")); app.feed(Press("stats"))
    app.scene.job.finished.wait(); app.step([])
    out["stats"] = time.perf_counter() - t
journal.close()
print(json.dumps(out))
"""

BUILD = r"""
import importlib.util, sys
from pathlib import Path
from pi_app.table import Journal  # the code measured (the working directory's) first
spec = importlib.util.spec_from_file_location("history_bench", sys.argv[4])
history = importlib.util.module_from_spec(spec); spec.loader.exec_module(history)
folder, path, count = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
history.build(path, count, history.template_games(folder))
Journal(path).close()  # opened and closed once, as a box leaves it
"""
"""Run with the working directory at the code measured: this file's `build` (the same
journal for both) with that code's `pi_app`, imported before this file adds its own."""


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
            text = json.dumps(setup, ensure_ascii=False)  # "Cléo" as typed, as in events
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
    keep_statistics(path, count, len(templates))


def keep_statistics(path: Path, count: int, templates: int) -> None:
    """The statistics a box keeps as games end, for the games `build` copied: each
    template folded once, its results copied with the players' names (SQL again)."""
    from pi_app.table import Journal

    try:
        from pi_app.table.history import History
        from pi_app.table.summary import results_of
    except ImportError:  # a version of the box that keeps no statistics
        return
    journal = Journal(path, keep_backups=False)
    kept = []
    for game_id in range(1, min(count, templates) + 1):
        summary = History(journal).summary(game_id)
        assert summary is not None
        kept.append(results_of(summary))
    journal.close()
    db = sqlite3.connect(path)
    with db:
        for n in range(count):
            names = dict(zip(NAMES[0], NAMES[n % len(NAMES)], strict=True))
            db.executemany(
                "INSERT INTO results (game_id, place, name, game, won, score, slate_wins, "
                "rounds) SELECT id, ?, ?, game, ?, ?, ?, ? FROM games WHERE id=?",
                [
                    (place, names.get(r.name, r.name), int(r.won), r.score, r.slate_wins, *tail)
                    for place, r in enumerate(kept[n % len(kept)])
                    for tail in [(r.rounds, n + 1)]
                ],
            )
        db.execute("INSERT OR REPLACE INTO kept (key, value) VALUES ('statistics', 'kept')")
    db.close()


def measure(root: Path, path: Path, stats: bool) -> dict[str, float]:
    """One fresh process of the code at `root` starting on the journal at `path`."""
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, str(path), "stats" if stats else "no"],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def journal_of(root: Path, count: int, cache: Path | None, scratch: Path) -> Path:
    """A journal of `count` games made by the code at `root`: built (in a process of
    that code), or taken from the cache when it was built before."""
    version = subprocess.run(
        [sys.executable, "-c", "from pi_app.table import schema; print(schema.SCHEMA_VERSION)"],
        capture_output=True,
        text=True,
        check=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
    ).stdout.strip()
    name = f"history-v{version}-{count}.sqlite3"
    folder = cache if cache is not None and count >= 10_000 else scratch
    path = folder / name
    if path.exists():
        return path
    started = time.perf_counter()
    part = folder / (name + ".part")
    with tempfile.TemporaryDirectory() as templates:
        subprocess.run(
            [sys.executable, "-c", BUILD, templates, str(part), str(count), __file__],
            check=True,
            cwd=root,
            env={**os.environ, "PYTHONPATH": str(root)},
        )
    part.rename(path)
    for side in ("-clean",):  # the record of its clean stop follows it
        if part.with_name(part.name + side).exists():
            part.with_name(part.name + side).unlink()
    subprocess.run(  # opened and closed once more under its own name: a clean stop
        [
            sys.executable,
            "-c",
            "import sys; from pi_app.table import Journal; Journal(sys.argv[1]).close()",
            str(path),
        ],
        check=True,
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
    )
    size = path.stat().st_size / 1e6
    print(f"  built {path.name}: {size:.1f} MB in {time.perf_counter() - started:.1f} s")
    return path


def cache_folder(given: str | None) -> Path | None:
    """Where big journals are kept between runs (outside the repository)."""
    for folder in (
        [Path(given)]
        if given
        else [Path("/var/cache/tabletop-bench"), Path.home() / ".cache" / "tabletop-bench"]
    ):
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            continue
        if os.access(folder, os.W_OK):
            return folder
    return None


KEYS = (
    ("open", "journal open"),
    ("frame", "App to first frame"),
    ("start", "journal open + first frame"),
    ("process", "process start to first frame"),
    ("check", "whole-file check (background)"),
    ("history", "open the history"),
    ("game", "open a past game"),
    ("stats", "open the statistics (12 players)"),
)


def median_ms(runs: list[dict[str, float]], key: str) -> float | None:
    found = [run[key] for run in runs if key in run]
    return statistics.median(found) * 1000 if found else None


def report(
    sizes: list[int],
    runs: dict[tuple[str, int], list[dict[str, float]]],
    flavours: list[str],
) -> None:
    """A table per measure: each size's median, its ratio to the smallest size's, for
    this code and the baseline side by side."""
    first = sizes[0]
    head = "".join(f"{f + ' ms':>14}{'x' + str(first):>8}" for f in flavours)
    for key, label in KEYS:
        print(f"{label}:")
        print(f"  {'games':>8}{head}")
        for size in sizes:
            line = f"  {size:>8,}"
            for flavour in flavours:
                value = median_ms(runs.get((flavour, size), []), key)
                base = median_ms(runs.get((flavour, first), []), key)
                if value is None:
                    line += f"{'-':>14}{'':>8}"
                else:
                    ratio = f"{value / base:.2f}" if base else "-"
                    line += f"{value:>14.1f}{ratio:>8}"
            print(line)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,10000,100000", help="games, comma-separated")
    parser.add_argument("--runs", type=int, default=5, help="fresh processes per size")
    parser.add_argument("--baseline", help="a checkout of the code to compare with")
    parser.add_argument(
        "--baseline-stats-max",
        type=int,
        default=10_000,
        help="largest journal whose statistics the baseline folds (they take minutes)",
    )
    parser.add_argument("--cache", help="where built journals of 10,000 games and more are kept")
    parser.add_argument("--quick", action="store_true", help="100 and 1,000 games, one run")
    args = parser.parse_args()
    sizes = [100, 1000] if args.quick else [int(n) for n in args.sizes.split(",")]
    count = 1 if args.quick else args.runs
    cache = None if args.quick else cache_folder(args.cache)
    roots = {"this": ROOT}
    if args.baseline:
        roots["baseline"] = Path(args.baseline).resolve()
    runs: dict[tuple[str, int], list[dict[str, float]]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        for flavour, root in roots.items():
            for size in sizes:
                path = journal_of(root, size, cache, Path(scratch))
                stats = flavour == "this" or size <= args.baseline_stats_max
                runs[flavour, size] = [measure(root, path, stats) for _ in range(count)]
                print(f"  measured {flavour} at {size:,} games", flush=True)
    print(f"median of {count} fresh process(es), ms, and the ratio to {sizes[0]:,} games:")
    report(sizes, runs, list(roots))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""What an automatic backup costs at 10,000 games, and that the bell does not feel it.

Builds a journal of N finished games (`history.build`, as `bench/history.py` does),
then measures, each in a fresh process:

- one backup, `backups.make(journal, now)`: the median time of a few, and its size,
  with every fsync and fdatasync made MS milliseconds slower (as on a Pi's SD card,
  through the preload library of `slow_fsync.py`), beside the same without;
- the bell's STOP frame (`bell_latency.measure`: a MockFactory bell, the real App loop)
  on a copy of that journal with slow fsyncs, while the journal's writer thread makes
  backups back to back (the 30-minute spacing set to 0, and a thread finishing a game
  each time the previous backup is made: `Journal.set_finished`, as at a game's end),
  beside the same without backups. Target: p99 under 16.7 ms (one 60 Hz frame).

Figures are printed beside their baseline; nothing is asserted on time.

    python bench/backup.py [--games 10000] [--slow-fsync 20] [--runs 5] [--presses 200]
    python bench/backup.py --quick      # 200 games, a few presses: seconds, for CI
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import history  # noqa: E402  (needs ROOT on the path)

BELL_KEYS = ("p50", "p99", "max", "on disk p50", "on disk p99")


def make_child(journal: Path, runs: int) -> dict[str, Any]:
    """`runs` backups of `journal`, timed one by one (each deleted once measured)."""
    from pi_app.table import backups

    times, size = [], 0
    for run in range(runs):
        start = time.perf_counter()
        made = backups.make(journal, time.time() + run)
        times.append(time.perf_counter() - start)
        size = made.size
        made.path.unlink()
    return {"times": times, "size": size}


def bell_child(template: Path, presses: int, with_backups: bool) -> dict[str, float]:
    """`bell_latency.measure` on a copy of `template`, with backups running or not."""
    from bench import bell_latency
    from pi_app.table import Journal, backups
    from pi_app.table.writer import JournalError

    opened: list[Journal] = []
    ready = threading.Event()
    window: list[float] = []

    def journal_of_n_games(path: Path | str) -> Journal:
        """What `measure` opens: the long journal, copied where it asks."""
        shutil.copyfile(template, path)
        journal = Journal(path)
        opened.append(journal)
        window.append(time.perf_counter())
        ready.set()
        return journal

    vars(bell_latency)["Journal"] = journal_of_n_games  # the name `measure` opens with

    spans: list[tuple[float, float]] = []
    made = threading.Event()
    real_make = backups.make

    def timed_make(journal: Path, now: float) -> backups.Backup:
        start = time.perf_counter()
        try:
            return real_make(journal, now)
        finally:
            spans.append((start, time.perf_counter()))
            made.set()

    backups.make = timed_make  # Schedule.run looks it up at each run
    stop = threading.Event()

    def back_to_back() -> None:
        """A game finished each time the last backup is made: the next one is due."""
        ready.wait()
        journal = opened[0]
        while not stop.is_set():
            made.clear()
            try:
                journal.set_finished(1, True)  # an old game: one write, then a backup
            except JournalError:  # closed by `measure`
                return
            while not made.wait(0.05):
                if stop.is_set():
                    return

    thread = threading.Thread(target=back_to_back, daemon=True)
    if with_backups:
        backups.EVERY_SECONDS = 0
        thread.start()
    args = argparse.Namespace(presses=presses, size="800x480", phones=0)
    try:
        latencies, on_disk = bell_latency.measure(args)
    finally:
        window.append(time.perf_counter())
        stop.set()
        if with_backups:
            thread.join()
        for journal in opened:
            shutil.rmtree(journal.path.parent, ignore_errors=True)
    figures = bell_latency.summary(latencies)
    figures.update({f"on disk {k}": v for k, v in bell_latency.summary(on_disk).items()})
    busy = sum(end - start for start, end in spans)
    figures["backups"] = len(spans)
    figures["busy"] = busy / (window[-1] - window[0])
    figures["backup p50"] = statistics.median(e - s for s, e in spans) * 1000 if spans else 0.0
    return figures


def row(label: str, cells: Iterable[str]) -> None:
    """One line of a table: a label, then a column per run."""
    print(f"  {label:<24}" + "".join(f"{cell:>18}" for cell in cells))


def child(command: list[str], env: dict[str, str]) -> dict[str, Any]:
    """Run this script in a fresh process; its last line of output, as JSON."""
    done = subprocess.run(
        [sys.executable, __file__, *command],
        env=env,
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    if done.returncode != 0:
        sys.stderr.write(done.stdout + done.stderr)
        raise SystemExit(f"{' '.join(command)}: exit {done.returncode}")
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--slow-fsync", type=float, default=20.0, metavar="MS")
    parser.add_argument("--runs", type=int, default=5, help="backups timed in each process")
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--quick", action="store_true", help="200 games, 3 runs, 20 presses")
    parser.add_argument("--child", choices=("make", "bell", "bell-backups"), help=argparse.SUPPRESS)
    parser.add_argument("--journal", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child == "make":
        print(json.dumps(make_child(args.journal, args.runs)))
        return 0
    if args.child is not None:
        print(json.dumps(bell_child(args.journal, args.presses, args.child == "bell-backups")))
        return 0
    if args.quick:
        args.games, args.runs, args.presses = 200, 3, 20
    from bench.slow_fsync import environ

    slow_name = f"fsync +{args.slow_fsync:g} ms"
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        started = time.perf_counter()
        journal = base / "long.sqlite3"
        history.build(journal, args.games, history.template_games(base))
        size = journal.stat().st_size / 1e6
        print(
            f"journal: {args.games} finished games, {size:.1f} MB, built in "
            f"{time.perf_counter() - started:.1f} s"
        )
        (base / "shim").mkdir()
        slow = environ(args.slow_fsync, base / "shim")
        where = ["--journal", str(journal)]
        normal = dict(os.environ)
        make = {
            name: child(["--child", "make", "--runs", str(args.runs), *where], env)
            for name, env in (("normal", normal), (slow_name, slow))
        }
        presses = ["--presses", str(args.presses), *where]
        bell = {
            name: child(["--child", kind, *presses], slow)
            for name, kind in (("no backups", "bell"), ("backups running", "bell-backups"))
        }

    print(f"one backup (backups.make), median of {args.runs} in a fresh process:")
    row("", make)
    medians = [statistics.median(run["times"]) * 1000 for run in make.values()]
    row("time, ms", (f"{ms:.1f}" for ms in medians))
    row("size, MB", (f"{run['size'] / 1e6:.1f}" for run in make.values()))
    row("ratio to normal", (f"{ms / medians[0]:.2f}" for ms in medians))
    print(
        f"bell to STOP frame over {args.presses} presses, journal of {args.games} games, "
        f"{slow_name}, ms:"
    )
    row("", bell)
    for key in BELL_KEYS:
        row(key, (f"{run[key]:.2f}" for run in bell.values()))
    row("backups made meanwhile", (str(run["backups"]) for run in bell.values()))
    row("writer backing up", (f"{run['busy']:.0%}" for run in bell.values()))
    row(
        "one backup meanwhile p50",
        (f"{run['backup p50']:.1f}" if run["backups"] else "-" for run in bell.values()),
    )
    from bench.bell_latency import FRAME_MS

    worst = max(run["p99"] for run in bell.values())
    verdict = "within" if worst < FRAME_MS else "OVER"
    print(f"  worst p99 {worst:.2f} ms: {verdict} one 60 Hz frame ({FRAME_MS:.1f} ms)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The box's process start to its first frame, beside a bare `import pygame`.

Each run is a fresh process, timed from before it is started to the moment its first
frame is drawn (the child says so on its standard output), with an empty journal and
the dummy video driver, as `tabletop` starts. The baseline is a process that only
imports pygame, measured the same way in the same run: what is left above it is the
box's own start. Target here: under 0.6 s.

    python bench/startup.py [--runs 7]
    python bench/startup.py --quick     # 2 runs: seconds, for CI
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FIRST_FRAME = r"""
import importlib.abc
import sys


def said_at_the_first_frame(app):
    drawn = app.App.render

    def render(self):
        presented = drawn(self)
        if not getattr(app, "_said", False):
            app._said = True
            print("first frame", flush=True)
        return presented

    app.App.render = render
    app.App.run = lambda self: (self.render(), 0)[1]  # the first frame, not the loop


class Watch(importlib.abc.MetaPathFinder):
    # patches the display's app once the start imports it, in the start's own order
    def find_spec(self, name, path=None, target=None):
        if name != "pi_app.display.app":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        run = spec.loader.exec_module
        spec.loader.exec_module = lambda module: (run(module), said_at_the_first_frame(module))
        return spec


import importlib.util

sys.meta_path.insert(0, Watch())
from pi_app.cli import main
sys.exit(main(["--journal", sys.argv[1], "run"]))
"""
BASELINE = 'import pygame; print("first frame", flush=True)'
TARGET = 5.5
"""The first frame within this many times the baseline (issue 46), on any machine."""


def timed(code: str, *args: str) -> float:
    """Seconds from before the process starts to its "first frame" line."""
    environ = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        "PYTHONPATH": str(ROOT),
    }
    begin = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        env=environ,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert child.stdout is not None
    for line in child.stdout:
        if line.startswith("first frame"):
            seconds = time.perf_counter() - begin
            break
    else:
        raise SystemExit(f"no first frame (exit {child.wait()})")
    child.wait(60)
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--quick", action="store_true", help="2 runs")
    args = parser.parse_args()
    runs = 2 if args.quick else args.runs
    box: list[float] = []
    bare: list[float] = []
    for _run in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            box.append(timed(FIRST_FRAME, str(Path(folder) / "journal.sqlite3")))
        bare.append(timed(BASELINE))
    first, pygame_only = statistics.median(box), statistics.median(bare)
    print(f"runs: {runs} (medians; empty journal, dummy video driver)")
    print(f"process start to `import pygame` done: {pygame_only * 1000:7.1f} ms  (baseline)")
    print(f"process start to the box's first frame: {first * 1000:7.1f} ms")
    print(f"the box's own start above the baseline: {(first - pygame_only) * 1000:7.1f} ms")
    print(f"first frame / baseline: {first / pygame_only:5.2f}x  (target: within {TARGET}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

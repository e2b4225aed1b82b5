"""CPU, start-up time and memory of the table app, against a plain 60 fps loop.

Runs in a child process (so start-up is measured from a cold interpreter):

- time from the process's start to the first presented frame;
- resident memory (VmRSS) once the Gambit 7 board is up;
- CPU used by the app's real loop (`App.run`) for a few seconds idle on the Gambit 7
  board, then while the sand timer animates; each beside the same scene redrawn by a
  plain fixed 60 fps loop (`clock.tick(60)`), measured in the same run.

    python bench/idle_cpu.py [--seconds 5] [--size 800x480]
    python bench/idle_cpu.py --quick    # 1 s each: for CI

With SDL_VIDEODRIVER=dummy (the default here) presenting a frame costs almost
nothing; on the Pi's display the fixed loop pays for 60 presents a second as well.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import json, os, sys, tempfile, threading, time
sys.path.insert(0, {root!r})
import pygame
from pi_app.config import Config
from pi_app.display.app import build_app
from pi_app.display.scene import NewGame, Play, StartTimer
from pi_app.table import Journal

seconds = {seconds}
size = {size!r}
pygame.display.init()
pygame.font.init()
folder = tempfile.mkdtemp()
config = Config()
config.values["journal"] = os.path.join(folder, "j.sqlite3")
app = build_app(config.values, journal=Journal(config.journal_path), size=size)
app.open_window()
app.step([])
print("frame", flush=True)

app.execute(NewGame("gambit7", ("Alice", "Bruno", "Chloé", "Dimitri"), {{}}))
for notation in ('answer "Alice" 28 fr', 'answer "Bruno" 25 fr', 'answer "Chloé" 25 fr',
                 'answer "Dimitri" 23 fr', 'bet "Alice" [25, 25]'):
    app.execute(Play(notation))
app.step([])

def rss_mb():
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0

def measure_app(with_timer):
    if with_timer:
        app.execute(StartTimer("bets", seconds + 5))
    app.running = True
    stop = threading.Timer(seconds, lambda: pygame.event.post(pygame.event.Event(pygame.QUIT)))
    wall, cpu, frames = time.monotonic(), time.process_time(), app.painter.frames
    stop.start()
    app.run()
    wall, cpu = time.monotonic() - wall, time.process_time() - cpu
    app.show.timer = None
    app.dirty = True
    return 100 * cpu / wall, (app.painter.frames - frames) / wall

def measure_fixed(with_timer):
    if with_timer:
        app.execute(StartTimer("bets", seconds + 5))
    clock = pygame.time.Clock()
    wall, cpu, frames = time.monotonic(), time.process_time(), 0
    end = wall + seconds
    while time.monotonic() < end:
        pygame.event.get()
        app.dirty = True
        app.render()
        clock.tick(60)
        frames += 1
    wall, cpu = time.monotonic() - wall, time.process_time() - cpu
    app.show.timer = None
    app.dirty = True
    return 100 * cpu / wall, frames / wall

app.box.cues.sounds = type("Silent", (), {{"play": lambda self, name: None}})()
result = {{"rss_mb": rss_mb()}}
result["idle_app"] = measure_app(False)
result["idle_fixed"] = measure_fixed(False)
result["timer_app"] = measure_app(True)
result["timer_fixed"] = measure_fixed(True)
print(json.dumps(result), flush=True)
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--size", default="800x480", choices=("800x480", "480x320"))
    parser.add_argument("--quick", action="store_true", help="1 s each: for CI")
    args = parser.parse_args()
    if args.quick:
        args.seconds = 1.0
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    code = CHILD.format(root=str(ROOT), seconds=args.seconds, size=args.size)
    started = time.monotonic()
    child = subprocess.Popen(
        [sys.executable, "-c", code],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        stderr=subprocess.DEVNULL,
    )
    assert child.stdout is not None
    first = child.stdout.readline()
    first_frame = time.monotonic() - started
    assert first.strip() == "frame", first
    result = json.loads(child.stdout.readline())
    child.wait()
    print(
        f"table app, {args.size}, SDL_VIDEODRIVER={env['SDL_VIDEODRIVER']}, "
        f"{args.seconds:g} s per measure"
    )
    print(f"  start to first frame     {first_frame:.3f} s   (target <= 1 s)")
    print(f"  resident memory          {result['rss_mb']:.1f} MB  (target <= 80 MB)")
    for key, label, target in (
        ("idle", "Gambit 7 board, idle", 1),
        ("timer", "sand timer running", 10),
    ):
        app_cpu, app_fps = result[f"{key}_app"]
        fixed_cpu, fixed_fps = result[f"{key}_fixed"]
        print(
            f"  {label:24} app {app_cpu:5.2f} % CPU ({app_fps:4.1f} frames/s, target "
            f"<= {target} %)   fixed 60 fps loop {fixed_cpu:5.2f} % ({fixed_fps:4.1f} f/s)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Bell latency: from the bell pin's edge to the presented frame that shows STOP.

The real path: a gpiozero MockFactory pin is driven low from another thread while the
app's loop sleeps (`wait_events`, as in `App.run`); the bell's debouncer and listener post the
press to pygame's queue; the loop wakes, the Cambio scene answers with STOP, and the
frame is presented (display flip). 200 presses; prints p50 and p99 in milliseconds.

    python bench/bell_latency.py [--presses 200] [--size 800x480]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame
from gpiozero.pins.mock import MockFactory

from pi_app.config import Config
from pi_app.devices.pinout import load_pinout
from pi_app.devices.ring import MockRing
from pi_app.display.app import (
    BLOCKING_DRIVERS,
    App,
)
from pi_app.display.devices import open_for_display
from pi_app.display.intents import Press, wait_events
from pi_app.display.scene import NewGame, Scene
from pi_app.table import Journal


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--size", default="800x480", choices=("800x480", "480x320"))
    args = parser.parse_args()

    folder = tempfile.mkdtemp()
    config = Config()
    config.values.update(hardware="pi", journal=str(Path(folder) / "j.sqlite3"))
    factory = MockFactory()
    devices = open_for_display(config.values, factory, ring_backend=MockRing())
    pin = factory.pin(load_pinout("").bell)

    pygame.display.init()
    pygame.font.init()
    app = App(config.values, journal=Journal(config.journal_path), size=args.size)
    app.open_window()
    assert devices.ring is not None
    app.ring = devices.ring
    app.on_listen = devices.listen_bell
    app.execute(NewGame("cambio", ("Ana", "Ben", "Cléo", "Dan"), {}))
    for target in ("deal", "open"):
        app.feed(Press(target))
    app.step([])

    shown_at: list[float] = []

    def presented(scene: Scene) -> None:
        if scene.name == "cambio-stop":
            shown_at.append(time.perf_counter())

    app.on_present = presented
    latencies: list[float] = []
    blocking = pygame.display.get_driver() in BLOCKING_DRIVERS
    for _ in range(args.presses):
        assert app.scene.name == "cambio-trading", app.scene.name
        pushed: list[float] = []

        def push(stamps: list[float] = pushed) -> None:
            time.sleep(0.005)  # the loop is asleep by now
            stamps.append(time.perf_counter())
            pin.drive_low()

        thread = threading.Thread(target=push)
        shown_at.clear()
        thread.start()
        deadline = time.monotonic() + 2.0
        while not shown_at and time.monotonic() < deadline:
            app.step(wait_events(app.wait_ms(), blocking))
        thread.join()
        assert shown_at, "STOP was never shown"
        latencies.append((shown_at[0] - pushed[0]) * 1000)
        pin.drive_high()
        time.sleep(0.06)  # the bell's contact stays open past the debounce quiet time
        app.feed(Press("resume"))
        app.step([])

    devices.close()
    app.journal.close()
    print(
        f"bell to STOP frame over {len(latencies)} presses ({args.size}, "
        f"SDL_VIDEODRIVER={os.environ['SDL_VIDEODRIVER']}):"
    )
    print(f"  p50 {statistics.median(latencies):.2f} ms")
    print(f"  p99 {percentile(latencies, 0.99):.2f} ms")
    print(f"  max {max(latencies):.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

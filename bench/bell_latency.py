"""Bell latency: from the bell pin's edge to the presented frame that shows STOP.

The real path: a gpiozero MockFactory pin is driven low from another thread while the
app's loop sleeps (`wait_events`, as in `App.run`); the bell's debouncer and listener post the
press to pygame's queue; the loop wakes, the Cambio scene answers with STOP, and the
frame is presented (display flip). 200 presses; prints p50, p99 and max in milliseconds.
The bell is an event of the table, so it goes to the journal too; the journal writes on
its own thread and the frame never waits for it.

`--slow-fsync MS` measures twice, in two fresh processes: once as is and once with
every fsync and fdatasync made MS milliseconds slower (as on a Pi's SD card, through the
preload library of `slow_fsync.py`), and prints both side by side. Target: p99 under
16.7 ms (one 60 Hz frame) in both.

`--phones N` measures with N phones connected to the box's phone server (in another
process), each receiving the new state of every bell: the web side must not delay
the frame either.

`--speech` measures twice in the same run, once silent and once while the box speaks:
before each press a sentence never said before is queued, so espeak-ng renders it on a
worker and the mixer (SDL's dummy audio driver here) plays it while the bell rings; the
STOP itself is said too. Both columns are printed side by side: the bell's STOP must
not be later for speaking (speech starts after the frame).

`--baseline REF` measures the same way, in the same run, the box as it was at the git
commit REF (checked out beside, its own bench run on its own code), and prints its
columns beside this tree's: a figure is only ever read beside a baseline taken on the
same machine at the same time.

    python bench/bell_latency.py [--presses 200] [--size 800x480] [--slow-fsync 20]
                                 [--phones 8] [--baseline 0f9e1d3]
    python bench/bell_latency.py --speech [--quick]  # silent beside speaking
    python bench/bell_latency.py --quick    # 20 presses: seconds, for CI
"""

from __future__ import annotations

import argparse
import json
import os
import select
import statistics
import subprocess
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
from pi_app.display.app import BLOCKING_DRIVERS, App, build_app
from pi_app.display.devices import open_for_display
from pi_app.display.intents import Press, wait_events
from pi_app.display.phones_panel import PhonesPanel
from pi_app.display.scene import NewGame, Scene
from pi_app.table import Journal

ROOT = Path(__file__).resolve().parents[1]


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


FRAME_MS = 1000 / 60


def summary(latencies: list[float]) -> dict[str, float]:
    return {
        "p50": statistics.median(latencies),
        "p99": percentile(latencies, 0.99),
        "max": max(latencies),
    }


SPECTATORS = r"""
import asyncio, sys
import aiohttp

async def main(url, secret, count):
    async with aiohttp.ClientSession(url) as session:
        sockets = []
        for _ in range(count):
            socket = await session.ws_connect("/ws")
            await socket.send_json({"type": "hello", "secret": secret})
            await socket.receive()
            sockets.append(socket)
        print("connected", flush=True)
        await asyncio.gather(*(drain(s) for s in sockets))

async def drain(socket):
    async for _ in socket:
        pass

asyncio.run(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
"""


def phone_server() -> tuple[PhonesPanel, int]:
    """The box's phone server on a free port, and the panel the app serves it through."""
    from pi_app.box.seats import SeatBook
    from pi_app.web.hub import Hub
    from pi_app.web.server import PhoneServer

    hub = Hub(SeatBook(None))
    port = PhoneServer(hub, host="127.0.0.1", port=0).start()
    return PhonesPanel(hub, lambda secret: [f"http://127.0.0.1:{port}/j/{secret}"]), port


def connect_phones(app: App, port: int, count: int) -> subprocess.Popen[str]:
    """`count` phones following the game from a child, through the app's server."""
    app.step([])
    assert app.table is not None and app.phones is not None
    secret = app.phones.hub.secret_for(app.table.game_id)
    url = f"http://127.0.0.1:{port}"
    phones = subprocess.Popen(
        [sys.executable, "-c", SPECTATORS, url, secret, str(count)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert phones.stdout is not None
    while True:  # the app serves while the phones connect
        app.step(wait_events(20, False))
        if select.select([phones.stdout], [], [], 0)[0]:
            assert phones.stdout.readline().strip() == "connected"
            return phones


SENTENCE = "Quelle distance à vol d'oiseau entre Managua et Tijuana, en kilomètres ? Essai {n}."
"""What the box says before each press of the speaking run (never twice the same)."""


def speak(app: App, number: int) -> None:
    """Queue a sentence never rendered before and hand it to the jobs (as after a frame):
    espeak-ng renders it, then the mixer plays it, while the bell is pressed."""
    from pi_app.effects.voice.words import Line

    app.box.voice.say(Line("bench", SENTENCE.format(n=number), "fr"))
    app.box.publish()


def measure(args: argparse.Namespace, speaking: bool = False) -> tuple[list[float], list[float]]:
    """Bell-to-STOP and bell-to-disk times of `args.presses` presses, in milliseconds
    (`speaking`: while the box speaks)."""
    folder = tempfile.mkdtemp()
    config = Config()
    config.values.update(hardware="pi", journal=str(Path(folder) / "j.sqlite3"))
    factory = MockFactory()
    devices = open_for_display(config.values, factory, ring_backend=MockRing())
    pin = factory.pin(load_pinout("").bell)

    pygame.display.init()
    pygame.font.init()
    panel, port = phone_server() if args.phones else (None, 0)
    app = build_app(
        config.values,
        journal=Journal(config.journal_path),
        size=args.size,
        ring=devices.ring,
        on_listen=devices.listen_bell,
        phones=panel,
    )
    app.open_window()
    if speaking:
        app.box.open_audio()
        if app.box.voice.player is None:  # no mixer: the renderings still run beside
            from pi_app.effects.voice.players import RecordingSpeech

            app.box.voice.player = RecordingSpeech()
    app.execute(NewGame("cambio", ("Ana", "Ben", "Cléo", "Dan"), {}))
    phones = connect_phones(app, port, args.phones) if args.phones else None
    for target in ("deal", "open"):
        app.feed(Press(target))
    app.step([])

    shown_at: list[float] = []

    def presented(scene: Scene) -> None:
        if scene.name == "cambio-stop":
            shown_at.append(time.perf_counter())

    app.on_present = presented
    latencies: list[float] = []
    on_disk: list[float] = []
    durable_at: list[tuple[int, float]] = []
    app.journal.on_durable(lambda ticket: durable_at.append((ticket, time.perf_counter())))
    blocking = pygame.display.get_driver() in BLOCKING_DRIVERS
    for number in range(args.presses):
        assert app.scene.name == "cambio-trading", app.scene.name
        if speaking:
            speak(app, number)
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
        app.journal.flush()
        assert app.table is not None
        ticket = app.table.ticket  # the bell's event: when did its commit return?
        on_disk.append((min(at for t, at in durable_at if t >= ticket) - pushed[0]) * 1000)
        pin.drive_high()
        time.sleep(0.06)  # the bell's contact stays open past the debounce quiet time
        app.feed(Press("resume"))
        app.step([])

    devices.close()
    if phones is not None:
        phones.kill()
    app.journal.close()
    return latencies, on_disk


def side_by_side(args: argparse.Namespace) -> int:
    """Run the measure in child processes, normal and with slow fsyncs, for this tree
    and (`--baseline`) the one at a commit; print every column side by side."""
    from bench.slow_fsync import environ

    with tempfile.TemporaryDirectory() as folder:
        trees = [("", ROOT)]
        if args.baseline:
            trees.append((f"{args.baseline[:7]} ", _checked_out(args.baseline, Path(folder))))
        slow = environ(args.slow_fsync, Path(folder)) if args.slow_fsync else None
        runs = {}
        for label, tree in trees:
            for name, env in (("normal", dict(os.environ)), (f"fsync +{args.slow_fsync:g}", slow)):
                if env is not None:
                    runs[f"{label}{name}"] = _measured(args, tree, env)
        if args.baseline:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", trees[1][1]])
    with_phones = f", {args.phones} phones connected" if args.phones else ""
    print(f"bell to STOP frame over {args.presses} presses ({args.size}{with_phones}), ms:")
    print(f"  {'':<12}" + "".join(f"{name:>20}" for name in runs))
    for key in ("p50", "p99", "max", "on disk p50", "on disk p99"):
        print(f"  {key:<12}" + "".join(f"{run[key]:>20.2f}" for run in runs.values()))
    baseline = args.baseline[:7] if args.baseline else None
    mine = max(run["p99"] for name, run in runs.items() if not baseline or baseline not in name)
    verdict = "within" if mine < FRAME_MS else "OVER"
    print(f"  this tree's worst p99 {mine:.2f} ms: {verdict} one frame")
    return 0


def _checked_out(ref: str, folder: Path) -> Path:
    """The tree of commit `ref`, checked out under `folder` (a worktree of this one)."""
    tree = folder / "baseline"
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), ref],
        check=True,
        capture_output=True,
    )
    return tree


def _measured(args: argparse.Namespace, tree: Path, env: dict[str, str]) -> dict[str, float]:
    """The figures of one child's measure, on the code of `tree`."""
    command = [sys.executable, str(tree / "bench" / "bell_latency.py"), "--json"]
    command += ["--presses", str(args.presses), "--size", args.size, "--phones", str(args.phones)]
    env = {**env, "PYTHONPATH": str(tree)}
    done = subprocess.run(command, env=env, cwd=tree, capture_output=True, text=True, check=True)
    figures: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return figures


def beside_speech(args: argparse.Namespace) -> int:
    """The presses measured silent, then while the box speaks, in this one run."""
    from pi_app.effects.voice.render import synthesiser

    runs = {"silent": measure(args)[0]}
    if synthesiser() is None:
        print("espeak-ng is not installed: the speaking column is not measured")
    else:
        runs["speaking"] = measure(args, speaking=True)[0]
    print(f"bell to STOP frame over {args.presses} presses ({args.size}), ms:")
    print(f"  {'':<6}" + "".join(f"{name:>12}" for name in runs))
    figures = {name: summary(latencies) for name, latencies in runs.items()}
    for key in ("p50", "p99", "max"):
        print(f"  {key:<6}" + "".join(f"{run[key]:>12.2f}" for run in figures.values()))
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--size", default="800x480", choices=("800x480", "480x320"))
    parser.add_argument(
        "--slow-fsync", type=float, metavar="MS", help="also measure with fsyncs MS ms slower"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--phones", type=int, default=0, help="phones connected meanwhile")
    parser.add_argument("--quick", action="store_true", help="20 presses: seconds, for CI")
    parser.add_argument("--baseline", metavar="REF", help="also measure the box at commit REF")
    parser.add_argument(
        "--speech", action="store_true", help="also measure while the box speaks, in this run"
    )
    args = parser.parse_args()
    if args.quick:
        args.presses = 20
    if args.slow_fsync or args.baseline:
        return side_by_side(args)
    if args.speech:
        return beside_speech(args)
    latencies, on_disk = measure(args)
    figures = summary(latencies)
    figures.update({f"on disk {k}": v for k, v in summary(on_disk).items() if k != "max"})
    if args.json:
        print(json.dumps(figures))
        return 0
    print(
        f"bell to STOP frame over {len(latencies)} presses ({args.size}, "
        f"SDL_VIDEODRIVER={os.environ['SDL_VIDEODRIVER']}):"
    )
    for key, value in figures.items():
        print(f"  {key} {value:.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Phones at the table: 7 seats and 10 spectators on the box's phone server.

The table app runs its real loop (dummy display) with a Gambit 7 game for 7 seats. A
second process plays the phones (aiohttp websockets), so that the box's memory is the
box's alone. One run prints, beside the same figures without phones:

- the idle CPU of the table app (process CPU time over wall time, seconds of quiet);
- the box's resident memory, and what the server and 17 connections add;
- the time from a phone's submit to the box's presented frame showing it (p50/p99),
  over the 7 answers and then bets replaced one after another.

Targets: p99 under 100 ms; idle CPU under 1 % of a core; under 25 MB added memory.

    python bench/phones.py [--bets 120] [--idle 5]
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
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SEATS = ("Ana", "Ben", "Cléo", "Dan", "Eli", "Fay", "Gus")
SPECTATORS = 10

CLIENTS = r"""
import asyncio, json, sys, time
import aiohttp

url, secret, seats = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
spectators, bets = int(sys.argv[4]), int(sys.argv[5])

async def state(socket):
    while True:
        message = json.loads((await socket.receive()).data)
        if message["type"] == "state":
            return message["view"]

async def reply(socket):
    while True:
        message = json.loads((await socket.receive()).data)
        if message["type"] == "reply":
            return message

async def main():
    async with aiohttp.ClientSession(url) as session:
        phones = {}
        for seat in seats:
            async with session.post("/api/claim", json={"secret": secret, "seat": seat}) as answer:
                token = (await answer.json())["token"]
            socket = await session.ws_connect("/ws")
            await socket.send_json({"type": "hello", "token": token})
            await state(socket)
            phones[seat] = socket
        watchers = []
        for _ in range(spectators):
            socket = await session.ws_connect("/ws")
            await socket.send_json({"type": "hello", "secret": secret})
            await state(socket)
            watchers.append(socket)
        drains = [asyncio.create_task(drain(s)) for s in watchers]
        print("connected", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        submits = []
        for index, seat in enumerate(seats):
            submits.append(time.monotonic())
            typed = str(100 + 10 * index)
            await phones[seat].send_json({"type": "answer", "typed": typed, "locale": "fr"})
            answer = await reply(phones[seat])
            assert answer["ok"], answer
        targets = [str(100 + 10 * i) for i in range(len(seats))]
        for n in range(bets):
            await asyncio.sleep(0.04)  # each phone well under the server's 5 messages a second
            seat = seats[n % len(seats)]
            submits.append(time.monotonic())
            await phones[seat].send_json({"type": "bet", "chips": [targets[n % len(targets)]]})
            answer = await reply(phones[seat])
            assert answer["ok"], answer
        print(json.dumps(submits), flush=True)
        for task in drains:
            task.cancel()

async def drain(socket):
    async for _ in socket:
        pass

asyncio.run(main())
"""


def rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def idle_cpu(app: object, seconds: float) -> float:
    """Percent of one core the app's loop uses while nothing happens."""
    from pi_app.display.intents import wait_events

    wall, cpu = time.monotonic(), time.process_time()
    while time.monotonic() - wall < seconds:
        app.step(wait_events(min(app.wait_ms(), 200), False))  # type: ignore[attr-defined]
    return 100 * (time.process_time() - cpu) / (time.monotonic() - wall)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bets", type=int, default=120)
    parser.add_argument("--idle", type=float, default=5.0)
    args = parser.parse_args()

    from pi_app.display.demo import make_app
    from pi_app.display.intents import wait_events
    from pi_app.display.scene import NewGame

    folder = Path(tempfile.mkdtemp())
    app = make_app("800x480", folder / "journal.sqlite3", time.monotonic, {})  # type: ignore[arg-type]
    app.execute(NewGame("gambit7", SEATS, {}))
    app.step([])
    cpu_without = idle_cpu(app, args.idle)
    rss_without = rss_mb()

    from pi_app.web.hub import Hub  # imported here: aiohttp's memory counts as added
    from pi_app.web.seats import SeatBook
    from pi_app.web.server import PhoneServer

    hub = Hub(SeatBook(folder / "phones.json"))
    server = PhoneServer(hub, host="127.0.0.1", port=0)
    port = server.start()
    app.attach_phones(hub, lambda secret: f"http://127.0.0.1:{port}/j/{secret}")
    app.step([])
    secret = hub.seats.game(app.table.game_id)
    shown: dict[int, float] = {}

    def events() -> int:
        return len(app.table.timeline.actions)

    app.on_present = lambda _scene: shown.setdefault(events(), time.monotonic())
    clients = subprocess.Popen(
        [
            sys.executable,
            "-c",
            CLIENTS,
            f"http://127.0.0.1:{port}",
            secret,
            json.dumps(SEATS),
            str(SPECTATORS),
            str(args.bets),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert clients.stdout is not None and clients.stdin is not None

    def serve_until_line() -> str:
        while True:
            ready, _, _ = select.select([clients.stdout], [], [], 0)
            if ready:
                return clients.stdout.readline().strip()  # type: ignore[union-attr]
            app.step(wait_events(min(app.wait_ms(), 50), False))

    assert serve_until_line() == "connected"
    cpu_with = idle_cpu(app, args.idle)
    rss_with = rss_mb()
    base = events()
    clients.stdin.write("go\n")
    clients.stdin.flush()
    submits = json.loads(serve_until_line())
    clients.wait(30)
    latencies = [
        (shown[base + k + 1] - submitted) * 1000
        for k, submitted in enumerate(submits)
        if base + k + 1 in shown
    ]
    server.stop()
    app.journal.close()

    print(f"phones: {len(SEATS)} seats and {SPECTATORS} spectators, Gambit 7, 800x480")
    print(f"  {'':<28}{'without phones':>16}{'with phones':>14}")
    print(f"  {'idle CPU, % of a core':<28}{cpu_without:>16.2f}{cpu_with:>14.2f}")
    print(
        f"  {'resident memory, MB':<28}{rss_without:>16.1f}{rss_with:>14.1f}"
        f"   (+{rss_with - rss_without:.1f} MB)"
    )
    print(
        f"  submit to frame over {len(latencies)} of {len(submits)} events: "
        f"p50 {statistics.median(latencies):.1f} ms, p99 {percentile(latencies, 0.99):.1f} ms, "
        f"max {max(latencies):.1f} ms"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Phones at the table: 6 seats and 10 spectators on the box's phone server, then attacked.

The table app runs its real loop (dummy display) with a Gambit 7 game for 7 seats. A
second process plays the phones (aiohttp websockets), so that the box's memory is the
box's alone. One run prints, beside the same figures without phones:

- the idle CPU of the table app (process CPU time over wall time, seconds of quiet);
- the box's resident memory, and what the server and 16 connections add;
- the time from a phone's submit to the box's presented frame showing it (p50/p99),
  over the 6 answers and then bets replaced one after another: quiet, then
- the same while a third process attacks: 500 idle sockets held open (half-sent
  requests from 25 addresses of 127.0.0.0/8, opened again as the box cuts them off)
  and the seventh seat's phone flooding messages (reconnecting when cut off); with the
  box's memory at the end of the attack;
- the time from a tap to 8 players' phones showing it (p50/p99): the host's tap on the
  host's phone (its websocket, `/host/ws`: undo the last bet, redo it), beside the same
  tap on the box's screen.

Targets: p99 under 100 ms, quiet and attacked; idle CPU under 1 % of a core; under
25 MB added memory, attack included.

    python bench/phones.py [--bets 120] [--idle 5] [--idle-sockets 500] [--taps 40]
    python bench/phones.py --quick    # 10 bets, 50 idle sockets, 6 taps: for CI
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
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SEATS = ("Ana", "Ben", "Cléo", "Dan", "Eli", "Fay", "Gus")
PHONES = SEATS[:-1]  # the seventh seat's phone is the attacker's
SPECTATORS = 10
HOSTED_PHONES = 8  # the phones that follow the host's taps (the HOST helper's)

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
        await go()
        submits = []
        for index, seat in enumerate(seats):
            submits.append(time.monotonic())
            typed = str(100 + 10 * index)
            await phones[seat].send_json({"type": "answer", "typed": typed, "locale": "fr"})
            answer = await reply(phones[seat])
            assert answer["ok"], answer
        print(json.dumps(submits), flush=True)
        targets = [str(100 + 10 * i) for i in range(len(seats))]
        for _phase in ("quiet", "attacked"):
            await go()
            submits = []
            for n in range(bets):
                await asyncio.sleep(0.04)  # each phone well under 5 messages a second
                seat = seats[n % len(seats)]
                submits.append(time.monotonic())
                chips = [targets[n % len(targets)]]
                await phones[seat].send_json({"type": "bet", "chips": chips})
                answer = await reply(phones[seat])
                assert answer["ok"], answer
            print(json.dumps(submits), flush=True)
        for task in drains:
            task.cancel()

async def go():
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)

async def drain(socket):
    async for _ in socket:
        pass

asyncio.run(main())
"""


ATTACK = r"""
import asyncio, sys, time
import aiohttp

port, secret, token = int(sys.argv[1]), sys.argv[2], sys.argv[3]
idle, addresses = int(sys.argv[4]), 25
cut = 0  # idle sockets the box closed
sent = 0  # flood messages

async def hold(source):
    global cut
    while True:
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(source, 0))
            writer.write(b"GET /play HTTP/1.1\r\nHost: box\r\nX-Slow: ")
            await writer.drain()
            await reader.read()  # until the box cuts it off
            writer.close()
        except OSError:
            await asyncio.sleep(0.2)
        cut += 1

async def flood():
    global sent
    async with aiohttp.ClientSession(f"http://127.0.0.1:{port}") as session:
        while True:
            try:
                socket = await session.ws_connect("/ws")
                await socket.send_json({"type": "hello", "token": token})
                while not socket.closed:
                    await socket.send_str('{"type": "bet", "chips": ["1e5000"]}')
                    sent += 1
                    await asyncio.sleep(0)
            except (aiohttp.ClientError, ConnectionError):
                await asyncio.sleep(0.05)

async def main():
    sources = [f"127.0.2.{1 + n % addresses}" for n in range(idle)]
    tasks = [asyncio.create_task(hold(source)) for source in sources]
    tasks.append(asyncio.create_task(flood()))
    await asyncio.sleep(1)
    print("attacking", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    print(cut, sent, flush=True)

asyncio.run(main())
"""


HOST = r"""
import asyncio, json, sys, time
import aiohttp

url, secret, key = sys.argv[1], sys.argv[2], sys.argv[3]
taps, count = int(sys.argv[4]), int(sys.argv[5])

async def seen_by_all(phones, after):
    # when each phone first got a state past version `after`
    async def one(socket):
        while True:
            message = json.loads((await socket.receive()).data)
            if message["type"] == "state" and message.get("version", 0) > after:
                return time.monotonic(), message["version"]
    found = await asyncio.gather(*(one(socket) for socket in phones))
    return [when for when, _ in found], max(version for _, version in found)

async def host_message(host, after):
    while True:
        message = json.loads((await host.receive()).data)
        if message["type"] == "host" and message["step"] is not None and message["step"] > after:
            return message

async def main():
    async with aiohttp.ClientSession(url) as session:
        phones, version = [], 0
        for _ in range(count):
            socket = await session.ws_connect("/ws")
            await socket.send_json({"type": "hello", "secret": secret})
            while True:
                message = json.loads((await socket.receive()).data)
                if message["type"] == "state":
                    version = max(version, message.get("version", 0))
                    break
            phones.append(socket)
        host = await session.ws_connect("/host/ws")
        await host.send_json({"type": "hello", "key": key})
        shown = await host_message(host, -1)
        print("connected", flush=True)
        await go()
        latencies = []
        for n in range(taps):  # the host's taps: undo the last bet, redo it
            await asyncio.sleep(0.25)  # a host taps well under 5 times a second
            kind = "undo" if n % 2 == 0 else "redo"
            tapped = time.monotonic()
            await host.send_json({"type": kind, "id": str(n), "game": shown["game_id"],
                                  "step": shown["step"], "lang": "en"})
            seen, version = await seen_by_all(phones, version)
            latencies += [(when - tapped) * 1000 for when in seen]
            shown = await host_message(host, shown["step"])
        print(json.dumps(latencies), flush=True)
        for _ in range(taps):  # the taps on the box's screen: when each phone saw each
            seen, version = await seen_by_all(phones, version)
            print(json.dumps(seen), flush=True)

async def go():
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)

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


class Box:
    """The table app's loop, served between lines from the helper processes."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.shown: dict[int, float] = {}  # event count -> when a frame first showed it
        app.on_present = lambda _scene: self.shown.setdefault(self.events(), time.monotonic())

    def events(self) -> int:
        return len(self.app.table.timeline.actions)

    def serve_until_line(self, process: subprocess.Popen[str]) -> str:
        """Run the loop until `process` prints a line; that line."""
        from pi_app.display.intents import wait_events

        assert process.stdout is not None
        while True:
            ready, _, _ = select.select([process.stdout], [], [], 0)
            if ready:
                return process.stdout.readline().strip()
            self.app.step(wait_events(min(self.app.wait_ms(), 50), False))

    def taps(self, hosting: subprocess.Popen[str], count: int) -> tuple[list[float], list[float]]:
        """The host's taps, then as many on the box's screen (undo the last bet, redo
        it): each tap's time to each player's phone, in ms."""
        from pi_app.display.intents import Press
        from pi_app.display.targets import Button

        say(hosting, "go")
        by_host = [float(ms) for ms in json.loads(self.serve_until_line(hosting))]
        on_screen: list[float] = []
        for n in range(count):
            tapped = time.monotonic()
            self.app.feed(Press(Button.UNDO if n % 2 == 0 else Button.REDO))
            seen = json.loads(self.serve_until_line(hosting))
            on_screen += [(when - tapped) * 1000 for when in seen]
        return by_host, on_screen

    def phase(self, clients: subprocess.Popen[str]) -> list[float]:
        """Let the phones play one phase; each event's submit-to-frame time, in ms."""
        base = self.events()
        say(clients, "go")
        submits = json.loads(self.serve_until_line(clients))
        return [
            (self.shown[base + k + 1] - submitted) * 1000
            for k, submitted in enumerate(submits)
            if base + k + 1 in self.shown
        ]


def say(process: subprocess.Popen[str], line: str) -> None:
    assert process.stdin is not None
    process.stdin.write(line + "\n")
    process.stdin.flush()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bets", type=int, default=120)
    parser.add_argument("--idle", type=float, default=5.0)
    parser.add_argument("--idle-sockets", type=int, default=500)
    parser.add_argument("--taps", type=int, default=40)
    parser.add_argument("--quick", action="store_true", help="10 bets, 50 idle sockets, for CI")
    args = parser.parse_args()
    if args.quick:
        args.bets, args.idle, args.idle_sockets, args.taps = 10, 1.0, 50, 6

    from pi_app.box.actors import phone
    from pi_app.box.acts import TakeSeat
    from pi_app.display.demo import make_app
    from pi_app.display.scene import NewGame, Play

    folder = Path(tempfile.mkdtemp())
    app = make_app("800x480", folder / "journal.sqlite3", time.monotonic, {})  # type: ignore[arg-type]
    app.execute(NewGame("gambit7", SEATS, {}))
    app.step([])
    cpu_without = idle_cpu(app, args.idle)
    rss_without = rss_mb()

    from pi_app.box.seats import SeatBook
    from pi_app.display.phones_panel import PhonesPanel
    from pi_app.web.host_key import HostKey
    from pi_app.web.hub import Hub  # imported here: aiohttp's memory counts as added
    from pi_app.web.server import PhoneServer

    host_key = HostKey(folder / "host-key")
    hub = Hub(SeatBook(folder / "phones.json"), host_key)
    server = PhoneServer(hub, host="0.0.0.0", port=0)  # the attack comes from 127.0.2.x
    port = server.start()
    panel = PhonesPanel(hub, lambda secret: [f"http://127.0.0.1:{port}/j/{secret}"])
    app.journal.flush()  # the same box restarted with its phones: the game goes on
    app.journal.close()
    app = make_app("800x480", folder / "journal.sqlite3", time.monotonic, {}, phones=panel)  # type: ignore[arg-type]
    app.step([])
    secret = hub.secret_for(app.table.game_id)
    box = Box(app)
    clients = subprocess.Popen(
        [
            sys.executable,
            "-c",
            CLIENTS,
            f"http://127.0.0.1:{port}",
            secret,
            json.dumps(PHONES),
            str(SPECTATORS),
            str(args.bets),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert box.serve_until_line(clients) == "connected"
    cpu_with = idle_cpu(app, args.idle)
    rss_with = rss_mb()
    answers = box.phase(clients)
    app.session.act(Play('answer "Gus" "160" fr'))  # the seventh seat's answer, on the box
    app.session.act(Play("reveal"))  # the host turns the answers up: the bets open
    app.step([])
    quiet = box.phase(clients)
    token = app.session.act(TakeSeat("Gus", phone("Gus"))).token
    assert token is not None
    attacker = subprocess.Popen(
        [sys.executable, "-c", ATTACK, str(port), secret, token, str(args.idle_sockets)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert box.serve_until_line(attacker) == "attacking"
    attacked = box.phase(clients)
    rss_attacked = rss_mb()
    say(attacker, "stop")
    cut, sent = map(int, box.serve_until_line(attacker).split())
    attacker.kill()
    clients.wait(30)
    hosting = subprocess.Popen(
        [
            *(sys.executable, "-c", HOST, f"http://127.0.0.1:{port}", secret),
            *(host_key.current(), str(args.taps), str(HOSTED_PHONES)),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert box.serve_until_line(hosting) == "connected"
    by_host, on_screen = box.taps(hosting, args.taps)
    hosting.wait(30)
    server.stop()
    app.journal.close()

    print(f"phones: {len(PHONES)} seats and {SPECTATORS} spectators, Gambit 7, 800x480")
    print(f"  {'':<28}{'without phones':>16}{'with phones':>14}")
    print(f"  {'idle CPU, % of a core':<28}{cpu_without:>16.2f}{cpu_with:>14.2f}")
    print(
        f"  {'resident memory, MB':<28}{rss_without:>16.1f}{rss_with:>14.1f}"
        f"   (+{rss_with - rss_without:.1f} MB)"
    )
    print(f"  submit to frame, quiet, {len(answers)} answers and {len(quiet)} bets:")
    print(f"    {figures(answers + quiet)}")
    print(
        f"  under attack ({args.idle_sockets} idle sockets, cut off and reopened {cut} times;"
        f" one seat flooding, {sent} messages sent):"
    )
    print(f"    submit to frame over {len(attacked)} bets: {figures(attacked)}")
    print(
        f"    resident memory {rss_attacked:.1f} MB (+{rss_attacked - rss_without:.1f} MB"
        f" over no phones); the server refused {server.gate.refused} connections at once"
        f" and cut {server.gate.silent} off"
    )
    print(f"  a tap to the players' phones ({HOSTED_PHONES} phones), {args.taps} taps each:")
    print(f"    on the host's phone: {figures(by_host)}")
    print(f"    on the box's screen: {figures(on_screen)}")
    return 0


def figures(latencies: list[float]) -> str:
    return (
        f"p50 {statistics.median(latencies):.1f} ms, p99 {percentile(latencies, 0.99):.1f} ms, "
        f"max {max(latencies):.1f} ms"
    )


if __name__ == "__main__":
    raise SystemExit(main())

"""Ten boxes on one Mosquitto: how soon every box knows a round another box scored.

Ten tournament boxes (one per table of three, each with its own store and its own MQTT
connection, in this process) join a tournament on a real Mosquitto started on a free
local port. Rounds are scored at random tables, one after another; for each, the time
from `submit` on its box to the moment every other box's ordered state holds it is
measured (each box polled every millisecond, as the display loop would between
frames). Printed: p50, p99 and max over every (round, box) pair, and the messages
and bytes per round (publications by the boxes, deliveries to them).

Target: p99 under 200 ms here.

    python bench/tournament.py [--rounds 100] [--boxes 10]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pi_app.net.box import TournamentBox  # noqa: E402
from pi_app.net.broker import Broker, free_port  # noqa: E402
from pi_app.net.link import Link, Message  # noqa: E402
from pi_app.net.store import TournamentStore  # noqa: E402
from pi_app.rules.cambio.scoring import RoundResult  # noqa: E402

NAMES = [f"P{n:02d}" for n in range(60)]


class Counted:
    """Counts what the boxes' links send and receive."""

    published = 0
    published_bytes = 0
    delivered = 0
    delivered_bytes = 0


def count_traffic() -> None:
    publish, take = Link.publish, Link.take

    def counted_publish(self: Link, topic: str, payload: bytes, retain: bool = False) -> None:
        Counted.published += 1
        Counted.published_bytes += len(payload)
        publish(self, topic, payload, retain)

    def counted_take(self: Link) -> list[object]:
        events = take(self)
        for event in events:
            if isinstance(event, Message):
                Counted.delivered += 1
                Counted.delivered_bytes += len(event.payload)
        return list(events)

    Link.publish = counted_publish  # type: ignore[method-assign]
    Link.take = counted_take  # type: ignore[method-assign,assignment]


def wait(boxes: list[TournamentBox], done: object, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for box in boxes:
            box.poll()
        if callable(done) and done():
            return
        time.sleep(0.001)
    raise SystemExit("the boxes did not agree in time")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--boxes", type=int, default=10)
    args = parser.parse_args()
    count_traffic()
    rng = random.Random(7)
    tables = [NAMES[3 * i : 3 * i + 3] for i in range(args.boxes)]
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        broker = Broker(base / "broker", free_port(), bind="127.0.0.1")
        creator, code = TournamentBox.create(
            TournamentStore(base / "box0.sqlite3"),
            "Bench",
            tables,
            {"target": None},
            "127.0.0.1",
            broker.port,
        )
        broker.configure(creator.access())
        creator.gate = broker.grant
        broker.start()
        boxes = [creator] + [
            TournamentBox.join(
                TournamentStore(base / f"box{n}.sqlite3"), code, n, "127.0.0.1", broker.port
            )
            for n in range(1, args.boxes)
        ]
        for box in boxes:
            box.connect()
        wait(boxes, lambda: all(b.online and not b.me.joining for b in boxes), timeout=60)
        wait(boxes, lambda: all(b.online and b.ledger is not None for b in boxes))
        wait(boxes, lambda: all(b.ledger is not None and b.ledger.state for b in boxes))
        before = (
            Counted.published,
            Counted.published_bytes,
            Counted.delivered,
            Counted.delivered_bytes,
        )
        delays: list[float] = []
        worst_round: list[float] = []
        for number in range(args.rounds):
            box = boxes[rng.randrange(len(boxes))]
            seats = box.seats()
            item = box.submit(RoundResult(rng.choice(seats), "Dollar", "9"))
            sent = time.perf_counter()
            seen: dict[int, float] = {}
            others = [b for b in boxes if b is not box]

            def arrived(
                item_id: str = item.id,
                others: list[TournamentBox] = others,
                seen: dict[int, float] = seen,
                sent: float = sent,
            ) -> bool:
                now = time.perf_counter()
                for index, other in enumerate(others):
                    if (
                        index not in seen
                        and other.ledger is not None
                        and other.ledger.knows(item_id)
                    ):
                        seen[index] = now - sent
                return len(seen) == len(others)

            wait(boxes, arrived)
            if box.ledger is None or not box.ledger.knows(item.id):
                wait(boxes, lambda b=box, i=item.id: b.ledger is not None and b.ledger.knows(i))
            delays.extend(seen.values())
            worst_round.append(max(seen.values()))
            if number % 25 == 24:
                print(f"  {number + 1} rounds", file=sys.stderr)
        after = (
            Counted.published,
            Counted.published_bytes,
            Counted.delivered,
            Counted.delivered_bytes,
        )
        refused = len(creator.ledger.refused) if creator.ledger else 0
        for box in boxes:
            box.close()
        broker.stop()
    per = [(a - b) / args.rounds for a, b in zip(after, before, strict=True)]
    ms = sorted(d * 1000 for d in delays)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(
        f"{args.boxes} boxes, {args.rounds} rounds ({refused} refused as void), "
        f"{len(ms)} (round, box) arrivals"
    )
    print(
        f"  result to every other box's state, ms: p50 {statistics.median(ms):.1f}  "
        f"p99 {p99:.1f}  max {ms[-1]:.1f}   target p99 < 200"
    )
    print(
        f"  per round: {per[0]:.1f} publications ({per[1] / 1024:.1f} KiB), "
        f"{per[2]:.1f} deliveries ({per[3] / 1024:.1f} KiB)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

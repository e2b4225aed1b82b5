"""Twenty boxes on one Mosquitto: how soon every box knows a round another box scored,
and how many bytes a round costs as the tournament grows.

Twenty tournament boxes (one per table of three, each with its own store and its own
MQTT connection, in this process) join a tournament on a real Mosquitto started on a
free local port. Rounds are scored at random tables, one after another; for each, the
time from `submit` on its box to the moment every other box's ordered state holds it
is measured (each box polled every millisecond, as the display loop would between
frames). Printed: p50, p99 and max over every (round, box) pair, and the messages
and bytes per round (publications by the boxes, deliveries to them), over the whole
run and over its first and last 48 rounds: the order travels as increments, so the
last weigh what the first did.

Beside them, what the whole order would have weighed had it been published after
every round, as before (to every box: the creator subscribed to it too), computed in
the same run from the same ledger. `--baseline REF` runs the bench of an earlier
commit (the whole order published after every round) at the same sizes, after this
one, to measure its p99 as well (`git archive` of REF, run from a temporary folder).

Target: p99 under 200 ms here.

    python bench/tournament.py [--rounds 300] [--boxes 20] [--quick] [--baseline REF]
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pi_app.net import protocol as p  # noqa: E402
from pi_app.net.box import TournamentBox  # noqa: E402
from pi_app.net.broker import Broker  # noqa: E402
from pi_app.net.link import Link, Message  # noqa: E402
from pi_app.net.ports import free_port  # noqa: E402
from pi_app.net.seal import signed  # noqa: E402
from pi_app.net.store import TournamentStore  # noqa: E402
from pi_app.rules.cambio.scoring import RoundResult  # noqa: E402

NAMES = [f"P{n:02d}" for n in range(60)]
WINDOW = 48  # rounds: three pages of the order, so the open page averages out


class Counted:
    """Counts what the boxes' links send and receive."""

    published = 0
    published_bytes = 0
    delivered = 0
    delivered_bytes = 0

    @classmethod
    def now(cls) -> tuple[int, int, int, int]:
        return (cls.published, cls.published_bytes, cls.delivered, cls.delivered_bytes)


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


def boxes_on_one_broker(
    folder: Path, name: str, tables: list[list[str]]
) -> tuple[Broker, list[TournamentBox]]:
    """Mosquitto started on a free local port, and one box per table in this process,
    each with its own store in `folder`: the creator at table 0 (the broker's access
    written from it, its admissions granted by the broker), the others joining with its
    code. None is connected yet (the test of the increments counts from the start)."""
    broker = Broker(folder / "broker", free_port(), bind="127.0.0.1")
    creator, code = TournamentBox.create(
        TournamentStore(folder / "box0.sqlite3"),
        name,
        tables,
        {"target": None},
        "127.0.0.1",
        broker.port,
    )
    broker.configure(creator.access())
    creator.gate = broker.grant
    broker.start()
    joining = [
        TournamentBox.join(
            TournamentStore(folder / f"box{n}.sqlite3"), code, n, "127.0.0.1", broker.port
        )
        for n in range(1, len(tables))
    ]
    return broker, [creator, *joining]


PATIENCE = 60.0
"""Seconds before the bench gives up on the boxes agreeing: a deadline for a lost
message, never a measure (the delays are measured; a busy machine may be slow)."""


def wait(boxes: list[TournamentBox], done: object, what: str, timeout: float = PATIENCE) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for box in boxes:
            box.poll()
        if callable(done) and done():
            return
        time.sleep(0.001)
    raise SystemExit(f"the boxes did not agree within {timeout} s: {what}")


def whole_order_weight(box: TournamentBox, boxes: int) -> int:
    """The bytes the whole order would have cost this round as before: the creator's
    signed order published once and delivered to every box, the creator's included."""
    assert box.ledger is not None
    topic = p.topic(box.me.tid, "order")
    data = p.dumps(signed(box.me.tournament_key, topic, box.ledger.order().to_json()))
    return len(data) * (1 + boxes)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--boxes", type=int, default=20)
    parser.add_argument("--quick", action="store_true", help="4 boxes, 60 rounds")
    parser.add_argument("--baseline", metavar="REF", help="also run the bench of commit REF")
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.boxes = 60, 4
    run(args.rounds, args.boxes)
    if args.baseline:
        baseline(args.baseline, args.rounds, args.boxes)
    return 0


def baseline(ref: str, rounds: int, boxes: int) -> None:
    """The bench of commit `ref`, run at the same sizes from a copy of that tree."""
    tree = subprocess.run(
        ["git", "-C", str(ROOT), "archive", ref, "pi_app", "bench"],
        capture_output=True,
        check=True,
    ).stdout
    with tempfile.TemporaryDirectory() as folder:
        with tarfile.open(fileobj=io.BytesIO(tree)) as archive:
            archive.extractall(folder, filter="data")
        print(f"baseline: the bench of {ref} (the whole order after every round)", flush=True)
        command = [sys.executable, "bench/tournament.py", "--rounds", str(rounds)]
        subprocess.run([*command, "--boxes", str(boxes)], cwd=folder, check=True)


def run(rounds: int, size: int) -> None:
    count_traffic()
    rng = random.Random(7)
    tables = [NAMES[3 * i : 3 * i + 3] for i in range(size)]
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        broker, boxes = boxes_on_one_broker(base, "Bench", tables)
        try:  # Mosquitto stopped however the run ends (a wait that gives up)
            creator = boxes[0]
            for box in boxes:
                box.connect()
            wait(boxes, lambda: all(b.online and not b.me.joining for b in boxes), "joined")
            wait(boxes, lambda: all(b.online and b.ledger is not None for b in boxes), "ledgers")
            wait(
                boxes, lambda: all(b.ledger is not None and b.ledger.state for b in boxes), "states"
            )
            delays: list[float] = []
            traffic: list[tuple[int, int, int, int]] = [Counted.now()]
            whole: list[int] = []
            for number in range(rounds):
                delays.extend(one_round(boxes, rng))
                traffic.append(Counted.now())
                whole.append(whole_order_weight(creator, size))
                if number % 25 == 24:
                    print(f"  {number + 1} rounds", file=sys.stderr)
            refused = len(creator.ledger.refused) if creator.ledger else 0
        finally:
            for box in boxes:
                box.close()
            broker.stop()
    report(size, rounds, refused, delays, traffic, whole)


def one_round(boxes: list[TournamentBox], rng: random.Random) -> list[float]:
    """A round scored at a random box; the seconds until each other box holds it."""
    box = boxes[rng.randrange(len(boxes))]
    item = box.submit(RoundResult(rng.choice(box.seats()), "Dollar", "9"))
    sent = time.perf_counter()
    seen: dict[int, float] = {}
    others = [b for b in boxes if b is not box]

    def arrived() -> bool:
        now = time.perf_counter()
        for index, other in enumerate(others):
            if index not in seen and other.ledger is not None and other.ledger.knows(item.id):
                seen[index] = now - sent
        return len(seen) == len(others)

    wait(boxes, arrived, f"round {item.id} at every other box")
    if box.ledger is None or not box.ledger.knows(item.id):
        wait(boxes, lambda: box.ledger is not None and box.ledger.knows(item.id), "its own")
    return list(seen.values())


def report(
    size: int,
    rounds: int,
    refused: int,
    delays: list[float],
    traffic: list[tuple[int, int, int, int]],
    whole: list[int],
) -> None:
    ms = sorted(d * 1000 for d in delays)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(f"{size} boxes, {rounds} rounds ({refused} refused as void), {len(ms)} arrivals")
    print(
        f"  result to every other box's state, ms: p50 {statistics.median(ms):.1f}  "
        f"p99 {p99:.1f}  max {ms[-1]:.1f}   target p99 < 200"
    )
    window = min(WINDOW, rounds)
    for name, first, last in (
        ("whole run", 0, rounds),
        (f"rounds 1-{window}", 0, window),
        (f"rounds {rounds - window + 1}-{rounds}", rounds - window, rounds),
    ):
        per = [(a - b) / (last - first) for a, b in zip(traffic[last], traffic[first], strict=True)]
        kib = sum(whole[first:last]) / (last - first) / 1024
        print(
            f"  per round, {name}: {per[0]:.1f} publications ({per[1] / 1024:.1f} KiB), "
            f"{per[2]:.1f} deliveries ({per[3] / 1024:.1f} KiB); "
            f"the whole order after each round would weigh {kib:.1f} KiB"
        )


if __name__ == "__main__":
    raise SystemExit(main())

"""The tournament's Mosquitto is bounded, and the box that runs it starts it again.

Before, three clients with no password, each sending one 200 MB PUBLISH, took the
broker from 8 to 454 MB (Mosquitto reads a whole packet before its ACL refuses it):
on a 512 MB Pi the OOM killer then takes the broker or the box, and nothing restarted
the broker. Now a packet larger than the protocol's largest is cut at its header, and
a broker that dies is started again by the creating box.
"""

from __future__ import annotations

import os
import signal
import socket
import struct
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from pi_app.box.tournament import BoxTournament
from pi_app.net import protocol as p
from pi_app.net.access import DIRECTORY_PASSWORD, DIRECTORY_USER, join_user
from pi_app.net.joining import read_join_code
from pi_app.net.ports import free_port
from pi_app.rules.cambio.scoring import RoundResult
from tests.net.harness import (
    Tournament,
    agreed,
    connect_packet,
    need_mosquitto,
    remaining_length,
    wait_until,
)

TABLES = [["Ana", "Ben", "Cleo"], ["Dan", "Eve", "Fay"], ["Gus", "Hal", "Ivy"]]
FLOOD = 200 * 1024 * 1024  # bytes each client announces and tries to send
GROWTH = 64 * 1024  # KiB the broker may grow by while flooded


@pytest.fixture
def tournament(tmp_path: Path) -> Iterator[Tournament]:
    made = Tournament(tmp_path)
    yield made
    made.close()


def _connect(port: int, client: str, user: str | None = None, password: str = "") -> socket.socket:
    """A raw MQTT 3.1.1 connection (CONNECT sent, CONNACK read)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=60)
    sock.sendall(connect_packet(client, user, password))
    assert sock.recv(4)[:2] == b"\x20\x02"
    return sock


def _publish_header(topic: str, payload: int) -> bytes:
    """A QoS 1 PUBLISH's header for a payload of `payload` bytes (packet id 1)."""
    head = struct.pack(">H", len(topic)) + topic.encode() + b"\x00\x01"
    return b"\x32" + remaining_length(len(head) + payload) + head


def _flood(port: int, name: str, sent: list[int]) -> None:
    """Announce a 200 MB PUBLISH and send it, until the broker cuts the connection."""
    total = 0
    try:
        sock = _connect(port, name, DIRECTORY_USER, DIRECTORY_PASSWORD)  # anyone's account
        sock.sendall(_publish_header("tabletop/v1/t/flood/results/flood", FLOOD))
        chunk = b"x" * 65536
        while total < FLOOD:  # bounded: the 200 MB at most
            sock.sendall(chunk)
            total += len(chunk)
    except OSError:
        pass
    sent.append(total)


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def test_three_200_mb_publishes_leave_the_broker_small_and_serving(
    tournament: Tournament,
) -> None:
    one = tournament.create("one", TABLES)
    boxes = [one, tournament.join("two", 1), tournament.join("three", 2)]
    wait_until(lambda: all(b.state()["tables"] == TABLES for b in boxes), what="settings")
    assert tournament.broker.process is not None
    pid = tournament.broker.process.pid
    before = _rss_kib(pid)
    peak = [before]
    sent: list[int] = []
    floods = [
        threading.Thread(target=_flood, args=(tournament.broker.port, f"flood{n}", sent))
        for n in range(3)
    ]
    for flood in floods:
        flood.start()
    while any(flood.is_alive() for flood in floods):
        peak.append(_rss_kib(pid))
        time.sleep(0.02)
    for flood in floods:
        flood.join()
    peak.append(_rss_kib(pid))
    print(f"broker VmRSS {before} KiB, at most {max(peak)} KiB while flooded; sent {sent}")
    print(f"broker VmRSS {before} KiB, at most {max(peak)} KiB while flooded; sent {sent}")
    assert max(peak) - before < GROWTH, f"the broker grew from {before} to {max(peak)} KiB"
    assert all(total < FLOOD for total in sent), sent  # each cut before its end
    boxes[1].submit("Dan")
    one.submit("Ana")
    wait_until(agreed(boxes, 2), timeout=60, what="the tournament goes on")


def test_the_largest_packet_passes_and_one_byte_more_is_cut(tournament: Tournament) -> None:
    """`max_packet_size` is the protocol's largest publish, computed from its bounds."""
    tournament.create("one", TABLES)
    tid, join_password = read_join_code(tournament.code)
    topic = p.topic(tid, "join", "probe1234")
    largest = p.MAX_REMAINING - (2 + len(topic) + 2)  # a remaining length of MAX_REMAINING
    assert largest >= p.MAX_PAYLOAD
    for size, passes in ((largest, True), (largest + 1, False)):
        # the join code's account: its client id is its name, and no box uses it here
        sock = _connect(tournament.broker.port, f"probe{size}", join_user(tid), join_password)
        sock.sendall(_publish_header(topic, size) + b"x" * size)
        try:
            answer = sock.recv(4)
        except OSError:
            answer = b""
        sock.close()
        assert (answer[:2] == b"\x40\x02") is passes, (size, answer)


def _poll(boxes: list[BoxTournament], check: object, what: str) -> None:
    def polled() -> bool:
        for box in boxes:
            assert box.table is not None
            box.table.box.poll()
        return bool(check())  # type: ignore[operator]

    wait_until(polled, timeout=60, what=what)


def test_the_broker_killed_is_started_again_by_the_creating_box(tmp_path: Path) -> None:
    need_mosquitto()
    port = free_port()
    creator = BoxTournament({"tournament.port": port}, tmp_path / "one", lambda: None)
    joiner = BoxTournament(
        {"tournament.broker": "127.0.0.1", "tournament.port": port}, tmp_path / "two", lambda: None
    )
    try:
        made = creator.create(["Ana", "Ben", "Cleo", "Dan", "Eve", "Fay"], {"target": 1000}, 2)
        joined = joiner.join(made.box.me.tid, made.box.me.join, 1)
        both = [creator, joiner]
        _poll(both, lambda: joined.box.settings is not None and made.box.online, "joined")
        assert creator.broker is not None and creator.broker.process is not None
        first = creator.broker.process.pid
        made.box.submit(RoundResult("Ana", "Dollar", "9"))
        _poll(both, lambda: joined.box.ledger and len(joined.box.ledger.rounds) == 1, "round 1")
        os.kill(first, signal.SIGKILL)  # a crash: the OOM killer, say
        _poll(both, lambda: not joined.box.online, "box two sees the broker gone")
        joined.box.submit(RoundResult("Dan", "Yen", "9"))  # played while the broker is away
        _poll(
            both,
            lambda: made.box.ledger is not None and len(made.box.ledger.rounds) == 2,
            "the round reaches the creator through the restarted broker",
        )
        process = creator.broker.process
        assert process is not None and process.pid != first and process.poll() is None
        assert creator.broker.restarts >= 1
        _poll(both, lambda: len(joined.box.pending()) == 0, "ordered at box two")
        assert made.box.record() == joined.box.record()
    finally:
        joiner.close()
        creator.close()
        for box in (creator, joiner):
            if box.store is not None:
                box.store.close()

"""The real firmware in MicroPython's unix port on a pseudo-terminal, the Pi side on pyserial.

This is the link as it runs on the box, minus the USB cable: the Pi's `PicoLink` and
`LedRing` talk to `firmware/main.py` through a pseudo-terminal. A timer is never
reported done early (the firmware counts from elapsed time, not from sleeps), and it is
reported once. How late the report comes depends on how busy the machine is, so the
figure (50 ms at most on an idle machine, the protocol's contract) is measured by
`bench/ring_frame.py`; here it is only bounded generously.
"""

from __future__ import annotations

import queue
import random
import time
from collections.abc import Callable, Iterator

import pytest
from mpy_harness import FirmwareProcess, need_micropython

from pi_app.devices.link import PicoLink
from pi_app.devices.ring import LedRing, PicoRing
from pi_app.devices.shared import protocol

EARLY = 0.05  # a report this much before the time is a fault whatever the load
LATE = 2.0  # a busy machine may be slow to carry the report; bench/ring_frame.py measures it
Events = queue.Queue[tuple[str, list[int], float]]


def on_time(took: float, seconds: float) -> bool:
    """Done not early, and not lost: the report came within the generous bound."""
    return -EARLY <= took - seconds <= LATE


def wait_for(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "condition not met in time"
        time.sleep(0.005)


class Bench:
    """A firmware process (replaceable), a link that follows it, a ring, the events seen."""

    def __init__(self, keep_master: bool = False) -> None:
        self.keep_master = keep_master
        self.firmware = FirmwareProcess(keep_master)
        self.link = PicoLink(lambda: self.firmware.path, reconnect_delay=0.02)
        self.ring = LedRing(PicoRing(self.link))
        self.events: Events = queue.Queue()
        self.done: list[int] = []
        self.link.on_event(lambda kind, args: self.events.put((kind, args, time.monotonic())))
        self.ring.on_timer_done(self.done.append)
        self.link.start()
        wait_for(lambda: self.link.up)

    def unplug(self) -> None:
        self.firmware.stop()
        wait_for(lambda: not self.link.up)

    def plug(self) -> None:
        self.firmware = FirmwareProcess(self.keep_master)

    def next_event(self, timeout: float = 6.0) -> tuple[str, list[int], float]:
        return self.events.get(timeout=timeout)

    def close(self) -> None:
        self.ring.close()
        self.firmware.stop()


@pytest.fixture
def bench() -> Iterator[Bench]:
    need_micropython()
    made = Bench()
    yield made
    made.close()


@pytest.fixture
def bench_with_master() -> Iterator[Bench]:
    need_micropython()
    made = Bench(keep_master=True)
    yield made
    made.close()


def test_a_three_second_timer_is_reported_done_on_time(bench: Bench) -> None:
    assert bench.link.pico_version == (protocol.VERSION, *protocol.FIRMWARE, 24)
    started = time.monotonic()
    ident = bench.ring.sand_timer(3.0)
    kind, args, at = bench.next_event()
    assert (kind, args) == (protocol.TIMER_DONE, [ident])
    assert on_time(at - started, 3.0), f"timer done after {at - started:.3f} s"
    wait_for(lambda: bench.done == [ident])


def test_the_link_recovers_by_itself_when_the_pico_comes_back(bench: Bench) -> None:
    started = time.monotonic()
    ident = bench.ring.sand_timer(3.0)
    time.sleep(1.0)
    bench.unplug()  # mid-timer...
    assert not bench.ring.on_hardware  # ... the display draws the ring meanwhile
    bench.plug()
    wait_for(lambda: bench.link.up)  # ... and the link comes back: no call from us
    assert bench.link.stats.connects == 2
    kind, args, at = bench.next_event()
    # The ring sent the timer again where it had got to, so it still ends on time.
    assert (kind, args) == (protocol.TIMER_DONE, [ident])
    assert on_time(at - started, 3.0), f"timer done after {at - started:.3f} s"
    time.sleep(0.4)  # past the Pi-side fallback too (a wait that can only make it pass less)
    assert bench.done == [ident]  # reported to the table once


def test_garbage_and_truncated_frames_change_nothing(bench_with_master: Bench) -> None:
    bench = bench_with_master
    rng = random.Random(7)
    firmware = bench.firmware
    stray = protocol.encode(200, protocol.TIMER, [100, 0, 1, 2, 999])
    for _round in range(20):
        noise = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
        firmware.write_pi_side(noise)
        firmware.write_pi_side(stray[: rng.randrange(1, len(stray) - 1)])  # cut short
        firmware.write_pico_side(noise)
        firmware.write_pico_side(protocol.encode(9, "D", [999])[:-3])  # a cut-off event
        assert bench.link.send(protocol.PING, wait=1.0)
    started = time.monotonic()
    ident = bench.ring.sand_timer(1.0)
    kind, args, at = bench.next_event()
    assert (kind, args) == (protocol.TIMER_DONE, [ident])
    assert on_time(at - started, 1.0), f"timer done after {at - started:.3f} s"
    stats = bench.link.stats
    assert stats.connects == 1 and stats.naks == 0
    assert stats.garbage > 0 and stats.truncated + stats.bad > 0
    assert bench.events.empty()  # no stray timer (999) was started or reported

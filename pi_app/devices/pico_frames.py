"""The Pico link's frames: numbered commands until acknowledged, the Pico's frames read.

Every command carries a number (0 to 255, wrapping) and waits for its acknowledgement:
one that does not come within `ack_timeout` is sent again, and once a command has run
out of `retries` the Pico is taken for gone (the link opens the port again). The
Pico's own frames are read from the bytes as they come; garbage, truncated and
corrupted frames are dropped by the protocol's reader, counted and logged. Its events
carry its own numbers, remembered a few at a time so that a repeat (our
acknowledgement was lost) is ignored.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from pi_app.devices.shared import protocol

log = logging.getLogger(__name__)

RECENT = 16  # Pico event numbers remembered, to ignore repeats
Frame = tuple[int, str, list[int]]
"""A frame read: its number, its kind and its arguments."""


@dataclass
class Pending:
    """A command sent and not acknowledged yet."""

    frame: bytes
    sent: float
    tries: int = 1
    done: threading.Event = field(default_factory=threading.Event)
    acked: bool = False


@dataclass
class LinkStats:
    """Counters for the log and the bench."""

    connects: int = 0
    retries: int = 0
    timeouts: int = 0
    naks: int = 0
    events: int = 0
    garbage: int = 0
    truncated: int = 0
    overlong: int = 0
    bad: int = 0


class Commands:
    """Numbered commands and their acknowledgements. Any thread may send; every write
    to the port goes under one lock, so frames never interleave."""

    def __init__(
        self, write: Callable[[bytes], bool], ack_timeout: float, retries: int, stats: LinkStats
    ) -> None:
        self._write = write
        self.ack_timeout = ack_timeout
        self.retries = retries
        self.stats = stats
        self._seq = 0
        self._pending: dict[int, Pending] = {}
        self._lock = threading.Lock()  # guards the port's writes, _seq and _pending

    def send(self, kind: str, args: Sequence[int], track: bool = True) -> Pending | None:
        """Write a command with the next number; None when the write failed. `track`:
        waited for, and sent again until acknowledged."""
        with self._lock:
            seq = self._seq
            self._seq = (seq + 1) & 255
            frame = protocol.encode(seq, kind, list(args))
            pending = Pending(frame, time.monotonic())
            if track:
                self._pending[seq] = pending
            return pending if self._write(frame) else None

    def ack(self, seq: int) -> None:
        """Acknowledge a Pico event; the ACK carries the number it answers."""
        with self._lock:
            self._write(protocol.encode(seq, protocol.ACK, [seq]))

    def answered(self, seq: int, acked: bool) -> None:
        """The Pico's ACK (or NAK) of command `seq`: whoever waits for it is told."""
        with self._lock:
            pending = self._pending.pop(seq, None)
        if pending is not None:
            pending.acked = acked
            pending.done.set()

    def forget(self, command: Pending | None) -> None:
        """Send `command` no more (its answer came another way)."""
        with self._lock:
            for number, pending in list(self._pending.items()):
                if pending is command:
                    del self._pending[number]

    def clear(self) -> None:
        """A new port: nothing sent on the old one is waited for."""
        with self._lock:
            self._pending.clear()

    def release(self) -> None:
        """The port dropped: whoever waits is told at once (not acknowledged)."""
        with self._lock:
            for pending in self._pending.values():
                pending.done.set()
            self._pending.clear()

    def resend(self, now: float) -> bool:
        """Resend overdue commands; False when one has run out of retries."""
        with self._lock:
            for seq, pending in list(self._pending.items()):
                if now - pending.sent < self.ack_timeout:
                    continue
                if pending.tries > self.retries:
                    self.stats.timeouts += 1
                    log.warning("Pico link: no answer to frame %d, reconnecting", seq)
                    return False
                pending.tries += 1
                pending.sent = now
                self.stats.retries += 1
                self._write(pending.frame)
        return True


class Incoming:
    """The Pico's frames from the bytes read, and its event numbers seen lately."""

    def __init__(self, stats: LinkStats) -> None:
        self.stats = stats
        self.reader = protocol.Reader()
        self.seen: deque[int] = deque(maxlen=RECENT)  # the Pico's last event numbers

    def clear(self) -> None:
        """A new port: a new reader, and no number seen."""
        self.reader = protocol.Reader()
        self.seen.clear()

    def feed(self, data: bytes) -> list[Frame]:
        """The complete frames in `data` (with what came before); dropped input is
        counted in the stats (totals over every connection) and logged."""
        reader = self.reader
        before = (reader.garbage, reader.truncated, reader.overlong, reader.bad)
        frames = [frame for frame in map(reader.feed, data) if frame is not None]
        if reader.dropped() != sum(before):
            stats = self.stats
            stats.garbage += reader.garbage - before[0]
            stats.truncated += reader.truncated - before[1]
            stats.overlong += reader.overlong - before[2]
            stats.bad += reader.bad - before[3]
            log.info(
                "Pico link: dropped input (garbage bytes %d, truncated %d, overlong %d, bad %d)",
                reader.garbage,
                reader.truncated,
                reader.overlong,
                reader.bad,
            )
        return frames

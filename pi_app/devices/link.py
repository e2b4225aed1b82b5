"""The Pi's end of the serial link to the Pico (pyserial, one reader thread).

The frames are those of `firmware/protocol.py`, the same file the Pico runs. The link:

- finds the Pico by USB VID:PID (from the pinout) with `serial.tools.list_ports`, or
  uses a port override: a device path, a pyserial URL such as `loop://`, or a callable
  returning either (tests point it at a pseudo-terminal that changes on reconnect);
- says hello with the protocol version and is "up" only once the Pico has answered
  with the same protocol and the firmware release this package carries; another
  release is refused (`mismatch` says which), so the ring is drawn on screen, never
  driven by firmware whose animations differ from the screen's;
- numbers every command, waits for its acknowledgement and sends it again when none
  comes, and declares the Pico gone (then reconnects) when retries run out;
- acknowledges the Pico's events (timer done, buttons) and ignores their repeats;
- drops garbage, truncated and corrupted frames, counting and logging them;
- notices an unplugged Pico (the port fails) and reconnects by itself when it is back.

`send` never blocks on a missing Pico: when the link is down it returns False and the
caller (the ring) keeps its state to send again when `on_state(True)` is called.
"""

from __future__ import annotations

import contextlib
import logging
import random
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import serial  # type: ignore[import-untyped]
from serial.tools import list_ports  # type: ignore[import-untyped]

from pi_app.devices.shared import protocol

log = logging.getLogger(__name__)

PortSpec = str | Callable[[], str | None] | None
EventListener = Callable[[str, list[int]], None]
StateListener = Callable[[bool], None]

VERSION: int = protocol.VERSION
EXPECTED: tuple[int, int, int] = (protocol.VERSION, *protocol.FIRMWARE)
RECENT = 16  # Pico event numbers remembered, to ignore repeats
POLL_S = 0.05  # the reader wakes this often when the line is quiet (for retries)


def find_pico(vid: int, pid: int) -> str | None:
    """The device path of the first serial port with this USB VID:PID, or None."""
    matches = sorted(p.device for p in list_ports.comports() if p.vid == vid and p.pid == pid)
    return matches[0] if matches else None


@dataclass
class _Pending:
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


class PicoLink:
    def __init__(
        self,
        port: PortSpec = None,
        *,
        vid: int = 0x2E8A,
        pid: int = 0x0005,
        baudrate: int = 115200,
        ack_timeout: float = 0.1,
        retries: int = 5,
        hello_timeout: float = 1.0,
        reconnect_delay: float = 0.5,
    ) -> None:
        self.port = port
        self.vid, self.pid, self.baudrate = vid, pid, baudrate
        self.ack_timeout = ack_timeout
        self.retries = retries
        self.hello_timeout = hello_timeout
        self.reconnect_delay = reconnect_delay
        self.stats = LinkStats()
        self.pico_version: tuple[int, ...] | None = None
        # (the Pico's (protocol, major, minor), this package's) while they differ
        self.mismatch: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self.refused_protocol = False  # the Pico refused our hello's protocol version
        self._serial: Any = None
        self._up = False
        self._seq = 0
        self._seen: deque[int] = deque(maxlen=RECENT)  # the Pico's last event numbers
        self._pending: dict[int, _Pending] = {}
        self._lock = threading.Lock()  # guards the port's writes, _seq and _pending
        self._events: list[EventListener] = []
        self._states: list[StateListener] = []
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._reader = protocol.Reader()
        self._hello: _Pending | None = None
        self._session = 0
        self._answered = False

    # -- public ---------------------------------------------------------------------

    @property
    def up(self) -> bool:
        """True while a Pico with a compatible protocol answers."""
        return self._up

    def on_event(self, callback: EventListener) -> None:
        """Call `callback(kind, args)` for each Pico event, in the link's thread."""
        self._events.append(callback)

    def on_state(self, callback: StateListener) -> None:
        """Call `callback(up)` when the link comes up or goes down, in the link's thread."""
        self._states.append(callback)

    def start(self) -> PicoLink:
        if self._thread is None:
            self._stop.clear()
            self._thread = threading.Thread(target=self._run, name="pico-link", daemon=True)
            self._thread.start()
        return self

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
            self._thread = None
        self._drop_port()

    def send(self, kind: str, args: Sequence[int] = (), wait: float = 0) -> bool:
        """Send a command; with `wait`, block up to that many seconds for its ACK.

        Returns False at once when the link is down; otherwise True (sent, and with
        `wait`, acknowledged in time).
        """
        if not self._up:
            return False
        pending = self._write_new(kind, args)
        if pending is None:
            return False
        if wait <= 0:
            return True
        return pending.done.wait(wait) and pending.acked

    # -- writing --------------------------------------------------------------------

    def _write_new(self, kind: str, args: Sequence[int], track: bool = True) -> _Pending | None:
        with self._lock:
            seq = self._seq
            self._seq = (seq + 1) & 255
            frame = protocol.encode(seq, kind, list(args))
            pending = _Pending(frame, time.monotonic())
            if track:
                self._pending[seq] = pending
            return pending if self._write(frame) else None

    def _write(self, frame: bytes) -> bool:
        port = self._serial
        if port is None:
            return False
        try:
            port.write(frame)
            return True
        except (serial.SerialException, OSError) as error:
            log.info("Pico link: write failed: %s", error)
            return False

    def _ack(self, seq: int) -> None:
        """Acknowledge a Pico event; the ACK carries the number it answers."""
        with self._lock:
            self._write(protocol.encode(seq, protocol.ACK, [seq]))

    # -- the thread -----------------------------------------------------------------

    def _run(self) -> None:
        while not self._stop.is_set():
            name = self._port_name()
            if name is None or not self._open(name):
                self._stop.wait(self.reconnect_delay)
                continue
            try:
                self._serve()
            except (serial.SerialException, OSError) as error:
                log.warning("Pico link lost: %s", error)
            self._set_up(False)
            self._drop_port()
            self._stop.wait(self.reconnect_delay)

    def _port_name(self) -> str | None:
        if self.port is None:
            return find_pico(self.vid, self.pid)
        if callable(self.port):
            return self.port()
        return self.port

    def _open(self, name: str) -> bool:
        try:
            self._serial = serial.serial_for_url(name, baudrate=self.baudrate, timeout=POLL_S)
        except (serial.SerialException, OSError, ValueError) as error:
            log.debug("Pico link: cannot open %s: %s", name, error)
            return False
        self._reader = protocol.Reader()
        self._seen.clear()
        self._session = random.randrange(0x10000)
        self._hello = None
        self._answered = False
        self.pico_version = None
        with self._lock:
            self._pending.clear()
        log.info("Pico link: opened %s", name)
        return True

    def _drop_port(self) -> None:
        port, self._serial = self._serial, None
        if port is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                port.close()
        with self._lock:
            for pending in self._pending.values():
                pending.done.set()
            self._pending.clear()

    def _set_up(self, up: bool) -> None:
        if up == self._up:
            return
        self._up = up
        if up:
            self.stats.connects += 1
        log.info("Pico link %s", "up" if up else "down")
        for callback in list(self._states):
            try:
                callback(up)
            except Exception:
                log.exception("Pico link: state listener failed")

    def _serve(self) -> None:
        """Say hello, then read frames and resend what is unacknowledged until failure."""
        hello_sent = 0.0
        while not self._stop.is_set():
            port = self._serial
            if port is None:
                return
            data = port.read(max(1, port.in_waiting))
            if data:
                self._take(data)
            now = time.monotonic()
            if self._up:
                if not self._resend(now):
                    return
            elif self._answered and self.pico_version is not None:
                if tuple(self.pico_version[:3]) != EXPECTED:
                    self._refuse_version(tuple(self.pico_version[:3]))
                    return
                self.mismatch = None
                self._set_up(True)
            elif self._hello is None:
                self._hello = self._write_new(protocol.HELLO, [VERSION, self._session])
                hello_sent = now
            elif now - hello_sent > self.hello_timeout:
                log.info("Pico link: no hello answer, opening the port again")
                return
            else:
                self._resend(now)

    def _refuse_version(self, pico: tuple[int, ...]) -> None:
        """Another firmware release: stay down (the ring is drawn on screen) and say so."""
        if self.mismatch != (pico, EXPECTED):
            self.mismatch = (pico, EXPECTED)
            log.log(  # log.error would read, to the translation checker, as a player's message
                logging.ERROR,
                "Pico runs protocol %d firmware %d.%d, this program carries protocol %d "
                "firmware %d.%d: run `tabletop firmware install`",
                *pico,
                *EXPECTED,
            )
            for callback in list(self._states):  # still down, now with a reason
                with contextlib.suppress(Exception):
                    callback(False)
        self._stop.wait(5)

    def _resend(self, now: float) -> bool:
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

    def _take(self, data: bytes) -> None:
        reader = self._reader
        before = (reader.garbage, reader.truncated, reader.overlong, reader.bad)
        for byte in data:
            message = reader.feed(byte)
            if message is not None:
                self._handle(*message)
        if reader.dropped() != sum(before):
            stats = self.stats  # totals over every connection
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

    def _handle(self, seq: int, kind: str, args: list[int]) -> None:
        if kind in (protocol.ACK, protocol.NAK):
            with self._lock:
                pending = self._pending.pop(args[0], None)
            if pending is not None:
                pending.acked = kind == protocol.ACK
                pending.done.set()
            if kind == protocol.NAK:
                self.stats.naks += 1
                if len(args) > 1 and args[1] == protocol.NAK_VERSION:
                    self.refused_protocol = True  # the Pico speaks another protocol
                log.warning("Pico link: frame %d refused (reason %d)", args[0], args[1])
            return
        if kind == protocol.HELLO:
            self._ack(seq)
            if len(args) != 5 or seq in self._seen:
                return
            if args[4] == protocol.HELLO_ANSWER:
                self._seen.append(seq)
                self.pico_version = tuple(args[:4])
                self._answered = True
                with self._lock:  # answered: our hello needs no more retries
                    for number, pending in list(self._pending.items()):
                        if pending is self._hello:
                            del self._pending[number]
            else:  # the Pico (re)started: a new numbering, and it has forgotten everything
                self._seen.clear()
                self._seen.append(seq)
                self.pico_version = tuple(args[:4])
                if self._up:
                    log.info("Pico link: the Pico restarted")
                    self._set_up(False)
                    self._hello = None
                    self._answered = False
            return
        if kind in (protocol.TIMER_DONE, protocol.BUTTON):
            self._ack(seq)
            if seq in self._seen:
                return  # a repeat: our acknowledgement was lost
            self._seen.append(seq)
            self.stats.events += 1
            for callback in list(self._events):
                try:
                    callback(kind, args)
                except Exception:
                    log.exception("Pico link: event listener failed")

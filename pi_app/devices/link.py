"""The Pi's end of the serial link to the Pico (pyserial, one reader thread).

The frames are those of `firmware/protocol.py`, the same file the Pico runs. The link:

- finds the Pico by USB VID:PID, or uses a port override (`pico_port`);
- says hello with the protocol version and is "up" only once the Pico has answered
  with the same protocol and the firmware release this package carries; another
  release is refused (`mismatch` says which), so the ring is drawn on screen, never
  driven by firmware whose animations differ from the screen's;
- numbers every command, waits for its acknowledgement and sends it again when none
  comes, and declares the Pico gone (then reconnects) when retries run out
  (`pico_frames`);
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
from collections.abc import Callable, Sequence

import serial  # type: ignore[import-untyped]

from pi_app.devices.pico_frames import Commands, Incoming, LinkStats, Pending
from pi_app.devices.pico_port import PicoPort, PortSpec, find_pico
from pi_app.devices.shared import protocol

__all__ = ["EXPECTED", "VERSION", "LinkStats", "PicoLink", "PortSpec", "find_pico"]

log = logging.getLogger(__name__)

EventListener = Callable[[str, list[int]], None]
StateListener = Callable[[bool], None]

VERSION: int = protocol.VERSION
EXPECTED: tuple[int, int, int] = (protocol.VERSION, *protocol.FIRMWARE)


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
        self.port = PicoPort(port, vid, pid, baudrate)
        self.hello_timeout = hello_timeout
        self.reconnect_delay = reconnect_delay
        self.stats = LinkStats()
        self.commands = Commands(self.port.write, ack_timeout, retries, self.stats)
        self.incoming = Incoming(self.stats)
        self.pico_version: tuple[int, ...] | None = None
        # (the Pico's (protocol, major, minor), this package's) while they differ
        self.mismatch: tuple[tuple[int, ...], tuple[int, ...]] | None = None
        self.refused_protocol = False  # the Pico refused our hello's protocol version
        self._up = False
        self._events: list[EventListener] = []
        self._states: list[StateListener] = []
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._hello: Pending | None = None
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
        pending = self.commands.send(kind, args)
        if pending is None:
            return False
        if wait <= 0:
            return True
        return pending.done.wait(wait) and pending.acked

    # -- the port's life --------------------------------------------------------------

    def _run(self) -> None:
        while not self._stop.is_set():
            name = self.port.name()
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

    def _open(self, name: str) -> bool:
        """Open the port; a new conversation starts on it (a new session for the hello)."""
        if not self.port.open(name):
            return False
        self.incoming.clear()
        self._session = random.randrange(0x10000)
        self._hello = None
        self._answered = False
        self.pico_version = None
        self.commands.clear()
        log.info("Pico link: opened %s", name)
        return True

    def _drop_port(self) -> None:
        self.port.close()
        self.commands.release()

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

    # -- the conversation -------------------------------------------------------------

    def _serve(self) -> None:
        """Say hello, then read frames and resend what is unacknowledged until failure."""
        hello_sent = 0.0
        while not self._stop.is_set():
            data = self.port.read()
            if data is None:
                return
            if data:
                for frame in self.incoming.feed(data):
                    self._handle(*frame)
            now = time.monotonic()
            if self._up:
                if not self.commands.resend(now):
                    return
            elif self._answered and self.pico_version is not None:
                if tuple(self.pico_version[:3]) != EXPECTED:
                    self._refuse_version(tuple(self.pico_version[:3]))
                    return
                self.mismatch = None
                self._set_up(True)
            elif self._hello is None:
                self._hello = self.commands.send(protocol.HELLO, [VERSION, self._session])
                hello_sent = now
            elif now - hello_sent > self.hello_timeout:
                log.info("Pico link: no hello answer, opening the port again")
                return
            else:
                self.commands.resend(now)

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

    def _handle(self, seq: int, kind: str, args: list[int]) -> None:
        if kind in (protocol.ACK, protocol.NAK):
            self._on_answer(kind, args)
        elif kind == protocol.HELLO:
            self.commands.ack(seq)
            if len(args) == 5 and seq not in self.incoming.seen:
                self._on_hello(seq, args)
        elif kind in (protocol.TIMER_DONE, protocol.BUTTON):
            self.commands.ack(seq)
            if seq not in self.incoming.seen:  # else a repeat: our acknowledgement was lost
                self.incoming.seen.append(seq)
                self._on_event(kind, args)

    def _on_answer(self, kind: str, args: list[int]) -> None:
        """The Pico's ACK or NAK of one of our commands."""
        self.commands.answered(args[0], kind == protocol.ACK)
        if kind == protocol.NAK:
            self.stats.naks += 1
            if len(args) > 1 and args[1] == protocol.NAK_VERSION:
                self.refused_protocol = True  # the Pico speaks another protocol
            log.warning("Pico link: frame %d refused (reason %d)", args[0], args[1])

    def _on_hello(self, seq: int, args: list[int]) -> None:
        """The Pico's answer to our hello, or its own hello: it (re)started."""
        seen = self.incoming.seen
        if args[4] == protocol.HELLO_ANSWER:
            seen.append(seq)
            self.pico_version = tuple(args[:4])
            self._answered = True
            self.commands.forget(self._hello)  # answered: our hello needs no more retries
            return
        # the Pico (re)started: a new numbering, and it has forgotten everything
        seen.clear()
        seen.append(seq)
        self.pico_version = tuple(args[:4])
        if self._up:
            log.info("Pico link: the Pico restarted")
            self._set_up(False)
            self._hello = None
            self._answered = False

    def _on_event(self, kind: str, args: list[int]) -> None:
        self.stats.events += 1
        for callback in list(self._events):
            try:
                callback(kind, args)
            except Exception:
                log.exception("Pico link: event listener failed")

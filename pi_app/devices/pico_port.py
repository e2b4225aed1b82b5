"""The serial port of the Pico link: which device it is, opened, read, written, closed.

The Pico is found by its USB VID:PID (from the pinout) with `serial.tools.list_ports`,
or the port is given: a device path, a pyserial URL such as `loop://`, or a callable
returning either (tests point it at a pseudo-terminal that changes on reconnect). A
write that fails is logged and answered False, never raised into the caller (the ring,
on the box's loop): the link's thread finds the port gone when it reads, and opens it
again.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from typing import Any

import serial  # type: ignore[import-untyped]
from serial.tools import list_ports  # type: ignore[import-untyped]

log = logging.getLogger(__name__)

PortSpec = str | Callable[[], str | None] | None
POLL_S = 0.05  # a read returns after this long on a quiet line (the link's retries wait on it)


def find_pico(vid: int, pid: int) -> str | None:
    """The device path of the first serial port with this USB VID:PID, or None."""
    matches = sorted(p.device for p in list_ports.comports() if p.vid == vid and p.pid == pid)
    return matches[0] if matches else None


class PicoPort:
    """The port the link speaks through, open or not (the link's thread opens it)."""

    def __init__(self, spec: PortSpec, vid: int, pid: int, baudrate: int) -> None:
        self.spec = spec
        self.vid, self.pid, self.baudrate = vid, pid, baudrate
        self._serial: Any = None

    def name(self) -> str | None:
        """Where the Pico is now: the override's answer, else found by its USB ids."""
        if self.spec is None:
            return find_pico(self.vid, self.pid)
        if callable(self.spec):
            return self.spec()
        return self.spec

    def open(self, name: str) -> bool:
        """Open `name`; False (logged for debugging) when it cannot be, yet."""
        try:
            self._serial = serial.serial_for_url(name, baudrate=self.baudrate, timeout=POLL_S)
        except (serial.SerialException, OSError, ValueError) as error:
            log.debug("Pico link: cannot open %s: %s", name, error)
            return False
        return True

    def read(self) -> bytes | None:
        """What arrived, waiting up to POLL_S for it; None once the port is closed.
        SerialException or OSError when the port failed (the Pico unplugged)."""
        port = self._serial
        if port is None:
            return None
        data: bytes = port.read(max(1, port.in_waiting))
        return data

    def write(self, frame: bytes) -> bool:
        """Send `frame`; False when the port is closed or the write failed (logged)."""
        port = self._serial
        if port is None:
            return False
        try:
            port.write(frame)
            return True
        except (serial.SerialException, OSError) as error:
            log.info("Pico link: write failed: %s", error)
            return False

    def close(self) -> None:
        port, self._serial = self._serial, None
        if port is not None:
            with contextlib.suppress(serial.SerialException, OSError):
                port.close()

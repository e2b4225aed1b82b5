"""systemd notifications (READY=1, WATCHDOG=1) over $NOTIFY_SOCKET, no dependency.

`systemd/tabletop.service` is `Type=notify` with `WatchdogSec=`: systemd waits for
`ready()` before it counts the box as started (while a slow card's journal opens,
`pi_app.starting` asks it for more time with EXTEND_TIMEOUT_USEC), and restarts the
program if `watchdog()` stops arriving (a hung display loop). Outside systemd NOTIFY_SOCKET is
unset and every call does nothing, so the program can call them unconditionally.
"""

from __future__ import annotations

import os
import socket


def notify(message: str) -> bool:
    """Send one notification; True if it was sent (False: not under systemd, or failed)."""
    address = os.environ.get("NOTIFY_SOCKET")
    if not address:
        return False
    if address.startswith("@"):  # an abstract socket
        address = "\0" + address[1:]
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.connect(address)
            sock.sendall(message.encode())
    except OSError:
        return False
    return True


def ready() -> bool:
    """The program is up: the display shows and the devices are open."""
    return notify("READY=1")


def watchdog() -> bool:
    """Still alive: call at least every WatchdogSec / 2 (see `watchdog_interval`)."""
    return notify("WATCHDOG=1")


def stopping() -> bool:
    return notify("STOPPING=1")


def status(text: str) -> bool:
    """A one-line status shown by `systemctl status tabletop`."""
    return notify("STATUS=" + text.replace("\n", " "))


def watchdog_interval() -> float | None:
    """Seconds between `watchdog()` calls: half of what systemd expects, or None if off."""
    usec = os.environ.get("WATCHDOG_USEC")
    pid = os.environ.get("WATCHDOG_PID")
    if not usec or (pid and pid != str(os.getpid())):
        return None
    try:
        return int(usec) / 2_000_000
    except ValueError:
        return None

"""A free TCP port for a server a test or a bench starts in another process.

A port the kernel hands out for `bind(0)` comes from its ephemeral range, the range it
also takes every outgoing connection's local port from. Between the moment a port is
picked and the moment the other process binds it, any connection on the machine may
take it (a busy test run makes thousands), and the server then cannot listen. A port
below that range is handed out by no one but this function: it is picked at random,
never twice in one process, and only if it binds now.
"""

from __future__ import annotations

import random
import socket
from pathlib import Path

_RANGE_FILE = Path("/proc/sys/net/ipv4/ip_local_port_range")
_LOWEST = 10000  # above the ports services are given by hand
_EPHEMERAL_DEFAULT = 32768  # Linux's default start of the ephemeral range
_given: set[int] = set()


def ephemeral_start() -> int:
    """The first port of the kernel's ephemeral range (Linux's default elsewhere)."""
    try:
        return int(_RANGE_FILE.read_text(encoding="ascii").split()[0])
    except (OSError, ValueError, IndexError):
        return _EPHEMERAL_DEFAULT


def free_port() -> int:
    """A port no other server listens on and no connection may take before it is bound."""
    top = max(ephemeral_start(), _LOWEST + 1000)
    for _ in range(1000):
        port = random.randrange(_LOWEST, top)
        if port not in _given and _binds(port):
            _given.add(port)
            return port
    raise OSError("no free port below the ephemeral range")


def _binds(port: int) -> bool:
    """Whether a server could listen on `port` on every address now."""
    with socket.socket() as probe:
        try:
            probe.bind(("0.0.0.0", port))
        except OSError:
            return False
    return True

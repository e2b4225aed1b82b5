"""Who may hold a connection to the phones' server, and how long it may stay silent.

The server listens on the table's Wi-Fi, where anyone can open sockets. These rules
keep the people at the table able to join whatever a stranger's device does:

- at most `PER_ADDRESS` connections from one address at once; more are closed as they
  come, before they cost anything but the accept;
- a new connection must finish its first request's headers within `HEADER_SECONDS`
  (a slowloris that dribbles its headers is cut off; a kept-alive connection waiting
  for its next request is bounded the same way by aiohttp's `keepalive_timeout`);
- what is refused is logged at most once every `LOG_SECONDS` per kind, with how many
  refusals that line stands for, so a flood cannot fill the disk with log lines.

`GuardedSite` is aiohttp's `TCPSite` with each connection's protocol wrapped by the
gate; `Gate.middleware` tells the gate when a connection's request has been heard.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

log = logging.getLogger(__name__)

PER_ADDRESS = 24  # connections from one address: a phone's browser opens up to ~7
HEADER_SECONDS = 5.0  # to send a whole request's headers once connected
LOG_SECONDS = 10.0  # one log line per kind of refusal at most this often
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class QuietLog:
    """Log lines of one kind at most once every `LOG_SECONDS`, counting the rest."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._last: dict[str, float] = {}
        self._held: Counter[str] = Counter()

    def say(self, kind: str, message: str, *args: object) -> bool:
        """Log `message % args` unless `kind` was logged lately; True when logged."""
        now = self.clock()
        last = self._last.get(kind)
        if last is not None and now - last < LOG_SECONDS:
            self._held[kind] += 1
            return False
        held, self._held[kind] = self._held[kind], 0
        self._last[kind] = now
        suffix = f" ({held} more since the last such line)" if held else ""
        log.warning(message + suffix, *args)
        return True


class Gate:
    """Connections per address, the header deadline, and the quiet log of refusals."""

    def __init__(self, per_address: int | None = None, header_seconds: float | None = None):
        self.per_address = PER_ADDRESS if per_address is None else per_address
        self.header_seconds = HEADER_SECONDS if header_seconds is None else header_seconds
        self.quiet = QuietLog()
        self.open: Counter[str] = Counter()
        self.refused = 0  # connections closed at once (too many from their address)
        self.silent = 0  # connections closed for not finishing their headers in time
        self._waiting: dict[Any, asyncio.TimerHandle] = {}  # transport -> its deadline

    def admit(self, address: str) -> bool:
        """Count a new connection from `address`; False (and not counted) past the cap."""
        if self.open[address] >= self.per_address:
            self.refused += 1
            self.quiet.say("address", "phones: too many connections from %s, refused", address)
            return False
        self.open[address] += 1
        return True

    def release(self, address: str, transport: Any) -> None:
        """A counted connection closed."""
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]
        self.heard(transport)

    def wait_for_headers(self, transport: Any, address: str) -> None:
        """Close `transport` unless its request is heard within `header_seconds`."""
        loop = asyncio.get_running_loop()

        def expire() -> None:
            self._waiting.pop(transport, None)
            self.silent += 1
            self.quiet.say("silent", "phones: %s sent no whole request in time, closed", address)
            transport.abort()

        self._waiting[transport] = loop.call_later(self.header_seconds, expire)

    def heard(self, transport: Any) -> None:
        """The connection's request arrived whole: no deadline any more."""
        deadline = self._waiting.pop(transport, None)
        if deadline is not None:
            deadline.cancel()

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        self.heard(request.transport)
        return await handler(request)

    def protocol(self, inner: asyncio.Protocol) -> asyncio.Protocol:
        """`inner` (aiohttp's handler of one connection) behind this gate."""
        return _Guarded(inner, self)


class _Guarded(asyncio.Protocol):
    """One connection's protocol, passed through to aiohttp's once the gate admits it."""

    def __init__(self, inner: asyncio.Protocol, gate: Gate) -> None:
        self.inner = inner
        self.gate = gate
        self.address = ""
        self.transport: Any = None
        self.admitted = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)  # a TCP connection
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        self.transport = transport
        if not self.gate.admit(self.address):
            transport.abort()
            return
        self.admitted = True
        self.inner.connection_made(transport)
        self.gate.wait_for_headers(transport, self.address)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.admitted:
            self.admitted = False
            self.gate.release(self.address, self.transport)
            self.inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.admitted:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.admitted else None

    def pause_writing(self) -> None:
        if self.admitted:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.admitted:
            self.inner.resume_writing()


class GuardedSite(web.TCPSite):
    """aiohttp's TCP site, each connection behind `gate`."""

    def __init__(self, runner: web.BaseRunner, host: str, port: int, gate: Gate) -> None:
        super().__init__(runner, host, port)
        self.gate = gate

    async def start(self) -> None:
        # TCPSite.start, with the connection factory wrapped (aiohttp 3.9 to 3.14 alike).
        await web.BaseSite.start(self)
        server = self._runner.server
        assert server is not None
        guarded = self.gate.protocol
        # BaseSite.stop closes what start opened, as TCPSite's own start leaves it
        self._server = await asyncio.get_running_loop().create_server(
            lambda: guarded(server()), self._host, self._port, backlog=self._backlog
        )

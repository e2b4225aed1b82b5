"""The phones' web server: plain pages and one websocket per phone (aiohttp).

aiohttp because it is one well-kept dependency with the HTTP server and websockets
built in, on asyncio, light enough for a Pi Zero 2 W. It runs on a thread of its own
with its own event loop; the table's owner never waits for it (see `hub.py`).

`PhoneServer` is the server's life (its thread, its loop, its listening sockets, the
box's own Wi-Fi's answers) and the composition of its parts, one job each:

- `pages.Pages`: `/` the box's welcome, `/j/{secret}` the join page (from the box's
  QR code), `/play` the phone's page, `/static/…` its script and style,
  `/texts/{lang}.json` its words;
- `claims.SeatRoutes`: `/api/seats` and `/api/claim` to take a seat;
- `sockets.Sockets`: `/ws`, the websocket, each message read and sent where it goes;
- `admission.Admission`: which websockets count as phones (hello, cap, closing);
- `answers.Answers`: a phone's request carried out once, by the table's owner, and
  answered once its event is on disk;
- `broadcast.Broadcast`: each published state pushed to every phone as its view;
- `host_routes.HostRoutes` and `host_sockets.HostSockets`: the host's page (`/host`,
  opened with the host's key) and its websocket (`/host/ws`).
- `tv_screens.TvScreens`: `/tv`, the big screen, and its websocket `/tv/ws`.

Every request is small and checked: an unknown secret or token is refused, bodies
(`MAX_BODY`) and messages have a size limit, and a phone that floods gets refused, then
cut off; nothing it sends changes the game unless the table accepts it as an event.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

from aiohttp import web

from pi_app.errors import describe
from pi_app.web.admission import Admission
from pi_app.web.answers import Answers
from pi_app.web.broadcast import Broadcast
from pi_app.web.claims import SeatRoutes
from pi_app.web.gate import Gate, GuardedSite
from pi_app.web.host_routes import HostRoutes
from pi_app.web.host_sockets import HostSockets
from pi_app.web.hub import Hub
from pi_app.web.pages import Pages
from pi_app.web.phone import Phone
from pi_app.web.sockets import Sockets
from pi_app.web.tv_screens import TvScreens
from pi_app.wifi.portal import Portal

log = logging.getLogger(__name__)

PORT = 8370  # the documented port of the box's phone pages
MAX_BODY = 4096  # bytes of an HTTP request body
KEEPALIVE_SECONDS = 15.0  # an idle kept-alive HTTP connection is closed after this


class PhoneServer:
    """The server on its own thread; `start` returns the port it listens on."""

    def __init__(self, hub: Hub, host: str = "0.0.0.0", port: int = PORT) -> None:
        self.hub = hub
        self.host = host
        self.port = port
        self.gate = Gate()
        self.portal: Portal | None = None  # the box's own Wi-Fi's port-80 answers
        self.admission = Admission(hub)
        self.broadcast = Broadcast(hub, self.admission.phones)
        self.answers = Answers(hub, self.broadcast)
        self.pages = Pages(hub)
        self.claims = SeatRoutes(hub, lambda: self.portal)
        self.sockets = Sockets(self.admission, self.answers, self.broadcast)
        self.host_routes = HostRoutes()
        self.hosts = HostSockets(hub, self.broadcast)
        self.tv = TvScreens(hub)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._portal_runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None

    @property
    def phones(self) -> set[Phone]:
        """The websockets that said a valid hello."""
        return self.admission.phones

    @property
    def greeting(self) -> set[Phone]:
        """The websockets that have not said a valid hello yet."""
        return self.admission.greeting

    def start(self) -> int:
        """Listen (on a thread of its own); returns the port, raises OSError if taken."""
        self._thread = threading.Thread(target=self._serve, name="phones", daemon=True)
        self._thread.start()
        self._ready.wait(10)
        if self._error is not None:
            raise self._error
        return self.port

    def stop(self, seconds: float = 2.0) -> None:
        """Close every phone's websocket and stop listening, in `seconds` at most."""
        loop = self._loop
        if loop is not None and self._runner is not None and not loop.is_closed():
            done = asyncio.run_coroutine_threadsafe(self._shutdown(), loop)
            try:
                done.result(seconds)
            except Exception as error:  # stopping goes on: the thread is a daemon
                log.warning("phones' server stopped untidily: %s", describe(error))
            loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(seconds)

    def open_portal(self, address: str, port: int = 80, seconds: float = 10.0) -> Portal:
        """Answer the phones' connectivity checks on `address`:`port` (the box's own
        Wi-Fi, see `pi_app.wifi.portal`), behind the same gate as the phones' pages.

        Called once the hotspot is up (its address exists only then), from any thread
        but the server's; raises OSError when the port cannot be had (port 80 needs
        CAP_NET_BIND_SERVICE, which the systemd unit gives).
        """
        loop = self._loop
        if loop is None or loop.is_closed():
            raise OSError("the phones' server is not running")
        portal = Portal(address, self.port, self.current_secret)
        done = asyncio.run_coroutine_threadsafe(self._open_portal(portal, port), loop)
        done.result(seconds)
        return portal

    async def _open_portal(self, portal: Portal, port: int) -> None:
        app = web.Application(client_max_size=MAX_BODY, middlewares=[self.gate.middleware])
        app.router.add_route("*", "/{tail:.*}", portal.handle)
        runner = self._runner_of(app)
        await runner.setup()
        try:
            await GuardedSite(runner, portal.address, port, self.gate).start()
        except BaseException:
            await runner.cleanup()
            raise
        if self._portal_runner is not None:
            await self._portal_runner.cleanup()
        self._portal_runner, self.portal = runner, portal

    def current_secret(self) -> str | None:
        """The join secret of the game the box publishes (None before a game starts)."""
        published = self.hub.published
        return None if published is None else self.hub.secret_for(published.game_id)

    async def _shutdown(self) -> None:
        self.answers.cancel()  # requests still waiting for the table's owner
        await self.hosts.close_all()
        await self.admission.close_all()
        await self.tv.close_all()
        if self._portal_runner is not None:
            await self._portal_runner.cleanup()
        if self._runner is not None:
            await self._runner.cleanup()

    def _serve(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = self.broadcast.loop = self.hosts.loop = self.tv.loop = loop
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._listen())
        except BaseException as error:  # a taken port: said by start()
            self._error = error
            self._ready.set()
            return
        self._ready.set()
        loop.run_forever()
        loop.close()

    async def _listen(self) -> None:
        asyncio.get_running_loop().set_exception_handler(self._loop_fault)
        app = web.Application(client_max_size=MAX_BODY, middlewares=[self.gate.middleware])
        app.add_routes([*self.host_routes.routes(), *self.hosts.routes()])  # before /static/…
        app.add_routes(
            [
                *self.pages.routes(),
                *self.claims.routes(),
                *self.sockets.routes(),
                *self.tv.routes(),
            ]
        )
        self._runner = self._runner_of(app)
        await self._runner.setup()
        site = GuardedSite(self._runner, self.host, self.port, self.gate)
        await site.start()
        self.port = int(self._runner.addresses[0][1])  # the port chosen for port 0
        asyncio.get_running_loop().run_in_executor(None, self._make_host_key)

    def _make_host_key(self) -> None:
        """The box's host key, made at its first start if it has none, so a box with no
        screen is hosted from its first minute (`tabletop host-link` prints it); off
        the server's loop, and a card that cannot take it is logged, not a stop."""
        key = self.hub.host_key
        if key is None:
            return
        try:
            key.current()
        except OSError as error:
            log.warning("no host key made at %s: %s", key.path, describe(error))

    @staticmethod
    def _runner_of(app: web.Application) -> web.AppRunner:
        return web.AppRunner(
            app, access_log=None, keepalive_timeout=KEEPALIVE_SECONDS, shutdown_timeout=1.0
        )

    def _loop_fault(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The loop's own faults (accept() out of file descriptors...), logged quietly."""
        message = str(context.get("message", "event loop fault"))
        error = context.get("exception")
        self.gate.quiet.say(
            message[:40], "phones: %s %s", message, describe(error) if error else ""
        )

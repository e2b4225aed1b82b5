"""The host's websocket (`/host/ws`): the key's hello, then each request carried out.

The first message must be a hello with the host's key, compared with the key as its
file holds it now (`HostKey.matches`): a seat's token, a join secret or an old key is
refused and closed (`UNKNOWN_CLOSE`: the page does not retry). Wrong keys are counted
per address (`host_guard`): an address that keeps guessing is refused before its
key is read. At most `MAX_HOSTS` hosts at once; messages are bounded in size and rate
as a phone's are. Every request checks the key again, and every host's key is checked
each `KEY_CHECK_SECONDS`: a renewed key closes the old key's pages within seconds.

A request is carried out by the table's owner (`host_tables`), and its reply sent
once its event is on disk.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from functools import cache
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web

from pi_app.i18n import LANGUAGES, N_, Translator, translate
from pi_app.web.answers import on_disk
from pi_app.web.broadcast import Broadcast
from pi_app.web.host_desk import Messages
from pi_app.web.host_guard import HostGuard
from pi_app.web.host_panels import PANELS
from pi_app.web.host_play import HostRequest, host_play
from pi_app.web.host_tables import SHARED
from pi_app.web.host_upload import upload_routes
from pi_app.web.hub import Hub
from pi_app.web.messages import ident, language, read
from pi_app.web.phone import STRIKES, Phone
from pi_app.web.phone_request import Reply

_ = Translator("host")

MAX_MESSAGE = 8192  # bytes of a host's websocket message (a list of names, a slate)
MAX_HOSTS = 4  # host sockets at once
HELLO_SECONDS = 5.0  # for a new host socket to give the key
KEY_CHECK_SECONDS = 1.0  # how often an open host socket's key is checked again
REPLY_SECONDS = 20.0
"""How long a host waits for the table's answer. A request not answered by then is
dropped by the table's owner (`pi_app.waiting`), and the host is told to try again: so
"late" must mean a box stuck, not a busy one (a page's retry of "new game" after a
request carried out late would start two)."""
CLOSE_SECONDS = 0.5
UNKNOWN_CLOSE = 4403  # a wrong or old key: the page does not retry
WRONG_KEY = N_("This host link is not the box's: open the host link from the box again.")
TOO_MANY = N_("Too many wrong keys from this device: wait a few minutes.")
BUSY = N_("The box is busy; try again.")
LATE = N_("The box did not answer in time; try again.")
SLOW_DOWN = N_("Too many messages: slow down.")
UNREADABLE = N_("That message cannot be read.")


@cache
def host_kinds() -> frozenset[str]:
    """Every request kind a host's page sends: the shared ones, each game's, each panel's."""
    from pi_app.rules.registry import games

    found = set(SHARED)
    for name in games():
        play = host_play(name)
        if play is not None:
            found.update(play.kinds)
    for panel in PANELS:
        found.update(panel.kinds)
    return frozenset(found)


class Host(Phone):
    """One host's websocket: its rate budget (a phone's) and the key it gave."""

    def __init__(self, socket: web.WebSocketResponse, lang: str) -> None:
        super().__init__(socket, lang)
        self.key = ""

    def say(self, message: str, **params: object) -> str:
        return translate(message, "host", self.lang).format(**params)


class HostSockets:
    """The host sockets open now, and what goes between them and the owner."""

    def __init__(self, hub: Hub, broadcast: Broadcast) -> None:
        self.hub = hub
        self.desk = hub.desk
        self.broadcast = broadcast
        self.guard = HostGuard()
        self.hosts: set[Host] = set()
        self.loop: asyncio.AbstractEventLoop | None = None  # the server's, once it runs
        self._tasks: set[asyncio.Task[Any]] = set()
        self.desk.on_show(self._shown)
        self.desk.presence.append(self._presence)

    def routes(self) -> list[web.RouteDef]:
        """The websocket, and the pack upload (`host_upload`) with the same key."""
        return [web.get("/host/ws", self._socket), *upload_routes(self.authorised, self.submit)]

    def authorised(self, request: web.Request) -> bool:
        """An HTTP request with the host's key (`Authorization: Bearer KEY`); wrong
        keys are counted per address, as the websocket's hello counts them."""
        address = request.remote or "?"
        if self.guard.blocked(address):
            return False
        scheme, _space, key = request.headers.get("Authorization", "").partition(" ")
        if scheme != "Bearer" or not self.key_matches(key):
            self.guard.wrong(address)
            return False
        self.guard.right(address)
        return True

    def submit(self, request: HostRequest) -> concurrent.futures.Future[Reply]:
        """A request of an HTTP route to the owner; its reply once its event is on disk."""
        asked, loop = self.desk.submit(request), self.loop
        if asked is None or loop is None:
            busy: concurrent.futures.Future[Reply] = concurrent.futures.Future()
            busy.set_result(Reply(False, translate(BUSY, "host", request.lang)))
            return busy
        return asyncio.run_coroutine_threadsafe(self._durable(asked), loop)

    async def _durable(self, asked: concurrent.futures.Future[Reply]) -> Reply:
        reply = await asyncio.wrap_future(asked)
        if reply.ok and reply.ticket:
            await on_disk(self.hub, reply.ticket)
        return reply

    def key_matches(self, key: object) -> bool:
        host_key = self.hub.host_key
        return host_key is not None and host_key.matches(key)

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        address = request.remote or "?"
        if self.guard.blocked(address):
            raise web.HTTPTooManyRequests(text=translate(TOO_MANY, "host", language(request)))
        socket = web.WebSocketResponse(
            max_msg_size=MAX_MESSAGE, heartbeat=20, timeout=CLOSE_SECONDS
        )
        await socket.prepare(request)
        host = Host(socket, language(request))
        if not await self._hello(host, address):
            return socket
        watch = self._spawn(self._watch(host))
        try:
            async for message in socket:
                if message.type != WSMsgType.TEXT or not await self._take(host, message.data):
                    break
        finally:
            watch.cancel()
            self.hosts.discard(host)
            self.desk.leave(host.lang)
        return socket

    async def _hello(self, host: Host, address: str) -> bool:
        """The key's hello within `HELLO_SECONDS`; False: the socket is closed."""
        try:
            message = await host.socket.receive(timeout=HELLO_SECONDS)
        except TimeoutError:
            await host.close(WSCloseCode.POLICY_VIOLATION, b"no hello")
            return False
        said = read(message.data) if message.type == WSMsgType.TEXT else None
        if said is None or said["type"] != "hello" or self.guard.blocked(address):
            await self._unknown(host, address)
            return False
        if not self.key_matches(said.get("key")):
            await self._unknown(host, address)
            return False
        self.guard.right(address)
        if len(self.hosts) >= MAX_HOSTS:
            await host.close(WSCloseCode.TRY_AGAIN_LATER, b"too many hosts")
            return False
        host.key, host.admitted = str(said["key"]), True
        if said.get("lang") in LANGUAGES:
            host.lang = str(said["lang"])
        self.hosts.add(host)
        self.desk.join(host.lang)
        await self._show(host)
        return True

    async def _unknown(self, host: Host, address: str) -> None:
        self.guard.wrong(address)
        await host.send({"type": "unknown", "message": host.say(WRONG_KEY)})
        await host.close(UNKNOWN_CLOSE, b"unknown")

    async def _watch(self, host: Host) -> None:
        """Close `host` once its key is no longer the box's (renewed elsewhere)."""
        while not host.socket.closed:
            await asyncio.sleep(KEY_CHECK_SECONDS)
            if not self.key_matches(host.key):
                await self._renewed(host)
                return

    async def _renewed(self, host: Host) -> None:
        self.hosts.discard(host)
        await host.send({"type": "unknown", "message": host.say(WRONG_KEY)})
        await host.close(UNKNOWN_CLOSE, b"key renewed")

    async def _take(self, host: Host, data: str) -> bool:
        """One text message of `host`; False when it is cut off."""
        if not host.spend():
            if host.strikes >= STRIKES:
                return False
            await host.refuse(SLOW_DOWN)
            return True
        if not self.key_matches(host.key):
            await self._renewed(host)
            return False
        message = read(data)
        if message is None:
            await host.refuse(UNREADABLE)
        elif message["type"] == "lang" and message.get("lang") in LANGUAGES:
            self._relang(host, str(message["lang"]))
            await self._show(host)
        elif message["type"] in host_kinds():
            await self._act(host, message)
        else:
            await host.refuse(UNREADABLE, ident(message.get("id")))
        return not host.socket.closed

    def _relang(self, host: Host, lang: str) -> None:
        """`host` reads `lang` from now on: its messages are built in it."""
        if lang != host.lang:
            self.desk.leave(host.lang)
            host.lang = lang
            self.desk.join(lang)

    async def _act(self, host: Host, message: dict[str, Any]) -> None:
        if message.get("lang") in LANGUAGES:
            self._relang(host, str(message["lang"]))
        request = HostRequest(
            str(message["type"]),
            {k: v for k, v in message.items() if k not in ("type", "id", "lang", "game", "step")},
            host.lang,
            _number(message.get("game")),
            _number(message.get("step")),
        )
        reply = await self._carry_out(host, request)
        said = {"type": "reply", "id": ident(message.get("id")), "ok": reply.ok}
        await host.send({**said, "message": reply.message})

    async def _carry_out(self, host: Host, request: HostRequest) -> Reply:
        future = self.desk.submit(request)
        if future is None:
            return Reply(False, host.say(BUSY))
        try:
            reply = await asyncio.wait_for(asyncio.wrap_future(future), REPLY_SECONDS)
        except TimeoutError:
            return Reply(False, host.say(LATE))
        if reply.ok and reply.ticket:
            await on_disk(self.hub, reply.ticket)
        return reply

    async def _show(self, host: Host) -> None:
        shown = self.desk.message(host.lang)
        if shown is not None:
            await host.send(shown)

    # -- from the owner's thread -------------------------------------------------------

    def _shown(self, messages: Messages) -> None:
        """New messages (on the owner's thread): sent from the server's thread."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(lambda: self._spawn(self._send_all(messages)))

    async def _send_all(self, messages: Messages) -> None:
        for host in list(self.hosts):
            shown = messages.get(host.lang)
            if shown is not None:
                await host.send(shown)

    def _presence(self) -> None:
        """The first host came or the last went: the players' phones say who moves on."""
        if self.loop is not None:
            self._spawn(self.broadcast.broadcast(self.hub.published))

    def _spawn(self, work: Any) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def close_all(self) -> None:
        hosts = list(self.hosts)
        self.hosts.clear()
        for host in hosts:
            await host.close(WSCloseCode.GOING_AWAY, b"the box is stopping")


def _number(value: object) -> int | None:
    """A game id or a step as the page sent it (anything else: none)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None

"""The phones' web server: plain pages and one websocket per phone (aiohttp).

aiohttp because it is one well-kept dependency with the HTTP server and websockets
built in, on asyncio, light enough for a Pi Zero 2 W. It runs on a thread of its own
with its own event loop; the table's owner never waits for it (see `hub.py`).

Routes: `/j/{secret}` the join page (from the box's QR code), `/play` the phone's page,
`/static/…` its script and style, `/texts/{lang}.json` its words, `/api/seats` and
`/api/claim` to take a seat, `/ws` the websocket. The phone's script is `play.js`
followed by each game's own play, `static/games/<record name>.js`: every one the package
holds, with no list to keep (`GAME_SCRIPTS`), in the one file the page asks for, so a
phone opens no more connections for them (`gate.PER_ADDRESS`). The pages allow no
script, style or connection but the box's own (`page_headers`). Every request is small
and checked: an unknown secret or token is refused, bodies and messages have a size
limit, and a phone that floods gets refused, then cut off; nothing it sends changes the
game unless the table accepts it as an event.

Admission (`gate.py` for the connections themselves): a websocket counts toward
`MAX_PHONES` only once it said a valid hello, and one that has not within
`HELLO_SECONDS` is closed, so idle sockets cannot lock phones out. A seated phone with
its token always gets in: it replaces its seat's older connection, or a spectator
when the box is full. A request that carries an `id` already answered for its seat gets
that first answer again and changes nothing (a phone resends what it is unsure of).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import threading
import time
from importlib import resources
from typing import Any

from aiohttp import WSCloseCode, WSMsgType, web

from pi_app.ai import seat_names
from pi_app.errors import describe
from pi_app.i18n import LANGUAGES, N_, Translator, translate
from pi_app.web.games import phone_kinds
from pi_app.web.gate import Gate, GuardedSite
from pi_app.web.hub import Hub, Published
from pi_app.web.requests import PhoneRequest, Reply, ended, refusal
from pi_app.web.texts import game_title, page_texts
from pi_app.web.views import phone_view, seats_of, summary
from pi_app.wifi.portal import Portal

log = logging.getLogger(__name__)
_ = Translator("web")

PORT = 8370  # the documented port of the box's phone pages
MAX_BODY = 4096  # bytes of an HTTP request body
MAX_MESSAGE = 2048  # bytes of a websocket message
MAX_PHONES = 64  # websockets that said a valid hello, at once
HELLO_SECONDS = 5.0  # for a new websocket to say a valid hello
CLOSE_SECONDS = 0.5  # for a phone to answer the box's closing of its websocket
KEEPALIVE_SECONDS = 15.0  # an idle kept-alive HTTP connection is closed after this
REMEMBERED = 32  # request ids remembered per seat, with their answers
MAX_ID = 64  # characters of a request id
UNKNOWN_CLOSE = 4403  # the websocket code after "unknown": the page does not retry
REPLACED_CLOSE = 4409  # the seat's newer connection took over
RATE, BURST = 5.0, 10  # messages per second a phone may send, and its burst
STRIKES = 20  # messages refused for flooding before the phone is cut off
REPLY_SECONDS = 5.0  # how long a phone waits for the table's answer
STALE_LINK = N_("This link is not for the game on the box now: scan its code again.")
NO_SEAT = N_("This phone holds no seat at the game on the box now: scan its code again.")
UNREADABLE = N_("That message cannot be read.")
LATE = N_("The box did not answer in time; try again.")
NO_HELLO = N_("Say who you are first: open the link from the box's code again.")
STATIC = {
    "common.js": "text/javascript",
    "play.js": "text/javascript",
    "join.js": "text/javascript",
    "style.css": "text/css",
}
GAMES_FOLDER = "games"  # static/games/<record name>.js: a game's own play on the phone
_HOST = re.compile(r"(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")


def _language(request: web.Request) -> str:
    """The phone's language from Accept-Language (fr, de or en; French by default)."""
    for part in request.headers.get("Accept-Language", "").split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in LANGUAGES:
            return tag
    return "fr"


def _parse(data: str) -> dict[str, Any] | None:
    """A JSON object from a phone, or None.

    Anything JSON can carry comes in: nesting too deep to read (RecursionError) or a
    lone surrogate (`"\\ud800"`, which no reply could carry back) is unreadable too.
    """
    try:
        value = json.loads(data)
        json.dumps(value, ensure_ascii=False).encode("utf-8")
    except (ValueError, RecursionError):  # UnicodeEncodeError is a ValueError
        return None
    return value if isinstance(value, dict) else None


def _read(data: str) -> dict[str, Any] | None:
    """A phone's websocket message: a JSON object with a string `type`, or None."""
    message = _parse(data)
    return message if message is not None and isinstance(message.get("type"), str) else None


def _ident(value: object) -> str | int | None:
    """A request's id as the phone will recognise it: a short string or a safe integer."""
    if isinstance(value, str) and len(value) <= MAX_ID:
        return value
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**53:
        return value
    return None


def _asset(name: str) -> bytes:
    return resources.files("pi_app.web").joinpath("static", *name.split("/")).read_bytes()


def game_scripts() -> tuple[str, ...]:
    """Each game's own play on the phone's page, `games/<record name>.js`, as the package
    holds them: a new game's script is served and loaded without a line elsewhere."""
    folder = resources.files("pi_app.web").joinpath("static", GAMES_FOLDER)
    if not folder.is_dir():
        return ()
    names = (entry.name for entry in folder.iterdir() if entry.is_file())
    return tuple(sorted(f"{GAMES_FOLDER}/{name}" for name in names if name.endswith(".js")))


GAME_SCRIPTS = game_scripts()


def play_script() -> bytes:
    """play.js, then each game's own play (`GAME_SCRIPTS`), which registers itself in
    play.js's registry: the phone's one script, as /static/play.js."""
    parts = [_asset("play.js")]
    for name in GAME_SCRIPTS:
        parts.append(f"\n// ---- static/{name} ----\n".encode() + _asset(name))
    return b"".join(parts)


def page_headers(host: str) -> dict[str, str]:
    """A page's headers: scripts, styles, images and connections from the box alone
    (its websocket named outright for browsers whose 'self' leaves ws: out), no inline
    script or style, no frame, form or base, and no referrer (a link holds the secret)."""
    sockets = f" ws://{host} wss://{host}" if _HOST.fullmatch(host) else ""
    policy = (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
        f"connect-src 'self'{sockets}; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'"
    )
    return {
        "Content-Security-Policy": policy,
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
    }


class Phone:
    """One open websocket: the seat it holds (None: a spectator) and its rate budget."""

    def __init__(self, socket: web.WebSocketResponse, lang: str) -> None:
        self.socket = socket
        self.lang = lang
        self.seat: str | None = None
        self.token: str | None = None
        self.watching = False
        self.admitted = False  # said a valid hello: counts toward MAX_PHONES
        self.budget = float(BURST)
        self.stamp = time.monotonic()
        self.strikes = 0

    def spend(self) -> bool:
        """One message from the budget; False when the phone sends too fast."""
        now = time.monotonic()
        self.budget = min(BURST, self.budget + (now - self.stamp) * RATE)
        self.stamp = now
        if self.budget < 1:
            self.strikes += 1
            return False
        self.budget -= 1
        return True


class PhoneServer:
    """The server on its own thread; `start` returns the port it listens on."""

    def __init__(self, hub: Hub, host: str = "0.0.0.0", port: int = PORT) -> None:
        self.hub = hub
        self.host = host
        self.port = port
        self.phones: set[Phone] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self.portal: Portal | None = None  # the box's own Wi-Fi's port-80 answers
        self._portal_runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._summarised: tuple[int, dict[str, Any]] = (0, {})  # (version, its summary)
        self.gate = Gate()
        self.greeting: set[Phone] = set()  # websockets that have not said a valid hello yet
        self._answers: dict[str, dict[str | int, asyncio.Task[Reply]]] = {}
        self._closing: set[asyncio.Task[None]] = set()
        self._working: set[asyncio.Task[Reply]] = set()
        self._play_js = play_script()  # composed once
        hub.on_publish(self._published)

    # -- life -----------------------------------------------------------------------

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
        runner = web.AppRunner(
            app, access_log=None, keepalive_timeout=KEEPALIVE_SECONDS, shutdown_timeout=1.0
        )
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
        for task in list(self._working):  # requests still waiting for the table's owner
            task.cancel()
        phones = [*self.phones, *self.greeting]
        self.phones.clear()
        await asyncio.gather(
            *(
                self._close(phone, WSCloseCode.GOING_AWAY, b"the box is stopping")
                for phone in phones
            )
        )
        if self._portal_runner is not None:
            await self._portal_runner.cleanup()
        if self._runner is not None:
            await self._runner.cleanup()

    def _serve(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
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
        app.add_routes(
            [
                web.get("/j/{secret}", self._join_page),
                web.get("/play", self._play_page),
                web.get("/static/{name}", self._static),
                web.get("/texts/{lang}.json", self._texts),
                web.get("/api/seats", self._seats),
                web.post("/api/claim", self._claim),
                web.get("/ws", self._socket),
            ]
        )
        self._runner = web.AppRunner(
            app, access_log=None, keepalive_timeout=KEEPALIVE_SECONDS, shutdown_timeout=1.0
        )
        await self._runner.setup()
        site = GuardedSite(self._runner, self.host, self.port, self.gate)
        await site.start()
        self.port = int(self._runner.addresses[0][1])  # the port chosen for port 0

    def _loop_fault(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The loop's own faults (accept() out of file descriptors...), logged quietly."""
        message = str(context.get("message", "event loop fault"))
        error = context.get("exception")
        self.gate.quiet.say(
            message[:40], "phones: %s %s", message, describe(error) if error else ""
        )

    # -- pages ----------------------------------------------------------------------

    async def _join_page(self, request: web.Request) -> web.Response:
        if not self.hub.seats.secret_matches(request.match_info["secret"]):
            return self._refused(request, STALE_LINK, 403)
        return self._page(request, _asset("join.html"))

    async def _play_page(self, request: web.Request) -> web.Response:
        return self._page(request, _asset("play.html"))

    def _page(self, request: web.Request, body: bytes) -> web.Response:
        headers = page_headers(request.host)
        return web.Response(body=body, content_type="text/html", headers=headers)

    async def _static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound()
        body = self._play_js if name == "play.js" else _asset(name)
        headers = {"X-Content-Type-Options": "nosniff"}
        return web.Response(body=body, content_type=STATIC[name], headers=headers)

    async def _texts(self, request: web.Request) -> web.Response:
        lang = request.match_info["lang"]
        if lang not in LANGUAGES:
            raise web.HTTPNotFound()
        return web.json_response(page_texts(lang))

    def _refused(self, request: web.Request, message: str, status: int) -> web.Response:
        text = translate(message, "web", _language(request))
        return web.json_response({"ok": False, "message": text}, status=status)

    # -- seats ----------------------------------------------------------------------

    async def _seats(self, request: web.Request) -> web.Response:
        if not self.hub.seats.secret_matches(request.query.get("secret")):
            return self._refused(request, STALE_LINK, 403)
        if self.portal is not None and request.remote:
            self.portal.join_opened(request.remote)
        published = self.hub.published
        held = self.hub.seats.holders()
        lang = _language(request)
        seats = self._table_seats()
        names = (
            {}
            if published is None
            else seat_names(published.game.name, seats, published.extras, lang)
        )
        return web.json_response(
            {
                "ok": True,
                "game": None if published is None else game_title(published.game.title, lang),
                "seats": [
                    {"name": seat, "shown": names.get(seat, seat), "held": seat in held}
                    for seat in seats
                ],
            }
        )

    def _table_seats(self) -> list[str]:
        """The seats of the game the box publishes (none before a game starts)."""
        published = self.hub.published
        if published is None:
            return []
        return seats_of(published.game, published.state)

    async def _claim(self, request: web.Request) -> web.Response:
        try:
            body = _parse(await request.text())
        except (ValueError, web.HTTPRequestEntityTooLarge):
            return self._refused(request, UNREADABLE, 400)
        if body is None:
            return self._refused(request, UNREADABLE, 400)
        if not self.hub.seats.secret_matches(body.get("secret")):
            return self._refused(request, STALE_LINK, 403)
        seat = body.get("seat")
        if not isinstance(seat, str) or seat not in self._table_seats():
            return self._refused(request, N_("There is no such seat at this table."), 404)
        token = self.hub.claim(seat)
        if token is None:
            return self._refused(
                request, N_("Another phone holds this seat; the box can free it."), 409
            )
        log.info("a phone took the seat %s", seat)
        return web.json_response({"ok": True, "seat": seat, "token": token})

    # -- the websocket ----------------------------------------------------------------

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        socket = web.WebSocketResponse(
            max_msg_size=MAX_MESSAGE, heartbeat=20, timeout=CLOSE_SECONDS
        )
        await socket.prepare(request)
        phone = Phone(socket, _language(request))
        try:
            if await self._greet(phone):
                async for message in socket:
                    if message.type != WSMsgType.TEXT or not await self._take(phone, message.data):
                        break
        finally:
            self.phones.discard(phone)
        return socket

    async def _greet(self, phone: Phone) -> bool:
        """Wait for a valid hello (`HELLO_SECONDS` at most); False: the socket is closed."""
        deadline = time.monotonic() + HELLO_SECONDS
        self.greeting.add(phone)
        try:
            while not phone.admitted:
                left = deadline - time.monotonic()
                try:
                    message = await phone.socket.receive(timeout=max(left, 0.001))
                except TimeoutError:
                    await self._close(phone, WSCloseCode.POLICY_VIOLATION, b"no hello")
                    return False
                if message.type != WSMsgType.TEXT or not await self._take(phone, message.data):
                    return False
        finally:
            self.greeting.discard(phone)
        return True

    async def _take(self, phone: Phone, data: str) -> bool:
        """One text message from `phone`; False when the phone is cut off."""
        if not phone.spend():
            if phone.strikes >= STRIKES:
                return False
            await self._refuse(phone, N_("Too many messages: slow down."))
            return True
        await self._message(phone, data)
        return not phone.socket.closed

    def _say(self, phone: Phone, message: str, **params: object) -> str:
        return translate(message, "web", phone.lang).format(**params)

    async def _message(self, phone: Phone, data: str) -> None:
        message = _read(data)
        if message is None:
            await self._refuse(phone, UNREADABLE)
            return
        kind = message["type"]
        if isinstance(message.get("lang"), str) and message["lang"] in LANGUAGES:
            phone.lang = message["lang"]
        if kind == "hello":
            await self._hello(phone, message)
        elif not phone.admitted:
            await self._refuse(phone, NO_HELLO, _ident(message.get("id")))
        elif kind == "lang":
            await self._send_view(phone)
        elif kind == "flag" or kind in phone_kinds():
            await self._act(phone, kind, message)
        else:
            await self._refuse(phone, UNREADABLE, _ident(message.get("id")))

    async def _hello(self, phone: Phone, message: dict[str, Any]) -> None:
        """A phone says who it is: a seat's token, or the join secret to watch."""
        seat = self.hub.seats.seat_of(message.get("token"))
        if seat is not None:
            phone.seat, phone.token, phone.watching = seat, message["token"], False
        elif self.hub.seats.secret_matches(message.get("secret")):
            phone.seat, phone.token, phone.watching = None, None, True
        else:
            phone.seat, phone.watching = None, False
            await self._send_unknown(phone)
            self.phones.discard(phone)
            await self._close(phone, UNKNOWN_CLOSE, b"unknown")
            return
        if not self._admit(phone):
            await self._close(phone, WSCloseCode.TRY_AGAIN_LATER, b"too many phones")
            return
        await self._send_view(phone)

    def _admit(self, phone: Phone) -> bool:
        """Count `phone` among the phones; a seat's phone always gets in (see the module)."""
        others = [other for other in self.phones if other is not phone]
        if phone.seat is not None:
            for other in others:
                if other.seat == phone.seat:  # the seat's older connection gives way
                    self._drop(other, REPLACED_CLOSE, b"replaced by a newer connection")
            others = [other for other in self.phones if other is not phone]
            watchers = [other for other in others if other.seat is None]
            if len(others) >= MAX_PHONES and watchers:
                self._drop(watchers[0], WSCloseCode.TRY_AGAIN_LATER, b"too many phones")
        elif len(others) >= MAX_PHONES:
            return False
        phone.admitted = True
        self.phones.add(phone)
        return True

    def _drop(self, phone: Phone, code: int, why: bytes) -> None:
        """Stop counting `phone` at once and close its websocket in the background."""
        self.phones.discard(phone)
        phone.admitted = False
        task = asyncio.get_running_loop().create_task(self._close(phone, code, why))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def _close(self, phone: Phone, code: int, why: bytes) -> None:
        with contextlib.suppress(Exception):  # a phone gone already is closed enough
            await phone.socket.close(code=code, message=why)

    async def _act(self, phone: Phone, kind: str, message: dict[str, Any]) -> None:
        ident = _ident(message.get("id"))
        held = self.hub.seats.holder(phone.token)
        if phone.seat is None or held is None or held[1] != phone.seat:
            reply = refusal(NO_SEAT, phone.lang)
        elif message.get("game", held[0]) != held[0]:  # the phone showed another game
            reply = ended(phone.lang)
        elif ident is None or phone.token is None:
            reply = await self._carry_out(phone, held, kind, message)
        else:
            reply = await self._once(phone, phone.token, ident, held, kind, message)
        said = {"type": "reply", "id": ident, "ok": reply.ok, "message": reply.message}
        await self._send(phone, {**said, "ended": True} if reply.ended else said)
        if reply.ended:
            await self._follow(phone)

    async def _follow(self, phone: Phone) -> None:
        """The phone's request was for a game left since: it follows to the game on the
        box, seated there if its token holds a seat in it, told it holds none if not."""
        if self.hub.seats.seat_of(phone.token) != phone.seat:
            await self._send_unknown(phone)
            phone.seat = None
            return
        await self._send_view(phone)

    async def _once(
        self,
        phone: Phone,
        token: str,
        ident: str | int,
        held: tuple[int, str],
        kind: str,
        message: dict[str, Any],
    ) -> Reply:
        """The answer to request `ident` of the seat holding `token`, carried out once.

        The first answer is kept even when it comes after the phone stopped waiting, so
        a resend after "the box did not answer in time" hears what really happened.
        """
        answered = self._answers.setdefault(token, {})
        first = answered.get(ident)
        if first is None or first.cancelled():
            first = asyncio.get_running_loop().create_task(
                self._carry_out(phone, held, kind, message, None)
            )
            self._working.add(first)  # the loop keeps only weak references to tasks
            first.add_done_callback(self._working.discard)
            answered[ident] = first
            while len(answered) > REMEMBERED:
                del answered[next(iter(answered))]
        done, _ = await asyncio.wait([first], timeout=REPLY_SECONDS)
        if first in done and not first.cancelled() and first.exception() is None:
            return first.result()
        return refusal(LATE, phone.lang)

    async def _carry_out(
        self,
        phone: Phone,
        held: tuple[int, str],
        kind: str,
        message: dict[str, Any],
        limit: float | None = REPLY_SECONDS,
    ) -> Reply:
        """Hand the request to the table's owner, for the game and seat `held` (the
        game the token is of: the request is carried out on that game only); its reply
        once the event is on disk (or the refusal `LATE` after `limit` seconds; None:
        however long it takes)."""
        game_id, seat = held
        fields = {k: v for k, v in message.items() if k not in ("type", "id", "lang", "game")}
        future = self.hub.submit(PhoneRequest(seat, kind, fields, phone.lang, game_id))
        try:
            reply = await asyncio.wait_for(asyncio.wrap_future(future), limit)
            if reply.ok and reply.ticket:
                await self._on_disk(reply.ticket)
        except TimeoutError:
            reply = refusal(LATE, phone.lang)
        return reply

    async def _on_disk(self, ticket: int) -> None:
        """Wait (a while at most) until the journal holds the phone's event: only then
        is it acknowledged, so a pulled plug never loses what a phone was told is done."""
        loop = asyncio.get_running_loop()
        written: asyncio.Future[None] = loop.create_future()

        def finish() -> None:
            if not written.done():
                written.set_result(None)

        def done() -> None:
            loop.call_soon_threadsafe(finish)

        self.hub.when_durable(ticket, done)
        with contextlib.suppress(TimeoutError):  # a failing card: the box says so itself
            await asyncio.wait_for(written, REPLY_SECONDS)

    # -- views ----------------------------------------------------------------------

    def _view(self, phone: Phone, published: Published | None) -> dict[str, Any]:
        if published is None:
            return {"type": "state", "view": None, "screen": self.hub.screen}
        base = self._summary(published)
        view = phone_view(
            published.game,
            published.state,
            phone.seat,
            published.game_id,
            base,
            phone.lang,
            published.extras,
        )
        view["phones"] = sorted(self.hub.seats.holders())
        if published.timer is not None:
            left = max(0.0, published.timer_ends - time.monotonic())
            timer = published.timer
            view["timer"] = {"kind": timer.kind, "seconds": timer.seconds, "left": round(left, 2)}
        return {
            "type": "state",
            "version": published.version,
            "view": view,
            "screen": self.hub.screen,
        }

    def _summary(self, published: Published) -> dict[str, Any]:
        """The scores and rounds of a published state, re-scored once for every phone."""
        if self._summarised[0] != published.version:
            self._summarised = (published.version, summary(published.game, published.state))
        return self._summarised[1]

    async def _send_view(self, phone: Phone) -> None:
        await self._send(phone, self._view(phone, self.hub.published))

    async def _send(self, phone: Phone, payload: dict[str, Any]) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):  # the phone went away
            await phone.socket.send_str(json.dumps(payload, ensure_ascii=False))

    async def _send_unknown(self, phone: Phone) -> None:
        """Tell a phone it holds no seat (a wrong token, or its seat was freed)."""
        await self._send(phone, {"type": "unknown", "message": self._say(phone, NO_SEAT)})

    async def _refuse(self, phone: Phone, message: str, ident: object = None) -> None:
        said = self._say(phone, message)
        await self._send(phone, {"type": "reply", "id": ident, "ok": False, "message": said})

    def _published(self, published: Published | None) -> None:
        """A new state (on the owner's thread): push it from the server's thread."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(lambda: loop.create_task(self._broadcast(published)))

    async def _broadcast(self, published: Published | None) -> None:
        if published is not None:
            await asyncio.get_running_loop().run_in_executor(
                None, self.hub.seats.game, published.game_id
            )
        for phone in list(self.phones):
            if phone.seat is not None and self.hub.seats.seat_of(phone.token) != phone.seat:
                await self._send_unknown(phone)
                phone.seat = None
                continue
            if phone.seat is not None or phone.watching:
                await self._send(phone, self._view(phone, published))

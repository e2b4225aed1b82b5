"""The big screen's routes: `/tv` and what it loads, and `/tv/ws`, the TVs' websocket.

A TV needs no key and no seat: it shows what the whole table may see (`tv_view`), so
its socket takes nothing from it but its language (`{"type": "lang", "lang": "de"}`).
It is bounded like a phone's: a message of `MAX_MESSAGE` bytes at most, the phones'
rate budget (`phone.RATE`, cut off after `phone.STRIKES` refusals), and `MAX_TVS`
screens at once (one more is closed at once, as the box's busy phones are).

It follows the hub: every publish (a tap on the box, a phone, the host's phone, the
computer) is pushed to every TV, the view built once per state and language. Seats
taken by phones change no state of the game, so the TVs also look at the seats held
every `SEATS_LOOK` seconds, and are told when they changed: the lobby fills as phones
join. The page's script is `tv.js` followed by every game's `static/tv/<record
name>.js`, served as one file like the phone's (`pages.composed_script`). A TV's socket
is kept as a `Phone` that is never admitted among the phones: its language, its rate
budget and its sending are a phone's.
"""

from __future__ import annotations

import asyncio
import contextlib

from aiohttp import WSCloseCode, WSMsgType, web

from pi_app.i18n import LANGUAGES, current_language
from pi_app.table.summary import GameSummary
from pi_app.web.hub import Hub, Published
from pi_app.web.messages import read
from pi_app.web.pages import (
    asset,
    composed_script,
    html_page,
    named_host,
    page_language,
    scripts_in,
    static_file,
)
from pi_app.web.phone import STRIKES, Phone
from pi_app.web.qr_image import qr_svg
from pi_app.web.tv_texts import tv_texts
from pi_app.web.tv_view import Json, game_summary, message, timer_json, tv_json

MAX_TVS = 8  # big screens at once
MAX_MESSAGE = 256  # bytes of a message from a TV (it only ever says its language)
SEATS_LOOK = 0.5  # seconds between two looks at the seats the phones hold
TV_FOLDER = "tv"  # static/tv/<record name>.js: a game's own drawing on the big screen
STATIC = {"tv.js": "text/javascript", "tv.css": "text/css"}


class TvScreens:
    """The TVs' pages and sockets; `loop` is the server's, set once it runs."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.screens: set[Phone] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self._script = composed_script("tv.js", scripts_in(TV_FOLDER))
        self._summary: tuple[int, GameSummary | None] = (0, None)
        self._built: dict[tuple[object, ...], Json] = {}
        self._seen_seats: tuple[str, ...] = ()
        self._watch: asyncio.Task[None] | None = None
        hub.on_publish(self._published)

    def routes(self) -> list[web.RouteDef]:
        return [
            web.get("/tv", self._page),
            web.get("/tv/ws", self._socket),
            web.get("/tv/texts/{lang}.json", self._texts),
            web.get("/tv/static/{name}", self._static),
            web.get("/tv/qr.svg", self._qr),
        ]

    # -- the pages --------------------------------------------------------------------

    async def _page(self, request: web.Request) -> web.Response:
        return html_page(request, asset("tv.html"))

    async def _static(self, request: web.Request) -> web.Response:
        return static_file(request.match_info["name"], STATIC, {"tv.js": self._script})

    async def _texts(self, request: web.Request) -> web.Response:
        return web.json_response(tv_texts(page_language(request)))

    async def _qr(self, request: web.Request) -> web.Response:
        """The join code of the game on the box, for the address the TV reached the box
        by (the phones are on the same network as the TV)."""
        link = self.join_path()
        if link is None or not named_host(request.host):
            raise web.HTTPNotFound()
        body = qr_svg(f"http://{request.host}{link}")
        headers = {"X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"}
        return web.Response(body=body, content_type="image/svg+xml", headers=headers)

    def join_path(self) -> str | None:
        """The join link's path of the game the box publishes (None: none is open)."""
        published = self.hub.published
        if published is None:
            return None
        secret = self.hub.seats.current_secret(published.game_id)
        return None if secret is None else f"/j/{secret}"

    # -- the sockets ------------------------------------------------------------------

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        socket = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=20, timeout=0.5)
        await socket.prepare(request)
        asked = request.query.get("lang", "")
        screen = Phone(socket, asked if asked in LANGUAGES else current_language())
        if len(self.screens) >= MAX_TVS:
            await screen.close(WSCloseCode.TRY_AGAIN_LATER, b"too many screens")
            return socket
        self.screens.add(screen)
        self._start_watch()
        try:
            await screen.send(self.tv_message(self.hub.published, screen.lang))
            async for said in socket:
                if said.type != WSMsgType.TEXT or not await self._take(screen, said.data):
                    break
        finally:
            self.screens.discard(screen)
        return socket

    async def _take(self, screen: Phone, data: str) -> bool:
        """One message of a TV (its language); False when it is cut off."""
        if not screen.spend():
            return screen.strikes < STRIKES
        said = read(data)
        if said is not None and said["type"] == "lang" and said.get("lang") in LANGUAGES:
            screen.lang = str(said["lang"])
            await screen.send(self.tv_message(self.hub.published, screen.lang))
        return True

    def _published(self, published: Published | None) -> None:
        """A new state (on the owner's thread): pushed from the server's thread."""
        loop = self.loop
        if loop is not None and not loop.is_closed() and self.screens:
            loop.call_soon_threadsafe(lambda: loop.create_task(self.push(published)))

    async def push(self, published: Published | None) -> None:
        """Send every TV its view of `published`."""
        for screen in list(self.screens):
            await screen.send(self.tv_message(published, screen.lang))

    def _start_watch(self) -> None:
        if self._watch is None or self._watch.done():
            self._watch = asyncio.get_running_loop().create_task(self._watch_seats())

    async def _watch_seats(self) -> None:
        """While a TV is open: push when the seats the phones hold change."""
        while self.screens:
            held = tuple(self.hub.held())
            if held != self._seen_seats:
                self._seen_seats = held
                await self.push(self.hub.published)
            await asyncio.sleep(SEATS_LOOK)

    def tv_message(self, published: Published | None, lang: str) -> Json:
        """The message of a TV in `lang` (built once per state, language and seats)."""
        if published is None:
            return {**message(None, 0, self.hub.screen), "lang": lang}
        held = self.hub.held()
        key = (published.version, lang, tuple(held), self.hub.screen)
        if key not in self._built:
            if len(self._built) > 4 * len(LANGUAGES):
                self._built.clear()
            view = tv_json(published, lang, self._summary_of(published), held, self.join_path())
            self._built[key] = message(view, published.version, self.hub.screen)
        built = {**self._built[key], "lang": lang}
        if published.timer is None:
            return built
        return {**built, "view": {**built["view"], "timer": timer_json(published)}}

    def _summary_of(self, published: Published) -> GameSummary | None:
        """The game's summary, made once per published state for every TV."""
        if self._summary[0] != published.version:
            self._summary = (published.version, game_summary(published))
        return self._summary[1]

    async def close_all(self) -> None:
        """Close every TV's socket (the box stops)."""
        screens = list(self.screens)
        self.screens.clear()
        if self._watch is not None:
            self._watch.cancel()
            with contextlib.suppress(BaseException):
                await self._watch
        await asyncio.gather(
            *(s.close(WSCloseCode.GOING_AWAY, b"the box is stopping") for s in screens)
        )

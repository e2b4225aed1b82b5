"""Taking a seat over plain HTTP: `/api/seats` lists the seats of the game on the box,
`/api/claim` takes a free one and gives its token (`seats.py`).

Both want the join secret of the game on the box: an old link is refused
(`STALE_LINK`). The claim's body is bounded (`server.MAX_BODY`) and read with care.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from aiohttp import web

from pi_app.ai import seat_names
from pi_app.i18n import N_, Translator
from pi_app.web.answers import LATE, REPLY_SECONDS
from pi_app.web.hub import Hub
from pi_app.web.messages import UNREADABLE, language, parse, refused
from pi_app.web.pages import STALE_LINK
from pi_app.web.requests import CLAIM, PhoneRequest, Reply
from pi_app.web.texts import game_title
from pi_app.web.views import seats_of
from pi_app.wifi.portal import Portal

log = logging.getLogger(__name__)
_ = Translator("web")


class SeatRoutes:
    """The seats' routes; `portal` gives the box's own Wi-Fi's answers when they run,
    told when a phone opened its join link (the phone's sign-in page may then close)."""

    def __init__(self, hub: Hub, portal: Callable[[], Portal | None]) -> None:
        self.hub = hub
        self.portal = portal

    def routes(self) -> list[web.RouteDef]:
        return [web.get("/api/seats", self._seats), web.post("/api/claim", self._claim)]

    async def _seats(self, request: web.Request) -> web.Response:
        if not self.hub.seats.secret_matches(request.query.get("secret")):
            return refused(request, STALE_LINK, 403)
        portal = self.portal()
        if portal is not None and request.remote:
            portal.join_opened(request.remote)
        published = self.hub.published
        held = self.hub.seats.holders()
        lang = language(request)
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
            body = parse(await request.text())
        except (ValueError, web.HTTPRequestEntityTooLarge):
            return refused(request, UNREADABLE, 400)
        if body is None:
            return refused(request, UNREADABLE, 400)
        if not self.hub.seats.secret_matches(body.get("secret")):
            return refused(request, STALE_LINK, 403)
        seat = body.get("seat")
        published = self.hub.published
        if published is None or not isinstance(seat, str) or seat not in self._table_seats():
            return refused(request, N_("There is no such seat at this table."), 404)
        reply = await self._taken(
            PhoneRequest(seat, CLAIM, {}, language(request), published.game_id)
        )
        if reply is None or reply.ended:
            return refused(request, STALE_LINK if reply else LATE, 403 if reply else 503)
        if not reply.ok:
            return refused(request, N_("Another phone holds this seat; the box can free it."), 409)
        log.info("a phone took the seat %s", seat)
        return web.json_response({"ok": True, "seat": seat, "token": reply.token})

    async def _taken(self, request: PhoneRequest) -> Reply | None:
        """The box's answer to a claim (a seat is taken through the core's door, on its
        loop's thread); None when it does not come in time."""
        future = self.hub.submit(request)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(future), REPLY_SECONDS)
        except TimeoutError:
            return None

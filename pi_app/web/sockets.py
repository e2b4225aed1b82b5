"""The phones' websocket (`/ws`): each message read, bounded and sent where it goes.

A message is at most `MAX_MESSAGE` bytes; a phone that sends faster than its budget
(`phone.RATE`) is refused, then cut off. Before its hello a phone may say nothing
else (`NO_HELLO`); once admitted, "lang" gets its view (or its game paused) again in
its language, and a game's request (or a flag) is carried out (`answers.Answers`).
Nothing a phone sends changes the game unless the table accepts it as an event.
"""

from __future__ import annotations

from aiohttp import WSMsgType, web

from pi_app.i18n import LANGUAGES, N_, Translator
from pi_app.web.admission import Admission
from pi_app.web.answers import Answers
from pi_app.web.broadcast import Broadcast
from pi_app.web.games import phone_kinds
from pi_app.web.messages import UNREADABLE, ident, language, read
from pi_app.web.phone import STRIKES, Phone

_ = Translator("web")

MAX_MESSAGE = 2048  # bytes of a websocket message
CLOSE_SECONDS = 0.5  # for a phone to answer the box's closing of its websocket
NO_HELLO = N_("Say who you are first: open the link from the box's code again.")


class Sockets:
    """The websocket route: a phone's life from its hello to its going."""

    def __init__(self, admission: Admission, answers: Answers, broadcast: Broadcast) -> None:
        self.admission = admission
        self.answers = answers
        self.broadcast = broadcast

    def routes(self) -> list[web.RouteDef]:
        return [web.get("/ws", self._socket)]

    async def _socket(self, request: web.Request) -> web.StreamResponse:
        socket = web.WebSocketResponse(
            max_msg_size=MAX_MESSAGE, heartbeat=20, timeout=CLOSE_SECONDS
        )
        await socket.prepare(request)
        phone = Phone(socket, language(request))
        try:
            if await self.admission.greet(phone, self._take):
                async for message in socket:
                    if message.type != WSMsgType.TEXT or not await self._take(phone, message.data):
                        break
        finally:
            self.admission.phones.discard(phone)
        return socket

    async def _take(self, phone: Phone, data: str) -> bool:
        """One text message from `phone`; False when the phone is cut off."""
        if not phone.spend():
            if phone.strikes >= STRIKES:
                return False
            await phone.refuse(N_("Too many messages: slow down."))
            return True
        await self._message(phone, data)
        return not phone.socket.closed

    async def _message(self, phone: Phone, data: str) -> None:
        message = read(data)
        if message is None:
            await phone.refuse(UNREADABLE)
            return
        kind = message["type"]
        if isinstance(message.get("lang"), str) and message["lang"] in LANGUAGES:
            phone.lang = message["lang"]
        if kind == "hello":
            if await self.admission.hello(phone, message):
                await self.broadcast.show(phone)
        elif not phone.admitted:
            await phone.refuse(NO_HELLO, ident(message.get("id")))
        elif kind == "lang":
            await self.broadcast.show(phone)
        elif kind == "flag" or kind in phone_kinds():
            await self.answers.act(phone, kind, message)
        else:
            await phone.refuse(UNREADABLE, ident(message.get("id")))

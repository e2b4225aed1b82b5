"""Which websockets count as phones: the hello that admits one, the cap on how many,
and the closing of those that go.

A websocket counts toward `MAX_PHONES` only once it said a valid hello (a seat's token,
or the join secret to watch), and one that has not within `HELLO_SECONDS` is closed, so
idle sockets cannot lock phones out. A seated phone with its token always gets in: it
replaces its seat's older connection (`REPLACED_CLOSE`), or a spectator when the box
is full. So does the phone of a seat at a paused game: it holds that seat, and is
seated again when the box resumes its game. A hello the box does not know (a token of
no kept book or of a game over, no secret of the game on the box) is told "unknown"
and closed with `UNKNOWN_CLOSE`, after which the page does not retry. (`gate.py`
bounds the connections themselves.)
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import WSCloseCode, WSMsgType

from pi_app.web.hub import Hub
from pi_app.web.phone import Phone
from pi_app.web.standing import tell_unknown

MAX_PHONES = 64  # websockets that said a valid hello, at once
HELLO_SECONDS = 5.0  # for a new websocket to say a valid hello
UNKNOWN_CLOSE = 4403  # the websocket code after "unknown": the page does not retry
REPLACED_CLOSE = 4409  # the seat's newer connection took over

Take = Callable[[Phone, str], Awaitable[bool]]
"""Reads one text message of a phone; False when the phone is cut off."""


class Admission:
    """The admitted phones (`phones`) and those still to say hello (`greeting`)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.phones: set[Phone] = set()
        self.greeting: set[Phone] = set()  # websockets that have not said a valid hello yet
        self._closing: set[asyncio.Task[None]] = set()

    async def greet(self, phone: Phone, take: Take) -> bool:
        """Wait for a valid hello (`HELLO_SECONDS` at most), each message read by
        `take`; False: the socket is closed."""
        deadline = time.monotonic() + HELLO_SECONDS
        self.greeting.add(phone)
        try:
            while not phone.admitted:
                left = deadline - time.monotonic()
                try:
                    message = await phone.socket.receive(timeout=max(left, 0.001))
                except TimeoutError:
                    await phone.close(WSCloseCode.POLICY_VIOLATION, b"no hello")
                    return False
                if message.type != WSMsgType.TEXT or not await take(phone, message.data):
                    return False
        finally:
            self.greeting.discard(phone)
        return True

    async def hello(self, phone: Phone, message: dict[str, Any]) -> bool:
        """A phone says who it is: a seat's token (of the game on the box or of a paused
        one), or the join secret to watch. True when it is admitted (and is to be shown
        its view, or its game paused); False: it is closed."""
        held = self.hub.seats.lookup(message.get("token"))
        if held is not None:
            phone.held, phone.token, phone.watching = held, message["token"], False
        elif self.hub.seats.secret_matches(message.get("secret")):
            phone.held, phone.token, phone.watching = None, None, True
        else:
            phone.held, phone.watching = None, False
            await tell_unknown(phone)
            self.phones.discard(phone)
            await phone.close(UNKNOWN_CLOSE, b"unknown")
            return False
        if not self._admit(phone):
            await phone.close(WSCloseCode.TRY_AGAIN_LATER, b"too many phones")
            return False
        return True

    def _admit(self, phone: Phone) -> bool:
        """Count `phone` among the phones; a seat's phone always gets in (see the module)."""
        others = [other for other in self.phones if other is not phone]
        if phone.held is not None:
            for other in others:
                if _same_seat(other, phone):  # the seat's older connection gives way
                    self._drop(other, REPLACED_CLOSE, b"replaced by a newer connection")
            others = [other for other in self.phones if other is not phone]
            watchers = [other for other in others if other.held is None]
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
        task = asyncio.get_running_loop().create_task(phone.close(code, why))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def close_all(self) -> None:
        """Close every phone's websocket, admitted or still greeting (the box stops)."""
        phones = [*self.phones, *self.greeting]
        self.phones.clear()
        await asyncio.gather(
            *(phone.close(WSCloseCode.GOING_AWAY, b"the box is stopping") for phone in phones)
        )


def _same_seat(one: Phone, other: Phone) -> bool:
    """Whether two phones hold the same seat of the same game (at the box or paused)."""
    return (
        one.held is not None
        and other.held is not None
        and (one.held.game_id, one.held.seat) == (other.held.game_id, other.held.seat)
    )

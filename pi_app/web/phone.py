"""One phone's websocket as the server keeps it: who it is, its rate budget, and what
is said to it directly (a refusal, a closing).

Who it is: a spectator (`watching`), or the holder of a seat's token (`token`), whose
seat (`held`) is at the game on the box or at a paused one; only the first is its
`seat`, the one it plays.

A phone may send `RATE` messages a second with a burst of `BURST`; past its budget
each message is refused, and after `STRIKES` refusals it is cut off
(`sockets.Sockets`).
"""

from __future__ import annotations

import contextlib
import json
import time
from typing import Any

from aiohttp import web

from pi_app.box.seats import Held
from pi_app.i18n import translate

RATE, BURST = 5.0, 10  # messages per second a phone may send, and its burst
STRIKES = 20  # messages refused for flooding before the phone is cut off


class Phone:
    """One open websocket: the seat it holds (None: a spectator) and its rate budget."""

    def __init__(self, socket: web.WebSocketResponse, lang: str) -> None:
        self.socket = socket
        self.lang = lang
        self.token: str | None = None
        self.held: Held | None = None  # where its token holds a seat, as last looked up
        self.watching = False
        self.admitted = False  # said a valid hello: counts toward admission.MAX_PHONES
        self.budget = float(BURST)
        self.stamp = time.monotonic()
        self.strikes = 0

    @property
    def seat(self) -> str | None:
        """The seat it plays at the game on the box (None: a spectator, its game is
        paused, or it holds no seat)."""
        return self.held.seat if self.held is not None and self.held.current else None

    @property
    def paused(self) -> bool:
        """Whether its seat is at a paused game (kept for it until that game is back)."""
        return self.held is not None and not self.held.current

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

    def say(self, message: str, **params: object) -> str:
        """`message` in the phone's language."""
        return translate(message, "web", self.lang).format(**params)

    async def send(self, payload: dict[str, Any]) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):  # the phone went away
            await self.socket.send_str(json.dumps(payload, ensure_ascii=False))

    async def refuse(self, message: str, ident: object = None) -> None:
        said = self.say(message)
        await self.send({"type": "reply", "id": ident, "ok": False, "message": said})

    async def close(self, code: int, why: bytes) -> None:
        with contextlib.suppress(Exception):  # a phone gone already is closed enough
            await self.socket.close(code=code, message=why)

"""Pushing the table to the phones: each phone's view of each state the owner
publishes, from the server's thread.

The owner publishes on its own thread and never waits: `published` only hands the
state over to the server's loop. Every seated phone gets its seat's view, every
watching phone the spectators' (`views.phone_view`); the scores are counted once per
state for all of them. A phone whose token holds no seat of the game on the box any
more (its seat was freed) is told so, once.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from pi_app.i18n import N_, Translator
from pi_app.web.hub import Hub, Published
from pi_app.web.phone import Phone
from pi_app.web.views import phone_view, summary

_ = Translator("web")

NO_SEAT = N_("This phone holds no seat at the game on the box now: scan its code again.")


async def tell_unknown(phone: Phone) -> None:
    """Tell a phone it holds no seat (a wrong token, or its seat was freed)."""
    await phone.send({"type": "unknown", "message": phone.say(NO_SEAT)})


class Broadcast:
    """The views of the phones in `phones` (the admitted ones), pushed on each publish."""

    def __init__(self, hub: Hub, phones: set[Phone]) -> None:
        self.hub = hub
        self.phones = phones
        self.loop: asyncio.AbstractEventLoop | None = None  # the server's, once it runs
        self._summarised: tuple[int, dict[str, Any]] = (0, {})  # (version, its summary)
        hub.on_publish(self._published)

    def view(self, phone: Phone, published: Published | None) -> dict[str, Any]:
        """The state message of `phone`: what its seat (or a spectator) may see."""
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

    async def send_view(self, phone: Phone) -> None:
        await phone.send(self.view(phone, self.hub.published))

    def _published(self, published: Published | None) -> None:
        """A new state (on the owner's thread): push it from the server's thread."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(lambda: loop.create_task(self.broadcast(published)))

    async def broadcast(self, published: Published | None) -> None:
        if published is not None:
            await asyncio.get_running_loop().run_in_executor(
                None, self.hub.seats.game, published.game_id
            )
        for phone in list(self.phones):
            if phone.seat is not None and self.hub.seats.seat_of(phone.token) != phone.seat:
                await tell_unknown(phone)
                phone.seat = None
                continue
            if phone.seat is not None or phone.watching:
                await phone.send(self.view(phone, published))

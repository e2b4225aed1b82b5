"""Pushing the table to the phones: each phone's view of each state the owner
publishes, from the server's thread.

The owner publishes on its own thread and never waits: `published` only hands the
state over to the server's loop. Every seated phone gets its seat's view, every
watching phone the spectators' (`views.phone_view`); the scores are counted once per
state for all of them.

A seat's phone is looked up again at each state (`SeatBook.lookup`): its seat may be
at the game on the box (it gets its view), at a paused game (it is told so once, and
keeps its token: the box may resume that game, and the phone then gets its view at
once), or nowhere any more (its seat was freed, its game left or over: it is told
so once, and scans a code again).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from pi_app.web.hub import Hub, Published
from pi_app.web.phone import Phone
from pi_app.web.standing import tell_paused, tell_unknown
from pi_app.web.views import phone_view, summary


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
            return {"type": "state", "view": None, **self._who_moves_on()}
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
            **self._who_moves_on(),
        }

    def _who_moves_on(self) -> dict[str, bool]:
        """Whether the box has its screen, and whether a host's phone is connected: a box
        without a screen is moved on by the bell, or by the host's phone when there is one."""
        return {"screen": self.hub.screen, "host": self.hub.desk.connected}

    def _summary(self, published: Published) -> dict[str, Any]:
        """The scores and rounds of a published state, re-scored once for every phone."""
        if self._summarised[0] != published.version:
            self._summarised = (published.version, summary(published.game, published.state))
        return self._summarised[1]

    async def show(self, phone: Phone) -> None:
        """Send `phone` what it may see now: its game paused, or its view."""
        if phone.paused:
            await tell_paused(phone)
        else:
            await phone.send(self.view(phone, self.hub.published))

    async def tell(self, phone: Phone) -> None:
        """Look up where `phone`'s seat is now and tell it (`show`), or that it has none."""
        if await self._look_up(phone):
            await self.show(phone)

    async def _look_up(self, phone: Phone) -> bool:
        """Where `phone`'s token holds a seat now (`Phone.held`); False when it holds none
        any more: the phone is told so and forgets its token (it is then sent nothing)."""
        if phone.token is None:
            return True
        phone.held = self.hub.seats.lookup(phone.token)
        if phone.held is None:
            phone.token = None
            await tell_unknown(phone)
            return False
        return True

    def _published(self, published: Published | None) -> None:
        """A new state (on the owner's thread): push it from the server's thread."""
        loop = self.loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(lambda: loop.create_task(self.broadcast(published)))

    async def broadcast(self, published: Published | None) -> None:
        for phone in list(self.phones):
            before = phone.held
            if not await self._look_up(phone):
                continue
            if phone.seat is not None or phone.watching:
                await phone.send(self.view(phone, published))
            elif phone.paused and phone.held != before:  # told once, when its game left
                await tell_paused(phone)

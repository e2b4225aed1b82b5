"""Carrying out a phone's request: once per request id, by the table's owner, and
answered only once its event is on disk.

The request goes to the owner through the hub (`Hub.submit`) for the game and seat its
token holds, and is carried out on that game only. A request that carries an `id`
already answered for its seat gets that first answer again and changes nothing (a
phone resends what it is unsure of); `REMEMBERED` ids are kept per seat. The phone
waits `REPLY_SECONDS` at most; then it hears `LATE`, and a resend hears what really
happened.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from pi_app.i18n import N_, Translator
from pi_app.web.broadcast import Broadcast
from pi_app.web.hub import Hub
from pi_app.web.messages import ident as read_ident
from pi_app.web.phone import Phone
from pi_app.web.requests import PhoneRequest, Reply, ended, refusal
from pi_app.web.standing import NO_SEAT, PAUSED

_ = Translator("web")

REMEMBERED = 32  # request ids remembered per seat, with their answers
REPLY_SECONDS = 5.0  # how long a phone waits for the table's answer
LATE = N_("The box did not answer in time; try again.")


class Answers:
    """The requests of the seated phones, carried out by the table's owner."""

    def __init__(self, hub: Hub, broadcast: Broadcast) -> None:
        self.hub = hub
        self.broadcast = broadcast
        self._answers: dict[str, dict[str | int, asyncio.Task[Reply]]] = {}
        self._working: set[asyncio.Task[Reply]] = set()

    def cancel(self) -> None:
        """Stop waiting for the table's owner (the server is stopping)."""
        for task in list(self._working):
            task.cancel()

    async def act(self, phone: Phone, kind: str, message: dict[str, Any]) -> None:
        """Carry out `phone`'s request of `kind` and tell it the reply."""
        ident = read_ident(message.get("id"))
        held = self.hub.seats.holder(phone.token)
        if phone.seat is None or held is None or held[1] != phone.seat:
            reply = refusal(self._no_seat(phone), phone.lang)
        elif message.get("game", held[0]) != held[0]:  # the phone showed another game
            reply = ended(phone.lang)
        elif ident is None or phone.token is None:
            reply = await self._carry_out(phone, held, kind, message)
        else:
            reply = await self._once(phone, phone.token, ident, held, kind, message)
        said = {"type": "reply", "id": ident, "ok": reply.ok, "message": reply.message}
        await phone.send({**said, "ended": True} if reply.ended else said)
        if reply.ended:
            await self._follow(phone)

    def _no_seat(self, phone: Phone) -> str:
        """Why a phone with no seat at the game on the box may not act: its game is
        paused (it keeps its seat there), or it holds no seat at all."""
        held = self.hub.seats.lookup(phone.token)
        return PAUSED if held is not None and not held.current else NO_SEAT

    async def _follow(self, phone: Phone) -> None:
        """The phone's request was for a game left since: it follows to the game on the
        box, seated there if its token holds a seat in it, told its game is paused if
        its seat is at a paused game, told it holds none if neither."""
        await self.broadcast.tell(phone)

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
                await on_disk(self.hub, reply.ticket)
        except TimeoutError:
            reply = refusal(LATE, phone.lang)
        return reply


async def on_disk(hub: Hub, ticket: int) -> None:
    """Wait (a while at most) until the journal holds the event of `ticket`: only then
    is it acknowledged (to a phone, or the host), so a pulled plug never loses what
    someone was told is done."""
    loop = asyncio.get_running_loop()
    written: asyncio.Future[None] = loop.create_future()

    def finish() -> None:
        if not written.done():
            written.set_result(None)

    def done() -> None:
        loop.call_soon_threadsafe(finish)

    hub.when_durable(ticket, done)
    with contextlib.suppress(TimeoutError):  # a failing card: the box says so itself
        await asyncio.wait_for(written, REPLY_SECONDS)

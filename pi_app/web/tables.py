"""The phones' part of the box: their requests carried out through the core's door,
the table published to them.

Whichever loop owns the session (the display's, or the phones-only loop) calls `serve`
between two frames and `publish` after them. A phone's request is turned into the act
a tap on the box would make (`requests.act_of`) and handed to the one door
(`Session.act`), so the screen follows it, the computer replies to it and the round's
question is asked after it, as after a tap, and its refusal comes back in the phone's
language. The phones follow the game at the table, whatever screen the box shows.
"""

from __future__ import annotations

import logging
from typing import Protocol

from pi_app.box.session import Session
from pi_app.i18n import N_
from pi_app.table.protocol import GameTable
from pi_app.web.hub import Hub, Timer
from pi_app.web.requests import FAULT, PhoneRequest, Reply, act_of, refusal, reply_of

log = logging.getLogger(__name__)

DOMAIN = "web"
"""The catalogue of the phones' refusals said here."""
NO_GAME = N_("No game at the table yet.")


class Clocked(Timer, Protocol):
    """A sand timer as the phones count it down (`effects.ring_show.SandTimer`)."""

    def remaining(self, now: float) -> float: ...


class PhoneTables:
    """The hub served from the session, on the owner's thread."""

    def __init__(self, session: Session, hub: Hub) -> None:
        self.session = session
        self.hub = hub
        session.journal.on_durable(hub.durable)

    def serve(self) -> None:
        """Carry out the phones' requests at the table now (each change they make is
        told by the core, which draws the screen again)."""
        for request, future in self.hub.take():
            future.set_result(self._reply(request))

    def _reply(self, request: PhoneRequest) -> Reply:
        """The answer to one request: whatever goes wrong is the phone's refusal, never
        the owner's end (a request that stopped the loop would stop the box)."""
        table = self.session.table
        if table is None:
            return refusal(NO_GAME, request.lang)
        try:
            made = act_of(table, request)
            return made if isinstance(made, Reply) else reply_of(self.session.act(made), request)
        except Exception:
            log.exception("a phone's %s request failed; the table goes on", request.kind)
            return refusal(FAULT, request.lang)

    def publish(self, table: GameTable | None, timer: Clocked | None, now: float) -> None:
        """Hand the phones the table's state (None: no game at the table) and the timer."""
        left = 0.0 if timer is None else timer.remaining(now)
        self.hub.publish(table, timer, left)

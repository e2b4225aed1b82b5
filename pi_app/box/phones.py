"""The phones' part of the core: their requests carried out, the table published to them.

Whichever loop owns the session (the display's, or the phones-only owner's) calls
`serve` between two frames and `publish` after them. A phone's accepted request is
told to every part as a change (`Session.accepted`), so the screen follows it, the
computer replies to it and the round's question is asked after it, as after a tap.
Each game keeps its own join secret and seats across pause and resume: when a game
is seated, the seat book turns to that game's page; a game left for good is forgotten.
"""

from __future__ import annotations

from typing import Protocol

from pi_app.box.changes import Change, Left, Seated
from pi_app.box.session import Session
from pi_app.i18n import Translator
from pi_app.table.protocol import GameTable
from pi_app.web.hub import Hub
from pi_app.web.requests import perform, refusal

_ = Translator("display")


class Clocked(Protocol):
    """A sand timer as the phones count it down (`display.scene.SandTimer`)."""

    @property
    def kind(self) -> str: ...

    @property
    def seconds(self) -> float: ...

    def remaining(self, now: float) -> float: ...


class PhoneTables:
    """The hub served from the session, on the owner's thread."""

    def __init__(self, session: Session, hub: Hub) -> None:
        self.session = session
        self.hub = hub
        session.changes.subscribe(self._changed, Seated, Left)
        session.journal.on_durable(hub.durable)

    def _changed(self, change: Change) -> None:
        if isinstance(change, Seated):
            self.hub.secret_for(change.table.game_id)  # that game's own secret and seats
        elif isinstance(change, Left):
            self.hub.seats.forget(change.game_id)
            table = self.session.table  # the game that waits at the table now
            if table is not None:
                self.hub.secret_for(table.game_id)

    def serve(self, shown: GameTable | None) -> bool:
        """Carry out the phones' requests on `shown` (None: no game shown, each is
        refused); True when one of them changed the table."""
        changed = False
        for request, future in self.hub.take():
            if shown is None:
                future.set_result(refusal(_("No game at the table yet."), request.lang))
                continue
            reply = perform(shown, request, self.session.flag)
            future.set_result(reply)
            if reply.ok and request.kind != "flag":
                self.session.accepted(shown, request.kind, "phone")
                changed = True
        return changed

    def publish(self, shown: GameTable | None, timer: Clocked | None, now: float) -> None:
        """Hand the phones the table's state (None: no game shown) and the sand timer."""
        left = 0.0 if timer is None else timer.remaining(now)
        self.hub.publish(shown, timer, left)

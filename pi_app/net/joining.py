"""How a box comes into a tournament: the join code, and the membership it starts with.

The creator's box makes the tournament's id, the join code's key and its own broker
password, and keeps the settings only once every text of them can be published and
the rules accept the seating: a tournament that could not be sent to the other boxes
is refused before the store forgets the earlier one. A joining box starts with the
join code's user alone and its half of the key exchange, and asks until the creator
answers (`Asking`): its welcome (`admission.read_welcome`) gives the box an account and
keys of its own, a refusal says why and the box asks no more.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from pi_app.net import protocol as p
from pi_app.net.access import creator_user, join_user
from pi_app.net.admission import JoinRefused, join_request, read_welcome
from pi_app.net.broker import new_secret
from pi_app.net.ledger import Ledger
from pi_app.net.outbox import Outbox
from pi_app.net.seal import Exchange, new_key
from pi_app.net.store import Membership

log = logging.getLogger(__name__)


def join_code(tid: str, password: str) -> str:
    """What the creator's box shows and the others type: the tournament and its key."""
    return f"{tid}-{password}"


def read_join_code(code: str) -> tuple[str, str]:
    """(tournament id, password) from a join code, or ProtocolError."""
    tid, _dash, password = code.strip().lower().partition("-")
    p.check_id(tid, "tournament")
    if len(password) < 8 or not (password.isascii() and password.isalnum()):
        raise p.ProtocolError("the join code's key is too short")
    return tid, password


def founding(
    name: str,
    tables: list[list[str]],
    options: dict[str, object],
    host: str,
    port: int,
    table: int,
) -> tuple[Membership, p.Settings]:
    """The creator's membership and the settings of a new tournament, this box at `table`.

    ProtocolError (or the rules' RuleError) for settings the other boxes could not be
    sent: a name with a lone surrogate, say.
    """
    tid, password, own = new_secret(6), new_secret(10), new_secret(16)
    settings = p.Settings(tid, name, dict(options), tuple(tuple(row) for row in tables))
    p.dumps(settings.to_json())  # every text of it can be published, checked now
    Ledger(settings)  # the rules check the seating and options now, not later
    box = new_secret(8)
    membership = Membership(
        tid, box, table, host, port, creator_user(tid), own, True, password, "", new_key()
    )
    return membership, settings


def asking(code: str, table: int, host: str, port: int) -> Membership:
    """The membership of a box that asks to take part as `table` with the join code
    `code` (ProtocolError for a code that does not read)."""
    tid, password = read_join_code(code)
    box, secret = new_secret(8), Exchange().secret
    user = join_user(tid)
    return Membership(tid, box, table, host, port, user, password, False, password, secret=secret)


class Asking:
    """A joining box's request, asked again until the creator answers, and the answer."""

    def __init__(self) -> None:
        self.refusal: str | None = None
        """Why the creator refused this box (it then asks no more)."""
        self._request: dict[str, Any] | None = None

    def ask(self, me: Membership, outbox: Outbox) -> None:
        """Ask (again) to join, unless the creator refused."""
        if self.refusal is None:
            if self._request is None:  # its public key is a power of 2048 bits: once
                self._request = join_request(me.tid, me.box, me.table, Exchange(me.secret))
            outbox.publish(p.topic(me.tid, "join", me.box), self._request)

    def answer(self, me: Membership, payload: Mapping[str, Any]) -> Membership | None:
        """This box as the creator's welcome made it; None for a refusal (logged, and
        kept in `refusal`); ProtocolError for a welcome that does not open."""
        try:
            given = read_welcome(me.tid, me.box, Exchange(me.secret), payload)
        except JoinRefused as refusal:
            log.warning("the creator refused this box: %s", refusal)
            self.refusal = str(refusal)
            return None
        return me.welcomed(given)

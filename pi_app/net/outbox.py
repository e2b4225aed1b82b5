"""What a box publishes, and what waits for its write to be on disk first.

A round this box scored, an order the creator grew, a welcome it answered: each is
published only once the store's write of it is durable (its ticket), so no other box
ever learns of something this box could forget. Statuses, settings and join requests,
which nothing on disk stands behind, go at once. A payload the protocol refuses (a
text with a lone surrogate) is logged and not sent, never raised into the box's loop.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping

from pi_app.net import protocol as p
from pi_app.net.link import Link
from pi_app.net.store import TournamentStore

log = logging.getLogger(__name__)


class Outbox:
    """Publications of one box, held until their write is on disk."""

    def __init__(self, store: TournamentStore, link: Callable[[], Link | None]) -> None:
        self.store = store
        self._link = link
        """The box's link as it is now (a welcome replaces it; none while closed)."""
        self.tickets = 0
        """The highest write ticket this box waits for."""
        self._held: list[tuple[int, str, bytes, bool]] = []
        """(ticket, topic, payload, retain), waiting for the ticket to be on disk."""

    @property
    def saving(self) -> bool:
        """Whether something this box scored or ordered is not on its disk yet."""
        return bool(self._held) or self.store.durable < self.tickets

    def held(self) -> set[bytes]:
        """The payloads waiting for their write (not sent again meanwhile)."""
        return {entry[2] for entry in self._held}

    @staticmethod
    def encoded(topic: str, payload: Mapping[str, object]) -> bytes | None:
        """The payload for `topic`, or None (logged) if the protocol refuses it: what
        could not be sent is said, never raised into the box's loop."""
        try:
            return p.dumps(payload)
        except p.ProtocolError as error:
            log.error("not published on %s: %s", topic, error)
            return None

    def publish(self, topic: str, payload: Mapping[str, object], retain: bool = False) -> None:
        """Publish now (nothing on disk stands behind it)."""
        data = self.encoded(topic, payload)
        link = self._link()
        if link is not None and data is not None:
            link.publish(topic, data, retain=retain)

    def again(self, topic: str, payload: Mapping[str, object]) -> None:
        """Send again what was sent before, unless the same payload still waits for its
        write (it goes once that is on disk)."""
        data = self.encoded(topic, payload)
        link = self._link()
        if data is not None and data not in self.held() and link is not None:
            link.publish(topic, data)

    def when_durable(
        self, ticket: int, topic: str, payload: Mapping[str, object], retain: bool = False
    ) -> None:
        """Publish once the write `ticket` is on disk: nobody learns what we could forget."""
        self.tickets = max(self.tickets, ticket)
        data = self.encoded(topic, payload)
        if data is not None:
            self._held.append((ticket, topic, data, retain))
        self.flush()

    def flush(self) -> None:
        """Send what is on disk now."""
        durable = self.store.durable
        due = [entry for entry in self._held if entry[0] <= durable]
        if not due:
            return
        self._held = [entry for entry in self._held if entry[0] > durable]
        link = self._link()
        if link is not None:
            for _ticket, topic, payload, retain in due:
                link.publish(topic, payload, retain=retain)

"""The creator's part: the boxes it admits, the rounds it orders, the order it publishes.

The creator's box offers each round to its ledger as it arrives, its own included: a
round from a box it admitted, for that box's table, signed with that box's key, is
accepted once or refused by the rules; anything else is refused and only logged. After
each change it publishes, once the entries are on disk, the page(s) holding them and
the increment every box folds (retained, signed with the tournament's key, which the
creator alone holds); on every connection it publishes the settings, its directory
entry and the whole order again, as a broker restarted may have lost them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from pi_app.net import protocol as p
from pi_app.net.admission import Admissions
from pi_app.net.outbox import Outbox
from pi_app.net.rounds import Rounds
from pi_app.net.seal import check, signed
from pi_app.net.store import Membership

log = logging.getLogger(__name__)


class Ordering:
    """The creator's side of a tournament (its box alone has one)."""

    def __init__(
        self,
        me: Membership,
        settings: p.Settings,
        rounds: Rounds,
        outbox: Outbox,
        admitted: Callable[[], None],
    ) -> None:
        self.me = me
        self.rounds = rounds
        self.outbox = outbox
        self.admissions = Admissions(
            me.tid, len(settings.tables), me.table, me.tournament_key, rounds.store.members()
        )
        """The boxes admitted so far, kept in the store."""
        self._admitted = admitted
        """Lets the boxes admitted so far onto the broker (called once one is kept)."""

    def read(self, topic: str, payload: Mapping[str, Any]) -> bool:
        """A round or a join request; False for a topic that is not the creator's to read."""
        tid = self.me.tid
        if topic.startswith(p.topic(tid, "results", "")):
            return self._on_result(topic, payload)
        if topic.startswith(p.topic(tid, "join", "")):
            return self._on_join(topic, payload)
        return False

    def _on_result(self, topic: str, payload: Mapping[str, Any]) -> bool:
        """A round: from a box it admitted, signed by it, for its table, accepted once or
        refused by the rules; anything else only logged."""
        box = topic.rpartition("/")[2]
        member = self.admissions.sender(box, payload.get("table"))
        check(member.key, topic, payload, f"box {box}")
        item = p.Submission.from_json(payload)
        if item.box != box:
            raise p.ProtocolError(f"round {item.id} sent under another box's topic")
        return self.offer(item)

    def _on_join(self, topic: str, payload: Mapping[str, Any]) -> bool:
        """A box asks to join: welcomed (kept and let onto the broker first) or refused."""
        admissions = self.admissions
        box = p.check_id(topic.rpartition("/")[2], "box")
        welcome, admitted = admissions.answer(box, payload)
        if admitted:
            log.info("admitted box %s at table %d", box, int(payload["table"]) + 1)
            members = list(admissions.members.values())
            self.outbox.tickets = self.rounds.store.save_members(members)
            self._admitted()
        else:
            log.info("answered box %s again: %s", box, welcome.get("refused", "welcome"))
        welcome_topic = p.topic(self.me.tid, "welcome", box)
        self.outbox.when_durable(self.outbox.tickets, welcome_topic, welcome)
        return admitted

    def offer(self, item: p.Submission) -> bool:
        """A round into the order (accepted or refused), published once on disk; False
        for one the order holds already."""
        added = self.rounds.offer(item)
        if added is None:
            return False
        at, ticket = added
        self._publish_entries(ticket, at)
        return True

    def announce(self) -> None:
        """On every connection: the settings, the directory's entry and the whole order."""
        settings, tid = self.rounds.settings, self.me.tid
        assert settings is not None
        topic = p.topic(tid, "settings")
        self.outbox.publish(topic, self._signed(topic, settings.to_json()), retain=True)
        entry = {"tournament": tid, "name": settings.name, "tables": len(settings.tables)}
        self.outbox.publish(p.directory_topic(tid), entry, True)
        self._publish_all(self.outbox.tickets)

    def _signed(self, topic: str, payload: Mapping[str, Any]) -> dict[str, Any]:
        return signed(self.me.tournament_key, topic, payload)

    def _publish_all(self, ticket: int) -> None:
        """Every page of the order, then its last entry as the increment (the order's
        length): on every connection, as a broker restarted may have lost them."""
        ledger = self.rounds.ledger
        if ledger is not None:
            held = len(ledger.log)
            for number in range((held + p.PAGE - 1) // p.PAGE):
                self._publish_page(ticket, number)
            self._publish_increment(ticket, max(0, held - 1))

    def _publish_entries(self, ticket: int, at: int) -> None:
        """After entries were added from position `at`, once the write `ticket` is on
        disk: the page(s) holding them (read only by a box that missed some), then the
        increment every box folds. Bytes per round stay the same as the order grows."""
        ledger = self.rounds.ledger
        if ledger is not None:
            for number in range(at // p.PAGE, (len(ledger.log) - 1) // p.PAGE + 1):
                self._publish_page(ticket, number)
            self._publish_increment(ticket, at)

    def _publish_page(self, ticket: int, number: int) -> None:
        assert self.rounds.ledger is not None
        topic = p.topic(self.me.tid, "pages", str(number))
        page = self._signed(topic, self.rounds.ledger.page(number).to_json())
        self.outbox.when_durable(ticket, topic, page, True)

    def _publish_increment(self, ticket: int, at: int) -> None:
        ledger = self.rounds.ledger
        assert ledger is not None
        topic = p.topic(self.me.tid, "order")
        stretch = p.Stretch(self.me.tid, at, tuple(ledger.log[at:]))
        self.outbox.when_durable(ticket, topic, self._signed(topic, stretch.to_json()), True)

"""One box in a networked tournament: its table's rounds out, the creator's order in.

A box scores a round at its table (`submit`): the round is written to the box's store,
then published (QoS 1) and sent again every few seconds until the creator's order
holds it or refuses it. The creator's box offers rounds to its ledger as they arrive,
its own included, and publishes the order (retained) after each change. Every box
rebuilds the ledger from that order, so all show the same scores and seating; until
its own rounds are ordered a box shows them on top (`state`), so a table cut from the
network plays on and says it is offline.

Everything happens on the caller's thread in `poll` (between frames on a real box);
the network's thread only fills the link's queue.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping

from pi_app.net import protocol as p
from pi_app.net.broker import new_secret, username_for
from pi_app.net.ledger import Ledger
from pi_app.net.link import Connected, Disconnected, Link, Message
from pi_app.net.store import Membership, TournamentStore
from pi_app.rules.cambio.scoring import RoundResult
from pi_app.rules.cambio.tournament.seating import Move
from pi_app.rules.cambio.tournament.state import TournamentState
from pi_app.table.writer import JournalRefused

log = logging.getLogger(__name__)

RESEND_SECONDS = 3.0  # a round not yet in the order is sent again this often


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


class TournamentBox:
    """This box's part in one tournament."""

    def __init__(self, store: TournamentStore, clock: Callable[[], float] = time.monotonic):
        membership = store.membership()
        if membership is None:
            raise ValueError("this box has no tournament")
        self.store = store
        self.me = membership
        self.clock = clock
        self.settings = store.settings()
        order = store.order()
        self.ledger: Ledger | None = None
        if self.settings is not None:
            self.ledger = (
                Ledger(self.settings) if order is None else Ledger.from_order(self.settings, order)
            )
        self.mine = store.mine()
        self.statuses: dict[str, p.BoxStatus] = {}
        """The other boxes as they last said (their wills say when they vanish)."""
        self.moves: tuple[Move, ...] = ()
        """The seat moves of the latest ordered round, for the tables to announce."""
        self.link: Link | None = None
        self._last_send = 0.0
        self._outbox: list[tuple[int, str, bytes, bool]] = []
        """Publications waiting for their write to be on disk: (ticket, topic, payload, retain)."""
        self._tickets = 0  # the highest write ticket this box waits for
        if self.me.creator:  # rounds scored here before a restart, not ordered yet
            for item in self.pending():
                self._offer(item)

    # ---- creating and joining -------------------------------------------------------

    @classmethod
    def create(
        cls,
        store: TournamentStore,
        name: str,
        tables: list[list[str]],
        options: dict[str, object],
        host: str,
        port: int,
        table: int = 0,
    ) -> tuple[TournamentBox, str]:
        """A new tournament with this box at `table`; returns the box and the join code.

        ProtocolError (or the rules' RuleError), and the store untouched, for settings
        the other boxes could not be sent: a name with a lone surrogate, say.
        """
        tid, password = new_secret(6), new_secret(10)
        settings = p.Settings(tid, name, dict(options), tuple(tuple(row) for row in tables))
        p.dumps(settings.to_json())  # every text of it can be published, checked now
        Ledger(settings)  # the rules check the seating and options now, not later
        box = new_secret(8)
        membership = Membership(tid, box, table, host, port, username_for(tid), password, True)
        store.begin(membership, settings)
        return cls(store), join_code(tid, password)

    @classmethod
    def join(
        cls, store: TournamentStore, code: str, table: int, host: str, port: int
    ) -> TournamentBox:
        """Take part as `table` in the tournament of `code` (settings come from the broker)."""
        tid, password = read_join_code(code)
        box = new_secret(8)
        membership = Membership(tid, box, table, host, port, username_for(tid), password, False)
        store.begin(membership)
        return cls(store)

    # ---- the network ------------------------------------------------------------------

    def connect(self) -> Link:
        """Start the link (it keeps reconnecting by itself)."""
        me = self.me
        wanted = [p.topic(me.tid, "settings"), p.topic(me.tid, "order")]
        if me.creator:
            wanted.append(p.topic(me.tid, "results", "+"))
        wanted.append(p.topic(me.tid, "boxes", "+"))
        offline = p.dumps(p.BoxStatus(me.box, me.table, False).to_json())
        self.link = Link(
            me.host,
            me.port,
            f"tabletop-{me.tid}-{me.box}",
            wanted,
            me.username,
            me.password,
            will=(p.topic(me.tid, "boxes", me.box), offline),
        )
        self.link.start()
        return self.link

    def close(self) -> None:
        if self.link is not None:
            self.link.stop()
            self.link = None

    @property
    def saving(self) -> bool:
        """Whether something this box scored or ordered is not on its disk yet."""
        return bool(self._outbox) or self.store.durable < self._tickets

    @property
    def online(self) -> bool:
        return self.link is not None and self.link.connected

    def poll(self) -> bool:
        """Handle what arrived and send what is due; True when the state may have changed."""
        changed = False
        if self.link is None:
            return False
        for event in self.link.take():
            if isinstance(event, Connected):
                self._on_connect()
                changed = True
            elif isinstance(event, Disconnected):
                changed = True
            elif isinstance(event, Message):
                changed |= self._on_message(event)
        self._flush_outbox()
        if self.online and self.clock() - self._last_send >= RESEND_SECONDS:
            self._send_pending()
        return changed

    def _on_connect(self) -> None:
        me = self.me
        status = p.BoxStatus(me.box, me.table, True)
        self._publish(p.topic(me.tid, "boxes", me.box), status.to_json(), retain=True)
        if me.creator and self.settings is not None:
            self._publish(p.topic(me.tid, "settings"), self.settings.to_json(), retain=True)
            entry = {"tournament": me.tid, "name": self.settings.name}
            self._publish(
                p.directory_topic(me.tid), {**entry, "tables": len(self.settings.tables)}, True
            )
            self._publish_order(self._tickets)
        self._send_pending()

    def _publish(self, topic: str, payload: Mapping[str, object], retain: bool = False) -> None:
        data = self._encoded(topic, payload)
        if self.link is not None and data is not None:
            self.link.publish(topic, data, retain=retain)

    @staticmethod
    def _encoded(topic: str, payload: Mapping[str, object]) -> bytes | None:
        """The payload for `topic`, or None (logged) if the protocol refuses it: what
        could not be sent is said, never raised into the box's loop."""
        try:
            return p.dumps(payload)
        except p.ProtocolError as error:
            log.error("not published on %s: %s", topic, error)
            return None

    def _publish_order(self, ticket: int) -> None:
        """Publish the ledger's order once the write `ticket` (its own, or a later one) is
        on disk: on every connection, and after each round offered."""
        if self.ledger is not None:
            order = self.ledger.order().to_json()
            self._publish_when_durable(ticket, p.topic(self.me.tid, "order"), order, True)

    def _publish_when_durable(
        self, ticket: int, topic: str, payload: Mapping[str, object], retain: bool = False
    ) -> None:
        """Publish once the write `ticket` is on disk: nobody learns what we could forget."""
        self._tickets = max(self._tickets, ticket)
        data = self._encoded(topic, payload)
        if data is not None:
            self._outbox.append((ticket, topic, data, retain))
        self._flush_outbox()

    def _flush_outbox(self) -> None:
        durable = self.store.durable
        due = [entry for entry in self._outbox if entry[0] <= durable]
        if not due:
            return
        self._outbox = [entry for entry in self._outbox if entry[0] > durable]
        if self.link is not None:
            for _ticket, topic, payload, retain in due:
                self.link.publish(topic, payload, retain=retain)

    def _send_pending(self) -> None:
        """Send again every round of this box on disk that the order does not hold yet.

        The creator offers its own to its ledger instead (after a restart, a round it
        scored but had not ordered yet is ordered now).
        """
        self._last_send = self.clock()
        waiting = {entry[2] for entry in self._outbox}
        for item in self.pending():
            if self.me.creator:
                self._offer(item)
                continue
            payload = self._encoded(self._result_topic(), item.to_json())
            if payload is not None and payload not in waiting and self.link is not None:
                self.link.publish(self._result_topic(), payload)

    def _result_topic(self) -> str:
        return p.topic(self.me.tid, "results", self.me.box)

    def _on_message(self, message: Message) -> bool:
        """One message; a bad one (or one the store refuses) is logged and changes nothing."""
        me = self.me
        try:
            payload = p.loads(message.payload)
            if message.topic == p.topic(me.tid, "settings"):
                return self._on_settings(p.Settings.from_json(payload))
            if message.topic == p.topic(me.tid, "order") and not me.creator:
                return self._on_order(p.Order.from_json(payload))
            if message.topic.startswith(p.topic(me.tid, "results", "")) and me.creator:
                return self._on_result(message.topic, p.Submission.from_json(payload))
            if message.topic.startswith(p.topic(me.tid, "boxes", "")):
                status = p.BoxStatus.from_json(payload)
                self.statuses[status.box] = status
                return True
        except (p.ProtocolError, JournalRefused) as error:
            log.warning("refused a message on %s: %s", message.topic, error)
        return False

    def _on_settings(self, settings: p.Settings) -> bool:
        if self.settings is not None or settings.tid != self.me.tid:
            return False
        ledger = Ledger(settings)  # checked before it is kept
        self.store.save_settings(settings)  # refused: nothing changed
        self.settings, self.ledger = settings, ledger
        return True

    def _on_order(self, order: p.Order) -> bool:
        if self.settings is None or order.tid != self.me.tid:
            return False
        before = len(self.ledger.rounds) if self.ledger is not None else 0
        if self.ledger is None:
            ledger = Ledger.from_order(self.settings, order)
        else:
            ledger = self.ledger.follow(order)
        if self.me.creator:
            self.ledger = ledger
            return False
        self.store.save_order(order)  # refused: nothing changed
        self.ledger = ledger
        if len(ledger.rounds) > before:
            self.moves = ledger.state.last_moves
        return True

    def _on_result(self, topic: str, item: p.Submission) -> bool:
        """The creator receives a round: accepted once, or refused with a log line."""
        if topic != p.topic(self.me.tid, "results", item.box):
            raise p.ProtocolError(f"round {item.id} sent under another box's topic")
        return self._offer(item)

    def _offer(self, item: p.Submission) -> bool:
        ledger = self.ledger
        if ledger is None or ledger.knows(item.id):
            return False
        reason = ledger.offer(item)
        if reason is not None:
            log.warning("refused round %s from table %d: %s", item.id, item.table + 1, reason)
        else:
            self.moves = ledger.state.last_moves
        self._publish_order(self.store.save_order(ledger.order()))
        return True

    # ---- the table ----------------------------------------------------------------------

    def pending(self) -> list[p.Submission]:
        """This box's rounds the order does not hold (nor refuse) yet."""
        ledger = self.ledger
        return [item for item in self.mine if ledger is None or not ledger.knows(item.id)]

    def refused(self) -> dict[str, str]:
        """This box's rounds the creator refused, with the reason."""
        known = self.ledger.refused if self.ledger is not None else {}
        return {item.id: known[item.id] for item in self.mine if item.id in known}

    def state(self) -> TournamentState | None:
        """The tournament as this box shows it: the order, then its own pending rounds."""
        return None if self.ledger is None else self.ledger.view(self.pending())

    def seats(self) -> tuple[str, ...]:
        """Who sits at this box's table now."""
        state = self.state()
        return () if state is None else state.tables[self.me.table].seats

    def submit(self, result: RoundResult) -> p.Submission:
        """A round scored at this table: kept, then sent (or ordered, on the creator's box).

        ProtocolError or JournalRefused, and nothing kept or sent, for a round that could
        not be (a text with a lone surrogate).
        """
        seq = max((item.seq for item in self.mine), default=0) + 1
        item = p.Submission(self.me.box, seq, self.me.table, self.seats(), result)
        p.dumps(item.to_json())  # it can be sent: checked before it is kept
        ticket = self.store.add_mine(item)
        self.mine.append(item)
        if self.me.creator:
            self._offer(item)
        else:
            self._publish_when_durable(ticket, self._result_topic(), item.to_json())
        return item

    def leave(self) -> None:
        """Take no part any more: the link closes and the store forgets the tournament."""
        self.close()
        self.store.leave()

    def record(self) -> dict[str, object]:
        """The tournament's record as ordered so far (every box exports the same)."""
        if self.ledger is None:
            raise ValueError("the tournament's settings have not arrived yet")
        return self.ledger.record()

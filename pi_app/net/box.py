"""One box in a networked tournament: its table's rounds out, the creator's order in.

A box scores a round at its table (`submit`): the round is written to the box's store,
then published (QoS 1) and sent again every few seconds until the creator's order
holds it or refuses it. The creator's box offers rounds to its ledger as they arrive,
its own included, and publishes after each change what the order gained (an increment,
retained) and the page holding it. Every box folds the same entries in the same order,
so all show the same scores and seating (`follow`: how a box that missed some reads
them from the pages); until
its own rounds are ordered a box shows them on top (`state`), so a table cut from the
network plays on and says it is offline.

A box joins with the join code (`admission`): it asks the creator for a table and is
welcomed with a broker account and keys of its own, then speaks only as itself. The
creator accepts a round only from a box it admitted, for that box's table, signed with
that box's key; a box adopts settings and an order only signed with the tournament's
key, which the creator alone holds and hands out in the sealed welcome.

Everything happens on the caller's thread in `poll` (between frames on a real box);
the network's thread only fills the link's queue.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from pi_app.net import protocol as p
from pi_app.net.access import Access, creator_user, join_user
from pi_app.net.admission import Admissions, JoinRefused, join_request, read_welcome
from pi_app.net.broker import new_secret
from pi_app.net.follow import Catchup
from pi_app.net.ledger import Ledger
from pi_app.net.link import Connected, Disconnected, Link, Message
from pi_app.net.seal import Exchange, check, new_key, signed
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
        self.ledger: Ledger | None = None
        if self.settings is not None:
            self.ledger = self._kept_ledger(store, self.settings)
        self.catchup = Catchup(membership.tid, self._subscribe, self._unsubscribe, clock)
        """Which page of the order this box reads, when it missed entries."""
        self.mine = store.mine()
        self.statuses: dict[str, p.BoxStatus] = {}
        """The other boxes as they last said (their wills say when they vanish)."""
        self.moves: tuple[Move, ...] = ()
        """The seat moves of the latest ordered round, for the tables to announce."""
        self.link: Link | None = None
        self.gate: Callable[[Access], None] | None = None
        """Lets the admitted boxes onto the broker (the creator's, when it runs it)."""
        self.join_refusal: str | None = None
        """Why the creator refused this box (it then asks no more)."""
        self.admissions: Admissions | None = None
        if self.me.creator and self.settings is not None:
            self.admissions = Admissions(
                self.me.tid,
                len(self.settings.tables),
                self.me.table,
                self.me.tournament_key,
                store.members(),
            )
        self._ask: dict[str, Any] | None = None
        """A joining box's request to join, asked again until answered."""
        self._last_send = 0.0
        self._outbox: list[tuple[int, str, bytes, bool]] = []
        """Publications waiting for their write to be on disk: (ticket, topic, payload, retain)."""
        self._tickets = 0  # the highest write ticket this box waits for
        if self.me.creator:  # rounds scored here before a restart, not ordered yet
            for item in self.pending():
                self._offer(item)

    @staticmethod
    def _kept_ledger(store: TournamentStore, settings: p.Settings) -> Ledger:
        """The ledger of the entries on disk; a store of the time before increments
        kept the whole order instead, which is taken over once."""
        entries = store.entries()
        order = store.order() if not entries else None
        if order is None:
            return Ledger.from_entries(settings, entries)
        ledger = Ledger.from_order(settings, order)
        store.add_entries(0, ledger.log)
        return ledger

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
        tid, password, own = new_secret(6), new_secret(10), new_secret(16)
        settings = p.Settings(tid, name, dict(options), tuple(tuple(row) for row in tables))
        p.dumps(settings.to_json())  # every text of it can be published, checked now
        Ledger(settings)  # the rules check the seating and options now, not later
        box = new_secret(8)
        membership = Membership(
            tid, box, table, host, port, creator_user(tid), own, True, password, "", new_key()
        )
        store.begin(membership, settings)
        return cls(store), join_code(tid, password)

    @classmethod
    def join(
        cls, store: TournamentStore, code: str, table: int, host: str, port: int
    ) -> TournamentBox:
        """Ask to take part as `table` in the tournament of `code` (the creator's welcome,
        then the settings, come from the broker)."""
        tid, password = read_join_code(code)
        box, secret = new_secret(8), Exchange().secret
        user = join_user(tid)
        membership = Membership(
            tid, box, table, host, port, user, password, False, password, secret=secret
        )
        store.begin(membership)
        return cls(store)

    # ---- the network ------------------------------------------------------------------

    def access(self) -> Access:
        """Who may use the broker (the creator's word): the join code, the creator, and
        every box it admitted."""
        members = self.admissions.members.values() if self.admissions is not None else ()
        boxes = tuple((m.box, m.digest) for m in members)
        return Access(self.me.tid, self.me.join, self.me.password, boxes)

    def connect(self, wake: Callable[[], None] | None = None) -> Link:
        """Start the link (it keeps reconnecting by itself); a joining box's link only
        asks to join, as the join code's user."""
        me = self.me
        if me.joining:
            self.link = Link(
                me.host,
                me.port,
                f"tabletop-{me.tid}-{me.box}-join",
                [p.topic(me.tid, "welcome", me.box)],
                me.username,
                me.password,
            )
        else:
            wanted = [p.topic(me.tid, "settings")]
            if me.creator:
                wanted += [p.topic(me.tid, "results", "+"), p.topic(me.tid, "join", "+")]
            else:
                wanted.append(p.topic(me.tid, "order"))
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
        self.link.wake = wake
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
        if self.online and not self.me.creator and not self.me.joining:
            self.catchup.tick()
        return changed

    def _subscribe(self, topic: str) -> None:
        if self.link is not None:
            self.link.subscribe(topic)

    def _unsubscribe(self, topic: str) -> None:
        if self.link is not None:
            self.link.unsubscribe(topic)

    def _on_connect(self) -> None:
        me = self.me
        if me.joining:
            self._send_pending()
            return
        status = p.BoxStatus(me.box, me.table, True)
        self._publish(p.topic(me.tid, "boxes", me.box), status.to_json(), retain=True)
        if not me.creator:
            self.catchup.connected()
        if me.creator and self.settings is not None:
            settings = p.topic(me.tid, "settings")
            self._publish(settings, self._signed(settings, self.settings.to_json()), retain=True)
            entry = {"tournament": me.tid, "name": self.settings.name}
            self._publish(
                p.directory_topic(me.tid), {**entry, "tables": len(self.settings.tables)}, True
            )
            self._publish_all(self._tickets)
        self._send_pending()

    def _signed(self, topic: str, payload: Mapping[str, Any]) -> dict[str, Any]:
        """Signed by this box: the creator with the tournament's key, a box with its own."""
        return signed(self.me.tournament_key if self.me.creator else self.me.key, topic, payload)

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

    def _publish_all(self, ticket: int) -> None:
        """Every page of the order, then its last entry as the increment (the order's
        length): on every connection, as a broker restarted may have lost them."""
        ledger = self.ledger
        if ledger is not None:
            held = len(ledger.log)
            for number in range((held + p.PAGE - 1) // p.PAGE):
                self._publish_page(ticket, number)
            self._publish_increment(ticket, max(0, held - 1))

    def _publish_entries(self, ticket: int, at: int) -> None:
        """After entries were added from position `at`, once the write `ticket` is on
        disk: the page(s) holding them (read only by a box that missed some), then the
        increment every box folds. Bytes per round stay the same as the order grows."""
        ledger = self.ledger
        if ledger is not None:
            for number in range(at // p.PAGE, (len(ledger.log) - 1) // p.PAGE + 1):
                self._publish_page(ticket, number)
            self._publish_increment(ticket, at)

    def _publish_page(self, ticket: int, number: int) -> None:
        assert self.ledger is not None
        topic = p.topic(self.me.tid, "pages", str(number))
        page = self._signed(topic, self.ledger.page(number).to_json())
        self._publish_when_durable(ticket, topic, page, True)

    def _publish_increment(self, ticket: int, at: int) -> None:
        assert self.ledger is not None
        topic = p.topic(self.me.tid, "order")
        stretch = p.Stretch(self.me.tid, at, tuple(self.ledger.log[at:]))
        self._publish_when_durable(ticket, topic, self._signed(topic, stretch.to_json()), True)

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
        me = self.me
        if me.joining:
            if self.join_refusal is None:  # asked again until answered
                if self._ask is None:  # its public key is a power of 2048 bits: once
                    self._ask = join_request(me.tid, me.box, me.table, Exchange(me.secret))
                self._publish(p.topic(me.tid, "join", me.box), self._ask)
            return
        waiting = {entry[2] for entry in self._outbox}
        for item in self.pending():
            if me.creator:
                self._offer(item)
                continue
            topic = self._result_topic()
            payload = self._encoded(topic, self._signed(topic, item.to_json()))
            if payload is not None and payload not in waiting and self.link is not None:
                self.link.publish(self._result_topic(), payload)

    def _result_topic(self) -> str:
        return p.topic(self.me.tid, "results", self.me.box)

    def _on_message(self, message: Message) -> bool:
        """One message; a bad one (or one the store refuses) is logged and changes nothing."""
        try:
            return self._read(message.topic, p.loads(message.payload))
        except (p.ProtocolError, JournalRefused) as error:
            log.warning("refused a message on %s: %s", message.topic, error)
        return False

    def _read(self, topic: str, payload: dict[str, Any]) -> bool:
        me = self.me
        creator = "the tournament's creator"
        if me.joining:
            return topic == p.topic(me.tid, "welcome", me.box) and self._on_welcome(payload)
        if topic == p.topic(me.tid, "settings") and not me.creator:
            check(me.tournament_key, topic, payload, creator)
            return self._on_settings(p.Settings.from_json(payload))
        if topic == p.topic(me.tid, "order") and not me.creator:
            check(me.tournament_key, topic, payload, creator)
            return self._on_stretch(p.Stretch.from_json(payload))
        if topic.startswith(p.topic(me.tid, "pages", "")) and not me.creator:
            check(me.tournament_key, topic, payload, creator)
            return self._on_stretch(p.Stretch.from_json(payload), p.page_number(topic))
        if topic.startswith(p.topic(me.tid, "results", "")) and self.admissions is not None:
            return self._on_result(topic, payload, self.admissions)
        if topic.startswith(p.topic(me.tid, "join", "")) and self.admissions is not None:
            return self._on_join(topic, payload, self.admissions)
        if topic.startswith(p.topic(me.tid, "boxes", "")):
            status = p.BoxStatus.from_json(payload)
            self.statuses[status.box] = status
            return True
        return False

    def _on_welcome(self, payload: Mapping[str, Any]) -> bool:
        """The creator's answer: this box's account and keys, then the link as itself."""
        me = self.me
        try:
            given = read_welcome(me.tid, me.box, Exchange(me.secret), payload)
        except JoinRefused as refusal:
            log.warning("the creator refused this box: %s", refusal)
            self.join_refusal = str(refusal)
            return True
        self.me = replace(
            me,
            username=given.username,
            password=given.password,
            key=given.key,
            tournament_key=given.tournament_key,
            secret="",
        )
        self.store.save_membership(self.me)
        old = self.link
        self.connect(old.wake if old is not None else None)
        if old is not None:  # its network thread may take a second to end: not here
            threading.Thread(target=old.stop, name="join-link-stop", daemon=True).start()
        return True

    def _on_join(self, topic: str, payload: Mapping[str, Any], admissions: Admissions) -> bool:
        """A box asks to join: welcomed (kept and let onto the broker first) or refused."""
        box = p.check_id(topic.rpartition("/")[2], "box")
        welcome, admitted = admissions.answer(box, payload)
        if admitted:
            log.info("admitted box %s at table %d", box, int(payload["table"]) + 1)
            self._tickets = self.store.save_members(list(admissions.members.values()))
            if self.gate is not None:
                self.gate(self.access())
        else:
            log.info("answered box %s again: %s", box, welcome.get("refused", "welcome"))
        self._publish_when_durable(self._tickets, p.topic(self.me.tid, "welcome", box), welcome)
        return admitted

    def _on_settings(self, settings: p.Settings) -> bool:
        if self.settings is not None or settings.tid != self.me.tid:
            return False
        ledger = Ledger(settings)  # checked before it is kept
        self.store.save_settings(settings)  # refused: nothing changed
        self.settings, self.ledger = settings, ledger
        self.catchup.settle(0)  # an increment heard before: its pages are read now
        return True

    def _on_stretch(self, stretch: p.Stretch, page: int | None = None) -> bool:
        """An increment, or page `page`, of the creator's order: the entries this box
        lacks are folded and kept; entries missed before it are read from the pages."""
        if stretch.tid != self.me.tid:
            return False
        if page is not None:
            if stretch.at != page * p.PAGE or len(stretch.entries) > p.PAGE:
                raise p.ProtocolError(f"page {page} does not hold entries from {page * p.PAGE}")
            self.catchup.stray(page)
        self.catchup.heard(stretch.end)
        ledger = self.ledger
        if ledger is None:  # the settings come first; then the pages
            return False
        held, rounds = len(ledger.log), len(ledger.rounds)
        new = ledger.extend(stretch) if stretch.at <= held else []
        if new:
            self.store.add_entries(held, new)
        if len(ledger.rounds) > rounds:
            self.moves = ledger.state.last_moves
        self.catchup.settle(len(ledger.log))
        return bool(new)

    def _on_result(self, topic: str, payload: Mapping[str, Any], admissions: Admissions) -> bool:
        """The creator receives a round: from a box it admitted, signed by it, for its
        table, accepted once or refused by the rules; anything else only logged."""
        box = topic.rpartition("/")[2]
        member = admissions.sender(box, payload.get("table"))
        check(member.key, topic, payload, f"box {box}")
        item = p.Submission.from_json(payload)
        if item.box != box:
            raise p.ProtocolError(f"round {item.id} sent under another box's topic")
        return self._offer(item)

    def _offer(self, item: p.Submission) -> bool:
        ledger = self.ledger
        if ledger is None or ledger.knows(item.id):
            return False
        at = len(ledger.log)
        reason = ledger.offer(item)
        if reason is not None:
            log.warning("refused round %s from table %d: %s", item.id, item.table + 1, reason)
        else:
            self.moves = ledger.state.last_moves
        self._publish_entries(self.store.add_entries(at, ledger.log[at:]), at)
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
            topic = self._result_topic()
            self._publish_when_durable(ticket, topic, self._signed(topic, item.to_json()))
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

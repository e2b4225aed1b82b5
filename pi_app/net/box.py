"""One box in a networked tournament: its table's rounds out, the creator's order in.

A box scores a round at its table (`submit`): the round is written to the box's store,
then published (QoS 1) and sent again every few seconds until the creator's order
holds it or refuses it. The creator's box offers rounds to its ledger as they arrive,
its own included, and publishes after each change what the order gained (an increment,
retained) and the page holding it (`ordering`). Every box folds the same entries in the
same order, so all show the same scores and seating (`follow`: how a box that missed
some reads them from the pages); until its own rounds are ordered a box shows them on
top (`rounds`), so a table cut from the network plays on and says it is offline.

A box joins with the join code (`joining`, `admission`): it asks the creator for a
table and is welcomed with a broker account and keys of its own, then speaks only as
itself. The creator accepts a round only from a box it admitted, for that box's table,
signed with that box's key; a box adopts settings and an order only signed with the
tournament's key, which the creator alone holds and hands out in the sealed welcome.

This module ties those parts to the link: it reads what arrived and hands each message
to the part whose it is, and sends what is due (`outbox`: nothing before it is on
disk). Everything happens on the caller's thread in `poll` (between frames on a real
box); the network's thread only fills the link's queue.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from pi_app.net import protocol as p
from pi_app.net.access import Access
from pi_app.net.admission import Admissions
from pi_app.net.follow import Follower
from pi_app.net.joining import Asking, asking, founding, join_code, read_join_code
from pi_app.net.ledger import Ledger
from pi_app.net.link import Connected, Disconnected, Link, Message
from pi_app.net.ordering import Ordering
from pi_app.net.outbox import Outbox
from pi_app.net.rounds import Rounds
from pi_app.net.seal import signed
from pi_app.net.store import Membership, TournamentStore
from pi_app.rules.cambio.scoring import RoundResult
from pi_app.rules.cambio.tournament.seating import Move
from pi_app.rules.cambio.tournament.state import TournamentState
from pi_app.table.writer import JournalRefused

__all__ = ["RESEND_SECONDS", "TournamentBox", "join_code", "read_join_code"]

log = logging.getLogger(__name__)

RESEND_SECONDS = 3.0  # a round not yet in the order is sent again this often


def new_link(me: Membership) -> Link:
    """The link `me` speaks on: a joining box's only asks to join, as the join code's
    user; a member's reads its side's topics, its will saying when it vanishes."""
    if me.joining:
        welcome = [p.topic(me.tid, "welcome", me.box)]
        client = f"tabletop-{me.tid}-{me.box}-join"
        return Link(me.host, me.port, client, welcome, me.username, me.password, clean=True)
    wanted = [p.topic(me.tid, "settings")]
    if me.creator:
        wanted += [p.topic(me.tid, "results", "+"), p.topic(me.tid, "join", "+")]
    else:
        wanted.append(p.topic(me.tid, "order"))
    wanted.append(p.topic(me.tid, "boxes", "+"))
    offline = p.dumps(p.BoxStatus(me.box, me.table, False).to_json())
    will = (p.topic(me.tid, "boxes", me.box), offline)
    client = f"tabletop-{me.tid}-{me.box}"
    return Link(me.host, me.port, client, wanted, me.username, me.password, will=will)


def stop_later(link: Link, name: str) -> None:
    """Stop `link` off the caller's thread: its network thread may take a second to end
    (or a connection under way, longer), and the box's loop never waits for it."""
    threading.Thread(target=link.stop, name=name, daemon=True).start()


class TournamentBox:
    """This box's part in one tournament."""

    def __init__(self, store: TournamentStore, clock: Callable[[], float] = time.monotonic):
        membership = store.membership()
        if membership is None:
            raise ValueError("this box has no tournament")
        self.store = store
        self.me = membership
        self.clock = clock
        self.rounds = Rounds(store, membership.box, membership.table)
        """The settings, the order and this box's rounds, as kept on its disk."""
        self.link: Link | None = None
        self.outbox = Outbox(store, lambda: self.link)
        self.statuses: dict[str, p.BoxStatus] = {}
        """The other boxes as they last said (their wills say when they vanish)."""
        self.gate: Callable[[Access], None] | None = None
        """Lets the admitted boxes onto the broker (the creator's, when it runs it)."""
        self.asking = Asking()
        """A joining box's request, asked again until the creator answers."""
        self._last_send = 0.0
        self.ordering: Ordering | None = None
        """The creator's side (on the creator's box, once it has the settings)."""
        self.follower: Follower | None = None
        """Every other box's side: the creator's order read and checked."""
        if not membership.creator:
            self.follower = Follower(
                membership.tid, self.rounds, self._subscribe, self._unsubscribe, clock
            )
        elif self.rounds.settings is not None:
            settings = self.rounds.settings
            self.ordering = Ordering(membership, settings, self.rounds, self.outbox, self._let_in)
        if membership.creator:  # rounds scored here before a restart, not ordered yet
            for item in self.pending():
                self._offer(item)

    # ---- what the others read ---------------------------------------------------------

    @property
    def settings(self) -> p.Settings | None:
        return self.rounds.settings

    @property
    def ledger(self) -> Ledger | None:
        return self.rounds.ledger

    @property
    def moves(self) -> tuple[Move, ...]:
        """The seat moves of the latest ordered round, for the tables to announce."""
        return self.rounds.moves

    @property
    def admissions(self) -> Admissions | None:
        """The boxes the creator admitted (None on any other box)."""
        return self.ordering.admissions if self.ordering is not None else None

    @property
    def join_refusal(self) -> str | None:
        """Why the creator refused this box (it then asks no more)."""
        return self.asking.refusal

    @join_refusal.setter
    def join_refusal(self, reason: str | None) -> None:
        self.asking.refusal = reason

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
        membership, settings = founding(name, tables, options, host, port, table)
        store.begin(membership, settings)
        return cls(store), join_code(membership.tid, membership.join)

    @classmethod
    def join(
        cls, store: TournamentStore, code: str, table: int, host: str, port: int
    ) -> TournamentBox:
        """Ask to take part as `table` in the tournament of `code` (the creator's welcome,
        then the settings, come from the broker)."""
        store.begin(asking(code, table, host, port))
        return cls(store)

    # ---- the network ------------------------------------------------------------------

    def access(self) -> Access:
        """Who may use the broker (the creator's word): the join code, the creator, and
        every box it admitted."""
        members = self.admissions.members.values() if self.admissions is not None else ()
        boxes = tuple((m.box, m.digest) for m in members)
        return Access(self.me.tid, self.me.join, self.me.password, boxes)

    def _let_in(self) -> None:
        if self.gate is not None:
            self.gate(self.access())

    def connect(self, wake: Callable[[], None] | None = None) -> Link:
        """Start the link (it keeps reconnecting by itself); a joining box's link only
        asks to join, as the join code's user."""
        self.link = new_link(self.me)
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
        return self.outbox.saving

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
        if self.rounds.finished and not self.me.creator and not self.online:
            self._let_go()
            return changed
        self.outbox.flush()
        if self.online and self.clock() - self._last_send >= RESEND_SECONDS:
            self._send_pending()
        if self.online and self.follower is not None and not self.me.joining:
            self.follower.catchup.tick()
        return changed

    def _let_go(self) -> None:
        """After the end, a box other than the creator's stops reaching for a broker it
        lost: it holds the whole order, and the creator's box, which ran the broker, may
        be gone for good (restarted, it does not take an ended tournament up again)."""
        link, self.link = self.link, None
        if link is not None:
            log.info("the tournament has ended and its broker is gone: not reconnecting")
            stop_later(link, "ended-link-stop")

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
        self.outbox.publish(p.topic(me.tid, "boxes", me.box), status.to_json(), retain=True)
        if self.follower is not None:
            self.follower.catchup.connected()
        if self.ordering is not None:
            self.ordering.announce()
        self._send_pending()

    def _send_pending(self) -> None:
        """Send again every round of this box on disk that the order does not hold yet.

        The creator offers its own to its ledger instead (after a restart, a round it
        scored but had not ordered yet is ordered now).
        """
        self._last_send = self.clock()
        me = self.me
        if me.joining:
            self.asking.ask(me, self.outbox)
            return
        topic = self._result_topic()
        for item in self.pending():
            if me.creator:
                self._offer(item)
            else:
                self.outbox.again(topic, signed(me.key, topic, item.to_json()))

    def _result_topic(self) -> str:
        return p.topic(self.me.tid, "results", self.me.box)

    def _offer(self, item: p.Submission) -> bool:
        return self.ordering is not None and self.ordering.offer(item)

    def _on_message(self, message: Message) -> bool:
        """One message; a bad one (or one the store refuses) is logged and changes nothing."""
        try:
            return self._read(message.topic, p.loads(message.payload))
        except (p.ProtocolError, JournalRefused) as error:
            log.warning("refused a message on %s: %s", message.topic, error)
        return False

    def _read(self, topic: str, payload: dict[str, Any]) -> bool:
        """A message handed to the part whose topic it is: a joining box reads only its
        welcome, the creator rounds and requests, every other box the creator's word."""
        me = self.me
        if me.joining:
            return topic == p.topic(me.tid, "welcome", me.box) and self._on_welcome(payload)
        if topic.startswith(p.topic(me.tid, "boxes", "")):
            status = p.BoxStatus.from_json(payload)
            self.statuses[status.box] = status
            return True
        if self.ordering is not None:
            return self.ordering.read(topic, payload)
        if self.follower is not None:
            return self.follower.read(topic, payload, me.tournament_key)
        return False

    def _on_welcome(self, payload: dict[str, Any]) -> bool:
        """The creator's answer: this box's account and keys, then the link as itself."""
        welcomed = self.asking.answer(self.me, payload)
        if welcomed is None:  # refused: asks no more
            return True
        self.me = welcomed
        self.store.save_membership(self.me)
        old = self.link
        self.connect(old.wake if old is not None else None)
        if old is not None:
            stop_later(old, "join-link-stop")
        return True

    # ---- the table ----------------------------------------------------------------------

    def pending(self) -> list[p.Submission]:
        """This box's rounds the order does not hold (nor refuse) yet."""
        return self.rounds.pending()

    def refused(self) -> dict[str, str]:
        """This box's rounds the creator refused, with the reason."""
        return self.rounds.refused()

    def state(self) -> TournamentState | None:
        """The tournament as this box shows it: the order, then its own pending rounds."""
        return self.rounds.state()

    def seats(self) -> tuple[str, ...]:
        """Who sits at this box's table now."""
        return self.rounds.seats()

    def submit(self, result: RoundResult) -> p.Submission:
        """A round scored at this table: kept, then sent (or ordered, on the creator's box).

        ProtocolError or JournalRefused, and nothing kept or sent, for a round that could
        not be (a text with a lone surrogate).
        """
        item, ticket = self.rounds.keep(result)
        if self.me.creator:
            self._offer(item)
        else:
            topic = self._result_topic()
            self.outbox.when_durable(ticket, topic, signed(self.me.key, topic, item.to_json()))
        return item

    def leave(self) -> None:
        """Take no part any more: the link closes and the store forgets the tournament."""
        self.close()
        self.store.leave()

    def record(self) -> dict[str, object]:
        """The tournament's record as ordered so far (every box exports the same)."""
        return self.rounds.record()

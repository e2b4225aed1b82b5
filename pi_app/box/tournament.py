"""This box's side of a Cambio tournament across boxes.

`BoxTournament` is what the session holds: the box's tournament store, Mosquitto when
this box created the tournament, and the table (`net.table.TournamentTable`) played like
any other. The link to the broker wakes the owner's loop when a message arrives
(`wake`, the jobs service's), and `poll` says what arrived. A tournament that ended is
kept in the journal's history once (`poll`), and is closed for good then: the next
start does not take it up (`resume`), so no link and no Mosquitto for it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pi_app.i18n import Translator
from pi_app.rules.contract import RuleError
from pi_app.table import Journal, JournalError

if TYPE_CHECKING:  # the tournament's network code loads only when a tournament plays
    from pi_app.net.box import TournamentBox
    from pi_app.net.broker import Broker
    from pi_app.net.store import TournamentStore
    from pi_app.net.table import TournamentTable

log = logging.getLogger(__name__)
_ = Translator("display")

STORE_NAME = "tournament.sqlite3"


@dataclass(frozen=True)
class News:
    """What the tournament's network brought since the last look."""

    changed: bool = False
    moved: bool = False
    """A seat move touches this box's table: the ring sweeps to announce it."""
    notices: list[str] = field(default_factory=list)


class BoxTournament:
    """This box's tournament across boxes: store, broker (on the creator) and table."""

    def __init__(self, config: Mapping[str, Any], folder: Path, wake: Callable[[], None]) -> None:
        self.folder = folder
        self.broker_host = str(config.get("tournament.broker", "")) or "127.0.0.1"
        self._port = int(config.get("tournament.port", 0))
        self.own_broker = not config.get("tournament.broker", "")
        self.wake = wake
        self.broker: Broker | None = None
        self.table: TournamentTable | None = None
        self.store: TournamentStore | None = None
        self._rounds = 0

    @property
    def port(self) -> int:
        """The broker's port: the configured one, else the protocol's own."""
        from pi_app.net.broker import DEFAULT_PORT

        return self._port or DEFAULT_PORT

    def _store(self) -> TournamentStore:
        from pi_app.net.store import TournamentStore

        if self.store is None:
            self.store = TournamentStore(self.folder / STORE_NAME)
        return self.store

    def resume(self) -> TournamentTable | None:
        """The tournament this box was part of before a restart, if any, unless it ended:
        one kept in the journal's history (`poll`) is closed for good, with no link and
        no Mosquitto. One that ended but is not kept yet is taken up, to be kept."""
        if not (self.folder / STORE_NAME).exists():
            return None
        store = self._store()
        membership = store.membership()
        if membership is None:
            return None
        if store.archived() is not None:
            log.info("tournament %s ended and is in the history: not taken up", membership.tid)
            return None
        from pi_app.net.box import TournamentBox

        box = TournamentBox(store)
        if membership.creator and self.own_broker:
            self._start_broker(box, waiting=False)  # the first frame does not wait for it
        return self._open(box)

    def create(
        self, seats: Sequence[str], options: Mapping[str, Any], tables: int
    ) -> TournamentTable:
        """A new tournament played at `tables` tables, this box at table 1."""
        from pi_app.rules.cambio.tournament.game import default_seating  # on use: the start

        seating = [list(row) for row in default_seating(list(seats), tables)]
        name = f"Cambio · {time.strftime('%H:%M')}"  # told apart from another table's
        from pi_app.net.box import TournamentBox

        box, _code = TournamentBox.create(
            self._store(), name, seating, dict(options), self.broker_host, self.port
        )
        if self.own_broker:
            try:
                self._start_broker(box)
            except Exception:
                box.leave()
                raise
        return self._open(box)

    def join(self, tid: str, key: str, table: int) -> TournamentTable:
        from pi_app.net.box import TournamentBox, join_code

        box = TournamentBox.join(
            self._store(), join_code(tid, key), table, self.broker_host, self.port
        )
        return self._open(box)

    def _start_broker(self, box: TournamentBox, waiting: bool = True) -> None:
        """Mosquitto with the tournament's access, watched: started again if it dies.
        `waiting`: return once it listens (a new tournament says why it cannot start);
        otherwise at once (a resumed one plays on, offline until it listens)."""
        from pi_app.net.broker import Broker

        broker = Broker(self.folder / "broker", self.port)
        broker.configure(box.access())
        if waiting:
            broker.start()
            broker.watch()
        else:
            broker.start_watched()
        box.gate = broker.grant
        self.broker = broker

    def _open(self, box: TournamentBox) -> TournamentTable:
        box.connect(self.wake)
        from pi_app.net.table import TournamentTable

        self.table = TournamentTable(box)
        self._rounds = len(box.ledger.rounds) if box.ledger else 0
        return self.table

    def poll(self, journal: Journal) -> News:
        """What arrived: whether anything changed, a seat move touching this table, what
        to say. A finished tournament is kept in `journal` (its history), once."""
        table = self.table
        if table is None:
            return News()
        changed = table.box.poll()
        ledger = table.box.ledger
        rounds = len(ledger.rounds) if ledger else 0
        moved = False
        if rounds != self._rounds:
            self._rounds = rounds
            table.refresh()
            mine = table.index
            moved = any(mine in (m.from_table, m.to_table) for m in table.box.moves)
        if table.archived is None and table.outcome() is not None:
            try:  # the finished tournament goes into this box's history, once
                table.archive(journal)
            except (RuleError, JournalError) as error:
                log.warning("the tournament could not be kept in the journal: %s", error)
        return News(changed, moved, table.take_notices())

    def stop_playing(self) -> None:
        """Close the tournament in play before another starts (on the loop's thread:
        `poll` then finds no table while `start` runs on a worker)."""
        self.close()
        self.table = None

    def start(self, begin: Callable[[], TournamentTable]) -> TournamentTable | str:
        """Create or join a tournament (`begin` is `create` or `join` with its
        arguments): its table, or why it could not start. It may wait seconds for
        Mosquitto, so the session runs it on a worker, after `stop_playing`."""
        from pi_app.net.broker import BrokerError
        from pi_app.net.protocol import ProtocolError

        try:
            return begin()
        except RuleError as error:
            return error.message()
        except (BrokerError, ProtocolError, OSError) as error:
            return _("The tournament could not start: {error}").format(error=error)

    def leave(self) -> None:
        """This box leaves its tournament (the table's `abandon` forgot it already)."""
        self.stop_playing()

    def close(self) -> None:
        if self.table is not None:
            self.table.box.close()
        if self.broker is not None:
            self.broker.stop()
            self.broker = None

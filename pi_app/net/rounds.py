"""The tournament as this box holds it: the settings, the order's ledger, its own rounds.

One object that the creator's side (`ordering`, which grows the order) and every other
box's side (`follow`, which folds the creator's order) both change, and the table reads
(`state`, `seats`, `pending`): what is kept here is always what the box's store holds,
written to the store before it is shown or published.
"""

from __future__ import annotations

import logging

from pi_app.net import protocol as p
from pi_app.net.ledger import Ledger
from pi_app.net.store import TournamentStore
from pi_app.rules.cambio.scoring import RoundResult
from pi_app.rules.cambio.tournament.seating import Move
from pi_app.rules.cambio.tournament.state import TournamentState

log = logging.getLogger(__name__)


def kept_ledger(store: TournamentStore, settings: p.Settings) -> Ledger:
    """The ledger of the entries on disk; a store of the time before increments kept
    the whole order instead, which is taken over once."""
    entries = store.entries()
    order = store.order() if not entries else None
    if order is None:
        return Ledger.from_entries(settings, entries)
    ledger = Ledger.from_order(settings, order)
    store.add_entries(0, ledger.log)
    return ledger


class Rounds:
    """The settings and the order as far as this box holds them, and the rounds it scored."""

    def __init__(self, store: TournamentStore, box: str, table: int) -> None:
        self.store = store
        self.box, self.table = box, table
        self.settings = store.settings()
        self.ledger: Ledger | None = None
        if self.settings is not None:
            self.ledger = kept_ledger(store, self.settings)
        self.mine = store.mine()
        self.moves: tuple[Move, ...] = ()
        """The seat moves of the latest ordered round, for the tables to announce."""

    # ---- what the table reads -------------------------------------------------------

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
        return () if state is None else state.tables[self.table].seats

    @property
    def finished(self) -> bool:
        """Whether the order holds the tournament's end: this box then holds its record."""
        return self.ledger is not None and self.ledger.state.termination is not None

    def record(self) -> dict[str, object]:
        """The tournament's record as ordered so far (every box exports the same)."""
        if self.ledger is None:
            raise ValueError("the tournament's settings have not arrived yet")
        return self.ledger.record()

    # ---- what changes them --------------------------------------------------------------

    def keep(self, result: RoundResult) -> tuple[p.Submission, int]:
        """A round scored at this table, kept: the round and its write's ticket.

        ProtocolError or JournalRefused, and nothing kept, for a round that could not
        be sent (a text with a lone surrogate).
        """
        seq = max((item.seq for item in self.mine), default=0) + 1
        item = p.Submission(self.box, seq, self.table, self.seats(), result)
        p.dumps(item.to_json())  # it can be sent: checked before it is kept
        ticket = self.store.add_mine(item)
        self.mine.append(item)
        return item, ticket

    def adopt(self, settings: p.Settings) -> None:
        """The creator's settings (checked by the rules, then kept; refused: nothing
        changed)."""
        ledger = Ledger(settings)
        self.store.save_settings(settings)
        self.settings, self.ledger = settings, ledger

    def fold(self, ledger: Ledger, stretch: p.Stretch) -> bool:
        """The entries of `stretch` this box lacks, played and kept; whether there were any."""
        held, rounds = len(ledger.log), len(ledger.rounds)
        new = ledger.extend(stretch) if stretch.at <= held else []
        if new:
            self.store.add_entries(held, new)
        if len(ledger.rounds) > rounds:
            self.moves = ledger.state.last_moves
        return bool(new)

    def offer(self, item: p.Submission) -> tuple[int, int] | None:
        """The creator orders a round, accepted or refused: the position it took and the
        write's ticket; None for a round already ordered (or no settings)."""
        ledger = self.ledger
        if ledger is None or ledger.knows(item.id):
            return None
        at = len(ledger.log)
        reason = ledger.offer(item)
        if reason is not None:
            log.warning("refused round %s from table %d: %s", item.id, item.table + 1, reason)
        else:
            self.moves = ledger.state.last_moves
        return at, self.store.add_entries(at, ledger.log[at:])

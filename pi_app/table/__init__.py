"""The running table: events in, state out at once, journal right after (see `table.Table`)."""

from pi_app.table.journal import Journal, JournalEvent
from pi_app.table.table import Table
from pi_app.table.writer import JournalError

__all__ = ["Journal", "JournalError", "JournalEvent", "Table"]

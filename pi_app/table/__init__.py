"""The running table: events in, journal first, state out (see `table.Table`)."""

from pi_app.table.journal import Journal, JournalEvent
from pi_app.table.table import Table

__all__ = ["Journal", "JournalEvent", "Table"]

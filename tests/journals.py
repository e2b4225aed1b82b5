"""Opening a table's journal again, as the box does after a restart."""

from __future__ import annotations

from pi_app.table import Journal, Table


def reopen(table: Table) -> Journal:
    """A second journal on the same file, once the first has written what it queued.

    The table never waits for the disk; a restarted box reads what reached it. Tests
    that compare a resumed table with the running one first let the writes land.
    """
    table.journal.flush()
    return Journal(table.journal.path)

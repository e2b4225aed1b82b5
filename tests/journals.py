"""Opening a table's journal again, as the box does after a restart."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from pi_app.table import Journal, Table

FIRST_VERSION = (
    "CREATE TABLE games (id INTEGER PRIMARY KEY, game TEXT NOT NULL, setup TEXT NOT NULL,"
    " started REAL NOT NULL, finished INTEGER NOT NULL DEFAULT 0,"
    " abandoned INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE events (seq INTEGER PRIMARY KEY AUTOINCREMENT, game_id INTEGER NOT NULL,"
    " kind TEXT NOT NULL, action TEXT, at REAL NOT NULL);"
)
"""The tables of a journal of the first version (`user_version` 1)."""


def first_version_journal(path: Path, game: str, setup: str, finished: bool) -> None:
    """A journal as the first version wrote it, holding one game."""
    db = sqlite3.connect(path)
    db.executescript(FIRST_VERSION + "PRAGMA user_version=1;")
    db.execute(
        "INSERT INTO games (game, setup, started, finished) VALUES (?, ?, 1, ?)",
        (game, setup, int(finished)),
    )
    db.commit()
    db.close()


def reopen(table: Table) -> Journal:
    """A second journal on the same file, once the first has written what it queued.

    The table never waits for the disk; a restarted box reads what reached it. Tests
    that compare a resumed table with the running one first let the writes land.
    """
    table.journal.flush()
    return Journal(table.journal.path)


def journaled(path: Path, game_id: int) -> list[str]:
    """The notations a journal on disk keeps for `game_id`, in order (read once the box
    that wrote it has closed it)."""
    journal = Journal(path)
    try:
        return [event.action or "" for event in journal.events(game_id)]
    finally:
        journal.close()

"""The journal's tables, its versions, and the upgrade of an older journal in place.

`PRAGMA user_version` says which version wrote a journal. It is read before any schema
statement runs: a newer journal is never touched (`opening` opens it read-only), and
an older one is upgraded only after a consistent copy of it was made.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

SCHEMA_VERSION = 4
KNOWN_VERSIONS = (0, 1, 2, 3, 4)
"""Versions read in place: 1 lacked the players (the tables below add them), 2 the
`deleted` mark (`add_columns` adds it), 3 the questions' tables (packs, asked, flagged;
the tables below add them)."""
COLUMNS: dict[str, tuple[str, ...]] = {
    "games": ("id", "game", "setup", "started", "finished", "abandoned", "deleted"),
    "events": ("seq", "game_id", "kind", "action", "at"),
    "settings": ("key", "value"),
    "players": ("name", "colour", "last_played"),
    "pack_questions": ("pack", "id", "question"),
    "asked_questions": ("id", "game_id", "at"),
    "flagged_questions": ("id", "at", "by"),
}
"""Every table of this version and the columns the box reads from it."""
DEFAULTS: dict[str, object] = {
    "started": 0.0,
    "at": 0.0,
    "last_played": 0.0,
    "finished": 0,
    "abandoned": 0,
    "deleted": 0,
}
"""What a column a flipped bit renamed is read as when its rows are salvaged."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    setup TEXT NOT NULL,
    started REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    abandoned INTEGER NOT NULL DEFAULT 0,
    deleted INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES games(id),
    kind TEXT NOT NULL CHECK (kind IN ('action', 'undo', 'redo')),
    action TEXT,
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS events_by_game ON events (game_id, seq);
CREATE INDEX IF NOT EXISTS games_by_end ON games (finished, id);
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS players (
    name TEXT PRIMARY KEY,
    colour INTEGER NOT NULL,
    last_played REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS pack_questions (
    pack TEXT NOT NULL,
    id TEXT NOT NULL,
    question TEXT NOT NULL,
    PRIMARY KEY (pack, id)
);
CREATE TABLE IF NOT EXISTS asked_questions (
    id TEXT NOT NULL,
    game_id INTEGER NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS asked_by_id ON asked_questions (id);
CREATE TABLE IF NOT EXISTS flagged_questions (
    id TEXT PRIMARY KEY,
    at REAL NOT NULL,
    by TEXT NOT NULL
);
"""


def read_text(data: bytes) -> str:
    """A text cell as read: bytes a flipped bit made invalid UTF-8 become U+FFFD, so the
    row reads (and is found unreadable on its own) instead of failing the whole query."""
    return data.decode("utf-8", "replace")


def connect(target: str | Path, uri: bool = False) -> sqlite3.Connection:
    """A connection to a journal file as every part of the box opens one."""
    db = sqlite3.connect(target, uri=uri, isolation_level=None, check_same_thread=False)
    db.text_factory = read_text
    return db


def version_of(db: sqlite3.Connection) -> int:
    """The version that wrote the journal (0 for a new file, or the very first one)."""
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def is_empty(db: sqlite3.Connection) -> bool:
    """Whether the file holds no table yet (a journal about to be made)."""
    return int(db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]) == 0


def create(db: sqlite3.Connection) -> None:
    """Make every table of this version, or add what an older journal lacks."""
    db.executescript(SCHEMA)
    add_columns(db)
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")


def columns_of(db: sqlite3.Connection, table: str) -> set[str]:
    """The columns `table` has in `db` (none when it has no such table)."""
    return {str(row[1]) for row in db.execute(f"PRAGMA table_info({table})")}


def mismatch(db: sqlite3.Connection) -> str | None:
    """What this version's tables lack in `db` (a flipped bit in the schema's text that
    SQLite's quick check does not see), or None."""
    for table, columns in COLUMNS.items():
        missing = set(columns) - columns_of(db, table)
        if missing:
            return f"{table} lacks {', '.join(sorted(missing))}"
    return None


def add_columns(db: sqlite3.Connection) -> None:
    """Bring an older journal's games table up to this version, in place."""
    if "deleted" not in columns_of(db, "games"):
        db.execute("ALTER TABLE games ADD COLUMN deleted INTEGER NOT NULL DEFAULT 0")

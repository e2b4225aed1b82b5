"""The journal's tables, its versions, and the upgrade of an older journal in place.

`PRAGMA user_version` says which version wrote a journal. It is read before any schema
statement runs: a newer journal is never touched (`opening` opens it read-only), and
an older one is upgraded only after a consistent copy of it was made.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

from pi_app import bounded
from pi_app.table.disk import JournalDamaged

SCHEMA_VERSION = 5
KNOWN_VERSIONS = (0, 1, 2, 3, 4, 5)
"""Versions read in place: 1 lacked the players (the tables below add them), 2 the
`deleted` mark (`add_columns` adds it), 3 the questions' tables (packs, asked, flagged;
the tables below add them), 4 the statistics kept as games end (the tables below add
them, the box's totals are counted once, and the players' are built from the games the
first time they are asked for: `table.tallies`)."""
NEWEST_POSSIBLE = 1000
"""The highest version a newer release may have written: versions grow by one with each
release that changes the journal, so one above this was written by no release; it is
a bit flipped in the file's header (damage), not a newer journal to leave untouched."""
COLUMNS: dict[str, tuple[str, ...]] = {
    "games": ("id", "game", "setup", "started", "finished", "abandoned", "deleted"),
    "events": ("seq", "game_id", "kind", "action", "at"),
    "settings": ("key", "value"),
    "players": ("name", "colour", "last_played"),
    "pack_questions": ("pack", "id", "question"),
    "asked_questions": ("id", "game_id", "at"),
    "flagged_questions": ("id", "at", "by"),
    "results": ("game_id", "place", "name", "game", "won", "score", "slate_wins", "rounds"),
    "player_totals": (
        "name",
        "game",
        "played",
        "won",
        "best",
        "slate_wins",
        "slate_rounds",
    ),
    "game_totals": ("game", "finished"),
    "kept": ("key", "value"),
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

STATISTICS = """
CREATE TABLE IF NOT EXISTS results (
    game_id INTEGER NOT NULL,
    place INTEGER NOT NULL,
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    won INTEGER NOT NULL,
    score REAL NOT NULL,
    slate_wins INTEGER,
    rounds INTEGER NOT NULL,
    PRIMARY KEY (game_id, place)
);
CREATE INDEX IF NOT EXISTS results_by_player ON results (name, game, score);
CREATE TABLE IF NOT EXISTS player_totals (
    name TEXT NOT NULL,
    game TEXT NOT NULL,
    played INTEGER NOT NULL,
    won INTEGER NOT NULL,
    best REAL,
    slate_wins INTEGER NOT NULL,
    slate_rounds INTEGER NOT NULL,
    PRIMARY KEY (name, game)
);
CREATE TABLE IF NOT EXISTS game_totals (
    game TEXT PRIMARY KEY,
    finished INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS kept (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TRIGGER IF NOT EXISTS result_added AFTER INSERT ON results BEGIN
    INSERT INTO player_totals VALUES (
        new.name, new.game, 1, new.won, new.score, COALESCE(new.slate_wins, 0),
        CASE WHEN new.slate_wins IS NULL THEN 0 ELSE new.rounds END
    ) ON CONFLICT (name, game) DO UPDATE SET
        played = played + 1,
        won = won + excluded.won,
        best = MAX(COALESCE(best, excluded.best), excluded.best),
        slate_wins = slate_wins + excluded.slate_wins,
        slate_rounds = slate_rounds + excluded.slate_rounds;
END;
CREATE TRIGGER IF NOT EXISTS result_removed AFTER DELETE ON results BEGIN
    UPDATE player_totals SET
        played = played - 1,
        won = won - old.won,
        best = (SELECT MAX(score) FROM results WHERE name = old.name AND game = old.game),
        slate_wins = slate_wins - COALESCE(old.slate_wins, 0),
        slate_rounds = slate_rounds - CASE WHEN old.slate_wins IS NULL THEN 0 ELSE old.rounds END
    WHERE name = old.name AND game = old.game;
    DELETE FROM player_totals WHERE name = old.name AND game = old.game AND played <= 0;
END;
CREATE TRIGGER IF NOT EXISTS game_added AFTER INSERT ON games WHEN new.finished BEGIN
    INSERT INTO game_totals VALUES (new.game, 1)
    ON CONFLICT (game) DO UPDATE SET finished = finished + 1;
END;
CREATE TRIGGER IF NOT EXISTS game_ended AFTER UPDATE OF finished ON games
WHEN NOT old.finished AND new.finished BEGIN
    INSERT INTO game_totals VALUES (new.game, 1)
    ON CONFLICT (game) DO UPDATE SET finished = finished + 1;
END;
CREATE TRIGGER IF NOT EXISTS game_resumed AFTER UPDATE OF finished ON games
WHEN old.finished AND NOT new.finished BEGIN
    UPDATE game_totals SET finished = finished - 1 WHERE game = old.game;
END;
"""
"""The statistics kept as games end, in the transaction that ends them: a row per seat
of a finished game (`results`, written with its end and taken back with it), each
player's totals per game and the box's finished games per game, both kept by the
triggers. `kept` says whether the players' totals were built for every game."""

SCHEMA = (
    """
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
    + STATISTICS
)


READ_SECONDS = 120.0
"""How long a statement on a file the box did not write may run (SQLite's check of a
large backup on a slow card takes seconds): an endless view stops here."""
CELL_BYTES = 16 * 1024 * 1024
"""The longest cell read from such a file: SQLite refuses a longer one ("string or blob
too big") before it reads it, so a 300 MB row costs no memory (the box writes none)."""
_PROGRESS_STEPS = 10_000  # SQLite's virtual machine steps between two looks at the clock


def uri(path: Path | str, **query: str) -> str:
    """A SQLite URI naming the file `path` whatever its folders are called (`Jeux #2`,
    `a?b`, `100%41`: percent-encoded by `Path.as_uri`), with its query (`mode="ro"`)."""
    named = Path(path).absolute().as_uri()
    return f"{named}?{urlencode(query)}" if query else named


def open_foreign(path: Path, seconds: float = READ_SECONDS, **query: str) -> sqlite3.Connection:
    """A connection to a journal the box did not just write (a backup, a damaged file, a
    journal to restore), bounded: the file must be a regular one (`OutOfBounds`), each
    cell is at most CELL_BYTES, and statements stop after `seconds` (`bounded_time`)."""
    try:
        if not bounded.regular_or_absent(path):
            raise sqlite3.OperationalError(f"no such file: {path}")
    except OSError as error:  # a folder it may not enter
        raise sqlite3.OperationalError(str(error)) from error
    db = connect(uri(path, **query), uri=True)
    db.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, CELL_BYTES)
    bounded_time(db, seconds)
    return db


def bounded_time(db: sqlite3.Connection, seconds: float) -> None:
    """Stop any statement of `db` that runs `seconds` from now on ("interrupted", an
    OperationalError): a view that recurses without end is not waited for."""
    deadline = time.monotonic() + seconds
    db.set_progress_handler(lambda: time.monotonic() > deadline, _PROGRESS_STEPS)


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


def problem(db: sqlite3.Connection) -> str | None:
    """What SQLite's check of the whole file finds wrong (its first finding), or None.

    `integrity_check`, not `quick_check`: the quick one does not compare an index with
    its table, and an index a flipped bit changed passes it while the box's own reads
    fail (the games' listing reads each game's latest event through `events_by_game`)
    or miss rows. It costs about half as much again as the quick one, and runs only
    where damage can be: at a start after a stop that was not clean, after the first
    frame, on a backup about to be restored. On a read-only connection SQLite skips
    the tables' CHECK constraints (an event's kind flipped to "`ction" passes)."""
    found = str(db.execute("PRAGMA integrity_check(1)").fetchone()[0])
    return None if found == "ok" else found


def is_empty(db: sqlite3.Connection) -> bool:
    """Whether the file holds no table yet (a journal about to be made)."""
    return int(db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]) == 0


def create(db: sqlite3.Connection, foreign: bool = False) -> None:
    """Make every table of this version, or add what an older journal lacks, in one
    transaction. A journal this version cannot read as its own (a table renamed or
    made a view, a column a flipped bit renamed: SQLite's "no such column") raises
    JournalDamaged and is left as it was. `foreign` (a journal restored from a file
    anyone may have made) first drops every view and trigger: the box makes no view,
    and makes its own triggers again here, so none of the file's own ever acts."""
    older = version_of(db)
    db.execute("BEGIN IMMEDIATE")
    try:
        wrong = not_tables(db)
        if wrong is not None:
            raise JournalDamaged(f"the journal's tables are not this version's: {wrong}")
        if foreign:
            _drop_views_and_triggers(db)
        counted = "game_totals" in {str(r[0]) for r in db.execute(_NAMES)}
        for statement in _statements(SCHEMA):
            db.execute(statement)
        add_columns(db)
        if not counted:
            recount(db)
        if older == 0 and is_new(db):
            db.execute("INSERT OR REPLACE INTO kept VALUES ('statistics', 'kept')")
        db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        db.execute("COMMIT")
    except sqlite3.Error as error:
        if db.in_transaction:
            db.execute("ROLLBACK")
        if getattr(error, "sqlite_errorname", "") == "SQLITE_ERROR":  # not the disk's state
            raise JournalDamaged(f"the journal cannot be upgraded: {error}") from error
        raise


_NAMES = "SELECT name FROM sqlite_master"


def _statements(script: str) -> Iterator[str]:
    """The statements of `script` one by one (`executescript` would commit the
    transaction they belong in); a trigger's body is one statement with its own."""
    part = ""
    for piece in script.split(";"):
        part += piece + ";"
        if sqlite3.complete_statement(part):
            if part.strip(" \n;"):
                yield part
            part = ""


def _drop_views_and_triggers(db: sqlite3.Connection) -> None:
    kinds = db.execute("SELECT type, name FROM sqlite_master WHERE type IN ('view', 'trigger')")
    for kind, name in kinds.fetchall():
        quoted = str(name).replace('"', '""')
        db.execute(f'DROP {"VIEW" if kind == "view" else "TRIGGER"} IF EXISTS "{quoted}"')


def not_tables(db: sqlite3.Connection) -> str | None:
    """Which of this version's tables `db` holds as something else (a view, which may
    recurse without end), or None."""
    kinds = dict(db.execute("SELECT name, type FROM sqlite_master").fetchall())
    for table in COLUMNS:
        if kinds.get(table, "table") != "table":
            return f"{table} is a {kinds[table]}"
    return None


def is_new(db: sqlite3.Connection) -> bool:
    """Whether the journal has no game yet (its statistics are kept from the start)."""
    return db.execute("SELECT 1 FROM games LIMIT 1").fetchone() is None


def recount(db: sqlite3.Connection) -> None:
    """The box's totals counted again from the games (an upgrade, a salvage): one
    pass over the games, never at an ordinary start."""
    db.execute("DELETE FROM game_totals")
    db.execute(
        "INSERT INTO game_totals SELECT game, COUNT(*) FROM games WHERE finished GROUP BY game"
    )


def columns_of(db: sqlite3.Connection, table: str) -> set[str]:
    """The columns `table` has in `db` (none when it has no such table)."""
    return {str(row[1]) for row in db.execute(f"PRAGMA table_info({table})")}


def one_apart(name: str, others: set[str]) -> str | None:
    """The one of `others` that is `name` with one character changed (a flipped bit in
    the schema's text), or None."""
    for other in sorted(others):
        if len(other) == len(name) and sum(a != b for a, b in zip(name, other, strict=True)) == 1:
            return other
    return None


def mismatch(db: sqlite3.Connection) -> str | None:
    """What this version's tables lack in `db` (a flipped bit in the schema's text that
    SQLite's quick check does not see), or None."""
    wrong = not_tables(db)
    if wrong is not None:
        return wrong
    for table, columns in COLUMNS.items():
        missing = set(columns) - columns_of(db, table)
        if missing:
            return f"{table} lacks {', '.join(sorted(missing))}"
    return None


def add_columns(db: sqlite3.Connection) -> None:
    """Bring an older journal's games table up to this version, in place."""
    if "deleted" not in columns_of(db, "games"):
        db.execute("ALTER TABLE games ADD COLUMN deleted INTEGER NOT NULL DEFAULT 0")


def forget_statistics(db: sqlite3.Connection) -> None:
    """After rows were added by hand (a salvage): the box's totals counted again, and
    the players' statistics marked to be built again the first time they are asked for."""
    recount(db)
    db.execute("DELETE FROM kept WHERE key='statistics'")

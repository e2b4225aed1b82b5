"""The journal: every accepted table event, kept on disk in the order it happened.

One SQLite file in WAL mode with `synchronous=FULL`. Writes never make the table wait:
`append` queues the event and returns at once, and the journal's writer thread commits
what is queued in one transaction (`pi_app.table.writer`). So an event is shown at
once and durable one commit later, a few milliseconds (one fsync) on a good disk; a
listener (`on_durable`) hears when. A pulled plug loses at most the events whose
commit was still in flight, always the latest ones: the journal on disk is a prefix
of the game, and `Table.resume` rebuilds it exactly. Reads and `begin_game` wait for
the queue first, so they always see every event appended before them.

Events are only ever appended; undo and redo are events too, so nothing once recorded
is lost and the whole evening can be replayed. A journal file that SQLite cannot read
(truncated, overwritten) is set aside under a new name, never deleted, and a fresh
journal starts in its place.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pi_app.errors import describe
from pi_app.i18n import Translator
from pi_app.questions.question import Question
from pi_app.table.writer import Listener, Writer

log = logging.getLogger(__name__)
_ = Translator("core")

SCHEMA_VERSION = 4
KNOWN_VERSIONS = (0, 1, 2, 3, 4)
"""Versions read in place: 1 lacked the players (the tables below add them), 2 the
`deleted` mark (`_add_columns` adds it), 3 the questions' tables (packs, asked, flagged;
the tables below add them)."""
CLOSE_SECONDS = 10.0  # how long closing waits for queued writes
EVENT_KINDS = ("action", "undo", "redo")

_SCHEMA = """
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


@dataclass(frozen=True)
class JournalEvent:
    """One line of the journal: an action (in the game's notation), an undo or a redo."""

    kind: str
    action: str | None = None


@dataclass(frozen=True)
class GameEntry:
    """A game in the journal: which game, its setup, and whether it is over."""

    id: int
    game: str
    setup: dict[str, Any]
    finished: bool
    abandoned: bool
    started: float = 0.0
    last_played: float = 0.0
    """When its latest event was recorded (its start when it has none)."""


@dataclass(frozen=True)
class Player:
    """A name typed at this table once, with the palette colour it last had."""

    name: str
    colour: int


class Journal:
    """The SQLite journal of every game played on this box."""

    def __init__(self, path: Path | str, clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path)
        self.clock = clock
        self.notice: str | None = None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = self._open()
        except sqlite3.DatabaseError as error:
            self._set_aside(error)
            self._db = self._open()
        self._lock = threading.RLock()
        self._writer = Writer(self._db, self._lock)

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("quick_check failed")
            db.executescript(_SCHEMA)
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version not in KNOWN_VERSIONS:
                raise sqlite3.DatabaseError(f"unknown journal version {version}")
            _add_columns(db)
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    def _set_aside(self, error: Exception) -> None:
        """Rename an unreadable journal (and its WAL files) so a fresh one can start."""
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(self.clock()))
        target = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{n}")
        self.path.rename(target)
        for suffix in ("-wal", "-shm"):
            side = self.path.with_name(self.path.name + suffix)
            if side.exists():
                side.rename(target.with_name(target.name + suffix))
        self.notice = _(
            "The journal {path} could not be read ({error}); it was kept as {kept} "
            "and a new journal was started."
        ).format(path=self.path, error=describe(error), kept=target.name)
        log.warning(self.notice)

    @property
    def error(self) -> str | None:
        """Why the journal cannot write now (translated), or None when all is well."""
        return self._writer.error

    @property
    def pending(self) -> int:
        """Events and changes queued but not yet on disk."""
        return self._writer.pending

    def on_durable(self, listener: Listener) -> None:
        """Have `listener(ticket)` called, on the writer's thread, after each commit.

        The ticket is the highest one on disk: every write with a ticket up to it
        (as returned by `append`) survives a pulled plug from then on.
        """
        self._writer.listen(listener)

    def flush(self, timeout: float | None = None) -> None:
        """Wait until every write so far is on disk (JournalError if it cannot be)."""
        self._writer.flush(timeout)

    def close(self) -> None:
        """Write what is queued, then close the database."""
        self._writer.close(CLOSE_SECONDS)
        with self._lock:
            self._db.close()

    def begin_game(self, game: str, setup: dict[str, Any]) -> int:
        """Record a new game with its setup; returns its id (waits for the disk)."""
        self.flush()
        with self._lock:
            cursor = self._db.execute(
                "INSERT INTO games (game, setup, started) VALUES (?, ?, ?)",
                (game, json.dumps(setup, sort_keys=True), self.clock()),
            )
        return int(cursor.lastrowid or 0)

    def append(self, game_id: int, event: JournalEvent) -> int:
        """Queue one event; returns its ticket at once (see `on_durable`)."""
        if event.kind not in EVENT_KINDS:
            raise ValueError(f"unknown journal event kind {event.kind!r}")
        return self._writer.submit(
            "INSERT INTO events (game_id, kind, action, at) VALUES (?, ?, ?, ?)",
            (game_id, event.kind, event.action, self.clock()),
        )

    def set_finished(self, game_id: int, finished: bool) -> None:
        """Mark a game over (or, after an undo, not over any more), after its events."""
        self._writer.submit("UPDATE games SET finished=? WHERE id=?", (int(finished), game_id))

    def abandon(self, game_id: int) -> None:
        """Leave a game unfinished for good: it will not be resumed, but is kept (the
        history lists it until the host deletes it)."""
        self._writer.submit("UPDATE games SET abandoned=1 WHERE id=?", (game_id,))

    def delete(self, game_id: int) -> None:
        """Take an abandoned game out of the history. Its rows stay in the file (nothing
        recorded is ever lost: `tabletop export` still finds it); only an abandoned
        game can be deleted, never one finished or still to resume."""
        self._writer.submit("UPDATE games SET deleted=1 WHERE id=? AND abandoned=1", (game_id,))

    def finished_count(self) -> int:
        """How many games are finished (what the statistics count)."""
        return int(self._read("SELECT COUNT(*) FROM games WHERE finished=1")[0][0])

    def finished_games(self, limit: int, offset: int = 0) -> list[GameEntry]:
        """Finished games, newest first (what the statistics fold)."""
        return self._entries(
            f"WHERE finished=1 ORDER BY id DESC LIMIT {int(limit)} OFFSET {int(offset)}"
        )

    def past_count(self) -> int:
        """How many games the history lists: finished, or abandoned and not deleted."""
        return int(self._read(f"SELECT COUNT(*) FROM games WHERE {_PAST}")[0][0])

    def past_games(self, limit: int, offset: int = 0) -> list[GameEntry]:
        """One page of the history, newest first: finished and abandoned games."""
        return self._entries(
            f"WHERE {_PAST} ORDER BY id DESC LIMIT {int(limit)} OFFSET {int(offset)}"
        )

    def last_event(self, game_id: int) -> int:
        """The sequence number of a game's latest event (0 if none): its version."""
        rows = self._read("SELECT MAX(seq) FROM events WHERE game_id=?", (game_id,))
        return int(rows[0][0] or 0)

    def remember_players(self, players: Sequence[Player]) -> None:
        """Keep names typed for a new game, with their colours, as the latest players."""
        now = self.clock()
        for player in players:
            self._writer.submit(
                "INSERT INTO players (name, colour, last_played) VALUES (?, ?, ?) "
                "ON CONFLICT(name) DO UPDATE SET colour=excluded.colour, "
                "last_played=excluded.last_played",
                (player.name, player.colour, now),
            )

    def remember_setting(self, key: str, value: object) -> None:
        """Keep a choice the host made on the box (the language, a game's options) for
        the next start; `value` is plain JSON data. Queued like every write."""
        text = json.dumps(value, sort_keys=True)
        self._writer.submit(
            "INSERT INTO settings (key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value=excluded.value",
            (key, text),
        )

    def settings(self) -> dict[str, object]:
        """Every choice kept by `remember_setting` (one that cannot be read is left out)."""
        found: dict[str, object] = {}
        for key, text in self._read("SELECT key, value FROM settings ORDER BY key"):
            try:
                found[str(key)] = json.loads(text)
            except ValueError:
                log.warning("setting %s cannot be read; it is left out", key)
        return found

    def replace_pack(self, name: str, questions: Sequence[Question]) -> None:
        """Put a host's pack in place of the pack of the same name (none: remove it).

        Two queued statements, not one a question: a 20,000-question pack is two
        writes. The old questions go first, so a pulled plug between the two commits
        can leave the pack empty (import it again), never half old and half new.
        """
        rows = json.dumps([question.to_json() for question in questions])
        self._writer.submit("DELETE FROM pack_questions WHERE pack=?", (name,))
        self._writer.submit(
            "INSERT INTO pack_questions (pack, id, question) "
            "SELECT ?, json_extract(value, '$.id'), value FROM json_each(?) WHERE true "
            "ON CONFLICT (pack, id) DO UPDATE SET question=excluded.question",
            (name, rows),
        )

    def pack_names(self) -> list[str]:
        """The imported packs' names, in alphabetical order."""
        return [str(row[0]) for row in self._read(_PACK_NAMES)]

    def pack_questions(self, pack: str | None = None) -> list[Question]:
        """One pack's questions (every pack's when `pack` is None), each pack in its
        file's order; a question that cannot be read is left out."""
        where = "" if pack is None else "WHERE pack=?"
        rows = self._read(
            f"SELECT pack, question FROM pack_questions {where} ORDER BY pack, rowid",
            () if pack is None else (pack,),
        )
        return [question for row in rows if (question := _pack_question(*row)) is not None]

    def mark_asked(self, question_id: str, game_id: int) -> None:
        """Remember that a question was asked in a game, so the draw skips it later."""
        self._writer.submit(
            "INSERT INTO asked_questions (id, game_id, at) VALUES (?, ?, ?)",
            (question_id, game_id, self.clock()),
        )

    def asked_ids(self) -> set[str]:
        """Every question ever asked on this box (what the draw avoids)."""
        return {str(row[0]) for row in self._read("SELECT DISTINCT id FROM asked_questions")}

    def flag(self, question_id: str, by: str) -> None:
        """Mark a question as wrong, by "box" or "phone:<name>"; a second flag of the
        same question keeps the first (its time and who)."""
        self._writer.submit(
            "INSERT INTO flagged_questions (id, at, by) VALUES (?, ?, ?) "
            "ON CONFLICT (id) DO NOTHING",
            (question_id, self.clock(), by),
        )

    def flagged(self) -> list[tuple[str, float, str]]:
        """The flagged questions as (id, when, by whom), the first flagged first."""
        rows = self._read("SELECT id, at, by FROM flagged_questions ORDER BY at, id")
        return [(str(qid), float(at), str(by)) for qid, at, by in rows]

    def players(self, limit: int = 100) -> list[Player]:
        """The remembered players, the latest first."""
        rows = self._read(
            "SELECT name, colour FROM players ORDER BY last_played DESC, name LIMIT ?", (limit,)
        )
        return [Player(str(name), int(colour)) for name, colour in rows]

    def _read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of a query, once every queued write is on disk."""
        self.flush()
        with self._lock:
            return self._db.execute(sql, params).fetchall()

    def events(self, game_id: int) -> list[JournalEvent]:
        """Every event of a game, in order."""
        rows = self._read(
            "SELECT kind, action FROM events WHERE game_id=? ORDER BY seq", (game_id,)
        )
        return [JournalEvent(kind, action) for kind, action in rows]

    def game(self, game_id: int) -> GameEntry | None:
        """One game's entry."""
        found = self._entries(f"WHERE id={int(game_id)}")
        return found[0] if found else None

    def games(self) -> list[GameEntry]:
        """Every game, oldest first."""
        return self._entries("ORDER BY id")

    def unfinished_games(self) -> list[GameEntry]:
        """The games neither finished nor abandoned, the latest played first: every one
        can be resumed (starting another game only pauses them)."""
        return self._entries(f"WHERE {_UNFINISHED} ORDER BY last_played DESC, id DESC")

    def unfinished(self) -> GameEntry | None:
        """The latest played game that is neither finished nor abandoned."""
        found = self.unfinished_games()
        return found[0] if found else None

    def _entries(self, where: str) -> list[GameEntry]:
        """Games with their latest event's time, selected and ordered by `where`."""
        rows = self._read(f"SELECT * FROM ({_GAMES}) {where}")
        return [_entry(row) for row in rows]


_PACK_NAMES = "SELECT DISTINCT pack FROM pack_questions ORDER BY pack"
_UNFINISHED = "finished=0 AND abandoned=0"
_PAST = "deleted=0 AND (finished=1 OR abandoned=1)"
_GAMES = (
    "SELECT id, game, setup, finished, abandoned, started, deleted, "
    "COALESCE((SELECT MAX(at) FROM events WHERE events.game_id=games.id), started) "
    "AS last_played FROM games"
)


def _add_columns(db: sqlite3.Connection) -> None:
    """Bring an older journal's games table up to this version, in place."""
    columns = {row[1] for row in db.execute("PRAGMA table_info(games)")}
    if "deleted" not in columns:
        db.execute("ALTER TABLE games ADD COLUMN deleted INTEGER NOT NULL DEFAULT 0")


def _pack_question(pack: str, text: str) -> Question | None:
    """A stored pack question, or None (logged) when it cannot be read."""
    try:
        return Question.from_json(json.loads(text), pack=str(pack))
    except (ValueError, TypeError) as error:
        log.warning("a question of the pack %s cannot be read (%s); it is left out", pack, error)
        return None


def _entry(row: tuple[Any, ...]) -> GameEntry:
    game_id, game, setup, finished, abandoned, started, _deleted, last_played = row
    return GameEntry(
        int(game_id),
        str(game),
        json.loads(setup),
        bool(finished),
        bool(abandoned),
        float(started),
        float(last_played),
    )

"""The journal: every accepted table event, kept on disk in the order it happened.

One SQLite file in WAL mode with `synchronous=FULL`. Writes never make the table wait:
`append` queues the event and returns at once, and the journal's writer thread commits
what is queued in one transaction (`pi_app.table.writer`). So an event is shown at
once and durable one commit later, a few milliseconds (one fsync) on a good disk; a
listener (`on_durable`) hears when. A pulled plug loses at most the events whose
commit was still in flight, always the latest ones: the journal on disk is a prefix
of the game, and `Table.resume` rebuilds it exactly. A new game is queued too (its id
is counted here). Reads wait for the queue first, so they see every event appended
before them, except while the disk refuses writes: then they read what it holds, at once.

Events are only ever appended; undo and redo are events too, so nothing once recorded
is lost and the whole evening can be replayed. How the file is opened, whatever the
card does (full, read-only, damaged, newer), is `opening`'s; a row that does not read
costs its own game only (`GameEntry.problem`); backups are made after a game ends, on
the writer's thread (`backups`).

`Journal` holds what every table uses: the file's life and the games with their
events. What only some readers need is one of its parts, each a small class sharing
its one connection and writer: `journal.history` (finished and abandoned games, the
kept statistics), `journal.choices` (the host's settings, the remembered players) and
`journal.questions` (the host's packs, the asked and flagged questions).
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pi_app.errors import describe
from pi_app.i18n import Translator
from pi_app.table import backups, results, schema, stops
from pi_app.table.choices import HostChoices
from pi_app.table.disk import JournalDamaged, is_damage
from pi_app.table.history_rows import HistoryRows
from pi_app.table.lock import hold
from pi_app.table.opening import (
    open_journal,
    open_writable,
    read_only_again,
    whole_file_problem,
)
from pi_app.table.question_rows import QuestionRows
from pi_app.table.rows import GAMES, GameEntry, as_json, game_entry
from pi_app.table.writer import JournalError, Listener, Writer

log = logging.getLogger(__name__)
_ = Translator("core")

CLOSE_SECONDS = 10.0  # how long closing waits for queued writes
RESTORE_SECONDS = 30.0  # how long a start waits for a restore under way
EVENT_KINDS = ("action", "undo", "redo")


@dataclass(frozen=True)
class JournalEvent:
    """One line of the journal: an action (in the game's notation), an undo or a redo."""

    kind: str
    action: str | None = None


class Journal:
    """The SQLite journal of every game played on this box."""

    def __init__(
        self,
        path: Path | str,
        clock: Callable[[], float] = time.time,
        keep_backups: bool = True,
    ) -> None:
        self.path = Path(path)
        self.clock = clock
        with contextlib.suppress(OSError):  # a read-only card: read what is there
            self.path.parent.mkdir(parents=True, exist_ok=True)
        # held from the start on: `tabletop journal restore` refuses while a box starts
        self._held: list[int | None] = [hold(self.path, wait=RESTORE_SECONDS)]
        try:
            self._open(clock, keep_backups)
        except BaseException:
            self._release()
            raise

    def _open(self, clock: Callable[[], float], keep_backups: bool) -> None:
        """The file opened (checked, upgraded or restored as it needs), with its parts."""
        left = stops.left_clean(self.path)
        opened = open_journal(self.path, clock, left)
        self.checked = left is None
        """Whether the whole file was checked (at this start, after a stop that was not
        clean; else by `check`, which the box runs after its first frame)."""
        self._damage: str | None = None
        self._db = opened.db
        self.notice: str | None = " ".join(opened.notices) or None
        """What the box says once about this start (a damaged journal restored...)."""
        self._problem = opened.problem
        self._lock = threading.RLock()
        self._next_id = _highest_id(self._db) + 1
        reopen = self._reopen if opened.retry else None
        self._writer = Writer(self._db, self._lock, reopen)
        self._backups = backups.Schedule(self.path) if keep_backups else None
        self._held.append(hold(self.path, folder=False))  # as older releases held it
        self.history = HistoryRows(self._read, self._entries, self._writer)
        """The finished and abandoned games and the kept statistics (`history_rows`)."""
        self.choices = HostChoices(self._read, self._writer, clock)
        """The host's kept settings and the remembered players (`choices`)."""
        self.questions = QuestionRows(self._read, self._writer, clock)
        """The host's packs, the asked and the flagged questions (`question_rows`)."""

    def _reopen(self) -> sqlite3.Connection:
        """The journal opened for writing once the disk takes it (on the writer's thread,
        the connection's lock held): reads go to it from then on."""
        # The read-only connection goes first: SQLite shares one -shm mapping per file
        # in a process, and one it opened read-only (a -shm left by a stop that was not
        # clean, on a read-only card) would keep every later write "readonly".
        self._db.close()
        try:
            db = open_writable(self.path)
        except BaseException:
            self._db = read_only_again(self.path)
            raise
        self._next_id = max(self._next_id, _highest_id(db) + 1)
        self._db = db
        self._problem = None
        log.warning("journal %s can be written again", self.path)
        return db

    @property
    def error(self) -> str | None:
        """Why the journal cannot write now, or what is wrong with its file (translated),
        or None when all is well."""
        return self._writer.error or self._problem or self._damage

    def check(self) -> str | None:
        """SQLite's check of the whole file, which a start after a clean stop skipped:
        run off the table's thread after the first frame (it reads the whole file).
        Damage it finds becomes the journal's `error`, and the next start, not marked
        clean, checks again before anything and restores the journal (`opening`)."""
        if self.checked:
            return self._damage
        problem = whole_file_problem(self.path)
        self.checked = True
        if problem is not None:
            self._found_damage(problem)
        return self._damage

    def _found_damage(self, problem: str) -> None:
        """Damage seen while the box runs (by the whole-file check, or a read): said as
        the journal's error, and the stop no longer marked clean, so the next start
        checks the file and restores it."""
        log.error("journal %s is damaged: %s", self.path, problem)
        stops.forget(self.path)
        self._damage = _(
            "The journal is damaged ({why}). Play goes on; restart the box to "
            "restore it from its backup with every game that still reads."
        ).format(why=problem)

    @property
    def writable(self) -> bool:
        """Whether new games and moves reach the disk now (else they wait in memory)."""
        return self._problem is None and not self._writer.failing

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
        if self.writable and self._damage is None and self.pending == 0:
            # the next start skips the whole-file checks; a writable journal is this version's
            stops.mark_clean(self.path, schema.SCHEMA_VERSION)
        self._release()

    def _release(self) -> None:
        """The locks that say this process uses the journal, let go."""
        for fd in self._held:
            if fd is not None:
                os.close(fd)
        self._held = []

    def begin_game(self, game: str, setup: dict[str, Any]) -> int:
        """Record a new game with its setup; returns its id at once (queued like every
        write: a card that refuses writes does not stop a new game). JournalRefused,
        and nothing recorded, for a setup that could never be stored."""
        with self._lock:
            game_id = self._next_id
            self._writer.submit(
                "INSERT INTO games (id, game, setup, started) VALUES (?, ?, ?, ?)",
                (game_id, game, as_json(setup), self.clock()),
            )
            self._next_id += 1
        return game_id

    def append(self, game_id: int, event: JournalEvent) -> int:
        """Queue one event; returns its ticket at once (see `on_durable`)."""
        if event.kind not in EVENT_KINDS:
            raise ValueError(f"unknown journal event kind {event.kind!r}")
        return self._writer.submit(
            "INSERT INTO events (game_id, kind, action, at) VALUES (?, ?, ?, ?)",
            (game_id, event.kind, event.action, self.clock()),
        )

    def set_finished(
        self, game_id: int, finished: bool, outcome: Sequence[results.Result] | None = None
    ) -> None:
        """Mark a game over with what it gives each seat (`outcome`, kept in its
        players' statistics), or, after an undo, not over any more, after its events
        and in one transaction with the statistics; a game's end is when a backup may
        be due (made on the writer's thread)."""
        self._writer.submit_all(
            results.ended(game_id, outcome) if finished else results.resumed(game_id)
        )
        if finished and self._backups is not None:
            self._writer.after(self._backup)

    def _backup(self) -> None:
        if not self._writer.failing and self._backups is not None:
            self._backups.run(self.clock())

    def abandon(self, game_id: int) -> None:
        """Leave a game unfinished for good: it will not be resumed, but is kept (the
        history lists it until the host deletes it)."""
        self._writer.submit("UPDATE games SET abandoned=1 WHERE id=?", (game_id,))

    def delete(self, game_id: int) -> None:
        """Take an abandoned game out of the history. Its rows stay in the file (nothing
        recorded is ever lost: `tabletop export` still finds it); only an abandoned
        game can be deleted, never one finished or still to resume."""
        self._writer.submit("UPDATE games SET deleted=1 WHERE id=? AND abandoned=1", (game_id,))

    def last_event(self, game_id: int) -> int:
        """The sequence number of a game's latest event (0 if none): its version."""
        rows = self._read("SELECT MAX(seq) FROM events WHERE game_id=?", (game_id,))
        return int(rows[0][0] or 0)

    def _read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of a query, once every queued write is on disk; at once, with what the
        disk holds, while the disk refuses writes. JournalError if it cannot be read."""
        self._writer.settle()
        with self._lock:
            try:
                return self._db.execute(sql, params).fetchall()
            except (sqlite3.Error, UnicodeDecodeError) as error:
                raise self._unreadable(error) from error

    def _unreadable(self, error: sqlite3.Error | UnicodeDecodeError) -> JournalError:
        """What a read that failed raises; damage it met is said, and the next start
        checks the whole file and restores."""
        log.warning("journal read failed: %s", error)
        why = describe(error)
        if is_damage(error):
            self._found_damage(why)
        return JournalError(_("The journal cannot be read ({why}).").format(why=why))

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
        rows = self._read(f"SELECT * FROM ({GAMES}) {where}")
        if any(not isinstance(row[0], int) for row in rows):
            # a game without its number: a flip in the schema's text took the rowid from `id`
            raise self._unreadable(JournalDamaged("a game's row has no number"))
        return [game_entry(row) for row in rows]


_UNFINISHED = "finished=0 AND abandoned=0"


def _highest_id(db: sqlite3.Connection) -> int:
    """The latest game's id in `db` (0 when it has none, or cannot say)."""
    try:
        return int(db.execute("SELECT MAX(id) FROM games").fetchone()[0] or 0)
    except sqlite3.Error:
        return 0

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
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pi_app.errors import describe, storage_problem
from pi_app.i18n import Translator
from pi_app.questions.question import Question
from pi_app.table import backups, results, stops
from pi_app.table.disk import is_damage
from pi_app.table.lock import hold
from pi_app.table.opening import open_journal, open_writable, whole_file_problem
from pi_app.table.writer import JournalError, Listener, Writer

log = logging.getLogger(__name__)
_ = Translator("core")

CLOSE_SECONDS = 10.0  # how long closing waits for queued writes
EVENT_KINDS = ("action", "undo", "redo")


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
    problem: str | None = None
    """Why its row cannot be read (translated), or None: such a game is still listed."""

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats of its setup, as names (none when the setup does not say them)."""
        seats = self.setup.get("seats")
        return tuple(str(seat) for seat in seats) if isinstance(seats, list) else ()


@dataclass(frozen=True)
class Player:
    """A name typed at this table once, with the palette colour it last had."""

    name: str
    colour: int


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
        clean = stops.was_clean(self.path)
        opened = open_journal(self.path, clock, check=not clean)
        self.checked = not clean
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
        self._held = hold(self.path)  # `tabletop journal restore` waits for it

    def _reopen(self) -> sqlite3.Connection:
        """The journal opened for writing once the disk takes it (on the writer's thread,
        the connection's lock held): reads go to it from then on."""
        db = open_writable(self.path)
        self._next_id = max(self._next_id, _highest_id(db) + 1)
        old, self._db = self._db, db
        old.close()
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
            stops.mark_clean(self.path)  # the next start skips the whole-file checks
        if self._held is not None:
            os.close(self._held)
            self._held = None

    def begin_game(self, game: str, setup: dict[str, Any]) -> int:
        """Record a new game with its setup; returns its id at once (queued like every
        write: a card that refuses writes does not stop a new game). JournalRefused,
        and nothing recorded, for a setup that could never be stored."""
        with self._lock:
            game_id = self._next_id
            self._writer.submit(
                "INSERT INTO games (id, game, setup, started) VALUES (?, ?, ?, ?)",
                (game_id, game, _json(setup), self.clock()),
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

    def finished_count(self) -> int:
        """How many games are finished (what the statistics count)."""
        return int(self._read("SELECT COUNT(*) FROM games WHERE finished=1")[0][0])

    def finished_games(self, limit: int, offset: int = 0) -> list[GameEntry]:
        """Finished games, newest first (what the statistics fold)."""
        return self._entries(
            f"WHERE finished=1 ORDER BY id DESC LIMIT {int(limit)} OFFSET {int(offset)}"
        )

    def statistics_kept(self) -> bool:
        """Whether the players' statistics are kept for every finished game (not yet in
        a journal made before they were, nor after a salvage: `History.stats` builds
        them once); False when they cannot be read (a journal opened read-only)."""
        try:
            return bool(self._read("SELECT 1 FROM kept WHERE key='statistics'"))
        except JournalError:
            return False

    def player_totals(self, names: Sequence[str]) -> list[tuple[Any, ...]]:
        """The kept totals of the players `names`, a row per player and game."""
        marks = ", ".join("?" * len(names))
        return self._read(results.TOTALS.format(marks=marks), tuple(names)) if names else []

    def totals(self) -> dict[str, int]:
        """The box's totals: finished games per game, kept as games end."""
        rows = self._read("SELECT game, finished FROM game_totals WHERE finished > 0")
        return {str(game): int(count) for game, count in rows}

    def rebuild_statistics(self, folded: Sequence[results.Folded]) -> None:
        """Keep the statistics as made again from every game's events (`results.rebuild`)
        and wait until they are on disk (JournalError if they cannot be)."""
        self._writer.submit_all(results.rebuild(folded))
        self._writer.flush()

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
        text = _json(value)
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
        return [(str(qid), float(at), str(by)) for qid, at, by in rows if _number(at)]

    def players(self, limit: int = 100) -> list[Player]:
        """The remembered players, the latest first."""
        rows = self._read(
            "SELECT name, colour FROM players ORDER BY last_played DESC, name LIMIT ?", (limit,)
        )
        return [Player(str(name), colour) for name, colour in rows if isinstance(colour, int)]

    def _read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """Rows of a query, once every queued write is on disk; at once, with what the
        disk holds, while the disk refuses writes. JournalError if it cannot be read."""
        self._writer.settle()
        with self._lock:
            try:
                return self._db.execute(sql, params).fetchall()
            except (sqlite3.Error, UnicodeDecodeError) as error:
                log.warning("journal read failed: %s", error)
                why = (
                    storage_problem(error) if isinstance(error, sqlite3.Error) else describe(error)
                )
                if is_damage(error):  # the next start checks the whole file and restores
                    self._found_damage(why)
                raise JournalError(
                    _("The journal cannot be read ({why}).").format(why=why)
                ) from error

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


def _pack_question(pack: str, text: str) -> Question | None:
    """A stored pack question, or None (logged) when it cannot be read."""
    try:
        return Question.from_json(json.loads(text), pack=str(pack))
    except (ValueError, TypeError) as error:
        log.warning("a question of the pack %s cannot be read (%s); it is left out", pack, error)
        return None


def _highest_id(db: sqlite3.Connection) -> int:
    """The latest game's id in `db` (0 when it has none, or cannot say)."""
    try:
        return int(db.execute("SELECT MAX(id) FROM games").fetchone()[0] or 0)
    except sqlite3.Error:
        return 0


def _json(value: object) -> str:
    """Plain JSON data as the journal keeps it: UTF-8, so a text that could never be
    stored (a lone surrogate) is refused by the writer rather than hidden in an escape."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _entry(row: tuple[Any, ...]) -> GameEntry:
    """A game's row as an entry; a row that does not read says why in `problem`."""
    game_id, game, setup, finished, abandoned, started, _deleted, last_played = row
    problem = None
    try:
        parsed = json.loads(setup)
    except (TypeError, ValueError, RecursionError) as error:
        parsed, problem = {}, _("its setup cannot be read ({error})").format(error=describe(error))
    if problem is None and not isinstance(parsed, dict):
        parsed, problem = {}, _("its setup is not a JSON object")
    if not isinstance(game, str):
        game, problem = str(game), problem or _("its game's name cannot be read")
    return GameEntry(
        int(game_id),
        game,
        parsed,
        bool(finished),
        bool(abandoned),
        float(started) if _number(started) else 0.0,
        float(last_played) if _number(last_played) else 0.0,
        problem,
    )

"""The journal's writer: one thread that turns queued writes into group commits.

A commit waits for fsync, and on a Pi's SD card an fsync takes 10 to 50 ms, sometimes
far more. The bell's STOP must be on screen within one 60 Hz frame, so the table never
waits for the disk: it queues the write and goes on, and this thread commits
everything queued so far in one transaction (one fsync for however many events came
in meanwhile), then reports those writes durable. Writes reach the disk in the order
they were queued, so the journal on disk is always a prefix of what the table did.

A write that fails (disk full, card pulled, I/O error) stays queued, in order, and is
retried with a growing pause; the failure is kept in `error` for the box to show.
Nothing queued is dropped while the process lives.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import sqlite3
import threading
import weakref
from collections import deque
from collections.abc import Callable
from typing import Any

from pi_app.errors import storage_problem
from pi_app.i18n import Translator

log = logging.getLogger(__name__)
_ = Translator("core")

BATCH = 512  # writes in one transaction at most
IDLE_SECONDS = 5.0  # an idle writer thread ends; the next write starts another
RETRY_FIRST, RETRY_MAX = 0.1, 5.0  # pauses between tries of a failing commit
EXIT_SECONDS = 2.0  # at interpreter exit, how long to wait for queued writes
Listener = Callable[[int], None]


class JournalError(RuntimeError):
    """The journal cannot be written now; the message is translated for the screen."""


class Writer:
    """Queued writes on one SQLite connection, committed in order by a thread of its own.

    Each write gets a ticket (1, 2, 3...); `durable` is the highest ticket whose
    commit has returned, and listeners hear it after each commit (on the writer's
    thread: they must be quick and must not write to the journal).
    """

    def __init__(self, db: sqlite3.Connection, db_lock: threading.RLock) -> None:
        self._db = db
        self._db_lock = db_lock  # readers of the connection take it too
        self._cond = threading.Condition()
        self._queue: deque[tuple[int, str, tuple[Any, ...]]] = deque()
        self._queued = 0
        self._durable = 0
        self._thread: threading.Thread | None = None
        self._closing = False
        self._error: str | None = None
        self._failures = 0  # failed commits so far, to tell a new failure from an old one
        self._listeners: list[Listener] = []
        _live.add(self)

    @property
    def durable(self) -> int:
        """The highest ticket known to be on disk."""
        with self._cond:
            return self._durable

    @property
    def pending(self) -> int:
        """How many writes are queued and not yet on disk."""
        with self._cond:
            return self._queued - self._durable

    @property
    def error(self) -> str | None:
        """Why the last commit failed (translated), or None once commits succeed again."""
        with self._cond:
            return self._error

    def listen(self, listener: Listener) -> None:
        """Call `listener(ticket)` after each commit with the highest durable ticket."""
        self._listeners.append(listener)

    def submit(self, sql: str, params: tuple[Any, ...]) -> int:
        """Queue one statement; returns its ticket at once, without touching the disk."""
        with self._cond:
            if self._closing:
                raise JournalError(_("The journal is closed."))
            self._queued += 1
            self._queue.append((self._queued, sql, params))
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="journal-writer", daemon=True
                )
                self._thread.start()
            self._cond.notify_all()
            return self._queued

    def flush(self, timeout: float | None = None) -> None:
        """Wait until everything queued so far is on disk.

        Raises JournalError as soon as a commit fails meanwhile (the writes stay queued
        and are retried), or when `timeout` seconds pass first.
        """
        with self._cond:
            target, failures = self._queued, self._failures
            self._cond.wait_for(
                lambda: self._durable >= target or self._failures > failures, timeout
            )
            if self._durable >= target:
                return
            raise JournalError(self._error or _("The journal is still writing; try again."))

    def close(self, timeout: float) -> None:
        """Write what is queued (waiting at most `timeout` s), then stop the thread."""
        try:
            self.flush(timeout)
        except JournalError as error:
            log.error("journal closed with %d writes unwritten: %s", self.pending, error)
        with self._cond:
            self._closing = True
            self._cond.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join(timeout)

    def _run(self) -> None:
        failures = 0
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._queue or self._closing, IDLE_SECONDS)
                if not self._queue or (self._closing and failures):
                    self._thread = None
                    return
                batch = [self._queue[i] for i in range(min(BATCH, len(self._queue)))]
            try:
                self._commit(batch)
            except sqlite3.Error as error:
                failures += 1
                self._failed(error, failures)
                continue
            failures = 0
            self._committed(len(batch), batch[-1][0])

    def _commit(self, batch: list[tuple[int, str, tuple[Any, ...]]]) -> None:
        """One transaction for the whole batch: one fsync, all or nothing."""
        with self._db_lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for _ticket, sql, params in batch:
                    self._db.execute(sql, params)
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise

    def _committed(self, count: int, ticket: int) -> None:
        with self._cond:
            for _ in range(count):
                self._queue.popleft()
            self._durable = ticket
            if self._error is not None:
                log.warning("journal written again after a failure")
            self._error = None
            self._cond.notify_all()
        for listener in self._listeners:
            try:
                listener(ticket)
            except Exception:  # a listener's fault must not stop the journal
                log.exception("journal listener failed")

    def _failed(self, error: sqlite3.Error, failures: int) -> None:
        """Keep the writes, say why, and pause before the next try."""
        log.error("journal commit failed (try %d): %s", failures, error)
        with self._cond:
            self._failures += 1
            self._error = _(
                "The journal cannot be written ({why}); play goes on and it will be "
                "written when the storage answers again."
            ).format(why=storage_problem(error))
            self._cond.notify_all()
            self._cond.wait(min(RETRY_MAX, RETRY_FIRST * 2 ** (failures - 1)))


_live: weakref.WeakSet[Writer] = weakref.WeakSet()


@atexit.register
def _write_before_exit() -> None:
    """A program that ends without closing its journal still writes what it queued."""
    for writer in list(_live):
        with contextlib.suppress(JournalError):
            writer.flush(EXIT_SECONDS)

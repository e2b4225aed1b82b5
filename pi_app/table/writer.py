"""The journal's writer: one thread that turns queued writes into group commits.

A commit waits for fsync, and on a Pi's SD card an fsync takes 10 to 50 ms, sometimes
far more. The bell's STOP must be on screen within one 60 Hz frame, so the table never
waits for the disk: it queues the write and goes on, and this thread commits
everything queued so far in one transaction (one fsync for however many events came
in meanwhile), then reports those writes durable. Writes reach the disk in the order
they were queued, so the journal on disk is always a prefix of what the table did.

A write that fails because of the disk (full, read-only, card pulled, I/O error) stays
queued, in order, and is retried with a growing pause; the failure is kept in `error`
for the box to show. Nothing queued is dropped while the process lives, and the thread
never dies: a write that could never be stored is refused by `submit` before anyone
hears "done", and one that still fails for another reason than the disk (a fault of
the program) is found alone, logged whole with its traceback and kept in `error`,
while every write around it goes on.
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
SQLITE_INT = (-(2**63), 2**63 - 1)  # what an SQLite INTEGER holds
Listener = Callable[[int], None]
Reopen = Callable[[], sqlite3.Connection]
Statement = tuple[str, tuple[Any, ...]]
Write = tuple[int, tuple[Statement, ...]]
"""A ticket and its statements, always committed in the same transaction."""


class JournalError(RuntimeError):
    """The journal cannot be written now; the message is translated for the screen."""


class JournalRefused(ValueError):
    """A write that could never be stored (text with a lone surrogate, a number SQLite
    cannot hold): refused when it is made, so nothing was queued. Translated."""


def check_value(value: object) -> None:
    """Refuse (JournalRefused) a value SQLite could never store; say which and why."""
    if value is None or isinstance(value, float | bytes):
        return
    if isinstance(value, int):
        if not SQLITE_INT[0] <= value <= SQLITE_INT[1]:
            raise JournalRefused(_("A number too large to be recorded was refused."))
        return
    if not isinstance(value, str):
        raise JournalRefused(
            _("A value of type {kind} cannot be recorded.").format(kind=type(value).__name__)
        )
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        raise JournalRefused(
            _(
                "A text cannot be recorded: its character {position} is not valid "
                "Unicode (U+{code:04X})."
            ).format(position=error.start + 1, code=ord(value[error.start]))
        ) from None


def is_storage_fault(error: BaseException) -> bool:
    """Whether a failed commit is the disk's doing (retried), not the write's own."""
    if isinstance(error, OSError | JournalError):
        return True
    return isinstance(error, sqlite3.DatabaseError) and not isinstance(
        error, sqlite3.IntegrityError | sqlite3.DataError | sqlite3.ProgrammingError
    )


class Writer:
    """Queued writes on one SQLite connection, committed in order by a thread of its own.

    Each write gets a ticket (1, 2, 3...); `durable` is the highest ticket whose
    commit has returned, and listeners hear it after each commit (on the writer's
    thread: they must be quick and must not write to the journal). `reopen`, when
    given, is tried before the next commit: the journal opened only for reading
    (a full or read-only card at start) gets its writable connection there, as soon
    as the disk takes writes again.
    """

    def __init__(
        self, db: sqlite3.Connection, db_lock: threading.RLock, reopen: Reopen | None = None
    ) -> None:
        self._db = db
        self._db_lock = db_lock  # readers of the connection take it too
        self._reopen = reopen
        self._cond = threading.Condition()
        self._queue: deque[Write] = deque()
        self._tasks: deque[tuple[int, Callable[[], None]]] = deque()
        self._queued = 0
        self._durable = 0
        self._thread: threading.Thread | None = None
        self._closing = False
        self._error: str | None = None
        self._rejected: str | None = None  # a write the program got wrong: said until exit
        self._alone = 0  # writes still to commit one at a time, to find the one that fails
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
        """Why the last commit failed (translated), or None once commits succeed again;
        a write refused by a fault of the program stays said."""
        with self._cond:
            return self._error or self._rejected

    @property
    def failing(self) -> bool:
        """Whether the disk refuses the writes now (they wait, queued, in order)."""
        with self._cond:
            return self._error is not None or self._reopen is not None

    def listen(self, listener: Listener) -> None:
        """Call `listener(ticket)` after each commit with the highest durable ticket."""
        self._listeners.append(listener)

    def submit(self, sql: str, params: tuple[Any, ...]) -> int:
        """Queue one statement; returns its ticket at once, without touching the disk.

        JournalRefused, and nothing queued, for a value that could never be stored.
        """
        return self.submit_all(((sql, params),))

    def submit_all(self, statements: tuple[Statement, ...]) -> int:
        """Queue statements that go to disk in one transaction (a game's end and the
        statistics it changes), under one ticket; as `submit`."""
        for _sql, params in statements:
            for value in params:
                check_value(value)
        with self._cond:
            if self._closing:
                raise JournalError(_("The journal is closed."))
            self._queued += 1
            self._queue.append((self._queued, statements))
            self._start()
            return self._queued

    def after(self, task: Callable[[], None]) -> None:
        """Run `task` on this thread once every write queued so far is on disk (a
        backup: it reads what those writes made). A failing task is logged."""
        with self._cond:
            if self._closing:
                return
            self._tasks.append((self._queued, task))
            self._start()

    def _start(self) -> None:
        """Wake the thread, or start one (the condition is held)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="journal-writer", daemon=True)
            self._thread.start()
        self._cond.notify_all()

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

    def settle(self) -> None:
        """Before a read: wait for the queued writes, unless the disk refuses them now
        (then the reader gets what the disk holds, at once, never a wait)."""
        if self.failing:
            return
        with contextlib.suppress(JournalError):
            self.flush()

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
                self._cond.wait_for(
                    lambda: self._queue or self._due() or self._closing, IDLE_SECONDS
                )
                if self._due() and not (self._closing and failures):
                    task = self._tasks.popleft()[1]
                else:
                    task = None
                    if not self._queue or (self._closing and failures):
                        self._thread = None
                        return
                    size = 1 if self._alone else min(BATCH, len(self._queue))
                    batch = [self._queue[i] for i in range(size)]
            if task is not None:
                _run_task(task)
                continue
            try:
                self._commit(batch)
            except Exception as error:  # the thread never dies: every fault is kept
                failures += 1
                self._failed(error, failures, batch)
                continue
            failures = 0
            self._committed(len(batch), batch[-1][0])

    def _due(self) -> bool:
        """Whether a task's writes are all on disk (the condition is held)."""
        return bool(self._tasks) and self._tasks[0][0] <= self._durable

    def _commit(self, batch: list[Write]) -> None:
        """One transaction for the whole batch: one fsync, all or nothing."""
        with self._db_lock:
            if self._reopen is not None:
                self._db = self._reopen()
                with self._cond:
                    self._reopen = None
            self._db.execute("BEGIN IMMEDIATE")
            try:
                for _ticket, statements in batch:
                    for sql, params in statements:
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
            self._alone = max(0, self._alone - count)
            self._durable = ticket
            if self._error is not None:
                log.warning("journal written again after a failure")
            self._error = None
            self._cond.notify_all()
        self._tell(ticket)

    def _tell(self, ticket: int) -> None:
        for listener in self._listeners:
            try:
                listener(ticket)
            except Exception:  # a listener's fault must not stop the journal
                log.exception("journal listener failed")

    def _failed(self, error: Exception, failures: int, batch: list[Write]) -> None:
        """A storage fault: keep the writes, say why, pause before the next try. Any
        other fault: find the one write that causes it and set it aside."""
        if not is_storage_fault(error):
            self._reject(error, batch)
            return
        log.error("journal commit failed (try %d): %s", failures, error)
        why = storage_problem(error) if isinstance(error, sqlite3.Error) else str(error)
        with self._cond:
            self._failures += 1
            self._error = _(
                "The journal cannot be written ({why}); play goes on and it will be "
                "written when the storage answers again."
            ).format(why=why)
            self._cond.notify_all()
            self._cond.wait(min(RETRY_MAX, RETRY_FIRST * 2 ** (failures - 1)))

    def _reject(self, error: Exception, batch: list[Write]) -> None:
        """A batch failed for a reason of its own: try its writes alone; the one that
        fails alone is logged whole and skipped, and the box says a write was lost."""
        if len(batch) > 1:
            log.error("journal commit failed; its writes are tried one by one: %r", error)
            with self._cond:
                self._alone = len(batch)
            return
        ticket, statements = batch[0]
        log.error("journal write %d skipped: %r", ticket, statements[:3], exc_info=error)
        with self._cond:
            self._queue.popleft()
            self._durable = ticket
            self._alone = 0
            self._failures += 1
            self._rejected = _(
                "A write could not be recorded ({why}); it is in the log. Everything else is kept."
            ).format(why=type(error).__name__)
            self._cond.notify_all()
        self._tell(ticket)


def _run_task(task: Callable[[], None]) -> None:
    try:
        task()
    except Exception:  # a backup that fails must not stop the journal
        log.exception("journal task failed")


_live: weakref.WeakSet[Writer] = weakref.WeakSet()


@atexit.register
def _write_before_exit() -> None:
    """A program that ends without closing its journal still writes what it queued."""
    for writer in list(_live):
        with contextlib.suppress(JournalError):
            writer.flush(EXIT_SECONDS)

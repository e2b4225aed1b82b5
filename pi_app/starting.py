"""The box's start under systemd: it hears SIGTERM from its first moment, and a slow card
never makes systemd give up on it.

systemd gives the service `TimeoutStartSec` to say READY=1, and stops it with SIGTERM.

- `Stop` takes SIGTERM from the first thing `tabletop run` does (before the display's
  imports), installed before SDL's own handler, which SDL then leaves alone. Each step of
  the start looks at it, and once a loop plays, `then` stops that loop.
- `open_journal` opens the journal (read, upgraded or salvaged: on an SD card under
  load, minutes) on a thread of its own while the main thread waits, so the waiting
  thread tells systemd EXTEND_TIMEOUT_USEC every `EXTEND_EVERY` seconds, and a SIGTERM
  meanwhile ends the start at once. The open left behind is cut off as by a pulled
  plug: SQLite's transactions keep the file whole, as the journal is made to be.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from pi_app.devices import sdnotify

if TYPE_CHECKING:
    from pi_app.table.journal import Journal

EXTEND_EVERY = 2.0
"""Seconds between two EXTEND_TIMEOUT_USEC while the journal opens."""
EXTEND_BY = 30.0
"""Seconds systemd is asked to wait from each of them on."""
LOOK_EVERY = 0.2
"""Seconds between two looks at a SIGTERM while the journal opens."""


class Stop:
    """systemd's SIGTERM, heard for the whole run: it stops whichever loop plays now
    (`then`), and a start not yet playing looks at `asked`."""

    def __init__(self) -> None:
        self.asked = False
        self.then: Callable[[], None] = lambda: None
        main = threading.current_thread() is threading.main_thread()  # where signals go
        self._previous = signal.signal(signal.SIGTERM, self._heard) if main else None
        self._installed = main

    def _heard(self, _signum: int, _frame: object) -> None:
        self.asked = True
        self.then()

    def release(self) -> None:
        if self._installed and self._previous is not None:
            signal.signal(signal.SIGTERM, self._previous)


class _Opening:
    """One journal being opened on its own thread, and what became of it: the journal,
    the error it raised, or nothing yet. A journal whose start was stopped meanwhile
    is closed by whichever side sees it last."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.done = threading.Event()
        self._lock = threading.Lock()
        self._journal: Journal | None = None
        self._error: BaseException | None = None
        self._abandoned = False

    def run(self) -> None:
        from pi_app.table.journal import Journal

        try:
            journal = Journal(self.path)
        except BaseException as error:  # handed to the waiting thread, raised there
            self._error = error
            self.done.set()
            return
        with self._lock:
            self._journal, abandoned = journal, self._abandoned
        if abandoned:
            journal.close()
        self.done.set()

    def abandon(self) -> None:
        with self._lock:
            self._abandoned, journal = True, self._journal
        if journal is not None:
            journal.close()

    def result(self) -> Journal:
        if self._error is not None:
            raise self._error
        assert self._journal is not None
        return self._journal


def open_journal(
    path: Path,
    stop: Stop,
    notify: Callable[[str], object] = sdnotify.notify,
    clock: Callable[[], float] = time.monotonic,
) -> Journal | None:
    """The journal at `path`, or None when SIGTERM came first; what the journal raises
    (a newer journal: `JournalTooNew`) is raised here."""
    if stop.asked:
        return None
    opening = _Opening(path)
    threading.Thread(target=opening.run, name="journal-open", daemon=True).start()
    told = clock()
    while not opening.done.wait(LOOK_EVERY):
        if stop.asked:
            opening.abandon()
            return None
        if clock() - told >= EXTEND_EVERY:
            told = clock()
            notify(f"EXTEND_TIMEOUT_USEC={int(EXTEND_BY * 1_000_000)}")
            notify("STATUS=reading the journal (a slow card)")
    return opening.result()

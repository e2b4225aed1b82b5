"""The box's start under systemd: it hears SIGTERM from its first moment, and a slow card
never makes systemd give up on it.

systemd gives the service `TimeoutStartSec` to say READY=1, and stops it with SIGTERM.

- `Stop` takes SIGTERM from the first thing `tabletop run` does (before the display's
  imports), installed before SDL's own handler, which SDL then leaves alone. Each step of
  the start looks at it, and once a loop plays, `then` stops that loop.
- `JournalOpening` opens the journal (read, upgraded or salvaged: on an SD card under
  load, minutes) on a thread of its own from the start on, while the main thread loads
  the display's modules and then waits: the card works while Python does, the waiting
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

from pi_app.devices import sdnotify
from pi_app.table.journal import Journal  # here: the opening thread imports nothing

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


class JournalOpening:
    """One journal opening on a thread of its own from now on, and what became of it:
    the journal, the error it raised, or nothing yet. A journal nobody took (the start
    was stopped, or ended before it) is closed by whichever side sees it last."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._done = threading.Event()
        self._lock = threading.Lock()
        self._journal: Journal | None = None
        self._error: BaseException | None = None
        self._abandoned = False
        threading.Thread(target=self._open, name="journal-open", daemon=True).start()

    def _open(self) -> None:
        try:
            journal = Journal(self.path)
        except BaseException as error:  # handed to the waiting thread, raised there
            self._error = error
            self._done.set()
            return
        with self._lock:
            self._journal, abandoned = journal, self._abandoned
        if abandoned:
            journal.close()
        self._done.set()

    def wait(
        self,
        stop: Stop,
        notify: Callable[[str], object] = sdnotify.notify,
        clock: Callable[[], float] = time.monotonic,
    ) -> Journal | None:
        """The journal once open, or None when SIGTERM came first; what the journal
        raised (a newer journal: `JournalTooNew`) is raised here. While it opens,
        systemd is asked every `EXTEND_EVERY` seconds to wait `EXTEND_BY` more."""
        told = clock()
        while not self._done.wait(LOOK_EVERY):
            if stop.asked:
                self.abandon()
                return None
            if clock() - told >= EXTEND_EVERY:
                told = clock()
                notify(f"EXTEND_TIMEOUT_USEC={int(EXTEND_BY * 1_000_000)}")
                notify("STATUS=reading the journal (a slow card)")
        if self._error is not None:
            raise self._error
        with self._lock:
            journal, self._journal = self._journal, None  # taken: `abandon` leaves it
        if stop.asked and journal is not None:
            journal.close()
            return None
        return journal

    def abandon(self) -> None:
        """Nobody will take the journal: closed now if open, else once it opens."""
        with self._lock:
            self._abandoned, journal, self._journal = True, self._journal, None
        if journal is not None:
            journal.close()

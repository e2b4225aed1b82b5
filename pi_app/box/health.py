"""The box's health between two frames: systemd's watchdog, and the journal's card.

Both are parts with a deadline of their own (`next_deadline`), polled by whichever
loop owns the session, so a box without a screen is watched and told the same way.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from pi_app.box.changes import Said
from pi_app.box.session import Session
from pi_app.i18n import Translator

_ = Translator("display")

JOURNAL_CHECK_SECONDS = 0.5  # while journal writes are pending, look at them this often


class Watchdog:
    """Tells systemd the loop is alive, at half its watchdog period (none when not
    watched: `WATCHDOG_USEC` unset)."""

    def __init__(self, notify: Callable[[str], None], clock: Callable[[], float]) -> None:
        self.notify, self.clock = notify, clock
        self.interval = watchdog_interval()
        self._last = 0.0

    def poll(self) -> None:
        now = self.clock()
        if self.interval and now - self._last >= self.interval:
            self._last = now
            self.notify("WATCHDOG=1")

    def next_deadline(self, now: float) -> float | None:
        return self._last + self.interval if self.interval else None


class JournalWatch:
    """Says when the journal's storage fails, and when it writes again; has the
    journal's file checked whole once the box is up.

    The journal writes on its own thread and never makes the table wait, so a failing
    card is noticed here, between frames, not in the middle of a press. A start after a
    clean stop skips SQLite's check of the whole file (it grows with the journal); it
    runs here as a job from the second poll on (the first comes before the first
    frame), and damage it finds is said like any other fault of the journal.
    """

    def __init__(self, session: Session) -> None:
        self.session = session
        self._error: str | None = None
        self._polls = 0

    def poll(self) -> None:
        self._polls += 1
        if self._polls == 2 and not self.session.journal.checked:
            self.session.jobs.run(self.session.journal.check, _nothing, shown=False)
        error = self.session.journal.error
        if error == self._error:
            return
        self._error = error
        if error is not None:
            self.session.changes.publish(Said(error, True))
        else:
            self.session.changes.publish(Said(_("The journal is written again; nothing was lost.")))

    def next_deadline(self, now: float) -> float | None:
        journal = self.session.journal
        if self._polls < 2 and not journal.checked:
            return now  # the second poll, after the first frame, starts the check
        waiting = journal.pending or self._error is not None or not journal.checked
        return now + JOURNAL_CHECK_SECONDS if waiting else None  # a failing write is seen soon


def _nothing(_result: object) -> None:
    """What a job that only looks does with its result (the journal keeps it)."""


def watchdog_interval() -> float:
    """Half the systemd watchdog period, or 0 when not watched."""
    try:
        usec = int(os.environ.get("WATCHDOG_USEC", "0"))
    except ValueError:
        return 0.0
    return usec / 2e6 if usec > 0 else 0.0

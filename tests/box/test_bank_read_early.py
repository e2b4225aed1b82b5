"""The built-in bank is read by a job after the box's first frame, not by the owner's
thread when the first question is drawn: on a Pi that read stopped the loop (the
bell, the screen) for a second or more, and on an emulated card long enough for
systemd's watchdog to end the box."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path

from pi_app.box.jobs import Jobs
from pi_app.box.session import Session
from pi_app.questions.question import Question
from pi_app.table import Journal

DEADLINE = 60.0


def test_the_bank_is_read_by_a_job_after_the_first_frame(tmp_path: Path) -> None:
    readers: list[str] = []

    def bank() -> Sequence[Question]:
        readers.append(threading.current_thread().name)
        return ()

    journal = Journal(tmp_path / "journal.sqlite3")
    session = Session({}, journal, bank=bank, jobs=Jobs())
    try:
        session.open()
        session.poll()  # the first frame's
        assert session.jobs.wait_idle(DEADLINE)
        assert readers == [], "read on the way to the first frame"
        session.poll()
        assert session.jobs.wait_idle(DEADLINE)
        session.poll()
        assert len(readers) == 1 and readers[0] != threading.current_thread().name
        for _ in range(3):
            session.poll()
        assert session.jobs.wait_idle(DEADLINE)
        assert len(readers) == 1, "read once"
    finally:
        session.close()
        journal.close()

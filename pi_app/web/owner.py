"""The box without a screen: the session driven by a thread of its own, for the phones.

`PhonesOwner` is the loop the display would be, minus the drawing: it sleeps until a
phone's request, a finished job (the computer's search, a look at the packs) or a
deadline of the session, then serves the phones, polls the session and publishes the
table. It drives the same core as the display (`pi_app.box.session`), so the box's
own questions are asked and the computer plays here too. `call` runs what the host
would tap on the box on the same thread; a call that changed the table is told to
every part as an action of the box's.

`TableOwner` is one table in a session of its own: for tests, and for running the
phones' server alone.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from pi_app.box.health import JournalWatch, Watchdog
from pi_app.box.jobs import Jobs
from pi_app.box.phones import PhoneTables
from pi_app.box.session import Session
from pi_app.table.table import Table
from pi_app.web.hub import Hub

T = TypeVar("T")
LONGEST_SLEEP = 60.0  # seconds: with no deadline at all, look again at least this often


class PhonesOwner:
    """A session, its phones' hub and one thread; requests and calls in order."""

    def __init__(self, session: Session, hub: Hub, watchdog: Watchdog | None = None) -> None:
        self.session = session
        self.hub = hub
        self._woken = threading.Event()
        session.jobs.wake = self._woken.set
        self.tables = PhoneTables(session, hub)
        self.health = JournalWatch(session)
        self.watchdog = watchdog
        """systemd's watchdog, told the owner is alive (the box's service with no screen)."""
        self._calls: list[tuple[Callable[[Any], Any], Future[Any]]] = []
        self._lock = threading.Lock()
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="table-owner", daemon=True)
        hub.on_request(self._woken.set)

    @property
    def table(self) -> Any:
        """The game at the table (the session's)."""
        return self.session.table

    def start(self) -> PhonesOwner:
        self.tables.publish(self.session.table, None, 0.0)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop = True
        self._woken.set()
        self._thread.join(5)
        self.session.jobs.close()

    def call(self, work: Callable[[Any], T], timeout: float = 10) -> T:
        """Run `work(table)` on the owner's thread; its result, or its exception."""
        result: T = self.submit(work).result(timeout)
        return result

    def submit(self, work: Callable[[Any], T]) -> Future[T]:
        """Have `work(table)` run on the owner's thread, soon; returns at once (a
        device's thread hands its presses over this way)."""
        future: Future[T] = Future()
        with self._lock:
            self._calls.append((work, future))
        self._woken.set()
        return future

    def _sleep(self) -> float:
        """Seconds until the earliest deadline of the session, the journal's watch and
        systemd's watchdog."""
        now = time.monotonic()
        found = [self.session.next_deadline(now), self.health.next_deadline(now)]
        if self.watchdog is not None:
            found.append(self.watchdog.next_deadline(now))
        deadline = min((d for d in found if d is not None), default=now + LONGEST_SLEEP)
        return max(0.0, deadline - now)

    def _run(self) -> None:
        while not self._stop:
            self._woken.wait(self._sleep())
            self._woken.clear()
            self.tables.serve(self.session.table)
            self.session.poll()
            self.health.poll()
            if self.watchdog is not None:
                self.watchdog.poll()
            self._carry_out_calls()
            self.tables.publish(self.session.table, None, 0.0)

    def _carry_out_calls(self) -> None:
        with self._lock:
            calls, self._calls = self._calls, []
        for work, future in calls:
            table = self.session.table
            before = None if table is None else table.state
            try:
                future.set_result(work(table))
            except Exception as error:
                future.set_exception(error)
            if table is not None and table.state is not before:
                self.session.accepted(table, "call", "box")


class TableOwner(PhonesOwner):
    """One table, in a session of its own, owned by one thread."""

    def __init__(self, table: Table, hub: Hub, config: dict[str, Any] | None = None) -> None:
        session = Session(config or {}, table.journal, jobs=Jobs())
        super().__init__(session, hub)
        session.seat(table)

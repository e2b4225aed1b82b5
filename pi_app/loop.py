"""The box without a screen: the built box driven by a thread of its own, for the phones.

`PhonesLoop` is the loop the display would be, minus the drawing: it sleeps until a
phone's request, a finished job (the computer's search, a look at the packs) or a
deadline of the box, then steps the box (`assembly.Box.step`, the same step the
display's loop takes) and publishes the table to the phones. `act` hands an act to the
core's door on that thread (a button of the box, a test); `call` runs a read there.

`TableOwner` is one table in a box of its own: for tests, and for running the phones'
server alone.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from typing import Any, TypeVar

from pi_app.assembly import Box, build_box
from pi_app.box.actors import BOX
from pi_app.box.acts import Act, Done
from pi_app.table.protocol import GameTable
from pi_app.table.table import Table
from pi_app.waiting import still_wanted
from pi_app.web.hub import Hub

T = TypeVar("T")
LONGEST_SLEEP = 60.0  # seconds: with no deadline at all, look again at least this often


class PhonesLoop:
    """A built box and one thread; requests, acts and calls in order."""

    def __init__(self, box: Box, woken: threading.Event) -> None:
        self.box = box
        self.session = box.session
        self._woken = woken
        """Set by whatever must wake the loop (the box was built with `woken.set`)."""
        self._calls: list[tuple[Callable[[Any], Any], Future[Any]]] = []
        self._lock = threading.Lock()
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="table-owner", daemon=True)

    @classmethod
    def build(cls, config: Mapping[str, Any], journal: Any, hub: Hub, **parts: Any) -> PhonesLoop:
        """The loop of a box built on `journal` with `hub` (`assembly.build_box`'s
        `parts`: the ring, the watchdog's notifier, `screen`)."""
        woken = threading.Event()
        return cls(build_box(config, journal, wake=woken.set, hub=hub, **parts), woken)

    @property
    def table(self) -> GameTable | None:
        """The game at the table (the session's)."""
        return self.session.table

    def start(self) -> PhonesLoop:
        self.box.publish()
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop = True
        self._woken.set()
        self._thread.join(5)
        self.session.jobs.close()

    def act(self, act: Act, timeout: float = 10) -> Done:
        """Hand `act` to the core's door on the loop's thread; the door's answer."""
        return self.call(lambda _table: self.session.act(act), timeout)

    def call(self, work: Callable[[Any], T], timeout: float = 10) -> T:
        """Run `work(table)` on the loop's thread; its result, or its exception."""
        result: T = self.submit(work).result(timeout)
        return result

    def submit(self, work: Callable[[Any], T]) -> Future[T]:
        """Have `work(table)` run on the loop's thread, soon; returns at once (a
        device's thread hands its presses over this way)."""
        future: Future[T] = Future()
        with self._lock:
            self._calls.append((work, future))
        self._woken.set()
        return future

    def _sleep(self) -> float:
        """Seconds until the box's earliest deadline."""
        now = time.monotonic()
        deadline = self.box.next_deadline(now)
        return max(0.0, (now + LONGEST_SLEEP if deadline is None else deadline) - now)

    def _run(self) -> None:
        self.session.changes.own()
        while not self._stop:
            self._woken.wait(self._sleep())
            self._woken.clear()
            self.box.step()
            self._carry_out_calls()
            self.box.tick()
            self.box.publish()

    def _carry_out_calls(self) -> None:
        with self._lock:
            calls, self._calls = self._calls, []
        for work, future in still_wanted(calls):
            try:
                future.set_result(work(self.session.table))
            except Exception as error:
                future.set_exception(error)


class TableOwner(PhonesLoop):
    """One table, in a box of its own, owned by one thread."""

    def __init__(self, table: Table, hub: Hub, config: dict[str, Any] | None = None) -> None:
        woken = threading.Event()
        super().__init__(build_box(config or {}, table.journal, wake=woken.set, hub=hub), woken)
        self.session.shelf.seat(table, BOX)

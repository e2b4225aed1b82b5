"""A table owned by a thread of its own: the phones' server without the display.

For tests and for running the server alone: the owner takes the hub's requests as the
display loop would, carries them out on its table and publishes each new state. `call`
runs anything else on the table (what the box's keypad would do) on the same thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from pi_app.table.table import Table
from pi_app.web.hub import Hub
from pi_app.web.requests import perform

T = TypeVar("T")


class TableOwner:
    """One table, one thread, the hub's requests in order."""

    def __init__(self, table: Table, hub: Hub) -> None:
        self.table = table
        self.hub = hub
        self._woken = threading.Event()
        self._calls: list[tuple[Callable[[Any], Any], Future[Any]]] = []
        self._lock = threading.Lock()
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="table-owner", daemon=True)
        hub.on_request(self._woken.set)
        table.journal.on_durable(hub.durable)

    def start(self) -> TableOwner:
        self.hub.publish(self.table)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop = True
        self._woken.set()
        self._thread.join(5)

    def call(self, work: Callable[[Any], T], timeout: float = 10) -> T:
        """Run `work(table)` on the owner's thread; its result, or its exception."""
        future: Future[Any] = Future()
        with self._lock:
            self._calls.append((work, future))
        self._woken.set()
        result: T = future.result(timeout)
        return result

    def _run(self) -> None:
        while not self._stop:
            self._woken.wait()
            self._woken.clear()
            for request, future in self.hub.take():
                future.set_result(perform(self.table, request))
            with self._lock:
                calls, self._calls = self._calls, []
            for work, future in calls:
                try:
                    future.set_result(work(self.table))
                except Exception as error:
                    future.set_exception(error)
            self.hub.publish(self.table)

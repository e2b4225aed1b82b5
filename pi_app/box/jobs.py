"""One way to run work off the owner's loop and wake it when the work is done.

A search of the computer, a question to NetworkManager, the broker's listing of
tournaments and the journal's reads may each take seconds; the loop that owns the
session never waits on them. `Jobs.run` hands the work to a small pool of threads;
when it ends, its result waits in a queue and `wake` is called (from the worker's
thread), which every owner turns into its own wake-up: the display posts an event
that ends its wait, the phones-only owner sets an `Event`. The loop then `drain`s the
finished jobs and their `done` callbacks run on its thread, where the session lives.

A wake that a video driver loses is not the only way back: while a job runs,
`next_deadline` asks the loop to look again soon, so a finished job is never left
waiting for someone to touch the screen.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")

WORKERS = 4
LOOK_AGAIN = 0.25
"""While a job runs, the loop looks at the queue at least this often (seconds)."""


class Jobs:
    """Work off the loop, its result back on the loop."""

    def __init__(self, wake: Callable[[], None] = lambda: None) -> None:
        self.wake = wake
        """Called from a worker's thread when a job is done (the owner sets it)."""
        self._pool = ThreadPoolExecutor(WORKERS, thread_name_prefix="job")
        self._lock = threading.Lock()
        self._done: deque[tuple[Callable[[], None], bool]] = deque()
        self._running = 0
        self._shown = 0
        """How many of the running jobs are `shown`: a wake lost for one of those is
        made up by `next_deadline`."""

    @property
    def running(self) -> int:
        """How many jobs have not yet been drained."""
        with self._lock:
            return self._running

    def run(
        self,
        work: Callable[[], T],
        done: Callable[[T], None],
        failed: Callable[[BaseException], None] | None = None,
        shown: bool = True,
    ) -> None:
        """Run `work()` on a worker; then `done(result)` (or `failed(error)`; by default
        the error is logged) on the loop's thread, at its next `drain`. A job is
        `shown` when what it found is drawn (`drain` counts it); one that only looks
        (and publishes a change if it found one) is not."""
        with self._lock:
            self._running += 1
            self._shown += shown

        def job() -> None:
            try:
                result = work()
            except Exception as error:  # handed to the loop, never lost on a thread
                self._finish(partial(_fail, failed, error), shown)
            else:
                self._finish(partial(done, result), shown)

        try:
            self._pool.submit(job)
        except RuntimeError:  # closed: the box is stopping
            with self._lock:
                self._running -= 1
                self._shown -= shown

    def _finish(self, callback: Callable[[], None], shown: bool) -> None:
        with self._lock:
            self._done.append((callback, shown))
        try:
            self.wake()
        except Exception:  # a loop that cannot be woken still drains at its deadline
            log.exception("the loop could not be woken")

    def drain(self) -> int:
        """Run the callbacks of every finished job, on this (the loop's) thread; how
        many of them were `shown` (the screen draws what they found)."""
        count = 0
        while True:
            with self._lock:
                if not self._done:
                    return count
                callback, shown = self._done.popleft()
                self._running -= 1
                self._shown -= shown
            count += shown
            try:
                callback()
            except Exception:  # one callback's fault must not stop the loop
                log.exception("a job's callback failed")

    def next_deadline(self, now: float) -> float | None:
        """When the loop must look again: soon while a shown job runs, else no need."""
        with self._lock:
            waiting = self._shown > 0
        return now + LOOK_AGAIN if waiting else None

    def wait_idle(self, timeout: float) -> bool:
        """For tests and scripts: wait until no job runs (draining as they finish)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.drain()
            if self.running == 0:
                return True
            time.sleep(0.01)
        return False

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def _fail(failed: Callable[[BaseException], None] | None, error: BaseException) -> None:
    if failed is None:
        log.error("a job failed", exc_info=error)
    else:
        failed(error)


__all__ = ["LOOK_AGAIN", "Jobs"]

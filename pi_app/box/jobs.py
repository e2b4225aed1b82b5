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

Jobs belong to someone, as Textual's workers belong to the node that started them: a
job names its `owner` (a page, the computer, the packs' look) and a `group`. A part asks
whether it is busy (`busy`) instead of keeping a flag of its own; a new job in an
`exclusive` group replaces the one running there (its result is dropped); and a page
that closes cancels its jobs (`cancel`): their results never reach a page that is gone.
A job's work can read its own `Job.cancelled` to stop early.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import TypeVar

log = logging.getLogger(__name__)
T = TypeVar("T")

WORKERS = 4
LOOK_AGAIN = 0.25
"""While a job runs, the loop looks at the queue at least this often (seconds)."""


@dataclass(eq=False)
class Job:
    """One job: whose it is, its group, and whether its result is still wanted."""

    owner: object = None
    group: str | None = None
    cancelled: bool = False
    """Set on the loop's thread when the owner went or a newer job replaced it: its
    result is dropped, and its work may stop early."""


class Jobs:
    """Work off the loop, its result back on the loop."""

    def __init__(self, wake: Callable[[], None] = lambda: None) -> None:
        self.wake = wake
        """Called from a worker's thread when a job is done (the owner sets it)."""
        self._pool = ThreadPoolExecutor(WORKERS, thread_name_prefix="job")
        self._lock = threading.Lock()
        self._done: deque[tuple[Callable[[], None], bool, Job]] = deque()
        self._running = 0
        self._shown = 0
        """How many of the running jobs are `shown`: a wake lost for one of those is
        made up by `next_deadline`."""
        self._jobs: list[Job] = []
        """The jobs not yet drained, with their owners."""

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
        *,
        owner: object = None,
        group: str | None = None,
        exclusive: bool = False,
    ) -> Job:
        """Run `work()` on a worker; then `done(result)` (or `failed(error)`; by default
        the error is logged) on the loop's thread, at its next `drain`. A job is
        `shown` when what it found is drawn (`drain` counts it); one that only looks
        (and publishes a change if it found one) is not. An `exclusive` job replaces
        the running jobs of its owner's `group`."""
        job = Job(owner, group)
        with self._lock:
            if exclusive:
                for other in self._jobs:
                    if other.owner is owner and other.group == group:
                        other.cancelled = True
            self._jobs.append(job)
            self._running += 1
            self._shown += shown

        def running() -> None:
            try:
                result = work()
            except Exception as error:  # handed to the loop, never lost on a thread
                self._finish(partial(_fail, failed, error), shown, job)
            else:
                self._finish(partial(done, result), shown, job)

        try:
            self._pool.submit(running)
        except RuntimeError:  # closed: the box is stopping
            with self._lock:
                self._running -= 1
                self._shown -= shown
                self._jobs.remove(job)
        return job

    def busy(self, owner: object, group: str | None = None) -> bool:
        """Whether `owner` has a job still wanted (in `group`, if one is named)."""
        with self._lock:
            return any(
                job.owner is owner and not job.cancelled and group in (None, job.group)
                for job in self._jobs
            )

    def cancel(self, owner: object) -> None:
        """`owner` goes (a page closes): its jobs' results are dropped."""
        with self._lock:
            for job in self._jobs:
                if job.owner is owner:
                    job.cancelled = True

    def _finish(self, callback: Callable[[], None], shown: bool, job: Job) -> None:
        with self._lock:
            self._done.append((callback, shown, job))
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
                callback, shown, job = self._done.popleft()
                self._running -= 1
                self._shown -= shown
                self._jobs.remove(job)
            if job.cancelled:
                continue  # its owner went, or a newer job replaced it
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


__all__ = ["LOOK_AGAIN", "Job", "Jobs"]

"""Requests whose asker still waits: the owner's thread carries out only those.

A phone or the host's page hands a request to the table's owner and waits for its
reply a few seconds at most (`asyncio.wait_for` on the wrapped future). When the wait
runs out, the waiter is cancelled, and with it the request's future. Carrying the
request out after that would do something the asker was told was not done ("the box
did not answer in time; try again": the retry would do it twice), and answering a
cancelled future raises, which would stop the owner's thread and the box with it.
So the owner claims each future as it takes it: a cancelled one is dropped unheard,
a claimed one can no longer be cancelled and always takes its reply.
"""

from __future__ import annotations

from collections.abc import Iterable
from concurrent.futures import Future
from typing import Any, TypeVar

R = TypeVar("R")


def still_wanted(taken: Iterable[tuple[R, Future[Any]]]) -> list[tuple[R, Future[Any]]]:
    """The requests of `taken` whose futures were not cancelled, each now claimed
    (running: no cancel reaches it after this)."""
    return [(request, future) for request, future in taken if future.set_running_or_notify_cancel()]

"""Each step's minutes in the Pi package tests, printed at the end of the run."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager

MINUTES: dict[str, float] = {}


@contextmanager
def step(name: str) -> Iterator[None]:
    """Time one step (also when it fails: the minutes it took are still said)."""
    start = time.monotonic()
    try:
        yield
    finally:
        MINUTES[name] = (time.monotonic() - start) / 60

"""Wrong host keys, counted per address: a few guesses, then a long wait.

The key has 192 bits, so guessing it is hopeless; still, a device on the table's
Wi-Fi that keeps guessing must cost the box nothing. After `STRIKES` wrong keys from
one address in `WINDOW_SECONDS`, that address is refused for `BLOCK_SECONDS` without
its key being read or compared. Another address (the host's phone) is not affected.
At most `MAX_ADDRESSES` addresses are remembered (the oldest forgotten first), so a
flood of addresses cannot fill the box's memory.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

STRIKES = 5  # wrong keys from one address before it is refused for a while
WINDOW_SECONDS = 60.0  # the strikes counted within this long
BLOCK_SECONDS = 120.0  # an address that guessed too often is refused this long
MAX_ADDRESSES = 512  # addresses remembered at once


@dataclass
class _Record:
    strikes: int
    first: float
    blocked_until: float = 0.0


class HostGuard:
    """Per-address strikes for wrong host keys, in bounded memory."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._records: OrderedDict[str, _Record] = OrderedDict()
        self.refused = 0  # guesses refused without comparing (for tests and the log)

    def blocked(self, address: str) -> bool:
        """Whether `address` is refused now, before any key of it is looked at."""
        record = self._records.get(address)
        if record is None or record.blocked_until <= self.clock():
            return False
        self.refused += 1
        return True

    def wrong(self, address: str) -> None:
        """`address` gave a wrong key."""
        now = self.clock()
        record = self._records.pop(address, None)
        if record is None or now - record.first > WINDOW_SECONDS:
            record = _Record(0, now)
        record.strikes += 1
        if record.strikes >= STRIKES:
            record.blocked_until = now + BLOCK_SECONDS
        self._records[address] = record  # the latest at the end: the oldest go first
        while len(self._records) > MAX_ADDRESSES:
            self._records.popitem(last=False)

    def right(self, address: str) -> None:
        """`address` gave the key: its strikes are forgotten."""
        self._records.pop(address, None)

    def __len__(self) -> int:
        return len(self._records)

"""What changed in the evening, as typed values, and the one place they are told.

Each part that follows the table subscribes to the kinds it needs: the screen to
redraw and follow the game, the phones to publish, the computer to think, the ring to
flash. Changes are published on the owner's thread only, in order; a change published
while another is being told waits its turn, so a listener that acts (the computer's
reply, the round's question) never interleaves with the change that woke it.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from pi_app.table.protocol import GameTable

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Accepted:
    """An action the rules accepted and the journal holds; `by` says whose: "box" (a
    tap), "phone", "computer" or "quizmaster" (the round's question)."""

    table: GameTable
    notation: str
    by: str = "box"


@dataclass(frozen=True)
class Undone:
    """`steps` actions taken back at `table`."""

    table: GameTable
    steps: int = 1


@dataclass(frozen=True)
class Redone:
    """An action taken back was restored at `table`."""

    table: GameTable


@dataclass(frozen=True)
class Seated:
    """Another game is at the table: new (`resumed` False) or back from the paused ones;
    `paused` is the game it replaced, which waits (None: the table was free)."""

    table: GameTable
    resumed: bool = False
    paused: GameTable | None = None


@dataclass(frozen=True)
class Left:
    """A game left for good (abandoned); `at_table` when it was the one at the table."""

    game_id: int
    title: str
    at_table: bool


@dataclass(frozen=True)
class Said:
    """Something to tell the host: a notice, or (`error`) why something was not done."""

    text: str
    error: bool = False


@dataclass(frozen=True)
class Refused:
    """The rules refused a tap of the host's: say why, and sound it."""

    text: str


@dataclass(frozen=True)
class NetworkNews:
    """The tournament across boxes brought rounds; `moved` when a seat move touches
    this box's table."""

    moved: bool = False


@dataclass(frozen=True)
class PacksChanged:
    """The host's question packs, as the journal lists them now (one was imported or
    replaced from the command line while the box runs)."""

    names: tuple[str, ...]


Change = Accepted | Undone | Redone | Seated | Left | Said | Refused | NetworkNews | PacksChanged
TABLE_CHANGES = (Accepted, Undone, Redone, Seated, Left, NetworkNews)
"""The changes after which the table's state is another."""

C = TypeVar("C")
Listener = Callable[[Change], None]


class Changes:
    """Subscribers by kind of change; `publish` tells each, in order, on one thread."""

    def __init__(self) -> None:
        self._listeners: list[tuple[tuple[type, ...], Listener]] = []
        self._queue: deque[Change] = deque()
        self._telling = False

    def subscribe(self, listener: Listener, *kinds: type) -> None:
        """Call `listener(change)` for every change of `kinds` (every change if none)."""
        self._listeners.append((kinds, listener))

    def publish(self, change: Change) -> None:
        """Tell every subscriber; a change published meanwhile is told after this one."""
        self._queue.append(change)
        if self._telling:
            return
        self._telling = True
        try:
            while self._queue:
                self._tell(self._queue.popleft())
        finally:
            self._telling = False

    def _tell(self, change: Change) -> None:
        for kinds, listener in list(self._listeners):
            if kinds and not isinstance(change, kinds):
                continue
            try:
                listener(change)
            except Exception:  # one part's fault must not keep the others uninformed
                log.exception("a listener failed on %r", change)

"""Where the phones' server and the table's owner meet, each on its own thread.

The server `submit`s a phone's request and awaits its reply; it never touches the
table. The owner (the display loop, or the phones-only loop) takes the requests between
two frames, carries them out on the table (`requests.perform`), and `publish`es the
table's state, a frozen value, which the server turns into each phone's view. Nothing
here blocks the owner: submitting wakes it, publishing hands over a reference.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, Protocol

from pi_app.box.seats import SeatBook
from pi_app.i18n import N_, Translator
from pi_app.table.protocol import GameTable
from pi_app.waiting import still_wanted
from pi_app.web.host_desk import HostDesk
from pi_app.web.host_key import HostKey
from pi_app.web.requests import PhoneRequest, Reply, refusal

_ = Translator("web")

MAX_WAITING = 64  # requests waiting for the owner at most; more are refused at once


class Timer(Protocol):
    """The box's sand timer as the phones are told of it (`effects.ring_show.SandTimer`)."""

    @property
    def kind(self) -> str: ...

    @property
    def seconds(self) -> float: ...


@dataclass(frozen=True)
class Published:
    """The table as the owner last published it (frozen state: shared freely)."""

    game: Any
    state: Any
    game_id: int
    version: int
    timer: Timer | None = None
    """The box's running sand timer (its own object: a new one for each timer), or None."""
    timer_ends: float = 0.0
    """When it runs out, on this process's monotonic clock (phones count down to it)."""
    extras: Mapping[str, Any] = field(default_factory=dict)
    """The table's own data (which seat the computer plays: `pi_app.ai.seat_names`)."""


class Hub:
    """Requests in, published states out; thread-safe."""

    def __init__(self, seats: SeatBook, host_key: HostKey | None = None) -> None:
        self.seats = seats
        self.host_key = host_key
        """The host's key (None: this box has no host's page)."""
        self._wake: Callable[[], None] = lambda: None  # the owner's: wake its loop
        self.desk = HostDesk(lambda: self._wake())
        """The host's phones' requests and messages, beside the phones'."""
        self._lock = threading.Lock()
        self._inbox: deque[tuple[PhoneRequest, Future[Reply]]] = deque()
        self._published: Published | None = None
        self._listeners: list[Callable[[Published | None], None]] = []
        self._version = 0
        self._durable = 0
        self._waiting: list[tuple[int, Callable[[], None]]] = []
        self.screen = True
        """False while the box runs with no screen: every phone shows it (a banner), and
        that the bell moves the round on (`pi_app.screenless`)."""

    # -- the server's side --------------------------------------------------------

    def submit(self, request: PhoneRequest) -> Future[Reply]:
        """Queue a request for the owner; the future gets its reply."""
        future: Future[Reply] = Future()
        with self._lock:
            if len(self._inbox) >= MAX_WAITING:
                future.set_result(refusal(N_("The box is busy; try again."), request.lang))
                return future
            self._inbox.append((request, future))
        self._wake()
        return future

    def on_publish(self, listener: Callable[[Published | None], None]) -> None:
        """Call `listener(published)` after each publish, on the owner's thread."""
        self._listeners.append(listener)

    @property
    def published(self) -> Published | None:
        with self._lock:
            return self._published

    def when_durable(self, ticket: int, done: Callable[[], None]) -> None:
        """Call `done()` (on the journal's thread, or at once) once `ticket` is on disk."""
        with self._lock:
            if ticket > self._durable:
                self._waiting.append((ticket, done))
                return
        done()

    # -- the owner's side ---------------------------------------------------------

    def on_request(self, wake: Callable[[], None]) -> None:
        """Call `wake()` (on the server's thread) when a request waits for the owner."""
        self._wake = wake

    def secret_for(self, game_id: int) -> str:
        """The join code's secret for game `game_id` (a new game makes a new one)."""
        return self.seats.game(game_id)

    def held(self) -> list[str]:
        """The seats a phone holds, in order."""
        return sorted(self.seats.holders())

    def durable(self, ticket: int) -> None:
        """The journal's listener: every event up to `ticket` is on disk."""
        with self._lock:
            self._durable = max(self._durable, ticket)
            ready = [done for wanted, done in self._waiting if wanted <= self._durable]
            self._waiting = [item for item in self._waiting if item[0] > self._durable]
        for done in ready:
            done()

    def take(self) -> list[tuple[PhoneRequest, Future[Reply]]]:
        """Every waiting request, oldest first."""
        with self._lock:
            taken = list(self._inbox)
            self._inbox.clear()
        return still_wanted(taken)

    def publish(
        self, table: GameTable | None, timer: Timer | None = None, left: float = 0.0
    ) -> None:
        """Hand the table's current state to the phones (None: no game at the table),
        with the box's sand timer (`kind`, `seconds`) and the seconds `left` on it."""
        with self._lock:
            current = self._published
            if table is None:
                if current is None:
                    return
                self._published = None
            else:
                if current is not None and current.state is table.state and current.timer is timer:
                    return  # nothing changed since the last publish
                self._version += 1
                self._published = Published(
                    table.game,
                    table.state,
                    table.game_id,
                    self._version,
                    timer,
                    time.monotonic() + left,
                    table.extras,
                )
            published = self._published
        for listener in list(self._listeners):
            listener(published)

"""The bell and the host buttons: one press per push, only while the table listens.

Every input, whatever drives it (a gpiozero `Button` on a real pin, gpiozero's
`MockFactory` in tests, the space bar in the simulator), goes through the same
`PressInput.edge(ticks, active)`, so debouncing and the listening rule exist once.

- Debouncing is ours, in `Debouncer`, not gpiozero's `bounce_time`: mock pins ignore
  `bounce_time`, and a bell is a big spring-loaded contact that chatters for several
  milliseconds on the way down and again on the way up.
- Presses are timestamped with the pin's own ticks (gpiozero hands them to
  `_fire_events` when the pin changes), not with the time the callback ran, so a
  busy Pi does not make a player late.
- While an input is not listening its presses are dropped, never queued: the table
  only counts a bell rung while it is asking for the bell.

Presses reach the program two ways, use either or both:
- `add_listener(callback)`: called with each `ButtonPress` in the pin's thread, so keep it
  short and thread-safe (the display's listeners post a pygame event, which wakes
  a loop sleeping in `pygame.event.wait()` at no cost);
- `get(timeout)` / `drain()`: a thread-safe queue the program polls.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

log = logging.getLogger(__name__)

QUIET_S = 0.05  # a contact must stay open this long before a new press counts
QUEUE_SIZE = 64


@dataclass(frozen=True)
class ButtonPress:
    """One press: which input, the pin's ticks of the closing edge, the host clock."""

    source: str
    ticks: float  # opaque pin ticks (seconds for gpiozero's local and mock pins)
    at: float  # time.monotonic() when the press was taken in


TicksDiff = Callable[[float, float], float]
Listener = Callable[[ButtonPress], None]


def _seconds_diff(later: float, earlier: float) -> float:
    return later - earlier


class Debouncer:
    """Edges in, presses out: a closing edge counts only after a quiet open contact.

    A press is the first closing edge after the contact has been open for `quiet`
    seconds. Bounces on the way down re-close within the quiet time; bounces on the way
    up likewise; a held contact sends no edges at all. So however a push chatters and
    however long it lasts, it makes exactly one press.
    """

    def __init__(self, quiet: float = QUIET_S, ticks_diff: TicksDiff = _seconds_diff) -> None:
        self.quiet = quiet
        self.ticks_diff = ticks_diff
        self.closed = False
        self.opened_at: float | None = None  # ticks of the last opening edge

    def edge(self, ticks: float, active: bool) -> bool:
        """Record an edge; True when it is the closing edge of a new press."""
        if not active:
            self.closed = False
            self.opened_at = ticks
            return False
        was_closed, self.closed = self.closed, True
        if was_closed:
            return False
        return self.opened_at is None or self.ticks_diff(ticks, self.opened_at) >= self.quiet


@cache
def _edge_button() -> type[Any]:
    """A gpiozero Button that hands every edge, with the pin's ticks, to a callback
    (made on first use: gpiozero is imported only by a box that has pins)."""
    from gpiozero import Button  # type: ignore[import-untyped]

    class EdgeButton(Button):  # type: ignore[misc]
        def __init__(self, pin: int, on_edge: Callable[[float, bool], None], **kwargs: Any):
            self._on_edge = on_edge
            super().__init__(pin, pull_up=True, bounce_time=None, **kwargs)

        def _fire_events(self, ticks: float, new_active: bool) -> None:
            old = self._last_active
            super()._fire_events(ticks, new_active)
            if old is not None and old != new_active:
                self._on_edge(ticks, bool(new_active))

    return EdgeButton


class PressInput:
    """A push input: debounced presses, a listening switch, listeners and a queue.

    With `pin` (a BCM number) it reads a gpiozero `Button` (wired to ground, internal
    pull-up) made with `pin_factory` (gpiozero's default when None; `MockFactory()` in
    tests). Without `pin` it is simulated: `press_from_keyboard()`, `key_down()` and
    `key_up()` feed it through the very same debouncing and listening rules.
    """

    def __init__(
        self,
        name: str,
        pin: int | None = None,
        *,
        pin_factory: Any = None,
        listening: bool = True,
        quiet: float = QUIET_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.name = name
        self.clock = clock
        self.dropped = 0  # presses made while not listening
        self._listening = listening
        self._lock = threading.Lock()
        self._listeners: list[Listener] = []
        self._queue: queue.Queue[ButtonPress] = queue.Queue(QUEUE_SIZE)
        self.button: Any = None
        """The gpiozero `Button` of a real pin (None: simulated)."""
        ticks_diff: TicksDiff = _seconds_diff
        if pin is not None:
            self.button = _edge_button()(pin, self.edge, pin_factory=pin_factory)
            ticks_diff = self.button.pin_factory.ticks_diff
        self.debouncer = Debouncer(quiet, ticks_diff)

    @property
    def simulated(self) -> bool:
        return self.button is None

    # -- listening ------------------------------------------------------------------

    @property
    def listening(self) -> bool:
        return self._listening

    def listen(self) -> None:
        """Count presses from now on."""
        self._listening = True

    def ignore(self) -> None:
        """Drop presses from now on (presses already queued stay; see `clear`)."""
        self._listening = False

    def clear(self) -> None:
        """Forget presses queued but not yet taken."""
        self.drain()

    # -- delivery -------------------------------------------------------------------

    def add_listener(self, callback: Listener) -> None:
        """Call `callback(press)` on each press, in the input's thread."""
        self._listeners.append(callback)

    def remove_listener(self, callback: Listener) -> None:
        self._listeners.remove(callback)

    def get(self, timeout: float | None = 0) -> ButtonPress | None:
        """The oldest untaken press, waiting up to `timeout` s (None: forever)."""
        try:
            if timeout == 0:
                return self._queue.get_nowait()
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def drain(self) -> list[ButtonPress]:
        """Every untaken press, oldest first."""
        presses: list[ButtonPress] = []
        while (press := self.get()) is not None:
            presses.append(press)
        return presses

    # -- edges ----------------------------------------------------------------------

    def edge(self, ticks: float, active: bool) -> None:
        """One contact edge at `ticks`: the single way in for every backend."""
        with self._lock:
            if not self.debouncer.edge(ticks, active):
                return
            if not self._listening:
                self.dropped += 1
                return
            press = ButtonPress(self.name, ticks, self.clock())
            try:
                self._queue.put_nowait(press)
            except queue.Full:
                log.warning("%s: press queue full, press dropped", self.name)
        for callback in list(self._listeners):
            try:
                callback(press)
            except Exception:  # a broken listener must not silence the input
                log.exception("%s: press listener failed", self.name)

    def key_down(self, ticks: float | None = None) -> None:
        """The simulated contact closes (e.g. the space bar goes down)."""
        self.edge(self.clock() if ticks is None else ticks, True)

    def key_up(self, ticks: float | None = None) -> None:
        """The simulated contact opens."""
        self.edge(self.clock() if ticks is None else ticks, False)

    def press_from_keyboard(self, ticks: float | None = None) -> None:
        """A whole push (down then up) from the keyboard, debounced like the real one."""
        now = self.clock() if ticks is None else ticks
        self.edge(now, True)
        self.edge(now, False)

    def close(self) -> None:
        if self.button is not None:
            self.button.close()
            self.button = None


class BellButton(PressInput):
    """The big bell. Starts not listening: the table calls `listen()` when it asks."""

    def __init__(self, pin: int | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("listening", False)
        super().__init__("bell", pin, **kwargs)


class HostButton(PressInput):
    """A host button ("next", "undo"). Listens from the start."""

    def __init__(self, name: str, pin: int | None = None, **kwargs: Any) -> None:
        super().__init__(name, pin, **kwargs)

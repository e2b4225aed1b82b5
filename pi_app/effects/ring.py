"""What the display asks of the LED ring: the sand timer, a flash, a steady colour.

The app speaks to the ring through `RingPort`. `DeviceRing` forwards to the devices
package's `LedRing` (Pico, simulated or mock backend); `RecordingRing` keeps what it
was asked, for tests and for a box whose ring could not be opened. A ring with no LEDs
to show on (the simulator, or the Pico away) hands the screen its LEDs to draw, and
says why the real ring is not used.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from pi_app.palette import RGB

if TYPE_CHECKING:  # the devices package is opened only on a box that has them
    from pi_app.devices.ring import Colour, LedRing

log = logging.getLogger(__name__)

FLASH = 0.4
"""How long a flash takes to fade out, in seconds (STOP's is longer: `ring_follows`)."""


class RingPort(Protocol):
    def timer(self, seconds: float) -> None:
        """Run the sand timer animation for `seconds` (the ring drains by itself)."""

    def flash(self, colour: RGB, blinks: int = 1, seconds: float = FLASH) -> None:
        """Flash the whole ring once, at once, fading out in `seconds` (the bell's
        answer); `blinks` > 1: that many hard blinks instead (a refused press), a
        pattern told without colour."""

    def colour(self, colour: RGB | None, arcs: int = 0) -> None:
        """A steady colour (whose turn) cut into `arcs` arcs (the seat's pattern; 0:
        whole), or off."""

    def progress(self, fraction: float, colour: RGB) -> None:
        """Light `fraction` of the ring (0 to 1) clockwise from the top."""

    def on_screen(self) -> Callable[[], Sequence[RGB]] | None:
        """Where the screen reads the LEDs to draw when no real LEDs show them (asked
        at each animation frame), else None."""

    def problem(self) -> str | None:
        """Why the real ring is not used (another firmware release...), or None."""


class RecordingRing:
    """A ring that records every request with the time it was made (tests, no ring)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.calls: list[tuple[str, Any, float]] = []
        self.patterns: list[tuple[Any, ...]] = []
        """Each flash's blinks and seconds and each steady colour's arcs, in order."""

    def timer(self, seconds: float) -> None:
        self.calls.append(("timer", seconds, self.clock()))

    def flash(self, colour: RGB, blinks: int = 1, seconds: float = FLASH) -> None:
        self.calls.append(("flash", colour, self.clock()))
        self.patterns.append(("flash", blinks, seconds))

    def colour(self, colour: RGB | None, arcs: int = 0) -> None:
        self.calls.append(("colour", colour, self.clock()))
        self.patterns.append(("colour", arcs))

    def progress(self, fraction: float, colour: RGB) -> None:
        self.calls.append(("progress", (fraction, colour), self.clock()))

    def on_screen(self) -> Callable[[], Sequence[RGB]] | None:
        return None  # a ring that records has nothing to draw

    def problem(self) -> str | None:
        return None


def _guarded(call: Callable[[], Any], what: str) -> None:
    try:
        call()
    except Exception as error:  # a ring fault must never stop the table
        log.warning("ring %s failed: %s", what, error)


class DeviceRing:
    """`RingPort` over the devices package's `LedRing` (Pico, simulated or mock).

    `at_rest` (a colour and a breath's seconds): what the ring shows when it shows no
    turn, instead of going dark. A box with no screen breathes its no-screen pattern
    there, so the pattern comes back after a sand timer or a sweep has had the ring."""

    def __init__(self, ring: LedRing, at_rest: tuple[Colour, float] | None = None) -> None:
        self.ring = ring
        self.at_rest = at_rest

    def timer(self, seconds: float) -> None:
        _guarded(lambda: self.ring.sand_timer(seconds), "sand_timer")

    def flash(self, colour: RGB, blinks: int = 1, seconds: float = FLASH) -> None:
        _guarded(lambda: self.ring.flash(colour, seconds, blinks), "flash")

    def colour(self, colour: RGB | None, arcs: int = 0) -> None:
        rest = self.at_rest
        if colour is None and rest is not None:
            _guarded(lambda: self.ring.breathe(*rest), "breathe")
        elif colour is None:
            _guarded(self.ring.off, "off")
        else:
            _guarded(lambda: self.ring.whose_turn(colour, arcs), "whose_turn")

    def progress(self, fraction: float, colour: RGB) -> None:
        _guarded(lambda: self.ring.progress(fraction, colour), "progress")

    def on_screen(self) -> Callable[[], Sequence[RGB]] | None:
        return None if self.ring.on_hardware else self.ring.pixels

    def problem(self) -> str | None:
        return self.ring.problem

"""The ring's part of the table: the sand timer, flashes, sweeps, celebrations, whose turn.

The app tells the show what happened (a timer turned, the bell rang, a game won, a seat
moved); the show keeps the choreography's clock, plays its steps between frames, and
says when the loop must wake next. It speaks to the LEDs only through `RingPort`, so
the same show runs on a Pico, in the simulator and in tests.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from pi_app.effects.ring import FLASH, RingPort
from pi_app.palette import RGB

log = logging.getLogger(__name__)

CELEBRATION_FLASHES = 6  # the ring's flashes when a game ends, in the winners' colours
CELEBRATION_STEP = 0.4  # seconds between them
SWEEP_STEPS = 12  # a seat move's sweep round the ring, in steps
SWEEP_SECONDS = 1.2
FLASH_SECONDS = 0.5  # how long a drawn ring's flash is animated
WARNING_SECONDS = 5  # the last seconds of a timer tick
Steady = tuple[RGB | None, int]
"""A steady light: a colour (None: off) and the arcs it is cut into."""


@dataclass(frozen=True)
class SandTimer:
    """A running sand timer: started at `started` on the app's clock, for `seconds`."""

    kind: str
    started: float
    seconds: float

    def remaining(self, now: float) -> float:
        return max(0.0, self.started + self.seconds - now)

    def fraction(self, now: float) -> float:
        """The sand left, from 1 (just turned) to 0 (time up)."""
        return self.remaining(now) / self.seconds if self.seconds > 0 else 0.0

    def done(self, now: float) -> bool:
        return self.remaining(now) <= 0


class Tick(Enum):
    """What the sand timer did since the last look: its last seconds tick, or it ran out."""

    WARNING = "tick"
    TIME_UP = "time-up"


class RingShow:
    """The sand timer and the ring's choreography, on the app's clock."""

    def __init__(self, ring: RingPort, clock: Callable[[], float]) -> None:
        self.ring = ring
        self.clock = clock
        self.timer: SandTimer | None = None
        self._ticked: int | None = None
        self._flash_until = 0.0
        self._script: list[tuple[float, Callable[[], None]]] = []
        """Steps the show plays by itself (a celebration, a sweep): (when, step)."""
        self._steady: Steady = (None, 0)
        """The colour (and arcs) the ring shows steadily now."""
        self._wanted: Steady = (None, 0)
        """Whose turn it is, as the table's listener last said (`steady`): shown again
        once a sand timer or a sweep has the ring no more."""
        self._problem: str | None = None
        self.ended = False
        """A sweep ended: the screen must be drawn again (the turn's colour returns)."""

    # ---- what the app asks --------------------------------------------------------------

    def start_timer(self, kind: str, seconds: float) -> None:
        self.timer = SandTimer(kind, self.clock(), seconds)
        self._ticked = None
        self.ring.timer(seconds)

    def stop_timer(self) -> None:
        """Stop the sand timer; the ring shows whose turn it is again."""
        self.timer = None
        self._show(self._wanted)

    def drop_timer(self) -> None:
        """Forget the sand timer of a game that is gone (the ring's runs out by itself)."""
        self.timer = None

    def flash(self, colour: RGB, blinks: int = 1, seconds: float = FLASH) -> None:
        """Flash the ring once, fading in `seconds` (the bell's answer), or `blinks`
        times; a drawn ring animates it."""
        self.ring.flash(colour, blinks, seconds)
        self._flash_until = self.clock() + max(FLASH_SECONDS, seconds) * blinks

    def steady(self, colour: RGB | None, arcs: int = 0) -> None:
        """Whose turn it is (the seat's colour, its ring cut into its `arcs`), shown now
        unless the sand timer runs on the ring."""
        self._wanted = (colour, arcs)
        if (colour, arcs) != self._steady and self.timer is None:
            self._show(self._wanted)

    def _show(self, wanted: Steady) -> None:
        self._steady = wanted
        self.ring.colour(*wanted)

    def celebrate(self, colours: Sequence[RGB]) -> None:
        """The end of a game: flashes in the winners' colours, one after another."""
        count = max(CELEBRATION_FLASHES, len(colours))
        steps = [self._flash_step(colours[k % len(colours)]) for k in range(count)]
        self._play(steps, CELEBRATION_STEP)

    def sweep(self, colour: RGB) -> None:
        """A colour going once round the ring (a seat move to announce), then whose turn."""

        def at(fraction: float) -> Callable[[], None]:
            return lambda: self.ring.progress(fraction, colour)

        def done() -> None:
            self._show(self._wanted)  # whose turn it is, again
            self.ended = True

        steps = [at(k / SWEEP_STEPS) for k in range(1, SWEEP_STEPS + 1)]
        self._play([*steps, done], SWEEP_SECONDS / SWEEP_STEPS)

    # ---- between frames ---------------------------------------------------------------

    def tick(self) -> Tick | None:
        """Play the steps due; what the sand timer did since the last look."""
        now = self.clock()
        while self._script and self._script[0][0] <= now:
            self._script.pop(0)[1]()
        timer = self.timer
        if timer is None:
            return None
        whole = int(timer.remaining(now) + 0.999)
        if whole == self._ticked:
            return None
        self._ticked = whole
        if whole == 0:
            return Tick.TIME_UP
        return Tick.WARNING if whole <= WARNING_SECONDS else None

    def animating(self) -> bool:
        """Whether a drawn ring or timer moves now (frames are due)."""
        now = self.clock()
        running = self.timer is not None and not self.timer.done(now)
        return running or now < self._flash_until

    def next_deadline(self, now: float) -> float | None:
        """When the show must be looked at again: the sand timer's next whole second or
        the script's next step (None: not before an input)."""
        found: list[float] = []
        if self.timer is not None and not self.timer.done(now):
            found.append(now + self.timer.remaining(now) % 1.0 + 0.001)
        if self._script:
            found.append(self._script[0][0])
        return min(found, default=None)

    def on_screen(self) -> Callable[[], Sequence[RGB]] | None:
        """Where to read the LEDs to draw when the ring has none to show them on."""
        return self.ring.on_screen()

    def news(self) -> str | None:
        """Why the real ring is not used, said once when it changes (None otherwise)."""
        problem = self.ring.problem()
        if problem == self._problem:
            return None
        self._problem = problem
        if problem is not None:
            log.warning("ring shown on screen: %s", problem)
        return problem

    def _flash_step(self, colour: RGB) -> Callable[[], None]:
        return lambda: self.flash(colour)

    def _play(self, steps: Sequence[Callable[[], None]], every: float) -> None:
        now = self.clock()
        self._script = [(now + k * every, step) for k, step in enumerate(steps)]

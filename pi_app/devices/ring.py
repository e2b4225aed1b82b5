"""The LED ring as the table sees it: a sand timer, whose turn, a bell flash, and so on.

`LedRing` takes short commands (`sand_timer(30)`, `whose_turn(RED)`, ...) and passes
them to a backend:

- `PicoRing`: the real ring, through the Pico link; the Pico animates by itself;
- `SimRing`: no hardware; pure computation of the LED colours at a given time;
- `MockRing`: records the commands (tests), and plays the Pico's part on request.

Whatever the backend, `LedRing` keeps a `SimRing` mirror running the firmware's own
animation module (`firmware/animations.py`), so `pixels()` gives the colours the ring
shows, from the same maths. The display draws them whenever `on_hardware` is False:
in the simulator, and on the box while the Pico is unplugged (the table goes on).

`on_timer_done(callback)` is called exactly once per sand timer: when the Pico reports
the end, or from the Pi's own clock if the Pico is absent or silent.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from pi_app.devices.shared import animations, protocol
from pi_app.i18n import Translator

if TYPE_CHECKING:
    from pi_app.devices.link import PicoLink

_ = Translator("devices")

log = logging.getLogger(__name__)

Colour = int | tuple[int, int, int]
StateCallback = Callable[[bool], None]
RGB = tuple[int, int, int]

SAND = 0xFFA030
WARNING = 0xFF2000
WHITE = 0xFFFFFF
IDLE = 0x2040A0
PICO_GRACE_S = 0.25  # how long past the deadline the Pico's own report is awaited

OFF = protocol.OFF
TIMER = protocol.TIMER
TURN = protocol.TURN
FLASH = protocol.FLASH
PROGRESS = protocol.PROGRESS
BREATHE = protocol.BREATHE


def colour_int(colour: Colour) -> int:
    """0xRRGGBB from an int or an (r, g, b) tuple; refuses anything else."""
    if isinstance(colour, tuple):
        if len(colour) != 3 or not all(isinstance(c, int) and 0 <= c <= 255 for c in colour):
            raise ValueError(f"not an (r, g, b) colour: {colour!r}")
        return (colour[0] << 16) | (colour[1] << 8) | colour[2]
    if isinstance(colour, bool) or not isinstance(colour, int) or not 0 <= colour <= 0xFFFFFF:
        raise ValueError(f"not a 0xRRGGBB colour: {colour!r}")
    return colour


@dataclass(frozen=True)
class RingCommand:
    """One command, in the protocol's terms (kind letter and integer arguments)."""

    kind: str
    args: tuple[int, ...] = ()


def _ms(seconds: float) -> int:
    return round(seconds * 1000)


class RingBackend(Protocol):
    physical: bool  # True when LEDs exist somewhere (even mock ones)

    @property
    def up(self) -> bool: ...

    def attach(self, on_state: StateCallback, on_timer_done: Callable[[int], None]) -> None: ...

    def show(self, command: RingCommand) -> None: ...

    def close(self) -> None: ...


class SimRing:
    """The ring computed, not shown: the firmware's Animator fed with host time."""

    physical = False

    def __init__(self, leds: int = 24, cap: int = 255) -> None:
        self.animator = animations.Animator(leds, cap)
        self.leds = leds
        self._lock = threading.Lock()

    @property
    def up(self) -> bool:
        return False

    def attach(self, on_state: StateCallback, on_timer_done: Callable[[int], None]) -> None:
        pass

    def show(self, command: RingCommand, now_ms: int | None = None) -> None:
        now = _ms(time.monotonic()) if now_ms is None else now_ms
        a = command.args
        with self._lock:
            anim = self.animator
            if command.kind == TIMER:
                anim.timer(now, a[0], a[1], a[2], a[3], a[4])
            elif command.kind == TURN:
                anim.turn(now, *a[:2])
            elif command.kind == FLASH:
                anim.flash(now, *a[:3])
            elif command.kind == PROGRESS:
                anim.progress(now, a[0], a[1])
            elif command.kind == BREATHE:
                anim.breathe(now, a[0], a[1])
            else:
                anim.off(now)

    def frame(self, now_ms: int) -> tuple[bytes, bytes]:
        """(screen colours, LED values) at `now_ms`: before and after gamma and cap."""
        with self._lock:
            self.animator.render(now_ms)
            return bytes(self.animator.lin), bytes(self.animator.buf)

    def close(self) -> None:
        pass


class PicoRing:
    """The real ring behind the Pico link."""

    physical = True

    def __init__(self, link: PicoLink) -> None:
        self.link = link

    @property
    def up(self) -> bool:
        return self.link.up

    @property
    def problem(self) -> str | None:
        """Why the Pico is not used although it answers (another firmware release)."""
        if self.link.mismatch is None:
            return None
        pico, ours = self.link.mismatch
        return _(
            "The Pico runs firmware {pico}, this box carries {ours}: the ring is shown on "
            "screen until “tabletop firmware install” updates the Pico."
        ).format(pico=release(pico), ours=release(ours))

    def attach(self, on_state: StateCallback, on_timer_done: Callable[[int], None]) -> None:
        self.link.on_state(on_state)
        self.link.on_event(
            lambda kind, args: on_timer_done(args[0]) if kind == protocol.TIMER_DONE else None
        )

    def show(self, command: RingCommand) -> None:
        self.link.send(command.kind, command.args)

    def close(self) -> None:
        self.link.close()


def release(version: tuple[int, ...]) -> str:
    """A firmware's (protocol, major, minor) as people read it: "1.0 (protocol 1)"."""
    return _("{major}.{minor} (protocol {protocol})").format(
        protocol=version[0], major=version[1], minor=version[2]
    )


class MockRing:
    """Records commands; `up` is settable; `report_timer_done` plays the Pico's part."""

    physical = True

    def __init__(self, up: bool = True) -> None:
        self.commands: list[RingCommand] = []
        self._up = up
        self._on_state: StateCallback = lambda up: None
        self._on_done: Callable[[int], None] = lambda ident: None

    @property
    def up(self) -> bool:
        return self._up

    def set_up(self, up: bool) -> None:
        self._up = up
        self._on_state(up)

    def attach(self, on_state: StateCallback, on_timer_done: Callable[[int], None]) -> None:
        self._on_state, self._on_done = on_state, on_timer_done

    def show(self, command: RingCommand) -> None:
        if self._up:
            self.commands.append(command)

    def report_timer_done(self, ident: int) -> None:
        self._on_done(ident)

    def close(self) -> None:
        pass


class LedRing:
    """What the table can ask of the ring. Thread-safe; every call returns at once."""

    def __init__(
        self,
        backend: RingBackend,
        leds: int = 24,
        cap: int = 255,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.backend = backend
        self.leds = leds
        self.clock = clock
        self.sim = backend if isinstance(backend, SimRing) else SimRing(leds, cap)
        self._lock = threading.RLock()
        self._mode: RingCommand = RingCommand(OFF)
        self._timer_start = 0.0
        self._timer_id = 0
        self._timer_fired = True
        self._fallback: threading.Timer | None = None
        self._done: list[Callable[[int], None]] = []
        self._link_listeners: list[StateCallback] = []
        backend.attach(self._link_state, self._pico_timer_done)

    # -- state for the display --------------------------------------------------------

    @property
    def problem(self) -> str | None:
        """A reason to show on screen why the real ring is not used, or None."""
        problem: str | None = getattr(self.backend, "problem", None)
        return problem

    @property
    def on_hardware(self) -> bool:
        """True when real LEDs show the ring; False: the display should draw `pixels()`."""
        return self.backend.physical and self.backend.up

    def pixels(self, now: float | None = None) -> list[RGB]:
        """The colour of each LED at `now` (host seconds), for drawing on a screen.

        LED 0 is just clockwise of the top, the others follow clockwise. The values are
        the animation's perceptual brightness, before the LEDs' gamma correction and
        brightness cap, which is what a screen wants.
        """
        lin, _buf = self.sim.frame(_ms(self.clock() if now is None else now))
        return [(lin[i], lin[i + 1], lin[i + 2]) for i in range(0, len(lin), 3)]

    def timer_left(self, now: float | None = None) -> float | None:
        """Seconds until the running sand timer ends (<= 0: ended); None if none runs."""
        with self._lock:
            if self._mode.kind != TIMER:
                return None
            total = self._mode.args[0] / 1000
            return total - ((self.clock() if now is None else now) - self._timer_start)

    def on_link_change(self, callback: StateCallback) -> None:
        """Call `callback(on_hardware)` when the real ring appears or goes (any thread),
        so the display can start or stop drawing the ring itself."""
        self._link_listeners.append(callback)

    def on_timer_done(self, callback: Callable[[int], None]) -> None:
        """Call `callback(timer_id)` once when each sand timer ends (any thread)."""
        self._done.append(callback)

    # -- commands ---------------------------------------------------------------------

    def sand_timer(self, seconds: float, colour: Colour = SAND, warning: Colour = WARNING) -> int:
        """Start a sand timer; returns its id (the one `on_timer_done` will report)."""
        if not 0 < seconds <= 3600:
            raise ValueError(f"a sand timer lasts from 0 to 3600 s, not {seconds!r}")
        with self._lock:
            self._cancel_fallback()
            self._timer_id = (self._timer_id + 1) & 0xFFFF
            self._timer_fired = False
            self._timer_start = self.clock()
            args = (_ms(seconds), 0, colour_int(colour), colour_int(warning), self._timer_id)
            self._set_mode(RingCommand(TIMER, args))
            self._fallback = threading.Timer(seconds, self._deadline, (self._timer_id,))
            self._fallback.daemon = True
            self._fallback.start()
            return self._timer_id

    def whose_turn(self, colour: Colour, arcs: int = 0) -> None:
        """The whole ring in one player's colour, cut into `arcs` arcs (the seat's own
        pattern, `palette.SeatCue.arcs`; 0: the whole ring)."""
        args = (colour_int(colour), arcs) if arcs else (colour_int(colour),)
        self._set_mode(RingCommand(TURN, args))

    def progress(self, fraction: float, colour: Colour) -> None:
        """Fill the ring clockwise from the top to `fraction` (0..1)."""
        permille = max(0, min(1000, round(fraction * 1000)))
        self._set_mode(RingCommand(PROGRESS, (permille, colour_int(colour))))

    def breathe(self, colour: Colour = IDLE, period: float = 4.0) -> None:
        """Idle: the ring slowly brightens and dims."""
        self._set_mode(RingCommand(BREATHE, (colour_int(colour), max(100, _ms(period)))))

    def off(self) -> None:
        self._set_mode(RingCommand(OFF))

    def flash(self, colour: Colour = WHITE, seconds: float = 0.4, blinks: int = 1) -> None:
        """A flash fading out over whatever shows (the answer to the bell); with `blinks`
        > 1, that many hard blinks (a refused press), told from a flash by their pattern."""
        if blinks > 1:
            seconds = blinks * animations.BLINK_MS / 1000
            args: tuple[int, ...] = (colour_int(colour), _ms(seconds), blinks)
        else:
            args = (colour_int(colour), max(1, _ms(seconds)))
        command = RingCommand(FLASH, args)
        self.sim.show(command, _ms(self.clock()))
        self.backend.show(command)

    def close(self) -> None:
        self._cancel_fallback()
        self.backend.close()

    # -- internals --------------------------------------------------------------------

    def _set_mode(self, command: RingCommand) -> None:
        with self._lock:
            if command.kind != TIMER:
                self._cancel_fallback()
                self._timer_fired = True
            self._mode = command
            self.sim.show(
                command, _ms(self._timer_start if command.kind == TIMER else self.clock())
            )
            self.backend.show(command)

    def _link_state(self, up: bool) -> None:
        if up:
            self._resync()
        for callback in list(self._link_listeners):
            try:
                callback(up)
            except Exception:
                log.exception("ring: link listener failed")

    def _resync(self) -> None:
        """The link came (back) up: show the current mode again, the timer where it is."""
        with self._lock:
            command = self._mode
            if command.kind == TIMER:
                elapsed = min(command.args[0], _ms(self.clock() - self._timer_start))
                command = RingCommand(TIMER, (command.args[0], elapsed, *command.args[2:]))
        self.backend.show(command)

    def _pico_timer_done(self, ident: int) -> None:
        self._fire(ident)

    def _deadline(self, ident: int) -> None:
        """The Pi's clock says the timer is over: fire now unless the Pico may still."""
        if self.on_hardware:
            timer = threading.Timer(PICO_GRACE_S, self._fire, (ident,))
            timer.daemon = True
            with self._lock:
                if ident == self._timer_id and not self._timer_fired:
                    self._fallback = timer
                    timer.start()
            return
        self._fire(ident)

    def _fire(self, ident: int) -> None:
        with self._lock:
            if ident != self._timer_id or self._timer_fired:
                return
            self._timer_fired = True
            self._cancel_fallback()
        for callback in list(self._done):
            try:
                callback(ident)
            except Exception:
                log.exception("ring: timer-done listener failed")

    def _cancel_fallback(self) -> None:
        if self._fallback is not None:
            self._fallback.cancel()
            self._fallback = None

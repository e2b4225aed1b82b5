"""Ring animations: the colours of every LED as a function of elapsed time.

Shared by the Pico (which shows them) and the Pi (whose simulated ring draws exactly
the same pixels in the window when there is no Pico), so this module imports nothing
that CPython lacks and takes the time as an argument.

Rules that keep it fit for a microcontroller:
- every frame is computed from the ticks it is given (elapsed time since the mode
  began, through `ticks_diff`), never from how many frames or sleeps went before;
- `render` allocates nothing: integer arithmetic only (MicroPython floats live on the
  heap) on buffers allocated once in the constructor, with intermediate values kept
  below 2**30 so they stay small integers on a 32-bit Pico;
- brightness is computed in a linear scale and passed through a gamma table, so a
  pixel fading from 0 to 255 looks even to the eye, and a brightness cap (the power
  budget, see hardware/wiring.md) is folded into that table.

Ring geometry: LED i sits at (i + 0.5) / n of a turn clockwise from the top, so LEDs
i and n-1-i are at the same height; pair k = (k, n-1-k) runs from the top (k = 0) to
the bottom (k = n/2 - 1). The upper half of the pairs is the top bulb of the sand
glass, the lower half the bottom bulb.
"""

try:
    from time import ticks_add, ticks_diff  # type: ignore[attr-defined]
except ImportError:  # CPython: plain integers of milliseconds, no wrap-around

    def ticks_diff(a: int, b: int) -> int:
        return a - b

    def ticks_add(a: int, b: int) -> int:
        return a + b


OFF = 0
TIMER = 1
TURN = 2
PROGRESS = 3
BREATHE = 4

WARNING_MS = 5000  # the last seconds of a timer are shown in the warning colour
WARNING_FADE_MS = 1000  # how long the sand takes to turn to the warning colour
END_FLASH_MS = 1200  # the flash at the end: three blinks
END_BLINK_MS = 200
TURN_FADE_MS = 300
BREATHE_FLOOR = 12  # breathing never goes fully dark, so the box looks alive
GRAIN_MS = 900  # a grain falls from the top bulb to the pile in this time
GRAIN_LEVEL = 90  # brightness of the falling grain (linear, of 255)
SCALE_LIMIT = 0x3FFFF  # durations are halved until below this, to keep products small
BLINK_MS = 250  # a flash of several blinks: each blink on, then dark, in this time


def gamma_table(cap: int = 255, gamma: float = 2.2) -> bytearray:
    """Linear brightness 0..255 -> PWM value 0..cap (computed once, floats allowed)."""
    table = bytearray(256)
    for i in range(256):
        table[i] = int((i / 255) ** gamma * cap + 0.5)
    return table


def _smooth_table() -> bytearray:
    """One breath: (1 - cos) / 2 over 256 steps, scaled to 0..255."""
    import math

    table = bytearray(256)
    for i in range(256):
        table[i] = int((1 - math.cos(2 * math.pi * i / 256)) / 2 * 255 + 0.5)
    return table


_BREATH = _smooth_table()


class Animator:
    """Holds the current mode and renders frames into `buf` (RGB, 3 bytes per LED)."""

    def __init__(self, n: int = 24, cap: int = 255) -> None:
        if n < 4 or n % 4:
            raise ValueError("the ring needs a multiple of 4 LEDs")
        self.n = n
        self.lin = bytearray(n * 3)  # linear brightness, before gamma
        self.buf = bytearray(n * 3)  # what the LEDs show
        self.gamma = gamma_table(cap)
        self.mode = OFF
        self.start = 0  # ticks when the mode began (for a timer: when it was at 0 ms)
        self.total = 0
        self.rgb = 0
        self.warn = 0
        self.value = 0  # permille for PROGRESS, period for BREATHE
        self.timer_id = 0
        self.flash_start = 0
        self.flash_ms = 0
        self.flash_rgb = 0
        self.flash_blinks = 1
        self.arcs = 0  # whose turn: the ring cut into this many arcs (0: whole)

    # -- commands -------------------------------------------------------------------

    def off(self, now: int) -> None:
        self.mode = OFF
        self.start = now

    def timer(self, now: int, total: int, elapsed: int, rgb: int, warn: int, ident: int) -> None:
        """A sand timer of `total` ms of which `elapsed` have already run out."""
        self.mode = TIMER
        self.total = max(1, total)
        self.start = ticks_add(now, -min(elapsed, total))
        self.rgb = rgb
        self.warn = warn
        self.timer_id = ident

    def turn(self, now: int, rgb: int, arcs: int = 0) -> None:
        """Whose turn: the ring in the seat's colour, cut by dark LEDs into `arcs` arcs
        (the seat's own count, so a seat is told by its pattern, not its colour alone)."""
        self.mode = TURN
        self.start = now
        self.rgb = rgb
        self.arcs = min(arcs, self.n // 2)

    def progress(self, now: int, permille: int, rgb: int) -> None:
        self.mode = PROGRESS
        self.start = now
        self.value = min(permille, 1000)
        self.rgb = rgb

    def breathe(self, now: int, rgb: int, period: int) -> None:
        self.mode = BREATHE
        self.start = now
        self.rgb = rgb
        self.value = max(100, period)

    def flash(self, now: int, rgb: int, ms: int, blinks: int = 1) -> None:
        """A flash over whatever is showing, fading out in `ms` (the bell's answer); with
        `blinks` > 1, that many hard blinks instead (on, then dark), so that two flashes
        of near colours (STOP, a refused press) differ by their pattern too."""
        self.flash_start = now
        self.flash_ms = max(1, ms)
        self.flash_rgb = rgb
        self.flash_blinks = max(1, blinks)

    # -- queries --------------------------------------------------------------------

    def timer_left(self, now: int) -> int:
        """Milliseconds until the timer runs out (<= 0: it has); -1 when no timer runs."""
        if self.mode != TIMER:
            return -1
        return self.total - ticks_diff(now, self.start)

    # -- rendering ------------------------------------------------------------------

    def render(self, now: int) -> None:
        """Compute the frame for `now` into `self.buf`."""
        mode = self.mode
        elapsed = ticks_diff(now, self.start)
        if mode == TIMER:
            self._sand(elapsed)
        elif mode == TURN:
            level = 255 if elapsed >= TURN_FADE_MS else max(0, elapsed) * 255 // TURN_FADE_MS
            self._fill(self.rgb, level, self.n)
            self._gaps(self.arcs)
        elif mode == PROGRESS:
            self._progress()
        elif mode == BREATHE:
            period = self.value
            step = _BREATH[(elapsed % period) * 256 // period]
            self._fill(self.rgb, BREATHE_FLOOR + step * (255 - BREATHE_FLOOR) // 255, self.n)
        else:
            self._fill(0, 0, self.n)
        if self.flash_ms:
            self._flash(ticks_diff(now, self.flash_start))
        lin = self.lin
        buf = self.buf
        gamma = self.gamma
        for j in range(self.n * 3):
            buf[j] = gamma[lin[j]]

    def _set(self, i: int, rgb: int, level: int) -> None:
        lin = self.lin
        j = i * 3
        lin[j] = (rgb >> 16) * level // 255
        lin[j + 1] = ((rgb >> 8) & 255) * level // 255
        lin[j + 2] = (rgb & 255) * level // 255

    def _fill(self, rgb: int, level: int, count: int) -> None:
        for i in range(self.n):
            self._set(i, rgb, level if i < count else 0)

    def _gaps(self, arcs: int) -> None:
        """Dark LEDs cutting the ring into `arcs` equal arcs, the first gap at the top."""
        n = self.n
        for i in range(n):
            if arcs and (i * arcs) % n < arcs:
                self._set(i, 0, 0)

    def _sand(self, elapsed: int) -> None:
        total = self.total
        n = self.n
        if elapsed >= total:
            # The end: three blinks of the warning colour, then dark.
            after = elapsed - total
            on = after < END_FLASH_MS and (after // END_BLINK_MS) % 2 == 0
            self._fill(self.warn, 255 if on else 0, n)
            return
        elapsed = max(0, elapsed)
        left_ms = total - elapsed
        while total > SCALE_LIMIT:
            total >>= 1
            elapsed >>= 1
        pairs = n // 4  # pairs (levels) in each bulb
        # Sand in each bulb, in 1/256 of a pair: the top drains, the bottom piles up.
        top = pairs * 256 * (total - elapsed) // total
        bottom = pairs * 256 - top
        rgb = self._sand_colour(left_ms)
        half = n // 2
        for k in range(half):
            if k < pairs:
                depth = pairs - 1 - k  # pairs below this one in the top bulb
                amount = top - depth * 256
            else:
                depth = half - 1 - k  # pairs below this one in the bottom bulb
                amount = bottom - depth * 256
            level = 0 if amount <= 0 else 255 if amount >= 256 else amount
            self._set(k, rgb, level)
            self._set(n - 1 - k, rgb, level)
        self._grain(elapsed, total, bottom, rgb)

    def _sand_colour(self, left_ms: int) -> int:
        if left_ms >= WARNING_MS:
            return self.rgb
        mix = min(255, (WARNING_MS - left_ms) * 255 // WARNING_FADE_MS)
        a = self.rgb
        b = self.warn
        red = ((a >> 16) * (255 - mix) + (b >> 16) * mix) // 255
        green = (((a >> 8) & 255) * (255 - mix) + ((b >> 8) & 255) * mix) // 255
        blue = ((a & 255) * (255 - mix) + (b & 255) * mix) // 255
        return (red << 16) | (green << 8) | blue

    def _grain(self, elapsed: int, total: int, bottom: int, rgb: int) -> None:
        """A grain falling down the right-hand side from the neck onto the pile.

        It fades in and out over its fall (a triangle envelope), so its arrival and the
        next one's departure never make a pixel jump.
        """
        n = self.n
        pairs = n // 4
        fall_ms = GRAIN_MS
        phase = elapsed % fall_ms
        # From the top of the bottom bulb (pair `pairs`, position 0) to the pile surface.
        empty = pairs * 256 - bottom  # empty height of the bottom bulb, 1/256 pair
        if empty <= 256:
            return
        pos = phase * empty // fall_ms  # 1/256 pair below the neck
        envelope = phase * 510 // fall_ms
        if envelope > 255:
            envelope = 510 - envelope
        strength = GRAIN_LEVEL * envelope // 255
        k = pairs + (pos >> 8)
        frac = pos & 255
        self._add(k, rgb, strength * (255 - frac) // 255)
        if k + 1 < n // 2:
            self._add(k + 1, rgb, strength * frac // 255)

    def _add(self, i: int, rgb: int, level: int) -> None:
        lin = self.lin
        j = i * 3
        for shift in (16, 8, 0):
            value = lin[j] + ((rgb >> shift) & 255) * level // 255
            lin[j] = 255 if value > 255 else value
            j += 1

    def _progress(self) -> None:
        n = self.n
        filled = self.value * n * 256 // 1000  # 1/256 LED
        for i in range(n):
            amount = filled - i * 256
            self._set(i, self.rgb, 0 if amount <= 0 else 255 if amount >= 256 else amount)

    def _flash(self, elapsed: int) -> None:
        if elapsed >= self.flash_ms or elapsed < 0:
            self.flash_ms = 0
            return
        lin = self.lin
        rgb = self.flash_rgb
        if self.flash_blinks > 1:  # hard blinks: the colour, then dark, each half a blink
            on = elapsed < self.flash_blinks * BLINK_MS and elapsed % BLINK_MS < BLINK_MS // 2
            self._fill(rgb, 255 if on else 0, self.n)
            return
        strength = 255 - elapsed * 255 // self.flash_ms
        for i in range(self.n):
            j = i * 3
            for shift in (16, 8, 0):
                base = lin[j]
                lin[j] = base + (((rgb >> shift) & 255) - base) * strength // 255
                j += 1

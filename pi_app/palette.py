"""The box's colours, wherever they show: the screen, the ring, the phones' seats.

Seat colours are chosen to stay distinguishable for the common kinds of colour
blindness (`SEAT_COLOURS`), and each seat has a second cue besides its colour, its
shape (`SeatCue`), on the screen, the phones, the big screen, and on the ring the
arcs its turn lights; a colour is never shown without its seat's name beside it.
They live apart from the screen's theme because the ring follows the table without any
screen (a box whose display cannot start still shows whose turn it is).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

RGB = tuple[int, int, int]

SEAT_COLOURS: tuple[RGB, ...] = (
    (224, 115, 5),  # orange
    (81, 122, 255),  # blue
    (47, 207, 154),  # green
    (255, 220, 21),  # yellow
    (103, 105, 128),  # slate
    (135, 99, 79),  # brown
    (172, 166, 195),  # lavender
    (255, 255, 255),  # white
)
"""The seats' colours, in the order seats and players take them. Any two stay at least
15 apart (CIEDE2000) for normal eyes and under simulated protanopia, deuteranopia and
tritanopia (Machado 2009, full severity): tests/test_seat_colours.py measures them
where the screen, the phones' stylesheet and the ring take them. They began as
Okabe & Ito's "Color Universal Design" palette, moved as little as that needed."""

BACKGROUND: RGB = (20, 24, 30)
PANEL: RGB = (38, 44, 54)
PANEL_HI: RGB = (58, 68, 84)
TEXT: RGB = (240, 240, 240)
MUTED: RGB = (170, 178, 190)
ACCENT: RGB = (86, 180, 233)
GOOD: RGB = (0, 158, 115)
BAD: RGB = (213, 94, 0)
WARN: RGB = (240, 228, 66)
CENTRE: RGB = (0, 90, 160)
STOP_RED: RGB = (200, 30, 30)


SHAPES: tuple[tuple[str, str], ...] = (
    ("circle", "\u25cf"),  # ●
    ("square", "\u25a0"),  # ■
    ("triangle", "\u25b2"),  # ▲
    ("hexagon", "\u2b22"),  # ⬢ (not a diamond: the screen draws Gambit 7's token so)
    ("star", "\u2605"),  # ★
    ("down", "\u25bc"),  # ▼
    ("cross", "\u271a"),  # ✚
    ("ring", "\u25cb"),  # ○
)
"""Each palette colour's shape (its name, and its glyph for pages that print it), in
the palette's order: the second cue of a seat, for eyes that tell the colours apart
poorly."""


@dataclass(frozen=True)
class SeatCue:
    """Everything that tells one seat from another besides its name: its colour, its
    shape (drawn on the screen, printed as `glyph` on a page) and, on the ring, the
    number of arcs its turn lights. Kept here, in one place, so the box's screen, the
    phones, the big screen and the ring show the same seat the same way."""

    index: int
    """The colour's place in the palette (a page's `seat-N` class)."""
    colour: RGB
    shape: str
    glyph: str

    @property
    def arcs(self) -> int:
        """Whose turn on the ring: the ring in this many arcs (1 for the first colour)."""
        return self.index + 1

    @property
    def hex(self) -> str:
        return "#{:02x}{:02x}{:02x}".format(*self.colour)

    def as_json(self) -> dict[str, object]:
        """The cue as a page receives it (the phones' and the big screen's views)."""
        return {"index": self.index, "colour": self.hex, "shape": self.shape, "glyph": self.glyph}


def palette_index(index: int, palette: Sequence[int] = ()) -> int:
    """The palette index of the seat at `index`: its player's if `palette` has one,
    else the seat's own (cycling when there are more seats than colours)."""
    if 0 <= index < len(palette):
        return palette[index] % len(SEAT_COLOURS)
    return index % len(SEAT_COLOURS)


def seat_colour(index: int, palette: Sequence[int] = ()) -> RGB:
    """The colour of the seat at `index`: its player's palette index if `palette` has one,
    else the seat's own (cycling when there are more seats than colours)."""
    return SEAT_COLOURS[palette_index(index, palette)]


def seat_cue(index: int, palette: Sequence[int] = ()) -> SeatCue:
    """The seat at `index`'s colour with its second cue (its shape, its ring arcs)."""
    at = palette_index(index, palette)
    shape, glyph = SHAPES[at]
    return SeatCue(at, SEAT_COLOURS[at], shape, glyph)


def seat_cues(seats: Sequence[str], extras: Mapping[str, object]) -> dict[str, SeatCue]:
    """Each seat of a table (by name) with its cue, from the table's `extras`."""
    palette = table_colours(extras)
    return {seat: seat_cue(index, palette) for index, seat in enumerate(seats)}


def ink_for(colour: RGB) -> RGB:
    """Black or white, whichever reads better on `colour` (by its relative luminance)."""
    r, g, b = colour
    return (0, 0, 0) if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (255, 255, 255)


def table_colours(extras: Mapping[str, object]) -> tuple[int, ...]:
    """The palette index of each seat of a table, kept in its `extras` (the players'
    own colours chosen at the start); () for the seats' own colours."""
    colours = extras.get("colours")
    if not isinstance(colours, list) or not all(isinstance(c, int) for c in colours):
        return ()
    return tuple(colours)

"""Sizes, colours and type sizes for the two displays the box supports.

Both the official 7-inch display (800x480) and a 3.5-inch one (480x320) are read at
arm's length, so no text is ever drawn smaller than `Theme.min_px` pixels of line
height (18 px on the small screen). Seat colours come from the Okabe-Ito palette,
chosen to stay distinguishable for the common kinds of colour blindness; a colour is
never shown without its seat's name beside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

RGB = tuple[int, int, int]

SIZES: tuple[str, ...] = ("800x480", "480x320")

# Okabe & Ito (2008), "Color Universal Design": eight colours safe for colour-blind eyes.
OKABE_ITO: tuple[RGB, ...] = (
    (230, 159, 0),  # orange
    (86, 180, 233),  # sky blue
    (0, 158, 115),  # bluish green
    (240, 228, 66),  # yellow
    (0, 114, 178),  # blue
    (213, 94, 0),  # vermillion
    (204, 121, 167),  # reddish purple
    (255, 255, 255),  # white (the palette's black, lightened for a dark screen)
)

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


def seat_colour(index: int, palette: Sequence[int] = ()) -> RGB:
    """The colour of the seat at `index`: its player's palette index if `palette` has one,
    else the seat's own (cycling when there are more seats than colours)."""
    if 0 <= index < len(palette):
        return OKABE_ITO[palette[index] % len(OKABE_ITO)]
    return OKABE_ITO[index % len(OKABE_ITO)]


def ink_for(colour: RGB) -> RGB:
    """Black or white, whichever reads better on `colour` (by its relative luminance)."""
    r, g, b = colour
    return (0, 0, 0) if 0.299 * r + 0.587 * g + 0.114 * b > 140 else (255, 255, 255)


@dataclass(frozen=True)
class Theme:
    """The measures of one display size: margins, button height and font sizes.

    Font sizes are pygame point sizes of the bundled font; `min_px` is the smallest
    line height (font.get_height()) any text may be drawn at.
    """

    width: int
    height: int
    pad: int
    gap: int
    button_h: int
    small: int
    body: int
    title: int
    huge: int
    min_font: int
    min_px: int

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)


THEMES: dict[str, Theme] = {
    "800x480": Theme(
        800,
        480,
        pad=10,
        gap=8,
        button_h=56,
        small=30,
        body=34,
        title=44,
        huge=120,
        min_font=28,
        min_px=18,
    ),
    "480x320": Theme(
        480,
        320,
        pad=6,
        gap=5,
        button_h=40,
        small=28,
        body=30,
        title=36,
        huge=84,
        min_font=28,
        min_px=18,
    ),
}


def theme_for(size: str) -> Theme:
    """The theme of a display size such as `"800x480"`."""
    try:
        return THEMES[size]
    except KeyError:
        raise ValueError(
            f"unsupported display size {size!r}; use one of {', '.join(SIZES)}"
        ) from None

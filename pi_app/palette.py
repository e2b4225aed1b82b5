"""The box's colours, wherever they show: the screen, the ring, the phones' seats.

Seat colours come from the Okabe-Ito palette, chosen to stay distinguishable for the
common kinds of colour blindness; a colour is never shown without its seat's name
beside it. They live apart from the screen's theme because the ring follows the table
without any screen (a box whose display cannot start still shows whose turn it is).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

RGB = tuple[int, int, int]

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


def table_colours(extras: Mapping[str, object]) -> tuple[int, ...]:
    """The palette index of each seat of a table, kept in its `extras` (the players'
    own colours chosen at the start); () for the seats' own colours."""
    colours = extras.get("colours")
    if not isinstance(colours, list) or not all(isinstance(c, int) for c in colours):
        return ()
    return tuple(colours)

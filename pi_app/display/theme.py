"""Sizes, colours and type sizes for the two displays the box supports.

Both the official 7-inch display (800x480) and a 3.5-inch one (480x320) are read at
arm's length, so no text is ever drawn smaller than `Theme.min_px` pixels of line
height (18 px on the small screen). Seat colours and shapes come from the
palette (`pi_app.palette`), chosen to stay distinguishable for the common kinds of
colour blindness; a colour is never shown without its seat's name beside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from pi_app.palette import (
    ACCENT,
    BACKGROUND,
    BAD,
    CENTRE,
    GOOD,
    MUTED,
    PANEL,
    PANEL_HI,
    RGB,
    SEAT_COLOURS,
    STOP_RED,
    TEXT,
    WARN,
    ink_for,
    seat_colour,
    seat_cue,
)

SIZES: tuple[str, ...] = ("800x480", "480x320")
LARGE_TEXT = "display.large_text"
"""The host's choice of large text on the box's screen: kept with the host's choices
(the journal), or set in the config file; the choice made on the box wins."""


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
    large: bool = False
    """Whether this is the large-text theme (the host's choice, `LARGE_TEXT`)."""

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


LARGER: dict[str, dict[str, int]] = {
    "800x480": {"small": 36, "body": 40, "title": 50},
    "480x320": {"small": 30, "body": 34, "title": 40},
}
"""The text sizes of the large-text theme: every text drawn a size or more larger for
eyes that read the table from across it. The smallest size a text may shrink to
(`min_font`) stays, so that what must fit whole where room is scarce (seven long
names beside the mat) still fits."""


def theme_for(size: str, large: bool = False) -> Theme:
    """The theme of a display size such as `"800x480"`, with large text if `large`."""
    try:
        theme = THEMES[size]
    except KeyError:
        raise ValueError(
            f"unsupported display size {size!r}; use one of {', '.join(SIZES)}"
        ) from None
    return replace(theme, large=True, **LARGER[size]) if large else theme


def wants_large_text(config: Mapping[str, object], settings: Mapping[str, object]) -> bool:
    """Whether the screen shows large text: the host's choice on the box, else the
    config's."""
    return bool(settings.get(LARGE_TEXT, config.get(LARGE_TEXT, False)))


__all__ = [  # the box's colours are named through the theme too
    "ACCENT",
    "BACKGROUND",
    "BAD",
    "CENTRE",
    "GOOD",
    "LARGER",
    "LARGE_TEXT",
    "MUTED",
    "PANEL",
    "PANEL_HI",
    "RGB",
    "SEAT_COLOURS",
    "SIZES",
    "STOP_RED",
    "TEXT",
    "THEMES",
    "WARN",
    "Theme",
    "ink_for",
    "seat_colour",
    "seat_cue",
    "theme_for",
    "wants_large_text",
]

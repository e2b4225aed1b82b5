"""Titles that fit the top bar whole: the longest wording that has room, else a shorter.

`scene.chrome` fits its title into what the bar leaves beside Menu, Undo, Redo, the
drawn ring and the phones' button (`scene.title_room`, the one layout both read),
shortening it with an ellipsis as a last resort. A screen
with a long title (a long name in it, a long language) offers a shorter wording
instead, so a title is never cut: `bar_title` picks the first that fits.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from pi_app.display.canvas import Canvas
from pi_app.display.scene import Ctx, title_room
from pi_app.i18n import Translator

_ = Translator("display")


def winners_line(names: Sequence[str]) -> str:
    """Who won, "Vainqueur : Ana" for one and "Vainqueurs : Ana, Ben" for more (the
    language's own plural, as "Sieger" is both in German)."""
    return _.plural("Winner: {names}", "Winners: {names}", len(names)).format(
        names=", ".join(names)
    )


def fits_line(canvas: Canvas, text: str, width: int) -> bool:
    """Whether `text` fits `width` on one line at the smallest legible size."""
    return canvas.fonts.font(canvas.theme.min_font).size(text)[0] <= width


def bar_title(canvas: Canvas, ctx: Ctx, *wordings: str) -> str:
    """The first of `wordings` (longest first) that fits the top bar whole, else the
    last one."""
    room = title_room(canvas, ctx)
    return next((text for text in wordings if fits_line(canvas, text, room)), wordings[-1])


def first_whole(canvas: Canvas, box: pygame.Rect, *wordings: str, size: int | None = None) -> str:
    """The first of `wordings` (longest first) drawn whole in `box` (shrunk or
    wrapped, never cut), else the last one: a text says less rather than lose its end
    to an ellipsis."""
    return next((text for text in wordings if canvas.fits_whole(text, box, size)), wordings[-1])


def label_for(canvas: Canvas, box: pygame.Rect, *wordings: str, size: int | None = None) -> str:
    """`first_whole` for the label of a button `box` (its label keeps off the border)."""
    return first_whole(canvas, box.inflate(-16, -4), *wordings, size=size)

"""Titles that fit the top bar whole: the longest wording that has room, else a shorter.

`scene.chrome` fits its title into what the bar leaves beside Menu, Undo, the drawn
ring and the phones' button, shortening it with an ellipsis as a last resort. A screen
with a long title (a long name in it, a long language) offers a shorter wording
instead, so a title is never cut: `bar_title` picks the first that fits.
"""

from __future__ import annotations

from pi_app.display.canvas import Canvas
from pi_app.display.scene import Ctx


def fits_line(canvas: Canvas, text: str, width: int) -> bool:
    """Whether `text` fits `width` on one line at the smallest legible size."""
    return canvas.fonts.font(canvas.theme.min_font).size(text)[0] <= width


def title_room(canvas: Canvas, ctx: Ctx, undo: bool = True) -> int:
    """The width `chrome` leaves its title: the bar less Menu (and Undo), the drawn
    ring and the phones' button when they are shown (as `chrome` lays out its bar)."""
    t = canvas.theme
    bar = canvas.rect.inflate(-2 * t.pad, -2 * t.pad)
    button_w = min(150 if t.width >= 800 else 112, bar.width // 4)
    room = bar.width - (2 if undo else 1) * (button_w + t.gap)
    slots = (ctx.leds is not None) + bool(ctx.phones)
    return room - slots * (t.button_h + t.gap)


def bar_title(canvas: Canvas, ctx: Ctx, *wordings: str) -> str:
    """The first of `wordings` (longest first) that fits the top bar whole, else the
    last one."""
    room = title_room(canvas, ctx)
    return next((text for text in wordings if fits_line(canvas, text, room)), wordings[-1])

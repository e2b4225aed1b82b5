"""Cambio's STOP screen before the ringer is named: STOP, who rang?, a button per seat,
and "not a ring" to go on trading.

The seats' buttons are pressed by a finger in a hurry: each is at least `TOUCH` high
and as wide as keeps every name whole on one line (`fitting_columns`). On the small
screen seven long names leave no room for the big STOP word as well: STOP then goes
into the top bar, in the round's title's place, and "not a ring" takes a cell of the
seats' grid (the 3.5-inch screen gave each seat 23 px and cut the names).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, grid, split
from pi_app.display.games.cambio_targets import Ringer, RoundButton
from pi_app.i18n import Translator

_ = Translator("display")

TOUCH = 44
"""The least height (px) of a button a finger must hit at once, on either screen."""


@dataclass(frozen=True)
class WhoRang:
    """The STOP screen's plan in the body under the top bar: whether the big STOP word
    has room above the question (else it is the bar's title), and the seats' columns."""

    big_stop: bool
    columns: int


def plan(canvas: Canvas, seats: Sequence[str], body: pygame.Rect) -> WhoRang:
    """The big STOP word when, under it, the question, a row of `TOUCH` high buttons
    per row of seats and the "not a ring" row still fit; else STOP in the bar."""
    t = canvas.theme
    columns = fitting_columns(canvas, seats, body.width, 4)
    rows = -(-len(seats) // columns)
    below = 2 * (t.button_h + t.gap) + rows * (seat_row(canvas) + t.gap)
    if body.height - below >= 2 * t.button_h:
        return WhoRang(True, columns)
    labels = [*seats, go_on_label()]
    columns = fitting_columns(canvas, labels, body.width, 4)
    while columns < 4 and -(-len(labels) // columns) * (TOUCH + t.gap) > body.height - t.button_h:
        columns += 1  # a name is shortened rather than a button made too small
    return WhoRang(False, columns)


def seat_row(canvas: Canvas) -> int:
    """A row of seats' buttons under the big STOP: a button's height, a finger's least."""
    return max(TOUCH, canvas.theme.button_h)


def go_on_label() -> str:
    return _("Not a ring: go on")


def draw_who_rang(canvas: Canvas, seats: Sequence[str], body: pygame.Rect, chosen: WhoRang) -> None:
    """STOP (unless the bar says it), who rang?, a button per seat and "not a ring"."""
    t = canvas.theme
    if chosen.big_stop:
        rows = -(-len(seats) // chosen.columns)
        below = 2 * (t.button_h + t.gap) + rows * (seat_row(canvas) + t.gap)
        head, rest = split(
            body, max(2 * t.button_h, min(body.height * 4 // 9, body.height - below)), t.gap
        )
        canvas.text(_("STOP"), head, t.huge, th.TEXT)
    else:
        rest = body
    prompt, buttons = split(rest, t.button_h if chosen.big_stop else t.button_h * 3 // 4, t.gap)
    canvas.text(_("Who rang?"), prompt, t.body, th.TEXT)
    if chosen.big_stop:
        seat_area, foot = split(buttons, buttons.height - t.button_h - t.gap, t.gap)
        count = len(seats)
    else:
        seat_area, foot = buttons, None
        count = len(seats) + 1
    cells = grid(seat_area, count, min(chosen.columns, count), t.gap)
    for index, cell in enumerate(cells[: len(seats)]):
        canvas.button(cell, seats[index], Ringer(index), colour=canvas.seat_colour(index))
    if foot is None:
        canvas.button(cells[-1], go_on_label(), RoundButton.RESUME)
        return
    need = canvas.fonts.font(t.min_font).size(go_on_label())[0] + 4 * t.gap
    wide = min(foot.width, max(foot.width // 2, need))
    canvas.button(foot.inflate(wide - foot.width, 0), go_on_label(), RoundButton.RESUME)


def fitting_columns(canvas: Canvas, labels: Sequence[str], width: int, most: int) -> int:
    """The most columns of buttons, up to `most`, across `width` in which every label
    fits on one line: a name is never cut to keep a row."""
    t = canvas.theme
    font = canvas.fonts.font(t.min_font)
    widest = max((font.size(label)[0] for label in labels), default=0)
    for count in range(most, 1, -1):
        if widest <= (width - t.gap * (count - 1)) // count - 8:
            return count
    return 1

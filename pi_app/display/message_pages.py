"""A message's lines and pages in its place: whole words, and no page mistaken for the
whole message.

A message goes on one page when it can: the largest type, from the theme's small size
down to its smallest, that holds it whole with no word cut in two. Else it takes
pages at the smallest size, and each page shows its number ("1/2") right of its last
line: "Maximilian wettet in dieser Runde" without its "nicht." says the opposite of
the message, so a page must say that it is not the whole. Only a word wider than a
whole line (a file's path) is cut in two, where it fits.

A line is as high as it is drawn: an accented capital ("Équipes", "Élément") rises
above the font's usual line, and two lines must not run into each other.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from pi_app.display.canvas import Canvas, wrap_all, wrapped_lines
from pi_app.i18n import verbatim

TALLEST = "ÉÀÖÅ"
"""Capitals with marks above them: the highest a line of a message can be drawn."""


@dataclass(frozen=True)
class Layout:
    """Where the message goes on the frame drawn now, its size and pages of lines, and
    the width each page's number takes right of its last line (0: one page)."""

    box: pygame.Rect
    size: int
    pages: tuple[tuple[str, ...], ...]
    numbered: int = 0

    def mark(self, page: int) -> str | None:
        """The page's number ("1/3") drawn right of its last line; None for one page."""
        count = len(self.pages)
        return None if count < 2 else page_mark(page + 1, count)


def page_mark(page: int, pages: int) -> str:
    """A page's number among the message's pages: digits, the same in every language."""
    return verbatim(f"{page}/{pages}")


def line_height(font: pygame.font.Font, line: str) -> int:
    """How high `line` is drawn: the font's line, or more for an accented capital."""
    return max(font.get_linesize(), font.size(line)[1])


def lay_out(canvas: Canvas, text: str, box: pygame.Rect, inner: pygame.Rect) -> Layout:
    """`text` in `box` (its lines in `inner`): on one page when it can, else in pages."""
    whole = one_page(canvas, text, inner)
    if whole is not None:
        return Layout(box, whole[0], (whole[1],))
    t = canvas.theme
    font = canvas.fonts.font(t.min_font)
    room = mark_room(font, 2, t.gap)
    while True:  # the numbers' room may take one more page, whose number is wider
        pages = numbered_pages(font, text, inner, room)
        needed = mark_room(font, len(pages), t.gap)
        if needed <= room:
            return Layout(box, t.min_font, pages, room)
        room = needed


def one_page(canvas: Canvas, text: str, inner: pygame.Rect) -> tuple[int, tuple[str, ...]] | None:
    """The largest size from the theme's small one down to its smallest that holds the
    whole text in `inner`, no word cut in two, and its lines; None when none does."""
    t = canvas.theme
    for size in sorted({t.small, *range(t.min_font, t.small, 2)}, reverse=True):
        font = canvas.fonts.font(size)
        if wrapped_lines(font, text, inner.width) == 0:
            continue  # a word alone is wider than the line
        lines = wrap_all(font, text, inner.width)
        if sum(line_height(font, line) for line in lines) <= inner.height:
            return size, tuple(lines)
    return None


def numbered_pages(
    font: pygame.font.Font, text: str, inner: pygame.Rect, room: int
) -> tuple[tuple[str, ...], ...]:
    """`text` in lines of `inner`'s width, as many to a page as its height holds; a line
    that may end its page (the next one may not fit under it) or ends the message is
    `room` narrower, for the page's number."""
    tallest = line_height(font, TALLEST)
    pages: list[tuple[str, ...]] = []
    page: list[str] = []
    used = 0
    rest = text
    while rest:
        line = wrap_all(font, rest, inner.width)[0]
        if page and used + line_height(font, line) > inner.height:
            pages.append(tuple(page))
            page, used = [], 0
        final = not rest[len(line) :].strip()
        last = final or inner.height - used - line_height(font, line) < tallest
        if last and font.size(line)[0] > inner.width - room:
            line = wrap_all(font, rest, max(1, inner.width - room))[0]
        page.append(line)
        used += line_height(font, line)
        rest = rest[len(line) :]
        if rest[:1] in (" ", "\n"):
            rest = rest[1:]
    if page:
        pages.append(tuple(page))
    return tuple(pages)


def mark_room(font: pygame.font.Font, pages: int, gap: int) -> int:
    """The width a page's number takes right of its last line, with a gap before it."""
    widest = max(font.size(page_mark(page, pages))[0] for page in range(1, pages + 1))
    return widest + gap


def line_cells(
    font: pygame.font.Font, lines: tuple[str, ...], inner: pygame.Rect
) -> list[pygame.Rect]:
    """Each line's cell in `inner`, as high as the line is drawn, the lines centred."""
    heights = [line_height(font, line) for line in lines]
    y = inner.y + (inner.height - sum(heights)) // 2
    cells = []
    for height in heights:
        cells.append(pygame.Rect(inner.x, y, inner.width, height))
        y += height
    return cells

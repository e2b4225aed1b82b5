"""The message bar: one short message, in the place of the screen's title, for a few seconds.

Where it goes. A message must hide nothing a player needs: not the game's own words
(a Gambit 7 refusal once covered "Rien ne va plus") and no button. Every screen
writes its title in the top band, beside its top buttons; the title says where the
game is, which the player knows already while a message says what just happened.
So the message takes the title's place: the part of it right of the title when the
message fits there whole (the title stays in sight), else all of it. The place is the
box a screen names as `Canvas.message_place` (the top bar of the game screens, the
history's title, the keyboard's name field, the phones panel's title), else the
widest stretch of the top band that has no button and nothing moving. It never
covers a button, so the bar takes no tap: a tap meant for a button reaches it, once.

How long. A message goes by itself after `MESSAGE_SECONDS`, and the loop is woken for
it (`next_deadline`). A message longer than its place holds is shown a page at a time
(`PAGE_SECONDS` each), whole words, never shortened with an ellipsis; each page then
shows its number ("1/2") right of its last line, so that no page reads as the whole
message: "Maximilian wettet in dieser Runde" without its "nicht." says the opposite.
A place at the top of the screen reaches down into the gap under the top bar, which
makes room for a third line on the large screen (a refusal with what to do about it
then shows whole, on one page). A refusal (a broken rule, a storage problem) is shown
in the error colour. A successful action takes the message away (the app clears it).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas
from pi_app.display.message_pages import Layout, lay_out, line_cells, one_page

MESSAGE_SECONDS = 5.0
"""How long a message of one page stays."""
PAGE_SECONDS = 4.0
"""How long each page of a longer message stays."""


@dataclass(frozen=True)
class Message:
    """A message shown: its text, whether it is a refusal, and when it was said."""

    text: str
    error: bool
    since: float


class MessageBar:
    """The message shown now, if any, and the pages it takes on the current screen."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.message: Message | None = None
        self.layout: Layout | None = None
        self._page = 0
        """The page the last frame showed (a new page needs a new frame)."""

    @property
    def shown(self) -> tuple[str, bool, float] | None:
        """(text, is an error, when it goes), or None without a message."""
        message = self.message
        return None if message is None else (message.text, message.error, self.until())

    def say(self, text: str, error: bool = False) -> None:
        self.message = Message(text, error, self.clock())
        self.layout = None
        self._page = 0

    def clear(self) -> None:
        self.message = None
        self.layout = None

    def pages(self) -> int:
        return 1 if self.layout is None else max(1, len(self.layout.pages))

    def until(self) -> float:
        """When the message goes: a page lasts PAGE_SECONDS, a single one MESSAGE_SECONDS."""
        if self.message is None:
            return math.inf
        pages = self.pages()
        return self.message.since + (MESSAGE_SECONDS if pages == 1 else pages * PAGE_SECONDS)

    def page_now(self) -> int:
        """The page to show now (0 for a message of one page)."""
        if self.message is None:
            return 0
        elapsed = self.clock() - self.message.since
        return min(self.pages() - 1, max(0, int(elapsed // PAGE_SECONDS)))

    def expire(self) -> bool:
        """Take the message away once its time is up, or turn its page when due;
        True when the screen must be drawn again."""
        if self.message is None:
            return False
        if self.clock() >= self.until():
            self.clear()
            return True
        page = self.page_now()
        if page != self._page:
            self._page = page
            return True
        return False

    def next_deadline(self, now: float) -> float | None:
        """When the screen next changes for the message (None: no message)."""
        if self.message is None:
            return None
        if self.pages() > 1 and self._page + 1 < self.pages():
            return self.message.since + (self._page + 1) * PAGE_SECONDS
        return self.until()

    def lay_out(self, canvas: Canvas) -> None:
        """Find the message's place on the frame the scene has just drawn, and its pages."""
        if self.message is None:
            return
        place = message_zone(canvas)
        beside = beside_title(canvas, place)
        text, gap = self.message.text, canvas.theme.gap
        if beside is not None and one_page(canvas, text, inner_of(beside, gap)) is not None:
            place = beside  # the title stays in sight
        self.layout = lay_out(canvas, text, place, inner_of(place, gap))

    def draw(self, canvas: Canvas) -> None:
        """The message's page of now, in its place (`lay_out` first)."""
        message, layout = self.message, self.layout
        if message is None or layout is None:
            return
        t = canvas.theme
        colour = th.BAD if message.error else th.PANEL_HI
        canvas.cover(layout.box)  # the title beneath is hidden on purpose
        canvas.panel(layout.box, colour, th.TEXT, 1)
        page = min(self.page_now(), len(layout.pages) - 1)
        lines = layout.pages[page]
        font = canvas.fonts.font(layout.size)
        cells = line_cells(font, lines, inner_of(layout.box, t.gap))
        mark = layout.mark(page)
        ink = th.ink_for(colour)
        if mark is not None:  # the last line keeps clear of the page's number
            last, room = cells[-1], layout.numbered
            cells[-1] = pygame.Rect(last.x, last.y, last.width - room, last.height)
            numbered = pygame.Rect(last.right - room + t.gap, last.y, room - t.gap, last.height)
            canvas.text(mark, numbered, layout.size, ink, align="right")
        for line, cell in zip(lines, cells, strict=False):
            canvas.text(line, cell, layout.size, ink, align="left")


def inner_of(box: pygame.Rect, gap: int) -> pygame.Rect:
    """Where a message's lines go in its box: clear of its outline."""
    return box.inflate(-2 * gap, -4)


def message_zone(canvas: Canvas) -> pygame.Rect:
    """The message's place: the one the screen named, else the title's part of the top
    band (its widest stretch with no button and nothing moving)."""
    t = canvas.theme
    if canvas.message_place is not None:
        box = pygame.Rect(canvas.message_place)
    else:
        band = pygame.Rect(t.pad, t.pad, t.width - 2 * t.pad, t.button_h)
        taken = [hit.rect for hit in canvas.hits] + [item.rect for item in canvas.animated]
        spans = free_spans(band, [rect for rect in taken if rect.colliderect(band)], t.gap)
        left, right = max(spans, key=lambda span: span[1] - span[0], default=(band.x, band.right))
        box = pygame.Rect(left, band.y, right - left, band.height)
    if 0 < box.top <= t.pad:  # the title's place, up to the screen's edge and down into
        box.height, box.top = box.bottom + t.gap // 2, 0  # the gap under the top bar
    return box


def beside_title(canvas: Canvas, place: pygame.Rect) -> pygame.Rect | None:
    """The part of the message's place right of the title drawn there, where a message
    that fits it whole goes, so the title stays in sight; None when the title leaves
    less than a finger's width."""
    t = canvas.theme
    title = [pygame.Rect(d.rect) for d in canvas.texts if place.contains(d.rect)]
    if not title:
        return None
    left = max(rect.right for rect in title) + 2 * t.gap
    if place.right - left < 2 * t.button_h:
        return None
    return pygame.Rect(left, place.y, place.right - left, place.height)


def free_spans(band: pygame.Rect, taken: Sequence[pygame.Rect], gap: int) -> list[tuple[int, int]]:
    """The stretches of `band`, left to right, that no rectangle of `taken` crosses
    (kept `gap` away from them)."""
    spans: list[tuple[int, int]] = []
    x = band.x
    for rect in sorted(taken, key=lambda r: r.x):
        if rect.x - gap > x:
            spans.append((x, rect.x - gap))
        x = max(x, rect.right + gap)
    if band.right > x:
        spans.append((x, band.right))
    return spans

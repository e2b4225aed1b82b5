"""The phones panel on the box: the QR code that opens the join page, and the seats.

Drawn over the game when the host taps "QR" in the top bar: the code (segno's matrix,
drawn as squares, so it needs no image library), the links written out for phones
that cannot scan, and every seat: one a phone holds has a button that frees it; a free
one has a button that turns the code into that seat's own (the host assigns the seat:
the phone that scans it sits there at once). Long tables page with "More". It draws
what it is given and changes nothing; the app acts on its buttons. Nothing of the game
beneath it is tapped or animated while it is open: the LED ring drawn in the top bar
would otherwise be repainted over the panel's title on every frame of the sand timer.

The links come from `pi_app.web.reach`: the first names the box's address on the
default route's network (the code carries it: many Android phones cannot resolve
`.local` names), then its other addresses, then `<hostname>.local`.
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import quote

import pygame
import segno

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, split
from pi_app.display.targets import Button, FreeSeat, SeatCode
from pi_app.i18n import Translator

_ = Translator("display")

_codes: dict[str, pygame.Surface] = {}
QR_LEAST = 0.35  # of the panel's width: the code shrinks to this for long links
LINE_ROOM = 4  # pixels over a line's height in the box of each link
Line = tuple[str, int, th.RGB]  # a text written out, its font size and its colour


def seat_link(url: str, seat: str | None) -> str:
    """The join link, or the link that seats its phone at `seat` directly."""
    return url if seat is None else f"{url}#{quote(seat)}"


def qr_surface(text: str) -> pygame.Surface:
    """The QR code of `text`, one pixel a module with its quiet zone (cached)."""
    if text not in _codes:
        matrix = [list(row) for row in segno.make(text, error="m").matrix_iter(border=4)]
        surface = pygame.Surface((len(matrix[0]), len(matrix)))
        surface.fill((255, 255, 255))
        for y, row in enumerate(matrix):
            for x, dark in enumerate(row):
                if dark:
                    surface.set_at((x, y), (0, 0, 0))
        _codes.clear()
        _codes[text] = surface
    return _codes[text]


def draw_phones(
    canvas: Canvas,
    links: Sequence[str],
    seats: Sequence[str],
    held: Sequence[str],
    chosen: str | None = None,
    page: int = 0,
) -> None:
    """The panel: the code on the left; the links and the seats on the right.

    `links` are the join links, the one the code carries first (see `pi_app.web.reach`);
    `chosen` is the free seat whose own code is shown (None: the table's code);
    `page` which rows of seats are shown when they do not all fit.
    """
    t = canvas.theme
    canvas.hits.clear()  # the game underneath takes no touch while the panel is open
    canvas.animated.clear()  # nor paints over it: the drawn ring, the sand timer
    area = canvas.rect.inflate(-2 * t.pad, -2 * t.pad)
    canvas.panel(area, th.PANEL, th.TEXT, 2)
    inner = area.inflate(-2 * t.pad, -2 * t.pad)
    said = _("Scan to join") if chosen is None else _("Code for {seat}").format(seat=chosen)
    written = _written(canvas, links, inner.height - t.button_h - t.gap)
    texts = [said, *(text for text, _size, _ink in written)]
    widest = max(canvas.fonts.font(t.min_font).size(text)[0] for text in texts)
    side = max(int(inner.width * QR_LEAST), inner.width - widest - t.gap)  # the texts fit
    qr = qr_surface(seat_link(links[0], chosen))
    scale = max(1, min(inner.height, inner.width // 2, side) // qr.get_width())
    drawn = pygame.transform.scale(qr, (qr.get_width() * scale, qr.get_height() * scale))
    canvas.surface.blit(drawn, (inner.x, inner.y + (inner.height - drawn.get_height()) // 2))
    left = inner.x + drawn.get_width() + t.gap
    right = pygame.Rect(left, inner.y, inner.right - left, inner.height)
    head, rest = split(right, t.button_h, t.gap)
    canvas.text(said, head, t.small, th.TEXT, align="left")
    canvas.message_place = head  # a message takes the panel's title's place, not the code's
    for line in written:
        place, rest = split(rest, _height(canvas, line), t.gap // 2)
        canvas.text(line[0], place, line[1], line[2], align="left")
    body, bottom = split(rest, rest.height - t.button_h, t.gap)
    fits = max(1, (body.height + t.gap) // (t.button_h + t.gap))
    _seat_rows(canvas, body, seats[(page * fits) % max(1, len(seats)) :][:fits], held, chosen)
    if len(seats) > fits:
        more, close = split(bottom, bottom.width // 2, t.gap, vertical=False)
        canvas.button(more, _("More"), Button.PHONES_MORE)
    else:
        close = bottom
    canvas.button(close, _("Close"), Button.PHONES_CLOSE)


def _written(canvas: Canvas, links: Sequence[str], height: int) -> list[Line]:
    """The lines that write the links out, so that they can be typed where the code
    cannot be scanned: the code's link, the other addresses' ("or ..."), the `.local`
    name's last, then the game's secret that ends each of them (without "http://":
    every phone's browser adds it, and the lines stay short).

    They leave a row of seats and the Close button in `height`: other addresses that
    would not are left out, the last ones first; the `.local` one stays.
    """
    t = canvas.theme
    sites = [link.rpartition("/")[0].removeprefix("http://") + "/" for link in links]
    first: Line = (sites[0], t.small, th.ACCENT)
    last: Line = (links[0].rpartition("/")[2], t.body, th.ACCENT)
    others: list[Line] = [(_("or {link}").format(link=s), t.small, th.MUTED) for s in sites[1:]]
    room = height - 2 * (t.button_h + t.gap)
    while (
        others and sum(_height(canvas, line) + t.gap // 2 for line in [first, *others, last]) > room
    ):
        del others[-2 if len(others) > 1 else -1]
    return [first, *others, last]


def _height(canvas: Canvas, line: Line) -> int:
    """The height of the box that holds `line` at its own size: a rendered line's, and
    a little more, as `Canvas.text` centres the text's (shorter) size in its box."""
    return int(canvas.fonts.font(line[1]).get_linesize()) + LINE_ROOM


def _seat_rows(
    canvas: Canvas,
    body: pygame.Rect,
    seats: Sequence[str],
    held: Sequence[str],
    chosen: str | None,
) -> None:
    """One row a seat, from the top of `body`: its name and its button."""
    t = canvas.theme
    for index, seat in enumerate(seats):
        line = pygame.Rect(body.x, body.y + index * (t.button_h + t.gap), body.width, t.button_h)
        name, button = split(line, line.width // 2, t.gap, vertical=False)
        colour = th.ACCENT if seat == chosen else th.TEXT
        canvas.text(seat, name, t.small, colour, align="left")
        if seat in held:
            canvas.button(button, _("Release"), FreeSeat(seat))
        else:
            canvas.button(button, _("Show code"), SeatCode(seat))

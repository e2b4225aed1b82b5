"""The phones panel on the box: the QR code that opens the join page, and the seats.

Drawn over the game when the host taps "QR" in the top bar: the code (segno's matrix,
drawn as squares, so it needs no image library), the address written out for phones
that cannot scan, and every seat: one a phone holds has a button that frees it; a free
one has a button that turns the code into that seat's own (the host assigns the seat:
the phone that scans it sits there at once). Long tables page with "More". It draws
what it is given and changes nothing; the app acts on its buttons.
"""

from __future__ import annotations

import socket
from collections.abc import Sequence
from urllib.parse import quote

import pygame
import segno

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, split
from pi_app.i18n import Translator

_ = Translator("display")

_codes: dict[str, pygame.Surface] = {}


def box_address() -> str:
    """This box's address on the table's network: an IPv4 address, else `host.local`."""
    name = socket.gethostname()
    try:
        infos = socket.getaddrinfo(name, None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        address = str(info[4][0])
        if not address.startswith("127."):
            return address
    return f"{name}.local"


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
    url: str,
    seats: Sequence[str],
    held: Sequence[str],
    chosen: str | None = None,
    page: int = 0,
) -> None:
    """The panel: the code on the left; the address and the seats on the right.

    `chosen` is the free seat whose own code is shown (None: the table's code);
    `page` which rows of seats are shown when they do not all fit.
    """
    t = canvas.theme
    canvas.hits.clear()  # the game underneath takes no touch while the panel is open
    area = canvas.rect.inflate(-2 * t.pad, -2 * t.pad)
    canvas.panel(area, th.PANEL, th.TEXT, 2)
    inner = area.inflate(-2 * t.pad, -2 * t.pad)
    side = min(inner.height, inner.width // 2)
    qr = qr_surface(seat_link(url, chosen))
    scale = max(1, side // qr.get_width())
    drawn = pygame.transform.scale(qr, (qr.get_width() * scale, qr.get_height() * scale))
    canvas.surface.blit(drawn, (inner.x, inner.y + (inner.height - drawn.get_height()) // 2))
    right = pygame.Rect(inner.x + side + t.gap, inner.y, inner.width - side - t.gap, inner.height)
    head, rest = split(right, t.button_h, t.gap)
    said = _("Scan to join") if chosen is None else _("Code for {seat}").format(seat=chosen)
    canvas.text(said, head, t.small, th.TEXT, align="left")
    # The link in two lines, so that it can be typed where it cannot be scanned
    # (without "http://": every phone's browser adds it, and the line stays short).
    site, _slash, secret = url.rpartition("/")
    address, rest = split(rest, t.button_h, t.gap)
    canvas.text(site.removeprefix("http://") + "/", address, t.small, th.ACCENT, align="left")
    code, rest = split(rest, t.button_h, t.gap)
    canvas.text(secret, code, t.body, th.ACCENT, align="left")
    body, bottom = split(rest, rest.height - t.button_h, t.gap)
    fits = max(1, (body.height + t.gap) // (t.button_h + t.gap))
    _seat_rows(canvas, body, seats[(page * fits) % max(1, len(seats)) :][:fits], held, chosen)
    if len(seats) > fits:
        more, close = split(bottom, bottom.width // 2, t.gap, vertical=False)
        canvas.button(more, _("More"), "phones-more")
    else:
        close = bottom
    canvas.button(close, _("Close"), "phones-close")


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
            canvas.button(button, _("Free"), ("free-seat", seat))
        else:
            canvas.button(button, _("Its code"), ("seat-code", seat))

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

When the box makes its own Wi-Fi (a `Hotspot`), a phone must join it before it can
open the game: the panel then shows two numbered codes, one above the other, each with
its words beside it for people who type: "1. Join the Wi-Fi" (the network's code, see
`pi_app.web.wifi_code`, with its name and password) then "2. Open the game" (the join
link on the box's address on its own network). On the 800x480 screen the seats stay
in a column on the right; on the 480x320 one they are a page of their own ("More").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import quote

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, split
from pi_app.display.targets import Button, FreeSeat, SeatCode
from pi_app.i18n import Translator, verbatim
from pi_app.web.wifi_code import Hotspot, on_hotspot, wifi_text

_ = Translator("display")

_codes: dict[str, pygame.Surface] = {}
QR_LEAST = 0.35  # of the panel's width: the code shrinks to this for long links
LINE_ROOM = 4  # pixels over a line's height in the box of each link
Line = tuple[str, int, th.RGB]  # a text written out, its font size and its colour
CODES_KEPT = 4  # codes kept drawn: the hotspot's panel draws two on every frame
SEATS_BESIDE = 700  # the panel's inner width from which the seats go beside two codes
CODES_SHARE = 0.56  # of that width: the two codes' and their words' (the seats: the rest)
LEAST_SCALE = 2  # pixels a module: what a phone's camera still reads at arm's length


def seat_link(url: str, seat: str | None) -> str:
    """The join link, or the link that seats its phone at `seat` directly."""
    return url if seat is None else f"{url}#{quote(seat)}"


def qr_surface(text: str) -> pygame.Surface:
    """The QR code of `text`, one pixel a module with its quiet zone (cached).

    A text beyond ASCII (a network's name: "Café", "日本") is written in UTF-8 and
    says so (ECI 26): left to guess, readers take the same bytes for Shift JIS or
    Latin-1 (zbar read "Café" as "Caf矇"), and the phone would look for another network.
    """
    if text not in _codes:
        import segno  # the codes' maker loads when the first code is drawn, not at the start

        plain = text.isascii()  # the same bytes in every encoding: no ECI, as before
        code = segno.make(text, error="m", encoding=None if plain else "utf-8", eci=not plain)
        matrix = [list(row) for row in code.matrix_iter(border=4)]
        surface = pygame.Surface((len(matrix[0]), len(matrix)))
        surface.fill((255, 255, 255))
        for y, row in enumerate(matrix):
            for x, dark in enumerate(row):
                if dark:
                    surface.set_at((x, y), (0, 0, 0))
        if len(_codes) >= CODES_KEPT:
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
    *,
    hotspot: Hotspot | None = None,
) -> list[pygame.Rect]:
    """The panel: the code on the left; the links and the seats on the right. Returns
    where the codes were drawn (with their quiet zone), in the order they are read.

    `links` are the join links, the one the code carries first (see `pi_app.web.reach`);
    `chosen` is the free seat whose own code is shown (None: the table's code);
    `page` which rows of seats are shown when they do not all fit; `hotspot` the box's
    own Wi-Fi, when it makes one (two codes: `_draw_hotspot`).
    """
    t = canvas.theme
    canvas.hits.clear()  # the game underneath takes no touch while the panel is open
    canvas.animated.clear()  # nor paints over it: the drawn ring, the sand timer
    area = canvas.rect.inflate(-2 * t.pad, -2 * t.pad)
    canvas.panel(area, th.PANEL, th.TEXT, 2)
    inner = area.inflate(-2 * t.pad, -2 * t.pad)
    if hotspot is not None:
        return _draw_hotspot(canvas, inner, links[0], seats, held, chosen, page, hotspot)
    said = _("Scan to join") if chosen is None else _("Code for {seat}").format(seat=chosen)
    written = _written(canvas, links, inner.height - t.button_h - t.gap)
    texts = [said, *(text for text, _size, _ink in written)]
    widest = max(canvas.fonts.font(t.min_font).size(text)[0] for text in texts)
    side = max(int(inner.width * QR_LEAST), inner.width - widest - t.gap)  # the texts fit
    qr = qr_surface(seat_link(links[0], chosen))
    scale = max(1, min(inner.height, inner.width // 2, side) // qr.get_width())
    drawn = pygame.transform.scale(qr, (qr.get_width() * scale, qr.get_height() * scale))
    spot = drawn.get_rect(topleft=(inner.x, inner.y + (inner.height - drawn.get_height()) // 2))
    canvas.surface.blit(drawn, spot)
    left = inner.x + drawn.get_width() + t.gap
    right = pygame.Rect(left, inner.y, inner.right - left, inner.height)
    head, rest = split(right, t.button_h, t.gap)
    canvas.text(said, head, t.small, th.TEXT, align="left")
    canvas.message_place = head  # a message takes the panel's title's place, not the code's
    for line in written:
        place, rest = split(rest, _height(canvas, line), t.gap // 2)
        canvas.text(line[0], place, line[1], line[2], align="left")
    _seat_list(canvas, rest, seats, held, chosen, page)
    return [spot]


def _seat_list(
    canvas: Canvas,
    rect: pygame.Rect,
    seats: Sequence[str],
    held: Sequence[str],
    chosen: str | None,
    page: int,
    more: bool = False,
) -> None:
    """The rows of seats of `page` from the top of `rect`, then "More" (when they do
    not all fit, or `more`: another view follows) and "Close" at its foot."""
    t = canvas.theme
    body, bottom = split(rect, rect.height - t.button_h, t.gap)
    fits = _seats_fit(canvas, body.height)
    _seat_rows(canvas, body, seats[(page * fits) % max(1, len(seats)) :][:fits], held, chosen)
    if more or len(seats) > fits:
        left, close = split(bottom, bottom.width // 2, t.gap, vertical=False)
        canvas.button(left, _("More"), Button.PHONES_MORE)
    else:
        close = bottom
    canvas.button(close, _("Close"), Button.PHONES_CLOSE)


def _seats_fit(canvas: Canvas, height: int) -> int:
    """How many rows of seats `height` holds (one at least)."""
    t = canvas.theme
    return max(1, (height + t.gap) // (t.button_h + t.gap))


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
    a little more, as `Canvas.text` centres the text's (shorter) size in its box; the
    text's own when it is taller (a network's name with stacked accents: "a\u1dc0")."""
    font = canvas.fonts.font(line[1])
    return max(int(font.get_linesize()), font.size(line[0])[1]) + LINE_ROOM


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


# ---- the box's own Wi-Fi: two numbered codes ----------------------------------------


Paragraph = list[Line]  # one text, wrapped into the lines drawn one under the other


@dataclass(frozen=True)
class CodeRow:
    """One numbered code and its words: what a phone scans, and what a person types
    instead (its heading first)."""

    code: str
    words: tuple[Line, ...]


@dataclass(frozen=True)
class RowFit:
    """A row laid out at one scale: its height and its words' wrapped lines."""

    height: int
    paragraphs: list[Paragraph]


def _hotspot_rows(canvas: Canvas, link: str, hotspot: Hotspot, chosen: str | None) -> list[CodeRow]:
    """The two codes in the order a phone needs them: the Wi-Fi's, then the game's.

    The network's name and password are data, written as they are in every language
    (`verbatim`); the game's link is written as `_written` writes it."""
    t = canvas.theme
    network = _("Network: {ssid}").format(ssid=verbatim(hotspot.ssid))
    password = _("Password: {password}").format(password=verbatim(hotspot.password))
    said = _("2. Open the game") if chosen is None else _("2. Code for {seat}").format(seat=chosen)
    return [
        CodeRow(
            wifi_text(hotspot.ssid, hotspot.password),
            (
                (_("1. Join the Wi-Fi"), t.small, th.TEXT),
                (network, t.small, th.ACCENT),
                (password, t.small, th.ACCENT),
            ),
        ),
        CodeRow(link, ((said, t.small, th.TEXT), *_written(canvas, [link], 0))),
    ]


def _draw_hotspot(
    canvas: Canvas,
    inner: pygame.Rect,
    link: str,
    seats: Sequence[str],
    held: Sequence[str],
    chosen: str | None,
    page: int,
    hotspot: Hotspot,
) -> list[pygame.Rect]:
    """The two codes beside the seats' column (wide screens), or the two codes and the
    seats' pages in turn (small ones: page 0 is the codes', "More" goes on to the
    seats, then back to the codes). Returns where the codes were drawn (none on a
    seats' page). The game's code names the box by its address on its own network."""
    t = canvas.theme
    rows = _hotspot_rows(
        canvas, on_hotspot(seat_link(link, chosen), hotspot.address), hotspot, chosen
    )
    if inner.width >= SEATS_BESIDE:
        codes, column = split(inner, int(inner.width * CODES_SHARE), 2 * t.gap, vertical=False)
        _seat_list(canvas, column, seats, held, chosen, page)
        return _draw_codes(canvas, codes, rows, (0, 0))
    head, rest = split(inner, t.button_h, t.gap)
    views = 1 + -(-len(seats) // _seats_fit(canvas, rest.height - t.button_h))
    if page % views == 0:
        return _codes_view(canvas, inner, rows, bool(seats))
    canvas.text(_("Players"), head, t.small, th.TEXT, align="left")
    canvas.message_place = head
    _seat_list(canvas, rest, seats, held, chosen, page % views - 1, more=True)
    return []


def _codes_view(
    canvas: Canvas, inner: pygame.Rect, rows: list[CodeRow], more: bool
) -> list[pygame.Rect]:
    """The two codes on a small screen, with "More" (the seats) and "Close" stacked in
    the corner beside the game's code."""
    t = canvas.theme
    buttons = [(_("More"), Button.PHONES_MORE)] if more else []
    buttons.append((_("Close"), Button.PHONES_CLOSE))
    font = canvas.fonts.font(t.small)
    width = max(font.size(label)[0] for label, _target in buttons) + 2 * t.pad + 6  # margins
    height = len(buttons) * t.button_h + (len(buttons) - 1) * t.gap
    corner = pygame.Rect(inner.right - width, inner.bottom - height, width, height)
    for index, (label, target) in enumerate(buttons):
        place = pygame.Rect(corner.x, corner.y + index * (t.button_h + t.gap), width, t.button_h)
        canvas.button(place, label, target)
    return _draw_codes(canvas, inner, rows, corner.size)


def _draw_codes(
    canvas: Canvas, rect: pygame.Rect, rows: list[CodeRow], corner: tuple[int, int]
) -> list[pygame.Rect]:
    """The rows one above the other in `rect`, the second one beside a `corner` of
    that size kept free at the bottom right; the codes as large as their words allow
    (the same size a module for both), the spare height between the rows."""
    t = canvas.theme
    codes = [qr_surface(row.code) for row in rows]
    widths = [rect.width, rect.width - (corner[0] + t.gap if corner[0] else 0)]
    scale, fits = _fit_rows(canvas, rect.height, rows, codes, widths, corner[1])
    spare = rect.height - fits[0].height - t.gap - max(fits[1].height, corner[1])
    tops = [rect.y, rect.y + fits[0].height + t.gap + spare // 2]
    canvas.message_place = _heading_box(canvas, rect, codes[0], scale, fits[0])
    return [
        _draw_row(canvas, pygame.Rect(rect.x, top, width, fit.height), code, scale, fit)
        for top, width, code, fit in zip(tops, widths, codes, fits, strict=True)
    ]


def _fit_rows(
    canvas: Canvas,
    height: int,
    rows: list[CodeRow],
    codes: list[pygame.Surface],
    widths: list[int],
    corner: int,
) -> tuple[int, list[RowFit]]:
    """The largest scale (pixels a module) at which both rows fit in `height`, and the
    rows laid out at it: one that keeps each heading on one line if there is one (a
    larger code would squeeze "1. Join the Wi-Fi" into two), else the largest that
    fits, else `LEAST_SCALE` (the layout tests see to it that it fits)."""
    t = canvas.theme
    modules = sum(code.get_height() for code in codes)
    scales = range(max(LEAST_SCALE, height // modules), LEAST_SCALE - 1, -1)
    laid = [(scale, _fit_both(canvas, rows, codes, widths, scale)) for scale in scales]
    fitting = [
        (scale, fits)
        for scale, fits in laid
        if fits[0].height + t.gap + max(fits[1].height, corner) <= height
    ]
    whole = [
        (scale, fits) for scale, fits in fitting if all(len(f.paragraphs[0]) == 1 for f in fits)
    ]
    return (whole or fitting or laid[-1:])[0]


def _fit_both(
    canvas: Canvas,
    rows: list[CodeRow],
    codes: list[pygame.Surface],
    widths: list[int],
    scale: int,
) -> list[RowFit]:
    """Both rows laid out with their codes at `scale`."""
    return [
        _fit_row(canvas, row, code.get_width() * scale, width)
        for row, code, width in zip(rows, codes, widths, strict=True)
    ]


def _fit_row(canvas: Canvas, row: CodeRow, side: int, width: int) -> RowFit:
    """`row` with its code `side` pixels wide: its words wrapped beside the code."""
    t = canvas.theme
    room = max(4 * t.small, width - side - t.gap)
    paragraphs = [
        [(part, size, ink) for part in wrap_words(canvas.fonts.font(size), text, room)]
        for text, size, ink in row.words
    ]
    said = sum(_paragraph_height(canvas, lines) for lines in paragraphs)
    return RowFit(max(side, said + (len(paragraphs) - 1) * (t.gap // 2)), paragraphs)


def _line_heights(canvas: Canvas, lines: Paragraph) -> list[int]:
    """The boxes of a wrapped text's lines: a rendered line's height each (the text's
    own when taller), `LINE_ROOM` more for the last, as `_height` gives a line alone:
    a password on four lines then takes no more room than it must."""
    heights = [_height(canvas, line) - LINE_ROOM for line in lines]
    heights[-1] += LINE_ROOM
    return heights


def _paragraph_height(canvas: Canvas, lines: Paragraph) -> int:
    return sum(_line_heights(canvas, lines))


def wrap_words(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """`text` in lines no wider than `width`: whole words where they fit; a word longer
    than a line (a password, a network's name) goes on from where the line stands and
    is cut at its end, so that the data takes the fewest lines (`wrap_all` would
    start it on a line of its own). No character is left out but the spaces where a
    line breaks."""
    lines = [""]
    for word in text.split(" "):
        joined = f"{lines[-1]} {word}" if lines[-1] else word
        if font.size(joined)[0] <= width:
            lines[-1] = joined
        elif font.size(word)[0] <= width:
            lines.append(word)
        else:
            while font.size(joined)[0] > width:
                cut = _longest_start(font, joined, width)
                lines[-1], joined = joined[:cut], joined[cut:]
                lines.append("")
            lines[-1] = joined
    return lines


def _longest_start(font: pygame.font.Font, text: str, width: int) -> int:
    """How many characters of `text` fit in `width` (one at least: a line is never
    empty)."""
    low, high = 1, len(text)
    while low < high:
        middle = (low + high + 1) // 2
        if font.size(text[:middle])[0] <= width:
            low = middle
        else:
            high = middle - 1
    return low


def _draw_row(
    canvas: Canvas, rect: pygame.Rect, code: pygame.Surface, scale: int, fit: RowFit
) -> pygame.Rect:
    """A code at the left of `rect` and its words beside it; returns the code's place."""
    t = canvas.theme
    drawn = pygame.transform.scale(code, (code.get_width() * scale, code.get_height() * scale))
    spot = drawn.get_rect(topleft=rect.topleft)
    canvas.surface.blit(drawn, spot)
    x, y = spot.right + t.gap, rect.y
    for lines in fit.paragraphs:
        for (text, size, ink), height in zip(lines, _line_heights(canvas, lines), strict=True):
            canvas.text(text, (x, y, rect.right - x, height), size, ink, align="left")
            y += height
        y += t.gap // 2
    return spot


def _heading_box(
    canvas: Canvas, rect: pygame.Rect, code: pygame.Surface, scale: int, fit: RowFit
) -> pygame.Rect:
    """Where a message goes over the panel: the first code's heading (the panel's
    title), never over a code or a button."""
    t = canvas.theme
    x = rect.x + code.get_width() * scale + t.gap
    lines = fit.paragraphs[0]
    return pygame.Rect(x, rect.y, rect.right - x, _paragraph_height(canvas, lines))

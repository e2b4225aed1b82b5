"""Drawing helpers that keep every text inside its box and legible.

Scenes never blit text themselves: `Canvas.text` fits a string into a box (shrinking
down to the theme's smallest size, then wrapping, then shortening with an ellipsis)
and records what it drew with the box it had to stay in. Tests read those records to
prove that nothing spills out of its box and nothing is too small to read, and that
the names a scene must show were drawn. Buttons record their hit region the same way,
so a tap is resolved against exactly what was on screen.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass

import pygame

from pi_app.display import theme as th
from pi_app.display.seat_marks import draw_mark
from pi_app.display.theme import RGB, Theme

RectLike = pygame.Rect | tuple[int, int, int, int]
ELLIPSIS = "…"
SELECTED_RING = 7
"""How far a selected button's outline reaches in from its edge (5 px, then 2 px)."""


@dataclass(frozen=True)
class TextDraw:
    """One text drawn: what, where, inside which box, at which line height; the whole
    text it is (a line of) as the scene gave it, and when it was drawn in the frame."""

    text: str
    rect: tuple[int, int, int, int]
    box: tuple[int, int, int, int]
    px: int
    source: str = ""
    order: int = 0


@dataclass(frozen=True)
class PanelDraw:
    """A filled box drawn (a panel, a button, a cleared area), its border's width (0:
    none), when in the frame; `cover` when it lies over the screen beneath on purpose
    (the message, the phones panel), hiding what was drawn there."""

    rect: tuple[int, int, int, int]
    border: int
    order: int
    cover: bool = False


@dataclass(frozen=True)
class Hit:
    """A tappable region and the target a tap on it means."""

    rect: pygame.Rect
    target: Hashable


@dataclass(frozen=True)
class Animated:
    """A region redrawn on every animation frame (over the still picture beneath it)."""

    rect: pygame.Rect
    paint: Callable[[Canvas, float], None]
    order: int = 0


FITS_KEPT = 2000
"""Texts fitted and kept: a few screens' worth."""


class FontBook:
    """Fonts by size, and rendered texts, cached: the idle box must not re-render text."""

    def __init__(self) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._fonts: dict[int, pygame.font.Font] = {}
        self._renders: OrderedDict[tuple[str, int, RGB], pygame.Surface] = OrderedDict()
        self._fits: OrderedDict[tuple[str, int, int, int, int], tuple[int, tuple[str, ...]]]
        self._fits = OrderedDict()
        """How each text was fitted into a box (`Canvas.fit`): a frame fits the same
        texts into the same boxes as the last one, and measuring them is the cost."""

    def font(self, size: int) -> pygame.font.Font:
        if size not in self._fonts:
            self._fonts[size] = pygame.font.Font(None, size)
        return self._fonts[size]

    def fitted(
        self, key: tuple[str, int, int, int, int], fit: Callable[[], tuple[int, list[str]]]
    ) -> tuple[int, list[str]]:
        """The size and lines of a text fitted into a box, `fit` called only the first
        time (`key`: the text, the box's width and height, the largest and smallest size)."""
        found = self._fits.get(key)
        if found is None:
            size, lines = fit()
            found = self._fits[key] = (size, tuple(lines))
            if len(self._fits) > FITS_KEPT:
                self._fits.popitem(last=False)
        else:
            self._fits.move_to_end(key)
        return found[0], list(found[1])

    def render(self, text: str, size: int, colour: RGB) -> pygame.Surface:
        key = (text, size, colour)
        surface = self._renders.get(key)
        if surface is None:
            surface = self.font(size).render(text, True, colour)
            self._renders[key] = surface
            if len(self._renders) > 800:
                self._renders.popitem(last=False)
        else:
            self._renders.move_to_end(key)
        return surface


def _box(rect: pygame.Rect) -> tuple[int, int, int, int]:
    return (rect.x, rect.y, rect.width, rect.height)


def _wrap(font: pygame.font.Font, text: str, width: int) -> list[str] | None:
    """Words of `text` in lines no wider than `width`; None if one word alone is wider."""
    return _lines(font, text, width, cut_words=False)


def wrap_all(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """`text` in lines no wider than `width`, by words; a word wider than a line (a
    file's path) is cut where it fits, after a `/` when it has one."""
    lines = _lines(font, text, width, cut_words=True)
    assert lines is not None  # a word too wide is cut, never refused
    return lines


def _lines(font: pygame.font.Font, text: str, width: int, cut_words: bool) -> list[str] | None:
    """Words of `text` in lines no wider than `width`, paragraph by paragraph; a word
    wider than a line is cut (`cut_words`) or makes the whole text refused (None)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in paragraph.split(" "):
            candidate = f"{current} {word}" if current else word
            if font.size(candidate)[0] <= width:
                current = candidate
                continue
            if not cut_words and font.size(word)[0] > width:
                return None
            if current:
                lines.append(current)
            current = word
            while font.size(current)[0] > width:
                head, current = _cut(font, current, width)
                lines.append(head)
        lines.append(current)
    return lines


def _cut(font: pygame.font.Font, word: str, width: int) -> tuple[str, str]:
    """The longest start of `word` that fits in `width` (ending after a `/` if one is
    near), and the rest."""
    cut = len(word) - 1
    while cut > 1 and font.size(word[:cut])[0] > width:
        cut -= 1
    slash = word.rfind("/", 0, cut)
    if slash >= cut // 2:
        cut = slash + 1
    return word[:cut], word[cut:]


def wrapped_lines(font: pygame.font.Font, text: str, width: int) -> int:
    """How many lines `text` takes wrapped in `width` with `font` (0: a word alone is
    wider), for a layout that gives a text the room it needs before drawing it."""
    lines = _wrap(font, text, width)
    return 0 if lines is None else len(lines)


def _shorten(font: pygame.font.Font, text: str, width: int) -> str:
    """`text` cut and ended with an ellipsis so that it fits in `width`."""
    if font.size(text)[0] <= width:
        return text
    cut = len(text)
    while cut > 0 and font.size(text[:cut].rstrip() + ELLIPSIS)[0] > width:
        cut -= 1
    return text[:cut].rstrip() + ELLIPSIS if cut else ""


class Canvas:
    """A surface with the theme's measures, recording texts, hit regions and animations."""

    def __init__(self, surface: pygame.Surface, theme: Theme, fonts: FontBook) -> None:
        self.surface = surface
        self.theme = theme
        self.fonts = fonts
        self.texts: list[TextDraw] = []
        self.hits: list[Hit] = []
        self.animated: list[Animated] = []
        self.panels: list[PanelDraw] = []
        """The filled boxes drawn, so that tests can tell a text covered or crowding
        its border (layout_checks)."""
        self.drawn = 0
        """How many things the frame has drawn so far (each record's `order`)."""
        self.colours: tuple[int, ...] = ()
        """Each seat's palette index for this frame (the players' own colours)."""
        self.message_place: pygame.Rect | None = None
        """Where a message may go on this frame: the screen's title (see message_bar)."""

    def seat_colour(self, index: int) -> RGB:
        """The colour of seat `index`: its player's colour when known, else the seat's."""
        return th.seat_colour(index, self.colours)

    def reset(self) -> None:
        """Forget the previous frame's records (before a full redraw)."""
        self.texts.clear()
        self.hits.clear()
        self.animated.clear()
        self.panels.clear()
        self.drawn = 0
        self.colours = ()
        self.message_place = None

    @property
    def rect(self) -> pygame.Rect:
        return self.surface.get_rect()

    def _next(self) -> int:
        self.drawn += 1
        return self.drawn

    def fill(self, colour: RGB, rect: RectLike | None = None) -> None:
        box = pygame.Rect(rect) if rect is not None else self.rect
        self.surface.fill(colour, box)
        self.panels.append(PanelDraw(_box(box), 0, self._next()))

    def cover(self, rect: RectLike) -> None:
        """Say that what comes next lies over `rect` on purpose, hiding what is there
        (an overlay: the message in the title's place, the phones panel)."""
        self.panels.append(PanelDraw(_box(pygame.Rect(rect)), 0, self._next(), cover=True))

    def panel(
        self, rect: RectLike, colour: RGB = th.PANEL, border: RGB | None = None, width: int = 3
    ) -> None:
        """A rounded box, optionally outlined (the outline is how a selection shows)."""
        box = pygame.Rect(rect)
        radius = max(2, min(10, box.height // 5))
        pygame.draw.rect(self.surface, colour, box, border_radius=radius)
        if border is not None:
            pygame.draw.rect(self.surface, border, box, width, border_radius=radius)
        self.panels.append(PanelDraw(_box(box), width if border is not None else 0, self._next()))

    def fits_whole(self, text: str, box: RectLike, size: int | None = None) -> bool:
        """Whether `text` would be drawn whole in `box` (shrunk or wrapped, but not
        shortened): a screen drops a decoration rather than cut a player's name."""
        _size, lines = self.fit(text, box, size)
        return " ".join(lines) == " ".join(text.split())

    def fit(self, text: str, box: RectLike, size: int | None = None) -> tuple[int, list[str]]:
        """The font size and lines that `text` takes in `box` (see the module's rules)."""
        area = pygame.Rect(box)
        start = max(size or self.theme.body, self.theme.min_font)
        key = (text, area.width, area.height, start, self.theme.min_font)
        return self.fonts.fitted(key, lambda: self._fit(text, area, start))

    def _fit(self, text: str, area: pygame.Rect, start: int) -> tuple[int, list[str]]:
        sizes = list(range(start, self.theme.min_font - 1, -2))
        if sizes[-1] != self.theme.min_font:
            sizes.append(self.theme.min_font)
        for candidate in sizes:
            font = self.fonts.font(candidate)
            width = font.size(text)[0]
            # a rendered line is get_linesize() high, a little more than size()'s height
            if "\n" not in text and width <= area.width and font.get_linesize() <= area.height:
                return candidate, [text]
        for candidate in sizes:
            font = self.fonts.font(candidate)
            lines = _wrap(font, text, area.width)
            if lines and len(lines) * font.get_linesize() <= area.height:
                return candidate, lines
        font = self.fonts.font(self.theme.min_font)
        room = max(1, area.height // font.get_linesize())
        lines = _wrap(font, text, area.width) or [text]
        kept = lines[:room]
        if len(lines) > room:
            kept[-1] = kept[-1] + " " + " ".join(lines[room:])
        kept[-1] = _shorten(font, kept[-1], area.width)
        return self.theme.min_font, [_shorten(font, line, area.width) for line in kept]

    def text(
        self,
        text: str,
        box: RectLike,
        size: int | None = None,
        colour: RGB = th.TEXT,
        align: str = "center",
    ) -> pygame.Rect:
        """Draw `text` fitted into `box` (align: left, center or right); returns its extent."""
        area = pygame.Rect(box)
        chosen, lines = self.fit(text, area, size)
        font = self.fonts.font(chosen)
        step = font.get_linesize()  # the height of a rendered line
        inked = step * (len(lines) - 1) + font.size(lines[0])[1]
        # centred on the letters, and never lower than the rendered lines' room allows
        y = area.y + max(0, min((area.height - inked) // 2, area.height - step * len(lines)))
        drawn = pygame.Rect(area.x, y, 0, 0)
        for line in lines:
            if not line:
                y += step
                continue
            surface = self.fonts.render(line, chosen, colour)
            place = surface.get_rect()
            place.y = y
            if align == "left":
                place.x = area.x
            elif align == "right":
                place.right = area.right
            else:
                place.centerx = area.centerx
            self.surface.blit(surface, place)
            self.texts.append(
                TextDraw(line, _box(place), _box(area), font.get_height(), text, self._next())
            )
            drawn = place if drawn.width == 0 else drawn.union(place)
            y += step
        return drawn

    def button(
        self,
        rect: RectLike,
        label: str,
        target: Hashable,
        colour: RGB = th.PANEL_HI,
        selected: bool = False,
        enabled: bool = True,
        size: int | None = None,
    ) -> None:
        """A labelled tappable box; a tap on it becomes `Press(target)`."""
        box = pygame.Rect(rect)
        ink = th.ink_for(colour) if enabled else th.MUTED
        self.panel(box, colour if enabled else th.PANEL, th.TEXT if selected else None, 5)
        if selected:
            pygame.draw.rect(
                self.surface,
                (0, 0, 0),
                box.inflate(-10, -10),
                2,
                border_radius=max(2, min(10, box.height // 5)),
            )
            self.panels.append(PanelDraw(_box(box), SELECTED_RING, self._next()))
        # the label keeps clear of the selection's outline
        inner = box.inflate(*(2 * [-2 * SELECTED_RING - 2] if selected else (-6, -4)))
        if label:  # an icon's button is drawn over by its icon (`display.icons`)
            self.text(label, inner, size or self.theme.small, ink)
        if enabled:
            self.hits.append(Hit(box, target))

    def swatch(self, rect: RectLike, colour: RGB) -> None:
        """A colour patch (always drawn beside what it stands for)."""
        box = pygame.Rect(rect)
        pygame.draw.rect(self.surface, colour, box, border_radius=4)
        pygame.draw.rect(self.surface, th.TEXT, box, 1, border_radius=4)

    def seat_swatch(self, rect: RectLike, index: int) -> None:
        """Seat `index`'s patch: its colour with its shape on it (`palette.SeatCue`), so
        that eyes that tell the colours poorly tell the seats apart all the same."""
        cue = th.seat_cue(index, self.colours)
        self.swatch(rect, cue.colour)
        draw_mark(self.surface, cue.shape, pygame.Rect(rect), th.ink_for(cue.colour))

    def star(self, centre: tuple[int, int], radius: int, colour: RGB) -> None:
        """A five-pointed star: the mark of a slate bonus (the font has no star glyph)."""
        cx, cy = centre
        points = []
        for k in range(10):
            r = radius if k % 2 == 0 else radius * 0.45
            angle = -math.pi / 2 + k * math.pi / 5
            points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
        pygame.draw.polygon(self.surface, colour, points)

    def animate(self, rect: RectLike, paint: Callable[[Canvas, float], None]) -> None:
        """Register a region that moves: painted now and on each animation frame."""
        self.animated.append(Animated(pygame.Rect(rect), paint, self._next()))

    def hit_at(self, pos: tuple[int, int]) -> Hashable | None:
        """The target of the topmost hit region under `pos`."""
        for hit in reversed(self.hits):
            if hit.rect.collidepoint(pos):
                return hit.target
        return None


def rows(rect: RectLike, count: int, gap: int = 0) -> list[pygame.Rect]:
    """`rect` cut into `count` rows of equal height, `gap` apart."""
    box = pygame.Rect(rect)
    count = max(1, count)
    height = (box.height - gap * (count - 1)) / count
    return [
        pygame.Rect(box.x, round(box.y + i * (height + gap)), box.width, int(height))
        for i in range(count)
    ]


def cols(rect: RectLike, count: int, gap: int = 0) -> list[pygame.Rect]:
    """`rect` cut into `count` columns of equal width, `gap` apart."""
    box = pygame.Rect(rect)
    count = max(1, count)
    width = (box.width - gap * (count - 1)) / count
    return [
        pygame.Rect(round(box.x + i * (width + gap)), box.y, int(width), box.height)
        for i in range(count)
    ]


def split(
    rect: RectLike, first: int, gap: int = 0, vertical: bool = True
) -> tuple[pygame.Rect, pygame.Rect]:
    """Two parts of `rect`: the first `first` pixels high (or wide) and the rest."""
    box = pygame.Rect(rect)
    if vertical:
        return (
            pygame.Rect(box.x, box.y, box.width, first),
            pygame.Rect(box.x, box.y + first + gap, box.width, box.height - first - gap),
        )
    return (
        pygame.Rect(box.x, box.y, first, box.height),
        pygame.Rect(box.x + first + gap, box.y, box.width - first - gap, box.height),
    )


def grid(rect: RectLike, count: int, columns: int, gap: int = 0) -> list[pygame.Rect]:
    """`count` cells laid out `columns` per row inside `rect`."""
    lines = max(1, math.ceil(count / max(1, columns)))
    cells: list[pygame.Rect] = []
    for row in rows(rect, lines, gap):
        cells.extend(cols(row, columns, gap))
    return cells[:count]

"""Checks on what a frame drew, shared by the screenshot and end-to-end tests."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pygame

from pi_app.display.canvas import ELLIPSIS, TextDraw
from pi_app.display.theme import RGB


def outside(texts: Iterable[TextDraw], screen: pygame.Rect) -> list[TextDraw]:
    """Texts drawn outside their box, or outside the screen."""
    bad = []
    for text in texts:
        rect, box = pygame.Rect(text.rect), pygame.Rect(text.box)
        if not box.contains(rect) or not screen.contains(rect):
            bad.append(text)
    return bad


def too_small(texts: Iterable[TextDraw], minimum: int) -> list[TextDraw]:
    return [text for text in texts if text.px < minimum]


def drawn_text(texts: Iterable[TextDraw]) -> str:
    """Every text of a frame, joined (wrapped lines come back together)."""
    return " ".join(text.text for text in texts)


# ---- the end of a game and its chart: whole names, clear borders, labels off the lines ----


def shortened(texts: Iterable[TextDraw]) -> list[TextDraw]:
    """Texts that were cut short with an ellipsis (`Canvas.fit`'s last resort)."""
    return [text for text in texts if ELLIPSIS in text.text]


def outside_rect(texts: Iterable[TextDraw], rect: pygame.Rect) -> list[TextDraw]:
    """Texts drawn outside `rect` (a panel they belong in), even in part."""
    return [text for text in texts if not rect.contains(pygame.Rect(text.rect))]


def _holds_colour(surface: pygame.Surface, area: pygame.Rect, colours: set[RGB]) -> bool:
    area = area.clip(surface.get_rect())
    for x in range(area.left, area.right):
        for y in range(area.top, area.bottom):
            if tuple(surface.get_at((x, y)))[:3] in colours:
                return True
    return False


def touching_border(
    surface: pygame.Surface, texts: Iterable[TextDraw], border: RGB
) -> list[TextDraw]:
    """Texts with a border's colour on the line of pixels just around them: text that
    touches a border drawn in that colour, or runs across it."""
    bad = []
    for text in texts:
        rect = pygame.Rect(text.rect)
        ring = rect.inflate(2, 2)
        edges = (
            pygame.Rect(ring.left, ring.top, ring.width, 1),
            pygame.Rect(ring.left, ring.bottom - 1, ring.width, 1),
            pygame.Rect(ring.left, ring.top, 1, ring.height),
            pygame.Rect(ring.right - 1, ring.top, 1, ring.height),
        )
        if any(_holds_colour(surface, edge, {border}) for edge in edges):
            bad.append(text)
    return bad


def under_lines(
    surface: pygame.Surface, texts: Iterable[TextDraw], lines: Callable[[TextDraw], set[RGB]]
) -> list[TextDraw]:
    """Texts with a line drawn across them: `lines(text)` gives the colours of the lines
    that must not cross it (a seat's label may touch its own line, never another's)."""
    return [text for text in texts if _holds_colour(surface, pygame.Rect(text.rect), lines(text))]

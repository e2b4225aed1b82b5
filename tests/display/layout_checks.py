"""Checks on what a frame drew, shared by the screenshot and end-to-end tests."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from pi_app.display.canvas import TextDraw


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

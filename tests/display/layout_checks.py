"""Checks on what a frame drew, shared by the screenshot and end-to-end tests."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

import pygame

from pi_app.display.canvas import ELLIPSIS, Animated, Canvas, PanelDraw, TextDraw
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
    """Texts that were cut short with an ellipsis (`Canvas.fit`'s last resort), not
    those the scene wrote with one ("…" for an answer still to come)."""
    return [text for text in texts if ELLIPSIS in text.text and text.text != text.source]


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


# ---- the frame as a player sees it: borders, overlaps, covers, names cut -------------
#
# They read what `Canvas` records of a frame: its texts (each line, the whole text it
# came from, and when it was drawn) and its filled boxes (`PanelDraw`: panels, buttons,
# cleared areas, and the covers an overlay lies over the screen with), and the regions
# animated over the still frame.


def _rect(box: tuple[int, int, int, int]) -> pygame.Rect:
    return pygame.Rect(box)


def hidden_by_cover(text: TextDraw, panels: Iterable[PanelDraw]) -> bool:
    """Whether an overlay drawn after `text` lies over it (it is hidden on purpose)."""
    return any(
        panel.cover and panel.order > text.order and _rect(panel.rect).colliderect(text.rect)
        for panel in panels
    )


def visible_texts(texts: Iterable[TextDraw], panels: Sequence[PanelDraw]) -> list[TextDraw]:
    """The texts no overlay hides."""
    return [text for text in texts if text.text and not hidden_by_cover(text, panels)]


def _hidden_before(panel: PanelDraw, text: TextDraw, panels: Iterable[PanelDraw]) -> bool:
    """Whether an overlay drawn between `panel` and `text` lies over the panel."""
    return any(
        other.cover
        and panel.order < other.order < text.order
        and _rect(other.rect).colliderect(panel.rect)
        for other in panels
    )


def texts_on_borders(texts: Iterable[TextDraw], panels: Sequence[PanelDraw]) -> list[str]:
    """Texts drawn on a box's outline, or touching it from inside (a label wrapped
    into its border): a text over a bordered box must keep clear of the border."""
    bad = []
    for text in visible_texts(texts, panels):
        rect = _rect(text.rect)
        for panel in panels:
            box = _rect(panel.rect)
            seen = not _hidden_before(panel, text, panels)
            if panel.border and panel.order < text.order and box.colliderect(rect) and seen:
                inner = box.inflate(-2 * panel.border - 2, -2 * panel.border - 2)
                if not inner.contains(rect):
                    bad.append(f"{text.text!r} on the border of {panel.rect}")
                    break
    return bad


def overlapping_texts(texts: Iterable[TextDraw], panels: Sequence[PanelDraw]) -> list[str]:
    """Pairs of visible texts drawn over each other."""
    shown = visible_texts(texts, panels)
    bad = []
    for index, first in enumerate(shown):
        for second in shown[index + 1 :]:
            clip = _rect(first.rect).clip(second.rect)
            if clip.width > 1 and clip.height > 1:
                bad.append(f"{first.text!r} and {second.text!r} overlap")
    return bad


def covered_texts(
    texts: Iterable[TextDraw], panels: Sequence[PanelDraw], animated: Iterable[Animated]
) -> list[str]:
    """Texts a box drawn later lies over (a cleared area, a panel, a button), or that
    cross a region animated over the still frame (the drawn ring, the sand timer)."""
    bad = []
    moving = list(animated)
    for text in visible_texts(texts, panels):
        rect = _rect(text.rect)
        for panel in panels:
            clip = _rect(panel.rect).clip(rect)
            if not panel.cover and panel.order > text.order and clip.width > 1 and clip.height > 1:
                bad.append(f"{text.text!r} under the box {panel.rect}")
                break
        for item in moving:
            if item.rect.colliderect(rect) and not item.rect.contains(rect):
                bad.append(f"{text.text!r} under the animated {tuple(item.rect)}")
    return bad


def cut_names(texts: Sequence[TextDraw], names: Iterable[str]) -> list[str]:
    """Names shortened with an ellipsis, or left out of a text shortened to fit: a
    player's name is always drawn whole."""
    lines: dict[tuple[str, tuple[int, int, int, int]], list[str]] = {}
    for text in texts:
        lines.setdefault((text.source or text.text, text.box), []).append(text.text)
    bad = []
    for (source, _box), drawn in lines.items():
        shown = " ".join(drawn)
        if ELLIPSIS not in shown or ELLIPSIS in source:
            continue
        for name in names:
            whole = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
            if whole.search(source) and not whole.search(shown):
                bad.append(f"{name!r} cut in {shown!r}")
    return bad


LONG_NAMES = (
    "Marie-Gabrielle",
    "Jean-Baptiste",
    "Maximilian",
    "Anne-Sophie",
    "Christophe",
    "Wolfgang",
    "Bartholomew",
)
"""Seven long first names: what a layout must show whole."""


def page_faults(canvas: Canvas) -> list[TextDraw | str]:
    """What a page drawn on `canvas` must not show: a text shortened, off the screen,
    on a border or over another text."""
    texts, panels = list(canvas.texts), list(canvas.panels)
    return [
        *shortened(texts),
        *outside(texts, canvas.rect),
        *texts_on_borders(texts, panels),
        *overlapping_texts(texts, panels),
    ]

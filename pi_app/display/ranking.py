"""The ranking at the end of a game: places, names and scores, the winners outlined.

Each part sits in a column as wide as its longest text, so that a name that has room
is never cut. A ranking longer than its box holds takes pages (`ranking_pages`), the
first places first: the end of a tournament of ten at 480x320 showed seven lines and
no sign of the three others.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, split
from pi_app.display.chart import score_text
from pi_app.table.summary import GameSummary

RANK_BORDER = 2
"""The winners' outline: rows keep their words this far and a little more inside it."""
CORNER = 10
"""The most an outline's rounded corner reaches in (as `Canvas.panel` rounds it)."""


def _texts(summary: GameSummary) -> list[tuple[str, str, str]]:
    """Each ranked row's place, name and score, as drawn."""
    return [(f"{place}.", seat, score_text(score)) for place, seat, score in summary.ranking()]


def ranking_width(canvas: Canvas, summary: GameSummary) -> int:
    """The width the ranking needs to show every place, name and score whole."""
    t = canvas.theme
    font = canvas.fonts.font(t.small)
    rows = _texts(summary)
    place = max(font.size(text)[0] for text, _seat, _score in rows)
    name = max(font.size(seat)[0] for _place, seat, _score in rows)
    score = max(font.size(text)[0] for _place, _seat, text in rows)
    return place + name + score + SWATCH_W + 3 * t.gap + 2 * (RANK_BORDER + CORNER) + 2


SWATCH_W = 10


def ranking_split(
    canvas: Canvas, box: pygame.Rect, summary: GameSummary
) -> tuple[pygame.Rect, pygame.Rect]:
    """The ranking's part of `box`, as wide as its longest row needs (a third of `box`
    at least, three fifths at most), and the chart's beside it, which takes the rest."""
    t = canvas.theme
    width = max(box.width // 3, ranking_width(canvas, summary))
    return split(box, min(width, box.width * 3 // 5), t.gap, vertical=False)


def row_heights(canvas: Canvas) -> tuple[int, int]:
    """The least height of a ranked row, and of a winner's row: a line of text, clear of
    the winners' outline."""
    t = canvas.theme
    text_h = canvas.fonts.render("Ag", t.small, th.TEXT).get_height()
    return text_h + 2, text_h + 2 * (RANK_BORDER + 2)


def ranking_height(canvas: Canvas, summary: GameSummary) -> int:
    """The least height of the whole ranking, a pixel between its rows."""
    plain, outlined = row_heights(canvas)
    winners = sum(seat in summary.winners for seat in summary.seats)
    count = len(summary.seats)
    return (count - winners) * plain + winners * outlined + count - 1


def _heights(canvas: Canvas, box: pygame.Rect, ranked: Sequence[bool], gap: int) -> list[int]:
    """Each row's height (`ranked[i]`: whether row i is a winner's): all alike when
    they can be, else the winners' rows just tall enough to clear their outline."""
    t = canvas.theme
    plain, outlined = row_heights(canvas)
    count = len(ranked)
    even = min(t.button_h, (box.height - gap * (count - 1)) // max(1, count))
    if even >= outlined or not any(ranked):
        return [even] * count
    winners = sum(ranked)
    rest = (box.height - gap * (count - 1) - winners * outlined) // max(1, count - winners)
    return [outlined if won else max(plain, rest) for won in ranked]


def _layout(canvas: Canvas, box: pygame.Rect, ranked: Sequence[bool]) -> tuple[list[int], int]:
    """The rows' heights and the gap between them for rows `ranked` (whether each is a
    winner's) in `box`: half a gap when they have room, a pixel when they are tight."""
    t = canvas.theme
    plain, outlined = row_heights(canvas)
    least = sum(outlined if won else plain for won in ranked) + len(ranked) - 1
    gap = 1 if least + len(ranked) * t.gap // 2 > box.height else t.gap // 2
    return _heights(canvas, box, ranked, gap), gap


def ranking_pages(canvas: Canvas, box: pygame.Rect, summary: GameSummary) -> list[range]:
    """The ranked rows of each page, as many as fit `box` whole: one page when they all
    fit, else the first places first (ten players at 480x320 lost their last three)."""
    ranked = [seat in summary.winners for _place, seat, _score in _texts(summary)]
    pages: list[range] = []
    start = 0
    while start < len(ranked):
        end = len(ranked)
        while end - start > 1:
            heights, gap = _layout(canvas, box, ranked[start:end])
            if sum(heights) + gap * (end - start - 1) <= box.height:
                break
            end -= 1
        pages.append(range(start, end))
        start = end
    return pages


def draw_ranking(
    canvas: Canvas,
    box: pygame.Rect,
    summary: GameSummary,
    index_of: Callable[[str], int],
    rows: range | None = None,
) -> None:
    """Places, names and scores, the winners outlined (`rows`: the page of them shown,
    else as many as fit `box`): each part in a column as wide as its longest text, so
    a name that has room is never cut."""
    t = canvas.theme
    texts = _texts(summary)
    chosen = rows if rows is not None else ranking_pages(canvas, box, summary)[0]
    shown = [texts[index] for index in chosen]
    heights, gap = _layout(canvas, box, [seat in summary.winners for _p, seat, _s in shown])
    font = canvas.fonts.font(t.small)
    place_w = max(font.size(place)[0] for place, _seat, _score in texts)
    score_w = max(font.size(score)[0] for _place, _seat, score in texts)
    y = box.y
    for (place, seat, score), height in zip(shown, heights, strict=True):
        cell = pygame.Rect(box.x, y, box.width, height)
        y = cell.bottom + gap
        won = seat in summary.winners
        if won:
            canvas.panel(cell, th.PANEL_HI, th.WARN, RANK_BORDER)
        corner = max(2, min(CORNER, height // 5))  # the outline's rounded corners reach in
        inner = cell.inflate(-2 * (RANK_BORDER + corner), -2 * RANK_BORDER if won else 0)
        place_box, rest = split(inner, place_w, t.gap, vertical=False)
        colour = th.WARN if place == "1." else th.TEXT
        canvas.text(place, place_box, t.small, colour, align="right")
        text_h = font.get_height()
        patch = pygame.Rect(rest.x, rest.centery - text_h // 2, SWATCH_W, text_h)
        canvas.seat_swatch(patch, index_of(seat))
        rest = pygame.Rect(
            patch.right + t.gap, rest.y, rest.right - patch.right - t.gap, rest.height
        )
        name_box, score_box = split(rest, rest.width - score_w - t.gap, t.gap, vertical=False)
        canvas.text(seat, name_box, t.small, th.TEXT, align="left")
        canvas.text(score, score_box, t.small, th.TEXT, align="right")

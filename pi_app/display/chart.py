"""The score chart: one line per seat over the rounds, in the seats' colours.

Each line ends with its seat's name, so the chart reads without a legend (colour is
never the only cue). Names are spread apart vertically when their scores end close
together; when there is not room for every name, the leaders' names are kept. The
layout is computed by `chart_layout`, apart from the drawing, so tests can check the
points against the scores.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, split
from pi_app.display.theme import RGB
from pi_app.table.summary import GameSummary


@dataclass(frozen=True)
class ChartLayout:
    """Where everything goes: each seat's points, its name's place, the axis labels."""

    plot: pygame.Rect
    lines: dict[str, list[tuple[int, int]]]
    names: dict[str, int]
    """The y of each named seat's label (seats left unnamed for want of room are absent)."""
    low: float
    high: float


def _scale(low: float, high: float) -> tuple[float, float]:
    """The axis range: zero always shown, and never a flat range."""
    low, high = min(low, 0.0), max(high, 0.0)
    if high - low < 1:
        high = low + 1
    return low, high


def spread(wanted: Sequence[tuple[str, int]], step: int, top: int, bottom: int) -> dict[str, int]:
    """Label positions near `wanted` y, at least `step` apart, inside [top, bottom]."""
    room = max(1, (bottom - top) // max(1, step) + 1)
    ordered = sorted(wanted, key=lambda item: item[1])[:room]
    placed: list[tuple[str, int]] = []
    for name, y in ordered:
        y = max(top, min(bottom, y))
        if placed and y < placed[-1][1] + step:
            y = placed[-1][1] + step
        placed.append((name, y))
    overflow = placed[-1][1] - bottom if placed else 0
    if overflow > 0:  # push the whole stack back up, keeping the spacing
        placed = [(name, y - overflow) for name, y in placed]
    return dict(placed)


def chart_layout(summary: GameSummary, box: pygame.Rect, label_w: int, step: int) -> ChartLayout:
    """Points of every seat's line in `box`, the names in a column `label_w` wide."""
    plot, _names = split(box, max(10, box.width - label_w), 4, vertical=False)
    plot = plot.inflate(-8, -step)
    values = [v for points in summary.series.values() for v in points] or [0.0]
    low, high = _scale(min(values), max(values))
    count = max(1, max((len(p) for p in summary.series.values()), default=1) - 1)

    def at(index: int, value: float) -> tuple[int, int]:
        x = plot.x + round(plot.width * index / count)
        y = plot.bottom - round(plot.height * (value - low) / (high - low))
        return (x, y)

    lines = {
        seat: [at(i, v) for i, v in enumerate(points)] for seat, points in summary.series.items()
    }
    ranked = sorted(summary.seats, key=lambda s: -summary.scores.get(s, 0))
    keep = ranked[: max(1, (box.height - step) // max(1, step) + 1)]
    wanted = [(seat, lines[seat][-1][1]) for seat in keep if lines.get(seat)]
    names = spread(wanted, step, box.y + step // 2, box.bottom - step // 2)
    return ChartLayout(plot, lines, names, low, high)


def draw_chart(
    canvas: Canvas, box: pygame.Rect, summary: GameSummary, colour_of: Callable[[str], RGB]
) -> None:
    """The chart of `summary` in `box`; `colour_of(seat)` gives each seat's colour."""
    t = canvas.theme
    canvas.panel(box, th.PANEL)
    inner = box.inflate(-2 * t.gap, -2 * t.gap)
    font = canvas.fonts.font(t.min_font)
    step = max(font.get_linesize(), font.size("Ag")[1]) + 4
    widest = max((font.size(seat)[0] for seat in summary.seats), default=40)
    label_w = min(inner.width * 2 // 5, widest + 8)
    layout = chart_layout(summary, inner, label_w, step)
    _axes(canvas, layout, step)
    for seat, points in layout.lines.items():
        colour = colour_of(seat)
        if len(points) > 1:
            pygame.draw.lines(canvas.surface, colour, False, points, 3)
        for point in points[-1:]:
            pygame.draw.circle(canvas.surface, colour, point, 4)
    x = layout.plot.right + 12
    for seat, y in layout.names.items():
        end = layout.lines[seat][-1]
        pygame.draw.line(canvas.surface, colour_of(seat), end, (x - 2, y), 1)
        label = pygame.Rect(x, y - step // 2, inner.right - x, step)
        canvas.text(seat, label, t.min_font, colour_of(seat), align="left")


def _axes(canvas: Canvas, layout: ChartLayout, step: int) -> None:
    """The zero line and the top and bottom values, faint under the lines."""
    t = canvas.theme
    plot = layout.plot
    zero = plot.bottom - round(plot.height * (0 - layout.low) / (layout.high - layout.low))
    pygame.draw.line(canvas.surface, th.MUTED, (plot.x, zero), (plot.right, zero), 1)
    pygame.draw.line(canvas.surface, th.PANEL_HI, (plot.x, plot.y), (plot.x, plot.bottom), 1)
    top = pygame.Rect(plot.x + 4, plot.y - step // 2, plot.width // 2, step)
    canvas.text(score_text(layout.high), top, t.min_font, th.MUTED, align="left")
    if layout.low < 0:
        bottom = pygame.Rect(plot.x + 4, plot.bottom - step // 2, plot.width // 2, step)
        canvas.text(score_text(layout.low), bottom, t.min_font, th.MUTED, align="left")


def score_text(score: float) -> str:
    """A score as shown: whole numbers without a decimal point."""
    return str(int(score)) if score == int(score) else f"{score:g}"

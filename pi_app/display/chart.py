"""The score chart: one line per seat over the rounds, in the seats' colours.

Each line ends with its seat's name, so the chart reads without a legend (colour is
never the only cue); when the names do not all fit whole beside a small chart, each
line ends with its seat's place in the ranking drawn beside it instead. Names are
spread apart vertically when their scores end close together, always inside the
panel; when there is not room for every name, the leaders' names are kept. The axis
values stand left of the plot, so no line runs over them. The layout is computed by
`chart_layout`, apart from the drawing, so tests can check the points against the
scores.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas
from pi_app.display.theme import RGB
from pi_app.table.summary import GameSummary


@dataclass(frozen=True)
class ChartLayout:
    """Where everything goes: each seat's points, its label's place, the axis values.

    The axis values stand in a gutter left of the plot and the labels in a column right
    of it, so no line ever crosses a word; every label is inside `box`.
    """

    box: pygame.Rect
    plot: pygame.Rect
    lines: dict[str, list[tuple[int, int]]]
    names: dict[str, int]
    """The y of each named seat's label (seats left unnamed for want of room are absent)."""
    low: float
    high: float
    step: int
    """A label's height."""

    def label_box(self, seat: str) -> pygame.Rect:
        """The box of `seat`'s label, in the column right of the plot."""
        x = self.plot.right + LEADER
        return pygame.Rect(x, self.names[seat] - self.step // 2, self.box.right - x, self.step)

    def axis_boxes(self) -> list[tuple[float, pygame.Rect]]:
        """The highest value at the plot's top and, below zero, the lowest at its foot,
        each in the gutter left of the plot."""
        gutter = pygame.Rect(self.box.x, 0, self.plot.x - self.box.x - 4, self.step)
        shown = [(self.high, gutter.move(0, self.plot.y - self.step // 2))]
        if self.low < 0:
            shown.append((self.low, gutter.move(0, self.plot.bottom - self.step // 2)))
        return shown


LEADER = 12
"""Room between a line's end and its label, for the thin line that joins them."""


def _scale(low: float, high: float) -> tuple[float, float]:
    """The axis range: zero always shown, and never a flat range."""
    low, high = min(low, 0.0), max(high, 0.0)
    if high - low < 1:
        high = low + 1
    return low, high


def spread(wanted: Sequence[tuple[str, int]], step: int, top: int, bottom: int) -> dict[str, int]:
    """Label positions near `wanted` y, at least `step` apart, inside [top, bottom].

    Labels are pushed down past the ones above them, then back up from the bottom:
    the stack never leaves the range, so a label stays inside its panel.
    """
    room = max(1, (bottom - top) // max(1, step) + 1)
    ordered = sorted(wanted, key=lambda item: item[1])[:room]
    ys = [max(top, min(bottom, y)) for _name, y in ordered]
    for index in range(1, len(ys)):
        ys[index] = max(ys[index], ys[index - 1] + step)
    limit = bottom
    for index in range(len(ys) - 1, -1, -1):
        ys[index] = min(ys[index], limit)
        limit = ys[index] - step
    return {name: y for (name, _y), y in zip(ordered, ys, strict=True)}


def chart_layout(
    summary: GameSummary, box: pygame.Rect, label_w: int, step: int, gutter: int = 0
) -> ChartLayout:
    """Points of every seat's line in `box`: the axis values in a gutter `gutter` wide
    on the left, the names in a column `label_w` wide on the right."""
    left = max(4, gutter)
    plot = pygame.Rect(
        box.x + left,
        box.y + step // 2,
        max(10, box.width - left - label_w - LEADER),
        max(10, box.height - step),
    )
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
    return ChartLayout(box, plot, lines, names, low, high, step)


def label_texts(canvas: Canvas, summary: GameSummary, room: int) -> dict[str, str]:
    """What labels each line: the seat's name when every name fits `room`, else its
    place in the ranking beside the chart (a name is never cut)."""
    font = canvas.fonts.font(canvas.theme.min_font)
    if all(font.size(seat)[0] <= room for seat in summary.seats):
        return {seat: seat for seat in summary.seats}
    return {seat: f"{place}." for place, seat, _score in summary.ranking()}


def draw_chart(
    canvas: Canvas, box: pygame.Rect, summary: GameSummary, colour_of: Callable[[str], RGB]
) -> ChartLayout:
    """The chart of `summary` in `box`; `colour_of(seat)` gives each seat's colour."""
    t = canvas.theme
    canvas.panel(box, th.PANEL)
    inner = box.inflate(-2 * t.gap, -2 * t.gap)
    font = canvas.fonts.font(t.min_font)
    step = max(font.get_linesize(), font.size("Ag")[1]) + 4
    texts = label_texts(canvas, summary, inner.width * 2 // 5 - LEADER)
    label_w = max((font.size(text)[0] for text in texts.values()), default=40) + 4
    values = [v for points in summary.series.values() for v in points] or [0.0]
    low, high = _scale(min(values), max(values))
    axis = [score_text(high)] + ([score_text(low)] if low < 0 else [])
    gutter = max(font.size(text)[0] for text in axis) + 8
    layout = chart_layout(summary, inner, label_w, step, gutter)
    _axes(canvas, layout)
    for seat, points in layout.lines.items():
        colour = colour_of(seat)
        if len(points) > 1:
            pygame.draw.lines(canvas.surface, colour, False, points, 3)
        for point in points[-1:]:
            pygame.draw.circle(canvas.surface, colour, point, 4)
    for seat in layout.names:
        label = layout.label_box(seat)
        end = layout.lines[seat][-1]
        pygame.draw.line(canvas.surface, colour_of(seat), end, (label.x - 2, label.centery), 1)
        canvas.text(texts[seat], label, t.min_font, colour_of(seat), align="left")
    return layout


def _axes(canvas: Canvas, layout: ChartLayout) -> None:
    """The zero line, the value axis, and the top and bottom values beside it."""
    t = canvas.theme
    plot = layout.plot
    zero = plot.bottom - round(plot.height * (0 - layout.low) / (layout.high - layout.low))
    pygame.draw.line(canvas.surface, th.MUTED, (plot.x, zero), (plot.right, zero), 1)
    pygame.draw.line(canvas.surface, th.PANEL_HI, (plot.x, plot.y), (plot.x, plot.bottom), 1)
    for value, box in layout.axis_boxes():
        canvas.text(score_text(value), box, t.min_font, th.MUTED, align="right")


def score_text(score: float) -> str:
    """A score as shown: whole numbers without a decimal point."""
    return str(int(score)) if score == int(score) else f"{score:g}"

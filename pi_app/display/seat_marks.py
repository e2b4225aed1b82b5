"""A seat's shape drawn on the screen: its second cue beside its colour.

The shape comes from the palette (`palette.SeatCue.shape`), so the screen, the phones
and the big screen give a seat the same one. Drawn with polygons rather than the
font's glyphs, it stays whole in the smallest swatch and needs no glyph the bundled
font may lack.
"""

from __future__ import annotations

import math

import pygame

from pi_app.palette import RGB

Point = tuple[float, float]


def _polygon(
    centre: Point, radius: float, corners: int, turn: float, inner: float = 1.0
) -> list[Point]:
    """A regular polygon (a star when `inner` < 1: every other corner drawn in)."""
    cx, cy = centre
    count = corners * (2 if inner < 1 else 1)
    points = []
    for k in range(count):
        r = radius * (inner if inner < 1 and k % 2 else 1.0)
        angle = turn + 2 * math.pi * k / count
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return points


def _cross(centre: Point, radius: float) -> list[Point]:
    cx, cy = centre
    a, b = radius, radius * 0.36
    offsets = [(-b, -a), (b, -a), (b, -b), (a, -b), (a, b), (b, b)]
    offsets += [(b, a), (-b, a), (-b, b), (-a, b), (-a, -b), (-b, -b)]
    return [(cx + x, cy + y) for x, y in offsets]


UP = -math.pi / 2


def shape_points(shape: str, centre: Point, radius: float) -> list[Point]:
    """The outline of `shape` (a palette shape's name) of `radius` about `centre`."""
    match shape:
        case "square":
            return _polygon(centre, radius * 1.05, 4, math.pi / 4)
        case "triangle":
            return _polygon((centre[0], centre[1] + radius * 0.15), radius * 1.15, 3, UP)
        case "down":
            return _polygon((centre[0], centre[1] - radius * 0.15), radius * 1.15, 3, -UP)
        case "hexagon":
            return _polygon(centre, radius * 1.1, 6, UP)
        case "star":
            return _polygon(centre, radius * 1.15, 5, UP, 0.45)
        case "cross":
            return _cross(centre, radius)
    return _polygon(centre, radius, 24, 0.0)  # a circle, or a ring


def draw_chip(
    surface: pygame.Surface,
    shape: str,
    centre: tuple[int, int],
    radius: int,
    colour: RGB,
    edge: RGB,
) -> None:
    """A seat's chip: its shape filled in its colour, edged in `edge` (a chip on the
    mat tells its seat by its shape as well as its colour)."""
    points = shape_points("circle" if shape == "ring" else shape, centre, radius)
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, edge, points, 1)
    if shape == "ring":  # a ring: the disc with its middle out
        pygame.draw.circle(surface, edge, centre, max(1, radius * 2 // 5))


def draw_mark(surface: pygame.Surface, shape: str, box: pygame.Rect, ink: RGB) -> None:
    """`shape` in `ink`, as large as fits in `box` with a margin (nothing in a box too
    small to show a shape)."""
    radius = min(box.width, box.height) * 0.32
    if radius < 2.5:
        return
    points = shape_points(shape, box.center, radius)
    width = max(2, round(radius / 3)) if shape == "ring" else 0
    pygame.draw.polygon(surface, ink, points, width)

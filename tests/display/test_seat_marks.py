"""Each seat's shape on the screen: drawn on its swatch and as its chips, every shape
its own outline, so a seat is told by its shape where its colour is not enough."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, FontBook
from pi_app.display.seat_marks import draw_chip, draw_mark
from pi_app.palette import SEAT_COLOURS, SHAPES, seat_cue

INK = (255, 255, 255)


def mask(draw: object) -> frozenset[tuple[int, int]]:
    """The pixels `draw(surface)` lights on a black 24x24 surface."""
    surface = pygame.Surface((24, 24))
    draw(surface)  # type: ignore[operator]
    return frozenset((x, y) for x in range(24) for y in range(24) if surface.get_at((x, y))[0])


def test_every_shape_has_its_own_outline_as_a_mark_and_as_a_chip() -> None:
    box = pygame.Rect(0, 0, 24, 24)
    marks = [mask(lambda s, name=name: draw_mark(s, name, box, INK)) for name, _glyph in SHAPES]
    chips = [
        mask(lambda s, name=name: draw_chip(s, name, (12, 12), 9, INK, (0, 0, 0)))
        for name, _glyph in SHAPES
    ]
    assert all(marks) and len(set(marks)) == len(SHAPES)
    assert all(chips) and len(set(chips)) == len(SHAPES)


def test_a_seats_swatch_carries_its_shape_in_the_ink_that_reads_on_its_colour() -> None:
    pygame.font.init()
    theme = th.theme_for("800x480")
    canvas = Canvas(pygame.Surface(theme.size), theme, FontBook())
    canvas.colours = (5, 0)  # the players' own colours: brown, then orange
    for index in range(2):
        patch = pygame.Rect(10 + 40 * index, 10, 20, 30)
        canvas.seat_swatch(patch, index)
        cue = seat_cue(index, canvas.colours)
        ink = th.ink_for(cue.colour)
        colours = {
            tuple(canvas.surface.get_at((x, y)))[:3]
            for x in range(patch.left + 2, patch.right - 2)
            for y in range(patch.top + 2, patch.bottom - 2)
        }
        assert cue.colour == SEAT_COLOURS[canvas.colours[index]]
        assert cue.colour in colours and ink in colours

"""Drawn icons, for the buttons whose word the small screen's top bar has no room for.

Undo and Redo were words on every screen, and at 480x320 the words crowded the bar:
German has no short word for Undo that is not also Back ("Zurück"), and "Rückgängig"
and "Wiederholen" left the title and the message a third of the bar. The curved
arrows every phone and editor uses say the same in every language, in a finger's
width. They are drawn from lines, as the bundled font has no arrow glyphs.
"""

from __future__ import annotations

import math

import pygame

from pi_app.display.canvas import Canvas
from pi_app.display.theme import RGB


def turn_arrow(canvas: Canvas, box: pygame.Rect, colour: RGB, forward: bool) -> None:
    """An arched arrow in the middle of `box`: its head on the left, pointing down, for
    back (Undo); on the right for forward (Redo)."""
    radius = max(4, min(box.width, box.height) * 3 // 10)
    thick = max(2, radius // 3)
    centre = pygame.Vector2(box.centerx, box.centery + radius // 3)
    arch = pygame.Rect(0, 0, 2 * radius, 2 * radius)
    arch.center = (round(centre.x), round(centre.y))
    pygame.draw.arc(canvas.surface, colour, arch, 0, math.pi, thick)
    end_x = centre.x + (radius - thick / 2) * (1 if forward else -1)
    half = thick * 1.6
    head = [
        (end_x - half, centre.y - 1),
        (end_x + half, centre.y - 1),
        (end_x, centre.y + half * 1.3),
    ]
    pygame.draw.polygon(canvas.surface, colour, head)

"""Frames: a whole frame when something changed, else only what moves.

A full frame draws the scene and what lies over it (the phones panel, the message
bar), keeps a copy of the still picture, then paints the animated parts (the sand
timer, a drawn ring). Between full frames, an animation frame repaints only those
parts over the still copy, at most `FRAME` apart, and updates only their rectangles:
a running timer costs a few small blits, not a redraw.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, FontBook
from pi_app.display.scene import Ctx, Scene
from pi_app.display.targets import Button
from pi_app.display.theme import Theme
from pi_app.i18n import Translator

log = logging.getLogger(__name__)
_ = Translator("display")

FRAME = 1 / 30  # animations never run faster than 30 frames a second


class Painter:
    """The canvas the app draws on, and the frames presented so far."""

    def __init__(self, fonts: FontBook, theme: Theme) -> None:
        self.fonts = fonts
        self.theme = theme
        self.surface: pygame.Surface | None = None
        self.canvas: Canvas | None = None
        self.frames = 0
        self._last_frame = -1.0
        self._still: pygame.Surface | None = None

    def attach(self, surface: pygame.Surface) -> None:
        self.surface = surface
        self.canvas = Canvas(surface, self.theme, self.fonts)

    def next_frame(self) -> float:
        """The earliest moment of the next animation frame."""
        return self._last_frame + FRAME

    def full(self, scene: Scene, ctx: Ctx, over: Callable[[Canvas], None]) -> bool:
        """Draw `scene`, then `over` it; False when there is nothing to draw on."""
        canvas = self.canvas
        if canvas is None:
            return False
        canvas.reset()
        canvas.fill(th.BACKGROUND)
        try:
            canvas.colours = scene.colours(ctx)
            scene.draw(canvas, ctx)
        except Exception as error:  # a drawing fault must not stop the table: say so
            log.exception("drawing %s failed", scene.name)
            self._fault(canvas, error)
        over(canvas)
        if canvas.animated:
            self._still = canvas.surface.copy()
            for item in canvas.animated:
                item.paint(canvas, ctx.now)
        else:
            self._still = None
        self._present(None)
        self._counted(ctx.now)
        return True

    def animate(self, now: float) -> bool:
        """Repaint the animated parts if a frame is due; True when one was presented."""
        canvas = self.canvas
        if canvas is None or now - self._last_frame < FRAME - 0.002:
            return False
        kept = canvas.texts
        canvas.texts = []
        rects = []
        for item in canvas.animated:
            if self._still is not None:
                canvas.surface.blit(self._still, item.rect, item.rect)
            item.paint(canvas, now)
            rects.append(item.rect)
        canvas.texts = kept
        self._present(rects)
        self._counted(now)
        return True

    def _counted(self, now: float) -> None:
        self._last_frame = now
        self.frames += 1

    def _fault(self, canvas: Canvas, error: Exception) -> None:
        """The screen that says a scene could not be drawn, with a way out."""
        t = self.theme
        canvas.reset()
        canvas.fill(th.BACKGROUND)
        text = _("This screen could not be drawn: {error}").format(error=error)
        canvas.text(text, canvas.rect.inflate(-40, -160), t.body, th.WARN)
        canvas.button(pygame.Rect(20, 20, 200, t.button_h), _("Menu"), Button.MENU)
        canvas.button(pygame.Rect(240, 20, 200, t.button_h), _("Undo"), Button.UNDO)

    def _present(self, rects: Sequence[pygame.Rect] | None) -> None:
        if pygame.display.get_init() and pygame.display.get_surface() is self.surface:
            if rects is None:
                pygame.display.flip()
            else:
                pygame.display.update(rects)

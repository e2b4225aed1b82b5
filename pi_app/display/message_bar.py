"""The message bar: one short message at the bottom of the screen, for a few seconds.

A refusal (a broken rule, a storage problem) is shown in the error colour; a tap on
the bar dismisses it. The bar keeps its own clock of when the message goes, so the
loop knows when to wake to take it away.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, Hit
from pi_app.display.targets import Button

MESSAGE_SECONDS = 5.0


class MessageBar:
    """The message shown now, if any: (text, is an error, when it goes)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.shown: tuple[str, bool, float] | None = None

    def say(self, text: str, error: bool = False) -> None:
        self.shown = (text, error, self.clock() + MESSAGE_SECONDS)

    def clear(self) -> None:
        self.shown = None

    def expire(self) -> bool:
        """Take the message away once its time is up; True when it went."""
        if self.shown is not None and self.clock() >= self.shown[2]:
            self.shown = None
            return True
        return False

    def deadline(self) -> float | None:
        """When the message goes, on the app's clock (None: no message)."""
        return None if self.shown is None else self.shown[2]

    def draw(self, canvas: Canvas) -> None:
        if self.shown is None:
            return
        text, error, _until = self.shown
        t = canvas.theme
        height = t.button_h * 2 if t.width >= 800 else t.button_h * 2 + t.gap
        box = pygame.Rect(t.pad, t.height - height - t.pad, t.width - 2 * t.pad, height)
        colour = th.BAD if error else th.PANEL_HI
        canvas.panel(box, colour, th.TEXT, 2)
        canvas.text(text, box.inflate(-2 * t.pad, -t.gap), t.small, th.ink_for(colour))
        canvas.hits.append(Hit(box, Button.DISMISS))

"""What the app draws on its surface: the scene, the phones' panel over it, the message
bar; then whether the bell is listened to (the ring follows the table by itself:
`effects.ring_follows`).

The app decides when a frame is due (a change made it dirty, or an animation moves);
this part draws it. A scene draws state and never changes it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from pi_app.display.canvas import Canvas, FontBook
from pi_app.display.frames import Painter
from pi_app.display.message_bar import MessageBar
from pi_app.display.phones_panel import PhonesPanel
from pi_app.display.scene import Ctx, Scene
from pi_app.display.theme import Theme
from pi_app.effects.ring_show import RingShow
from pi_app.table.protocol import GameTable


class Drawing:
    """The painter, and what a full frame tells the ring and the bell."""

    def __init__(
        self,
        theme: Theme,
        bar: MessageBar,
        show: RingShow,
        phones: PhonesPanel | None,
        on_listen: Callable[[bool], None] | None,
    ) -> None:
        self.theme, self.bar, self.show, self.phones = theme, bar, show, phones
        self.painter = Painter(FontBook(), theme)
        self.on_listen = on_listen
        self._listening: bool | None = None
        """Whether the bell was last said to be listened to (None: not said yet)."""

    def set_theme(self, theme: Theme) -> None:
        """Draw from the next frame on with `theme` (large text switched on or off)."""
        self.theme = self.painter.theme = theme
        if self.painter.canvas is not None:
            self.painter.canvas.theme = theme

    def open_window(self, fullscreen: bool) -> None:
        """Open the display (pygame must be initialised) at the theme's size."""
        flags = pygame.FULLSCREEN if fullscreen else 0
        surface = pygame.display.set_mode(self.theme.size, flags)
        pygame.display.set_caption("Table Companion")
        pygame.mouse.set_visible(not fullscreen)
        self.painter.attach(surface)

    def full(self, scene: Scene, ctx: Ctx, table: GameTable | None) -> bool:
        """Draw the whole frame; False when there is nothing to draw on."""
        panel = self.phones if self.phones is not None and self.phones.open else None

        def over(canvas: Canvas) -> None:
            if panel is not None and table is not None:
                canvas.cover(canvas.rect)  # the panel hides the game beneath on purpose
                panel.draw(canvas, table)
            self.bar.lay_out(canvas)
            self.bar.draw(canvas)

        if not self.painter.full(scene, ctx, over):
            return False
        listen = scene.wants_bell(ctx)
        if listen != self._listening and self.on_listen is not None:
            self._listening = listen
            self.on_listen(listen)
        return True

    def animate(self, now: float) -> bool:
        """Repaint what moves (the drawn ring, the sand timer) if a frame is due."""
        return self.show.animating() and self.painter.animate(now)

    def next_deadline(self, now: float) -> float | None:
        """The next animation frame, while something moves."""
        return self.painter.next_frame() if self.show.animating() else None

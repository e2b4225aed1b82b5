"""The home's keyboard page: one seat's name typed on the screen or on a keyboard.

The page is over the seats it came from and goes back to them when the name is done
or cancelled. A name is kept only if the seat may have it (not empty, not another
seat's), so a refused name stays on the keyboard to be corrected rather than typed
again.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from pi_app.display.canvas import Canvas
from pi_app.display.home.choices import HomeChoices
from pi_app.display.home.page import Page, Step
from pi_app.display.intents import Back, Bell, Char, Enter, Erase, Intent
from pi_app.display.keyboard import Labels, NameEditor, draw_keyboard
from pi_app.display.scene import Ctx, Notice
from pi_app.display.targets import KbKey
from pi_app.i18n import Translator, current_language

_ = Translator("display")


class KeyboardPage(Page):
    """The on-screen keyboard for the name of seat `seat`."""

    def __init__(self, home: HomeChoices, previous: Page, seat: int) -> None:
        super().__init__(home, previous)
        name = home.seats[seat]
        self.editor = NameEditor.open(seat, name)
        """The name being typed; a name the home gave is replaced by the first key."""
        self.editor.fresh = home.is_default(name)

    def draw(self, canvas: Canvas, ctx: Ctx, area: pygame.Rect) -> None:
        labels = Labels(space=_("Space"), done=_("Done"), cancel=_("Cancel"))
        draw_keyboard(canvas, area, self.editor, current_language(), labels)

    def press(self, target: Hashable, ctx: Ctx) -> Step:
        if isinstance(target, KbKey):
            return self._key(target.key)
        return super().press(target, ctx)

    def typed(self, intent: Intent, ctx: Ctx) -> Step:
        """A physical key (the space bar is the bell's key); Escape cancels."""
        if isinstance(intent, Char):
            self.editor.type(intent.char)
        elif isinstance(intent, Bell):
            self.editor.type(" ")
        elif isinstance(intent, Erase):
            self.editor.erase()
        elif isinstance(intent, Enter):
            return self._key("done")
        elif isinstance(intent, Back):
            return self.back()
        return Step()

    def _key(self, key: str) -> Step:
        """A key of the on-screen keyboard: Done keeps the name only if it can be kept."""
        if key == "cancel":
            return self.back()
        if key == "done":
            return self._done()
        self.editor.press(key)
        return Step()

    def _done(self) -> Step:
        """The seat named, back to the seats; a message, and the keyboard stays, when
        the name is empty or another seat's."""
        name = self.editor.result()
        if not name:
            return Step((Notice(_("A seat needs a name."), error=True),))
        seat = self.editor.seat
        others = [s.strip().casefold() for i, s in enumerate(self.home.seats) if i != seat]
        if name.casefold() in others:
            said = _("Another seat is already called {name}.").format(name=name)
            return Step((Notice(said, True),))
        self.home.seats[seat] = name
        return self.back()

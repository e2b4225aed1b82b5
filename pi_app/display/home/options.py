"""The home's pages of the game's options: each option with its value, and the list of
an option's values to pick one from.

A value is picked from its whole list, not cycled through, so that the host sees every
choice at once; the picks are the home's (`HomeChoices.picks`), kept when going back
to the seats and offered again for the next game.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, cols, grid, rows
from pi_app.display.choice import Choice
from pi_app.display.home.choices import HomeChoices
from pi_app.display.home.page import Page, Step, back_button, titled
from pi_app.display.home.targets import Cycle, Pick
from pi_app.display.scene import Ctx
from pi_app.display.targets import Button
from pi_app.i18n import Translator

_ = Translator("display")


def next_button(canvas: Canvas, box: pygame.Rect, last: bool) -> None:
    """Next to the next page, or Start on the last one."""
    canvas.button(box, _("Start") if last else _("Next"), Button.NEXT, colour=th.GOOD)


class OptionsPage(Page):
    """Every option of the game, its value on a button that opens its list; Start."""

    def draw(self, canvas: Canvas, ctx: Ctx, area: pygame.Rect) -> None:
        t = canvas.theme
        middle, foot = titled(canvas, area, _("Options"))
        next_button(canvas, back_button(canvas, foot), last=True)
        choices = self.home.choices()
        for box, choice in zip(rows(middle, max(2, len(choices)), t.gap), choices, strict=False):
            label_box, value_box = cols(box, 2, t.gap)
            canvas.text(_(choice.label), label_box, t.body, th.TEXT, align="left")
            pick = self.home.picks.get(choice.key, 0)
            shown = choice.name(pick)
            canvas.button(
                value_box, shown if choice.is_plain(pick) else _(shown), Cycle(choice.key)
            )

    def press(self, target: Hashable, ctx: Ctx) -> Step:
        match target:
            case Cycle(key=key):
                return Step(page=PickPage(self.home, self, key))
            case Button.BACK:
                return self.back()
            case Button.NEXT:
                return Step(self.home.start())
        return super().press(target, ctx)


class PickPage(Page):
    """Every value of one option, the chosen one outlined: a tap picks it."""

    def __init__(self, home: HomeChoices, previous: Page, key: str) -> None:
        super().__init__(home, previous)
        self.key = key
        """The option whose values are listed."""

    def choice(self) -> Choice | None:
        """The option listed (None if the game no longer offers it)."""
        return next((c for c in self.home.choices() if c.key == self.key), None)

    def draw(self, canvas: Canvas, ctx: Ctx, area: pygame.Rect) -> None:
        t = canvas.theme
        choice = self.choice()
        if choice is None:
            return
        middle, foot = titled(canvas, area, _(choice.label))
        count = len(choice.names)
        columns = 1 if count <= 3 else 2 if count <= 8 else 3
        current = self.home.picks.get(choice.key, 0) % count
        for index, (box, name) in enumerate(
            zip(grid(middle, count, columns, t.gap), choice.names, strict=True)
        ):
            label = name if choice.is_plain(index) else _(name)
            canvas.button(box, label, Pick(choice.key, index), selected=index == current)
        back_button(canvas, foot)

    def press(self, target: Hashable, ctx: Ctx) -> Step:
        match target:
            case Pick(key=key, index=index):
                self.home.picks[key] = index
                return self.back()
            case Button.BACK:
                return self.back()
        return super().press(target, ctx)

"""The home's page of the tournament across boxes: create one here, or join one.

A box that creates the tournament plays its table 1 and chooses the seats and options
as for a game here (plus the number of tables); a box that joins opens the page of the
tournaments to join (`display.tournament_join`).
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from pi_app.display.canvas import Canvas, rows
from pi_app.display.home.page import Page, Step, back_button, titled
from pi_app.display.home.seats import SeatsPage
from pi_app.display.home.targets import HomeButton
from pi_app.display.scene import Ctx
from pi_app.display.targets import Button
from pi_app.i18n import Translator

_ = Translator("display")


class TournamentPage(Page):
    """Create a tournament here (this box plays table 1) or join one as another table."""

    def draw(self, canvas: Canvas, ctx: Ctx, area: pygame.Rect) -> None:
        t = canvas.theme
        middle, foot = titled(canvas, area, _("Tournament across boxes"))
        create, join = rows(middle, 2, t.gap)
        canvas.button(
            create, _("Create a tournament: this box is table 1"), HomeButton.TOURNAMENT_CREATE
        )
        canvas.button(join, _("Join a tournament as another table"), HomeButton.TOURNAMENT_JOIN)
        back_button(canvas, foot)

    def press(self, target: Hashable, ctx: Ctx) -> Step:
        match target:
            case HomeButton.TOURNAMENT_CREATE:
                return self._create()
            case Button.BACK:
                return self.back()
        return super().press(target, ctx)  # Join opens its page: `page.everywhere`

    def _create(self) -> Step:
        """The seats of the game played across boxes; Back from them is the menu."""
        game = self.home.across_boxes()
        if game is None:
            return Step()
        self.home.choose_game(game)
        self.home.tournament = True
        return Step(page=SeatsPage(self.home, self.previous))

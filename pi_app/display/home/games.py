"""The home's first page: the games, the language, the pages opened from the home and
the unfinished games to resume.

Nothing on this page moves whether a game waits or not: the row of the game to resume
is always kept, so a tap meant for a game never lands on Resume.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

import pygame

from pi_app.box.unfinished import PausedGame
from pi_app.display import pages
from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, cols, grid, split
from pi_app.display.home.page import Page, Step
from pi_app.display.home.seats import SeatsPage
from pi_app.display.home.targets import GameTap, HomeButton, Language
from pi_app.display.home.tournament import TournamentPage
from pi_app.display.home.unfinished import UnfinishedPage
from pi_app.display.scene import Ctx, LargeText
from pi_app.display.titles import label_for
from pi_app.i18n import LANGUAGES, Translator, current_language

_ = Translator("display")


class GamesPage(Page):
    """The menu of games, the languages, and the row of the unfinished games."""

    shows_seats = False

    def draw(self, canvas: Canvas, ctx: Ctx, area: pygame.Rect) -> None:
        t = canvas.theme
        head, body = split(area, t.button_h, t.gap)
        title, langs = split(head, head.width // 2 - t.gap, t.gap, vertical=False)
        canvas.text(_("Table Companion"), title, t.title, th.ACCENT, align="left")
        for box, lang in zip(cols(langs, len(LANGUAGES), t.gap), LANGUAGES, strict=True):
            canvas.button(box, lang.upper(), Language(lang), selected=lang == current_language())
        listed = self.home.available()
        buttons = self._buttons(listed, t.large)
        # the row of the game to resume is kept even when none waits: nothing moves
        body_games, bottom = split(body, body.height - t.button_h - t.gap, t.gap)
        columns = 2 if len(buttons) > 2 else 1
        for box, (target, wordings, colour) in zip(
            grid(body_games, len(buttons), columns, t.gap), buttons, strict=True
        ):
            label = label_for(canvas, box, *wordings, size=t.body)
            canvas.button(box, label, target, colour=colour, size=t.body)
        if not listed:
            canvas.text(_("No game rules are installed."), body_games, t.body, th.WARN)
        self._draw_resume_row(canvas, bottom, ctx.paused)

    def _buttons(
        self, listed: Sequence[tuple[str, str]], large: bool
    ) -> list[tuple[Hashable, tuple[str, ...], th.RGB]]:
        """The games (brighter), then the pages the home opens and the large text's
        switch; each with its wordings, longest first, of which the button shows the
        first it holds whole."""
        buttons: list[tuple[Hashable, tuple[str, ...], th.RGB]] = [
            (GameTap(name), (label,), th.PANEL_HI) for name, label in listed
        ]
        if self.home.across_boxes(listed) is not None:
            tournament = (_("Tournament across boxes"), _("Several boxes"))
            buttons.append((HomeButton.TOURNAMENT, tournament, th.PANEL))
        buttons += [
            (pages.PageButton(page.name), (_(page.label),), th.PANEL) for page in pages.ON_THE_HOME
        ]
        text = (_("Large text: on"),) if large else (_("Large text: off"),)
        buttons.append((HomeButton.LARGE_TEXT, text, th.GOOD if large else th.PANEL))
        return buttons

    def _draw_resume_row(
        self, canvas: Canvas, row: pygame.Rect, paused: Sequence[PausedGame]
    ) -> None:
        """The latest played unfinished game, and the page of all of them."""
        t = canvas.theme
        if not paused:
            canvas.text(_("No unfinished game."), row, t.small, th.MUTED)
            return
        left, right = cols(row, 2, t.gap)
        latest = _("Resume {game}").format(game=paused[0].title)
        canvas.button(left, latest, HomeButton.RESUME, colour=th.GOOD)
        listed = _("Unfinished games: {n}").format(n=len(paused))
        canvas.button(right, listed, HomeButton.UNFINISHED, colour=th.PANEL)

    def press(self, target: Hashable, ctx: Ctx) -> Step:
        """A game opens its seats; the languages, Resume and the pages opened over the
        home mean the same on every page (`page.everywhere`)."""
        match target:
            case GameTap(name=name):
                self.home.choose_game(name)
                return Step(page=SeatsPage(self.home, self))
            case HomeButton.UNFINISHED:
                return Step(page=UnfinishedPage(self.home, self))
            case HomeButton.TOURNAMENT:
                return Step(page=TournamentPage(self.home, self))
            case HomeButton.LARGE_TEXT:
                return Step((LargeText(not ctx.theme.large),))
        return super().press(target, ctx)

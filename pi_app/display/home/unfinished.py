"""The home's pages of the unfinished games: every one of them to resume or abandon,
and the confirmation an abandon needs.

Abandoning is asked twice because it cannot be undone from the box: the game is not
resumed any more (it stays in the history, where it can be deleted).
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from pi_app.box.unfinished import PausedGame, Progress
from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, cols, rows, split
from pi_app.display.home.choices import HomeChoices
from pi_app.display.home.page import Page, Step, back_button, titled
from pi_app.display.home.targets import AskAbandon, HomeButton, ResumeGame
from pi_app.display.scene import Abandon, Ctx, Notice
from pi_app.display.targets import Button
from pi_app.i18n import Translator

_ = Translator("display")


class UnfinishedPage(Page):
    """Every unfinished game, the latest played first: resume one, or abandon it."""

    def __init__(self, home: HomeChoices, previous: Page | None = None) -> None:
        super().__init__(home, previous)
        self.list_page = 0
        """Which page of the list is shown, when the games do not fit on one."""

    def draw(self, canvas: Canvas, ctx: Ctx, area: pygame.Rect) -> None:
        t = canvas.theme
        middle, foot = titled(canvas, area, _("Unfinished games"))
        wide = t.width >= 800  # a game on one line; on the small screen, its buttons below
        row_h = t.button_h if wide else 2 * t.button_h + t.gap
        room = max(1, (middle.height + t.gap) // (row_h + t.gap))
        pages = max(1, -(-len(ctx.paused) // room))
        page = self.list_page % pages
        shown = ctx.paused[page * room : (page + 1) * room]
        for cell, game in zip(rows(middle, room, t.gap), shown, strict=False):
            cell.height = row_h
            self._draw_game(canvas, cell, game, wide)
        if not shown:
            canvas.text(_("No unfinished game."), middle, t.body, th.MUTED)
        more = back_button(canvas, foot)
        if pages > 1:
            label = _("More ({page}/{pages})").format(page=page + 1, pages=pages)
            canvas.button(more, label, HomeButton.UNFINISHED_MORE, colour=th.PANEL)

    def _draw_game(self, canvas: Canvas, cell: pygame.Rect, game: PausedGame, wide: bool) -> None:
        """One game's line with its two buttons: beside it when wide, else below it."""
        t = canvas.theme
        if wide:
            label_box, buttons = split(cell, cell.width * 11 // 20, t.gap, vertical=False)
        else:
            label_box, buttons = split(cell, t.button_h, t.gap)
            buttons = buttons.inflate(-buttons.width // 3, 0).move(buttons.width // 6, 0)
        resume, abandon = cols(buttons, 2, t.gap)
        canvas.panel(label_box, th.PANEL)
        canvas.text(paused_line(game), label_box.inflate(-t.gap, -4), t.small, th.TEXT, "left")
        canvas.button(resume, _("Resume"), ResumeGame(game.game_id), colour=th.GOOD)
        canvas.button(abandon, _("Abandon"), AskAbandon(game.game_id), colour=th.BAD)

    def press(self, target: Hashable, ctx: Ctx) -> Step:
        match target:
            case AskAbandon(game_id=game_id):
                return self._ask_abandon(game_id, ctx)
            case HomeButton.UNFINISHED_MORE:
                self.list_page += 1
            case Button.BACK:
                return self.back()
            case _:  # Resume: `page.everywhere`
                return super().press(target, ctx)
        return Step()

    def _ask_abandon(self, game_id: int, ctx: Ctx) -> Step:
        """The confirmation page for one unfinished game (said gone if it went meanwhile)."""
        found = next((game for game in ctx.paused if game.game_id == game_id), None)
        if found is None:
            return Step((Notice(_("This game is not unfinished any more."), error=True),))
        return Step(page=ConfirmPage(self.home, self, found))


class ConfirmPage(Page):
    """Abandoning is said twice: the game, what becomes of it, keep or abandon."""

    def __init__(self, home: HomeChoices, previous: Page, game: PausedGame) -> None:
        super().__init__(home, previous)
        self.game = game
        """The unfinished game the host asked to abandon."""

    def draw(self, canvas: Canvas, ctx: Ctx, area: pygame.Rect) -> None:
        t = canvas.theme
        middle, foot = titled(canvas, area, _("Abandon this game?"), th.WARN)
        which, said = split(middle, middle.height // 2, t.gap)
        canvas.text(paused_line(self.game), which.inflate(-2 * t.pad, 0), t.body, th.TEXT)
        canvas.text(
            _("It will not be resumed; it stays in the history, where it can be deleted."),
            said.inflate(-2 * t.pad, 0),
            t.small,
            th.MUTED,
        )
        keep, _gap, confirm = cols(foot, 3, t.gap)
        canvas.button(keep, _("Keep it"), HomeButton.KEEP, colour=th.GOOD)
        canvas.button(confirm, _("Abandon it"), HomeButton.CONFIRM_ABANDON, colour=th.BAD)

    def press(self, target: Hashable, ctx: Ctx) -> Step:
        match target:
            case HomeButton.KEEP | Button.BACK:  # Keep it is this page's Back
                return self.back()
            case HomeButton.CONFIRM_ABANDON:
                return Step((Abandon(self.game.game_id),), self.previous)
        return super().press(target, ctx)


def paused_line(game: PausedGame) -> str:
    """An unfinished game in a line: its title, how far it went and its seats (the
    seats last, where a line too long for the small screen is cut)."""
    seats = ", ".join(game.seats)
    reached = progress_words(game.progress)
    if not reached:
        return _("{game} · {seats}").format(game=game.title, seats=seats)
    return _("{game} · {progress} · {seats}").format(game=game.title, seats=seats, progress=reached)


def progress_words(progress: Progress) -> str:
    """How far a game went, in the words its own screens use: the round it is at
    ("Round 3/7", or "Round 3" when it has no set number), or the moves played."""
    if progress.round is not None and progress.rounds is not None:
        return _("Round {round}/{rounds}").format(round=progress.round, rounds=progress.rounds)
    if progress.round is not None:
        return _("Round {n}").format(n=progress.round)
    if progress.moves is not None:
        return _.plural("{n} move", "{n} moves", progress.moves).format(n=progress.moves)
    return ""

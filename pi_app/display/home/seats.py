"""The home's page of the seats (or teams): their names, and the remembered players.

Seat names start as the names of their colours; a tap on a seat opens the on-screen
keyboard for its name (`keyboard`), and a physical keyboard types into the same
editor. A seat's colour is always shown beside its name. The remembered players keep
their places while seats are filled, so a tap never lands on a name that slid under
the finger.
"""

from __future__ import annotations

from collections.abc import Hashable

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, Hit, grid, rows, split
from pi_app.display.home.choices import HomeChoices
from pi_app.display.home.keyboard import KeyboardPage
from pi_app.display.home.options import OptionsPage, next_button
from pi_app.display.home.page import Page, Step, back_button, titled
from pi_app.display.home.targets import HomeButton, Remembered
from pi_app.display.intents import Back, Char, Enter, Erase, Intent, Move
from pi_app.display.scene import Ctx, seat_label
from pi_app.display.targets import Button, SeatTap
from pi_app.i18n import Translator

_ = Translator("display")


class SeatsPage(Page):
    """The seats of the chosen game, one more or one less, and who sits where."""

    def __init__(self, home: HomeChoices, previous: Page | None = None) -> None:
        super().__init__(home, previous)
        self.player_page = 0
        """Which page of the remembered players is shown, when they do not fit on one."""

    # ---- drawing -------------------------------------------------------------------------

    def draw(self, canvas: Canvas, ctx: Ctx, area: pygame.Rect) -> None:
        t = canvas.theme
        low, high = self.home.limits()
        if low == high:
            title = _.plural("{n} player", "{n} players", low).format(n=low)
        else:
            title = _(self.home.declaration().seated_by).format(low=low, high=high)
        middle, foot = titled(canvas, area, title)
        next_button(canvas, back_button(canvas, foot), last=not self.home.choices())
        if self.home.players:
            width = middle.width * (2 if t.width >= 800 else 3) // 5
            middle, known = split(middle, middle.width - width - t.gap, t.gap, vertical=False)
            self._draw_players(canvas, known)
        if low != high:
            middle = self._draw_more_or_less(canvas, middle, low, high)
        self._draw_seats(canvas, middle)

    def _draw_more_or_less(
        self, canvas: Canvas, middle: pygame.Rect, low: int, high: int
    ) -> pygame.Rect:
        """+ and − beside the seats; returns the room left for the seats."""
        t = canvas.theme
        count = len(self.home.seats)
        listing, side = split(middle, middle.width - t.button_h - t.gap, t.gap, vertical=False)
        plus, minus = rows(side, 2, t.gap)[:2]
        canvas.button(plus, "+", HomeButton.ADD, enabled=count < high, size=t.title)
        canvas.button(minus, "−", HomeButton.REMOVE, enabled=count > low, size=t.title)
        return listing

    def _draw_seats(self, canvas: Canvas, listing: pygame.Rect) -> None:
        """The seats in columns, read down each column; the selected one outlined."""
        t = canvas.theme
        seats = self.home.seats
        columns = 2 if len(seats) > 4 or (t.width < 800 and not self.home.players) else 1
        per_col = max(1, -(-len(seats) // columns))
        cells = grid(listing, per_col * columns, columns, t.gap)
        order = [r + c * per_col for r in range(per_col) for c in range(columns)]
        for cell, index in zip(cells, order, strict=False):
            if index >= len(seats):
                continue
            selected = index == self.home.selected
            canvas.panel(cell, th.PANEL, th.WARN if selected else None, 3)
            seat_label(canvas, cell.inflate(-2 * t.gap, -t.gap // 2), seats[index], index)
            canvas.hits.append(Hit(cell, SeatTap(index)))

    def _draw_players(self, canvas: Canvas, box: pygame.Rect) -> None:
        """Remembered players, one tap each into the selected seat; paged when many.
        Each keeps its place: a seated one is dimmed, not taken out of the list."""
        t = canvas.theme
        head, rest = split(box, t.min_px + 8, t.gap // 2)
        canvas.text(_("Players"), head, t.small, th.MUTED, align="left")
        names = [player.name for player in self.home.players]
        room = max(1, (rest.height + t.gap) // (t.button_h + t.gap))
        pages = max(1, -(-len(names) // max(1, room - 1))) if len(names) > room else 1
        page = self.player_page % pages
        shown = names[page * (room - 1) : (page + 1) * (room - 1)] if pages > 1 else names
        cells = rows(rest, room, t.gap)
        for cell, name in zip(cells, shown, strict=False):
            colour = th.PANEL if self.home.seated(name) else th.PANEL_HI
            canvas.button(cell, name, Remembered(name), colour=colour)
        if pages > 1:
            label = _("More ({page}/{pages})").format(page=page + 1, pages=pages)
            canvas.button(cells[-1], label, HomeButton.MORE_PLAYERS, colour=th.PANEL)

    # ---- taps and keys -------------------------------------------------------------------

    def press(self, target: Hashable, ctx: Ctx) -> Step:
        match target:
            case SeatTap(index=index):
                self.home.selected = index
                return Step(page=self._keyboard())
            case Remembered(name=name):
                return Step(self.home.seat_player(name))
            case HomeButton.MORE_PLAYERS:
                self.player_page += 1
            case HomeButton.ADD:
                self.home.add_seat()
            case HomeButton.REMOVE:
                self.home.remove_seat()
            case Button.BACK:
                return self.back()
            case Button.NEXT:
                return self.next()
            case _:
                return super().press(target, ctx)
        return Step()

    def typed(self, intent: Intent, ctx: Ctx) -> Step:
        """A physical keyboard: typing opens the selected seat's editor, the arrows move
        the selection, Enter is Next and Escape is Back."""
        seats = self.home.seats
        if isinstance(intent, Char | Erase) and seats:
            keyboard = self._keyboard()
            return Step(keyboard.typed(intent, ctx).commands, keyboard)
        if isinstance(intent, Move) and seats:
            self.home.selected = (self.home.selected + intent.step) % len(seats)
        elif isinstance(intent, Enter) and seats:
            return self.next()
        elif isinstance(intent, Back):
            return self.back()
        return Step()

    def _keyboard(self) -> KeyboardPage:
        """The keyboard for the selected seat; a name the home gave is replaced on typing."""
        return KeyboardPage(self.home, self, self.home.selected)

    def next(self) -> Step:
        """The options when the game has some, else the start; not while two seats share
        a name (or one has none)."""
        refused = self.home.names_refused()
        if refused:
            return Step(refused)
        if self.home.choices():
            return Step(page=OptionsPage(self.home, self))
        return Step(self.home.start())

    def back(self) -> Step:
        """The menu of games: whatever was chosen there was for a game here."""
        self.home.tournament = False
        return super().back()

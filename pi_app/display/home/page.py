"""A page of the home, and what a tap on it does.

The home is several pages so that everything stays large on the 3.5-inch screen. Each
page is an object of its own class (`games`, `seats`, `options`, `unfinished`,
`tournament`): it draws itself and handles the taps it drew, answering with a `Step`,
the commands for the app and the page shown next. The page it came from is held by
the page itself (`previous`), so Back needs no table of which page leads where, and a
page's own state (the list of players scrolled, the page of unfinished games) is found
again on the way back.

A tap that only asks the app for something, and needs no page's state (a language, a
game to resume, a page opened over the home), means the same on every page
(`everywhere`): a script may resume a game by its id from the first page, as it always
could. A tap that moves between pages or changes the choices is its page's alone.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import pygame

from pi_app.display import pages
from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, cols, split
from pi_app.display.home.choices import HomeChoices
from pi_app.display.home.targets import HomeButton, Language, ResumeGame
from pi_app.display.intents import Back, Intent
from pi_app.display.scene import Command, Ctx, OpenPage, Resume, SetLanguage
from pi_app.display.targets import Button
from pi_app.i18n import Translator

_ = Translator("display")


@dataclass(frozen=True)
class Step:
    """What a tap or a key did on a page: the commands for the app, and the page shown
    next (None: the same page stays)."""

    commands: Sequence[Command] = ()
    page: Page | None = None


class Page(ABC):
    """A page of the home: it draws the choices it shows and handles its own taps."""

    shows_seats = True
    """Whether the seats' colours are the ones on screen (the menu of games has none)."""

    def __init__(self, home: HomeChoices, previous: Page | None = None) -> None:
        self.home = home
        """The choices every page shares (the home scene itself)."""
        self.previous = previous
        """The page Back returns to; None for the first page."""

    @abstractmethod
    def draw(self, canvas: Canvas, ctx: Ctx, area: pygame.Rect) -> None:
        """The page, within `area` (the screen less its margins)."""

    def press(self, target: Hashable, ctx: Ctx) -> Step:
        """A tap on a target this page drew; here, what a tap means on every page."""
        return Step(everywhere(target))

    def typed(self, intent: Intent, ctx: Ctx) -> Step:
        """Anything but a tap (a physical keyboard's key): Back is the page's Back."""
        return self.back() if isinstance(intent, Back) else Step()

    def back(self) -> Step:
        """The page this one was opened from, as it was left."""
        return Step(page=self.previous)


def everywhere(target: Hashable) -> Sequence[Command]:
    """The commands of a tap that needs no page's state: () for any other tap."""
    match target:
        case Language(code=code):
            return (SetLanguage(code),)
        case ResumeGame(game_id=game_id):
            return (Resume(game_id),)
        case HomeButton.RESUME:
            return (Resume(),)
        case HomeButton.TOURNAMENT_JOIN:
            return (OpenPage(pages.join),)
    make = pages.opened_by(target)
    return () if make is None else (OpenPage(make),)


def titled(
    canvas: Canvas, area: pygame.Rect, title: str, colour: th.RGB = th.ACCENT
) -> tuple[pygame.Rect, pygame.Rect]:
    """A page's title at the top; returns its middle and its foot (a row of buttons),
    the same on every page so that Back never moves under the finger."""
    t = canvas.theme
    head, rest = split(area, t.button_h, t.gap)
    middle, foot = split(rest, rest.height - t.button_h - t.gap, t.gap)
    canvas.text(title, head, t.title, colour, align="left")
    return middle, foot


def back_button(canvas: Canvas, foot: pygame.Rect) -> pygame.Rect:
    """Back, in the foot's first third; returns the last third (for Next or More)."""
    back, _gap, last = cols(foot, 3, canvas.theme.gap)
    canvas.button(back, _("Back"), Button.BACK)
    return last

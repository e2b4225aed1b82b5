"""Home: choose the game, the seats (or teams), the options and the language.

Several pages, so that everything stays large enough on the 3.5-inch screen: the
games (with the language and the unfinished games to resume), the seats, then the
game's options (each picked from the list of its values); the unfinished games have
their own page, where one can be abandoned after a confirmation, and so does the
tournament across boxes. Each page is an object of its own class (`page.Page`)
that draws itself and handles its own taps; the home scene keeps what every page
shares, the choices (`choices.HomeChoices`: the game, its seats, its options), and
hands each frame and each tap to the page on screen. The options and seats chosen for
a game are kept (`Remember`) and offered again, after a restart too.

The targets the pages draw are in `targets`: scripts and tests tap the home with them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pi_app.display.canvas import Canvas
from pi_app.display.home.choices import HomeChoices
from pi_app.display.home.games import GamesPage
from pi_app.display.home.keyboard import KeyboardPage
from pi_app.display.home.page import Page
from pi_app.display.intents import Intent, Press
from pi_app.display.keyboard import NameEditor
from pi_app.display.scene import Command, Ctx, Scene
from pi_app.table.players import Player


class HomeScene(HomeChoices, Scene):
    """The home: the choices its pages share, and the page on screen."""

    name = "home"

    def __init__(
        self,
        config: Mapping[str, Any],
        players: Sequence[Player] = (),
        remembered: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(config, players, remembered)
        self.page: Page = GamesPage(self)
        """The page on screen; it holds the page Back returns to."""

    @property
    def editor(self) -> NameEditor | None:
        """The name being typed, while the keyboard is up."""
        return self.page.editor if isinstance(self.page, KeyboardPage) else None

    def colours(self, ctx: Ctx) -> tuple[int, ...]:
        """The seats' colours while a page shows the seats (the menu of games has none)."""
        return self.seat_colours() if self.page.shows_seats else ()

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        t = canvas.theme
        self.page.draw(canvas, ctx, canvas.rect.inflate(-2 * t.pad, -2 * t.pad))

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        """A tap goes to the page that drew it, any other intent (a key) to the page on
        screen; the page answers with its commands and the page shown next."""
        if isinstance(intent, Press):
            step = self.page.press(intent.target, ctx)
        else:
            step = self.page.typed(intent, ctx)
        if step.page is not None:
            self.page = step.page
        return step.commands

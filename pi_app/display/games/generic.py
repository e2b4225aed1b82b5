"""Any game, played through its listable actions: the screen of a game with no other."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, grid, split
from pi_app.display.intents import Char, Enter, Erase, Intent, Move, Press
from pi_app.display.scene import Command, Ctx, GoHome, Play, Scene, chrome, table_of
from pi_app.display.targets import Button
from pi_app.display.titles import winners_line
from pi_app.i18n import Translator

_ = Translator("display")

PAGE = 6


@dataclass(frozen=True)
class Action:
    """A listed action, by its notation: a tap plays it."""

    notation: str


class GenericScene(Scene):
    """The game's title, its outcome if over, and a page of its legal actions."""

    name = "generic"

    def __init__(self, moves: int, over: bool) -> None:
        self.moves = moves
        self.over = over
        self.page = 0
        self.typed = ""

    def key(self) -> Hashable:
        return ("generic", self.moves, self.over)

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        t = canvas.theme
        game = table_of(ctx).game
        body = chrome(canvas, ctx, game.title)
        head, rest = split(body, t.button_h, t.gap)
        outcome = table_of(ctx).outcome()
        if outcome is not None:
            canvas.text(winners_line(outcome.winners), head, t.body, th.WARN)
            canvas.button(
                rest.inflate(-rest.width // 3, -rest.height // 3),
                _("New game"),
                Button.HOME,
                colour=th.GOOD,
            )
            return
        canvas.text(self.typed or _("Choose an action"), head, t.body, th.MUTED)
        actions = list(game.legal_actions(ctx.state))
        shown = actions[self.page * PAGE : (self.page + 1) * PAGE]
        for cell, action in zip(grid(rest, PAGE, 2, t.gap), shown, strict=False):
            notation = game.format_action(action)
            canvas.button(cell, notation, Action(notation))

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        match intent:
            case Press(target=Button.HOME):
                return (GoHome(),)
            case Press(target=Action(notation=notation)):
                return (Play(notation),)
            case Move(step=step):
                count = len(table_of(ctx).game.legal_actions(ctx.state))
                pages = max(1, -(-count // PAGE))
                self.page = (self.page + step) % pages
            case Char(char=char):
                self.typed += char
            case Erase():
                self.typed = self.typed[:-1]
            case Enter() if self.typed:
                typed, self.typed = self.typed, ""
                return (Play(typed),)
        return ()

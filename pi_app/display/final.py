"""The end of a game: the winners, the ranking, the score chart and what stood out.

Every game ends on this screen. What it shows comes from the game's record and its
replay (`pi_app.table.summary`), the same figures the history and `tabletop export`
give. The facts are worded in the screen's language, from the summary's plain data, by
the game that tells them (`GameDeclaration.facts`). Undo stays possible: the last round
may have been typed wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, rows, split
from pi_app.display.chart import draw_chart, score_text
from pi_app.display.games import declaration_of
from pi_app.display.intents import Intent, Press
from pi_app.display.scene import Command, Ctx, GoHome, Scene, chrome, seat_label
from pi_app.display.targets import Button
from pi_app.display.theme import RGB
from pi_app.i18n import Translator
from pi_app.table.history import summary_of
from pi_app.table.protocol import GameTable
from pi_app.table.summary import Fact, GameSummary

_ = Translator("display")

FACTS_SHOWN = 2


def fact_text(fact: Fact, game: str) -> str:
    """A fact in words, in the current language, as its game words it ("" if it does not)."""
    words = declaration_of(game).words(fact.kind)
    return "" if words is None else words(fact)


def chosen_facts(summary: GameSummary, room: int = FACTS_SHOWN) -> list[str]:
    """The facts worth a line, as many as `room`, in the order the game declares them:
    the rarest feats first (`GameDeclaration.facts`)."""
    kinds = [kind for kind, _words in declaration_of(summary.game).facts]
    told = [fact for fact in summary.facts if fact.kind in kinds]
    ordered = sorted(told, key=lambda fact: kinds.index(fact.kind))
    return [fact_text(fact, summary.game) for fact in ordered[:room]]


def seat_index(seats: Sequence[str], summary: GameSummary) -> Callable[[str], int]:
    """Each seat's place at the table (`seats`; else in the summary): its colour's index."""
    order = list(seats) if seats else list(summary.seats)

    def index(seat: str) -> int:
        return order.index(seat) if seat in order else summary.seats.index(seat)

    return index


def draw_ranking(
    canvas: Canvas, box: pygame.Rect, summary: GameSummary, index_of: Callable[[str], int]
) -> None:
    """Places, names and scores, the winners outlined (as many as fit `box`)."""
    t = canvas.theme
    ranking = summary.ranking()
    shown = ranking[: max(1, (box.height + t.gap // 2) // (t.min_px + 10))]
    for cell, (place, seat, score) in zip(rows(box, len(shown), t.gap // 2), shown, strict=True):
        if seat in summary.winners:
            canvas.panel(cell, th.PANEL_HI, th.WARN, 2)
        place_box, rest = split(cell, cell.height + t.gap, t.gap // 2, vertical=False)
        canvas.text(f"{place}.", place_box, t.small, th.WARN if place == 1 else th.TEXT)
        seat_label(canvas, rest.inflate(-t.gap, 0), seat, index_of(seat), score_text(score))


def winners_text(summary: GameSummary) -> str:
    if not summary.winners:
        return _("No winner")
    names = ", ".join(summary.winners)
    if len(summary.winners) == 1:
        return _("Winner: {names}").format(names=names)
    return _("Winners: {names}").format(names=names)


class FinalScene(Scene):
    """The last screen of a game (its summary is folded once, when the scene opens)."""

    name = "final"

    def __init__(self, table: GameTable) -> None:
        self.game_id = table.game_id
        self.moves = table.moves_played
        self.title = table.game.title
        self.seats = table.seats
        self.summary = summary_of(table)

    def key(self) -> Hashable:
        return ("final", self.game_id, self.moves)

    def ring_colour(self, ctx: Ctx) -> RGB | None:
        return None

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        t = canvas.theme
        summary = self.summary
        body = chrome(canvas, ctx, _("{game}: final ranking").format(game=self.title))
        head, rest = split(body, t.button_h, t.gap)
        canvas.text(winners_text(summary), head, t.title, th.WARN)
        facts = chosen_facts(summary, FACTS_SHOWN if t.width >= 800 else 1)
        foot_h = t.button_h + (t.min_px + 8) * max(0, len(facts) - 1)
        middle, foot = split(rest, rest.height - foot_h - t.gap, t.gap)
        index_of = seat_index(self.seats, summary)
        left, right = split(middle, middle.width * 9 // 20, t.gap, vertical=False)
        draw_ranking(canvas, left, summary, index_of)
        draw_chart(canvas, right, summary, lambda seat: canvas.seat_colour(index_of(seat)))
        text_box, button = split(foot, foot.width * 2 // 3, t.gap, vertical=False)
        if facts:
            canvas.text("\n".join(facts), text_box, t.small, th.TEXT, align="left")
        canvas.button(button, _("New game"), Button.HOME, colour=th.GOOD)

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        if isinstance(intent, Press) and intent.target == "home":
            return (GoHome(),)
        return ()

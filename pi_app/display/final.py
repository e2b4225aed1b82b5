"""The end of a game: the winners, the ranking, the score chart and what stood out.

Every game ends on this screen. What it shows comes from the game's record and its
replay (`pi_app.table.summary`), the same figures the history and `tabletop export`
give. The facts are worded in the screen's language, from the summary's plain data, by
the game that tells them (`GameDeclaration.facts`). Undo stays possible: the last round
may have been typed wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from enum import StrEnum

import pygame

from pi_app.ai import seat_names
from pi_app.box.acts import NewGame
from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, split, wrapped_lines
from pi_app.display.chart import draw_chart
from pi_app.display.games import declaration_of
from pi_app.display.intents import Intent, Press
from pi_app.display.ranking import (
    draw_ranking,
    ranking_height,
    ranking_pages,
    ranking_split,
)
from pi_app.display.scene import Command, Ctx, GoHome, Scene, chrome
from pi_app.display.targets import Button
from pi_app.display.theme import RGB
from pi_app.display.titles import bar_title, winners_line
from pi_app.i18n import Translator
from pi_app.table.history import summary_of
from pi_app.table.protocol import GameTable
from pi_app.table.summary import Fact, GameSummary, renamed
from pi_app.table.table import Table

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


def fitting_facts(
    canvas: Canvas, facts: Sequence[str], width: int, height: int
) -> list[tuple[str, int]]:
    """The facts, in order, that fit whole in `width` by `height` (one or two lines
    each, at the smallest legible size), each with its lines."""
    t = canvas.theme
    font = canvas.fonts.font(t.min_font)
    line = font.get_linesize()
    kept: list[tuple[str, int]] = []
    for fact in facts[:FACTS_SHOWN]:
        lines = wrapped_lines(font, fact, width)
        if lines and lines <= 2 and (sum(n for _f, n in kept) + lines) * line + 4 <= height:
            kept.append((fact, lines))
    return kept


def winners_text(summary: GameSummary) -> str:
    if not summary.winners:
        return _("No winner")
    return winners_line(summary.winners)


class FinalButton(StrEnum):
    """The end screen's own button."""

    MORE_PLACES = "more-places"
    """The ranking's next page (it has more places than its box holds)."""

    PLAY_AGAIN = "play-again"
    """The same game, seats and options again: the phones keep their seats."""


class FinalScene(Scene):
    """The last screen of a game (its summary is folded once, when the scene opens)."""

    name = "final"

    def __init__(self, table: GameTable) -> None:
        self.game_id = table.game_id
        self.moves = table.moves_played
        self.title = table.game.title
        self.recorded = table.seats
        self.folded = summary_of(table)
        self.game_name = table.game.name
        self.extras = table.extras
        self.rank_page = 0
        """The ranking's page shown, when it takes more than one."""
        self.again = again_of(table)

    @property
    def names(self) -> dict[str, str]:
        """The computer's seats, shown by their labels in the language of now."""
        return seat_names(self.game_name, self.recorded, self.extras)

    @property
    def seats(self) -> tuple[str, ...]:
        names = self.names
        return tuple(names.get(seat, seat) for seat in self.recorded)

    @property
    def summary(self) -> GameSummary:
        return renamed(self.folded, self.names)

    def key(self) -> Hashable:
        return ("final", self.game_id, self.moves)

    def ring_colour(self, ctx: Ctx) -> RGB | None:
        return None

    def draw(self, canvas: Canvas, ctx: Ctx) -> None:
        t = canvas.theme
        summary = self.summary
        body = chrome(canvas, ctx, self.heading(canvas, ctx))
        label = _("New game")
        labels = (label,) if self.again is None else (label, _("Play again"))
        need = max(canvas.fonts.font(t.small).size(text)[0] for text in labels) + 4 * t.gap
        button_w = min(body.width // 3, max(need, body.width // 4))
        rows = ranking_height(canvas, summary)
        spare = body.height - (t.min_px + 12) - rows - 2 * t.gap
        stacked = len(labels) == 1 or spare >= 2 * t.button_h + t.gap  # else side by side
        buttons_w = button_w if stacked else 2 * button_w + t.gap
        buttons_h = len(labels) * (t.button_h + t.gap) - t.gap if stacked else t.button_h
        text_w = body.width - buttons_w - t.gap
        facts = fitting_facts(canvas, chosen_facts(summary), text_w, max(buttons_h, spare))
        line = canvas.fonts.font(t.min_font).get_linesize()
        foot_h = max(buttons_h, sum(lines for _fact, lines in facts) * line + 4)
        head_h = max(t.min_px + 12, min(t.button_h, body.height - foot_h - rows - 2 * t.gap))
        head, rest = split(body, head_h, t.gap)
        canvas.text(winners_text(summary), head, t.title, th.WARN)
        middle, foot = split(rest, rest.height - foot_h - t.gap, t.gap)
        index_of = seat_index(self.seats, summary)
        left, right = ranking_split(canvas, middle, summary)
        pages = ranking_pages(canvas, left, summary)
        page = self.rank_page % len(pages)
        draw_ranking(canvas, left, summary, index_of, pages[page])
        draw_chart(canvas, right, summary, lambda seat: canvas.seat_colour(index_of(seat)))
        text_box, button = split(foot, text_w, t.gap, vertical=False)
        if len(pages) > 1:  # the other places a tap away, in the facts' place
            more = _("More ({page}/{pages})").format(page=page + 1, pages=len(pages))
            place = pygame.Rect(text_box.x, foot.y, min(button_w, text_box.width), t.button_h)
            canvas.button(place, more, FinalButton.MORE_PLACES, colour=th.PANEL)
        elif facts:  # a fact that would be cut is left to the history
            told = "\n".join(fact for fact, _lines in facts)
            canvas.text(told, text_box, t.min_font, th.TEXT, align="left")
        self.draw_buttons(canvas, button, labels)

    def draw_buttons(self, canvas: Canvas, place: pygame.Rect, labels: Sequence[str]) -> None:
        """ "New game" (to the home), and "Play again" before it where the same game
        can start again at once: one above the other where the foot is tall enough for
        both, else side by side."""
        if len(labels) == 1:
            canvas.button(place, labels[0], Button.HOME, colour=th.GOOD)
            return
        t = canvas.theme
        if place.height >= 2 * t.button_h + t.gap:
            first, second = split(place, (place.height - t.gap) // 2, t.gap)
        else:
            first, second = split(place, (place.width - t.gap) // 2, t.gap, vertical=False)
        canvas.button(first, labels[1], FinalButton.PLAY_AGAIN, colour=th.GOOD)
        canvas.button(second, labels[0], Button.HOME, colour=th.PANEL)

    def heading(self, canvas: Canvas, ctx: Ctx) -> str:
        """The top bar's title: "<game>: final ranking", or the game's name alone where
        the bar has no room for the whole of it."""
        full = _("{game}: final ranking").format(game=self.title)
        return bar_title(canvas, ctx, full, self.title)

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        if isinstance(intent, Press) and intent.target == "home":
            return (GoHome(),)
        if intent == Press(FinalButton.MORE_PLACES):
            self.rank_page += 1
        if intent == Press(FinalButton.PLAY_AGAIN) and self.again is not None:
            return (self.again,)
        return ()


def again_of(table: GameTable) -> NewGame | None:
    """The act that plays `table`'s game again with the same seats, options and extras
    (the computer's seats, the colours): the seat book then keeps each phone in its seat
    (`box.seating.same_players`). None for a game not of this box's journal (a
    tournament's, whose games the tournament orders)."""
    if not isinstance(table, Table):
        return None
    return NewGame(table.game.name, table.seats, table.options, dict(table.extras))

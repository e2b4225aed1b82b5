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

from pi_app.ai import seat_names
from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, split, wrapped_lines
from pi_app.display.chart import draw_chart, score_text
from pi_app.display.games import declaration_of
from pi_app.display.intents import Intent, Press
from pi_app.display.scene import Command, Ctx, GoHome, Scene, chrome
from pi_app.display.targets import Button
from pi_app.display.theme import RGB
from pi_app.display.titles import bar_title, winners_line
from pi_app.i18n import Translator
from pi_app.table.history import summary_of
from pi_app.table.protocol import GameTable
from pi_app.table.summary import Fact, GameSummary, renamed

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


RANK_BORDER = 2
"""The winners' outline: rows keep their words this far and a little more inside it."""
CORNER = 10
"""The most an outline's rounded corner reaches in (as `Canvas.panel` rounds it)."""


def _texts(summary: GameSummary) -> list[tuple[str, str, str]]:
    """Each ranked row's place, name and score, as drawn."""
    return [(f"{place}.", seat, score_text(score)) for place, seat, score in summary.ranking()]


def ranking_width(canvas: Canvas, summary: GameSummary) -> int:
    """The width the ranking needs to show every place, name and score whole."""
    t = canvas.theme
    font = canvas.fonts.font(t.small)
    rows = _texts(summary)
    place = max(font.size(text)[0] for text, _seat, _score in rows)
    name = max(font.size(seat)[0] for _place, seat, _score in rows)
    score = max(font.size(text)[0] for _place, _seat, text in rows)
    return place + name + score + SWATCH_W + 3 * t.gap + 2 * (RANK_BORDER + CORNER) + 2


SWATCH_W = 10


def ranking_split(
    canvas: Canvas, box: pygame.Rect, summary: GameSummary
) -> tuple[pygame.Rect, pygame.Rect]:
    """The ranking's part of `box`, as wide as its longest row needs (a third of `box`
    at least, three fifths at most), and the chart's beside it, which takes the rest."""
    t = canvas.theme
    width = max(box.width // 3, ranking_width(canvas, summary))
    return split(box, min(width, box.width * 3 // 5), t.gap, vertical=False)


def row_heights(canvas: Canvas) -> tuple[int, int]:
    """The least height of a ranked row, and of a winner's row: a line of text, clear of
    the winners' outline."""
    t = canvas.theme
    text_h = canvas.fonts.render("Ag", t.small, th.TEXT).get_height()
    return text_h + 2, text_h + 2 * (RANK_BORDER + 2)


def ranking_height(canvas: Canvas, summary: GameSummary) -> int:
    """The least height of the whole ranking, a pixel between its rows."""
    plain, outlined = row_heights(canvas)
    winners = sum(seat in summary.winners for seat in summary.seats)
    count = len(summary.seats)
    return (count - winners) * plain + winners * outlined + count - 1


def _heights(canvas: Canvas, box: pygame.Rect, ranked: Sequence[bool], gap: int) -> list[int]:
    """Each row's height (`ranked[i]`: whether row i is a winner's): all alike when
    they can be, else the winners' rows just tall enough to clear their outline."""
    t = canvas.theme
    plain, outlined = row_heights(canvas)
    count = len(ranked)
    even = min(t.button_h, (box.height - gap * (count - 1)) // max(1, count))
    if even >= outlined or not any(ranked):
        return [even] * count
    winners = sum(ranked)
    rest = (box.height - gap * (count - 1) - winners * outlined) // max(1, count - winners)
    return [outlined if won else max(plain, rest) for won in ranked]


def draw_ranking(
    canvas: Canvas, box: pygame.Rect, summary: GameSummary, index_of: Callable[[str], int]
) -> None:
    """Places, names and scores, the winners outlined (as many as fit `box`): each part
    in a column as wide as its longest text, so a name that has room is never cut."""
    t = canvas.theme
    shown = _texts(summary)
    gap = (
        1 if ranking_height(canvas, summary) + len(shown) * t.gap // 2 > box.height else t.gap // 2
    )
    heights = _heights(canvas, box, [seat in summary.winners for _p, seat, _s in shown], gap)
    while len(shown) > 1 and sum(heights) + gap * (len(shown) - 1) > box.height:
        shown, heights = shown[:-1], heights[:-1]  # the last places, for want of room
    font = canvas.fonts.font(t.small)
    place_w = max(font.size(place)[0] for place, _seat, _score in shown)
    score_w = max(font.size(score)[0] for _place, _seat, score in shown)
    y = box.y
    for (place, seat, score), height in zip(shown, heights, strict=True):
        cell = pygame.Rect(box.x, y, box.width, height)
        y = cell.bottom + gap
        won = seat in summary.winners
        if won:
            canvas.panel(cell, th.PANEL_HI, th.WARN, RANK_BORDER)
        corner = max(2, min(CORNER, height // 5))  # the outline's rounded corners reach in
        inner = cell.inflate(-2 * (RANK_BORDER + corner), -2 * RANK_BORDER if won else 0)
        place_box, rest = split(inner, place_w, t.gap, vertical=False)
        colour = th.WARN if place == "1." else th.TEXT
        canvas.text(place, place_box, t.small, colour, align="right")
        text_h = font.get_height()
        patch = pygame.Rect(rest.x, rest.centery - text_h // 2, SWATCH_W, text_h)
        canvas.swatch(patch, canvas.seat_colour(index_of(seat)))
        rest = pygame.Rect(
            patch.right + t.gap, rest.y, rest.right - patch.right - t.gap, rest.height
        )
        name_box, score_box = split(rest, rest.width - score_w - t.gap, t.gap, vertical=False)
        canvas.text(seat, name_box, t.small, th.TEXT, align="left")
        canvas.text(score, score_box, t.small, th.TEXT, align="right")


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
        need = canvas.fonts.font(t.small).size(label)[0] + 4 * t.gap
        button_w = min(body.width // 3, max(need, body.width // 4))
        text_w = body.width - button_w - t.gap
        rows = ranking_height(canvas, summary)
        spare = body.height - (t.min_px + 12) - rows - 2 * t.gap
        facts = fitting_facts(canvas, chosen_facts(summary), text_w, max(t.button_h, spare))
        line = canvas.fonts.font(t.min_font).get_linesize()
        foot_h = max(t.button_h, sum(lines for _fact, lines in facts) * line + 4)
        head_h = max(t.min_px + 12, min(t.button_h, body.height - foot_h - rows - 2 * t.gap))
        head, rest = split(body, head_h, t.gap)
        canvas.text(winners_text(summary), head, t.title, th.WARN)
        middle, foot = split(rest, rest.height - foot_h - t.gap, t.gap)
        index_of = seat_index(self.seats, summary)
        left, right = ranking_split(canvas, middle, summary)
        draw_ranking(canvas, left, summary, index_of)
        draw_chart(canvas, right, summary, lambda seat: canvas.seat_colour(index_of(seat)))
        text_box, button = split(foot, text_w, t.gap, vertical=False)
        if facts:  # a fact that would be cut is left to the history
            told = "\n".join(fact for fact, _lines in facts)
            canvas.text(told, text_box, t.min_font, th.TEXT, align="left")
        canvas.button(button, label, Button.HOME, colour=th.GOOD)

    def heading(self, canvas: Canvas, ctx: Ctx) -> str:
        """The top bar's title: "<game>: final ranking", or the game's name alone where
        the bar has no room for the whole of it."""
        full = _("{game}: final ranking").format(game=self.title)
        return bar_title(canvas, ctx, full, self.title)

    def handle(self, intent: Intent, ctx: Ctx) -> Sequence[Command]:
        if isinstance(intent, Press) and intent.target == "home":
            return (GoHome(),)
        return ()

"""The end of a game and its chart, laid out for every table: 2 to 7 seats, long names,
both screens, the three languages. Names are never cut when they have room, no text
touches the winner's border, and the chart's labels stay in its panel, off the lines."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, FontBook, TextDraw
from pi_app.display.chart import draw_chart
from pi_app.display.final import FinalScene
from pi_app.display.scene import NewGame, Play, ShowFinal
from pi_app.i18n import set_language
from pi_app.table.summary import GameSummary
from tests.display.layout_checks import (
    LONG_NAMES,
    outside,
    outside_rect,
    shortened,
    too_small,
    touching_border,
    under_lines,
)

LONG = LONG_NAMES
SIZES = ("800x480", "480x320")
LANGS = ("fr", "de", "en")


def finish(app: Any, count: int, first: str) -> tuple[str, ...]:
    """A game of `count` seats with long names played to its end, won by `first`: Gambo
    for two, else Cambio with CAMBIO cards and false rings (scores below zero, ties)."""
    seats = (first, *LONG[1:count])
    if count == 2:
        app.execute(NewGame("gambo", seats, {}))
        table = app.table
        while table.outcome() is None:
            table.play(table.game.legal_actions(table.state)[0])
        return seats
    options = {"variant": "cambio", "target": 250, "false_ring_fine": 10}
    app.execute(NewGame("cambio", seats, options))
    last = seats[-1]
    rounds = (
        (seats[0], "Dollar", "9", f'"{seats[1]}"=plus "{last}"=minus'),
        (seats[1], "Yen", "9+odd", f'"{seats[0]}"=plus'),
        (seats[0], "Dollar", "8+plus", f'"{seats[2 % count]}"=minus'),
        (seats[0], "Dollar", "9+plus", f'"{seats[1]}"=minus'),
    )
    for winner, currency, hand, holding in rounds:
        for action in ("deal", "open", f'ring "{last}"', "false-ring", f'ring "{winner}"'):
            app.execute(Play(action))
        app.execute(Play(f"show {currency} {hand} {holding}"))
    return seats


@pytest.mark.parametrize("first", ["Marie-Gabrielle", "Marie Gabrielle"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("count", range(2, 8))
def test_the_end_of_a_game_shows_every_name_whole(
    app_factory: Any, size: str, lang: str, count: int, first: str
) -> None:
    set_language(lang)
    try:
        app = app_factory(size)
        seats = finish(app, count, first)
        assert app.table.outcome() is not None
        app.execute(ShowFinal())
        app.dirty = True
        app.step([])
        assert isinstance(app.scene, FinalScene)
        texts, screen = app.canvas.texts, app.canvas.rect
        drawn = {text.text for text in texts}
        assert not shortened(texts), [t.text for t in shortened(texts)]
        assert set(seats) <= drawn  # every seat ranked, its name whole
        assert not touching_border(app.painter.surface, texts, th.WARN)  # the winner's outline
        assert not outside(texts, screen) and not too_small(texts, 18)
    finally:
        set_language("fr")


# ---- the chart alone, in the boxes the end screen and the history give it -------------

BOXES = {
    "800x480": (pygame.Rect(371, 122, 419, 258), pygame.Rect(322, 58, 468, 344)),
    "480x320": (pygame.Rect(216, 86, 258, 178), pygame.Rect(194, 51, 280, 215)),
}


def summary_of(count: int) -> GameSummary:
    """A leader far ahead, the others bunched near zero, one dipping to -10 at the start
    (where the axis says its lowest value)."""
    seats = LONG[:count]
    series = {seats[0]: (0.0, 40.0, 30.0, 160.0, 380.0)}
    for index, seat in enumerate(seats[1:], start=1):
        series[seat] = (0.0, -10.0 if index == 1 else 0.0, 5.0 * index, 10.0, 2.0 * index)
    scores = {seat: points[-1] for seat, points in series.items()}
    return GameSummary("cambio", seats, scores, (seats[0],), True, series, (1, 2, 3, 4))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("count", range(2, 8))
def test_chart_labels_stay_in_their_panel_and_off_the_lines(size: str, count: int) -> None:
    pygame.font.init()
    theme = th.theme_for(size)
    summary = summary_of(count)
    colours = {seat: th.SEAT_COLOURS[index] for index, seat in enumerate(summary.seats)}
    places = summary.ranking()
    for box in BOXES[size]:
        canvas = Canvas(pygame.Surface(theme.size), theme, FontBook())
        canvas.fill(th.BACKGROUND)
        draw_chart(canvas, box, summary, colours.__getitem__)
        texts = canvas.texts
        assert texts
        assert not outside_rect(texts, box), [t.text for t in outside_rect(texts, box)]

        def others(text: TextDraw) -> set[th.RGB]:
            """Every line's colour but the labelled seat's own (a label is its seat's
            name, or its place in the ranking, which tied seats share)."""
            own = {colours[seat] for place, seat, _ in places if text.text in (seat, f"{place}.")}
            return set(colours.values()) - own

        crossed = under_lines(canvas.surface, texts, others)
        assert not crossed, [t.text for t in crossed]
        assert not shortened(texts), [t.text for t in shortened(texts)]

"""The layout checks find what a player would see wrong: each is shown failing on a
frame drawn with the real drawing code."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, FontBook
from pi_app.display.phones import draw_phones
from pi_app.display.scene import Ctx, chrome
from pi_app.display.theme import theme_for
from tests.display.layout_checks import (
    covered_texts,
    cut_names,
    outside,
    overlapping_texts,
    texts_on_borders,
)


@pytest.fixture
def canvas() -> Iterator[Canvas]:
    pygame.display.init()
    pygame.font.init()
    theme = theme_for("480x320")
    yield Canvas(pygame.Surface(theme.size), theme, FontBook())


def test_two_texts_drawn_over_each_other_are_found(canvas: Canvas) -> None:
    """The token text ran into the answer owners ("1969 Marie, Paul Marie G7")."""
    canvas.text("1969 Marie, Paul", pygame.Rect(10, 10, 200, 30), align="left")
    canvas.text("Marie G7", pygame.Rect(120, 10, 100, 30), align="left")
    assert overlapping_texts(canvas.texts, canvas.panels)


def test_a_box_drawn_over_a_text_is_found_unless_it_is_an_overlay(canvas: Canvas) -> None:
    canvas.text("Rien ne va plus", pygame.Rect(10, 250, 200, 40))
    canvas.panel(pygame.Rect(0, 240, 480, 80), th.BAD, th.TEXT, 2)
    assert covered_texts(canvas.texts, canvas.panels, canvas.animated)
    canvas.reset()
    canvas.text("Manche 1/7", pygame.Rect(10, 10, 200, 40))
    canvas.cover(pygame.Rect(0, 0, 240, 46))  # the message, in the title's place
    canvas.panel(pygame.Rect(0, 0, 240, 46), th.BAD, th.TEXT, 1)
    assert covered_texts(canvas.texts, canvas.panels, canvas.animated) == []
    assert overlapping_texts(canvas.texts, canvas.panels) == []


def _ctx(canvas: Canvas) -> Ctx:
    """A game screen's context with the LED ring drawn in its top bar, and phones."""
    leds = [th.WARN] * 24
    return Ctx(0.0, canvas.theme, None, None, {}, leds=lambda: leds, phones=True)


def test_a_widget_animated_over_a_text_is_found(canvas: Canvas) -> None:
    """The drawn LED ring was painted over the QR panel's title ("S◯o join")."""
    chrome(canvas, _ctx(canvas), "Gambit 7")
    slot = canvas.animated[0].rect
    canvas.text("Scan to join", slot.inflate(120, 0), align="left")
    found = covered_texts(canvas.texts, canvas.panels, canvas.animated)
    assert any("under the animated" in line for line in found), found


def test_the_phones_panel_lies_clear_over_the_game(canvas: Canvas) -> None:
    chrome(canvas, _ctx(canvas), "Gambit 7")
    canvas.cover(canvas.rect)  # the panel lies over the game, as the app draws it
    draw_phones(canvas, ["http://10.0.0.2:8080/j/abc"], ["Ana", "Ben", "Cléo"], [])
    assert covered_texts(canvas.texts, canvas.panels, canvas.animated) == []
    assert overlapping_texts(canvas.texts, canvas.panels) == []


def test_a_text_wrapped_onto_its_border_is_found(canvas: Canvas) -> None:
    """The winning row's label wrapped and touched its border."""
    row = pygame.Rect(10, 10, 200, 44)
    canvas.panel(row, th.PANEL_HI, th.WARN, 4)
    canvas.text("Alice +8, Bruno +4, Chloé +4", row, canvas.theme.small)
    assert texts_on_borders(canvas.texts, canvas.panels)


def test_a_selected_buttons_label_keeps_clear_of_its_outline(canvas: Canvas) -> None:
    canvas.button(pygame.Rect(10, 10, 113, 55), "9 + CAMBIO+ (×2)", "hand", selected=True)
    assert texts_on_borders(canvas.texts, canvas.panels) == []


def test_a_name_shortened_or_left_out_is_found(canvas: Canvas) -> None:
    canvas.text("Alice×2, Bruno", pygame.Rect(10, 10, 70, 22), align="left")
    assert cut_names(canvas.texts, {"Alice", "Bruno"}) == ["'Bruno' cut in 'Alice…'"]
    canvas.reset()
    canvas.text("Dimitri", pygame.Rect(10, 10, 40, 22))
    assert cut_names(canvas.texts, {"Dimitri"})


def test_a_text_fits_its_box_by_the_height_it_is_drawn_at(canvas: Canvas) -> None:
    """A rendered line is a font's line size high, more than `Font.size` says: a box
    just as high as the latter let the line hang out of it."""
    theme = theme_for("800x480")
    canvas = Canvas(pygame.Surface(theme.size), theme, FontBook())
    font = canvas.fonts.font(theme.body)
    box = pygame.Rect(0, 0, 200, font.size("Bruno")[1])
    canvas.text("Bruno", box, canvas.theme.body)
    assert not outside(canvas.texts, canvas.rect)

"""Large text on the box's screen: a switch on the home, kept with the host's choices
across a restart (or set in the config), and every text size of the theme larger."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from pi_app.display import theme as th
from pi_app.display.home.targets import HomeButton
from pi_app.display.intents import Press
from tests.display import layout_checks as checks

SIZES = ("800x480", "480x320")
TEXT_SIZES = ("small", "body", "title")


@pytest.mark.parametrize("size", SIZES)
def test_every_text_size_grows(size: str) -> None:
    normal, large = th.theme_for(size), th.theme_for(size, large=True)
    assert large.large and not normal.large and large.size == normal.size
    for name in TEXT_SIZES:
        assert getattr(large, name) > getattr(normal, name), name
    assert (large.min_font, large.min_px) == (normal.min_font, normal.min_px)


def shown(app: Any) -> list[str]:
    return [text.text for text in app.canvas.texts]


@pytest.mark.parametrize("size", SIZES)
def test_the_home_switches_large_text_on_and_a_restart_keeps_it(
    app_factory: Any, size: str, tmp_path: Any
) -> None:
    app = app_factory(size)
    app.step([])
    assert not app.theme.large and "Grand texte : non" in shown(app)
    small = max(text.px for text in app.canvas.texts)
    app.feed(Press(HomeButton.LARGE_TEXT))
    app.step([])
    assert app.theme.large and app.canvas.theme.large and "Grand texte : oui" in shown(app)
    assert max(text.px for text in app.canvas.texts) > small
    assert not checks.too_small(app.canvas.texts, app.theme.min_px)
    pygame.image.save(app.painter.surface, str(tmp_path / f"home-large-{size}.png"))
    again = app_factory(size)  # a restart on the same journal
    assert again.theme.large
    again.feed(Press(HomeButton.LARGE_TEXT))
    assert not again.theme.large and app_factory(size).theme.large is False


def test_the_config_can_ask_for_large_text(app_factory: Any) -> None:
    assert app_factory("480x320", **{"display.large_text": True}).theme.large

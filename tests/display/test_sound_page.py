"""The Sound page on the box's screen (issue 50): the voice and the sounds, sounds only
or silence, and the volume, kept as the host's choices and drawn whole at both sizes."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from pi_app.display.intents import Press
from pi_app.display.pages import PageButton
from pi_app.display.sound_page import Mode, Volume
from pi_app.effects.hearing import SOUNDS, VOICE, VOLUME
from pi_app.i18n import LANGUAGES, set_language
from tests.display.layout_checks import outside, shortened, too_small


def opened(app: Any) -> None:
    app.step([])
    app.feed(Press(PageButton("sound")))
    app.step([])
    assert app.scene.name == "sound"


def test_each_mode_and_the_volume_are_kept(app_factory: Any) -> None:
    app = app_factory()
    opened(app)
    app.feed(Press(Mode.SOUNDS))
    assert (app.session.settings[VOICE], app.session.settings[SOUNDS]) == (False, True)
    app.feed(Press(Mode.SILENT))
    assert (app.session.settings[VOICE], app.session.settings[SOUNDS]) == (False, False)
    app.feed(Press(Mode.ALL))
    assert (app.session.settings[VOICE], app.session.settings[SOUNDS]) == (True, True)
    for _ in range(3):
        app.feed(Press(Volume(1)))
    assert app.session.settings[VOLUME] == 1.0  # 70 % and three steps: at most 100 %
    app.feed(Press(Volume(-1)))
    assert app.session.settings[VOLUME] == 0.9
    app.journal.flush()
    again = app_factory()
    assert again.session.settings[VOLUME] == 0.9 and again.session.settings[VOICE] is True


@pytest.mark.parametrize("size", ["800x480", "480x320"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_page_is_drawn_whole(app_factory: Any, size: str, lang: str) -> None:
    set_language(lang)
    try:
        app = app_factory(size)
        opened(app)
        app.feed(Press(Mode.SOUNDS))
        app.step([])
        screen = pygame.Rect(0, 0, *app.painter.surface.get_size())
        texts = app.canvas.texts
        assert not outside(texts, screen) and not shortened(texts)
        assert not too_small(texts, app.theme.min_px)
        targets = {hit.target for hit in app.canvas.hits}
        assert {*Mode, Volume(-1), Volume(1)} <= targets
    finally:
        set_language("fr")

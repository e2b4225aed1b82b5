"""The Cambio tournament in the box's words: its title in each language, and a seat
range on the home that says what one box can seat."""

from __future__ import annotations

from typing import Any

import pytest

from pi_app.display.home.targets import GameTap, HomeButton
from pi_app.display.intents import Press
from pi_app.i18n import set_language, translate
from pi_app.rules.cambio.tournament.game import GAME as TOURNAMENT
from tests.display.layout_checks import drawn_text


def shown(app: Any) -> str:
    app.dirty = True
    app.step([])
    return drawn_text(app.canvas.texts)


@pytest.mark.parametrize(
    ("lang", "title"),
    [("fr", "Cambio (tournoi)"), ("de", "Cambio (Turnier)"), ("en", "Cambio (tournament)")],
)
def test_the_tournament_is_named_in_each_language(app_factory: Any, lang: str, title: str) -> None:
    set_language(lang)
    try:
        assert TOURNAMENT.title == title
        app = app_factory()
        assert title in shown(app)  # the home's list of games
    finally:
        set_language("fr")


def test_a_one_box_tournament_seats_what_the_box_can_show(app_factory: Any) -> None:
    app = app_factory()
    app.feed(Press(GameTap("cambio-tournament")))
    text = shown(app)
    range_words = translate("Players ({low} to {high})", "display")
    assert range_words.format(low=3, high=14) in text
    assert "700" not in text
    for _tap in range(20):
        app.feed(Press(HomeButton.ADD))
    assert len(app.scene.seats) == 14
    shown(app)
    assert HomeButton.ADD not in {hit.target for hit in app.canvas.hits}  # drawn disabled

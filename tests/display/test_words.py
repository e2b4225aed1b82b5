"""Counts read as the language says them, on the box's own screens."""

from __future__ import annotations

from typing import Any

import pytest

from pi_app.display.history.scene import HistoryScene, StatsOf
from pi_app.display.intents import Press
from pi_app.display.pages import PageButton
from pi_app.i18n import set_language, translate
from pi_app.table.players import Player
from tests.display.test_history_screens import SEATS, finish_cambio, texts

ONE_GAME = {
    "fr": ("Historique : 1 partie", "Toutes les parties : 1 jouée, 1 gagnée"),
    "de": ("Verlauf: 1 Spiel", "Alle Spiele: 1 gespielt, 1 gewonnen"),
    "en": ("History: 1 game", "All games: 1 played, 1 won"),
}


def drawn(app: Any) -> list[str]:
    """The texts of the frame, each whole."""
    return [text.text for text in app.canvas.texts]


@pytest.mark.parametrize("lang", ["fr", "de", "en"])
def test_one_game_is_one_game_in_the_history_and_the_statistics(
    app_factory: Any, lang: str
) -> None:
    """ "1 parties", "1 jouées" and "1 Spiele" were on these screens."""
    set_language(lang)
    app = app_factory()
    finish_cambio(app)
    app.journal.choices.remember_players([Player(seat, i) for i, seat in enumerate(SEATS)])
    app.feed(Press("menu"))
    app.feed(Press(PageButton("history")))
    title, overall = ONE_GAME[lang]
    texts(app)
    assert title in drawn(app)  # whole: "1 Spiel" is the start of "1 Spiele"
    app.feed(Press("stats"))
    scene = app.scene
    assert isinstance(scene, HistoryScene) and scene.job is not None
    scene.job.finished.wait(30)
    app.step([])
    app.feed(Press(StatsOf("Bo")))  # Bo won the one game
    texts(app)
    assert overall in drawn(app)


@pytest.mark.parametrize(
    ("lang", "title"),
    [("fr", "Cambio (tournoi)"), ("de", "Cambio (Turnier)"), ("en", "Cambio (tournament)")],
)
def test_the_tournament_is_named_in_the_language(app_factory: Any, lang: str, title: str) -> None:
    from pi_app.rules.registry import games

    set_language(lang)
    assert games()["cambio-tournament"].title == title
    app = app_factory()
    app.step([])
    assert title in drawn(app)  # the home's button


@pytest.mark.parametrize(
    ("lang", "message", "reads"),
    [
        ("en", "Answer of {seat}", "Marie's answer"),
        ("en", "Tile of {team}", "Marie's tile"),
        ("en", "Turn it", "Start"),
    ],
)
def test_the_box_speaks_natural_english(lang: str, message: str, reads: str) -> None:
    """ "Answer of Marie", "Tile of Marie" and "Turn it" were on the English box."""
    assert translate(message, "display", lang).format(seat="Marie", team="Marie") == reads


def test_the_statistics_list_counts_in_words(app_factory: Any) -> None:
    set_language("en")
    app = app_factory()
    finish_cambio(app)
    app.journal.choices.remember_players([Player(seat, i) for i, seat in enumerate(SEATS)])
    app.feed(Press("menu"))
    app.feed(Press(PageButton("history")))
    app.feed(Press("stats"))
    scene = app.scene
    assert isinstance(scene, HistoryScene) and scene.job is not None
    scene.job.finished.wait(30)
    texts(app)
    assert "Bo · 1 played, 1 won" in drawn(app)
    assert "Al · 1 played, 0 won" in drawn(app)


def test_abandoning_a_game_is_not_cancelling_in_german() -> None:
    """ "Abbrechen" said both Cancel and Abandon it on the German box."""
    assert translate("Abandon it", "display", "de") != translate("Cancel", "display", "de")

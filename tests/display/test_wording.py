"""The screen's words say what happened, in the language of the screen: one winner is
"Vainqueur", not "Vainqueurs"; a German page shows no French."""

from __future__ import annotations

from typing import Any

import pytest

from pi_app.display.home.targets import Cycle, GameTap, Pick
from pi_app.display.intents import Press
from pi_app.display.targets import Button
from pi_app.i18n import PLURAL_SEPARATOR, set_language
from pi_app.i18n_check import catalogue
from tests.display.layout_checks import drawn_text
from tests.display.test_history_screens import finish_cambio, texts

ONE_WINNER = {"fr": "Vainqueur : Bo", "en": "Winner: Bo"}


@pytest.mark.parametrize("lang", sorted(ONE_WINNER))
def test_one_winner_is_named_in_the_singular(app_factory: Any, lang: str) -> None:
    set_language(lang)
    try:
        app = app_factory()
        finish_cambio(app)  # Bo alone wins
        shown = texts(app)
    finally:
        set_language("fr")
    assert ONE_WINNER[lang] in shown and "Vainqueurs" not in shown and "Winners" not in shown


def french_words(lang: str) -> set[str]:
    """The French of the screen's catalogues that `lang` says otherwise: whole texts
    with no placeholder, which a page in `lang` must never show."""
    found: set[str] = set()
    for domain in ("display", "core", "gambo"):
        french, other = catalogue("fr", domain), catalogue(lang, domain)
        for msgid, text in french.items():
            theirs = other.get(msgid, msgid)
            for form, their in zip(
                text.split(PLURAL_SEPARATOR), theirs.split(PLURAL_SEPARATOR), strict=False
            ):
                if "{" not in form and form != their:
                    found.add(form)
    return found


def gambo_against_the_hard_engine(app: Any) -> None:
    """A game of Gambo begun at the box in French, against the engine at its hardest."""
    app.step([])
    app.feed(Press(GameTap("gambo")))
    app.feed(Press(Button.NEXT))
    app.feed(Press(Cycle("opponent")))
    app.feed(Press(Pick("opponent", 2)))  # engine, hard
    app.feed(Press(Button.NEXT))
    assert app.table is not None and "Ordinateur (difficile)" in app.table.seats


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_gambo_seats_page_shows_no_french_after_a_french_game(
    app_factory: Any, lang: str
) -> None:
    """The engine's seat was kept as a name typed for the next game: the German seats
    page offered "Ordinateur (difficile)"."""
    app = app_factory()
    gambo_against_the_hard_engine(app)
    app.feed(Press(Button.MENU))
    set_language(lang)
    try:
        app.feed(Press(GameTap("gambo")))
        app.step([])
        lines = [text.text for text in app.canvas.texts]
        french = french_words(lang)
    finally:
        set_language("fr")
    assert "Ordinateur" not in drawn_text(app.canvas.texts)
    assert [line for line in lines if line in french] == []

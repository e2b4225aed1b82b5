"""The box has a Redo button beside Undo on every game screen, enabled only when there
is something to redo, in the screen's language, and it fits at both sizes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from pi_app.display.canvas import TextDraw
from pi_app.display.demo import Driver, play
from pi_app.display.scene import NewGame, Play
from pi_app.display.targets import Button
from pi_app.i18n import set_language

SIZES = ("800x480", "480x320")
GAMES = ("gambit7", "cambio", "quitte-ou-double", "gambo", "cambio-tournament")
PAIRS = {"fr": ("Annuler", "Rétablir"), "de": ("Zurück", "Vorwärts"), "en": ("Undo", "Redo")}


@pytest.fixture(autouse=True)
def french() -> Iterator[None]:
    set_language("fr")
    yield
    set_language("fr")


def tap(app: Any, target: object) -> None:
    """A finger on the button drawn for `target` (it must be enabled to be found)."""
    hit = next(h for h in app.canvas.hits if h.target == target)
    w, h = app.canvas.rect.size
    x, y = hit.rect.center
    app.step([pygame.event.Event(pygame.FINGERDOWN, x=x / w, y=y / h)])


def targets(app: Any) -> set[object]:
    return {hit.target for hit in app.canvas.hits}


def drawn(app: Any, text: str) -> TextDraw:
    return next(t for t in app.canvas.texts if t.text == text)


def test_redo_is_drawn_disabled_until_an_undo_then_restores(app_factory: Any) -> None:
    app = app_factory()
    app.execute(NewGame("gambo", ("Alice", "Bruno"), {}))
    app.step([])
    assert "Rétablir" in {t.text for t in app.canvas.texts}
    assert Button.REDO not in targets(app)  # drawn, but nothing to redo
    app.execute(
        Play(app.table.game.format_action(app.table.game.legal_actions(app.table.state)[0]))
    )
    played = app.table.state
    app.step([])
    tap(app, Button.UNDO)
    assert app.table.state.history == ()
    assert Button.REDO in targets(app)
    tap(app, Button.REDO)
    assert app.table.state == played
    assert Button.REDO not in targets(app)


class Recorder(Driver):
    """Keeps the texts of every game screen pictured (those with the top bar's Menu)."""

    def __init__(self, *args: object) -> None:
        self.bars: dict[str, list[TextDraw]] = {}
        super().__init__(*args)  # type: ignore[arg-type]

    def shot(self, name: str) -> None:  # type: ignore[override]
        super().shot(name)
        if Button.MENU in {hit.target for hit in self.app.canvas.hits}:  # a game screen
            self.bars[name] = list(self.app.canvas.texts)


CASES = [(g, s, "fr") for g in GAMES for s in SIZES] + [
    (g, "480x320", lang) for g in GAMES for lang in ("de", "en")
]
"""Every game at both sizes in French; the other languages where room is tightest."""


@pytest.mark.parametrize(("game", "size", "lang"), CASES)
def test_redo_sits_beside_undo_on_every_game_screen(game: str, size: str, lang: str) -> None:
    set_language(lang)
    driver = play(game, None, size, Recorder)
    assert isinstance(driver, Recorder)
    undo_word, redo_word = PAIRS[lang]
    width = int(size.split("x")[0])
    pictured = 0
    for name, texts in driver.bars.items():
        words = {t.text: t for t in texts}
        if undo_word not in words:
            continue  # a screen without Undo (the tournament's tables)
        pictured += 1
        assert redo_word in words, f"{name}: no {redo_word!r}"
        undo, redo = pygame.Rect(words[undo_word].box), pygame.Rect(words[redo_word].box)
        assert redo.left > undo.right and redo.centery == undo.centery, name
        assert redo.right <= width and pygame.Rect(words[redo_word].rect).width > 0, name
        assert "…" not in words[redo_word].text
    assert pictured, game

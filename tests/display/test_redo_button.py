"""The box has a Redo button beside Undo on every game screen, enabled only when there
is something to redo: words in the screen's language on the large screen, the curved
arrows on the small one (`display.icons`), where German's words left the title no room."""

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
PAIRS = {"fr": ("Annuler", "Rétablir"), "de": ("Rückgängig", "Wiederholen"), "en": ("Undo", "Redo")}
MENUS = {"fr": "Menu", "de": "Menü", "en": "Menu"}


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
    assert "Zurück" not in {t.text for t in app.canvas.texts}
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
        self.panels: dict[str, list[pygame.Rect]] = {}
        self.pictures: dict[str, pygame.Surface] = {}
        super().__init__(*args)  # type: ignore[arg-type]

    def shot(self, name: str) -> None:  # type: ignore[override]
        super().shot(name)
        canvas = self.app.canvas
        if Button.MENU in {hit.target for hit in canvas.hits}:  # a game screen
            self.bars[name] = list(canvas.texts)
            self.panels[name] = [pygame.Rect(p.rect) for p in canvas.panels]
            self.pictures[name] = canvas.surface.copy()


CASES = [(g, "800x480", lang) for g in GAMES for lang in PAIRS]
"""Every game in the three languages, on the screen that shows the words."""


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


def arrow_ink(picture: pygame.Surface, box: pygame.Rect) -> list[tuple[int, int]]:
    """The points of `box` drawn in the button's ink (white or muted), not its panel."""
    inks = {(255, 255, 255), (0, 0, 0), (170, 178, 190)}
    return [
        (x, y)
        for x in range(box.left, box.right)
        for y in range(box.top, box.bottom)
        if tuple(picture.get_at((x, y)))[:3] in inks
    ]


@pytest.mark.parametrize("lang", ["fr", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_the_small_screen_draws_undo_and_redo_as_arrows_beside_menu(game: str, lang: str) -> None:
    set_language(lang)
    driver = play(game, None, "480x320", Recorder)
    assert isinstance(driver, Recorder)
    pictured = 0
    for name, texts in driver.bars.items():
        words = {t.text: t for t in texts}
        assert not set(PAIRS[lang]) & set(words), name  # no word: the arrows say it
        menu = pygame.Rect(words[MENUS[lang]].box)
        beside = sorted(
            (p for p in driver.panels[name] if p.centery == menu.centery and p.left > menu.right),
            key=lambda p: p.left,
        )
        if len(beside) < 2:
            continue  # a screen without Undo (the tournament's tables)
        pictured += 1
        undo, redo = beside[:2]
        assert undo.right < redo.left and redo.right <= 480, name
        for box, head_right in ((undo, False), (redo, True)):
            ink = arrow_ink(driver.pictures[name], box)
            assert len(ink) > 40, (name, len(ink))
            low = [x for x, y in ink if y > box.centery + 2]  # the head points down
            assert low, name
            head_side = sum(low) / len(low) > box.centerx
            assert head_side == head_right, name
    assert pictured, game

"""Every scene of every scripted game, at both sizes: text stays in its box, is legible,
and what the scene must show is there."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from pi_app.display.canvas import TextDraw
from pi_app.display.demo import Driver, play
from tests.display.layout_checks import drawn_text, outside, too_small

SIZES = ("800x480", "480x320")
GAMBIT7_SEATS = ("Alice", "Bruno", "Chloé", "Dimitri")
CAMBIO_SEATS = ("Ana", "Ben", "Cléo", "Dan")

# scene shot -> strings that must be drawn on it
REQUIRED: dict[str, tuple[str, ...]] = {
    "gambit7-answers": GAMBIT7_SEATS,
    "gambit7-bets": (*GAMBIT7_SEATS, "Moins que ça", "15"),
    "gambit7-truth": ("27",),
    "gambit7-payout": (*GAMBIT7_SEATS, "27"),
    "gambit7-final": GAMBIT7_SEATS,
    "cambio-deal": (*CAMBIO_SEATS, "Dollar", "100", "Franc", "75"),
    "cambio-study": CAMBIO_SEATS,
    "cambio-trading": CAMBIO_SEATS,
    "cambio-stop": (*CAMBIO_SEATS, "STOP"),
    "cambio-rung": ("Ben", "STOP"),
    "cambio-scores": (*CAMBIO_SEATS, "160", "-20"),
}


class Recorder(Driver):
    """A driver that keeps the texts of every picture it takes."""

    def __init__(self, *args: object) -> None:
        self.frames: dict[str, tuple[list[TextDraw], pygame.Rect]] = {}
        super().__init__(*args)  # type: ignore[arg-type]

    def shot(self, name: str) -> Path | None:
        path = super().shot(name)
        canvas = self.app.canvas
        self.frames[name] = (list(canvas.texts), canvas.rect)
        return path


@pytest.fixture(scope="module", params=[(g, s) for g in ("gambit7", "cambio") for s in SIZES],
                ids=lambda p: f"{p[0]}-{p[1]}")
def recorded(request: pytest.FixtureRequest) -> tuple[str, Recorder]:
    game, size = request.param
    driver = play(game, None, size, Recorder)
    assert isinstance(driver, Recorder)
    return size, driver


def test_every_scene_was_pictured(recorded: tuple[str, Recorder]) -> None:
    _size, driver = recorded
    names = set(driver.frames)
    expected = {name for name in REQUIRED if name.split("-")[0] in {n.split("-")[0]
                                                                     for n in names}}
    assert expected <= names


def test_no_text_outside_its_box(recorded: tuple[str, Recorder]) -> None:
    _size, driver = recorded
    for name, (texts, screen) in driver.frames.items():
        assert texts, name
        bad = outside(texts, screen)
        assert not bad, f"{name}: {bad[:3]}"


def test_text_is_legible_at_arms_length(recorded: tuple[str, Recorder]) -> None:
    size, driver = recorded
    for name, (texts, _screen) in driver.frames.items():
        small = too_small(texts, 18)
        assert not small, f"{size} {name}: {small[:3]}"


def test_required_elements_are_drawn(recorded: tuple[str, Recorder]) -> None:
    _size, driver = recorded
    for name, (texts, _screen) in driver.frames.items():
        shown = drawn_text(texts)
        for required in REQUIRED.get(name, ()):
            assert required in shown, f"{name}: {required!r} not drawn in {shown!r}"


def test_home_lists_the_installed_games_and_languages() -> None:
    driver = play("gambit7", None, "480x320", Recorder)
    assert isinstance(driver, Recorder)
    shown = drawn_text(driver.frames["home"][0])
    for word in ("Gambit 7", "Cambio", "FR", "DE", "EN"):
        assert word in shown
    seats = drawn_text(driver.frames["home-seats"][0])
    assert "Orange" in seats and "+" in seats

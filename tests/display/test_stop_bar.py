"""Cambio's red STOP screens keep the top bar of every game screen: Undo and Redo stand
where they stand while trading, and nothing of the STOP screen sits in Redo's place."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from pi_app.display.canvas import TextDraw
from pi_app.display.games.cambio_targets import Ringer
from pi_app.display.intents import Bell, Press
from pi_app.display.scene import NewGame, Play
from pi_app.display.targets import Button

pytestmark = pytest.mark.usefixtures("english")

SEATS = ("Ana", "Ben", "Cléo", "Dan")


def frame(app: Any) -> list[TextDraw]:
    app.dirty = True
    app.step([])
    return list(app.canvas.texts)


def bar(app: Any, texts: list[TextDraw]) -> list[tuple[pygame.Rect, bytes]]:
    """The top bar's buttons from Menu on, as drawn: each one's place and the pixels
    inside its rounded corners (Undo and Redo are words on the large screen, arrows on
    the small; the STOP screens' background is their own)."""
    menu = next(pygame.Rect(t.box) for t in texts if t.text == "Menu")
    boxes = sorted(
        {
            tuple(p.rect)
            for p in app.canvas.panels
            if pygame.Rect(p.rect).centery == menu.centery and p.rect[0] + p.rect[2] > menu.left
        }
    )
    surface = app.canvas.surface
    return [
        (
            pygame.Rect(box),
            pygame.image.tobytes(surface.subsurface(pygame.Rect(box).inflate(-12, -12)), "RGB"),
        )
        for box in boxes
    ]


@pytest.mark.parametrize("size", ["800x480", "480x320"])
def test_the_stop_screens_keep_undo_and_redo_where_trading_has_them(
    app_factory: Any, size: str
) -> None:
    app = app_factory(size)
    app.execute(NewGame("cambio", SEATS, {"target": 250}))
    app.execute(Play("deal"))
    app.execute(Play("open"))
    trading = bar(app, frame(app))
    app.feed(Bell(app.clock()))
    stopped = frame(app)
    assert app.scene.name == "cambio-stop"
    assert bar(app, stopped) == trading
    app.feed(Press(Ringer(1)))
    rung = frame(app)
    assert app.scene.name == "cambio-rung"
    assert bar(app, rung) == trading
    assert len(trading) == 3  # Menu, Undo, Redo
    _menu, undo_box, redo_box = (box for box, _pixels in trading)
    assert not [
        t.text for t in rung if t.text != "Redo" and pygame.Rect(t.rect).colliderect(redo_box)
    ]
    undo = next(h for h in app.canvas.hits if h.target == Button.UNDO)
    assert undo.rect == undo_box
    app.feed(Press(Button.UNDO))  # the wrong ringer: back to who rang
    app.step([])
    assert app.scene.name == "cambio-stop" and app.table.state.phase == "stopped"

"""Cambio's red STOP screens keep the top bar of every game screen: Undo and Redo stand
where they stand while trading, and nothing of the STOP screen sits in Redo's place."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from pi_app.display.canvas import TextDraw
from pi_app.display.games.cambio_hand import Ringer
from pi_app.display.intents import Bell, Press
from pi_app.display.scene import NewGame, Play
from pi_app.display.targets import Button

pytestmark = pytest.mark.usefixtures("english")

SEATS = ("Ana", "Ben", "Cléo", "Dan")


def frame(app: Any) -> list[TextDraw]:
    app.dirty = True
    app.step([])
    return list(app.canvas.texts)


def bar(texts: list[TextDraw]) -> dict[str, pygame.Rect]:
    """Where the top bar's words are drawn: the boxes of Menu, Undo and Redo."""
    return {t.text: pygame.Rect(t.box) for t in texts if t.text in ("Menu", "Undo", "Redo")}


@pytest.mark.parametrize("size", ["800x480", "480x320"])
def test_the_stop_screens_keep_undo_and_redo_where_trading_has_them(
    app_factory: Any, size: str
) -> None:
    app = app_factory(size)
    app.execute(NewGame("cambio", SEATS, {"target": 250}))
    app.execute(Play("deal"))
    app.execute(Play("open"))
    trading = bar(frame(app))
    assert set(trading) == {"Menu", "Undo", "Redo"}
    app.feed(Bell(app.clock()))
    stopped = frame(app)
    assert app.scene.name == "cambio-stop"
    assert bar(stopped) == trading
    app.feed(Press(Ringer(1)))
    rung = frame(app)
    assert app.scene.name == "cambio-rung"
    assert bar(rung) == trading
    redo = trading["Redo"]
    assert not [t.text for t in rung if t.text != "Redo" and pygame.Rect(t.rect).colliderect(redo)]
    undo = next(h for h in app.canvas.hits if h.target == Button.UNDO)
    assert undo.rect.contains(trading["Undo"].clip(undo.rect))
    app.feed(Press(Button.UNDO))  # the wrong ringer: back to who rang
    app.step([])
    assert app.scene.name == "cambio-stop" and app.table.state.phase == "stopped"

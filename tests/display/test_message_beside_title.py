"""A message goes right of the screen's title when it fits there whole, so the title
stays in sight; a message too long for that takes the title's whole place, a page at a
time, as before."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from pi_app.display.scene import NewGame

pytestmark = pytest.mark.usefixtures("english")


def title_and_message(app: Any, text: str) -> tuple[pygame.Rect, pygame.Rect]:
    """Where the bar's title is drawn, and where the message said now goes."""
    app.execute(NewGame("gambo", ("Ana", "Ben"), {}))
    app.dirty = True
    app.step([])
    title = next(pygame.Rect(t.rect) for t in app.canvas.texts if t.text == "Gambo")
    app.bar.say(text)
    app.dirty = True
    app.step([])
    assert app.bar.layout is not None
    return title, app.bar.layout.box


@pytest.mark.parametrize("size", ["800x480", "480x320"])
def test_a_short_message_leaves_the_title_in_sight(app_factory: Any, size: str) -> None:
    app = app_factory(size)
    title, box = title_and_message(app, "Saved.")
    assert not box.colliderect(title)
    assert box.left > title.right
    assert "Gambo" in {t.text for t in app.canvas.texts}
    assert len(app.bar.layout.pages) == 1


def test_a_long_message_takes_the_titles_whole_place(app_factory: Any) -> None:
    app = app_factory("480x320")
    said = "The journal could not be written: the card is full. " * 2
    title, box = title_and_message(app, said)
    assert box.colliderect(title)  # covered on purpose: the message's words come first
    assert box.left <= title.left

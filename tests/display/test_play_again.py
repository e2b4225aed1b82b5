"""The end screen's "Play again": the same game, seats and options start at once, and
each phone seated in the game that ended keeps its seat in the new one (issue 46)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from pi_app.assembly import build_box
from pi_app.box.actors import phone
from pi_app.box.acts import NewGame, TakeSeat
from pi_app.box.seats import SeatBook
from pi_app.display.final import FinalButton, FinalScene
from pi_app.display.scene import ShowFinal
from pi_app.i18n import set_language
from pi_app.table import Journal
from pi_app.web.hub import Hub
from tests.display.layout_checks import shortened
from tests.display.test_final_layout import finish


def tap(app: Any, target: object) -> None:
    """A finger on the middle of what the screen drew for `target`, through the loop."""
    rects = [hit.rect for hit in app.canvas.hits if hit.target == target]
    assert rects, f"{target!r} is not on screen"
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rects[-1].center, button=1)])


def at_the_end(app: Any) -> None:
    app.execute(ShowFinal())
    app.dirty = True
    app.step([])
    assert isinstance(app.scene, FinalScene)


@pytest.mark.parametrize("size", ["800x480", "480x320"])
@pytest.mark.parametrize("lang", ["fr", "de", "en"])
def test_play_again_starts_the_same_game_with_the_same_seats(
    app_factory: Any, size: str, lang: str
) -> None:
    set_language(lang)
    try:
        app = app_factory(size)
        seats = finish(app, 3, "Ana")
        ended = app.table
        options = ended.export()["options"]
        at_the_end(app)
        label = {"fr": "Rejouer", "de": "Revanche", "en": "Play again"}[lang]
        assert label in {text.text for text in app.canvas.texts}
        assert not shortened(app.canvas.texts), [t.text for t in shortened(app.canvas.texts)]
        tap(app, FinalButton.PLAY_AGAIN)
        table = app.table
        assert table.game_id != ended.game_id and table.outcome() is None
        assert table.seats == seats and table.game.name == "cambio"
        assert table.export()["options"] == options
    finally:
        set_language("fr")


def test_a_phone_seated_in_the_game_that_ended_keeps_its_seat(tmp_path: Path) -> None:
    """The act the button makes, carried out by a box with phones: the token that held a
    seat in the game that ended holds the same seat in the new one."""
    journal = Journal(tmp_path / "journal.sqlite3")
    hub = Hub(SeatBook(tmp_path / "phones.json"))
    box = build_box({}, journal, hub=hub)
    try:
        session = box.session
        assert session.act(NewGame("gambo", ("Ana", "Ben"))).ok
        ended = session.table
        assert ended is not None
        done = session.act(TakeSeat("Ben", phone("Ben"), ended.game_id))
        assert done.ok and done.token
        while ended.outcome() is None:
            ended.play(ended.game.legal_actions(ended.state)[0])
        again = FinalScene(ended).again
        assert again is not None
        assert session.act(again).ok
        table = session.table
        assert table is not None and table.game_id != ended.game_id
        assert hub.seats.holder(done.token) == (table.game_id, "Ben")
    finally:
        box.close()
        journal.close()

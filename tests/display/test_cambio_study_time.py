"""Cambio's study time with a screen: its end opens the trading once, played by the box
as the timer (`box.time_up`), as on a box with no screen; the scene plays nothing of
its own at that end, so no second `open` follows."""

from __future__ import annotations

from typing import Any

from pi_app.box.actors import TIMER
from pi_app.box.changes import Played
from pi_app.display.demo import FakeClock
from pi_app.display.scene import NewGame, Play

SEATS = ("Ana", "Ben", "Cléo")
STUDY = 20  # seconds


def test_the_study_time_over_opens_the_trading_once_with_a_screen(
    app_factory: Any, clock: FakeClock
) -> None:
    app = app_factory(**{"timers.cambio_study": STUDY})
    app.execute(NewGame("cambio", SEATS, {}))
    told: list[object] = []
    app.session.changes.subscribe(told.append)
    app.execute(Play("deal"))
    app.step([])
    assert app.scene.name == "cambio-study" and app.show.timer is not None
    assert app.scene.timeout("study", app.ctx()) == ()  # the box's to play, not the scene's
    clock.advance(STUDY - 0.5)
    app.step([])
    assert app.scene.name == "cambio-study"
    clock.advance(1)
    app.step([])  # the time is up
    assert app.scene.name == "cambio-trading" and app.show.timer is None
    for _ in range(3):
        clock.advance(1)
        app.step([])
    opened = [(c.notation, c.by) for c in told if isinstance(c, Played) and c.notation == "open"]
    assert opened == [("open", TIMER)]
    app.journal.flush()
    events = [event.action for event in app.journal.events(app.table.game_id)]
    assert events[-2:] == ["deal", "open"] and events.count("open") == 1

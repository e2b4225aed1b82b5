"""Cambio's STOP screen: the bell is journaled before STOP shows, so a restart keeps it."""

from __future__ import annotations

from typing import Any

from pi_app.display import theme as th
from pi_app.display.games.cambio import Currency, Ringer
from pi_app.display.games.cambio_tournament import TableTab
from pi_app.display.intents import Bell, Press
from pi_app.display.scene import NewGame, Play
from tests.display.test_cues_follow import Heard

SEATS = ("Ana", "Ben", "Cléo", "Dan")


def _trading(app: Any) -> None:
    app.execute(NewGame("cambio", SEATS, {"variant": "simple"}))
    for notation in ("deal", "open"):
        app.execute(Play(notation))
    app.step([])
    assert app.scene.name == "cambio-trading"


def _journal(app: Any) -> list[tuple[str, str | None]]:
    return [(event.kind, event.action) for event in app.journal.events(app.table.game_id)]


def _shown(app: Any) -> str:
    return " ".join(t.text for t in app.canvas.texts)


def test_the_bell_is_journaled_before_the_stop_screen_shows(app_factory: Any) -> None:
    app = app_factory()
    cues = Heard()
    app.box.cues.sounds = cues
    _trading(app)
    app.feed(Bell(app.clock()))
    assert app.table.state.phase == "stopped"
    assert _journal(app)[-1][1] == "bell"
    assert cues.played == ["bell"]
    assert app.show.ring.calls[-1][:2] == ("flash", th.STOP_RED)
    app.step([])
    assert app.scene.name == "cambio-stop" and "STOP" in _shown(app)
    assert not app.scene.wants_bell(app.ctx())
    app.feed(Bell(app.clock()))  # a second ring while stopped changes nothing
    assert _journal(app)[-1][1] == "bell" and len(_journal(app)) == 3


def test_the_stop_button_on_the_trading_screen_rings_too(app_factory: Any) -> None:
    app = app_factory()
    _trading(app)
    assert "bell" in {hit.target for hit in app.canvas.hits}
    app.feed(Press("bell"))
    assert app.table.state.phase == "stopped"


def test_a_restart_on_the_stop_screen_comes_back_to_it(app_factory: Any) -> None:
    app = app_factory()
    _trading(app)
    app.feed(Bell(app.clock()))
    app.step([])
    first = (app.scene.key(), app.scene.name)
    second = app_factory()  # the plug is pulled before the ringer is named
    second.step([])
    assert (second.scene.key(), second.scene.name) == first == (first[0], "cambio-stop")
    assert second.table.state == app.table.state
    assert "STOP" in _shown(second)
    assert Ringer(1) in {hit.target for hit in second.canvas.hits}
    second.feed(Press(Ringer(1)))
    assert second.table.state.phase == "rung" and second.table.state.round.rung_by == "Ben"
    second.feed(Press(Currency(2)))  # Yen, 80
    second.feed(Press("show"))
    assert second.table.state.score_map == {"Ana": 0, "Ben": 80, "Cléo": 0, "Dan": 0}


def test_not_a_ring_takes_the_bell_back_and_trading_goes_on(app_factory: Any) -> None:
    app = app_factory()
    _trading(app)
    app.feed(Bell(app.clock()))
    app.step([])
    app.feed(Press("resume"))
    assert app.table.state.phase == "trading"
    assert _journal(app)[-2:] == [("action", "bell"), ("undo", None)]
    app.step([])
    assert app.scene.name == "cambio-trading"


def test_a_false_ring_after_the_bell_reopens_trading(app_factory: Any) -> None:
    app = app_factory()
    _trading(app)
    app.feed(Bell(app.clock()))
    app.step([])
    app.feed(Press(Ringer(3)))
    app.step([])
    assert app.scene.name == "cambio-rung"
    app.feed(Press("undo"))  # the wrong ringer: back to the question, the bell still rung
    app.step([])
    assert app.scene.name == "cambio-stop" and app.table.state.phase == "stopped"
    app.feed(Press(Ringer(3)))
    app.feed(Press("false"))
    app.step([])
    assert app.table.state.phase == "trading"
    assert app.table.state.round.false_rings == ("Dan",)
    assert app.scene.name == "cambio-trading" and app.scene.wants_bell(app.ctx())


def test_a_tournament_restart_shows_the_stopped_table(app_factory: Any) -> None:
    app = app_factory()
    players = ("Ana", "Ben", "Cléo", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
    app.execute(NewGame("cambio-tournament", players, {"tables": 2}))
    for table in (0, 1):
        for notation in ("deal", "open"):
            app.execute(Play(f"table {table} {notation}"))
    app.feed(Press(TableTab(1)))
    app.feed(Bell(app.clock()))
    assert [t.round.phase for t in app.table.state.tables] == ["trading", "stopped"]
    assert _journal(app)[-1][1] == "table 1 bell"
    second = app_factory()  # a new program starts on table 1's tab
    second.step([])
    assert second.scene.name == "tournament-stop"
    assert "STOP" in _shown(second) and "Jo" in _shown(second)
    second.feed(Press(Ringer(4)))
    assert second.table.state.tables[1].round.rung_by == "Jo"

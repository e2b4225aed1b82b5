"""The app's named parts: which screen is up, the screens' memory, the ring's show.

The app's own tests drive the whole loop; these pin down what each part promises,
where a change to one part would otherwise show only as a different picture.
"""

from __future__ import annotations

from typing import Any

import pytest

from pi_app.display.demo import FakeClock
from pi_app.display.final import FinalScene
from pi_app.display.games.cambio_tournament import TableChoice, TableTab
from pi_app.display.history.scene import history_page
from pi_app.display.intents import Press
from pi_app.display.memory import ScreenMemory
from pi_app.display.scene import GoHome, NewGame, OpenPage, Play, Resume, ShowFinal
from pi_app.display.screens import Mode
from pi_app.effects.ring import RecordingRing
from pi_app.effects.ring_show import WARNING_SECONDS, RingShow, Tick

TEN = ("Ana", "Ben", "Cléo", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")


def test_one_mode_says_which_screen_is_up(app_factory: Any) -> None:
    app = app_factory()
    assert app.screens.mode is Mode.HOME and app.scene.name == "home"
    app.execute(OpenPage(history_page))
    assert app.screens.mode is Mode.PAGE and app.scene.name == "history"
    app.execute(GoHome())
    app.execute(NewGame("cambio", TEN[:4], {}))
    assert app.screens.mode is Mode.GAME and app.scene.name == "cambio-deal"
    app.execute(GoHome())
    assert app.screens.mode is Mode.HOME and app.scene.name == "home"
    app.execute(Resume())
    assert app.screens.mode is Mode.GAME


def test_the_end_of_the_game_and_an_undo_back_from_it(app_factory: Any) -> None:
    app = app_factory()
    app.execute(NewGame("cambio", TEN[:4], {"target": 100}))
    for notation in ("deal", "open", 'ring "Ana"', "show Dollar 9"):
        app.execute(Play(notation))
    assert app.table.outcome() is not None
    app.execute(ShowFinal())
    assert app.screens.mode is Mode.FINAL and app.scene.name == "final"
    app.feed(Press("undo"))
    app.step([])
    assert app.screens.mode is Mode.GAME and app.scene.name == "cambio-rung"


def test_a_game_whose_end_cannot_be_summarised_keeps_its_own_screen(
    app_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    def cannot(self: FinalScene, table: object) -> None:
        raise ValueError("no summary")

    monkeypatch.setattr(FinalScene, "__init__", cannot)
    app = app_factory()
    app.execute(NewGame("tiny-race", ("Ana", "Ben"), {"target": 3}))
    for notation in ("add 1", "add 2"):
        app.execute(Play(notation))
    app.execute(ShowFinal())
    assert app.screens.mode is Mode.GAME and app.scene.name == "generic"


def test_the_memory_of_the_screens_is_the_app_s_own(app_factory: Any) -> None:
    one, two = app_factory(), app_factory()
    one.execute(NewGame("cambio-tournament", TEN, {"tables": 2}))
    one.step([])
    one.feed(Press(TableTab(1)))
    assert one.screens.memory.of(TableChoice).index == 1
    assert two.screens.memory.of(TableChoice).index == 0  # not shared, as a global was


def test_screen_memory_makes_one_of_each_kind() -> None:
    memory = ScreenMemory()
    first = memory.of(TableChoice)
    first.index = 3
    assert memory.of(TableChoice) is first and ScreenMemory().of(TableChoice).index == 0


def test_the_ring_show_ticks_the_last_seconds_then_time_up() -> None:
    clock = FakeClock()
    ring = RecordingRing(clock)
    show = RingShow(ring, clock)
    show.start_timer("answers", WARNING_SECONDS + 2)
    assert show.tick() is None and ring.calls[-1][:2] == ("timer", WARNING_SECONDS + 2)
    said = []
    for _second in range(WARNING_SECONDS + 2):
        clock.advance(1)
        said.append(show.tick())
    assert said == [None, *[Tick.WARNING] * WARNING_SECONDS, Tick.TIME_UP]
    assert show.tick() is None  # time up is said once


def test_whose_turn_comes_back_on_the_ring_after_a_stopped_timer() -> None:
    clock = FakeClock()
    ring = RecordingRing(clock)
    show = RingShow(ring, clock)
    show.steady((1, 2, 3))
    show.start_timer("bets", 30)
    show.steady((1, 2, 3))  # the timer runs on the ring: whose turn waits
    assert ring.calls[-1][0] == "timer"
    show.stop_timer()  # whose turn is back at once, before any frame is drawn
    assert ring.calls[-1][:2] == ("colour", (1, 2, 3))
    show.steady((1, 2, 3))
    assert ring.calls[-1][:2] == ("colour", (1, 2, 3)) and ring.calls[-2][0] == "timer"


def test_a_sweep_goes_round_then_asks_for_a_new_frame() -> None:
    clock = FakeClock()
    ring = RecordingRing(clock)
    show = RingShow(ring, clock)
    show.sweep((9, 9, 9))
    for _step in range(20):
        clock.advance(0.2)
        show.tick()
    progress = [call[1][0] for call in ring.calls if call[0] == "progress"]
    assert progress == sorted(progress) and progress[-1] == 1.0
    assert show.ended and ring.calls[-1][:2] == ("colour", None)

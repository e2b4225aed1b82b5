"""The app framework: intents, the table behind every input, errors, undo, sleeping."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from pi_app.box import acts
from pi_app.display import startup as app_module
from pi_app.display.demo import FakeClock
from pi_app.display.home.targets import GameTap, Language
from pi_app.display.intents import (
    BELL_EVENT,
    BUTTON_EVENT,
    Bell,
    Char,
    Enter,
    Erase,
    Press,
    Redo,
    Undo,
    normalise,
)
from pi_app.display.scene import NewGame, Play, StartTimer
from pi_app.display.targets import SeatTap
from pi_app.i18n import set_language

SEATS = ("Alice", "Bruno", "Chloé", "Dimitri")


def _gambit7(app: Any) -> None:
    app.execute(NewGame("gambit7", SEATS, {}))
    app.step([])


def _type(app: Any, text: str) -> None:
    for char in text:
        app.feed(Char(char))
    app.feed(Enter())
    app.step([])


def test_typed_answer_goes_through_the_table_and_the_journal(app_factory: Any) -> None:
    app = app_factory()
    _gambit7(app)
    _type(app, "28")
    assert dict(app.table.state.answers)["Alice"].value == 28
    assert [e.action for e in app.journal.events(app.table.game_id)] == ['answer "Alice" "28" fr']


def test_a_broken_rule_is_shown_and_changes_nothing(app_factory: Any) -> None:
    app = app_factory()
    _gambit7(app)
    before = app.table.state
    events = len(app.journal.events(app.table.game_id))
    _type(app, "1.5")  # ambiguous in French: a decimal or a thousands group?
    assert app.table.state is before
    assert len(app.journal.events(app.table.game_id)) == events
    assert app.message is not None and app.message[1] is True
    assert "1.5" in app.message[0]
    shown = " ".join(t.text for t in app.canvas.texts)
    assert "1.5" in shown  # the message is on screen


def test_message_is_in_the_current_language(app_factory: Any) -> None:
    app = app_factory()
    _gambit7(app)
    app.execute(Play("close-bets"))
    french = app.message[0]
    set_language("en")
    app.execute(Play("close-bets"))
    english = app.message[0]
    assert french != english and "Bets are not open" in english


def test_undo_and_redo_from_a_game_scene(app_factory: Any) -> None:
    app = app_factory()
    _gambit7(app)
    _type(app, "28")
    app.feed(Undo())
    assert app.table.state.answers == ()
    app.feed(Redo())
    assert len(app.table.state.answers) == 1
    app.feed(Press("undo"))  # the Undo button on screen does the same
    assert app.table.state.answers == ()


def test_undo_button_is_drawn_on_every_game_scene(app_factory: Any) -> None:
    app = app_factory()
    _gambit7(app)
    _type(app, "28")
    targets = {hit.target for hit in app.canvas.hits}
    assert "undo" in targets and "menu" in targets


def test_restart_on_the_same_journal_resumes_the_same_scene(app_factory: Any) -> None:
    app = app_factory()
    _gambit7(app)
    for value in ("28", "25", "25", "23"):
        _type(app, value)
    first = (app.scene.key(), app.scene.name)
    second = app_factory()
    second.step([])
    assert (second.scene.key(), second.scene.name) == first
    assert second.table.state == app.table.state


def test_menu_then_resume(app_factory: Any) -> None:
    app = app_factory()
    _gambit7(app)
    app.feed(Press("menu"))
    app.step([])
    assert app.scene.name == "home"
    assert "resume" in {hit.target for hit in app.canvas.hits}
    app.feed(Press("resume"))
    app.step([])
    assert app.scene.name == "gambit7-answers"


def test_home_refuses_duplicate_seat_names(app_factory: Any) -> None:
    app = app_factory()
    app.step([])
    app.feed(Press(GameTap("gambit7")))
    app.feed(Press(SeatTap(1)))
    for _ in range(10):
        app.feed(Erase())
    _type(app, "Orange")  # the first seat's name
    assert app.table is None
    assert app.message is not None and app.message[1]


def test_idle_app_sleeps_and_does_not_redraw(app_factory: Any, clock: FakeClock) -> None:
    app = app_factory()
    _gambit7(app)
    app.journal.flush()  # idle: nothing waits to be written either
    frames = app.painter.frames
    assert app.wait_ms() >= 1000
    clock.advance(5)
    app.step([])
    assert app.painter.frames == frames


def test_sand_timer_animates_at_most_30_frames_a_second(app_factory: Any, clock: FakeClock) -> None:
    app = app_factory()
    _gambit7(app)
    app.execute(StartTimer("answers", 30))
    app.step([])
    assert 0 < app.wait_ms() <= 34
    frames = app.painter.frames
    for _ in range(100):  # one simulated second in 10 ms steps
        clock.advance(0.01)
        app.step([])
    assert 25 <= app.painter.frames - frames <= 31
    assert app.show.ring.calls[-1][0] == "timer"
    clock.advance(40)
    app.step([])
    frames = app.painter.frames
    clock.advance(1)
    app.step([])
    assert app.painter.frames == frames  # time is up: nothing moves, nothing is drawn


def test_intents_from_keys_keypad_mouse_and_gpio(app_factory: Any) -> None:
    app = app_factory()
    app.step([])

    def key(k: int, mod: int = 0, text: str = "") -> Any:
        return normalise(
            pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text), 1.0, app.canvas.hit_at
        )

    assert key(pygame.K_KP7) == Char("7")
    assert key(pygame.K_KP_ENTER) == Enter()
    assert key(pygame.K_z, pygame.KMOD_CTRL) == Undo()
    assert key(pygame.K_4, 0, "4") == Char("4")
    assert key(pygame.K_SPACE) == Bell(1.0)
    button = next(hit for hit in app.canvas.hits if hit.target == Language("de"))
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=button.rect.center)
    assert normalise(click, 1.0, app.canvas.hit_at) == Press(Language("de"))
    w, h = app.canvas.rect.size
    finger = pygame.event.Event(
        pygame.FINGERDOWN, x=button.rect.centerx / w, y=button.rect.centery / h
    )
    assert normalise(finger, 1.0, app.canvas.hit_at) == Press(Language("de"))
    bell = pygame.event.Event(BELL_EVENT, at=2.5)
    assert normalise(bell, 1.0, app.canvas.hit_at) == Bell(2.5)
    undo = pygame.event.Event(BUTTON_EVENT, name="undo")
    assert normalise(undo, 1.0, app.canvas.hit_at) == Undo()


def test_language_switch_from_home(app_factory: Any) -> None:
    app = app_factory()
    app.step([])
    app.feed(Press(Language("de")))
    app.step([])
    from pi_app.i18n import current_language

    assert current_language() == "de"


def test_video_driver_choice() -> None:
    choose = app_module.choose_video_driver
    assert choose({}, is_pi=True) == "kmsdrm"
    assert choose({"DISPLAY": ":0"}, is_pi=True) is None
    assert choose({"SDL_VIDEODRIVER": "dummy"}, is_pi=False) == "dummy"
    assert choose({}, is_pi=False) is None


def test_headless_machine_gets_a_clear_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(app_module, "is_raspberry_pi", lambda: False)
    from pi_app.config import Config

    config = Config()
    config.values["journal"] = str(tmp_path / "j.sqlite3")
    assert app_module.run_app(config) == 1
    err = capsys.readouterr().err
    assert "SDL_VIDEODRIVER=dummy" in err and "tabletop demo" in err


def test_ring_without_leds_is_drawn_in_the_top_bar(app_factory: Any, clock: FakeClock) -> None:
    from pi_app.devices.ring import LedRing, MockRing, SimRing
    from pi_app.effects.ring import DeviceRing

    ring = LedRing(SimRing())
    app = app_factory(ring=DeviceRing(ring))
    _gambit7(app)
    slots = _top_bar_animations(app)
    assert len(slots) == 1
    slot = slots[0]
    app.execute(StartTimer("answers", 30))
    app.step([])
    assert ring.timer_left() is not None
    assert any(app.painter.surface.get_at(p)[:3] != (20, 24, 30) for p in _ring_points(slot))
    frames = app.painter.frames
    clock.advance(0.05)
    app.step([])
    assert app.painter.frames == frames + 1  # the drawn ring animates with the sand timer
    hardware = LedRing(MockRing())
    again = app_factory(ring=DeviceRing(hardware))  # the same game, on a box with LEDs
    again.step([])
    assert again.scene.name == app.scene.name
    assert _top_bar_animations(again) == []  # real LEDs: nothing drawn
    ring.close()
    hardware.close()


def _top_bar_animations(app: Any) -> list[pygame.Rect]:
    """The animated squares of the top bar (the drawn ring's place)."""
    bar_bottom = app.theme.pad + app.theme.button_h
    return [
        item.rect
        for item in app.canvas.animated
        if item.rect.bottom <= bar_bottom and item.rect.width == item.rect.height
    ]


def _ring_points(slot: pygame.Rect) -> list[tuple[int, int]]:
    return [
        (x, y) for x in range(slot.left, slot.right, 2) for y in range(slot.top, slot.bottom, 2)
    ]


class _Cues:
    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)


def test_timer_cues_tick_in_the_last_five_seconds_then_time_up(
    app_factory: Any, clock: FakeClock
) -> None:
    app = app_factory()
    cues = _Cues()
    app.box.cues.sounds = cues
    _gambit7(app)
    app.execute(StartTimer("answers", 10))
    for _ in range(120):
        clock.advance(0.1)
        app.step([])
    assert cues.played == ["tick"] * 5 + ["time-up"]


def test_a_press_posted_from_another_thread_wakes_the_polling_wait(app_factory: Any) -> None:
    import threading

    from pi_app.display.intents import BELL_EVENT, post, wait_events

    app_factory()
    pygame.event.clear()
    thread = threading.Thread(target=post, args=(pygame.event.Event(BELL_EVENT, at=3.0),))
    thread.start()
    events = wait_events(10_000, blocking=False)
    thread.join()
    assert [e.type for e in events] == [BELL_EVENT]


def test_a_screen_that_fails_to_draw_leaves_menu_and_undo(
    app_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pi_app.display.games.gambit7 import Gambit7Scene

    app = app_factory()
    _gambit7(app)
    _type(app, "28")

    def broken(*_args: object) -> None:
        raise RuntimeError("broken")

    monkeypatch.setattr(Gambit7Scene, "draw", broken)
    app.dirty = True
    app.step([])
    assert {"menu", "undo"} <= {hit.target for hit in app.canvas.hits}
    app.feed(Press("undo"))
    assert app.table.state.answers == ()


def test_a_failing_journal_is_shown_and_play_goes_on(
    app_factory: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import time

    from pi_app.table import writer

    monkeypatch.setattr(writer, "RETRY_FIRST", 0.01)
    monkeypatch.setattr(writer, "RETRY_MAX", 0.05)
    app = app_factory()
    _gambit7(app)
    journal = app.journal
    journal.flush()
    with journal._lock:  # the card is full
        pages = journal._db.execute("PRAGMA page_count").fetchone()[0]
        journal._db.execute(f"PRAGMA max_page_count={pages}")
    deadline = time.monotonic() + 60
    while journal.error is None and time.monotonic() < deadline:
        for char in "28":  # an answer, taken back: two events for the full card; no
            app.feed(Char(char))  # frame between them, so the failure is said at the
        app.feed(Enter())  # step below, whenever the writer meets it
        app.execute(acts.Undo())
        time.sleep(0.001)
    assert journal.error is not None
    assert app.wait_ms() <= 500  # the loop looks again soon
    app.step([])
    assert app.message is not None and app.message[1] and "plein" in app.message[0]
    assert "plein" in " ".join(t.text for t in app.canvas.texts)
    with journal._lock:
        journal._db.execute("PRAGMA max_page_count=1073741823")
    journal.flush(10)
    app.step([])
    assert app.message is not None and not app.message[1] and "rien n’a été perdu" in app.message[0]
    assert app_factory().table.state == app.table.state  # a restart finds every event

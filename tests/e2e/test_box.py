"""The whole box: the app, the bell and host buttons on gpiozero mock pins, the ring
through the Pico link to the real firmware in MicroPython's unix port (a pseudo-terminal
stands in for the USB cable; the mock ring backend stands in when MicroPython is absent).

The app is driven step by step (`App.step`) with an injected clock, so every test is
deterministic; presses go through the real debouncing, listening and pygame's queue.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from gpiozero.pins.mock import MockFactory

from pi_app.config import Config
from pi_app.devices.pinout import load_pinout
from pi_app.devices.ring import MockRing
from pi_app.display.app import App, build_app
from pi_app.display.demo import FakeClock
from pi_app.display.devices import WiredDevices, open_for_display
from pi_app.display.games.cambio import Currency, Ringer
from pi_app.display.games.gambit7 import Case
from pi_app.display.intents import Char, Enter
from pi_app.display.scene import NewGame
from pi_app.display.targets import KeyTap, SeatTap
from pi_app.effects.ring import FLASH, RecordingRing
from pi_app.table import Journal

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "firmware"))
from mpy_harness import FirmwareProcess, micropython_path

PINOUT = load_pinout("")


class SpyRing(RecordingRing):
    """Records each ring request, then passes it on to the devices' ring."""

    def __init__(self, inner: Any, clock: Callable[[], float]) -> None:
        super().__init__(clock)
        self.inner = inner

    def timer(self, seconds: float) -> None:
        super().timer(seconds)
        self.inner.timer(seconds)

    def flash(self, colour: tuple[int, int, int], blinks: int = 1, seconds: float = FLASH) -> None:
        super().flash(colour, blinks, seconds)
        self.inner.flash(colour, blinks, seconds)

    def colour(self, colour: tuple[int, int, int] | None, arcs: int = 0) -> None:
        super().colour(colour, arcs)
        self.inner.colour(colour, arcs)


class Box:
    """Mock pins, the devices, and a way to (re)start the app on one journal."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.clock = FakeClock()
        self.factory = MockFactory()
        self.firmware = FirmwareProcess() if micropython_path() else None
        config = Config()
        config.values.update(hardware="pi", journal=str(tmp / "journal.sqlite3"))
        self.config = config
        if self.firmware is not None:
            firmware = self.firmware
            self.devices: WiredDevices = open_for_display(
                config.values, self.factory, port=lambda: firmware.path
            )
        else:
            self.devices = open_for_display(config.values, self.factory, ring_backend=MockRing())
        assert self.devices.bell is not None, "devices did not open"
        self.led_ring: Any = self.devices.ring.ring  # type: ignore[union-attr]
        if self.firmware is not None:  # the Pico answers the hello: the link is up
            deadline = time.monotonic() + 10
            while not self.led_ring.on_hardware and time.monotonic() < deadline:
                time.sleep(0.01)
            assert self.led_ring.on_hardware, "the firmware did not answer"
        self.app = self.start()

    def start(self) -> App:
        """A new app object on the same journal (a restart of the program)."""
        pygame.display.init()
        pygame.font.init()
        assert self.devices.ring is not None
        app = build_app(
            self.config.values,
            journal=Journal(self.tmp / "journal.sqlite3"),
            clock=self.clock,
            ring=SpyRing(self.devices.ring, self.clock),
            on_listen=self.devices.listen_bell,
        )
        app.open_window()
        app.step([])
        return app

    def restart(self) -> App:
        self.app.journal.close()
        self.app = self.start()
        return self.app

    def press_pin(self, pin: int) -> None:
        """Push and release a button wired to `pin`, then let the app take the events."""
        mock = self.factory.pin(pin)
        mock.drive_low()
        time.sleep(0.001)
        mock.drive_high()
        time.sleep(0.06)  # longer than the debouncer's quiet time
        self.app.step()

    def tap(self, target: object) -> None:
        """A touch on whatever the screen shows for `target`, as the mouse reports it."""
        hit = next(h for h in self.app.canvas.hits if h.target == target)
        event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=hit.rect.center)
        self.app.step([event])

    def type(self, text: str) -> None:
        for char in text:
            self.app.feed(Char(char))
        self.app.feed(Enter())
        self.app.step([])

    def shown(self) -> str:
        return " ".join(t.text for t in self.app.canvas.texts)

    def close(self) -> None:
        self.app.journal.close()
        self.devices.close()
        if self.firmware is not None:
            self.firmware.stop()
        pygame.display.quit()


@pytest.fixture
def box(tmp_path: Path) -> Iterator[Box]:
    made = Box(tmp_path)
    yield made
    made.close()


def test_cambio_round_with_the_bell(box: Box) -> None:
    app = box.app
    app.execute(NewGame("cambio", ("Ana", "Ben", "Cléo", "Dan"), {"variant": "simple"}))
    app.step([])
    bell = box.devices.bell
    box.press_pin(PINOUT.bell)  # nobody asked for the bell yet: the press is dropped
    assert bell.dropped == 1 and app.table.state.phase == "deal"
    box.tap("deal")
    assert app.scene.name == "cambio-study"
    assert app.show.ring.calls[-1][:2] == ("timer", 30.0)
    left = box.led_ring.timer_left()  # the ring itself runs the sand timer
    assert left is not None and 29 < left <= 30
    assert bell.listening
    box.clock.advance(30.5)  # the study time runs out: trading opens by itself
    app.step([])
    assert app.table.state.phase == "trading"
    assert "Trading open!" in box.shown() or app.scene.name == "cambio-trading"
    box.press_pin(PINOUT.bell)
    assert app.scene.name == "cambio-stop"
    assert "STOP" in box.shown()
    assert app.show.ring.calls[-1][0] == "flash"
    assert not bell.listening  # the table stopped asking
    assert app.table.state.phase == "stopped"  # the bell is an event of the table
    app.journal.flush()  # one commit later it is on disk
    app = box.restart()  # then the plug is pulled before the ringer is named
    assert app.scene.name == "cambio-stop" and "STOP" in box.shown()
    assert not box.devices.bell.listening
    box.tap(Ringer(1))
    assert app.table.state.round.rung_by == "Ben"
    box.tap(Currency(2))  # Yen, 80
    box.tap("show")
    assert app.table.state.score_map == {"Ana": 0, "Ben": 80, "Cléo": 0, "Dan": 0}
    assert app.scene.name == "cambio-deal"
    assert "80" in box.shown() and "Ben" in box.shown()


def test_gambit7_round_from_answers_to_payouts_with_a_restart(box: Box) -> None:
    app = box.app
    seats = ("Alice", "Bruno", "Chloé", "Dimitri")
    app.execute(NewGame("gambit7", seats, {}))
    app.step([])
    box.press_pin(PINOUT.bell)  # the bell turns the sand timer
    assert app.show.ring.calls[-1][:2] == ("timer", 30.0)
    for key in "28":
        box.tap(KeyTap(key))
    box.tap("ok")
    for answer in ("25", "25", "23"):
        box.type(answer)
    assert app.scene.name == "gambit7-answers"  # every answer in, still hidden
    box.tap("reveal")
    assert app.scene.name == "gambit7-bets"
    shown = box.shown()
    assert all(seat in shown for seat in seats)
    key = app.scene.key()
    app = box.restart()  # the plug is pulled and the box starts again
    assert app.scene.name == "gambit7-bets" and app.scene.key() == key
    for seat, case in ((0, "25"), (0, "25"), (1, "25"), (3, "less")):
        box.tap(SeatTap(seat))
        box.tap(Case(case))
    box.press_pin(PINOUT.undo)  # the host's undo button takes Dimitri's bet back
    assert "Dimitri" not in dict(app.table.state.bets)
    box.tap(SeatTap(3))
    box.tap(Case("less"))
    box.tap("close")
    box.type("27")
    assert app.scene.name == "gambit7-scored"
    # 27: the winning case is 25 (blue centre, 4 shared); Alice 2 chips and Bruno 1 are
    # shared (4 each); Bruno and Chloé wrote 25 (slate bonus 4); Dimitri bet too low.
    assert app.table.state.scores == (8, 8, 4, 0)
    assert "27" in box.shown()


def test_host_next_button_moves_the_game_on(box: Box) -> None:
    app = box.app
    app.execute(NewGame("cambio", ("Ana", "Ben", "Cléo"), {}))
    app.step([])
    box.press_pin(PINOUT.next)  # deal: the study starts
    assert app.table is not None and app.table.state.phase == "study"
    box.press_pin(PINOUT.next)  # the chair opens trading early
    assert app.table.state.phase == "trading"

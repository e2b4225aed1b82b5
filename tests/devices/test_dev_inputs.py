"""The bell and host buttons on gpiozero's MockFactory: one press per push, only when listening."""

from __future__ import annotations

from collections.abc import Iterator

import gpiozero.pins.mock
import pytest
from gpiozero.pins.mock import MockFactory

from pi_app.devices.inputs import BellButton, ButtonPress, Debouncer, HostButton, PressInput


class Clock:
    """The mock pins' clock: tests move it, nothing sleeps."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    made = Clock()
    # MockPin timestamps its state changes (the ticks it hands to gpiozero) with this.
    monkeypatch.setattr(gpiozero.pins.mock, "monotonic", made)
    return made


@pytest.fixture
def factory(clock: Clock) -> Iterator[MockFactory]:
    made = MockFactory()
    yield made
    made.close()


@pytest.fixture
def bell(factory: MockFactory) -> Iterator[BellButton]:
    made = BellButton(17, pin_factory=factory)
    made.listen()
    yield made
    made.close()


def bounce(pin: gpiozero.pins.mock.MockPin, clock: Clock, times: int, span: float) -> None:
    """Close the contact `times` times within `span` seconds, ending closed."""
    step = span / (2 * times)
    for _ in range(times - 1):
        pin.drive_low()
        clock.advance(step)
        pin.drive_high()
        clock.advance(step)
    pin.drive_low()


def release_bouncing(
    pin: gpiozero.pins.mock.MockPin, clock: Clock, times: int, span: float
) -> None:
    step = span / (2 * times)
    for _ in range(times - 1):
        pin.drive_high()
        clock.advance(step)
        pin.drive_low()
        clock.advance(step)
    pin.drive_high()


def test_a_bell_bouncing_five_times_in_ten_ms_is_one_press(
    bell: BellButton, factory: MockFactory, clock: Clock
) -> None:
    pin = factory.pin(17)
    start = clock.now
    bounce(pin, clock, 5, 0.010)
    clock.advance(0.2)
    release_bouncing(pin, clock, 5, 0.010)
    presses = bell.drain()
    assert len(presses) == 1
    assert presses[0].source == "bell" and presses[0].ticks == start


def test_a_bell_held_three_seconds_is_one_press(
    bell: BellButton, factory: MockFactory, clock: Clock
) -> None:
    pin = factory.pin(17)
    bounce(pin, clock, 3, 0.006)
    clock.advance(3.0)
    release_bouncing(pin, clock, 4, 0.008)
    assert len(bell.drain()) == 1
    clock.advance(1.0)  # a second, separate push still counts
    bounce(pin, clock, 2, 0.004)
    assert len(bell.drain()) == 1


def test_a_press_while_not_listening_is_dropped_not_queued(
    bell: BellButton, factory: MockFactory, clock: Clock
) -> None:
    pin = factory.pin(17)
    bell.ignore()
    pin.drive_low()
    clock.advance(0.1)
    pin.drive_high()
    clock.advance(0.1)
    bell.listen()
    assert bell.drain() == [] and bell.dropped == 1
    pin.drive_low()
    assert len(bell.drain()) == 1


def test_the_bell_starts_not_listening(factory: MockFactory) -> None:
    bell = BellButton(17, pin_factory=factory)
    factory.pin(17).drive_low()
    assert not bell.listening and bell.get() is None
    bell.close()


def test_presses_carry_the_pins_ticks_not_the_callback_time(
    factory: MockFactory, clock: Clock
) -> None:
    host_clock = Clock()
    host_clock.now = 5.0
    bell = BellButton(17, pin_factory=factory, listening=True, clock=host_clock)
    clock.advance(2.5)
    factory.pin(17).drive_low()
    (press,) = bell.drain()
    assert press == ButtonPress("bell", clock.now, 5.0)
    bell.close()


def test_listeners_hear_each_press_once(
    bell: BellButton, factory: MockFactory, clock: Clock
) -> None:
    heard: list[ButtonPress] = []
    bell.add_listener(heard.append)
    bounce(factory.pin(17), clock, 5, 0.010)
    assert len(heard) == 1 and bell.get() == heard[0]
    bell.remove_listener(heard.append)
    clock.advance(0.5)
    factory.pin(17).drive_high()
    clock.advance(0.5)
    factory.pin(17).drive_low()
    assert len(heard) == 1 and bell.get() is not None


def test_a_failing_listener_does_not_lose_the_press(
    bell: BellButton, factory: MockFactory, clock: Clock
) -> None:
    def broken(press: ButtonPress) -> None:
        raise RuntimeError("display gone")

    bell.add_listener(broken)
    factory.pin(17).drive_low()
    assert bell.get() is not None


def test_host_buttons_debounce_the_same_way(factory: MockFactory, clock: Clock) -> None:
    next_button = HostButton("next", 27, pin_factory=factory)
    undo = HostButton("undo", 22, pin_factory=factory)
    assert next_button.listening and undo.listening
    bounce(factory.pin(27), clock, 5, 0.010)
    clock.advance(0.001)
    bounce(factory.pin(22), clock, 5, 0.010)
    assert [p.source for p in next_button.drain()] == ["next"]
    assert [p.source for p in undo.drain()] == ["undo"]
    assert type(next_button.debouncer) is type(undo.debouncer) is Debouncer
    factory.pin(27).drive_high()  # released: gpiozero closes a held button slowly
    factory.pin(22).drive_high()
    next_button.close()
    undo.close()


def test_the_keyboard_bell_follows_the_same_rules() -> None:
    clock = Clock()
    bell = BellButton(clock=clock)
    assert bell.simulated
    bell.press_from_keyboard()
    assert bell.drain() == [] and bell.dropped == 1
    bell.listen()
    clock.advance(0.5)
    bell.press_from_keyboard()
    clock.advance(0.01)
    bell.press_from_keyboard()  # a key chattering: still one press
    assert len(bell.drain()) == 1
    clock.advance(0.5)
    bell.key_down()
    clock.advance(3.0)
    bell.key_up()
    assert len(bell.drain()) == 1


def test_the_debouncer_alone() -> None:
    debouncer = Debouncer(quiet=0.05)
    edges = [(0.0, True), (0.002, False), (0.004, True), (1.0, False), (1.01, True), (1.2, False)]
    assert [debouncer.edge(t, a) for t, a in edges] == [True, False, False, False, False, False]
    assert debouncer.edge(1.3, True)


def test_an_input_without_a_pin_is_simulated(factory: MockFactory) -> None:
    assert PressInput("x").simulated
    assert not PressInput("y", 5, pin_factory=factory).simulated

"""LedRing: commands to its backend, a simulated mirror, timer-done exactly once."""

from __future__ import annotations

import threading

import pytest

from pi_app.devices.ring import (
    BREATHE,
    FLASH,
    OFF,
    PROGRESS,
    SAND,
    TIMER,
    TURN,
    WARNING,
    LedRing,
    MockRing,
    RingCommand,
    SimRing,
    colour_int,
)
from pi_app.devices.shared import animations


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_each_command_reaches_the_backend() -> None:
    mock = MockRing()
    ring = LedRing(mock, clock=Clock())
    ident = ring.sand_timer(30)
    ring.whose_turn((255, 0, 0))
    ring.flash(0x00FF00, 0.25)
    ring.progress(0.4, 0x0000FF)
    ring.breathe(0x102030, 3.0)
    ring.off()
    assert mock.commands == [
        RingCommand(TIMER, (30000, 0, SAND, WARNING, ident)),
        RingCommand(TURN, (0xFF0000,)),
        RingCommand(FLASH, (0x00FF00, 250)),
        RingCommand(PROGRESS, (400, 0x0000FF)),
        RingCommand(BREATHE, (0x102030, 3000)),
        RingCommand(OFF, ()),
    ]
    ring.close()


@pytest.mark.parametrize("colour", [(256, 0, 0), (1, 2), -1, 0x1000000, True, "red"])
def test_bad_colours_are_refused(colour: object) -> None:
    with pytest.raises(ValueError):
        colour_int(colour)  # type: ignore[arg-type]


def test_a_bad_duration_is_refused_and_changes_nothing() -> None:
    mock = MockRing()
    ring = LedRing(mock)
    with pytest.raises(ValueError):
        ring.sand_timer(0)
    assert mock.commands == [] and ring.timer_left() is None


def test_when_the_pico_is_away_the_display_draws_the_same_pixels() -> None:
    mock = MockRing(up=False)
    clock = Clock()
    ring = LedRing(mock, clock=clock)
    assert not ring.on_hardware
    ring.sand_timer(10, 0xFFFFFF, 0xFF0000)
    clock.now += 4.0
    reference = animations.Animator(24, 255)
    reference.timer(100_000, 10_000, 0, 0xFFFFFF, 0xFF0000, 1)
    reference.render(104_000)
    expected = [tuple(reference.lin[i : i + 3]) for i in range(0, 72, 3)]
    assert ring.pixels() == expected
    assert any(p != (0, 0, 0) for p in expected)
    assert ring.timer_left() == pytest.approx(6.0)
    ring.close()


def test_the_ring_shows_its_state_again_when_the_link_comes_back() -> None:
    mock = MockRing(up=False)
    clock = Clock()
    ring = LedRing(mock, clock=clock)
    ident = ring.sand_timer(20)
    clock.now += 7.5
    mock.set_up(True)
    assert ring.on_hardware
    assert mock.commands == [RingCommand(TIMER, (20000, 7500, SAND, WARNING, ident))]
    ring.whose_turn(0x00FF00)
    mock.set_up(True)
    assert mock.commands[-1] == RingCommand(TURN, (0x00FF00,))
    ring.close()


def test_the_display_hears_when_the_real_ring_comes_and_goes() -> None:
    mock = MockRing(up=True)
    ring = LedRing(mock)
    heard: list[bool] = []
    ring.on_link_change(heard.append)
    mock.set_up(False)
    assert not ring.on_hardware
    mock.set_up(True)
    assert heard == [False, True] and ring.on_hardware
    ring.close()


def test_timer_done_from_the_pico_is_reported_once() -> None:
    mock = MockRing()
    ring = LedRing(mock)
    done: list[int] = []
    ring.on_timer_done(done.append)
    old = ring.sand_timer(60)
    ident = ring.sand_timer(60)
    mock.report_timer_done(old)  # an earlier timer: ignored
    mock.report_timer_done(ident)
    mock.report_timer_done(ident)  # a repeat: ignored
    assert done == [ident]
    ring.close()


def test_without_a_pico_the_pis_clock_ends_the_timer() -> None:
    ring = LedRing(SimRing())
    ended = threading.Event()
    done: list[int] = []

    def record(ident: int) -> None:
        done.append(ident)
        ended.set()

    ring.on_timer_done(record)
    ident = ring.sand_timer(0.05)
    assert ended.wait(5)
    assert done == [ident]
    ring.close()


def test_a_replaced_timer_never_reports() -> None:
    mock = MockRing()
    ring = LedRing(mock)
    done: list[int] = []
    ring.on_timer_done(done.append)
    ident = ring.sand_timer(60)
    ring.whose_turn(0xFF0000)
    mock.report_timer_done(ident)
    assert done == [] and ring.timer_left() is None
    ring.close()

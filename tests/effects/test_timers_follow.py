"""Cambio's study time follows the deal, whoever dealt: a tap on the screen, the host's
phone, a box with no screen (`effects.timers_follow`); its end opens the trading
(`box.time_up`), and trading opened early stops it."""

from __future__ import annotations

from pathlib import Path

import pytest

from pi_app.assembly import Box, build_box
from pi_app.box.actors import BOX, HOST, TIMER, Actor
from pi_app.box.acts import Act, Bell, Play, Redo, Undo
from pi_app.box.changes import Played as PlayedChange
from pi_app.effects.ring import RecordingRing
from pi_app.effects.ring_show import Tick
from pi_app.table import Journal, Table

SEATS = ["Ana", "Ben", "Cléo"]


@pytest.mark.parametrize("by", [BOX, HOST], ids=["screen", "host"])
def test_the_deal_starts_the_study_time_and_an_undo_does_not(tmp_path: Path, by: Actor) -> None:
    journal = Journal(tmp_path / "journal.sqlite3")
    try:
        box = build_box({"timers.cambio_study": 45}, journal)
        box.session.shelf.seat(Table.new(journal, "cambio", SEATS, {}, seed=3), BOX)
        assert box.show.timer is None
        assert box.session.act(Play("deal", by)).ok
        timer = box.show.timer
        assert timer is not None and (timer.kind, timer.seconds) == ("study", 45)
        box.show.drop_timer()
        assert box.session.act(Undo(by=by)).ok
        assert box.show.timer is None  # taking the deal back starts no study
        assert box.session.act(Redo(by=by)).ok
        assert box.show.timer is not None and box.show.timer.kind == "study"
        box.show.drop_timer()
        assert box.session.act(Play("open", by)).ok
        assert box.show.timer is None  # trading opened: no new sand timer
    finally:
        journal.close()


class Clock:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def dealt_box(journal: Journal, clock: Clock) -> Box:
    """A Cambio table with no screen, dealt: its 45 s study time running."""
    box = build_box({"timers.cambio_study": 45}, journal, clock=clock, screen=False)
    box.session.shelf.seat(Table.new(journal, "cambio", SEATS, {}, seed=3), BOX)
    assert box.session.act(Play("deal", HOST)).ok
    return box


def test_the_study_time_over_opens_the_trading_once(tmp_path: Path) -> None:
    """The box plays what the rules say the timer's end plays, as the timer: once."""
    journal, clock = Journal(tmp_path / "journal.sqlite3"), Clock()
    try:
        box = dealt_box(journal, clock)
        table = box.session.table
        assert table is not None
        told: list[object] = []
        box.session.changes.subscribe(told.append)
        clock.now += 44.5
        box.tick()
        assert table.state.phase == "study"
        clock.now += 1
        assert box.tick() is Tick.TIME_UP
        assert table.state.phase == "trading" and box.show.timer is None
        clock.now += 5
        assert box.tick() is None
        assert [(c.notation, c.by) for c in told if isinstance(c, PlayedChange)] == [
            ("open", TIMER)
        ]
    finally:
        journal.close()


@pytest.mark.parametrize("act", [Play("open", HOST), Bell()], ids=["host", "bell"])
def test_trading_opened_early_stops_the_study_time(tmp_path: Path, act: Act) -> None:
    """The host's phone or the bell opens trading early: the study's timer stops there
    (the ring shows the turn again, the phones see no timer), and its end plays nothing."""
    journal, clock = Journal(tmp_path / "journal.sqlite3"), Clock()
    try:
        box = dealt_box(journal, clock)
        clock.now += 10
        assert box.session.act(act).ok
        assert box.show.timer is None
        ring = box.show.ring
        assert isinstance(ring, RecordingRing) and ring.calls[-1][0] == "colour"
        clock.now += 60
        assert box.tick() is None
        table = box.session.table
        assert table is not None and table.state.phase == "trading"
        assert table.moves_played == 2
    finally:
        journal.close()

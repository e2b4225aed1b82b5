"""Cambio's study time on a box with no screen: its end opens the trading by itself
(the box plays `open` as the timer, journaled once), and trading opened early by the
bell stops the study's sand timer, so the ring and the phones stop counting it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pi_app.box.actors import BUTTON, TIMER
from pi_app.box.acts import Play
from pi_app.devices.ring import BREATHE
from pi_app.devices.ring import TIMER as RING_TIMER
from pi_app.screenless import Screenless
from tests.journals import journaled
from tests.web.test_screenless_box import ring_bell, screenless_box, until
from tests.web.test_screenless_cambio_bell import CAMBIO, dealt, listen, played

SHORT = 0.5
"""seconds: a study time that runs out while the test waits on its end (a condition)."""


def ring_kinds(devices: Any) -> list[str]:
    """The kinds of the commands the ring was sent, in order."""
    return [command.kind for command in devices.ring.backend.commands]


def phones_timer(run: Screenless) -> object:
    """The sand timer the phones were last handed (None: none runs)."""
    published = run.hub.published
    assert published is not None
    return published.timer


def test_the_study_time_running_out_opens_the_trading_on_a_box_with_no_screen(
    tmp_path: Path,
) -> None:
    values = {"timers.cambio_study": SHORT}
    with screenless_box(tmp_path, game=CAMBIO, values=values) as (run, _devices, _f, _port):
        table = run.session.table
        assert table is not None
        told = listen(run)
        assert run.loop.act(Play("deal")).ok
        until(lambda: table.state.phase == "trading")  # nobody rang: the time ran out
        until(lambda: [p[1] for p in played(told)] == ["deal", "open"])
        assert played(told)[-1] == ("Played", "open", TIMER)
        assert run.loop.call(lambda _table: run.loop.box.show.timer) is None
        game_id = table.game_id
    assert journaled(tmp_path / "journal.sqlite3", game_id)[-2:] == ["deal", "open"]
    assert journaled(tmp_path / "journal.sqlite3", game_id).count("open") == 1


def test_the_bell_opening_trading_early_stops_the_study_time_with_no_screen(
    tmp_path: Path,
) -> None:
    with screenless_box(tmp_path, game=CAMBIO) as (run, devices, factory, _port):
        dealt(run)
        until(lambda: phones_timer(run) is not None)
        assert RING_TIMER in ring_kinds(devices)
        told = listen(run)
        ring_bell(run, factory, devices)  # the chair rings early: trading opens
        assert played(told) == [("Played", "open", BUTTON)]
        assert run.loop.call(lambda _table: run.loop.box.show.timer) is None
        until(lambda: phones_timer(run) is None)  # the phones count it no more
        kinds = ring_kinds(devices)
        assert BREATHE in kinds[kinds.index(RING_TIMER) :]  # the ring breathes no-screen again

"""The bell of a Cambio box with no screen is Cambio's bell: a press in the study time
opens trading, a press in trading rings STOP (the ring flashes STOP), as the bell does
on the screen's Cambio scene; each press enters the core's door as the box's buttons
and is journaled. A press when the bell means nothing changes nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pi_app.box.actors import BUTTON
from pi_app.box.acts import Play
from pi_app.box.changes import Refused, TableChange
from pi_app.devices.ring import FLASH, colour_int
from pi_app.effects.ring_follows import NEXT_FLASH, NOTHING_FLASH
from pi_app.palette import STOP_RED
from pi_app.screenless import Screenless
from pi_app.table.protocol import GameTable
from tests.journals import journaled
from tests.web.test_screenless_box import ring_bell, screenless_box, until

CAMBIO = ("cambio", {"variant": "simple"}, {})


def listen(run: Screenless) -> list[object]:
    """Every change the box tells from now on (subscribed on the loop's thread)."""
    told: list[object] = []
    run.loop.call(lambda _table: run.session.changes.subscribe(told.append))
    return told


def played(told: list[object]) -> list[tuple[str, str, Any]]:
    """The table's changes told: their kind, notation and actor."""
    changes = [change for change in told if isinstance(change, TableChange)]
    return [(type(c).__name__, c.notation, c.by) for c in changes]  # type: ignore[attr-defined]


def dealt(run: Screenless) -> GameTable:
    """The box's table, once its cards are dealt (its study time running)."""
    table = run.session.table
    assert table is not None
    assert run.loop.act(Play("deal")).ok
    until(lambda: table.state.phase == "study")
    return table


def flashes(devices: Any) -> list[int]:
    """The colours the ring has flashed, in order."""
    return [c.args[0] for c in devices.ring.backend.commands if c.kind == FLASH]


def test_the_bell_opens_trading_then_rings_stop_on_a_cambio_box_with_no_screen(
    tmp_path: Path,
) -> None:
    with screenless_box(tmp_path, game=CAMBIO) as (run, devices, factory, _port):
        table = dealt(run)
        told = listen(run)
        ring_bell(run, factory, devices)  # the chair rings early: trading opens
        assert table.state.phase == "trading"  # handled: told and journaled
        assert played(told) == [("Played", "open", BUTTON)]
        assert flashes(devices)[-1] == colour_int(NEXT_FLASH)
        ring_bell(run, factory, devices)  # STOP: everything stops
        assert table.state.phase == "stopped"
        assert played(told) == [("Played", "open", BUTTON), ("Played", "bell", BUTTON)]
        stop = [c for c in told if isinstance(c, TableChange) and c.notation == "bell"]
        assert "stop" in stop[0].moments
        assert flashes(devices)[-1] == colour_int(STOP_RED)  # STOP's flash, not covered
        game_id = table.game_id
    events = journaled(tmp_path / "journal.sqlite3", game_id)
    assert events[-3:] == ["deal", "open", "bell"]


def test_a_bell_that_means_nothing_changes_nothing_on_a_cambio_box_with_no_screen(
    tmp_path: Path,
) -> None:
    """Before the deal, and once STOP rang (the table says who rang), the bell has
    nothing to do: the round stays, the journal keeps nothing, the box plays on."""
    with screenless_box(tmp_path, game=CAMBIO) as (run, devices, factory, _port):
        table = run.session.table
        assert table is not None
        pressed_for_nothing(run, devices, factory)  # before the deal
        for notation in ("deal", "open"):
            assert run.loop.act(Play(notation)).ok
        ring_bell(run, factory, devices)  # STOP
        assert table.state.phase == "stopped"
        pressed_for_nothing(run, devices, factory)  # a second bell: who rang first?
        assert run.loop.act(Play('ring "Ben"')).ok  # the table plays on
        assert table.state.phase == "rung"


def pressed_for_nothing(run: Screenless, devices: Any, factory: Any) -> None:
    """A press of the bell that the round refuses: no change of the table, nothing
    journaled, one refusal told, the ring's refused blinks."""
    table = run.session.table
    assert table is not None
    before, moves = table.state, table.moves_played
    told = listen(run)
    ring_bell(run, factory, devices)
    assert table.state is before and table.moves_played == moves
    assert not played(told)
    assert [type(c) for c in told if isinstance(c, Refused)] == [Refused]
    assert flashes(devices)[-1] == colour_int(NOTHING_FLASH)

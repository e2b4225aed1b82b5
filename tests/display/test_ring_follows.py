"""The ring follows the table's changes, before any frame is drawn (issue 45, bug 2).

A user saw the ring stay in the computer's colour after the computer moved in Gambo,
until they touched a piece: the ring's colour was set from the scene after the frame
was drawn, so a ring drawn on the screen showed the old turn until the next frame.
Now the ring is a listener of the core's changes: the turn's colour is set the moment
the computer's move is told, and the frame after it shows it.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame
import pytest

from pi_app.box.actors import BUTTON, COMPUTER, Actor
from pi_app.box.changes import Changes, Played, Refused
from pi_app.display.demo import FakeClock, make_app
from pi_app.display.scene import NewGame, Play
from pi_app.effects.ring import RecordingRing
from pi_app.effects.ring_follows import NEXT_FLASH, NOTHING_FLASH, RingFollows
from pi_app.effects.ring_show import RingShow
from pi_app.palette import STOP_RED, seat_colour

SETUP = {
    "A": ["E1", "C2", "M3", "E2", "C3", "M1", "E3", "C1", "M2"],
    "B": ["M1", "E3", "C2", "M2", "E1", "C3", "M3", "E2", "C1"],
}
"""A dealt board; B moves first on it."""
PATIENCE = 60.0


def test_the_players_turn_is_on_the_ring_before_the_frame_after_the_computers_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = FakeClock()
    ring = RecordingRing(clock)
    app: Any = make_app("800x480", tmp_path / "journal.sqlite3", clock, {}, ring=ring)
    flip, update = pygame.display.flip, pygame.display.update

    def presented(*args: Any) -> None:
        ring.calls.append(("frame", None, clock()))
        (update if args else flip)(*args)

    monkeypatch.setattr(pygame.display, "flip", presented)
    monkeypatch.setattr(pygame.display, "update", presented)
    try:
        app.execute(NewGame("gambo", ("Ana", "Ben"), {"setup": SETUP}, {"opponent": {"A": "easy"}}))
        app.step([])
        table = app.table
        assert table.state.to_move == 1  # Ben, the person, moves first
        move = table.game.format_action(table.game.legal_actions(table.state)[0])
        app.execute(Play(move))
        app.step([])
        end = time.monotonic() + PATIENCE
        while table.state.to_move == 0:  # the computer (A) searches, then moves
            assert time.monotonic() < end, "the computer never moved"
            app.step([])
            time.sleep(0.01)
        ben = seat_colour(1)
        colours = [i for i, call in enumerate(ring.calls) if call[0] == "colour"]
        frames = [i for i, call in enumerate(ring.calls) if call[0] == "frame"]
        assert ring.calls[colours[-1]][1] == ben  # whose turn: Ben's
        assert colours[-1] < frames[-1], "the frame was drawn before the ring turned"
    finally:
        app.journal.close()


def screenless_ring() -> tuple[RecordingRing, Changes]:
    """A ring following a box's changes with no screen (no turns shown), and the changes."""
    clock = FakeClock()
    ring = RecordingRing(clock)
    changes = Changes()
    RingFollows(RingShow(ring, clock), changes, turns=False)
    return ring, changes


def rang(moment: str, by: Actor = COMPUTER) -> Played:
    """A bell's press told with its `moment` (the table's state left out)."""
    table: Any = type("Table", (), {"game": None, "state": None, "extras": {}})()
    return Played(
        table=table, by=by, before=0, after=1, moments=frozenset({moment}), notation="bell"
    )


def test_the_ring_answers_a_button_and_flashes_at_the_stop() -> None:
    """Without any screen: a button's press that moved the round on flashes white, one
    with nothing to move on red; the bell's stop flashes in its colour (`moments`)."""
    ring, changes = screenless_ring()
    changes.publish(Refused("nothing to move on", BUTTON))
    changes.publish(rang("stop"))
    flashes = [call[1] for call in ring.calls if call[0] == "flash"]
    assert flashes == [NOTHING_FLASH, STOP_RED]
    assert not [call for call in ring.calls if call[0] == "colour"]  # no screen: it breathes


def test_the_bell_of_a_box_with_no_screen_ringing_stop_flashes_stop_alone() -> None:
    """The bell of a Cambio box with no screen is a button's press: its STOP flashes
    STOP's long red, and no white answer comes after to cover it; a press that moved
    the round on without a moment still flashes white."""
    ring, changes = screenless_ring()
    changes.publish(rang("stop", BUTTON))
    assert ring.patterns == [("flash", 1, 1.2)]
    changes.publish(rang("dealt", BUTTON))  # no flash of its own: the press's white
    assert [call[1] for call in ring.calls if call[0] == "flash"] == [STOP_RED, NEXT_FLASH]


def test_a_refused_press_blinks_twice_and_stop_flashes_once() -> None:
    """Two reds told apart by their pattern: STOP one long flash, a refused press two
    blinks, a false ring three (firmware/README.md)."""
    ring, changes = screenless_ring()
    changes.publish(Refused("nothing to move on", BUTTON))
    for moment in ("stop", "false-ring"):
        changes.publish(rang(moment))
    assert ring.patterns == [("flash", 2, 0.4), ("flash", 1, 1.2), ("flash", 3, 0.4)]


def test_whose_turn_lights_the_seats_own_arcs(tmp_path: Path) -> None:
    """The ring cuts whose turn into the seat's arcs (its palette place + 1): Ben, the
    second seat, two arcs; with the players' own colours, the colour's."""
    clock = FakeClock()
    ring = RecordingRing(clock)
    app: Any = make_app("800x480", tmp_path / "journal.sqlite3", clock, {}, ring=ring)
    try:
        app.execute(NewGame("gambo", ("Ana", "Ben"), {"setup": SETUP}, {"colours": [4, 6]}))
        app.step([])
        assert app.table.state.to_move == 1
        assert ring.calls[-1][:2] == ("colour", seat_colour(1, (4, 6)))
        assert ring.patterns[-1] == ("colour", 7)  # the seventh colour: seven arcs
    finally:
        app.journal.close()

"""Cambio's study time follows the deal, whoever dealt: a tap on the screen, the host's
phone, a box with no screen (`effects.timers_follow`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pi_app.assembly import build_box
from pi_app.box.actors import BOX, HOST, Actor
from pi_app.box.acts import Play, Redo, Undo
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

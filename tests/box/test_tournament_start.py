"""A tournament starts off the owner's loop: the creator's Mosquitto may take seconds to
listen, and the bell must still be heard meanwhile."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from pi_app.box.acts import CreateTournament
from pi_app.box.changes import Said, Seated
from pi_app.box.jobs import Jobs
from pi_app.box.session import Session
from pi_app.box.tournament import BoxTournament
from pi_app.i18n import set_language
from pi_app.table import Journal

PATIENCE = 30.0
SEATS = ("Ana", "Ben", "Cy", "Dan")


@pytest.fixture
def session(tmp_path: Path) -> Any:
    set_language("en")
    journal = Journal(tmp_path / "journal.sqlite3")
    made = Session({"phones.enabled": False}, journal, jobs=Jobs())
    yield made
    made.close()
    journal.close()
    set_language("fr")


def heard(session: Session) -> list[object]:
    changes: list[object] = []
    session.changes.subscribe(changes.append, Said, Seated)
    return changes


def drain_until(session: Session, condition: Any) -> None:
    end = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < end, "the start never came back to the loop"
        session.poll()
        time.sleep(0.01)


def test_a_slow_broker_never_holds_the_loop(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    entered, release = threading.Event(), threading.Event()

    def slow_create(_self: BoxTournament, *_args: Any) -> Any:
        entered.set()
        assert release.wait(PATIENCE)  # Mosquitto not yet listening
        raise OSError("port 8371 taken")

    monkeypatch.setattr(BoxTournament, "create", slow_create)
    changes = heard(session)
    session.act(CreateTournament(SEATS, {"variant": "simple"}, 2))  # returns: the create waits
    assert entered.wait(PATIENCE) and not release.is_set()
    assert changes == [Said("The tournament is starting…")]
    session.act(CreateTournament(SEATS, {"variant": "simple"}, 2))  # a second tap meanwhile
    assert changes[-1] == Said("The tournament is starting…", error=True)
    assert session.tournament.starting and session.table is None
    release.set()
    drain_until(session, lambda: not session.tournament.starting)
    assert changes[-1] == Said("The tournament could not start: port 8371 taken", error=True)
    assert session.table is None and not any(isinstance(c, Seated) for c in changes)


def test_a_failure_the_network_did_not_expect_is_said_and_frees_the_next_start(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(_self: BoxTournament, *_args: Any) -> Any:
        raise ValueError("unexpected")

    monkeypatch.setattr(BoxTournament, "create", broken)
    changes = heard(session)
    session.act(CreateTournament(SEATS, {"variant": "simple"}, 2))
    drain_until(session, lambda: not session.tournament.starting)
    assert changes[-1] == Said("The tournament could not start: unexpected", error=True)
    session.act(CreateTournament(SEATS, {"variant": "simple"}, 2))  # tried again: not refused
    assert changes[-1] == Said("The tournament is starting…")
    drain_until(session, lambda: not session.tournament.starting)

"""A host's panel request carried out by the host page's owner side
(`host_tables.HostTables`): the panel's acts in order through the door, the first
refusal the reply. The tests of the panels drive a real `Session` with it, on the
test's thread (the owner's, there)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pi_app.box.jobs import Jobs
from pi_app.box.seats import SeatBook
from pi_app.box.session import Session
from pi_app.i18n import set_language
from pi_app.table import Journal
from pi_app.web.host_panels import PANELS
from pi_app.web.host_play import HostPanel, HostRequest
from pi_app.web.host_tables import HostTables
from pi_app.web.hub import Hub
from pi_app.web.phone_request import Reply


def panel(name: str) -> HostPanel:
    return next(found for found in PANELS if found.name == name)


def carry_out(session: Session, request: HostRequest) -> Reply:
    """A panel's request carried out on `session` as the host's owner carries it out
    (`host_tables.HostTables`, on this thread: the owner's here)."""
    hub = Hub(SeatBook(None))
    owner = HostTables(session, hub)
    future = hub.desk.submit(request)
    assert future is not None
    owner.serve()
    return future.result(0)


def ask(session: Session, kind: str, lang: str = "en", **fields: Any) -> Reply:
    return carry_out(session, HostRequest(kind, fields, lang))


def opened(folder: Path) -> Iterator[Session]:
    """A session on a journal in `folder`, taken up as the box takes it up."""
    set_language("en")
    journal = Journal(folder / "journal.sqlite3")
    session = Session({}, journal, jobs=Jobs())
    session.computer.held = True  # no engine's reply in these tests
    session.open()
    yield session
    session.close()
    journal.close()
    set_language("fr")

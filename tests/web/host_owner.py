"""The owner's side of a host's panel request, as the host page's contract says it:
the panel's acts carried out in order through the door, the first refusal the reply.

The tests of the panels drive a real `Session` with it, on the test's thread (the
owner's, there)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pi_app.box.jobs import Jobs
from pi_app.box.session import Session
from pi_app.i18n import set_language
from pi_app.table import Journal
from pi_app.web.host_panels import PANELS
from pi_app.web.host_play import HostPanel, HostRequest
from pi_app.web.phone_request import Reply


def panel(name: str) -> HostPanel:
    return next(found for found in PANELS if found.name == name)


def carry_out(session: Session, request: HostRequest) -> Reply:
    """A panel's request carried out on `session`, as the host's owner does."""
    found = next(p for p in PANELS if request.kind in p.kinds)
    made = found.act(session, request)
    if isinstance(made, Reply):
        return made
    for act in made:
        done = session.act(act)
        if not done.ok:
            return Reply(False, done.message)
    return Reply(True)


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


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    yield from opened(tmp_path)

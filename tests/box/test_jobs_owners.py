"""Jobs belong to someone (issue 45): a part asks whether it is busy instead of keeping
a flag of its own, a newer job in an exclusive group replaces the one running there,
and a page that closes cancels its jobs, whose results then reach nobody."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from pi_app.box.jobs import Jobs
from pi_app.display.demo import FakeClock, make_app
from pi_app.display.intents import Press
from pi_app.display.pages import PageButton
from pi_app.display.wifi_page import WifiScene
from pi_app.wifi.hotspot import MISSING, NetworkManager

PATIENCE = 60.0


def test_a_job_says_whose_it_is_and_a_cancelled_one_calls_nobody() -> None:
    jobs = Jobs()
    release = threading.Event()
    heard: list[str] = []
    page, other = object(), object()
    try:
        jobs.run(lambda: release.wait(PATIENCE), lambda _r: heard.append("page"), owner=page)
        jobs.run(lambda: "x", lambda _r: heard.append("other"), owner=other, group="look")
        assert jobs.busy(page) and jobs.busy(other, "look") and not jobs.busy(other, "save")
        jobs.cancel(page)
        assert not jobs.busy(page)  # not wanted any more, though its work still runs
        release.set()
        assert jobs.wait_idle(PATIENCE)
        assert heard == ["other"]
    finally:
        jobs.close()


def test_a_newer_job_of_an_exclusive_group_replaces_the_running_one() -> None:
    jobs = Jobs()
    first = threading.Event()
    found: list[str] = []
    owner = object()
    try:
        jobs.run(lambda: first.wait(PATIENCE) and "old", found.append, owner=owner, group="g")
        jobs.run(lambda: "new", found.append, owner=owner, group="g", exclusive=True)
        first.set()
        assert jobs.wait_idle(PATIENCE)
        assert found == ["new"]
    finally:
        jobs.close()


def test_a_page_that_closes_cancels_its_jobs(tmp_path: Path) -> None:
    """The Wi-Fi page asks NetworkManager, and the host goes back to the home before it
    answers: the answer reaches no page, and nothing is left waiting."""
    release = threading.Event()

    def slow(_argv: object) -> tuple[int, str]:
        release.wait(PATIENCE)
        return MISSING, ""

    app: Any = make_app("800x480", tmp_path / "journal.sqlite3", FakeClock(), {})
    try:
        app.wifi = lambda: NetworkManager(tmp_path, slow)
        app.step([])
        app.feed(Press(PageButton("wifi")))
        app.step([])
        page = app.scene
        assert isinstance(page, WifiScene) and page.busy
        app.feed(Press("back"))  # the home: the page is closed
        app.step([])
        assert not page.busy
        release.set()
        assert app.session.jobs.wait_idle(PATIENCE)
        assert page.seen is None and page.said == []  # its answer reached nobody
    finally:
        app.journal.close()

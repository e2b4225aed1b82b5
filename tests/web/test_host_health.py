"""The box's health on the host's phone, on a real session: the doctor's checks run as
a job of the session (never on the owner's thread), the last result is kept with its
time, and "check" runs them again, once at a time."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from pi_app import doctor
from pi_app.box.session import Session
from pi_app.config import Config
from pi_app.web import host_health
from tests.test_doctor import Pi
from tests.web.host_owner import ask, opened, panel

DEADLINE = 60.0


class HeldPi(Pi):
    """A healthy Pi whose checks wait for the test, and say on which thread they ran."""

    def __init__(self) -> None:
        super().__init__()
        self.go = threading.Event()
        self.threads: set[threading.Thread] = set()

    def is_pi(self) -> bool:
        self.threads.add(threading.current_thread())
        assert self.go.wait(DEADLINE)
        return super().is_pi()


@pytest.fixture
def machine(monkeypatch: pytest.MonkeyPatch) -> HeldPi:
    made = HeldPi()
    monkeypatch.setattr(host_health, "machine", lambda: made)
    return made


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    yield from opened(tmp_path)


def finished(session: Session) -> None:
    assert session.jobs.wait_idle(DEADLINE)


def test_the_first_look_runs_the_doctors_checks_off_the_owners_thread(
    session: Session, machine: HeldPi
) -> None:
    before = time.time()
    first = panel("health").view(session, "de")
    assert first == {"running": True, "at": None, "failed": None, "checks": []}
    machine.go.set()
    finished(session)
    assert machine.threads and threading.current_thread() not in machine.threads
    view = panel("health").view(session, "de")
    assert not view["running"] and view["at"] is not None and view["at"] >= before
    parts = [check["part"] for check in view["checks"]]
    assert len(parts) == len(doctor.CHECKS)
    assert {"display", "Pico", "journal", "records", "wifi"} <= set(parts)
    journal = next(check for check in view["checks"] if check["part"] == "journal")
    assert journal["status"] == "ok" and str(session.journal.path) in journal["said"]
    assert journal["label"] == "Journal" and journal["fix"] is None  # the doctor's own words
    wifi = next(check for check in view["checks"] if check["part"] == "wifi")
    assert wifi["label"] == "WLAN"


def test_check_runs_them_again_once_at_a_time(session: Session, machine: HeldPi) -> None:
    machine.go.set()
    panel("health").view(session, "en")
    finished(session)
    machine.free = 10 * 1024**2  # the card is full now
    machine.go.clear()
    started = ask(session, "check")
    assert started.ok and started.message == "Checking the box…"
    again = ask(session, "check")
    assert again.ok and again.message == "The box is being checked."
    assert panel("health").view(session, "en")["running"]
    machine.go.set()
    finished(session)
    journal = next(
        check
        for check in panel("health").view(session, "en")["checks"]
        if check["part"] == "journal"
    )
    assert journal["status"] == "fail" and journal["fix"] == "free some space on the card"


def test_checks_that_cannot_run_say_why(session: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> doctor.Machine:
        raise OSError("no machine")

    monkeypatch.setattr(host_health, "machine", broken)
    assert ask(session, "check").ok
    finished(session)
    view = panel("health").view(session, "en")
    assert not view["running"] and view["failed"] == "no machine" and view["at"] is not None


class PicoInTheBox(host_health.RunningBox):
    """The running box on a Pi with its Pico plugged in: its port is the box's."""

    def is_pi(self) -> bool:
        return True

    def serial_ports(self) -> list[tuple[str, int | None, int | None]]:
        return [("/dev/ttyACM0", 0x2E8A, 0x0005)]

    def ask_pico(self, port: str) -> tuple[tuple[int, ...] | None, bool]:
        raise AssertionError("the box's own Pico link was opened under it")


def test_the_running_box_never_opens_its_own_picos_port() -> None:
    verdict = doctor.check_pico(PicoInTheBox(), Config())
    assert verdict.status == doctor.OK and "/dev/ttyACM0" in verdict.said

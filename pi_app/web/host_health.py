"""The box's health on the host's phone, as `tabletop doctor` says it.

The doctor's checks (the card and its free space, the display, the pins, the Pico,
the sound, the service, the Wi-Fi, the journal's games and backups) look at the
machine and may each wait seconds on a command or a serial port: they run as one job
of the session's jobs service (`box.jobs`), never on the table's owner's thread, and
the page shows the last result with its time. The first look at the panel runs them;
"check" runs them again (a check already running is not started twice).
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pi_app import doctor
from pi_app.box import acts
from pi_app.config import DEFAULTS, Config
from pi_app.i18n import N_, Translator, translate
from pi_app.web.host_play import HostPanel, HostRequest, Json
from pi_app.web.phone_request import Reply

if TYPE_CHECKING:
    from pi_app.box.session import Session

_ = Translator("host")

CHECK = "check"


class RunningBox(doctor.Machine):
    """This machine as the running box looks at it: the box is the service, and holds
    the Pico's serial link, which the doctor must not open under it (`check_pico`
    then says the running box holds it, as `tabletop doctor` says beside the service)."""

    def run(self, command: list[str]) -> tuple[int, str] | None:
        if command == ["systemctl", "is-active", "tabletop"]:
            return (0, "active")
        return super().run(command)


machine: Callable[[], doctor.Machine] = RunningBox
"""What the doctor looks at (tests hand in a machine that fails in one way)."""


@dataclass(eq=False)
class Health:
    """The last result of the checks on one box, and whether they run now."""

    verdicts: list[doctor.Verdict] = field(default_factory=list)
    at: float | None = None
    """When the last result came (Unix time), None before the first."""
    running: bool = False
    failed: str | None = None
    """Why the checks themselves could not run, when they could not."""


_health: weakref.WeakKeyDictionary[Session, Health] = weakref.WeakKeyDictionary()


def _of(session: Session) -> Health:
    found = _health.get(session)
    if found is None:
        found = _health[session] = Health()
    return found


def _config(session: Session) -> Config:
    """The configuration the doctor reads: the box's, with the journal it has open."""
    values = {key: default for key, (default, _check) in DEFAULTS.items()}
    values.update(session.config)
    values["journal"] = str(session.journal.path)
    return Config(values)


def check(session: Session) -> bool:
    """Run the doctor's checks as a job; False when they already run."""
    health = _of(session)
    if health.running:
        return False
    health.running = True
    config = _config(session)

    def done(verdicts: list[doctor.Verdict]) -> None:
        health.verdicts, health.at, health.running, health.failed = (
            verdicts,
            time.time(),
            False,
            None,
        )

    def failed(error: BaseException) -> None:
        health.at, health.running, health.failed = time.time(), False, str(error)

    session.jobs.run(lambda: doctor.examine(machine(), config), done, failed, owner=health)
    return True


def view(session: Session, lang: str) -> Json:
    """Each check with its state (ok, warn, fail or skip), what it found and its fix;
    when the last result came. The first view starts the checks."""
    health = _of(session)
    if health.at is None and not health.running:
        check(session)
    return {
        "running": health.running,
        "at": health.at,
        "failed": health.failed,
        "checks": [
            {
                "part": verdict.part,
                "label": translate(doctor.LABELS.get(verdict.part, verdict.part), "core", lang),
                "status": verdict.status,
                "said": verdict.said,
                "fix": verdict.fix if verdict.status in (doctor.WARN, doctor.FAIL) else None,
            }
            for verdict in health.verdicts
        ],
    }


def act(session: Session, request: HostRequest) -> Sequence[acts.Act] | Reply:
    """Run the checks again: nothing at the table changes."""
    if request.kind != CHECK:
        raise ValueError(request.kind)
    if check(session):
        return Reply(True, _("Checking the box…", request.lang))
    return Reply(True, _("The box is being checked.", request.lang))


TEXTS: dict[str, str] = {
    "title": N_("The box's health"),
    "check": N_("Check again"),
    "checking": N_("Checking the box…"),
    "at": N_("Checked at {time}"),
    "never": N_("Not checked yet."),
    "fix": N_("Fix: {fix}"),
    "failed": N_("The checks could not run: {error}"),
    "ok": N_("ok"),
    "warn": N_("warning"),
    "fail": N_("problem"),
    "skip": N_("not here"),
}
"""The words the health's script shows (`static/host/health.js`)."""

HEALTH = HostPanel(name="health", kinds=(CHECK,), view=view, act=act, texts=TEXTS)
"""The box's health panel of the host's page."""

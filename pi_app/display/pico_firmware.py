"""The Pico's firmware from the box's own screen: look at the Pico, install the box's.

An owner of a flashed card has no `sudo` and, without an SSH key in the first-boot
file, no shell: the Pico page (`display.pico_page`) is their way to put the box's
firmware on the Pico. It runs the very code `tabletop firmware install` runs
(`pi_app.firmware`), but as the box's service: the box first closes its own link to
the Pico (mpremote needs the port alone), installs, looks at the Pico again, then
opens its link again, whatever the install came to.

The look reads what the box's link heard in the Pico's hello (the link holds the port),
and lists the serial ports to name the Pico's; the install copies, restarts the Pico and
waits up to six seconds for its answer. Both are jobs (`box.jobs`): the display's loop
never waits on them. What
they found is kept here, read by the page as it draws (`seen`, `busy`); nothing here
draws. The install is the screen's own command (`scene.InstallFirmware`), not an act of
the core's door: it changes no table, the journal records nothing of it, and only the
box's screen offers it (the link is the screen's devices', `display.devices`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from pi_app.box.jobs import Jobs

if TYPE_CHECKING:
    from pi_app.devices.link import PicoLink
    from pi_app.firmware import Outcome

log = logging.getLogger(__name__)
LOOK, INSTALL = "look", "install"
"""The two kinds of job, each its own group; one at a time."""


class PicoFirmware:
    """The Pico as the box last saw it, and the jobs that look at it or install on it."""

    def __init__(self, jobs: Jobs) -> None:
        self.jobs = jobs
        self.link: PicoLink | None = None
        """The box's own link to the Pico (None: simulated hardware, or no devices:
        then no Pico is found)."""
        self.seen: Outcome | None = None
        """What the last look or install found (None: not looked yet)."""

    @property
    def busy(self) -> str | None:
        """The job under way (LOOK or INSTALL), or None."""
        if self.jobs.busy(self, INSTALL):
            return INSTALL
        return LOOK if self.jobs.busy(self, LOOK) else None

    # ---- the jobs ------------------------------------------------------------------------

    def look(self) -> None:
        """Look at the Pico again (the page opens, or the owner plugged it in); not
        while a job is under way (during an install the link is closed)."""
        if self.busy is None:
            self.jobs.run(self._look, self._seen, owner=self, group=LOOK)

    def install(self, then: Callable[[Outcome], None]) -> None:
        """Install the box's firmware on the Pico; `then(outcome)` on the loop's thread.
        Not while a job is under way: one install at a time."""
        if self.busy is not None:
            return

        def done(outcome: Outcome) -> None:
            self.seen = outcome
            then(outcome)

        def failed(error: BaseException) -> None:
            from pi_app.firmware import Outcome, Verdict

            log.error("installing the Pico's firmware failed", exc_info=error)
            done(Outcome(Verdict.COPY_FAILED, code=-1))

        self.jobs.run(self._install, done, failed, owner=self, group=INSTALL)

    def _seen(self, outcome: Outcome) -> None:
        self.seen = outcome

    def _port(self) -> str | None:
        return None if self.link is None else self.link.port.name()

    def _look(self) -> Outcome:
        """On a worker: what the box's own link heard in the Pico's hello (the link
        holds the port: a hello of our own would have to close it)."""
        from pi_app.firmware import Outcome, Verdict

        link, port = self.link, self._port()
        if link is None or port is None:
            return Outcome(Verdict.NO_PICO)
        if link.mismatch is not None:
            return Outcome(Verdict.OTHER, port, link.mismatch[0])
        if link.refused_protocol:
            return Outcome(Verdict.REFUSED, port)
        if link.up and link.pico_version is not None:
            return Outcome(Verdict.SAME, port, tuple(link.pico_version[:3]))
        return Outcome(Verdict.SILENT, port)

    def _install(self) -> Outcome:
        """On a worker: the link closed, the same install as the command line's, the
        link opened again (even when the install failed)."""
        from pi_app.firmware import install_on

        link, port = self.link, self._port()
        if link is not None:
            link.close()
        try:
            return install_on(port, quiet=True)
        finally:
            if link is not None:
                link.start()

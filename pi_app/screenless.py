"""The box whose screen fails: the phones, the ring and the bell carry the table.

A loose ribbon cable, an overlay missing from `config.txt` or a dead panel leave the
box's service with no display, while the table still has its phones, the ring and the
bell. So the service does not stop there (systemd would restart it into the same
failure, and the phones' port would never answer): it plays on without a screen.

- The same box as with the display (`assembly.build_box`), driven by the phones-only
  loop (`pi_app.loop.PhonesLoop`): the latest unfinished game is taken up, the box asks
  its own questions, the journal, the history and the tournament work as always.
- The box's Next button moves the round on (`acts.NextStep`, `rules.host`: turn the
  answers up, close the bets with the box's true answer, the next round), and so does
  the bell, unless the game's bell is its own (`acts.Bell`, `rules.host.RingsBell`: a
  Cambio round's bell opens trading in the study time and rings STOP in trading, as
  on the screen; the study time's end opens it by itself, `box.time_up`, and trading
  opened early stops its sand timer, `effects.timers_follow`); the Undo button takes
  back what Undo takes back on the screen. Each press enters the core's door as the
  box's buttons (`actors.BUTTON`), and the ring answers it as it answers any change
  (`effects.ring_follows`: STOP's own flash).
- It says so where people look: one line in the log, the ring breathing `NO_SCREEN`
  (listed in firmware/README.md), a banner on every phone (`Hub.screen`).
- It sounds and speaks as the box with a screen does: the cues and the voice are
  listeners of the same core's changes, given the sound device when the run starts.
- It tries the display again every `RETRY_SECONDS` in a child process (a hot-plugged
  cable); once a display opens, the screenless run ends and the display takes over on
  the same journal and the same phones' server, so the game and the seats stay.

On a laptop nothing changes: with no display `tabletop` says how to run headless and
exits 1. The fallback is for the box's service only (`is_service`).
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
from collections.abc import Callable, Mapping
from typing import Any

from pi_app.box import acts
from pi_app.box.actors import BUTTON
from pi_app.devices import sdnotify
from pi_app.effects.ring import DeviceRing
from pi_app.headless import is_service as is_service
from pi_app.loop import PhonesLoop
from pi_app.table import Journal
from pi_app.web.hub import Hub

log = logging.getLogger(__name__)

NO_SCREEN = 0xA020F0
"""The ring's colour with no screen: purple, breathing fast (`NO_SCREEN_PERIOD`), unlike
the idle box's slow blue and every game's colours."""
NO_SCREEN_PERIOD = 1.2
RETRY_SECONDS = 30.0
PROBE_SECONDS = 20.0
"""How long a try at the display may take before it counts as failed."""


def _notify(message: str) -> None:
    sdnotify.notify(message)


def open_devices_quietly(config: Any) -> Any:
    """The bell, the buttons and the ring as the configuration says, or None (and why
    in the log) when they cannot open: the phones still play."""
    from pi_app.devices import open_devices

    try:
        return open_devices(config)
    except Exception as error:  # the box plays on with its phones
        log.warning("devices unavailable with no screen (%s)", error)
        return None


def own_hub(config: Any) -> Hub:
    """A hub for a box whose phones' server could not start: the owner still needs one,
    and the seats stay in their book for when the phones come back."""
    from pi_app.box.seats import SeatBook
    from pi_app.web.host_key import HostKey

    seats = SeatBook(config.journal_path.with_name("phones.json"))
    return Hub(seats, HostKey.beside(config.journal_path))


def display_opens(environ: Mapping[str, str] = os.environ, timeout: float = PROBE_SECONDS) -> bool:
    """Whether a display opens now, tried in a child process (a failing driver can
    leave SDL's state behind in the process that tried)."""
    probe = "import pygame; pygame.display.init(); pygame.display.set_mode((1, 1))"
    try:
        done = subprocess.run(
            [sys.executable, "-c", probe],
            env=dict(environ),
            capture_output=True,
            timeout=timeout,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


class Screenless:
    """One run of the box with no screen, on `journal`, until stopped or a display
    opens (`run` says which)."""

    def __init__(
        self,
        config: Any,
        journal: Journal,
        hub: Hub,
        devices: Any = None,
        probe: Callable[[], bool] | None = None,
        retry: float | None = None,
    ) -> None:
        at_rest = (NO_SCREEN, NO_SCREEN_PERIOD)  # after a sand timer too
        ring = None if devices is None else DeviceRing(devices.ring, at_rest)
        self.loop = PhonesLoop.build(
            config.values, journal, hub, ring=ring, notify=_notify, screen=False
        )
        self.session = self.loop.session
        self.hub = hub
        hub.screen = False
        self.devices = devices
        self.probe = probe or (lambda: display_opens())
        self.retry = RETRY_SECONDS if retry is None else retry
        self._done = threading.Event()
        self.display_back = False
        self.pressed = 0
        """Presses of the bell and the buttons handled (for the log, and tests)."""

    def run(self) -> bool:
        """Play until `stop()` or a display opens; True when a display opened."""
        self.session.changes.own()  # this thread opens the box; the loop's takes it over
        self.session.open()
        self._wire_devices()
        self.loop.box.open_audio()  # the cues and the voice, as with a screen
        self.loop.start()
        sdnotify.notify("READY=1")
        try:
            while not self._done.wait(self.retry):
                if self.probe():
                    log.info("a display opens again: the screen takes over")
                    self.display_back = True
                    break
        finally:
            self._close()
        return self.display_back

    def stop(self) -> None:
        self._done.set()

    # ---- the devices ----------------------------------------------------------------

    def _wire_devices(self) -> None:
        devices = self.devices
        if devices is None:
            return
        devices.ring.breathe(NO_SCREEN, NO_SCREEN_PERIOD)
        devices.bell.add_listener(self._pressed(devices.bell, acts.Bell()))
        devices.bell.listen()
        devices.next.add_listener(self._pressed(devices.next, acts.NextStep()))
        devices.undo.add_listener(self._pressed(devices.undo, acts.Undo(by=BUTTON)))

    def _pressed(self, device: Any, act: acts.Act) -> Callable[[Any], None]:
        """A listener for `device`'s thread: the press is handed to the loop's thread as
        `act`, and the device's own queue emptied (nothing here reads it)."""

        def listener(_press: Any) -> None:
            device.drain()
            self.loop.submit(lambda _table: self._count(act))

        return listener

    def _count(self, act: acts.Act) -> acts.Done:
        done = self.session.act(act)
        self.pressed += 1  # handled: its change told to every part
        return done

    def _close(self) -> None:
        self.loop.stop()
        if self.devices is not None:
            self.devices.bell.ignore()
        self.loop.box.close()  # the session, and the voice's renderings
        self.hub.screen = True

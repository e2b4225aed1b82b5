"""One place builds the box: the core, the phones' part and every listener, once.

The display's loop (`display.app.App`) and the phones-only loop (`phones_loop`) both
drive the `Box` built here, as gpiozero hands a device its pin factory: neither builds
a part of its own, so the box behaves the same with a screen and without one. A new
listener (a big screen, a voice) is its own module and one line in `build_box`.

`Box.step` is what both loops do between two frames: the phones' requests through the
door, the finished jobs and what the tournament brought, the journal's health and
systemd's watchdog; `Box.publish` hands the phones the table after them.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pi_app.box.health import JournalWatch, Watchdog
from pi_app.box.jobs import Jobs
from pi_app.box.quizmaster import Probe
from pi_app.box.session import Session
from pi_app.box.time_up import play_time_up
from pi_app.effects.cues import Cues, Player
from pi_app.effects.ring import RecordingRing, RingPort
from pi_app.effects.ring_follows import RingFollows
from pi_app.effects.ring_show import RingShow, Tick
from pi_app.effects.timers_follow import TimersFollow
from pi_app.effects.voice.players import SpeechPlayer
from pi_app.effects.voice.voice import Voice
from pi_app.table import Journal
from pi_app.web.host_tables import HostTables
from pi_app.web.hub import Hub
from pi_app.web.tables import PhoneTables


@dataclass
class Box:
    """The built box: its core and the parts both loops drive."""

    session: Session
    show: RingShow
    """The ring's choreography and the sand timer."""
    ring: RingFollows
    timers: TimersFollow
    """The sand timers the table's moments start (Cambio's study time)."""
    cues: Cues
    voice: Voice
    health: JournalWatch
    watchdog: Watchdog
    clock: Callable[[], float]
    phones: PhoneTables | None = None
    hub: Hub | None = None
    host: HostTables | None = None
    """The host's phones' part (with the phones': none without them)."""

    @property
    def jobs(self) -> Jobs:
        return self.session.jobs

    def step(self) -> bool:
        """Between two frames: the phones' and the host's requests, the finished jobs and what the
        tournament brought, the journal's health, the watchdog. True when a finished
        job found something to draw."""
        if self.phones is not None:
            self.phones.serve()
        if self.host is not None:
            self.host.serve()
        shown = self.session.poll()
        if shown and self.host is not None:
            self.host.refresh()  # a job found what a panel shows (the box's health)
        self.health.poll()
        self.watchdog.poll()
        return shown > 0

    def publish(self) -> None:
        """After the frame: hand the phones the table at the table now, with the sand
        timer, and start saying what the voice queued (never before the bell's STOP)."""
        if self.phones is not None:
            self.phones.publish(self.session.table, self.show.timer, self.clock())
        if self.host is not None:
            self.host.publish(self.show.timer, self.clock())
        self.voice.start()

    def tick(self) -> Tick | None:
        """The sand timer and the ring's steps: its last seconds tick and are said,
        its end sounds, then plays what the rules say it plays (`box.time_up`:
        Cambio's study time opens the trading); what it did, for the screen (a
        scene's timeout, for a timer the rules leave to it)."""
        tick = self.show.tick()
        if tick is not None:
            self.cues.play(tick.value)
        if tick is Tick.TIME_UP and self.show.timer is not None:
            play_time_up(self.session, self.show.timer.kind)
        self.voice.countdown(self.show.timer, self.clock())
        return tick

    def next_deadline(self, now: float) -> float | None:
        """When the box must step again at the latest (None: on a wake only)."""
        parts = (self.session, self.show, self.health, self.watchdog)
        found = [d for d in (part.next_deadline(now) for part in parts) if d is not None]
        return min(found, default=None)

    def open_audio(self) -> None:
        """Open the sound device for the cues and the voice, once the loop runs (a box
        without one plays on silently)."""
        from pi_app.effects.sound import Sounds
        from pi_app.effects.voice.players import open_speech

        if self.cues.sounds is None:
            self.cues.sounds = Sounds(self.session.config, self.session.settings)
        if self.voice.player is None:
            self.voice.player = open_speech()

    def close(self) -> None:
        self.session.close()
        self.voice.close()


def build_box(
    config: Mapping[str, Any],
    journal: Journal,
    *,
    wake: Callable[[], None] = lambda: None,
    clock: Callable[[], float] = time.monotonic,
    hub: Hub | None = None,
    ring: RingPort | None = None,
    sounds: Player | None = None,
    speech: SpeechPlayer | None = None,
    probe: Probe | None = None,
    notify: Callable[[str], None] | None = None,
    screen: bool = True,
) -> Box:
    """The box on `journal`: its session and every part that follows it. `wake` ends
    the owning loop's sleep (a finished job); `hub` is the phones' (None: no phones);
    `screen` False for a box playing without its screen (its ring says so itself)."""
    seats = None if hub is None else hub.seats
    session = Session(config, journal, jobs=Jobs(wake), clock=clock, probe=probe, seats=seats)
    show = RingShow(ring if ring is not None else RecordingRing(clock), clock)
    box = Box(
        session=session,
        show=show,
        ring=RingFollows(show, session.changes, turns=screen),
        timers=TimersFollow(show, session.changes, session.config),
        cues=Cues(session.changes, sounds, session.settings),
        voice=Voice(
            session.changes,
            session.jobs,
            session.settings,
            clock,
            volume=float(config.get("sound.volume", 0.7)),
            player=speech,
        ),
        health=JournalWatch(session),
        watchdog=Watchdog(notify or (lambda _message: None), clock),
        clock=clock,
        phones=None if hub is None else PhoneTables(session, hub),
        hub=hub,
        host=None if hub is None else HostTables(session, hub),
    )
    if hub is not None:
        hub.on_request(wake)
    return box

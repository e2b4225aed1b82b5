"""The table app: one loop that sleeps until an input or a deadline, then redraws.

The app is the loop, the routing of intents and the drawing; the evening itself is
the session's (`pi_app.box.session`), which the phones-only owner drives the same way.
A scene's commands go to their handlers (`commands`); the session's changes come back
through `following`, so whatever moved the table, the screen follows by itself.
`App.step` handles one batch of events and renders; `App.run` is the blocking loop the
box runs. Tests and the demo drive `step` with an injected clock.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol

import pygame

from pi_app.box.health import JournalWatch, Watchdog
from pi_app.box.jobs import Jobs
from pi_app.box.phones import PhoneTables
from pi_app.box.session import Session
from pi_app.display.canvas import Canvas, Hit
from pi_app.display.commands import carry_out, own_command
from pi_app.display.drawing import Drawing
from pi_app.display.following import follow_changes
from pi_app.display.intents import Intent, Press, Quit, normalise, wait_events
from pi_app.display.intents import wake as wake_the_loop
from pi_app.display.message_bar import MessageBar
from pi_app.display.phones_panel import PhonesPanel
from pi_app.display.questions_view import question_probe
from pi_app.display.ring import RecordingRing, RingPort
from pi_app.display.ring_show import RingShow, Tick
from pi_app.display.scene import Command, Ctx, Scene
from pi_app.display.screens import Mode, Screens
from pi_app.display.sound import Sounds
from pi_app.display.targets import Button
from pi_app.display.theme import theme_for
from pi_app.table import Journal
from pi_app.table.protocol import GameTable
from pi_app.wifi.hotspot import Hotspot, NetworkManager

BLOCKING_DRIVERS = frozenset({"x11", "wayland", "windows", "cocoa"})
"""SDL video drivers whose event wait truly sleeps (others poll; see wait_events)."""
IDLE = 3600.0  # seconds the loop may sleep when no part has a deadline


class Timed(Protocol):
    def next_deadline(self, now: float) -> float | None: ...


class App:
    """The display, the session and the devices' messages, in one thread."""

    def __init__(
        self,
        config: Mapping[str, Any],
        *,
        journal: Journal,
        size: str | None = None,
        clock: Callable[[], float] = time.monotonic,
        ring: RingPort | None = None,
        on_listen: Callable[[bool], None] | None = None,
        phones: PhonesPanel | None = None,
        sounds: Sounds | None = None,
        notify: Callable[[str], None] | None = None,
    ) -> None:
        self.theme = theme_for(size or str(config.get("display.size", "800x480")))
        probe = question_probe(self.theme)
        self.session = Session(config, journal, jobs=Jobs(wake_the_loop), clock=clock, probe=probe)
        self.config, self.journal, self.clock = self.session.config, journal, clock
        self.show = RingShow(ring if ring is not None else RecordingRing(clock), clock)
        self.phones, self.sounds = phones, sounds
        self.tables = None if phones is None else PhoneTables(self.session, phones.hub)
        self.bar = MessageBar(clock)
        self.running, self.dirty = True, True
        self.on_present: Callable[[Scene], None] | None = None
        self.watchdog = Watchdog(notify or (lambda _message: None), clock)
        self.health = JournalWatch(self.session)
        self.wifi: Callable[[], NetworkManager] = lambda: NetworkManager(journal.path.parent)
        """The box's own Wi-Fi as its page asks NetworkManager (a stand-in in tests)."""
        self.open_portal: Callable[[Hotspot], None] | None = None
        """Answers the phones' checks once the box's own Wi-Fi is up (given at start)."""
        s = self.session
        self.screens = Screens(self.config, s.players, None, s.settings)
        self.drawing = Drawing(self.theme, self.bar, self.show, phones, on_listen)
        self.painter = self.drawing.painter
        self.timed: list[Timed] = [s, self.show, self.bar, self.watchdog, self.health, self.drawing]
        if phones is not None:
            phones.hub.on_request(wake_the_loop)
        follow_changes(self)
        s.open()

    def open_window(self, fullscreen: bool = False) -> None:
        """Open the display at the theme's size (pygame must be initialised)."""
        self.drawing.open_window(fullscreen)
        self.dirty = True

    # ---- what scenes, handlers and tests read ------------------------------------------

    @property
    def table(self) -> GameTable | None:
        """The game at the table (the home may be over it)."""
        return self.session.table

    @property
    def canvas(self) -> Canvas | None:
        return self.painter.canvas

    @property
    def message(self) -> tuple[str, bool, float] | None:
        return self.bar.shown

    def ctx(self) -> Ctx:
        table = self.table
        return Ctx(
            now=self.clock(),
            theme=self.theme,
            table=table,
            timer=self.show.timer,
            config=self.config,
            paused=self.session.unfinished.listed(),
            leds=self.show.on_screen(),
            phones=self.phones is not None and self.phones.serving,
            state=None if table is None else table.state,
            memory=self.screens.memory,
        )

    @property
    def scene(self) -> Scene:
        """The scene for the table's state now (its own state kept while it stays)."""
        return self.screens.scene(self.table)

    @property
    def in_game(self) -> bool:
        """Whether the game's screens are up (not the home, not a page over it)."""
        return self.screens.in_game and self.table is not None

    @property
    def shown(self) -> GameTable | None:
        """The game on screen, which the phones play (None while the home is up)."""
        return self.table if self.in_game else None

    # ---- inputs and commands --------------------------------------------------------

    def feed(self, intent: Intent) -> None:
        """Handle one intent: the app's own (quit, undo, menu) first, then the scene's."""
        self.dirty = True
        if isinstance(intent, Quit):
            self.running = False
        elif intent == Press(Button.DISMISS):
            self.bar.clear()
        elif self.phones is None or not self.phones.handle(intent, self.table):
            own = own_command(intent) if self.in_game else None
            self.execute_all([own] if own else self.scene.handle(intent, self.ctx()))

    def execute(self, command: Command) -> None:
        """Carry out one command from a scene (its handler: `display.commands`)."""
        self.dirty = True
        carry_out(self, command)

    def execute_all(self, commands: Iterable[Command]) -> None:
        for command in commands:
            self.execute(command)

    def flash_message(self, text: str, error: bool = False) -> None:
        self.bar.say(text, error)
        self.dirty = True

    def cue(self, name: str) -> None:
        if self.sounds is not None:
            self.sounds.play(name)

    # ---- time -----------------------------------------------------------------------

    def tick(self) -> None:
        """What happens without any input: the parts' deadlines, the timer, the ring."""
        self.dirty = self.bar.expire() or self.dirty
        tick = self.show.tick()
        if tick is Tick.TIME_UP and self.show.timer is not None:
            self.cue(tick.value)
            self.dirty = True
            self.execute_all(self.scene.timeout(self.show.timer.kind, self.ctx()))
        elif tick is Tick.WARNING:
            self.cue(tick.value)
        if self.show.ended:
            self.show.ended, self.dirty = False, True
        for part in (self.watchdog, self.health):
            part.poll()
        problem = self.show.news()
        if problem is not None:
            self.flash_message(problem, error=True)

    def wait_ms(self) -> int:
        """How long the loop may sleep: until the earliest deadline of its parts."""
        now = self.clock()
        if self.dirty:
            return 0
        found = [part.next_deadline(now) for part in self.timed]
        deadline = min((d for d in found if d is not None), default=now + IDLE)
        return max(0, math.ceil((deadline - now) * 1000))  # never wake just before it is due

    # ---- drawing --------------------------------------------------------------------

    def render(self) -> bool:
        """Redraw what changed; returns True when a frame was presented."""
        if self.dirty:
            if not self.drawing.full(self.scene, self.ctx(), self.table):
                return False
            self.dirty = False
        elif not self.drawing.animate(self.clock()):
            return False
        if self.on_present is not None:
            self.on_present(self.scene)
        return True

    # ---- the loop -------------------------------------------------------------------

    def step(self, events: Iterable[pygame.event.Event] | None = None) -> bool:
        """Handle a batch of events (default: whatever is queued), tick, render."""
        for event in list(pygame.event.get() if events is None else events):
            intent = normalise(event, self.clock(), self._hit)
            if intent is not None:
                self.feed(intent)
        if self.tables is not None:
            self.tables.serve(self.shown)
        if self.session.poll():
            self.dirty = True  # whatever a job found is drawn
        if self.screens.mode is Mode.PAGE or self.in_game:
            self.execute_all(self.scene.poll(self.ctx()))
        self.tick()
        if self.tables is not None and self.phones is not None:
            self.tables.publish(self.shown, self.show.timer, self.clock())
            self.dirty = self.phones.outdated() or self.dirty
        self.render()
        return self.running

    def _hit(self, pos: tuple[int, int]) -> Any:
        return None if self.canvas is None else self.canvas.hit_at(pos)

    def run(self) -> int:
        """The blocking loop of the box: sleep until an input or a deadline, then step."""
        self.render()
        self.watchdog.notify("READY=1")
        if self.sounds is None:
            self.sounds = Sounds(self.config)
        blocking = pygame.display.get_driver() in BLOCKING_DRIVERS
        while self.running:
            self.step(wait_events(self.wait_ms(), blocking))
        self.watchdog.notify("STOPPING=1")
        return 0


__all__ = ["App", "Hit"]

"""The table app: one loop that sleeps until an input or a deadline, then redraws.

The app is the loop, the routing of intents and the drawing; the evening itself is the
box's (`assembly.Box`), built in one place and driven the same way by the phones-only
loop. A scene's commands go to their handlers (`commands`): what changes the evening
enters the core's one door; the core's changes come back through `following`, so
whatever moved the table, the screen follows by itself. `App.step` handles one batch
of events and renders; `App.run` is the blocking loop the box runs. Tests and the demo
drive `step` with an injected clock.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from pi_app.assembly import Box, build_box
from pi_app.display.canvas import Canvas, Hit
from pi_app.display.commands import carry_out, own_command
from pi_app.display.drawing import Drawing
from pi_app.display.following import follow_changes
from pi_app.display.intents import Intent, Press, Quit, normalise, wait_events
from pi_app.display.intents import wake as wake_the_loop
from pi_app.display.message_bar import MessageBar
from pi_app.display.phones_panel import PhonesPanel
from pi_app.display.pico_firmware import PicoFirmware
from pi_app.display.questions_view import question_probe
from pi_app.display.scene import Command, Ctx, Scene
from pi_app.display.screens import Mode, Screens
from pi_app.display.targets import Button
from pi_app.display.theme import Theme, theme_for, wants_large_text
from pi_app.effects.cues import Player
from pi_app.effects.ring import RingPort
from pi_app.effects.ring_show import Tick
from pi_app.table import Journal
from pi_app.table.protocol import GameTable

if TYPE_CHECKING:
    from pi_app.wifi.hotspot import Hotspot, NetworkManager

BLOCKING_DRIVERS = frozenset({"x11", "wayland", "windows", "cocoa"})
"""SDL video drivers whose event wait truly sleeps (others poll; see wait_events)."""
IDLE = 3600.0  # seconds the loop may sleep when no part has a deadline


class App:
    """The display over a built box, in one thread."""

    def __init__(
        self,
        box: Box,
        theme: Theme,
        *,
        on_listen: Callable[[bool], None] | None = None,
        phones: PhonesPanel | None = None,
    ) -> None:
        self.box, self.theme = box, theme
        self.session = box.session
        self.config: Mapping[str, Any] = self.session.config
        self.journal: Journal = self.session.journal
        self.clock = box.clock
        self.show = box.show
        self.phones = phones
        self.bar = MessageBar(self.clock)
        self.running, self.dirty = True, True
        self.on_present: Callable[[Scene], None] | None = None
        self.wifi: Callable[[], NetworkManager] = lambda: _network(self.journal.path.parent)
        """The box's own Wi-Fi as its page asks NetworkManager (a stand-in in tests)."""
        self.pico = PicoFirmware(box.jobs)
        """The Pico's firmware as its page shows it (its link is given at start)."""
        self.open_portal: Callable[[Hotspot], None] | None = None
        """Answers the phones' checks once the box's own Wi-Fi is up (given at start)."""
        s = self.session
        self.screens = Screens(self.config, s.players, None, s.settings, box.jobs.cancel)
        self.drawing = Drawing(theme, self.bar, self.show, phones, on_listen)
        self.painter = self.drawing.painter
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
            unfinished=self.session.unfinished.listed,
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

    # ---- inputs and commands --------------------------------------------------------

    def feed(self, intent: Intent) -> None:
        """Handle one intent: the app's own (quit, undo, menu) first, then the scene's."""
        self.dirty = True
        if isinstance(intent, Quit):
            self.running = False
            return
        if intent == Press(Button.DISMISS):
            self.bar.clear()
            return
        panel = None if self.phones is None else self.phones.handle(intent, self.table)
        if panel is not None:
            self.execute_all(panel)
            return
        own = own_command(intent) if self.in_game else None
        self.execute_all([own] if own else self.scene.handle(intent, self.ctx()))

    def execute(self, command: Command) -> None:
        """Carry out one command from a scene (its handler: `display.commands`)."""
        self.dirty = True
        carry_out(self, command)

    def execute_all(self, commands: Iterable[Command]) -> None:
        for command in commands:
            self.execute(command)

    def set_large_text(self, on: bool) -> None:
        """The screen's text sizes, large or not, from the next frame on."""
        self.theme = theme_for(f"{self.theme.width}x{self.theme.height}", on)
        self.drawing.set_theme(self.theme)
        self.dirty = True

    def flash_message(self, text: str, error: bool = False) -> None:
        self.bar.say(text, error)
        self.dirty = True

    # ---- time -----------------------------------------------------------------------

    def tick(self) -> None:
        """What happens without any input: the timer and the ring, and what they say."""
        self.dirty = self.bar.expire() or self.dirty
        tick = self.box.tick()  # the sand timer's ticks sound and are said there
        if tick is Tick.TIME_UP and self.show.timer is not None:
            self.dirty = True
            self.execute_all(self.scene.timeout(self.show.timer.kind, self.ctx()))
        if self.show.ended:
            self.show.ended, self.dirty = False, True
        problem = self.show.news()
        if problem is not None:
            self.flash_message(problem, error=True)

    def wait_ms(self) -> int:
        """How long the loop may sleep: until the earliest deadline of the box, the
        message bar and the drawing."""
        now = self.clock()
        if self.dirty:
            return 0
        found = [self.box.next_deadline(now), self.bar.next_deadline(now)]
        found.append(self.drawing.next_deadline(now))
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
        """Handle a batch of events (default: whatever is queued), step the box, render."""
        for event in list(pygame.event.get() if events is None else events):
            intent = normalise(event, self.clock(), self._hit)
            if intent is not None:
                self.feed(intent)
        if self.box.step():
            self.dirty = True  # whatever a job found is drawn
        if self.screens.mode is Mode.PAGE or self.in_game:
            self.execute_all(self.scene.poll(self.ctx()))
        self.tick()
        if self.phones is not None:
            self.dirty = self.phones.outdated() or self.dirty
        self.render()
        self.box.publish()  # after the frame: the phones' views never hold the bell's STOP
        return self.running

    def _hit(self, pos: tuple[int, int]) -> Any:
        return None if self.canvas is None else self.canvas.hit_at(pos)

    def run(self) -> int:
        """The blocking loop of the box: sleep until an input or a deadline, then step."""
        self.render()
        self.box.watchdog.notify("READY=1")
        self.box.open_audio()
        blocking = pygame.display.get_driver() in BLOCKING_DRIVERS
        while self.running:
            self.step(wait_events(self.wait_ms(), blocking))
        self.box.watchdog.notify("STOPPING=1")
        return 0


def _network(folder: Path) -> NetworkManager:
    """NetworkManager for the box's own Wi-Fi (imported when its page first asks)."""
    from pi_app.wifi.hotspot import NetworkManager

    return NetworkManager(folder)


def build_app(
    config: Mapping[str, Any],
    *,
    journal: Journal,
    size: str | None = None,
    clock: Callable[[], float] = time.monotonic,
    ring: RingPort | None = None,
    on_listen: Callable[[bool], None] | None = None,
    phones: PhonesPanel | None = None,
    sounds: Player | None = None,
    notify: Callable[[str], None] | None = None,
) -> App:
    """The app over a box built on `journal` (`assembly.build_box`), its loop woken
    by the display's own events: how the box starts, and how the demo and the
    tests make one."""
    size = size or str(config.get("display.size", "800x480"))
    theme = theme_for(size)
    box = build_box(
        config,
        journal,
        wake=wake_the_loop,
        clock=clock,
        hub=None if phones is None else phones.hub,
        ring=ring,
        sounds=sounds,
        probe=question_probe(theme),
        notify=notify,
    )
    theme = theme_for(size, wants_large_text(config, box.session.settings))
    return App(box, theme, on_listen=on_listen, phones=phones)


__all__ = ["App", "Hit", "build_app"]

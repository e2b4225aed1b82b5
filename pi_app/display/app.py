"""The table app: one loop that sleeps until an input or a timer, then redraws.

`App.step` handles one batch of events and renders; `App.run` is the blocking loop the
box runs (it waits in `pygame.event.wait` with a timeout, so an idle box costs no CPU).
Tests and the demo drive `step` directly with an injected clock, which makes them
deterministic. Every action goes through the `Table`: checked by the rules, journaled,
and only then shown; a broken rule is shown as a message and changes nothing.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, FontBook, Hit
from pi_app.display.intents import (
    Back,
    Bell,
    Intent,
    Press,
    Quit,
    Redo,
    Undo,
    normalise,
    wait_events,
)
from pi_app.display.ring import RecordingRing, RingPort
from pi_app.display.scene import (
    Abandon,
    Command,
    CreateTournament,
    Ctx,
    Cue,
    GoHome,
    JoinTournament,
    NewGame,
    Notice,
    Play,
    QuitApp,
    RedoAction,
    Resume,
    RingFlash,
    SandTimer,
    Scene,
    SetLanguage,
    ShowFinal,
    ShowHistory,
    ShowJoin,
    StartTimer,
    StopTimer,
    UndoAction,
    table_colours,
)
from pi_app.display.sound import Sounds
from pi_app.display.theme import RGB, theme_for
from pi_app.i18n import Translator, current_language, set_language
from pi_app.rules.contract import RuleError
from pi_app.table import Journal, JournalError, Table
from pi_app.table.history import History
from pi_app.table.journal import Player
from pi_app.table.protocol import GameTable

log = logging.getLogger(__name__)
_ = Translator("display")

CELEBRATION_FLASHES = 6  # the ring's flashes when a game ends, in the winners' colours
CELEBRATION_STEP = 0.4  # seconds between them
SWEEP_STEPS = 12  # a seat move's sweep round the ring, in steps
SWEEP_SECONDS = 1.2
FRAME = 1 / 30  # animations never run faster than 30 frames a second
FLASH_SECONDS = 0.5  # how long a drawn ring's flash is animated
MESSAGE_SECONDS = 5.0
WARNING_SECONDS = 5  # the last seconds of a timer tick
PLAYERS_OFFERED = 40  # the remembered players the home offers, the latest first
JOURNAL_CHECK_SECONDS = 0.5  # while journal writes are pending, look at them this often
NETWORK_CHECK_SECONDS = 1.0  # in a tournament across boxes, look at the network this often
# SDL video drivers whose event wait truly sleeps (others poll; see wait_events)
BLOCKING_DRIVERS = frozenset({"x11", "wayland", "windows", "cocoa"})


class App:
    """The display, the table and the devices' messages, in one thread."""

    def __init__(
        self,
        config: Mapping[str, Any],
        *,
        journal: Journal,
        size: str | None = None,
        clock: Callable[[], float] = time.monotonic,
        ring: RingPort | None = None,
        sounds: Sounds | None = None,
        notify: Callable[[str], None] | None = None,
    ) -> None:
        self.config = config
        self.theme = theme_for(size or str(config.get("display.size", "800x480")))
        self.clock = clock
        self.journal = journal
        self.ring: RingPort = ring if ring is not None else RecordingRing(clock)
        self.sounds = sounds
        self.notify = notify or (lambda _message: None)
        self.timer: SandTimer | None = None
        self.message: tuple[str, bool, float] | None = None
        self.running = True
        self.dirty = True
        self.frames = 0
        self.on_present: Callable[[Scene], None] | None = None
        self.on_listen: Callable[[bool], None] | None = None
        self._listening: bool | None = None
        self._scene: Scene | None = None
        self._home: Scene | None = None
        self._ring_colour: RGB | None = None
        self._last_frame = -1.0
        self._ticked: int | None = None
        self._flash_until = 0.0
        self._still: pygame.Surface | None = None
        self._watchdog = _watchdog_interval()
        self._journal_error: str | None = None
        self._ring_problem: str | None = None
        self.hub: Any = None  # pi_app.web.hub.Hub once phones can join
        self.phones_url: Callable[[str], str] = lambda secret: f"/j/{secret}"
        self.show_phones = False
        self._phones_seat: str | None = None  # the free seat whose own code is shown
        self._phones_page = 0
        self._last_watchdog = 0.0
        from pi_app.display.network import TournamentHost

        self.network = TournamentHost(config, journal.path.parent, _wake)
        self.table: GameTable | None = self._resume()
        """The game at the table: a journaled `Table`, or a tournament across boxes'."""
        self.show_home = self.table is None
        self.show_final = False
        self._browse: Scene | None = None  # the history, over the home screen
        self._ring_script: list[tuple[float, Callable[[], None]]] = []
        """Ring steps the app plays by itself (a celebration, a sweep): (when, step)."""
        if journal.notice:
            self.flash_message(journal.notice, error=True)
        self.fonts = FontBook()
        self.screen: pygame.Surface | None = None
        self.canvas: Canvas | None = None

    # ---- set-up -------------------------------------------------------------------

    def _resume(self) -> GameTable | None:
        """The tournament across boxes this box is part of, else the journal's unfinished
        game, or None (also when its rules are missing)."""
        try:
            network = self.network.resume()
        except Exception as error:  # the box starts anyway, on its own journal
            log.exception("cannot resume the tournament")
            self.flash_message(
                _("The tournament could not be resumed: {error}").format(error=error), True
            )
            network = None
        if network is not None:
            return network
        try:
            return Table.resume(self.journal)
        except RuleError as error:
            self.flash_message(error.message(), error=True)
        except Exception as error:  # a game that cannot be rebuilt must not stop the box
            log.exception("cannot resume the journal")
            self.flash_message(
                _("The unfinished game could not be resumed: {error}").format(error=error),
                error=True,
            )
        return None

    def attach(self, surface: pygame.Surface) -> None:
        """Draw on `surface` (the display, or an off-screen surface for pictures)."""
        self.screen = surface
        self.canvas = Canvas(surface, self.theme, self.fonts)
        self.dirty = True

    def open_window(self, fullscreen: bool = False) -> None:
        """Open the display (pygame must be initialised) at the theme's size."""
        flags = pygame.FULLSCREEN if fullscreen else 0
        surface = pygame.display.set_mode(self.theme.size, flags)
        pygame.display.set_caption("Table Companion")
        pygame.mouse.set_visible(not fullscreen)
        self.attach(surface)

    # ---- what scenes read ---------------------------------------------------------

    def ctx(self) -> Ctx:
        return Ctx(
            now=self.clock(),
            theme=self.theme,
            table=self.table,
            timer=self.timer,
            config=self.config,
            has_unfinished=self.table is not None and self.table.outcome() is None,
            sim_ring=self._sim_ring() is not None,
            phones=self.hub is not None,
            state=None if self.table is None else self.table.state,
        )

    def _sim_ring(self) -> Any:
        """The devices' LED ring when it has no LEDs to show on (simulator, Pico away)."""
        ring = getattr(self.ring, "ring", None)
        if ring is None or getattr(ring, "on_hardware", True):
            return None
        return ring

    @property
    def scene(self) -> Scene:
        """The scene for the table's state now (its own state kept while it stays)."""
        if (self.show_home or self.table is None) and self._browse is not None:
            return self._browse
        if self.show_home or self.table is None:
            if self._home is None:
                from pi_app.display.home import HomeScene

                self._home = HomeScene(self.config, self._players())
            return self._home
        if self._scene is None:
            self._refresh_scene()
        assert self._scene is not None
        return self._scene

    def _final_scene(self) -> Scene | None:
        """The end-of-game screen of the table; None (and the game's own) if it fails."""
        from pi_app.display.final import FinalScene

        if isinstance(self._scene, FinalScene) and self._scene.game_id == self.table_id:
            return self._scene  # folded once per game end, not on every refresh
        if self.table is None:
            return None
        try:
            return FinalScene(self.table)
        except Exception:  # a game whose record cannot be summarised keeps its own screen
            log.exception("no final screen for this game")
            self.show_final = False
            return None

    def _playing(self, table: GameTable) -> bool:
        """Whether `table` is the one at the table now (a tournament left may linger)."""
        return self.table is table

    @property
    def table_id(self) -> int | None:
        return None if self.table is None else self.table.game_id

    def _players(self) -> list[Player]:
        """The remembered players, the latest first ([] while the storage fails)."""
        try:
            return self.journal.players(PLAYERS_OFFERED)
        except JournalError as error:
            log.warning("players not read: %s", error)
            return []

    def _refresh_scene(self) -> None:
        """Follow the table to the scene of its state; a new scene stops the sand timer."""
        if self.table is None:
            self._scene = None
            return
        from pi_app.display.games import scene_for

        if self.show_final and self.table.outcome() is None:
            self.show_final = False  # an undo took the game back from its end
        candidate = self._final_scene() if self.show_final else None
        if candidate is None:
            candidate = scene_for(self.table)
        if self._scene is None or candidate.key() != self._scene.key():
            if self._scene is not None and self.timer is not None:
                self.timer = None
                self.ring.colour(None)
            self._scene = candidate

    # ---- inputs ---------------------------------------------------------------------

    def _hit(self, pos: tuple[int, int]) -> Any:
        return None if self.canvas is None else self.canvas.hit_at(pos)

    def feed(self, intent: Intent) -> None:
        """Handle one intent: the app's own (quit, undo, menu) first, then the scene's."""
        self.dirty = True
        if isinstance(intent, Quit):
            self.running = False
            return
        if isinstance(intent, Press) and intent.target == "dismiss":
            self.message = None
            return
        if self.hub is not None and self._phones_panel(intent):
            return
        in_game = not self.show_home and self.table is not None
        if in_game and (isinstance(intent, Undo) or intent == Press("undo")):
            self.execute(UndoAction())
            return
        if in_game and isinstance(intent, Redo):
            self.execute(RedoAction())
            return
        if in_game and (intent == Press("menu") or isinstance(intent, Back)):
            self.execute(GoHome())
            return
        for command in self.scene.handle(intent, self.ctx()):
            self.execute(command)

    def execute(self, command: Command) -> None:
        """Carry out one command from a scene."""
        self.dirty = True
        if isinstance(command, Play | UndoAction | RedoAction):
            self._on_table(command)
        elif isinstance(command, StartTimer):
            self.timer = SandTimer(command.kind, self.clock(), command.seconds)
            self._ticked = None
            self.ring.timer(command.seconds)
        elif isinstance(command, StopTimer):
            self.timer = None
            self.ring.colour(None)
        elif isinstance(command, NewGame):
            self._new_game(command)
        elif isinstance(command, ShowFinal):
            self._show_final()
        elif isinstance(command, CreateTournament | JoinTournament):
            self._network_game(command)
        elif isinstance(command, ShowJoin):
            from pi_app.display.network import JoinScene

            self._browse = JoinScene(self.network.host, self.network.port)
        elif isinstance(command, ShowHistory):
            from pi_app.display.history import HistoryScene

            per_page = 5 if self.theme.height >= 480 else 4
            self._browse = HistoryScene(History(self.journal), per_page)
        elif isinstance(command, GoHome):
            self.show_home = True
            self._home = self._browse = None
        elif isinstance(command, Resume):
            self.show_home = self.table is None
        elif isinstance(command, Abandon):
            if self.table is not None:
                self.table.abandon()
            if self.table is not None and self.table is self.network.table:
                self.network.leave()
            self.table, self._scene, self.timer = None, None, None
            self._home, self.show_final = None, False
        elif isinstance(command, SetLanguage):
            set_language(command.lang)
        elif isinstance(command, Cue):
            self.cue(command.name)
        elif isinstance(command, RingFlash):
            self.ring.flash(command.colour)
            self._flash_until = self.clock() + FLASH_SECONDS
        elif isinstance(command, Notice):
            self.flash_message(command.text, command.error)
        elif isinstance(command, QuitApp):
            self.running = False

    def _on_table(self, command: Play | UndoAction | RedoAction) -> None:
        if self.table is None:
            return
        try:
            if isinstance(command, Play):
                self.table.play(command.notation)
            elif isinstance(command, UndoAction):
                self.table.undo()
            else:
                self.table.redo()
        except RuleError as error:
            self.flash_message(error.message(), error=True)
            self.cue("error")
            return
        except Exception as error:  # an engine fault is shown, never a crash of the box
            log.exception("action %r failed", command)
            self.flash_message(_("This could not be done: {error}").format(error=error), True)
            return
        self.message = None
        if isinstance(command, Play) and self._scene is not None:
            self._scene.accepted(command, self.ctx())
        self._refresh_scene()
        if isinstance(command, Play) and command.cue:
            self.cue(command.cue)

    def _new_game(self, command: NewGame) -> None:
        try:
            table = Table.new(
                self.journal,
                command.game,
                command.seats,
                command.options,
                extras=command.extras or None,
            )
        except RuleError as error:
            self.flash_message(error.message(), error=True)
            return
        except JournalError as error:  # the storage fails: say so, keep the home screen
            self.flash_message(str(error), error=True)
            return
        self.table, self._scene, self.timer = table, None, None
        self.show_home = self.show_final = False
        self.message = None
        if command.players:
            self.journal.remember_players([Player(n, c) for n, c in command.players])

    def _network_game(self, command: CreateTournament | JoinTournament) -> None:
        """Create or join a tournament across boxes; a failure is said, the home stays."""
        from pi_app.net.broker import BrokerError
        from pi_app.net.protocol import ProtocolError

        self.network.close()
        try:
            if isinstance(command, CreateTournament):
                table = self.network.create(command.seats, command.options, command.tables)
            else:
                table = self.network.join(command.tid, command.key, command.table)
        except RuleError as error:
            self.flash_message(error.message(), error=True)
            return
        except (BrokerError, ProtocolError, OSError) as error:
            self.flash_message(
                _("The tournament could not start: {error}").format(error=error), True
            )
            return
        self.journal.abandon_unfinished()  # a new game starts, as with any other
        self.table, self._scene, self.timer = table, None, None
        self.show_home = self.show_final = False
        self._home = self._browse = None
        self.message = None

    def _poll_network(self) -> None:
        """What the tournament's network brought: new rounds, seat moves to announce."""
        table = self.network.table
        if table is None or not self._playing(table):
            return
        changed, moved = self.network.poll()
        if changed:
            self.dirty = True
            self._refresh_scene()
        if moved:
            self.sweep(th.WARN)
        if table.archived is None and table.outcome() is not None:
            try:  # the finished tournament goes into this box's history, once
                table.archive(self.journal)
            except (RuleError, JournalError) as error:
                log.warning("the tournament could not be kept in the journal: %s", error)
        for notice in table.take_notices():
            self.flash_message(notice, error=True)

    def _show_final(self) -> None:
        """The end-of-game screen, and the ring's celebration in the winners' colours."""
        if self.table is None or self.table.outcome() is None:
            return
        self.show_final = True
        self._refresh_scene()
        outcome = self.table.outcome()
        seats, palette = self.table.seats, table_colours(self.table)
        colours = [
            th.seat_colour(seats.index(winner), palette)
            for winner in (outcome.winners if outcome is not None else ())
            if winner in seats
        ] or [th.WARN]
        count = max(CELEBRATION_FLASHES, len(colours))
        self.play_on_ring(
            [self._flash_step(colours[k % len(colours)]) for k in range(count)], CELEBRATION_STEP
        )

    def _flash_step(self, colour: RGB) -> Callable[[], None]:
        def flash() -> None:
            self.ring.flash(colour)
            self._flash_until = self.clock() + FLASH_SECONDS

        return flash

    def play_on_ring(self, steps: Sequence[Callable[[], None]], every: float) -> None:
        """Play `steps` on the ring, one every `every` seconds, between frames."""
        now = self.clock()
        self._ring_script = [(now + k * every, step) for k, step in enumerate(steps)]

    def sweep(self, colour: RGB) -> None:
        """A colour going once round the ring (a seat move to announce), then whose turn."""

        def at(fraction: float) -> Callable[[], None]:
            return lambda: self.ring.progress(fraction, colour)

        def done() -> None:
            self._ring_colour = None  # the next frame shows whose turn it is again
            self.ring.colour(None)
            self.dirty = True

        steps = [at(k / SWEEP_STEPS) for k in range(1, SWEEP_STEPS + 1)]
        self.play_on_ring([*steps, done], SWEEP_SECONDS / SWEEP_STEPS)

    def flash_message(self, text: str, error: bool = False) -> None:
        self.message = (text, error, self.clock() + MESSAGE_SECONDS)
        self.dirty = True

    def cue(self, name: str) -> None:
        if self.sounds is not None:
            self.sounds.play(name)

    # ---- time -----------------------------------------------------------------------

    def tick(self) -> None:
        """Timers and message expiry: what happens without any input."""
        now = self.clock()
        if self.message is not None and now >= self.message[2]:
            self.message = None
            self.dirty = True
        timer = self.timer
        if timer is not None:
            left = timer.remaining(now)
            whole = int(left + 0.999)
            if whole != self._ticked:
                self._ticked = whole
                if whole == 0:
                    self.cue("time-up")
                    self.dirty = True
                    for command in self.scene.timeout(timer.kind, self.ctx()):
                        self.execute(command)
                elif whole <= WARNING_SECONDS:
                    self.cue("tick")
        while self._ring_script and self._ring_script[0][0] <= now:
            self._ring_script.pop(0)[1]()
        if self._watchdog and now - self._last_watchdog >= self._watchdog:
            self._last_watchdog = now
            self.notify("WATCHDOG=1")
        self._watch_journal()
        self._watch_ring()

    def _watch_ring(self) -> None:
        """Say once why the Pico's ring is not used (another firmware release)."""
        ring = getattr(self.ring, "ring", None)
        problem: str | None = getattr(ring, "problem", None)
        if problem != self._ring_problem:
            self._ring_problem = problem
            if problem is not None:
                log.warning("ring shown on screen: %s", problem)
                self.flash_message(problem, error=True)

    def _watch_journal(self) -> None:
        """Say when the journal's storage fails, and when it writes again.

        The journal writes on its own thread and never makes the table wait, so a
        failing card is noticed here, between frames, not in the middle of a press.
        """
        error = self.journal.error
        if error == self._journal_error:
            return
        self._journal_error = error
        if error is not None:
            self.flash_message(error, error=True)
        else:
            self.flash_message(_("The journal is written again; nothing was lost."))

    def animating(self) -> bool:
        now = self.clock()
        return (self.timer is not None and not self.timer.done(now)) or now < self._flash_until

    def wait_ms(self) -> int:
        """How long the loop may sleep before something on screen must change."""
        now = self.clock()
        waits = [3600.0]
        if self.dirty:
            waits.append(0.0)
        if self.animating():
            waits.append(max(0.0, self._last_frame + FRAME - now))
        if self.timer is not None and not self.timer.done(now):
            waits.append(self.timer.remaining(now) % 1.0 + 0.001)
        if self.message is not None:
            waits.append(self.message[2] - now)
        if self._ring_script:
            waits.append(self._ring_script[0][0] - now)
        if self._watchdog:
            waits.append(self._last_watchdog + self._watchdog - now)
        if self.network.table is not None:
            waits.append(NETWORK_CHECK_SECONDS)  # rounds not yet ordered are sent again
        if self.journal.pending or self._journal_error:
            waits.append(JOURNAL_CHECK_SECONDS)  # so a failing write is seen soon
        return max(0, int(min(waits) * 1000))

    # ---- drawing --------------------------------------------------------------------

    def render(self) -> bool:
        """Redraw what changed; returns True when a frame was presented."""
        if self.canvas is None or self.screen is None:
            return False
        now = self.clock()
        if self.dirty:
            self._full_frame(now)
        elif self.animating() and now - self._last_frame >= FRAME - 0.002:
            self._animation_frame(now)
        else:
            return False
        self._last_frame = now
        self.frames += 1
        if self.on_present is not None:
            self.on_present(self.scene)
        return True

    def _full_frame(self, now: float) -> None:
        assert self.canvas is not None
        canvas = self.canvas
        canvas.reset()
        canvas.fill(th.BACKGROUND)
        ctx = self.ctx()
        scene = self.scene
        try:
            canvas.colours = scene.colours(ctx)
            scene.draw(canvas, ctx)
        except Exception as error:  # a drawing fault must not stop the table: say so
            log.exception("drawing %s failed", scene.name)
            canvas.reset()
            canvas.fill(th.BACKGROUND)
            text = _("This screen could not be drawn: {error}").format(error=error)
            canvas.text(text, canvas.rect.inflate(-40, -160), self.theme.body, th.WARN)
            canvas.button(pygame.Rect(20, 20, 200, self.theme.button_h), _("Menu"), "menu")
            canvas.button(pygame.Rect(240, 20, 200, self.theme.button_h), _("Undo"), "undo")
        ring = self._sim_ring()
        if ring is not None and canvas.ring_slot is not None:
            slot = canvas.ring_slot
            canvas.animate(slot, lambda c, _now: draw_ring(c, slot, ring.pixels()))
        if self.show_phones and self.hub is not None and self.table is not None:
            from pi_app.display.phones import draw_phones

            secret = self.hub.seats.game(self.table.game_id)
            seats = list(self.table.export()["seats"])
            held = sorted(self.hub.seats.holders())
            chosen = self._phones_seat if self._phones_seat not in held else None
            links = self.phones_links(secret)  # the addresses of now, the code's first
            draw_phones(canvas, links, seats, held, chosen, self._phones_page)
        self._draw_message(canvas)
        if canvas.animated:
            self._still = canvas.surface.copy()
            for item in canvas.animated:
                item.paint(canvas, now)
        else:
            self._still = None
        self._present(None)
        self.dirty = False
        listen = scene.wants_bell(ctx)
        if listen != self._listening and self.on_listen is not None:
            self._listening = listen
            self.on_listen(listen)
        colour = scene.ring_colour(ctx)
        if colour != self._ring_colour and self.timer is None:
            self._ring_colour = colour
            self.ring.colour(colour)

    def _animation_frame(self, now: float) -> None:
        assert self.canvas is not None
        canvas = self.canvas
        kept = canvas.texts
        canvas.texts = []
        rects = []
        for item in canvas.animated:
            if self._still is not None:
                canvas.surface.blit(self._still, item.rect, item.rect)
            item.paint(canvas, now)
            rects.append(item.rect)
        canvas.texts = kept
        self._present(rects)

    def _present(self, rects: Sequence[pygame.Rect] | None) -> None:
        if pygame.display.get_init() and pygame.display.get_surface() is self.screen:
            if rects is None:
                pygame.display.flip()
            else:
                pygame.display.update(rects)

    def _draw_message(self, canvas: Canvas) -> None:
        if self.message is None:
            return
        text, error, _until = self.message
        t = canvas.theme
        height = t.button_h * 2 if t.width >= 800 else t.button_h * 2 + t.gap
        box = pygame.Rect(t.pad, t.height - height - t.pad, t.width - 2 * t.pad, height)
        canvas.panel(box, th.BAD if error else th.PANEL_HI, th.TEXT, 2)
        canvas.text(
            text,
            box.inflate(-2 * t.pad, -t.gap),
            t.small,
            th.ink_for(th.BAD if error else th.PANEL_HI),
        )
        canvas.hits.append(Hit(box, "dismiss"))

    # ---- the loop -------------------------------------------------------------------

    def step(self, events: Iterable[pygame.event.Event] | None = None) -> bool:
        """Handle a batch of events (default: whatever is queued), tick, render."""
        batch = list(pygame.event.get() if events is None else events)
        for event in batch:
            intent = normalise(event, self.clock(), self._hit)
            if intent is not None:
                self.feed(intent)
        if self.hub is not None:
            self._serve_phones()
        self._poll_network()
        if self._browse is not None or (not self.show_home and self.table is not None):
            for command in self.scene.poll(self.ctx()):
                self.execute(command)
        self.tick()
        if self.hub is not None:
            timer, now = self.timer, self.clock()
            left = 0.0 if timer is None else timer.remaining(now)
            self.hub.publish(None if self.show_home else self.table, timer, left)
        self.render()
        return self.running

    # ---- phones -----------------------------------------------------------------------

    def attach_phones(
        self,
        hub: Any,
        url: Callable[[str], str],
        links: Callable[[str], Sequence[str]] | None = None,
    ) -> None:
        """Let phones join through `hub` (pi_app.web); `url(secret)` is the join link.

        `links(secret)` are all the links the phones panel writes out, `url`'s first
        (the one its code carries): by each of the box's addresses, then `.local`'s.
        """
        from pi_app.display.intents import PHONE_EVENT, post

        self.hub = hub
        self.phones_url = url
        self.phones_links: Callable[[str], Sequence[str]] = links or (lambda s: [url(s)])
        hub.wake = lambda: post(pygame.event.Event(PHONE_EVENT))
        self.journal.on_durable(hub.durable)

    def _phones_panel(self, intent: Intent) -> bool:
        """The QR panel's own taps; True when the intent was one of them."""
        if not isinstance(intent, Press):
            return False
        target = intent.target
        if target == "phones" and self.table is not None:
            self.show_phones, self._phones_seat, self._phones_page = True, None, 0
        elif target == "phones-close":
            self.show_phones = False
        elif target == "phones-more":
            self._phones_page += 1
        elif isinstance(target, tuple) and target[:1] == ("free-seat",):
            self.hub.seats.free(str(target[1]))
        elif isinstance(target, tuple) and target[:1] == ("seat-code",):
            self._phones_seat = str(target[1])
        else:
            return False
        return True

    def _serve_phones(self) -> None:
        """Carry out the phones' requests as the table's events, as taps would be."""
        from pi_app.web.requests import perform, refusal

        for request, future in self.hub.take():
            if self.table is None or self.show_home:
                future.set_result(refusal(_("No game at the table yet."), request.lang))
                continue
            reply = perform(self.table, request)
            future.set_result(reply)
            if reply.ok:
                self.dirty = True
                self._refresh_scene()

    def run(self) -> int:
        """The blocking loop of the box: sleep until an input or a timer, then step."""
        self.render()
        self.notify("READY=1")
        if self.sounds is None:
            self.sounds = Sounds(self.config)
        blocking = pygame.display.get_driver() in BLOCKING_DRIVERS
        while self.running:
            self.step(wait_events(self.wait_ms(), blocking))
        self.notify("STOPPING=1")
        return 0


def draw_ring(canvas: Canvas, box: pygame.Rect, pixels: Sequence[RGB]) -> None:
    """The LED ring drawn on screen: one dot per LED, LED 0 just clockwise of the top."""
    import math

    canvas.fill(th.BACKGROUND, box)
    count = max(1, len(pixels))
    radius = min(box.width, box.height) / 2 - 3
    dot = max(2, int(radius * math.pi / count))
    for index, colour in enumerate(pixels):
        angle = 2 * math.pi * (index + 0.5) / count - math.pi / 2
        centre = (box.centerx + radius * math.cos(angle), box.centery + radius * math.sin(angle))
        shown = colour if any(colour) else (40, 44, 52)
        pygame.draw.circle(canvas.surface, shown, centre, dot)


def _wake() -> None:
    """Wake the loop from another thread (the tournament's network)."""
    from pi_app.display.intents import WAKE_EVENT, post

    if pygame.display.get_init():
        post(pygame.event.Event(WAKE_EVENT))


def _watchdog_interval() -> float:
    """Half the systemd watchdog period, or 0 when not watched."""
    try:
        usec = int(os.environ.get("WATCHDOG_USEC", "0"))
    except ValueError:
        return 0.0
    return usec / 2e6 if usec > 0 else 0.0


# ---- starting on a machine ------------------------------------------------------------


def choose_video_driver(environ: Mapping[str, str], is_pi: bool) -> str | None:
    """The SDL video driver to ask for, or None to let SDL choose.

    On a Pi with no desktop (no DISPLAY, no WAYLAND_DISPLAY) the display is driven
    directly through KMS/DRM. Elsewhere, SDL picks; an explicit SDL_VIDEODRIVER wins.
    """
    if environ.get("SDL_VIDEODRIVER"):
        return environ["SDL_VIDEODRIVER"]
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return "kmsdrm" if is_pi else None


def is_raspberry_pi() -> bool:
    try:
        with open("/proc/device-tree/model", encoding="ascii", errors="ignore") as model:
            return "Raspberry Pi" in model.read()
    except OSError:
        return False


def headless_message() -> str:
    return _(
        "No display found (no DISPLAY or WAYLAND_DISPLAY, and this is not a Pi). "
        "To run without a screen use SDL_VIDEODRIVER=dummy tabletop, or "
        "`tabletop demo gambit7 --shots DIR` to save pictures of each scene."
    )


def _notifier() -> Callable[[str], None] | None:
    """The devices package's systemd notifier (harmless when not under systemd)."""
    try:
        from pi_app.devices import sdnotify
    except ImportError:
        return None

    def notify(message: str) -> None:
        sdnotify.notify(message)

    return notify


def start_phones(config: Any, app: App) -> list[Callable[[], None]]:
    """Open the phones' server beside the app; the box works on without it.

    The join links name the box's addresses (the default route's first, in the QR
    code) and then `<hostname>.local`; a watcher redraws an open panel when they change.
    """
    if not config["phones.enabled"]:
        return []
    from pi_app.display.intents import WAKE_EVENT, post
    from pi_app.web.hub import Hub
    from pi_app.web.reach import JoinLinks, Reach, watch
    from pi_app.web.seats import SeatBook
    from pi_app.web.server import PhoneServer

    hub = Hub(SeatBook(config.journal_path.with_name("phones.json")))
    server = PhoneServer(hub, port=int(config["phones.port"]))
    try:
        port = server.start()
    except OSError as error:
        log.warning("phones cannot join: port %s: %s", config["phones.port"], error)
        app.flash_message(
            _("Phones cannot join: port {port} is taken.").format(port=config["phones.port"]),
            error=True,
        )
        return []
    links = JoinLinks(Reach(), port)
    app.attach_phones(hub, lambda secret: links(secret)[0], links)
    log.info("phones join at %s", ", ".join(links.sites()))

    def follow() -> None:
        """A new network while the panel is open: draw it again with its addresses."""
        if app.show_phones and links.moved():
            app.dirty = True  # a flag the loop reads; set again until the panel follows
            post(pygame.event.Event(WAKE_EVENT))

    return [watch(follow), server.stop]


def run_app(config: Any) -> int:
    """Open the table app on this machine's display; returns the exit code."""
    driver = choose_video_driver(os.environ, is_raspberry_pi())
    if driver is None and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        print(headless_message(), file=sys.stderr)
        return 1
    if driver:
        os.environ["SDL_VIDEODRIVER"] = driver
    started = time.monotonic()
    pygame.display.init()
    pygame.font.init()
    try:
        journal = Journal(config.journal_path)
        app = App(config.values, journal=journal, notify=_notifier())
        app.open_window(bool(config["display.fullscreen"]))
    except pygame.error as error:
        print(_("The display could not be opened: {error}").format(error=error), file=sys.stderr)
        print(headless_message(), file=sys.stderr)
        return 1
    from pi_app.display.devices import connect_devices

    closers = connect_devices(config, app)
    closers += start_phones(config, app)
    log.info("first frame after %.3f s", time.monotonic() - started)
    try:
        return app.run()
    except KeyboardInterrupt:
        return 0
    finally:
        for close in closers:
            close()
        app.network.close()
        journal.close()
        pygame.quit()


__all__ = ["App", "Bell", "current_language", "run_app"]

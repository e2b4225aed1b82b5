"""The table app: one loop that sleeps until an input or a timer, then redraws.

`App.step` handles one batch of events and renders; `App.run` is the blocking loop the
box runs (it waits in `pygame.event.wait` with a timeout, so an idle box costs no CPU).
Tests and the demo drive `step` directly with an injected clock, which makes them
deterministic. Every action goes through the table: checked by the rules, journaled,
and only then shown; a broken rule is shown as a message and changes nothing.

The app is the loop and the table's owner; its parts have names of their own: which
screen is up (`screens.Screens`), the ring's show (`ring_show.RingShow`), the phones
(`phones_panel.PhonesPanel`), the message bar (`message_bar.MessageBar`) and the
frames (`frames.Painter`). Devices and phones are passed in, built by the start-up
(`startup.run_app`), never assigned onto the app afterwards.
"""

from __future__ import annotations

import logging
import math
import os
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any, assert_never

import pygame

from pi_app.display import theme as th
from pi_app.display.canvas import Canvas, FontBook, Hit
from pi_app.display.frames import Painter
from pi_app.display.games import declaration_of
from pi_app.display.intents import (
    Back,
    Intent,
    Press,
    Quit,
    Redo,
    Undo,
    normalise,
    wait_events,
)
from pi_app.display.message_bar import MessageBar
from pi_app.display.phones_panel import PhonesPanel
from pi_app.display.questions_view import PACKS_SETTING
from pi_app.display.quizmaster import Quizmaster, journal_or
from pi_app.display.ring import RecordingRing, RingPort
from pi_app.display.ring_show import RingShow, Tick
from pi_app.display.scene import (
    Abandon,
    Command,
    CreateTournament,
    Ctx,
    Cue,
    FlagQuestion,
    GoHome,
    JoinTournament,
    NewGame,
    Notice,
    Play,
    QuitApp,
    RedoAction,
    Redraw,
    Remember,
    Resume,
    RingFlash,
    SandTimer,
    Scene,
    SetLanguage,
    ShowCredits,
    ShowFinal,
    ShowHistory,
    ShowJoin,
    ShowWifi,
    StartTimer,
    StopTimer,
    UndoAction,
    WifiChanged,
    table_colours,
)
from pi_app.display.screens import Mode, Screens
from pi_app.display.sound import Sounds
from pi_app.display.targets import Button
from pi_app.display.theme import theme_for
from pi_app.display.unfinished import Unfinished
from pi_app.i18n import LANGUAGES, Translator, set_language
from pi_app.questions.bank import builtin
from pi_app.rules.contract import RuleError
from pi_app.table import Journal, JournalError, Table
from pi_app.table.history import History
from pi_app.table.journal import Player
from pi_app.table.protocol import GameTable
from pi_app.table.readable import problem_of
from pi_app.web.hub import Hub
from pi_app.wifi.hotspot import Hotspot, NetworkManager

log = logging.getLogger(__name__)
_ = Translator("display")

LANGUAGE_SETTING = "language"
"""The journal's setting for the language chosen on the box."""
LANGUAGE_GIVEN = "language.given"
"""Set in the config by `tabletop --lang` (or TABLETOP_LANG): this start's language wins."""
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
        on_listen: Callable[[bool], None] | None = None,
        phones: PhonesPanel | None = None,
        sounds: Sounds | None = None,
        notify: Callable[[str], None] | None = None,
    ) -> None:
        from pi_app.display.network import BoxTournament

        config = {**config, PACKS_SETTING: journal_or(journal.pack_names, list[str]())}
        self.config = config
        self.theme = theme_for(size or str(config.get("display.size", "800x480")))
        self.clock = clock
        self.journal = journal
        self.show = RingShow(ring if ring is not None else RecordingRing(clock), clock)
        self.on_listen = on_listen
        self._listening: bool | None = None
        """Whether the bell was last said to be listened to (None: not said yet)."""
        self.phones = phones
        self.sounds = sounds
        self.notify = notify or (lambda _message: None)
        self.bar = MessageBar(clock)
        self.running = True
        self.dirty = True
        self.on_present: Callable[[Scene], None] | None = None
        self._watchdog = _watchdog_interval()
        self._last_watchdog = 0.0
        self._journal_error: str | None = None
        self.network = BoxTournament(config, journal.path.parent, _wake)
        self.quizmaster = Quizmaster(journal, builtin)
        self.wifi: Callable[[], NetworkManager] = lambda: NetworkManager(journal.path.parent)
        """The box's own Wi-Fi as its page asks NetworkManager (a stand-in in tests)."""
        self.open_portal: Callable[[Hotspot], None] | None = None
        """Answers the phones' checks once the box's own Wi-Fi is up (given at start)."""
        self.settings = self._settings()
        """The choices the host made on the box, kept in the journal across restarts."""
        tables = self._resume()
        self.unfinished = Unfinished(tables)
        """Every unfinished game, the latest played first: they wait to be resumed."""
        self.table: GameTable | None = tables[0] if tables else None
        """The game at the table (the home may be over it): a journaled `Table`, or a
        tournament across boxes'."""
        self.screens = Screens(config, self._players, self.table, self.settings)
        self.painter = Painter(FontBook(), self.theme)
        if phones is not None:
            phones.flag = self.quizmaster.flag
            phones.hub.on_request(_wake_for_phones)
            journal.on_durable(phones.hub.durable)
        if journal.notice:
            self.flash_message(journal.notice, error=True)

    # ---- set-up -------------------------------------------------------------------

    def _resume(self) -> list[GameTable]:
        """The tournament across boxes this box is part of, then every unfinished game
        of the journal, the latest played first (a game whose rules are missing, or
        that cannot be rebuilt, is said and left in the journal)."""
        found: list[GameTable] = []
        try:
            network = self.network.resume()
        except Exception as error:  # the box starts anyway, on its own journal
            log.exception("cannot resume the tournament")
            self.flash_message(
                _("The tournament could not be resumed: {error}").format(error=error), True
            )
            network = None
        if network is not None:
            found.append(network)
        try:
            entries = self.journal.unfinished_games()
        except JournalError as error:
            self.flash_message(str(error), error=True)
            entries = []
        for entry in entries:
            table = self._load(entry.id)
            if table is not None:
                found.append(table)
        return found

    def _load(self, game_id: int) -> GameTable | None:
        """One unfinished game of the journal, rebuilt; None (and a message) if it cannot be."""
        try:
            return Table.load(self.journal, game_id)
        except RuleError as error:
            self.flash_message(error.message(), error=True)
        except Exception as error:  # a game that cannot be rebuilt must not stop the box
            entry = self.journal.game(game_id)
            why = None if entry is None else problem_of(self.journal, entry)
            if why is None:  # not a row that does not read: the program's own fault
                log.exception("cannot resume game %s", game_id)
            else:
                log.warning("cannot resume game %s: %s", game_id, why)
            self.flash_message(
                _("The unfinished game could not be resumed: {error}").format(error=why or error),
                error=True,
            )
        return None

    def _settings(self) -> dict[str, object]:
        """The host's kept choices; the language chosen on the box is taken again,
        unless this start was given one (`tabletop --lang`, TABLETOP_LANG)."""
        try:
            kept = self.journal.settings()
        except JournalError as error:
            log.warning("settings not read: %s", error)
            return {}
        lang = kept.get(LANGUAGE_SETTING)
        if isinstance(lang, str) and lang in LANGUAGES and not self.config.get(LANGUAGE_GIVEN):
            set_language(lang)
        return kept

    def remember(self, key: str, value: object) -> None:
        """Keep a host's choice for the next start (written without waiting)."""
        self.settings[key] = value
        try:
            self.journal.remember_setting(key, value)
        except (JournalError, TypeError, ValueError) as error:
            log.warning("setting %s not kept: %s", key, error)

    def attach(self, surface: pygame.Surface) -> None:
        """Draw on `surface` (the display, or an off-screen surface for pictures)."""
        self.painter.attach(surface)
        self.dirty = True

    def open_window(self, fullscreen: bool = False) -> None:
        """Open the display (pygame must be initialised) at the theme's size."""
        flags = pygame.FULLSCREEN if fullscreen else 0
        surface = pygame.display.set_mode(self.theme.size, flags)
        pygame.display.set_caption("Table Companion")
        pygame.mouse.set_visible(not fullscreen)
        self.attach(surface)

    # ---- what scenes and tests read -------------------------------------------------

    @property
    def canvas(self) -> Canvas | None:
        return self.painter.canvas

    @property
    def screen(self) -> pygame.Surface | None:
        return self.painter.surface

    @property
    def frames(self) -> int:
        return self.painter.frames

    @property
    def ring(self) -> RingPort:
        return self.show.ring

    @property
    def timer(self) -> SandTimer | None:
        return self.show.timer

    @property
    def message(self) -> tuple[str, bool, float] | None:
        return self.bar.shown

    @property
    def hub(self) -> Hub | None:
        return None if self.phones is None else self.phones.hub

    def ctx(self) -> Ctx:
        return Ctx(
            now=self.clock(),
            theme=self.theme,
            table=self.table,
            timer=self.show.timer,
            config=self.config,
            paused=self.unfinished.listed(),
            leds=self.show.on_screen(),
            phones=self.phones is not None,
            state=None if self.table is None else self.table.state,
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

    def _players(self) -> list[Player]:
        """The remembered players, the latest first ([] while the storage fails)."""
        try:
            return self.journal.players(PLAYERS_OFFERED)
        except JournalError as error:
            log.warning("players not read: %s", error)
            return []

    def _follow(self) -> None:
        """Follow the table to the scene of its state (its round's question asked first,
        where the box asks them); a new scene stops the sand timer."""
        self._ask()
        if self.screens.follow(self.table) and self.show.timer is not None:
            self.show.stop_timer()

    # ---- inputs ---------------------------------------------------------------------

    def _hit(self, pos: tuple[int, int]) -> Any:
        return None if self.canvas is None else self.canvas.hit_at(pos)

    def feed(self, intent: Intent) -> None:
        """Handle one intent: the app's own (quit, undo, menu) first, then the scene's."""
        self.dirty = True
        if isinstance(intent, Quit):
            self.running = False
            return
        if intent == Press(Button.DISMISS):
            self.bar.clear()
            return
        if self.phones is not None and self.phones.handle(intent, self.table):
            return
        match intent:
            case Undo() | Press(target=Button.UNDO) if self.in_game:
                self._undo()
            case Redo() | Press(target=Button.REDO) if self.in_game:
                self.execute(RedoAction())
            case Back() | Press(target=Button.MENU) if self.in_game:
                self.execute(GoHome())
            case _:
                for command in self.scene.handle(intent, self.ctx()):
                    self.execute(command)

    def execute(self, command: Command) -> None:
        """Carry out one command from a scene."""
        self.dirty = True
        match command:
            case Play() | UndoAction() | RedoAction():
                self._on_table(command)
            case StartTimer(kind=kind, seconds=seconds):
                self.show.start_timer(kind, seconds)
            case StopTimer():
                self.show.stop_timer()
            case NewGame():
                self._new_game(command)
            case ShowFinal():
                self._show_final()
            case CreateTournament() | JoinTournament():
                self._network_game(command)
            case ShowJoin():
                from pi_app.display.network import JoinScene

                self.screens.open_page(JoinScene(self.network.broker_host, self.network.port))
            case ShowHistory():
                from pi_app.display.history import HistoryScene

                per_page = 5 if self.theme.height >= 480 else 4
                self.screens.open_page(HistoryScene(History(self.journal), per_page))
            case GoHome():
                self.screens.go_home()
            case Resume(game_id=game_id):
                self._resume_game(game_id)
            case Abandon(game_id=game_id):
                self._abandon(game_id)
            case SetLanguage(lang=lang):
                set_language(lang)
                self.remember(LANGUAGE_SETTING, lang)
            case Remember(key=key, value=value):
                self.remember(key, value)
            case Cue(name=name):
                self.cue(name)
            case RingFlash(colour=colour):
                self.show.flash(colour)
            case Notice(text=text, error=error):
                self.flash_message(text, error)
            case Redraw():
                pass  # every command draws the screen again
            case QuitApp():
                self.running = False
            case ShowCredits():
                from pi_app.display.credits import CreditsScene

                self.screens.open_page(CreditsScene())
            case FlagQuestion(question_id=question_id):
                self._flag(question_id)
            case ShowWifi():
                from pi_app.display.wifi_page import WifiScene

                self.screens.open_page(WifiScene(self.wifi(), _wake))
            case WifiChanged(hotspot=hotspot):
                self._wifi_changed(hotspot)
            case _:
                assert_never(command)

    def _on_table(self, command: Play | UndoAction | RedoAction) -> None:
        if self.table is None:
            return
        try:
            match command:
                case Play(notation=notation):
                    self.table.play(notation)
                case UndoAction(steps=steps):
                    for _step in range(steps):
                        self.table.undo()
                case RedoAction():
                    self.table.redo()
        except RuleError as error:
            self.flash_message(error.message(), error=True)
            self.cue("error")
            return
        except Exception as error:  # an engine fault is shown, never a crash of the box
            log.exception("action %r failed", command)
            self.flash_message(_("This could not be done: {error}").format(error=error), True)
            return
        self.bar.clear()
        if isinstance(command, Play) and self.screens.in_game:
            self.scene.accepted(command, self.ctx())
        self._follow()
        if isinstance(command, Play) and command.cue:
            self.cue(command.cue)

    def _ask(self) -> None:
        """The round's question, where the table plays with the box's questions and the
        round waits for one; a question the rules refuse is said, never a crash."""
        table = self.table
        if table is None:
            return
        try:
            waits = declaration_of(table.game.name).asks(table.state)
            said = self.quizmaster.ask(table, waits)
        except RuleError as error:
            said = error.message()
        if said:
            self.flash_message(said, error=True)

    def _wifi_changed(self, hotspot: Hotspot | None) -> None:
        """The box's own Wi-Fi came up or went down: the phones' panel shows its code
        (or no longer), and its address answers the phones' checks."""
        if self.phones is not None:
            self.phones.hotspot = hotspot
        if hotspot is not None and self.open_portal is not None:
            self.open_portal(hotspot)

    def _flag(self, question_id: str) -> None:
        """A question the host finds wrong: never asked again on this box."""
        self.quizmaster.flag(question_id, "box")
        self.flash_message(_("Flagged: the box will not ask this question again."))

    def _undo(self) -> None:
        """Undo as the game declares it: a move, or a move with the computer's reply."""
        if self.table is None:
            return
        for command in declaration_of(self.table.game.name).undo(self.table):
            self.execute(command)

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
        self._seat(table)
        if command.players:
            self.journal.remember_players([Player(n, c) for n, c in command.players])

    def _seat(self, table: GameTable) -> None:
        """Another game at the table (new or resumed): its screens, no timer, no message
        of the last one. The game that was there stays unfinished, paused."""
        if table is not self.table or not self.in_game:
            self.show.drop_timer()
            self.bar.clear()
        self.table = table
        self.unfinished.remember(table)
        self._ask()
        self.screens.new_table(table)

    def _resume_game(self, game_id: int | None) -> None:
        """Back to an unfinished game (the latest played when no id is given)."""
        if game_id is None:
            table = next(iter(self.unfinished.tables()), None)
        else:
            table = self.unfinished.find(game_id)
        if table is None:
            self.flash_message(_("This game is not unfinished any more."), error=True)
            self.screens.go_home()
            return
        if table is self.table:
            self.screens.play(table)
            return
        self._seat(table)

    def _network_game(self, command: CreateTournament | JoinTournament) -> None:
        """Create or join a tournament across boxes; a failure is said, the home stays."""
        started = self.network.start(command)
        if isinstance(started, str):
            self.flash_message(started, error=True)
            return
        self._seat(started)  # the game that was at the table waits, paused

    def _abandon(self, game_id: int) -> None:
        """Leave an unfinished game for good, as the host confirmed: it stays in the
        journal and the history (or in the other boxes); the home is shown."""
        table = self.unfinished.find(game_id)
        if table is None:
            self.flash_message(_("This game is not unfinished any more."), error=True)
        else:
            table.abandon()
            if table is self.network.table:
                self.network.leave()
            self.unfinished.forget(table)
            title = table.game.title
            self.flash_message(
                _("{game} was abandoned; it stays in the history.").format(game=title)
            )
        if table is not None and table is self.table:
            tables = self.unfinished.tables()
            self.table = tables[0] if tables else None
            self.show.drop_timer()
            if self.table is not None:
                self.screens.new_table(self.table)
        self.screens.no_table()

    def _poll_network(self) -> None:
        """What the tournament's network brought: new rounds, seat moves to announce."""
        if self.network.table is None or self.table is not self.network.table:
            return
        news = self.network.poll(self.journal)
        if news.changed:
            self.dirty = True
            self._follow()
        if news.moved:
            self.show.sweep(th.WARN)
        for notice in news.notices:
            self.flash_message(notice, error=True)

    def _show_final(self) -> None:
        """The end-of-game screen, and the ring's celebration in the winners' colours."""
        table = self.table
        outcome = None if table is None else table.outcome()
        if table is None or outcome is None:
            return
        self.screens.show_final(table)
        seats, palette = table.seats, table_colours(table)
        colours = [
            th.seat_colour(seats.index(winner), palette)
            for winner in outcome.winners
            if winner in seats
        ]
        self.show.celebrate(colours or [th.WARN])

    def flash_message(self, text: str, error: bool = False) -> None:
        self.bar.say(text, error)
        self.dirty = True

    def cue(self, name: str) -> None:
        if self.sounds is not None:
            self.sounds.play(name)

    # ---- time -----------------------------------------------------------------------

    def tick(self) -> None:
        """Timers and message expiry: what happens without any input."""
        if self.bar.expire():
            self.dirty = True
        tick = self.show.tick()
        if tick is Tick.TIME_UP and self.show.timer is not None:
            self.cue(tick.value)
            self.dirty = True
            for command in self.scene.timeout(self.show.timer.kind, self.ctx()):
                self.execute(command)
        elif tick is Tick.WARNING:
            self.cue(tick.value)
        if self.show.ended:
            self.show.ended, self.dirty = False, True
        now = self.clock()
        if self._watchdog and now - self._last_watchdog >= self._watchdog:
            self._last_watchdog = now
            self.notify("WATCHDOG=1")
        self._watch_journal()
        problem = self.show.news()
        if problem is not None:
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
        return self.show.animating()

    def wait_ms(self) -> int:
        """How long the loop may sleep before something on screen must change."""
        now = self.clock()
        waits = [3600.0, *self.show.deadlines()]
        if self.dirty:
            waits.append(0.0)
        if self.animating():
            waits.append(max(0.0, self.painter.next_frame() - now))
        deadline = self.bar.deadline()
        if deadline is not None:
            waits.append(deadline - now)
        if self._watchdog:
            waits.append(self._last_watchdog + self._watchdog - now)
        if self.network.table is not None:
            waits.append(NETWORK_CHECK_SECONDS)  # rounds not yet ordered are sent again
        if self.journal.pending or self._journal_error:
            waits.append(JOURNAL_CHECK_SECONDS)  # so a failing write is seen soon
        return max(0, math.ceil(min(waits) * 1000))  # never wake just before it is due

    # ---- drawing --------------------------------------------------------------------

    def render(self) -> bool:
        """Redraw what changed; returns True when a frame was presented."""
        if self.dirty:
            if not self._full_frame():
                return False
        elif not (self.animating() and self.painter.animate(self.clock())):
            return False
        if self.on_present is not None:
            self.on_present(self.scene)
        return True

    def _full_frame(self) -> bool:
        """Draw the scene, the phones panel over it and the message bar; then whose turn
        on the ring, and whether the bell is listened to."""
        ctx, scene = self.ctx(), self.scene
        panel = self.phones if self.phones is not None and self.phones.open else None
        table = self.table

        def over(canvas: Canvas) -> None:
            if panel is not None and table is not None:
                canvas.cover(canvas.rect)  # the panel hides the game beneath on purpose
                panel.draw(canvas, table)
            self.bar.lay_out(canvas)
            self.bar.draw(canvas)

        if not self.painter.full(scene, ctx, over):
            return False
        self.dirty = False
        listen = scene.wants_bell(ctx)
        if listen != self._listening and self.on_listen is not None:
            self._listening = listen
            self.on_listen(listen)
        self.show.steady(scene.ring_colour(ctx))
        return True

    # ---- the loop -------------------------------------------------------------------

    def step(self, events: Iterable[pygame.event.Event] | None = None) -> bool:
        """Handle a batch of events (default: whatever is queued), tick, render."""
        batch = list(pygame.event.get() if events is None else events)
        for event in batch:
            intent = normalise(event, self.clock(), self._hit)
            if intent is not None:
                self.feed(intent)
        shown = self.table if self.in_game else None
        if self.phones is not None and self.phones.serve(shown):
            self.dirty = True
            self._follow()
        self._poll_network()
        if self.screens.mode is Mode.PAGE or self.in_game:
            for command in self.scene.poll(self.ctx()):
                self.execute(command)
        self.tick()
        if self.phones is not None:
            shown = self.table if self.in_game else None
            self.phones.publish(shown, self.show.timer, self.clock())
            seated = self.phones.seats_moved()  # a phone took a seat under the open panel
            if seated or self.phones.moved:  # or the box's addresses changed under it
                self.phones.moved, self.dirty = False, True
        self.render()
        return self.running

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


def _wake() -> None:
    """Wake the loop from another thread (the tournament's network)."""
    from pi_app.display.intents import WAKE_EVENT, post

    if pygame.display.get_init():
        post(pygame.event.Event(WAKE_EVENT))


def _wake_for_phones() -> None:
    """Wake the loop from the phones' server thread: a request waits."""
    from pi_app.display.intents import PHONE_EVENT, post

    post(pygame.event.Event(PHONE_EVENT))


def _watchdog_interval() -> float:
    """Half the systemd watchdog period, or 0 when not watched."""
    try:
        usec = int(os.environ.get("WATCHDOG_USEC", "0"))
    except ValueError:
        return 0.0
    return usec / 2e6 if usec > 0 else 0.0


__all__ = ["App", "Hit"]

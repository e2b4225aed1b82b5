"""What each command of a scene does: one handler per kind, found in an open registry.

A scene returns commands (`scene.Command`); the app looks up the handler of each one's
kind here and calls it with itself. A feature that needs a command of its own declares
it and its handler in its own files and registers it with `@handles`; a page opened
from another screen needs none (`scene.OpenPage`). What changes the evening is asked
of the session (`box.session.Session`), which publishes the change for every part:
nothing here follows the table to its next screen by hand.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar

from pi_app.display import theme as th
from pi_app.display.intents import Back, Intent, Press, Redo, Undo
from pi_app.display.scene import (
    Abandon,
    Command,
    CreateTournament,
    Cue,
    FlagQuestion,
    GoHome,
    JoinTournament,
    NewGame,
    Notice,
    OpenPage,
    Play,
    QuitApp,
    RedoAction,
    Redraw,
    Remember,
    Resume,
    RingFlash,
    SetLanguage,
    ShowFinal,
    StartTimer,
    StopTimer,
    UndoAction,
    WifiChanged,
    table_colours,
)
from pi_app.display.stage import Stage
from pi_app.display.targets import Button

log = logging.getLogger(__name__)
C = TypeVar("C")
Handler = Callable[[Stage, Any], None]
HANDLERS: dict[type, Handler] = {}


def handles(kind: type[C]) -> Callable[[Callable[[Stage, C], None]], Callable[[Stage, C], None]]:
    """Register the decorated function as the handler of commands of `kind`."""

    def register(handler: Callable[[Stage, C], None]) -> Callable[[Stage, C], None]:
        HANDLERS[kind] = handler
        return handler

    return register


def own_command(intent: Intent) -> Command | None:
    """What an intent means to the app itself in a game, whatever the scene: Undo,
    Redo and the menu (None: the scene's to handle)."""
    if isinstance(intent, Undo) or intent == Press(Button.UNDO):
        return UndoAction()
    if isinstance(intent, Redo) or intent == Press(Button.REDO):
        return RedoAction()
    if isinstance(intent, Back) or intent == Press(Button.MENU):
        return GoHome()
    return None


def carry_out(app: Stage, command: Command) -> None:
    """Call the handler of `command`'s kind; a kind without one is the program's fault,
    logged, never a crash of the box."""
    handler = HANDLERS.get(type(command))
    if handler is None:
        log.error("no handler for the command %r", command)
        return
    handler(app, command)


# ---- the table --------------------------------------------------------------------


@handles(Play)
def _play(app: Stage, command: Play) -> None:
    scene = app.scene if app.screens.in_game else None  # the scene that made the play
    app.bar.clear()
    if not app.session.play(command.notation):
        return
    if scene is not None:
        scene.accepted(command, app.ctx())
    if command.cue:
        app.cue(command.cue)


@handles(UndoAction)
def _undo(app: Stage, command: UndoAction) -> None:
    app.bar.clear()
    app.session.undo(command.steps)


@handles(RedoAction)
def _redo(app: Stage, command: RedoAction) -> None:
    app.bar.clear()
    app.session.redo()


@handles(FlagQuestion)
def _flag(app: Stage, command: FlagQuestion) -> None:
    app.session.flag(command.question_id, "box")


# ---- the games of the evening -----------------------------------------------------


@handles(NewGame)
def _new_game(app: Stage, command: NewGame) -> None:
    app.session.new_game(
        command.game, command.seats, command.options, command.extras, command.players
    )


@handles(Resume)
def _resume(app: Stage, command: Resume) -> None:
    if not app.session.resume(command.game_id):
        app.screens.go_home()


@handles(Abandon)
def _abandon(app: Stage, command: Abandon) -> None:
    app.session.abandon(command.game_id)
    app.screens.no_table()


@handles(CreateTournament)
def _create(app: Stage, command: CreateTournament) -> None:
    app.session.create_tournament(command.seats, command.options, command.tables)


@handles(JoinTournament)
def _join(app: Stage, command: JoinTournament) -> None:
    app.session.join_tournament(command.tid, command.key, command.table)


# ---- screens ----------------------------------------------------------------------


@handles(GoHome)
def _home(app: Stage, command: GoHome) -> None:
    app.screens.go_home()
    app.session.packs.look()  # the home offers the packs as they are now


@handles(OpenPage)
def _open(app: Stage, command: OpenPage) -> None:
    app.screens.open_page(command.make(app))


@handles(ShowFinal)
def _final(app: Stage, command: ShowFinal) -> None:
    """The end-of-game screen, and the ring's celebration in the winners' colours."""
    table = app.table
    outcome = None if table is None else table.outcome()
    if table is None or outcome is None:
        return
    app.screens.show_final(table)
    seats, palette = table.seats, table_colours(table)
    colours = [
        th.seat_colour(seats.index(winner), palette)
        for winner in outcome.winners
        if winner in seats
    ]
    app.show.celebrate(colours or [th.WARN])


@handles(Notice)
def _notice(app: Stage, command: Notice) -> None:
    app.flash_message(command.text, command.error)


@handles(Redraw)
def _redraw(app: Stage, command: Redraw) -> None:
    """Every command draws the screen again: nothing more to do."""


@handles(QuitApp)
def _quit(app: Stage, command: QuitApp) -> None:
    app.running = False


# ---- the host's choices -----------------------------------------------------------


@handles(SetLanguage)
def _language(app: Stage, command: SetLanguage) -> None:
    app.session.set_language(command.lang)


@handles(Remember)
def _remember(app: Stage, command: Remember) -> None:
    app.session.remember(command.key, command.value)


@handles(WifiChanged)
def _wifi(app: Stage, command: WifiChanged) -> None:
    """The box's own Wi-Fi came up or went down: the phones' panel shows its code (or
    no longer), and its address answers the phones' checks."""
    if app.phones is not None:
        app.phones.hotspot = command.hotspot
    if command.hotspot is not None and app.open_portal is not None:
        app.open_portal(command.hotspot)


# ---- the ring and the sounds ------------------------------------------------------


@handles(StartTimer)
def _start_timer(app: Stage, command: StartTimer) -> None:
    app.show.start_timer(command.kind, command.seconds)


@handles(StopTimer)
def _stop_timer(app: Stage, command: StopTimer) -> None:
    app.show.stop_timer()


@handles(Cue)
def _cue(app: Stage, command: Cue) -> None:
    app.cue(command.name)


@handles(RingFlash)
def _flash(app: Stage, command: RingFlash) -> None:
    app.show.flash(command.colour)

"""What each command of a scene does: one `match` over the closed union of commands.

A scene returns commands (`scene.Command`): an act of the core's (`box.acts`), which
goes through the core's one door, or one of the screen's own (a timer, the home, a
page, a message). `carry_out` handles every kind in one place: what is left once the
screen's own are matched is an act (mypy checks it), and the door matches every act,
so a command nothing carries out cannot be made.
Nothing here follows the table to its next screen by hand: the core's changes do
(`following`).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from pi_app.box import acts
from pi_app.display import theme as th
from pi_app.display.intents import Back, Intent, Press, Redo, Undo
from pi_app.display.scene import (
    Command,
    GoHome,
    InstallFirmware,
    LargeText,
    Notice,
    OpenPage,
    QuitApp,
    Redraw,
    RenewHostKey,
    ShowFinal,
    StartTimer,
    StopTimer,
    WifiChanged,
    table_colours,
)
from pi_app.display.stage import Stage
from pi_app.display.targets import Button

if TYPE_CHECKING:
    from pi_app.firmware import Outcome

log = logging.getLogger(__name__)


def own_command(intent: Intent) -> Command | None:
    """What an intent means to the app itself in a game, whatever the scene: Undo,
    Redo and the menu (None: the scene's to handle)."""
    if isinstance(intent, Undo) or intent == Press(Button.UNDO):
        return acts.Undo()
    if isinstance(intent, Redo) or intent == Press(Button.REDO):
        return acts.Redo()
    if isinstance(intent, Back) or intent == Press(Button.MENU):
        return GoHome()
    return None


def carry_out(app: Stage, command: Command) -> None:
    """Carry out `command` (an act through the core's door, or the screen's own)."""
    match command:
        case StartTimer(kind=kind, seconds=seconds):
            app.show.start_timer(kind, seconds)
        case StopTimer():
            app.show.stop_timer()
        case ShowFinal():
            _final(app)
        case GoHome():
            app.screens.go_home()
            app.session.packs.look()  # the home offers the packs as they are now
        case OpenPage(make=make):
            app.screens.open_page(make(app))
        case Notice(text=text, error=error):
            app.flash_message(text, error)
        case Redraw():
            pass  # every command draws the screen again
        case QuitApp():
            app.running = False
        case WifiChanged():
            _wifi(app, command)
        case InstallFirmware():
            app.pico.install(lambda outcome: _installed(app, outcome))
        case RenewHostKey():
            _renew_host_key(app)
        case LargeText(on=on):
            app.session.act(acts.Remember(th.LARGE_TEXT, on))
            app.set_large_text(on)
        case _:
            _act(app, command)


def _act(app: Stage, act: acts.Act) -> None:
    """An act of the screen's, through the core's door; the scene that made a play
    hears it was accepted (it clears what was typed)."""
    scene = app.scene if app.screens.in_game else None  # the scene that made the play
    if isinstance(act, acts.Play | acts.Undo | acts.Redo):
        app.bar.clear()
    done = app.session.act(act)
    match act:
        case acts.Play() if done.ok and scene is not None:
            scene.accepted(act, app.ctx())
        case acts.Resume() if not done.ok:
            app.screens.go_home()
        case acts.Abandon():
            app.screens.no_table()
        case _:
            pass


def _final(app: Stage) -> None:
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


def _installed(app: Stage, outcome: Outcome) -> None:
    """The Pico's install ended: said in the message bar (the page shows the Pico)."""
    from pi_app.display.pico_page import installed_text

    app.flash_message(*installed_text(outcome))


def _renew_host_key(app: Stage) -> None:
    """A new host's key, written by a job (a file written and synced: the loop never
    waits on the card), then said in the message bar (the page shows its code)."""
    from pi_app.display.host_code_page import renew
    from pi_app.web.host_key import HostKey

    key = HostKey.beside(app.session.journal.path)
    app.session.jobs.run(lambda: renew(key), lambda said: app.flash_message(*said))


def _wifi(app: Stage, command: WifiChanged) -> None:
    """The box's own Wi-Fi came up or went down: the phones' panel shows its code (or
    no longer), and its address answers the phones' checks."""
    if app.phones is not None:
        app.phones.hotspot = command.hotspot
    if command.hotspot is not None and app.open_portal is not None:
        app.open_portal(command.hotspot)

"""How the screen follows the evening: the core's changes, turned into screens.

The app subscribes here once. Whatever changed the table (a tap, a phone, the
computer, the quizmaster, the tournament's network, an undo), the screen follows it to
the scene of its state; a game seated, paused or left changes the screens and the
timer; what the core says goes to the message bar, and a refusal of an act made at
the box is shown there too (a phone hears its own). Every change draws the screen
again. The ring and the sounds follow the same changes on their own
(`pi_app.effects`), with a screen or without one.
"""

from __future__ import annotations

from pi_app.box.changes import (
    Change,
    Left,
    Paused,
    Refused,
    Said,
    Seated,
    TableChange,
)
from pi_app.display.stage import Stage


def follow_changes(app: Stage) -> None:
    """Subscribe `app` to what its session publishes."""
    app.session.changes.subscribe(lambda change: _changed(app, change))


def _changed(app: Stage, change: Change) -> None:
    app.dirty = True
    match change:
        case TableChange():
            _follow(app)
        case Seated():
            _seated(app, change)
        case Paused():
            app.show.drop_timer()
            app.screens.go_home()
        case Left(at_table=at_table):
            _left(app, at_table)
        case Said(text=text, error=error):
            app.bar.say(text, error)
        case Refused(text=text, by=by) if by.kind != "phone":
            app.bar.say(text, True)
        case _:
            pass  # a seat taken or freed, the packs: drawn again as they are now


def _follow(app: Stage) -> None:
    """The scene of the table's state; a new scene stops the sand timer."""
    if app.screens.follow(app.table) and app.show.timer is not None:
        app.show.stop_timer()


def _seated(app: Stage, change: Seated) -> None:
    """Another game at the table (new or resumed): its screens, no timer, no message of
    the last one; the same game resumed keeps its screen as it was."""
    if change.paused is not None or not app.in_game:
        app.show.drop_timer()
        app.bar.clear()
    if change.paused is None and app.screens.shown is change.table:
        app.screens.play(change.table)
    else:
        app.screens.new_table(change.table)


def _left(app: Stage, at_table: bool) -> None:
    """A game left for good: the next unfinished one waits behind the home."""
    if at_table:
        app.show.drop_timer()
        if app.table is not None:
            app.screens.new_table(app.table)
    app.screens.no_table()

"""The ring follows the table: whose turn, the bell's stop, a button's answer.

A listener of the core's changes, as an LED follows a button in gpiozero: whatever
moved the table (a tap, a phone, the computer, a redo, a game resumed, a box with no
screen), the ring shows the seat to move in its colour the moment the change is told,
before any frame is drawn, and flashes at the moments the room must notice
(`rules.moments`). On a box playing without its screen, the ring's steady light says
so (`screenless.NO_SCREEN`), so whose turn it is is not shown there; the flashes are.
"""

from __future__ import annotations

from pi_app.box.actors import BUTTON
from pi_app.box.changes import (
    Change,
    Changes,
    Left,
    Paused,
    Refused,
    Seated,
    TableChange,
    TournamentNews,
)
from pi_app.effects.ring_show import RingShow
from pi_app.palette import BAD, RGB, STOP_RED, WARN, seat_colour, table_colours
from pi_app.rules.moments import FALSE_RING, STOP, turn_of
from pi_app.table.protocol import GameTable

NEXT_FLASH: RGB = (255, 255, 255)
"""The ring's answer to a button press that moved the round on."""
NOTHING_FLASH: RGB = (255, 32, 0)
"""The ring's answer to a press with nothing to move on (the players' turn)."""
FLASHES: dict[str, RGB] = {STOP: STOP_RED, FALSE_RING: BAD}
"""The moments the ring flashes at, in their colours."""


def turn_colour(table: GameTable | None) -> RGB | None:
    """The colour of the seat to move at `table` (None: nobody's turn, or no table)."""
    if table is None:
        return None
    seat = turn_of(table.game, table.state)
    return None if seat is None else seat_colour(seat, table_colours(table.extras))


class RingFollows:
    """Turns the table's changes into the ring's light."""

    def __init__(self, show: RingShow, changes: Changes, turns: bool = True) -> None:
        self.show, self.turns = show, turns
        self.unsubscribe = changes.subscribe(self.changed)

    def changed(self, change: Change) -> None:
        match change:
            case TableChange():
                self._moments(change)
                self._turn(change.table)
            case Seated(table=table):
                self._turn(table)
            case Paused() | Left():
                self._turn(None)
            case Refused(by=by) if by == BUTTON:
                self.show.flash(NOTHING_FLASH)

    def _moments(self, change: TableChange) -> None:
        for moment in sorted(change.moments):
            colour = FLASHES.get(moment)
            if colour is not None:
                self.show.flash(colour)
        if change.by == BUTTON:
            self.show.flash(NEXT_FLASH)
        if isinstance(change, TournamentNews) and change.moved and self.turns:
            self.show.sweep(WARN)  # then whose turn: a box with no screen breathes instead

    def _turn(self, table: GameTable | None) -> None:
        if self.turns:
            self.show.steady(turn_colour(table))

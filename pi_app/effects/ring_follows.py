"""The ring follows the table: whose turn, the bell's stop, a button's answer.

A listener of the core's changes, as an LED follows a button in gpiozero: whatever
moved the table (a tap, a phone, the computer, a redo, a game resumed, a box with no
screen), the ring shows the seat to move in its colour and its pattern (the arcs of
`palette.SeatCue`) the moment the change is told, before any frame is drawn, and
flashes at the moments the room must notice (`rules.moments`), each in its own
pattern. On a box playing without its screen, the ring's steady light says so
(`screenless.NO_SCREEN`), so whose turn it is is not shown there; the flashes are.
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
from pi_app.effects.ring import FLASH
from pi_app.effects.ring_show import RingShow
from pi_app.palette import BAD, RGB, STOP_RED, WARN, SeatCue, seat_cue, table_colours
from pi_app.rules.moments import FALSE_RING, STOP, turn_of
from pi_app.table.protocol import GameTable

NEXT_FLASH: RGB = (255, 255, 255)
"""The ring's answer to a button press that moved the round on (unless the press made
a moment the ring flashes at: the bell's STOP on a box with no screen shows its own)."""
NOTHING_FLASH: RGB = (255, 32, 0)
"""The ring's answer to a press with nothing to move on (the players' turn)."""
NOTHING_BLINKS = 2
"""... blinked twice: told from STOP's single flash by its pattern, not its red alone."""
STOP_SECONDS = 1.2
"""STOP's flash fades three times as slowly as any other: its pattern, not its red."""
FLASHES: dict[str, tuple[RGB, int, float]] = {
    STOP: (STOP_RED, 1, STOP_SECONDS),
    FALSE_RING: (BAD, 3, FLASH),
}
"""The moments the ring flashes at, in their colours, blinks and seconds (STOP one long
flash, a false ring three blinks: each its own pattern, see firmware/README.md)."""


def turn_cue(table: GameTable | None) -> SeatCue | None:
    """The cue of the seat to move at `table` (None: nobody's turn, or no table)."""
    if table is None:
        return None
    seat = turn_of(table.game, table.state)
    return None if seat is None else seat_cue(seat, table_colours(table.extras))


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
                self.show.flash(NOTHING_FLASH, NOTHING_BLINKS)

    def _moments(self, change: TableChange) -> None:
        flashes = [FLASHES[moment] for moment in sorted(change.moments) if moment in FLASHES]
        for flash in flashes:
            self.show.flash(*flash)
        if change.by == BUTTON and not flashes:  # a press that rang STOP shows STOP alone
            self.show.flash(NEXT_FLASH)
        if isinstance(change, TournamentNews) and change.moved and self.turns:
            self.show.sweep(WARN)  # then whose turn: a box with no screen breathes instead

    def _turn(self, table: GameTable | None) -> None:
        if self.turns:
            cue = turn_cue(table)
            if cue is None:
                self.show.steady(None)
            else:
                self.show.steady(cue.colour, cue.arcs)

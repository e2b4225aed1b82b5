"""Who acts at a table, as every change of the evening names them.

A change says who made it so that each part can answer as the actor expects: the box's
screen shows a refusal of its own tap and sounds it, a phone hears its refusal in its
own language, the ring answers a button pressed on a box without a screen, and a
listener that speaks or draws for the room says "the computer played" rather than
guessing. The kinds are few and closed: a new way to act at a table is a new kind here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Actor:
    """Whoever acted: a `kind`, and for a seat's phone the seat it holds."""

    kind: str
    seat: str | None = None

    @property
    def at_the_box(self) -> bool:
        """Whether someone acted on the box itself (its screen or its buttons): the box
        answers them itself (a message, a sound, a flash), where a phone hears its own."""
        return self.kind in (BOX.kind, BUTTON.kind)


BOX = Actor("box")
"""A tap on the box's screen (the host, or a player at the box)."""
BUTTON = Actor("button")
"""The bell, Next or Undo button of a box playing without its screen."""
COMPUTER = Actor("computer")
"""The box's own player, in a game with a computer seat."""
QUIZMASTER = Actor("quizmaster")
"""The box asking its own question at the start of a round."""
TOURNAMENT = Actor("tournament")
"""Rounds arriving from the other boxes of a tournament across boxes."""
TIMER = Actor("timer")
"""The sand timer running out, when the rules say what its end plays (Cambio's study
time over opens the trading): nobody pressed or tapped, so nothing flashes or sounds
as for a press, with a screen or without one."""
HOST = Actor("host")
"""The host's phone (opened with the host's key): everything the box's screen does."""


def phone(seat: str) -> Actor:
    """The phone holding `seat`."""
    return Actor("phone", seat)

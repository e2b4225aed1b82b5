"""What a tap can mean: the targets scenes draw their buttons with, typed.

A scene draws a button with a target and gets it back in `Press(target)` when the
button is tapped. Targets are values mypy knows: a plain button is a member of a
`StrEnum` (here the ones every screen shares, and each game's own in its screen
module), and a button that carries what was tapped (which seat, which case) is a
small frozen dataclass. Scenes `match` on them, so a misspelt target is a type error,
not a silent dead button. A `StrEnum` member equals its text: a test or a script may
still press `"undo"`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Button(StrEnum):
    """Buttons with one meaning on every screen."""

    MENU = "menu"
    UNDO = "undo"
    REDO = "redo"
    """Restore what Undo took back."""
    HOME = "home"
    DISMISS = "dismiss"
    """Take the message away (a script's way: the bar itself takes no tap)."""
    OK = "ok"
    NEXT = "next"
    BACK = "back"
    FINAL = "final"
    """Show the end of the game."""
    TIMER = "timer"
    """Turn the sand timer."""
    PHONES = "phones"
    """Open the phones' QR panel."""
    PHONES_CLOSE = "phones-close"
    PHONES_MORE = "phones-more"


@dataclass(frozen=True)
class SeatTap:
    """A seat (or a team) chosen by its place at the table, from 0."""

    index: int


@dataclass(frozen=True)
class KbKey:
    """A key of the on-screen keyboard: a character, or erase, space, page, case,
    done or cancel."""

    key: str


@dataclass(frozen=True)
class KeyTap:
    """A key of the number keypad: a digit, a separator, or `"erase"`."""

    key: str


@dataclass(frozen=True)
class FreeSeat:
    """The phones panel: free `seat`, its phone becomes a spectator."""

    seat: str


@dataclass(frozen=True)
class SeatCode:
    """The phones panel: show the code that seats a phone at `seat` directly."""

    seat: str

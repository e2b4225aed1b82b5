"""What a tap on the home means: the targets its pages draw their buttons with.

They live apart from the pages so that every page, and every script or test that
taps the home, names the same values; a page never imports another page to know what
was tapped.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class HomeButton(StrEnum):
    """The home's own buttons."""

    RESUME = "resume"
    """The latest played unfinished game."""
    UNFINISHED = "unfinished"
    """The page of every unfinished game."""
    UNFINISHED_MORE = "unfinished-more"
    KEEP = "keep"
    """The confirmation: do not abandon."""
    CONFIRM_ABANDON = "confirm-abandon"
    TOURNAMENT = "tournament"
    """The page of the tournament across boxes."""
    TOURNAMENT_CREATE = "tournament-create"
    TOURNAMENT_JOIN = "tournament-join"
    MORE_PLAYERS = "more-players"
    ADD = "add"
    """One seat more."""
    REMOVE = "remove"
    """The selected seat goes."""
    LARGE_TEXT = "large-text"
    """Large text on the screen, or not."""


@dataclass(frozen=True)
class Language:
    """The language of every screen, by its code (`fr`, `de`, `en`)."""

    code: str


@dataclass(frozen=True)
class GameTap:
    """A game of the menu, by its record name."""

    name: str


@dataclass(frozen=True)
class Cycle:
    """An option of the game: a tap opens the list of its values."""

    key: str


@dataclass(frozen=True)
class Remembered:
    """A remembered player, into the selected seat."""

    name: str


@dataclass(frozen=True)
class Pick:
    """A value of the option being picked, by its place in the option's list."""

    key: str
    index: int


@dataclass(frozen=True)
class ResumeGame:
    """An unfinished game of the list, back at the table."""

    game_id: int


@dataclass(frozen=True)
class AskAbandon:
    """An unfinished game of the list, to abandon once confirmed."""

    game_id: int

"""What a tap on a Cambio screen names: the round's buttons, a seat that rang, a choice
of the hand shown.

Apart from the screens because the round's screens (`cambio`) and the STOP screen's
hand form (`cambio_hand`) both draw and handle them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class RoundButton(StrEnum):
    """The round's buttons, in the order a round meets them."""

    DEAL = "deal"
    OPEN = "open"
    """Open trading (the chair's bell)."""
    BELL = "bell"
    """Stop trading: what the bell does, on screen."""
    RESUME = "resume"
    """Nobody rang after all: trading goes on."""
    FALSE = "false"
    """The ringer's hand was not complete."""
    SHOW = "show"
    """The ringer's hand is complete: score it."""


@dataclass(frozen=True)
class Ringer:
    """Who rang, by seat place."""

    index: int


@dataclass(frozen=True)
class Currency:
    """The currency of the hand shown, by its place in the round's list."""

    index: int


@dataclass(frozen=True)
class Hand:
    """The kind of hand shown (`NINE`, ...)."""

    name: str


@dataclass(frozen=True)
class Holder:
    """A CAMBIO card: each tap moves it to the next place the hand shown allows."""

    card: str

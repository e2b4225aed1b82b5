"""A phone's request and the box's reply, as plain values.

They live apart from what carries a request out (`requests`) so that each game's phone
play (`web.games`) can name them without importing what imports it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class PhoneRequest:
    """What a seat's phone asks: `kind` "answer" or "bet", with the message's fields."""

    seat: str
    kind: str
    fields: dict[str, Any]
    lang: str = "fr"
    game_id: int | None = None
    """The game the request was made in (its seat's token is that game's): it is carried
    out on that game only (None: on the game shown, for the tests' own owners)."""


@dataclass(frozen=True)
class Reply:
    """The table's answer to a phone: done, or why not (in the phone's language)."""

    ok: bool
    message: str = ""
    ticket: int = 0
    """The journal's ticket of the event: the phone hears "done" once it is on disk."""
    ended: bool = False
    """The request was made in a game that is no longer the one on the box: the phone
    is to follow to the current one."""
    token: str = ""
    """A seat's token, for a claim (`CLAIM`)."""

"""The journal's rows as its parts share them: a game's row read as a `GameEntry`, plain
JSON as the journal writes it, and the one way every part reads (`Read`).

The journal is one file, one connection and one writer thread, split by what it holds
(`journal.Journal` the file and its games, `history_rows`, `choices`, `question_rows`).
What more than one of them needs lives here, below them all, so that none of the parts
imports the journal that holds it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Protocol

from pi_app import bounded
from pi_app.errors import describe
from pi_app.i18n import Translator

_ = Translator("core")


class Read(Protocol):
    """The journal's read (`Journal._read`), handed to its parts: it waits for the
    queued writes, follows the file when it is opened again, and says damage it meets,
    so a part never holds the connection itself."""

    def __call__(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]: ...


@dataclass(frozen=True)
class GameEntry:
    """A game in the journal: which game, its setup, and whether it is over."""

    id: int
    game: str
    setup: dict[str, Any]
    finished: bool
    abandoned: bool
    started: float = 0.0
    last_played: float = 0.0
    """When its latest event was recorded (its start when it has none)."""
    problem: str | None = None
    """Why its row cannot be read (translated), or None: such a game is still listed."""

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats of its setup, as names (none when the setup does not say them)."""
        seats = self.setup.get("seats")
        return tuple(str(seat) for seat in seats) if isinstance(seats, list) else ()


GAMES = (
    "SELECT id, game, setup, finished, abandoned, started, deleted, "
    "COALESCE((SELECT MAX(at) FROM events WHERE events.game_id=games.id), started) "
    "AS last_played FROM games"
)
"""Every game's row with its latest event's time: what `game_entry` reads."""


def as_json(value: object) -> str:
    """Plain JSON data as the journal keeps it: UTF-8, so a text that could never be
    stored (a lone surrogate) is refused by the writer rather than hidden in an escape."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def is_number(value: object) -> bool:
    """Whether a column holds a number (a flipped bit can leave any type in SQLite)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def game_entry(row: tuple[Any, ...]) -> GameEntry:
    """A game's row as an entry; a row that does not read says why in `problem`."""
    game_id, game, setup, finished, abandoned, started, _deleted, last_played = row
    problem = None
    try:
        parsed = bounded.loads(setup)
    except (TypeError, ValueError, RecursionError) as error:
        parsed, problem = {}, _("its setup cannot be read ({error})").format(error=describe(error))
    if problem is None and not isinstance(parsed, dict):
        parsed, problem = {}, _("its setup is not a JSON object")
    if not isinstance(game, str):
        game, problem = str(game), problem or _("its game's name cannot be read")
    return GameEntry(
        int(game_id),
        game,
        parsed,
        bool(finished),
        bool(abandoned),
        float(started) if is_number(started) else 0.0,
        float(last_played) if is_number(last_played) else 0.0,
        problem,
    )

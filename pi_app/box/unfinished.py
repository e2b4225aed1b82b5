"""The unfinished games of this box: the one at the table and those paused.

Starting another game never throws one away: the game in progress is paused, kept
here (and in the journal, where nothing is ever marked by a tap alone), and the home
lists every unfinished game to resume, the latest played first. Only an explicit,
confirmed abandon takes a game off this list; it then stays in the history.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pi_app.table.protocol import GameTable


@dataclass(frozen=True)
class PausedGame:
    """An unfinished game as the home lists it."""

    game_id: int
    title: str
    seats: tuple[str, ...]
    moves: int


class Unfinished:
    """The unfinished tables, the latest played first."""

    def __init__(self, tables: Iterable[GameTable] = ()) -> None:
        self._tables: list[GameTable] = []
        for table in tables:
            self.remember(table, first=False)

    def remember(self, table: GameTable, first: bool = True) -> None:
        """Keep `table` as the latest played (or, `first=False`, the oldest so far)."""
        self.forget(table)
        if first:
            self._tables.insert(0, table)
        else:
            self._tables.append(table)

    def forget(self, table: GameTable) -> None:
        self._tables = [kept for kept in self._tables if kept is not table]

    def find(self, game_id: int) -> GameTable | None:
        """The unfinished table of that game, or None (finished, abandoned, unknown)."""
        return next((t for t in self.tables() if t.game_id == game_id), None)

    def tables(self) -> list[GameTable]:
        """The tables still unfinished (a game that ended meanwhile is left out, and
        listed again if an undo takes it back from its end)."""
        return [table for table in self._tables if _unfinished(table)]

    def listed(self) -> tuple[PausedGame, ...]:
        """What the home shows of each, the latest played first."""
        return tuple(
            PausedGame(table.game_id, table.game.title, table.seats, table.moves_played)
            for table in self.tables()
        )


def _unfinished(table: GameTable) -> bool:
    """Whether the game can still be resumed (a game that cannot say counts as over)."""
    try:
        return table.outcome() is None
    except Exception:  # a broken game must not hide the others
        return False

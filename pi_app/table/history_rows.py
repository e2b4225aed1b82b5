"""The journal's part that the history reads: finished and abandoned games, page by
page, and the statistics the journal keeps as games end (`results`).

It is `journal.history`, apart from the games being played (`Journal`), because only
the history and the statistics read it; folding those rows into what a screen shows
is `table.history.History`'s. It shares the journal's one connection and writer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pi_app.table import results
from pi_app.table.rows import GameEntry, Read
from pi_app.table.writer import JournalError, Writer

PAST = "deleted=0 AND (finished=1 OR abandoned=1)"
"""The games the history lists."""


class HistoryRows:
    """Finished and abandoned games, and the kept statistics, of one journal."""

    def __init__(
        self, read: Read, entries: Callable[[str], list[GameEntry]], writer: Writer
    ) -> None:
        self._read = read
        self._entries = entries
        """The journal's games selected and ordered by a `WHERE ... ORDER BY` clause."""
        self._writer = writer

    def finished_count(self) -> int:
        """How many games are finished (what the statistics count)."""
        return int(self._read("SELECT COUNT(*) FROM games WHERE finished=1")[0][0])

    def finished_games(self, limit: int, offset: int = 0) -> list[GameEntry]:
        """Finished games, newest first (what the statistics fold)."""
        return self._entries(
            f"WHERE finished=1 ORDER BY id DESC LIMIT {int(limit)} OFFSET {int(offset)}"
        )

    def statistics_kept(self) -> bool:
        """Whether the players' statistics are kept for every finished game (not yet in
        a journal made before they were, nor after a salvage: `History.stats` builds
        them once); False when they cannot be read (a journal opened read-only)."""
        try:
            return bool(self._read("SELECT 1 FROM kept WHERE key='statistics'"))
        except JournalError:
            return False

    def player_totals(self, names: Sequence[str]) -> list[tuple[Any, ...]]:
        """The kept totals of the players `names`, a row per player and game."""
        marks = ", ".join("?" * len(names))
        return self._read(results.TOTALS.format(marks=marks), tuple(names)) if names else []

    def totals(self) -> dict[str, int]:
        """The box's totals: finished games per game, kept as games end."""
        rows = self._read("SELECT game, finished FROM game_totals WHERE finished > 0")
        return {str(game): int(count) for game, count in rows}

    def rebuild_statistics(self, folded: Sequence[results.Folded]) -> None:
        """Keep the statistics as made again from every game's events (`results.rebuild`)
        and wait until they are on disk (JournalError if they cannot be)."""
        self._writer.submit_all(results.rebuild(folded))
        self._writer.flush()

    def past_count(self) -> int:
        """How many games the history lists: finished, or abandoned and not deleted."""
        return int(self._read(f"SELECT COUNT(*) FROM games WHERE {PAST}")[0][0])

    def past_games(self, limit: int, offset: int = 0) -> list[GameEntry]:
        """One page of the history, newest first: finished and abandoned games."""
        return self._entries(
            f"WHERE {PAST} ORDER BY id DESC LIMIT {int(limit)} OFFSET {int(offset)}"
        )

"""The table's memory: finished and abandoned games, newest first, and each player's
statistics (of finished games only).

A game shown is read from the journal and folded on demand (`Table.load`, then the
game's record and its replay, see `summary`); folding costs a few milliseconds a game,
so the history folds only the page it shows, each summary kept in memory tagged with
the game's latest event, so that an undo after the end is never served stale. The
statistics are kept by the journal as games end (`results`): reading them is one
query however many games there are. A journal made before they were kept folds every
finished game once to build them (`rebuild_stats`); `fold_stats` is that fold done in
memory, the reference the kept statistics are tested against.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from pi_app.ai import seat_names
from pi_app.errors import describe
from pi_app.table.journal import Journal
from pi_app.table.readable import problem_of
from pi_app.table.results import Folded, GameTally, PlayerStats, ordered, stats_of, tally
from pi_app.table.rows import GameEntry
from pi_app.table.summary import GameSummary, renamed, results_of, summary_of
from pi_app.table.table import Table

__all__ = ["GameTally", "History", "PastGame", "PlayerStats", "summary_of"]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PastGame:
    """A finished or abandoned game as the history lists it; `summary` is None if it
    cannot be read."""

    id: int
    game: str
    started: float
    seats: tuple[str, ...]
    summary: GameSummary | None
    colours: tuple[int, ...] = ()
    """Each seat's palette index, as the game was played (see `table.players`)."""
    abandoned: bool = False
    """Left before its end (kept in the history until the host deletes it)."""
    problem: str | None = None
    """Why it cannot be read (translated), when `summary` is None for that reason."""


class History:
    """Finished games and statistics of one journal (summaries memoised in memory)."""

    def __init__(self, journal: Journal) -> None:
        self.journal = journal
        self._memo: dict[int, tuple[int, GameSummary | None, str | None]] = {}
        self._lock = threading.Lock()

    def count(self) -> int:
        """How many games the history lists: finished, or abandoned and not deleted."""
        return self.journal.history.past_count()

    def page(self, number: int, size: int) -> list[PastGame]:
        """The `number`-th page (from 0) of the history's games, newest first."""
        entries = self.journal.history.past_games(size, number * size)
        return [self._past(entry) for entry in entries]

    def delete(self, game_id: int) -> None:
        """Take an abandoned game out of the history (the journal keeps its rows)."""
        self.journal.delete(game_id)

    def game(self, game_id: int) -> PastGame | None:
        """One game of the journal, finished or not."""
        entry = self.journal.game(game_id)
        return None if entry is None else self._past(entry)

    def record(self, game_id: int) -> dict[str, Any]:
        """The game record of a journaled game, as `tabletop export` writes it."""
        return Table.load(self.journal, game_id).export()

    def summary(self, game_id: int) -> GameSummary | None:
        """A game's summary (None when its rules are missing or it cannot be folded)."""
        return self._summarised(game_id)[0]

    def _summarised(self, game_id: int) -> tuple[GameSummary | None, str | None]:
        """A game's summary, or None and why it cannot be read (memoised by version)."""
        version = self.journal.last_event(game_id)
        with self._lock:
            kept = self._memo.get(game_id)
        if kept is not None and kept[0] == version:
            return kept[1], kept[2]
        summary, problem = self._fold(game_id)
        with self._lock:
            self._memo[game_id] = (version, summary, problem)
        return summary, problem

    def _fold(self, game_id: int) -> tuple[GameSummary | None, str | None]:
        try:
            return summary_of(Table.load(self.journal, game_id)), None
        except Exception as error:  # one unreadable game must not hide the others
            log.warning("game %s cannot be summarised: %r", game_id, error)
            entry = self.journal.game(game_id)
            problem = None if entry is None else problem_of(self.journal, entry)
            return None, problem or describe(error)

    def _past(self, entry: GameEntry) -> PastGame:
        seats = entry.seats
        extras = entry.setup.get("extras")
        colours = extras.get("colours", []) if isinstance(extras, Mapping) else []
        palette = tuple(c for c in colours if isinstance(c, int))
        summary, problem = self._summarised(entry.id)
        names = seat_names(entry.game, seats, extras if isinstance(extras, Mapping) else {})
        seats = tuple(names.get(seat, seat) for seat in seats)
        summary = None if summary is None else renamed(summary, names)
        abandoned = entry.abandoned and not entry.finished
        return PastGame(
            entry.id, entry.game, entry.started, seats, summary, palette, abandoned, problem
        )

    def stats(
        self,
        players: Mapping[str, object] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> list[PlayerStats]:
        """Statistics of the remembered players (or of `players`), most games first.

        Read from the totals the journal keeps; a journal that does not keep them yet
        has them built once (`rebuild_stats`, whose `progress(done, total)` says how
        far), or, read-only, counted in memory from that fold.
        """
        names = (
            players if players is not None else {p.name: p for p in self.journal.choices.players()}
        )
        if not self.journal.history.statistics_kept():
            folded = self.rebuild_stats(progress)
            if not self.journal.history.statistics_kept():
                games = {
                    entry.id: entry.game
                    for entry in self.journal.history.finished_games(len(folded) + 1)
                }
                return tally(
                    names,
                    ((games[g], r) for g, _v, r in folded if r is not None and g in games),
                )
        return stats_of(names, self.journal.history.player_totals(list(names)))

    def rebuild_stats(self, progress: Callable[[int, int], None] | None = None) -> list[Folded]:
        """Fold every finished game again and keep its results as the statistics,
        every total counted again (`tabletop journal statistics`, or once for a journal
        made before they were kept); returns what was folded. On a journal that cannot
        be written, the fold is returned and nothing is kept."""
        total = self.journal.history.finished_count()
        folded: list[Folded] = []
        for done, entry in enumerate(self.journal.history.finished_games(max(total, 1)), start=1):
            version = self.journal.last_event(entry.id)
            summary = self.summary(entry.id)
            folded.append((entry.id, version, None if summary is None else results_of(summary)))
            if progress is not None:
                progress(done, total)
        if self.journal.writable:
            self.journal.history.rebuild_statistics(folded)
        return folded

    def fold_stats(
        self,
        players: Mapping[str, object] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> list[PlayerStats]:
        """The statistics folded from every finished game's events, none kept: what
        the kept statistics must always equal (their tests compare the two)."""
        names = (
            players if players is not None else {p.name: p for p in self.journal.choices.players()}
        )
        found = {name: PlayerStats(name) for name in names}
        total = self.journal.history.finished_count()
        for done, entry in enumerate(self.journal.history.finished_games(max(total, 1)), start=1):
            summary = self.summary(entry.id)
            if summary is not None:
                _tally(found, entry.game, summary)
            if progress is not None:
                progress(done, total)
        return ordered(found.values())


def _tally(found: dict[str, PlayerStats], game: str, summary: GameSummary) -> None:
    """Add one finished game to its players' statistics."""
    for seat in summary.seats:
        stats = found.get(seat)
        if stats is None:
            continue
        tally = stats.games.setdefault(game, GameTally())
        tally.played += 1
        tally.won += seat in summary.winners
        score = float(summary.scores.get(seat, 0))
        tally.best = score if tally.best is None else max(tally.best, score)
        if seat in summary.own_slate_wins:  # a game of slates: every seat wrote one
            stats.slate_wins += summary.own_slate_wins[seat]
            stats.slate_rounds += summary.rounds

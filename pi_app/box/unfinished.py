"""The unfinished games of this box: the one at the table and those paused.

Starting another game never throws one away: the game in progress is paused, kept
here (and in the journal, where nothing is ever marked by a tap alone), and the home
lists every unfinished game to resume, the latest played first. Only an explicit,
confirmed abandon takes a game off this list; it then stays in the history.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from pi_app.ai import seat_names
from pi_app.rules.contract import FixedRounds
from pi_app.table.protocol import GameTable


@dataclass(frozen=True)
class Progress:
    """How far an unfinished game went, in the game's own steps as its record has them
    (not the table's events: an answer, a bet or a reveal is no step of its own).

    A game played in rounds is at `round` (the one being played), of `rounds` when it
    lasts a set number; a game played move by move has played `moves`; a game whose
    record says neither leaves all three None.
    """

    round: int | None = None
    rounds: int | None = None
    moves: int | None = None


@dataclass(frozen=True)
class PausedGame:
    """An unfinished game as the home lists it (the computer's seat by its label in the
    language of now)."""

    game_id: int
    title: str
    seats: tuple[str, ...]
    progress: Progress


def progress(table: GameTable) -> Progress:
    """How far the game at `table` went, from its record re-scored (`Game.replay`): the
    rounds it lists, or its moves (`RECORDS.md`)."""
    try:
        scored = table.game.replay(table.export())
    except Exception:  # a game that cannot say must not hide the others
        return Progress()
    rounds, moves = scored.get("rounds"), scored.get("moves")
    if isinstance(rounds, list):
        total = table.game.round_count if isinstance(table.game, FixedRounds) else None
        reached = len(rounds) + 1  # the record holds the rounds played to their end
        return Progress(round=reached if total is None else min(reached, total), rounds=total)
    if isinstance(moves, list):
        return Progress(moves=len(moves))
    return Progress()


class Unfinished:
    """The unfinished tables, the latest played first."""

    def __init__(self, tables: Iterable[GameTable] = ()) -> None:
        self._tables: list[GameTable] = []
        self._progress: dict[int, tuple[object, Progress]] = {}
        """Each table's progress (by `id`) with the state it was counted from: the home
        lists the games at every frame, and re-scoring a record is the costly part."""
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
        tables = self.tables()
        counted = {id(table): self._counted(table) for table in tables}
        self._progress = {key: self._progress[key] for key in counted}
        return tuple(
            PausedGame(table.game_id, table.game.title, _shown(table), counted[id(table)])
            for table in tables
        )

    def _counted(self, table: GameTable) -> Progress:
        """The table's progress, counted again only once its state has changed."""
        state = table.state
        kept = self._progress.get(id(table))
        if kept is None or kept[0] is not state:
            kept = (state, progress(table))
            self._progress[id(table)] = kept
        return kept[1]


def _shown(table: GameTable) -> tuple[str, ...]:
    """The table's seats as shown: the computer's by its label in the language of now."""
    names = seat_names(table.game.name, table.seats, table.extras)
    return tuple(names.get(seat, seat) for seat in table.seats)


def _unfinished(table: GameTable) -> bool:
    """Whether the game can still be resumed (a game that cannot say counts as over)."""
    try:
        return table.outcome() is None
    except Exception:  # a broken game must not hide the others
        return False

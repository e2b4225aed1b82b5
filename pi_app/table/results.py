"""The statistics kept as games end: what one finished game gives each seat, each
player's totals, and the statements that keep them.

Folding every game's events again each time the statistics are asked for costs about
three milliseconds a game: half a minute at 10,000 games. So a game's end writes a
row per seat (`Result`) in the very transaction that marks it finished, and SQLite's
triggers (`schema.STATISTICS`) add it to the player's totals; an undo of the end takes
the rows back in the transaction that marks it unfinished. Reading the statistics is
then one indexed query. Abandoning or deleting a game changes nothing here, as in the
fold: the statistics count the finished games. `rebuild` makes every row again from
the games' events (`tabletop journal statistics`, an upgraded journal, a salvage).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pi_app.table.writer import Statement


@dataclass(frozen=True)
class Result:
    """What one finished game gives one of its seats."""

    name: str
    won: bool
    score: float
    slate_wins: int | None
    """Rounds its own slate was the winning case, in a game of slates; None otherwise."""
    rounds: int


@dataclass
class GameTally:
    """One player's figures in one game."""

    played: int = 0
    won: int = 0
    best: float | None = None


@dataclass
class PlayerStats:
    """A player's statistics over every finished game of the journal."""

    name: str
    games: dict[str, GameTally] = field(default_factory=dict)
    slate_wins: int = 0
    """Rounds in which the player's own slate was the winning case (Gambit 7's slates)."""
    slate_rounds: int = 0
    """Rounds of games of slates the player wrote a slate in."""

    @property
    def played(self) -> int:
        return sum(tally.played for tally in self.games.values())

    @property
    def won(self) -> int:
        return sum(tally.won for tally in self.games.values())


def ordered(found: Iterable[PlayerStats]) -> list[PlayerStats]:
    """Players with the most games first, then by name."""
    return sorted(found, key=lambda s: (-s.played, s.name.casefold()))


def ended(game_id: int, results: Sequence[Result] | None) -> tuple[Statement, ...]:
    """A game's end and its results, for one transaction (no results: its summary
    could not be made, and the game counts in no player's statistics, as in the fold)."""
    statements: list[Statement] = [
        ("UPDATE games SET finished=1 WHERE id=?", (game_id,)),
        ("DELETE FROM results WHERE game_id=?", (game_id,)),
    ]
    for place, result in enumerate(results or ()):
        statements.append(
            (
                "INSERT INTO results (game_id, place, name, game, won, score, slate_wins, "
                "rounds) SELECT id, ?, ?, game, ?, ?, ?, ? FROM games WHERE id=?",
                (place, result.name, int(result.won), result.score, *_tail(result, game_id)),
            )
        )
    return tuple(statements)


def _tail(result: Result, game_id: int) -> tuple[int | None, int, int]:
    return result.slate_wins, result.rounds, game_id


def resumed(game_id: int) -> tuple[Statement, ...]:
    """A game no longer over (its end undone): its results taken back with it."""
    return (
        ("UPDATE games SET finished=0 WHERE id=?", (game_id,)),
        ("DELETE FROM results WHERE game_id=?", (game_id,)),
    )


Folded = tuple[int, int, Sequence[Result] | None]
"""A finished game as folded again: its id, its version (latest event) and results."""

_REBUILD_DELETE = (
    "DELETE FROM results WHERE game_id NOT IN (SELECT id FROM games WHERE finished) "
    "OR game_id IN (SELECT json_extract(f.value, '$[0]') FROM json_each(?) AS f "
    "WHERE COALESCE((SELECT MAX(seq) FROM events WHERE game_id=json_extract(f.value, '$[0]'))"
    ", 0) = json_extract(f.value, '$[1]'))"
)
_REBUILD_INSERT = (
    "INSERT INTO results (game_id, place, name, game, won, score, slate_wins, rounds) "
    "SELECT g.id, r.key, json_extract(r.value, '$[0]'), g.game, json_extract(r.value, '$[1]'), "
    "json_extract(r.value, '$[2]'), json_extract(r.value, '$[3]'), json_extract(r.value, '$[4]') "
    "FROM json_each(?) AS f JOIN games AS g ON g.id = json_extract(f.value, '$[0]') "
    "AND g.finished JOIN json_each(f.value, '$[2]') AS r "
    "WHERE COALESCE((SELECT MAX(seq) FROM events WHERE game_id=g.id), 0) "
    "= json_extract(f.value, '$[1]')"
)
_RETOTAL = (
    "INSERT INTO player_totals SELECT name, game, COUNT(*), SUM(won), MAX(score), "
    "SUM(COALESCE(slate_wins, 0)), SUM(CASE WHEN slate_wins IS NULL THEN 0 ELSE rounds END) "
    "FROM results GROUP BY name, game"
)


def rebuild(folded: Sequence[Folded]) -> tuple[Statement, ...]:
    """Every finished game's results made again from its events, and every total
    counted again from them, in one transaction. A game changed since it was folded
    (its version is another) keeps the rows its own end wrote."""
    rows = json.dumps(
        [
            [game_id, version, None if results is None else [_row(r) for r in results]]
            for game_id, version, results in folded
        ],
        ensure_ascii=False,
    )
    return (
        (_REBUILD_DELETE, (rows,)),
        (_REBUILD_INSERT, (rows,)),
        ("DELETE FROM player_totals", ()),
        (_RETOTAL, ()),
        ("DELETE FROM game_totals", ()),
        (
            "INSERT INTO game_totals SELECT game, COUNT(*) FROM games WHERE finished GROUP BY game",
            (),
        ),
        ("INSERT OR REPLACE INTO kept (key, value) VALUES ('statistics', 'kept')", ()),
    )


def _row(result: Result) -> list[Any]:
    return [result.name, int(result.won), result.score, result.slate_wins, result.rounds]


TOTALS = (
    "SELECT name, game, played, won, best, slate_wins, slate_rounds FROM player_totals "
    "WHERE name IN ({marks})"
)


def stats_of(names: Iterable[str], rows: Iterable[Sequence[Any]]) -> list[PlayerStats]:
    """The statistics of `names` from their rows of `player_totals`."""
    found = {name: PlayerStats(name) for name in names}
    for name, game, played, won, best, slate_wins, slate_rounds in rows:
        stats = found.get(str(name))
        if stats is None or not played:
            continue
        stats.games[str(game)] = GameTally(
            int(played), int(won), None if best is None else float(best)
        )
        stats.slate_wins += int(slate_wins)
        stats.slate_rounds += int(slate_rounds)
    return ordered(found.values())


def tally(names: Iterable[str], games: Iterable[tuple[str, Sequence[Result]]]) -> list[PlayerStats]:
    """The statistics of `names` from results in memory (a journal that cannot keep
    them: read-only); the same sums the triggers keep."""
    found: Mapping[str, PlayerStats] = {name: PlayerStats(name) for name in names}
    for game, results in games:
        for result in results:
            stats = found.get(result.name)
            if stats is None:
                continue
            kept = stats.games.setdefault(game, GameTally())
            kept.played += 1
            kept.won += int(result.won)
            kept.best = result.score if kept.best is None else max(kept.best, result.score)
            if result.slate_wins is not None:
                stats.slate_wins += result.slate_wins
                stats.slate_rounds += result.rounds
    return ordered(found.values())

"""What can still be read from a damaged journal, put back into the restored one.

A damaged file (a flipped bit, a write torn by a worn card) often still holds most of
its rows: SQLite reads a table until the first page it cannot read. So each table is
read twice, from its first row up and from its last row down, and every row read is
added to the journal restored from the newest backup. A game's row from the damaged
file wins over the backup's (it is newer: finished since, say), unless its setup no
longer reads; an event keeps its number, so one already in the backup is not doubled.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pi_app.table import schema
from pi_app.table.schema import read_text

log = logging.getLogger(__name__)
LOOKUPS = 200_000  # games looked up one by one at most (a flipped id is not followed far)

# table -> (its key, how a row read from the damaged file is put in)
_PUT = {
    "games": ("id", "INSERT OR REPLACE"),
    "events": ("seq", "INSERT OR IGNORE"),
    "settings": ("key", "INSERT OR REPLACE"),
    "players": ("name", "INSERT OR REPLACE"),
    "pack_questions": ("rowid", "INSERT OR IGNORE"),
    "flagged_questions": ("id", "INSERT OR IGNORE"),
}


@dataclass
class Salvaged:
    """What was read from the damaged file: its games, and the highest game id it
    still shows (to say which games could not be read at all)."""

    games: set[int]
    events: int = 0
    highest: int = 0


def open_damaged(path: Path) -> sqlite3.Connection | None:
    """The damaged file, opened to read only (with its WAL when it has one)."""
    for uri in (f"file:{path}?mode=ro", f"file:{path}?immutable=1"):
        try:
            db = sqlite3.connect(uri, uri=True)
            db.text_factory = read_text
            db.execute("SELECT 1 FROM games LIMIT 1").fetchall()
            return db
        except (sqlite3.Error, UnicodeDecodeError):
            with contextlib.suppress(sqlite3.Error, UnboundLocalError):
                db.close()
    return None


def salvage(damaged: Path, into: sqlite3.Connection) -> Salvaged:
    """Add every row that can be read from `damaged` into the journal `into`."""
    found = Salvaged(set())
    source = open_damaged(damaged)
    if source is None:
        return found
    try:
        with contextlib.suppress(sqlite3.Error, UnicodeDecodeError):
            found.highest = int(source.execute("SELECT MAX(id) FROM games").fetchone()[0] or 0)
        into.execute("BEGIN IMMEDIATE")
        for table, (key, put) in _PUT.items():
            columns = schema.COLUMNS[table]
            for row in _rows(source, table, key, _readable_columns(source, table), found):
                if table == "games" and not _keeps(into, row):
                    continue
                marks = ", ".join("?" * len(columns))
                try:
                    into.execute(f"{put} INTO {table} ({', '.join(columns)}) VALUES ({marks})", row)
                except sqlite3.IntegrityError:  # a cell the flip made empty: not a row
                    continue
                if table == "games":
                    found.games.add(int(row[0]))
                elif table == "events":
                    found.events += 1
        into.execute("COMMIT")
    except sqlite3.Error:
        if into.in_transaction:
            into.execute("ROLLBACK")
        raise
    finally:
        source.close()
    return found


def _rows(
    source: sqlite3.Connection,
    table: str,
    key: str,
    columns: tuple[str, ...],
    found: Salvaged,
) -> Iterator[tuple[Any, ...]]:
    """Every readable row of `table`, read up from the first and down from the last;
    then games looked up one by one (a bad cell stops a scan, not a look-up), and the
    events of every game found, through their index."""
    if not columns:  # a column it cannot do without was renamed by the damage
        return
    seen: set[object] = set()
    select = f"SELECT {key}, {', '.join(columns)} FROM {table}"
    queries: list[tuple[str, tuple[int, ...]]] = [
        (f"{select} ORDER BY {key} {order}", ()) for order in ("ASC", "DESC")
    ]
    if table == "games":
        top = min(found.highest, LOOKUPS)
        queries += [(f"{select} WHERE id=?", (n,)) for n in range(1, top + 1)]
    if table == "events":
        by_game = f"{select} WHERE game_id=? ORDER BY seq"
        queries += [(by_game, (game,)) for game in sorted(found.games)[:LOOKUPS]]
    for query, params in queries:
        if params and table == "games" and params[0] in seen:
            continue
        try:
            for row in source.execute(query, params):
                if row[0] not in seen and _typed(row[1:]):
                    seen.add(row[0])
                    yield tuple(row[1:])
        except (sqlite3.Error, UnicodeDecodeError) as error:
            log.info("salvage of %s stopped reading: %s", table, error)


def _readable_columns(source: sqlite3.Connection, table: str) -> tuple[str, ...]:
    """What to select for each of the table's columns: the column itself, or, where a
    flipped bit renamed it in the schema, its default (no default: nothing to select)."""
    try:
        present = schema.columns_of(source, table)
    except (sqlite3.Error, UnicodeDecodeError):
        return ()
    chosen = []
    for column in schema.COLUMNS[table]:
        if column in present:
            chosen.append(column)
        elif column in schema.DEFAULTS:
            chosen.append(f"{schema.DEFAULTS[column]!r} AS {column}")
        else:
            return ()
    return tuple(chosen)


def _typed(row: tuple[Any, ...]) -> bool:
    """A row whose text cells are text (a flipped bit can make them anything)."""
    return all(not isinstance(cell, bytes) for cell in row)


def _keeps(into: sqlite3.Connection, row: tuple[Any, ...]) -> bool:
    """Whether a game's row from the damaged file should replace the backup's."""
    if into.execute("SELECT 1 FROM games WHERE id=?", (row[0],)).fetchone() is None:
        return True
    try:
        return isinstance(json.loads(row[2]), dict)
    except (TypeError, ValueError):
        return False

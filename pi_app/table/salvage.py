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
import logging
import sqlite3
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pi_app import bounded
from pi_app.i18n import Translator
from pi_app.table import schema

log = logging.getLogger(__name__)
_ = Translator("core")
LOOKUPS = 200_000  # games looked up one by one at most (a flipped id is not followed far)
QUERY_SECONDS = 60.0  # each query on the damaged file stops after this

# table -> (its key, how a row read from the damaged file is put in)
_PUT = {
    "games": ("rowid", "INSERT OR REPLACE"),
    "events": ("rowid", "INSERT OR IGNORE"),
    "settings": ("key", "INSERT OR REPLACE"),
    "players": ("name", "INSERT OR REPLACE"),
    "pack_questions": ("rowid", "INSERT OR IGNORE"),
    "flagged_questions": ("id", "INSERT OR IGNORE"),
}
_ROWID = {"games": "id", "events": "seq"}
"""The column that is the table's rowid: read as the rowid, which a flipped bit in the
schema's text (in `INTEGER PRIMARY KEY`) cannot make a column of empty cells."""


@dataclass
class Salvaged:
    """What was read from the damaged file: its games, and the highest game id it
    still shows (to say which games could not be read at all)."""

    games: set[int]
    events: int = 0
    highest: int = 0
    oversize: list[tuple[str, object]] = field(default_factory=list)
    """The rows left in the damaged file for a cell over `schema.CELL_BYTES`, as (table,
    key): never read, so never held in memory (`named` says them)."""


def open_damaged(path: Path) -> sqlite3.Connection | None:
    """The damaged file, opened to read only (with its WAL when it has one), within
    bounds: a cell longer than `schema.CELL_BYTES` is not read, and each query stops
    after `QUERY_SECONDS` (`_bounded`). Its schema's entries that do not read (a flipped
    bit in a trigger's text: "malformed database schema") are passed over, as SQLite
    does with `writable_schema` on (a read-only connection writes nothing): they cost
    that entry, not every row of the file."""
    for query in ({"mode": "ro"}, {"immutable": "1"}):
        db = None
        try:
            db = schema.open_foreign(path, QUERY_SECONDS, **query)
            db.execute("PRAGMA writable_schema=ON")
            # its schema reads (not a row of games: SQLite would read the smallest index)
            db.execute("SELECT name FROM sqlite_master").fetchall()
            return db
        except (sqlite3.Error, ValueError):  # OutOfBounds: not a regular file
            if db is not None:
                db.close()
    return None


def named(table: str, key: object) -> str:
    """A row of the journal as the box names it to people ("event 12")."""
    names = {
        "games": _("game {key}"),
        "events": _("event {key}"),
        "settings": _("setting {key}"),
        "players": _("player {key}"),
        "pack_questions": _("pack question {key}"),
        "flagged_questions": _("flagged question {key}"),
    }
    return names.get(table, f"{table} {{key}}").format(key=key)


def salvage(damaged: Path, into: sqlite3.Connection) -> Salvaged:
    """Add every row that can be read from `damaged` into the journal `into`."""
    found = Salvaged(set())
    source = open_damaged(damaged)
    if source is None:
        return found
    try:
        with contextlib.suppress(sqlite3.Error, UnicodeDecodeError):
            if _is_table(source, "games"):  # a view's MAX may never end
                highest = source.execute("SELECT MAX(rowid) FROM games").fetchone()[0]
                found.highest = int(highest or 0)
        into.execute("BEGIN IMMEDIATE")
        for table in _PUT:
            _put_rows(source, into, table, found)
        into.execute("COMMIT")
    except sqlite3.Error:
        if into.in_transaction:
            into.execute("ROLLBACK")
        raise
    finally:
        source.close()
    return found


def _put_rows(
    source: sqlite3.Connection, into: sqlite3.Connection, table: str, found: Salvaged
) -> None:
    """Put every readable row of `table` into `into`: the rows read whole first; then,
    never over one of those or the backup's, the rows that read with their defaulted
    columns left out (a cell a flip made unreadable stops the cells after it: an
    event's time costs its time, not the event). A row is done once put (or the
    backup's kept): one a flip made empty, which cannot be put, leaves its key to the
    true row read later."""
    key, put = _PUT[table]
    columns = schema.COLUMNS[table]
    into_sql = f"INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
    whole = _readable_columns(source, table)
    spared = tuple(
        f"{schema.DEFAULTS[column]!r} AS {column}" if column in schema.DEFAULTS else chosen
        for column, chosen in zip(columns, whole, strict=False)
    )
    done: set[object] = set()
    passes = [(whole, put)] + ([(spared, "INSERT OR IGNORE")] if spared != whole else [])
    for chosen, how in passes:
        for row_key, row in _rows(source, table, key, chosen, found, done):
            if how == put and table == "games" and not _keeps(into, row):
                done.add(row_key)
                continue
            try:
                into.execute(f"{how} {into_sql}", row)
            except sqlite3.IntegrityError:  # a cell the flip made empty: not a row
                continue
            done.add(row_key)
            if table == "games":
                found.games.add(int(row[0]))
            elif table == "events":
                found.events += 1


def _rows(
    source: sqlite3.Connection,
    table: str,
    key: str,
    columns: tuple[str, ...],
    found: Salvaged,
    done: set[object],
) -> Iterator[tuple[object, tuple[Any, ...]]]:
    """Every readable row of `table` not `done` yet, with its key: the events of every
    game found first, through their index, as the journal read them (`_by_game`); then
    each table read up from the first row and down from the last, in key order
    (`_in_order`); then games looked up one by one (a bad cell stops a scan, not a
    look-up)."""
    if not columns:  # a column it cannot do without was renamed by the damage
        return
    select = f"SELECT {key}, {', '.join(columns)} FROM {table}"
    queries: list[tuple[str, tuple[int, ...]]] = []
    if table == "events":
        queries += _by_game(key, columns, sorted(found.games)[:LOOKUPS])
    queries += [(f"{select} ORDER BY {key} {order}", ()) for order in ("ASC", "DESC")]
    if table == "games":
        top = min(found.highest, LOOKUPS)
        queries += [(f"{select} WHERE rowid=?", (n,)) for n in range(1, top + 1)]
    for query, params in queries:
        if params and table == "games" and params[0] in done:
            continue
        schema.bounded_time(source, QUERY_SECONDS)
        if not params:
            found_rows = _scan(source, table, key, columns, query.endswith("DESC"), found)
        else:
            found_rows = _looked_up(source, table, query, params)
        for row in found_rows:
            if row[0] not in done and _typed(row[1:]):
                yield row[0], tuple(row[1:])


def _by_game(
    key: str, columns: tuple[str, ...], games: list[int]
) -> list[tuple[str, tuple[int, ...]]]:
    """The look-ups of each game's events through the index `events_by_game`, as the
    journal reads them: first the events whose own cell names the same game; then the
    others the index gives the game, as its (a flipped bit in an event's cell changed
    its game: the index still says whose it is). An index entry whose event number a
    flip changed points at another game's event: that event is its own game's, whose
    entry and cell agree, never taken by the first game looked up."""
    of_game = ", ".join("? AS game_id" if c == "game_id" else c for c in columns)
    by_game = f"SELECT {key}, {of_game} FROM events WHERE game_id=?"
    own_cell = "(SELECT cell.game_id FROM events AS cell WHERE cell.rowid = events.rowid)"
    agreeing = [(f"{by_game} AND {own_cell} = ? ORDER BY rowid", (g, g, g)) for g in games]
    return agreeing + [(f"{by_game} ORDER BY rowid", (g, g)) for g in games]


def _looked_up(
    source: sqlite3.Connection, table: str, query: str, params: tuple[int, ...]
) -> Iterator[tuple[Any, ...]]:
    """The rows of one look-up (a game's events, a game), until one does not read."""
    try:
        yield from source.execute(query, params)
    except (sqlite3.Error, UnicodeDecodeError) as error:
        log.info("salvage of %s stopped reading: %s", table, error)


def _scan(
    source: sqlite3.Connection,
    table: str,
    key: str,
    columns: tuple[str, ...],
    descending: bool,
    found: Salvaged,
) -> Iterator[tuple[Any, ...]]:
    """A table's rows in key order (`_in_order`), up or down: a row with a cell over
    `schema.CELL_BYTES` (SQLite refuses to read it, "string or blob too big") is
    named in `found.oversize` and passed over; another fault ends the scan."""
    scan = _Scan(source, table, key, columns, descending)
    while True:
        try:
            for row in _in_order(scan.rows(), descending):
                scan.after = row[0]
                yield row
            return
        except (sqlite3.Error, UnicodeDecodeError) as error:
            too_big = isinstance(error, sqlite3.DataError)  # SQLITE_TOOBIG
            skipped = scan.too_long() if too_big else None
            if skipped is None:
                log.info("salvage of %s stopped reading: %s", table, error)
                return
            if (table, skipped) not in found.oversize:
                found.oversize.append((table, skipped))
            log.warning("salvage left %s %s in the damaged file: too long", table, skipped)


class _Scan:
    """Where a scan of a table is: the last key it gave, and the rows it passes over."""

    def __init__(
        self,
        source: sqlite3.Connection,
        table: str,
        key: str,
        columns: tuple[str, ...],
        descending: bool,
    ) -> None:
        self.source, self.table, self.key = source, table, key
        self.select = f"SELECT {key}, {', '.join(columns)} FROM {table}"
        self.order, self.beyond = ("DESC", "<") if descending else ("ASC", ">")
        self.after: object = None
        self.skipped: list[object] = []

    def _where(self, since: object) -> tuple[str, tuple[object, ...]]:
        """The condition of the rows beyond `since`, but the ones passed over."""
        said: list[str] = []
        params: list[object] = []
        if since is not None:
            said.append(f"{self.key} {self.beyond} ?")
            params.append(since)
        if self.skipped:
            said.append(f"{self.key} NOT IN ({', '.join('?' * len(self.skipped))})")
            params += self.skipped
        return ("WHERE " + " AND ".join(said) if said else ""), tuple(params)

    def rows(self) -> sqlite3.Cursor:
        """The rows from where the scan is, in its order."""
        where, params = self._where(self.after)
        return self.source.execute(
            f"{self.select} {where} ORDER BY {self.key} {self.order}", params
        )

    def too_long(self) -> object | None:
        """The key of the next row too long to read, now passed over (each row after
        the last one given is read again alone until one is refused: SQLite may have
        read a row ahead); None when it cannot be told."""
        since = self.after
        try:
            while True:
                where, params = self._where(since)
                found = self.source.execute(
                    f"SELECT {self.key} FROM {self.table} {where} "
                    f"ORDER BY {self.key} {self.order} LIMIT 1",
                    params,
                ).fetchone()
                if found is None:
                    return None
                try:
                    self.source.execute(f"{self.select} WHERE {self.key} = ?", found).fetchall()
                except sqlite3.DataError:
                    skipped: object = found[0]
                    self.skipped.append(skipped)
                    return skipped
                since = found[0]
        except (sqlite3.Error, UnicodeDecodeError):
            return None


def _in_order(rows: Iterable[tuple[Any, ...]], descending: bool) -> Iterator[tuple[Any, ...]]:
    """A scan's rows (the key first) without a row whose key is out of the b-tree's
    order where the two rows beside it keep it: a flipped bit in its rowid (SQLite's
    "Rowid 93 out of order"), which would put an event after its game's later ones.
    A scan that stops gives the rows it read before."""
    sign = -1 if descending else 1
    window: list[tuple[Any, ...]] = []  # the last three rows read
    count = 0
    try:
        for row in rows:
            window, count = [*window[-2:], row], count + 1
            if count == 3 and not _misplaced(window, 0, sign):  # the first row
                yield window[0]
            if count >= 3 and not _misplaced(window, 1, sign):
                yield window[1]
    except (sqlite3.Error, UnicodeDecodeError):
        yield from _last(window, count, sign)
        raise
    yield from _last(window, count, sign)


def _last(window: list[tuple[Any, ...]], count: int, sign: int) -> Iterator[tuple[Any, ...]]:
    """The rows of a scan's last `window` not judged yet (too few to judge: given)."""
    if count < 3:
        yield from window
    elif not _misplaced(window, 2, sign):
        yield window[2]


def _misplaced(window: list[tuple[Any, ...]], at: int, sign: int) -> bool:
    """Whether the key of `window[at]` breaks the order the two other rows' keep."""
    keys = [row[0] for row in window]
    if not all(isinstance(key, int) and not isinstance(key, bool) for key in keys):
        return False  # keys that are not rowids: read in SQL's order, nothing to judge
    a, b, c = (sign * key for key in keys)
    if at == 0:
        return b < c and not a < b
    if at == 1:
        return a < c and not a < b < c
    return a < b and not b < c


def _readable_columns(source: sqlite3.Connection, table: str) -> tuple[str, ...]:
    """What to select for each of the table's columns: the column itself, or, where a
    flipped bit renamed it in the schema, the column under the name one character away
    it reads as, else its default (no default: nothing to select)."""
    try:
        if not _is_table(source, table):  # a view may recurse without end: not read
            return ()
        present = schema.columns_of(source, table)
    except (sqlite3.Error, UnicodeDecodeError):
        return ()
    chosen = []
    unknown = present - set(schema.COLUMNS[table])
    for column in schema.COLUMNS[table]:
        near = schema.one_apart(column, unknown)
        if column == _ROWID.get(table):
            chosen.append(f"rowid AS {column}")
        elif column in present:
            chosen.append(column)
        elif near is not None and near.isprintable():  # its name's bit flipped: its values
            chosen.append(f'"{near.replace(chr(34), chr(34) * 2)}" AS {column}')
        elif column in schema.DEFAULTS:
            chosen.append(f"{schema.DEFAULTS[column]!r} AS {column}")
        else:
            return ()
    return tuple(chosen)


def _is_table(source: sqlite3.Connection, table: str) -> bool:
    """Whether `table` is a table in `source` (not a view, which may never end)."""
    kind = source.execute("SELECT type FROM sqlite_master WHERE name=?", (table,)).fetchone()
    return kind is not None and kind[0] == "table"


def _typed(row: tuple[Any, ...]) -> bool:
    """A row whose text cells are text (a flipped bit can make them anything)."""
    return all(not isinstance(cell, bytes) for cell in row)


def _keeps(into: sqlite3.Connection, row: tuple[Any, ...]) -> bool:
    """Whether a game's row from the damaged file should replace the backup's."""
    if into.execute("SELECT 1 FROM games WHERE id=?", (row[0],)).fetchone() is None:
        return True
    try:
        return isinstance(bounded.loads(row[2]), dict)
    except (TypeError, ValueError):
        return False

"""Opening the journal file: whatever the card, the box starts, and nothing is lost.

- A healthy journal opens for writing. An older one is upgraded in place, in one
  transaction, after a consistent copy of it was kept (`journal.sqlite3.before-v5`,
  made once for a file however often the disk refuses the upgrade).
- A newer journal (a downgrade) is never touched: its version is read before any schema
  statement runs, and it is opened read-only; if even that fails, the box refuses to
  start with one line naming both versions (`JournalTooNew`). It never starts empty.
  But a newer journal that SQLite finds damaged when it reads it is damage (a newer
  release's journal reads with this SQLite; a flipped bit gave it its version), and so
  is one whose column of this version is one byte away from the name it reads as.
  A version no release wrote (above `schema.NEWEST_POSSIBLE`), or one other than the
  version a clean stop left the file at while the file was not written since
  (`stops`), is a flipped bit in the file's header: damage.
- A card that is full, read-only or failing is a state of the disk, not damage: the
  journal is opened to read (SQLite's read-only modes, down to `immutable`, which needs
  no -shm file), and the box says nothing new can be kept. `reopen` tries again for
  writing, which the writer does before each commit until the disk takes writes.
- Only a file SQLite cannot read as this version's journal is damaged: not a
  database, its check of the whole file (`schema.problem`) finds wrong, a table
  renamed or made a view, or an upgrade that fails ("no such column"). It is set
  aside under a new name (never deleted), the journal starts again from the newest
  backup that reads (made this version's, as a restore makes it: `restoring`), and
  every row still readable in the damaged file is added back (`salvage`).
- A journal or WAL file that is not a regular file (a FIFO, a device) stops the start
  in one line (`NotAJournal`): SQLite would wait on it for ever.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from pi_app import bounded
from pi_app.errors import OutOfBounds, Refusal, describe
from pi_app.i18n import Translator
from pi_app.table import backups, restoring, schema
from pi_app.table.disk import JournalDamaged, cannot_keep, is_damage, is_read_only

if TYPE_CHECKING:
    from pi_app.table.salvage import Salvaged

log = logging.getLogger(__name__)
_ = Translator("core")


class JournalTooNew(Refusal):
    """A journal of a newer version that cannot even be read: the box does not start
    (one translated line, naming both versions and how to go back)."""


class NotAJournal(Refusal):
    """The journal's path, or its WAL files', names something that is not a regular
    file (a FIFO, a device, a folder): opening it would block or never end, so the box
    does not start (one translated line)."""


class _Newer(Exception):
    def __init__(self, version: int) -> None:
        super().__init__(version)
        self.version = version


@dataclass
class Opened:
    """A journal as opened: the connection, and what to say about it."""

    db: sqlite3.Connection
    writable: bool = True
    notices: list[str] = field(default_factory=list)
    """Said once (a damaged journal set aside and restored)."""
    problem: str | None = None
    """Why nothing new can be kept (None when the journal takes writes)."""
    retry: bool = False
    """Whether opening for writing may work later (a full card emptied, a card replaced)."""


def open_journal(path: Path, clock: Callable[[], float], left: int | None = None) -> Opened:
    """Open the journal at `path`; never raises but `JournalTooNew`. `left` is the
    version a clean stop left the file at (`stops.left_clean`); None (a stop that was
    not clean) runs SQLite's check of the whole file first."""
    _refuse_special(path)
    try:
        return Opened(open_writable(path, left))
    except _Newer as newer:
        return _read_newer(path, newer.version, clock)
    except (sqlite3.Error, OSError, UnicodeDecodeError) as error:
        if is_damage(error):
            return _recover(path, clock, error)
        problem = cannot_keep(error, path.parent)
        log.warning("journal %s opened to read only: %s (%s)", path, problem, error)
        return _read_only(path, problem)


def _refuse_special(path: Path) -> None:
    """`NotAJournal` when the journal or its WAL files are something else than regular
    files (SQLite would open a FIFO and wait on it for ever)."""
    for name in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            bounded.regular_or_absent(name)
        except (OutOfBounds, OSError) as error:
            raise NotAJournal(
                _("The journal {path} cannot be opened: {why}.").format(
                    path=path, why=describe(error)
                )
            ) from None


def open_writable(path: Path, left: int | None = None) -> sqlite3.Connection:
    """The journal opened for writing, created or upgraded as needed; raises the
    error that stops it (sqlite3.Error, OSError, or `_Newer` for a newer journal).

    Without `left`, the version a clean stop left the file at, SQLite's check of the
    whole file runs first (`schema.problem`, which reads it all); after a clean stop
    `whole_file_problem` runs it after the first frame instead."""
    _may_write(path)
    db = schema.connect(path)
    try:
        version = schema.version_of(db)  # read before any schema statement
        _check_version(version, left)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        found = schema.problem(db) if left is None else None
        if found is not None:
            raise JournalDamaged(found.splitlines()[0])
        if schema.is_empty(db):
            if backups.listed(path):  # a journal cut to nothing: its backups say it was not
                raise JournalDamaged("the journal is empty but has backups")
            schema.create(db)
        elif version < schema.SCHEMA_VERSION:
            _keep_before_upgrade(path, version)
            schema.create(db)
        wrong = schema.mismatch(db)
        if wrong is not None:
            raise JournalDamaged(f"the journal's tables are not this version's: {wrong}")
    except BaseException:
        db.close()
        raise
    return db


def _check_version(version: int, left: int | None) -> None:
    """Raise `_Newer` for a newer journal, `JournalDamaged` for a version no release
    wrote or one the file cannot have been given since its clean stop (`left`)."""
    if left is not None and version != left:
        raise JournalDamaged(
            f"journal version {version}, left at {left} by a clean stop and not written since"
        )
    if schema.SCHEMA_VERSION < version <= schema.NEWEST_POSSIBLE:
        raise _Newer(version)
    if version not in schema.KNOWN_VERSIONS:
        raise JournalDamaged(f"unknown journal version {version}")


def whole_file_problem(path: Path) -> str | None:
    """What SQLite's check of the whole file finds wrong with the journal (damage, said
    as the box says it; SQLite's own words are logged), or None; read on a connection
    of its own, so the box's reads and writes go on meanwhile. A disk that cannot be
    read now is not damage: None."""
    db = None
    try:
        # read-write, though it writes nothing: on a read-only connection SQLite's
        # check skips the tables' CHECK constraints (an event's kind "`ction" passed)
        db = schema.connect(schema.uri(path, mode="rw"), uri=True)
        wrong = schema.problem(db)
        if wrong is None and schema.version_of(db) == schema.SCHEMA_VERSION:
            wrong = schema.mismatch(db)
    except (sqlite3.Error, UnicodeDecodeError) as error:
        if not is_damage(error):
            log.warning("the journal's whole-file check could not run: %s", error)
            return None
        wrong = describe(error)
    finally:
        if db is not None:
            db.close()
    if wrong is None:
        return None
    log.error("the journal's whole-file check: %s", wrong)
    return describe(JournalDamaged(wrong.splitlines()[0]))


_KEPT: set[tuple[str, int, int]] = set()
"""The journals (path, inode, version) this process kept a copy of before upgrading."""


def _keep_before_upgrade(path: Path, version: int) -> Path | None:
    """A consistent copy of an older journal, made before it is upgraded: once for a
    file at a version (an upgrade the disk refused is tried again at every write;
    the copy was kept the first time). None when it was made already."""
    made = (str(path.absolute()), path.stat().st_ino, version)
    if made in _KEPT:
        return None
    target = _unused_name(path, f"before-v{schema.SCHEMA_VERSION}")
    backups.copy(path, target)
    _KEPT.add(made)
    log.warning("journal version %d upgraded; kept as it was in %s", version, target.name)
    return target


def _read_only(path: Path, problem: str, own: bool = True) -> Opened:
    """The journal opened to read what it holds; when it cannot be (or `own` is False:
    it is damaged), its newest backup that reads; an empty one if nothing can be."""
    db = _reader(path) if own else None
    if db is None:
        backup = backups.newest_readable(path)
        db = None if backup is None else _reader(backup.path)
    return Opened(db or _empty(), writable=False, problem=problem, retry=True)


def _may_write(path: Path) -> None:
    """Raise EROFS where the card holding `path` is mounted read-only: SQLite opens a
    file it cannot write read-only without a word when it can read it (a read-only
    card still holding the -shm of a stop that was not clean), and every write would
    then fail after a start that took the journal for writable."""
    if is_read_only(path.parent):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))


def read_only_again(path: Path) -> sqlite3.Connection:
    """The journal read as a start on a card that takes no writes reads it (its
    backup, or an empty one, where it does not read): between two tries to write."""
    return _read_only(path, "").db


def _reader(path: Path, failures: list[BaseException] | None = None) -> sqlite3.Connection | None:
    """A read-only connection that can read the games, or None (why, added to
    `failures`).

    `mode=ro` reads a journal with its WAL (a stop that was not clean); `immutable`
    reads one whose -shm file cannot be made (a full or read-only card after a clean
    stop, when everything is in the main file).
    """
    if not path.exists():
        return None
    for uri in (schema.uri(path, mode="ro"), schema.uri(path, immutable="1")):
        db = None
        try:
            db = schema.connect(uri, uri=True)
            db.execute("SELECT id, game, setup, started, finished, abandoned FROM games LIMIT 1")
            if schema.not_tables(db) or (
                schema.version_of(db) == schema.SCHEMA_VERSION and schema.mismatch(db)
            ):
                raise JournalDamaged("the journal's tables are not this version's")
            return db
        except (sqlite3.Error, UnicodeDecodeError) as error:
            log.info("journal not read through %s: %s", uri, error)
            if failures is not None:
                failures.append(error)
            if db is not None:
                db.close()
    return None


def _empty() -> sqlite3.Connection:
    """An empty journal in memory: what the box shows when nothing can be read."""
    db = schema.connect(":memory:")
    schema.create(db)
    return db


def _read_newer(path: Path, version: int, clock: Callable[[], float]) -> Opened:
    """A newer journal, read only; `JournalTooNew` when it cannot be read, unless
    SQLite itself finds the file damaged (`_damaged`): then it is damage, its version as
    likely a flipped bit as a newer release's, and restored like any."""
    failures: list[BaseException] = []
    db = _reader(path, failures)
    damage = (_damaged(failures) or _renamed_by_a_flip(path)) if db is None else None
    if damage is not None:
        log.warning("journal %s of version %d does not read: %s", path, version, damage)
        return _recover(path, clock, damage)
    if db is None:
        raise JournalTooNew(
            _(
                "The journal {path} was written by a newer version of Table Companion "
                "(journal version {found}; this one reads up to {known}) and cannot be "
                "read here: install the newer version again. The journal was not changed."
            ).format(path=path, found=version, known=schema.SCHEMA_VERSION)
        )
    problem = _(
        "The journal was written by a newer version of Table Companion (journal version "
        "{found}; this one reads up to {known}): it is only read, and nothing new is kept. "
        "Install the newer version again to keep new games."
    ).format(found=version, known=schema.SCHEMA_VERSION)
    log.warning("%s (%s)", problem, path)
    return Opened(db, writable=False, problem=problem, retry=False)


def _damaged(failures: list[BaseException]) -> BaseException | None:
    """The first of `failures` in which SQLite says the file is damaged (malformed,
    not a database): a newer release's journal reads with this SQLite. A newer journal
    whose tables are not this version's (no such table, the box's own judgment) is
    not damage."""
    for failure in failures:
        if is_damage(failure) and not isinstance(failure, JournalDamaged):
            return failure
    return None


def _renamed_by_a_flip(path: Path) -> JournalDamaged | None:
    """Damage where one of this version's columns is missing and the same table has,
    in its place, a name of the same length one byte away: a flipped bit in the
    schema's text, not a column a newer release renamed. None otherwise."""
    db = None
    try:
        db = schema.connect(schema.uri(path, immutable="1"), uri=True)
        for table, columns in schema.COLUMNS.items():
            present = schema.columns_of(db, table)
            for name in set(columns) - present:
                other = schema.one_apart(name, present - set(columns))
                if other is not None:
                    return JournalDamaged(f"{table}.{name} read as {other!r}")
    except (sqlite3.Error, UnicodeDecodeError):
        return None
    finally:
        if db is not None:
            db.close()
    return None


def _recover(path: Path, clock: Callable[[], float], error: BaseException) -> Opened:
    """A damaged journal: set aside, restored from a backup, and salvaged."""
    try:
        kept = set_aside(path, clock(), "damaged")
    except OSError as failure:  # a read-only card: read the newest backup instead
        return _read_only(path, cannot_keep(failure, path.parent), own=False)
    backup = backups.newest_readable(path)
    try:
        if backup is not None:  # made this version's, with none of its own triggers
            os.replace(restoring.prepared(backup.path, path), path)
        db = open_writable(path)
        from pi_app.table.salvage import salvage  # a damaged journal only

        found = salvage(kept, db)
        schema.forget_statistics(db)  # salvaged games have no results: built once again
    except (sqlite3.Error, OSError, UnicodeDecodeError) as failure:
        return _read_only(path, cannot_keep(failure, path.parent), own=False)
    notice = _told(path, kept, error, backup, found, db)
    log.warning(notice)
    return Opened(db, notices=[notice])


def set_aside(path: Path, now: float, why: str) -> Path:
    """Rename the journal (and its WAL files) to `<name>.<why>-<stamp>`; returns it."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    target = _unused_name(path, f"{why}-{stamp}")
    path.rename(target)
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            with contextlib.suppress(OSError):
                side.rename(target.with_name(target.name + suffix))
    return target


def _unused_name(path: Path, tag: str) -> Path:
    """`<name>.<tag>` beside `path`, or `<name>.<tag>-2`, -3... when that one is taken."""
    target, n = path.with_name(f"{path.name}.{tag}"), 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.{tag}-{n}")
    return target


def _told(
    path: Path,
    kept: Path,
    error: BaseException,
    backup: backups.Backup | None,
    found: Salvaged,
    db: sqlite3.Connection,
) -> str:
    """What the box says once a damaged journal was restored: from what, and what is lost."""
    said = [
        _("The journal {path} was damaged ({error}); it is kept as {kept}.").format(
            path=path, error=describe(error), kept=kept.name
        )
    ]
    when = None
    if backup is not None:
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(backup.made))
        said.append(_("It was restored from the backup of {when}.").format(when=when))
    games = {int(row[0]) for row in db.execute("SELECT id FROM games")}
    said.append(
        _.plural(
            "{count} game was read from the damaged file.",
            "{count} games were read from the damaged file.",
            len(found.games),
        ).format(count=len(found.games))
    )
    if found.oversize:
        from pi_app.table.salvage import named  # a damaged journal only

        said.append(
            _.plural(
                "{count} row too long to read is left in {kept}: {rows}.",
                "{count} rows too long to read are left in {kept}: {rows}.",
                len(found.oversize),
            ).format(
                count=len(found.oversize),
                kept=kept.name,
                rows=", ".join(named(*row) for row in found.oversize[:20]),
            )
        )
    lost = sorted(set(range(1, found.highest + 1)) - games)
    if lost:
        said.append(
            _.plural(
                "Game {games} could not be read and is lost.",
                "Games {games} could not be read and are lost.",
                len(lost),
            ).format(games=", ".join(map(str, lost[:20])) + ("…" if len(lost) > 20 else ""))
        )
    elif found.highest == 0:
        said.append(
            _(
                "Nothing could be read from the damaged file: what was played after "
                "the backup is lost."
            )
            if backup is not None
            else _("Nothing could be read from the damaged file, and there was no backup.")
        )
    else:
        said.append(_("Every game of the damaged file is there again."))
    return " ".join(said)

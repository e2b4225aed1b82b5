"""A backup made ready to take the journal's place (`tabletop journal restore`).

A file in the backups folder may have been put there by anyone with the card in
hand, so it is not trusted as it is: it is copied beside the journal under a
temporary name and made this version's journal there, in one transaction. A file
this version cannot read as its journal (no games, `CREATE TABLE games (x)`, a
table renamed or made a view, a version no release of this one reads) is refused.
Every view and trigger of the file goes (the box makes no view, and makes its own
triggers again): a trigger of the file's own would act on the box's next writes.
The copy takes the owner and mode of the journal it replaces (a restore run as root
must leave a file the box's user can write), then the caller moves it into place.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import stat
from pathlib import Path

from pi_app.table import backups, schema
from pi_app.table.disk import JournalDamaged

SUFFIX = ".restoring"


def prepared(backup: Path, journal: Path) -> Path:
    """`backup` copied beside `journal` and made this version's journal; returns the
    copy, to be moved into place. JournalDamaged when it is not a journal this
    version reads; OSError or sqlite3.Error when it cannot be made. Nothing is left
    behind when it fails."""
    part = journal.with_name(journal.name + SUFFIX)
    _remove(part)
    try:
        backups.copy(backup, part)
        _adopt(part)
        _owned_as(part, journal)
        backups.sync(part)
    except BaseException:
        _remove(part)
        raise
    return part


def _adopt(part: Path) -> None:
    """The copy made a journal of this version with only what the box makes in it."""
    db = schema.connect(part)
    try:
        db.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, schema.CELL_BYTES)
        schema.bounded_time(db, schema.READ_SECONDS)
        version = schema.version_of(db)
        if version not in schema.KNOWN_VERSIONS:
            raise JournalDamaged(f"journal version {version}")
        if "games" not in {str(row[0]) for row in db.execute("SELECT name FROM sqlite_master")}:
            raise JournalDamaged("it holds no games")
        schema.create(db, foreign=True)
    finally:
        db.close()


def _owned_as(part: Path, journal: Path) -> None:
    """The copy given the owner and mode of the journal it replaces (with none, the
    owner of its folder). Only root can give a file away: another user's copy is
    theirs already (the box restoring a damaged journal as its own user)."""
    like = journal if journal.exists() else journal.parent
    wanted = like.stat()
    found = part.stat()
    if os.geteuid() == 0 and (found.st_uid, found.st_gid) != (wanted.st_uid, wanted.st_gid):
        os.chown(part, wanted.st_uid, wanted.st_gid)
    if like is journal:
        os.chmod(part, stat.S_IMODE(wanted.st_mode))


def _remove(part: Path) -> None:
    """A copy left by a restore that stopped, with its WAL files."""
    for name in (part.name, part.name + "-wal", part.name + "-shm"):
        with contextlib.suppress(FileNotFoundError):
            part.with_name(name).unlink()

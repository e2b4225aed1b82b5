"""What an error of the journal's storage means: damage to the file, or a state of the disk.

Only a file SQLite cannot read as a database is damaged: it is set aside and the
journal restored from a backup. "Full", "read-only", "I/O error" and "locked" are
states of the disk (a worn SD card usually fails read-only, logs fill a card): the
journal is never renamed, rewritten or upgraded because of them. The box reads what
it can and says, in its own language, that nothing new can be kept, and why.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from pi_app.errors import storage_problem
from pi_app.i18n import Translator

_ = Translator("core")

DAMAGE = ("SQLITE_NOTADB", "SQLITE_CORRUPT")
UNKNOWN_FORMAT = "unsupported file format"
"""What SQLite says (a plain SQLITE_ERROR) of a header whose schema format (bytes 44 to
47) is above 4, which every SQLite has written since 2006: a flipped bit, damage."""
NEARLY_FULL = 1024 * 1024  # bytes: below this a card that refuses writes is full


class JournalDamaged(sqlite3.DatabaseError):
    """The file opens, but SQLite's own check finds it damaged."""

    sqlite_errorname = "SQLITE_CORRUPT"


def is_damage(error: BaseException) -> bool:
    """Whether `error` says the file itself cannot be read as a journal."""
    if isinstance(error, UnicodeDecodeError):  # SQLite quoting a damaged schema's bytes
        return True
    name = getattr(error, "sqlite_errorname", "") or ""
    return isinstance(error, sqlite3.DatabaseError) and (
        name.startswith(DAMAGE) or str(error) == UNKNOWN_FORMAT
    )


def free_bytes(folder: Path) -> int | None:
    """Bytes free for the box's user where the journal is (None if it cannot be told)."""
    try:
        stat = os.statvfs(folder)
    except OSError:
        return None
    return stat.f_bavail * stat.f_frsize


def is_read_only(folder: Path) -> bool:
    """Whether the file system holding `folder` is mounted read-only."""
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def cannot_keep(error: BaseException, folder: Path) -> str:
    """What the box says when the journal can be read at most: nothing new can be kept,
    why, and what to do (translated; also what the log says)."""
    name = getattr(error, "sqlite_errorname", "") or ""
    free = free_bytes(folder)
    if is_read_only(folder) or name.startswith("SQLITE_READONLY"):
        return _(
            "The memory card cannot be written any more (it is read-only, as a worn card "
            "fails): nothing new can be kept. Games go on in memory. Copy the games off "
            "with “tabletop export”, then replace the card."
        )
    if name.startswith(("SQLITE_FULL", "SQLITE_IOERR_SHMSIZE")) or (
        free is not None and free < NEARLY_FULL
    ):
        return _(
            "The memory card is full ({free} KB left): nothing new can be kept. Games go "
            "on in memory and are written as soon as there is room: free some space on "
            "the card (old logs, exports)."
        ).format(free=(free or 0) // 1024)
    why = storage_problem(error) if isinstance(error, sqlite3.Error) else str(error)
    return _(
        "The journal cannot be opened for writing ({why}): nothing new can be kept. "
        "Games go on in memory; run “tabletop doctor”."
    ).format(why=why)

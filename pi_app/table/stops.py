"""Whether the journal's last stop was clean: a start after one skips the whole-file checks.

SQLite's checks of a whole file (`PRAGMA quick_check`) cost time in proportion to the
journal: half a second at 10,000 games here, several on a Pi's SD card, at every
power-on. They can only find something where the file may have changed in a way
SQLite did not finish: after a stop that was not clean, or when something else wrote
the file while the box was off. So a clean close leaves a record beside the journal,
`<journal>-clean`, with the file's size, times and inode as it was left, and the next
start reads it and removes it at once:

- a pulled plug leaves no record (it was removed at the start before) and a `-wal`
  file that the clean close would have deleted: the next start checks the whole file;
- a file written, cut, copied over or restored after the clean stop no longer matches
  its record (new times, size or inode): checked too;
- a file damaged at rest (a worn card flipping a bit without writing) matches its
  record; the box checks it in the background after its first frame (`Journal.check`).
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

SUFFIX = "-clean"


def record_of(path: Path) -> Path:
    """Where the record of a clean stop of the journal at `path` is kept."""
    return path.with_name(path.name + SUFFIX)


def fingerprint(path: Path) -> dict[str, int]:
    """What a clean close leaves the file as (OSError when it cannot be told)."""
    stat = path.stat()
    return {
        "size": stat.st_size,
        "mtime_ns": stat.st_mtime_ns,
        "ctime_ns": stat.st_ctime_ns,
        "inode": stat.st_ino,
    }


def was_clean(path: Path) -> bool:
    """Whether the journal was left by a clean close and not touched since; the record
    is removed, so a stop that is not clean is never taken for one."""
    record = record_of(path)
    try:
        text = record.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    with contextlib.suppress(OSError):  # a read-only card: the fingerprint still tells
        record.unlink()
    wal = path.with_name(path.name + "-wal")
    try:
        if wal.exists() and wal.stat().st_size > 0:
            return False  # what a pulled plug leaves
        return bool(json.loads(text) == fingerprint(path))
    except (OSError, ValueError):
        return False


def mark_clean(path: Path) -> bool:
    """Record that the journal was closed cleanly, as it is now (after its last
    connection closed); False, and nothing recorded, when that cannot be said."""
    if path.with_name(path.name + "-wal").exists():
        return False  # another connection still has it open: not ours to vouch for
    record = record_of(path)
    part = record.with_name(record.name + ".part")
    try:
        text = json.dumps(fingerprint(path))
        with part.open("w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        part.replace(record)
    except OSError:
        with contextlib.suppress(OSError):
            part.unlink()
        return False
    return True


def forget(path: Path) -> None:
    """Remove the record (a damage found while the box runs: the next start checks)."""
    with contextlib.suppress(OSError):
        record_of(path).unlink()

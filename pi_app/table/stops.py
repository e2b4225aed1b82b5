"""Whether the journal's last stop was clean: a start after one skips the whole-file checks.

SQLite's check of a whole file (`schema.problem`) costs time in proportion to the
journal: nearly a second at 10,000 games here, several on a Pi's SD card, at every
power-on. It can only find something where the file may have changed in a way
SQLite did not finish: after a stop that was not clean, or when something else wrote
the file while the box was off. So a clean close leaves a record beside the journal,
`<journal>-clean`, with the file's size, times and inode as it was left and its
journal version, and the next start reads it and removes it at once:

- a pulled plug leaves no record (it was removed at the start before) and a `-wal`
  file that the clean close would have deleted: the next start checks the whole file;
- a file written, cut, copied over or restored after the clean stop no longer matches
  its record (new times, size or inode): checked too;
- a file damaged at rest (a worn card flipping a bit without writing) matches its
  record; the box checks it in the background after its first frame (`Journal.check`).

The record also says which journal version the box left the file at: a file that
matches its record but reads another version had its header changed at rest (a bit
flipped in it), never by a newer release, whose writes would have changed its times;
the start takes it for damage (`opening`).
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from pi_app import bounded

SUFFIX = "-clean"
RECORD_BYTES = 4096  # a record is under 200 bytes
VERSION = "version"  # the journal version the record says the file was left at


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


def left_clean(path: Path) -> int | None:
    """The journal version a clean close left the file at, when it was left so and not
    touched since; else None (a record without a version, an older release's, too: the
    file is checked once). The record is removed, so a stop that is not clean is never
    taken for one."""
    record = record_of(path)
    try:  # anyone may have put anything there: a FIFO, /dev/zero, nested JSON
        text = bounded.read_file(record, RECORD_BYTES)
    except (OSError, ValueError):
        return None
    with contextlib.suppress(OSError):  # a read-only card: the fingerprint still tells
        record.unlink()
    wal = path.with_name(path.name + "-wal")
    try:
        if wal.exists() and wal.stat().st_size > 0:
            return None  # what a pulled plug leaves
        said = bounded.loads(text)
        version = said.pop(VERSION, None) if isinstance(said, dict) else None
        if not isinstance(version, int) or said != fingerprint(path):
            return None
        return version
    except (OSError, ValueError):
        return None


def mark_clean(path: Path, version: int) -> bool:
    """Record that the journal was closed cleanly, as it is now (after its last
    connection closed) and at `version`; False, and nothing recorded, when that cannot
    be said."""
    if path.with_name(path.name + "-wal").exists():
        return False  # another connection still has it open: not ours to vouch for
    record = record_of(path)
    part = record.with_name(record.name + ".part")
    try:
        text = json.dumps({**fingerprint(path), VERSION: version})
        with contextlib.suppress(FileNotFoundError):  # whatever was left there (a FIFO...)
            part.unlink()
        fd = os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o644)
        with open(fd, "w", encoding="utf-8") as file:
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

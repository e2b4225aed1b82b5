"""Automatic backups of the journal, as Anki keeps its collection's.

After a game finishes, the journal's writer thread (never the table's) makes a
consistent copy of the file with SQLite's online backup API, at most one every 30
minutes, into a folder beside it. The last 10 are kept, plus the newest of each day
for a week. A journal found damaged starts again from the newest backup that reads
(`opening`), and `tabletop journal backups` / `tabletop journal restore N` list and
restore them by hand. A copy is written under a temporary name, synced, then renamed:
a pulled plug leaves either the whole backup or none.
"""

from __future__ import annotations

import calendar
import contextlib
import errno
import logging
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path

from pi_app.table import schema

log = logging.getLogger(__name__)

EVERY_SECONDS = 30 * 60  # at most one backup in this time
KEEP_LAST = 10
KEEP_DAYS = 7  # and the newest backup of each of these last days
RESERVE = 16 * 1024 * 1024  # bytes a backup must leave free for the journal itself
COUNT_SECONDS = 20.0  # a backup's games are counted in this time at most
_STAMP = "%Y%m%dT%H%M%SZ"
_PREFIX, _SUFFIX = "journal-", ".sqlite3"


@dataclass(frozen=True)
class Backup:
    """One copy of the journal: its file and when it was made (seconds, UTC)."""

    path: Path
    made: float

    @property
    def size(self) -> int:
        try:
            return self.path.stat().st_size
        except OSError:
            return 0


def folder_of(journal: Path) -> Path:
    """Where the backups of `journal` live: `journal.sqlite3.backups/` beside it."""
    return journal.with_name(journal.name + ".backups")


def listed(journal: Path) -> list[Backup]:
    """The backups of `journal`, the newest first (number 1 in `tabletop journal`)."""
    found = []
    with contextlib.suppress(OSError):
        for path in folder_of(journal).iterdir():
            made = _made(path.name)
            if made is not None:
                found.append(Backup(path, made))
    return sorted(found, key=lambda b: (b.made, b.path.name), reverse=True)


def _made(name: str) -> float | None:
    if not (name.startswith(_PREFIX) and name.endswith(_SUFFIX)):
        return None
    stamp = name[len(_PREFIX) : -len(_SUFFIX)].split("-")[0]
    try:
        return float(calendar.timegm(time.strptime(stamp, _STAMP)))
    except ValueError:
        return None


def make(journal: Path, now: float) -> Backup:
    """Copy `journal` into its backups folder (OSError or sqlite3.Error if it cannot be).

    Reads through a connection of its own, so the journal's readers never wait for it;
    the caller is the writer thread, so nothing is written meanwhile: the copy is one
    consistent moment of the journal.
    """
    folder = folder_of(journal)
    folder.mkdir(exist_ok=True)
    free = os.statvfs(folder)
    if free.f_bavail * free.f_frsize < 2 * journal.stat().st_size + RESERVE:
        raise OSError(errno.ENOSPC, "too little space for a backup")
    target = _free_name(folder, now)
    part = target.with_name(target.name + ".part")
    try:
        with contextlib.suppress(FileNotFoundError):  # whatever was left there (a FIFO...)
            part.unlink()
        copy(journal, part)
        sync(part)
        os.replace(part, target)
    except BaseException:  # a card that filled meanwhile: no half copy left to fill it
        with contextlib.suppress(OSError):
            part.unlink()
        raise
    sync(folder)
    return Backup(target, float(int(now)))


def _free_name(folder: Path, now: float) -> Path:
    stamp = time.strftime(_STAMP, time.gmtime(now))
    target, n = folder / f"{_PREFIX}{stamp}{_SUFFIX}", 1
    while target.exists():
        n += 1
        target = folder / f"{_PREFIX}{stamp}-{n}{_SUFFIX}"
    return target


def copy(source: Path, target: Path) -> None:
    """A consistent copy of the SQLite file `source` as `target` (the backup API)."""
    src = sqlite3.connect(schema.uri(source, mode="ro"), uri=True)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()


def sync(path: Path) -> None:
    """fsync a file or a folder, so a rename is as durable as the bytes it names."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def prune(journal: Path, now: float) -> list[Path]:
    """Delete the backups no longer kept (and half-written ones); returns them."""
    backups = listed(journal)
    keep = {b.path for b in backups[:KEEP_LAST]}
    days: set[str] = set()
    for backup in backups:
        day = time.strftime("%Y-%m-%d", time.localtime(backup.made))
        if now - backup.made <= KEEP_DAYS * 86400 and day not in days:
            days.add(day)
            keep.add(backup.path)
    gone = [b.path for b in backups if b.path not in keep]
    with contextlib.suppress(OSError):
        gone += [p for p in folder_of(journal).glob("*.part") if p.stat().st_mtime < now - 3600]
    for path in gone:
        with contextlib.suppress(OSError):
            path.unlink()
    return gone


def readable(path: Path) -> bool:
    """Whether a backup opens as a sound journal (SQLite's check of the whole file, the
    one the start runs, and its games), read within bounds (`schema.open_foreign`)."""
    try:
        db = schema.open_foreign(path, mode="ro")
    except (sqlite3.Error, ValueError):  # OutOfBounds: a FIFO, a device
        return False
    try:
        if schema.not_tables(db) is not None:
            return False
        db.execute("SELECT COUNT(*) FROM games").fetchone()
        return schema.problem(db) is None
    except (sqlite3.Error, UnicodeDecodeError):
        return False
    finally:
        db.close()


def newest_readable(journal: Path) -> Backup | None:
    """The newest backup that reads, or None."""
    return next((b for b in listed(journal) if readable(b.path)), None)


def count_games(path: Path) -> int | None:
    """How many games a backup holds (None if it cannot be read)."""
    try:
        db = schema.open_foreign(path, COUNT_SECONDS, mode="ro")
        try:
            if schema.not_tables(db) is not None:
                return None
            return int(db.execute("SELECT COUNT(*) FROM games").fetchone()[0])
        finally:
            db.close()
    except (sqlite3.Error, ValueError):  # OutOfBounds: a FIFO, a device
        return None


class Schedule:
    """When the next backup is due: at most one every `EVERY_SECONDS`."""

    def __init__(self, journal: Path) -> None:
        self.journal = journal
        self.last: float | None = None  # read from the folder at the first ask

    def due(self, now: float) -> bool:
        if self.last is None:  # the newest backup not stamped ahead of the clock
            past = [b.made for b in listed(self.journal) if b.made <= now]
            self.last = max(past, default=float("-inf"))
        # a backup stamped ahead of the clock (set back since) does not stop the next
        return now - self.last >= EVERY_SECONDS or now < self.last

    def run(self, now: float) -> None:
        """Make a backup if one is due, then prune; a failure is logged, never raised."""
        if not self.due(now):
            return
        self.last = now  # a failing card is not tried again at every game's end
        try:
            made = make(self.journal, now)
        except (OSError, sqlite3.Error) as error:
            log.warning("no backup of the journal this time: %s", error)
            return
        prune(self.journal, now)
        log.info("journal backed up as %s", made.path.name)

"""Who uses the journal: every box process holds a shared lock from the moment it
starts opening the journal until it closes it, and `tabletop journal restore` takes
the lock whole or refuses (flock, apart from SQLite's own locks, so neither ever
waits for the other).

The lock is taken on the journal's folder: the journal itself may not exist yet, or
be renamed while the box starts (a damaged journal set aside), and a start is where
a restore would hurt most; the folder stays, and no file is added to it. The
journal's own file is locked too while the box runs, as older releases did, so a
restore of either release sees a box of the other.
"""

from __future__ import annotations

import fcntl
import os
import time
from pathlib import Path

from pi_app.errors import Refusal
from pi_app.i18n import Translator

_ = Translator("core")


def _opened(path: Path) -> int | None:
    """A descriptor of `path` to lock (read-only: flock needs no more; without
    blocking, whatever is there), or None when it cannot be opened."""
    try:
        return os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None


class unused:
    """Hold the journal for ourselves, or refuse: a box process holds it from its
    start until it stops."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fds: list[int] = []

    def __enter__(self) -> None:
        for path in (self.path.parent, self.path):
            fd = _opened(path)
            if fd is None:
                continue
            self.fds.append(fd)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                self.__exit__()
                raise Refusal(
                    _(
                        "The box has the journal open: stop it first "
                        "(sudo systemctl stop tabletop), then restore."
                    )
                ) from None

    def __exit__(self, *_exc: object) -> None:
        for fd in self.fds:
            os.close(fd)
        self.fds = []


def hold(path: Path, folder: bool = True, wait: float = 0.0) -> int | None:
    """Say that this process uses the journal at `path` (a shared lock a restore waits
    for): on its folder, or (not `folder`) on the journal itself, waiting up to
    `wait` seconds for a restore under way to end; returns the descriptor to close,
    or None where it cannot be opened or stays locked."""
    fd = _opened(path.parent if folder else path)
    if fd is None:
        return None
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            return fd
        except BlockingIOError:
            if time.monotonic() < deadline:
                time.sleep(0.05)
                continue
        except OSError:
            pass
        os.close(fd)
        return None

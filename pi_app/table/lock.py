"""Who uses the journal file: the box holds a shared lock on it while it runs, and
`tabletop journal restore` takes it whole or refuses (flock, apart from SQLite's own
locks, so neither ever waits for the other)."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from pi_app.errors import Refusal
from pi_app.i18n import Translator

_ = Translator("core")


class unused:
    """Hold the journal for ourselves, or refuse: the box holds it while it runs."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fd: int | None = None

    def __enter__(self) -> None:
        if not self.path.exists():
            return
        self.fd = os.open(self.path, os.O_RDONLY)
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(self.fd)
            raise Refusal(
                _(
                    "The box has the journal open: stop it first "
                    "(sudo systemctl stop tabletop), then restore."
                )
            ) from None

    def __exit__(self, *_exc: object) -> None:
        if self.fd is not None:
            os.close(self.fd)


def hold(path: Path) -> int | None:
    """Say that this process uses the journal at `path` (a shared lock a restore waits
    for); returns the descriptor to close, or None where the file cannot be opened."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd

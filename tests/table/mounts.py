"""Real mounts for the disk-fault tests: a small tmpfs, filled to its last byte or
remounted read-only, then healed, and always unmounted.

The kernel refuses `mount -o remount,ro` while any file on the mount is open for
writing ("mount point is busy"), so a journal is closed before its card is made
read-only; filling the card works with the journal open.
"""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

PATIENCE = 30.0  # seconds a mount or unmount may take on a busy machine
CHUNK = 4096  # the filler is written in pieces this size, then byte by byte


def need_root() -> None:
    """Mounting needs root: the test fails in CI without it, and is skipped elsewhere."""
    if os.geteuid() == 0:
        return
    if os.environ.get("CI"):
        pytest.fail("the disk-fault tests mount tmpfs folders: run them as root")
    pytest.skip("mounting a tmpfs needs root")


def _mount(*argv: str) -> None:
    done = subprocess.run(
        ["mount", *argv], capture_output=True, text=True, timeout=PATIENCE, check=False
    )
    assert done.returncode == 0, f"mount {' '.join(argv)}: {done.stderr or done.stdout}"


class Card:
    """A tmpfs mounted at `folder`: the box's memory card, with its faults."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.filler = folder / "filler"

    def free(self) -> int:
        """Bytes free for writing on the card."""
        stat = os.statvfs(self.folder)
        return stat.f_bavail * stat.f_frsize

    @property
    def read_only(self) -> bool:
        return bool(os.statvfs(self.folder).f_flag & os.ST_RDONLY)

    def fill(self) -> int:
        """Write a filler file, unbuffered, until the card refuses even one more byte;
        returns its size."""
        fd = os.open(self.filler, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        written = 0
        try:
            for size in (CHUNK, 1):
                piece = b"\xa5" * size
                while True:
                    try:
                        written += os.write(fd, piece)
                    except OSError as error:
                        if error.errno != errno.ENOSPC:
                            raise
                        break
        finally:
            os.close(fd)
        assert self.free() == 0, f"{self.free()} bytes still free after the filler"
        return written

    def empty(self) -> None:
        """The fault gone: the filler deleted."""
        self.filler.unlink()

    def make_read_only(self) -> None:
        """Remount the card read-only (nothing on it may be open for writing)."""
        _mount("-o", "remount,ro", str(self.folder))
        assert self.read_only

    def make_writable(self) -> None:
        _mount("-o", "remount,rw", str(self.folder))
        assert not self.read_only


def unmount(folder: Path) -> None:
    """Unmount `folder`; lazily (detached now, freed once unused) if it is busy."""
    done = subprocess.run(
        ["umount", str(folder)], capture_output=True, text=True, timeout=PATIENCE, check=False
    )
    if done.returncode != 0:
        subprocess.run(["umount", "-l", str(folder)], timeout=PATIENCE, check=False)


@contextlib.contextmanager
def tmpfs(folder: Path, size: str = "2m") -> Iterator[Card]:
    """A tmpfs of `size` mounted at `folder` for the block, always unmounted after."""
    need_root()
    folder.mkdir(parents=True, exist_ok=True)
    _mount("-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", str(folder))
    try:
        yield Card(folder)
    finally:
        unmount(folder)

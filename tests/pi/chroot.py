"""A scratch copy of the cached arm64 root, entered with chroot, its mounts always undone.

Each test run unpacks its own copy under /var/tmp (not pytest's tmp_path: pytest
deletes old tmp folders with rmtree, which would follow a bind mount left behind into
the host's /dev). /proc, /sys, /dev and /dev/pts are mounted for apt, dpkg and Python;
the folder apt keeps its downloaded packages in is bound to a cache outside the
repository, so a second run fetches nothing. On leaving, every mount under the copy
is undone and checked gone before the copy is deleted.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from deb.build import CACHE

APT_ARCHIVES = CACHE / "apt-archives-arm64"
# Left out of the file lists compared before and after: the mounted and volatile
# folders, and apt's downloads and lists (bound to the cache, or fetched each run).
NOT_LISTED = ("proc", "sys", "dev", "run", "tmp", "var/cache/apt", "var/lib/apt/lists")
ENV = {
    "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
    "LANG": "C.UTF-8",
    "DEBIAN_FRONTEND": "noninteractive",
    "HOME": "/root",
}


class Root:
    """An unpacked root at `path`, mounted while inside `mounted()`."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def run(
        self,
        *argv: str,
        check: bool = True,
        env: dict[str, str] | None = None,
        user: str | None = None,
    ) -> subprocess.CompletedProcess[str]:
        """`argv` in the root (as `user` through runuser), no standard input."""
        command = ["chroot", str(self.path)]
        if user is not None:
            command += ["runuser", "-u", user, "--"]
        done = subprocess.run(
            [*command, *argv],
            env={**ENV, **(env or {})},
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            check=False,
        )
        if check:
            said = f"{done.stdout}\n{done.stderr}"
            assert done.returncode == 0, f"{argv} -> {done.returncode}\n{said}"
        return done

    def popen(self, *argv: str, user: str, env: dict[str, str]) -> subprocess.Popen[str]:
        """`argv` started in the root in a session of its own (so its group can be ended)."""
        command = ["chroot", str(self.path), "runuser", "-u", user, "--", *argv]
        return subprocess.Popen(
            command,
            env={**ENV, **env},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )

    def files(self) -> set[str]:
        """Every file, folder and link of the root, as paths, less `NOT_LISTED`."""
        listed: set[str] = set()
        for folder, folders, names in os.walk(self.path):
            relative = os.path.relpath(folder, self.path)
            folders[:] = [
                f for f in folders if os.path.normpath(os.path.join(relative, f)) not in NOT_LISTED
            ]
            for name in folders + names:
                listed.add("/" + os.path.normpath(os.path.join(relative, name)))
        return listed

    def mounts(self) -> list[str]:
        """The mount points under the root, deepest first."""
        inside = str(self.path) + "/"
        lines = Path("/proc/self/mounts").read_text(encoding="utf-8").splitlines()
        points = [line.split()[1] for line in lines if line.split()[1].startswith(inside)]
        return sorted(points, key=len, reverse=True)

    @contextmanager
    def mounted(self) -> Iterator[Root]:
        """proc, sys, dev, dev/pts and apt's package cache mounted; all undone on leaving."""
        APT_ARCHIVES.joinpath("partial").mkdir(parents=True, exist_ok=True)
        shutil.copy("/etc/resolv.conf", self.path / "etc" / "resolv.conf")
        mounts: list[Sequence[str]] = [
            ("-t", "proc", "proc", "proc"),
            ("--bind", "/sys", "sys"),
            ("--bind", "/dev", "dev"),
            ("--bind", "/dev/pts", "dev/pts"),
            ("--bind", str(APT_ARCHIVES), "var/cache/apt/archives"),
        ]
        try:
            for *options, target in mounts:
                where = str(self.path / target)
                subprocess.run(["mount", *options, where], check=True)
            yield self
        finally:
            self.unmount()

    def unmount(self) -> None:
        """Undo every mount under the root; fail loudly if one stays."""
        for point in self.mounts():
            if subprocess.run(["umount", point], check=False).returncode:
                subprocess.run(["umount", "-l", point], check=False)
        left = self.mounts()
        assert not left, f"still mounted: {left}"


@contextmanager
def scratch_root(tarball: Path) -> Iterator[Root]:
    """A fresh copy of the root in `tarball`, deleted afterwards once nothing is mounted."""
    folder = Path(tempfile.mkdtemp(prefix="tabletop-pi-", dir="/var/tmp"))
    root = Root(folder)
    try:
        subprocess.run(["tar", "-xf", str(tarball), "-C", str(folder)], check=True)
        yield root
    finally:
        root.unmount()
        shutil.rmtree(folder)

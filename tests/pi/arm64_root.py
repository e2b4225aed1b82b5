"""An arm64 Debian bookworm root made by mmdebstrap, cached outside the repository.

Building it takes 6 to 18 minutes under qemu-user-static on a shared 2-core machine, so
it is made once per machine and kept as a tarball in `CACHE`. The file's name is a hash
of everything that makes the root (mmdebstrap's version and arguments): a change of any
of them makes a new root rather than reusing a stale one. mmdebstrap writes to a
temporary name that is renamed only once it has finished, so a half-built root (a run
killed midway) is never taken for a complete one. Each test run unpacks its own copy.

`python -m tests.pi.arm64_root` builds it (or says where the cached one is).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

CACHE = Path(os.environ.get("TABLETOP_CI_CACHE", "/var/cache/tabletop-ci"))
SUITE = "bookworm"
ARCH = "arm64"
# What Raspberry Pi OS Lite has and the package relies on being there: systemd as the
# init system (the unit, systemd-analyze), udev (the Pico's rule). Its Python and the
# libraries SDL needs are the package's own Depends, fetched by apt at install time.
INCLUDE = ("systemd", "systemd-sysv", "udev", "dbus", "ca-certificates")
PARTS = ("mmdebstrap", "qemu-aarch64-static", "chroot", "mount", "umount")


def arguments() -> list[str]:
    """mmdebstrap's arguments, without the output file."""
    return [
        "--arch=" + ARCH,
        "--variant=apt",
        "--include=" + ",".join(INCLUDE),
        "--aptopt=Acquire::Retries 3",
        "--dpkgopt=path-exclude=/usr/share/doc/*",
        "--dpkgopt=path-include=/usr/share/doc/*/copyright",
        "--dpkgopt=path-exclude=/usr/share/man/*",
        "--dpkgopt=path-exclude=/usr/share/locale/*",
        SUITE,
    ]


def key() -> str:
    """A hash of mmdebstrap's version and arguments: the cache's file name."""
    version = subprocess.run(
        ["mmdebstrap", "--version"], capture_output=True, text=True, check=True
    ).stdout.strip()
    text = "\n".join([version, *arguments()])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def ensure_binfmt() -> None:
    """Make the kernel run arm64 programs through qemu-user-static."""
    folder = Path("/proc/sys/fs/binfmt_misc")
    if not (folder / "status").exists():
        subprocess.run(["mount", "-t", "binfmt_misc", "binfmt_misc", str(folder)], check=True)
    if not (folder / "qemu-aarch64").exists():
        subprocess.run(["update-binfmts", "--enable", "qemu-aarch64"], check=True)
    if not (folder / "qemu-aarch64").exists():
        raise RuntimeError("qemu-aarch64 is not registered with binfmt_misc")


def drop_abandoned(done: Path) -> None:
    """Delete the partial roots of builds whose process is gone (a run killed midway)."""
    for partial in done.parent.glob(f"{done.name}.partial-*.tar"):
        pid = partial.name.rsplit("-", 1)[1].removesuffix(".tar")
        if not pid.isdigit() or not Path(f"/proc/{pid}").exists():
            partial.unlink(missing_ok=True)


def base_root() -> Path:
    """The cached root's tarball, built first if this machine has none for `key()`."""
    ensure_binfmt()
    CACHE.mkdir(parents=True, exist_ok=True)
    done = CACHE / f"root-{SUITE}-{ARCH}-{key()}.tar"
    drop_abandoned(done)
    if done.exists():
        return done
    partial = done.with_name(f"{done.name}.partial-{os.getpid()}.tar")
    try:
        subprocess.run(["mmdebstrap", "--quiet", *arguments(), str(partial)], check=True)
        partial.rename(done)
    finally:
        partial.unlink(missing_ok=True)
    return done


if __name__ == "__main__":
    print(base_root())
    sys.exit(0)

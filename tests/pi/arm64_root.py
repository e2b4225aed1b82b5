"""An arm64 Debian bookworm root made by mmdebstrap, cached outside the repository.

Building it takes 6 to 18 minutes under qemu-user-static on a shared 2-core machine, so
it is made once per machine and kept as a tarball in `CACHE` (`deb.cached_root`, which
the image's system uses too). Each test run unpacks its own copy.

`python -m tests.pi.arm64_root` builds it (or says where the cached one is).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from deb.cached_root import cached_tarball

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


def ensure_binfmt() -> None:
    """Make the kernel run arm64 programs through qemu-user-static."""
    folder = Path("/proc/sys/fs/binfmt_misc")
    if not (folder / "status").exists():
        subprocess.run(["mount", "-t", "binfmt_misc", "binfmt_misc", str(folder)], check=True)
    if not (folder / "qemu-aarch64").exists():
        subprocess.run(["update-binfmts", "--enable", "qemu-aarch64"], check=True)
    if not (folder / "qemu-aarch64").exists():
        raise RuntimeError("qemu-aarch64 is not registered with binfmt_misc")


def base_root() -> Path:
    """The cached root's tarball, built first if this machine has none for its arguments."""
    ensure_binfmt()
    return cached_tarball(f"root-{SUITE}-{ARCH}", arguments())


if __name__ == "__main__":
    print(base_root())
    sys.exit(0)

"""An mmdebstrap root kept as a tarball in `CACHE`, made once per machine.

An arm64 root takes minutes to hours under qemu-user-static, so the image's system
(`deb.image_base`) and the package tests' root (`tests.pi.arm64_root`) are each built
once and kept. A tarball's name ends in a hash of mmdebstrap's version and arguments: a
change of any of them makes a new root rather than reusing a stale one. mmdebstrap
writes under a temporary name that is renamed only once it has finished, so a
half-built root (a run killed midway) is never taken for a complete one, and the
partial files of killed runs are deleted at the next build.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
from collections.abc import Sequence
from pathlib import Path

from deb.build import CACHE


def key(arguments: Sequence[str]) -> str:
    """A hash of mmdebstrap's version and `arguments`: the end of the cache's file name."""
    version = subprocess.run(
        ["mmdebstrap", "--version"], capture_output=True, text=True, check=True
    ).stdout.strip()
    text = "\n".join([version, *arguments])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def drop_abandoned(done: Path) -> None:
    """Delete the partial tarballs of builds whose process is gone."""
    for partial in done.parent.glob(f"{done.name}.partial-*.tar"):
        pid = partial.name.rsplit("-", 1)[1].removesuffix(".tar")
        if not pid.isdigit() or not Path(f"/proc/{pid}").exists():
            partial.unlink(missing_ok=True)


def cached_tarball(name: str, arguments: Sequence[str]) -> Path:
    """`CACHE/<name>-<key>.tar`, built by mmdebstrap with `arguments` if it is not there."""
    CACHE.mkdir(parents=True, exist_ok=True)
    done = CACHE / f"{name}-{key(arguments)}.tar"
    drop_abandoned(done)
    if done.exists():
        return done
    partial = done.with_name(f"{done.name}.partial-{os.getpid()}.tar")
    try:
        subprocess.run(["mmdebstrap", "--quiet", *arguments, str(partial)], check=True)
        partial.rename(done)
    finally:
        partial.unlink(missing_ok=True)
    return done

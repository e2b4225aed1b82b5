"""Slow fsyncs on demand: a small preload library that delays fsync and fdatasync.

An SD card often takes 10 to 50 ms to sync. `environ(ms, folder)` compiles
`slow_fsync.c` (with the machine's C compiler) into `folder` and returns the
environment that makes a child process's syncs that slow, so the journal can be
measured and crash-tested as on a Pi.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

SOURCE = Path(__file__).with_name("slow_fsync.c")


def build(folder: Path) -> Path:
    """Compile the preload library into `folder`; returns its path."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        raise RuntimeError("a C compiler (cc or gcc) is needed to build the slow-fsync shim")
    library = folder / "slow_fsync.so"
    subprocess.run(
        [compiler, "-shared", "-fPIC", "-O2", "-o", str(library), str(SOURCE), "-ldl"],
        check=True,
    )
    return library


def environ(ms: float, folder: Path) -> dict[str, str]:
    """This process's environment plus what makes a child's syncs last `ms` ms more."""
    library = build(folder)
    preload = " ".join(filter(None, [str(library), os.environ.get("LD_PRELOAD", "")]))
    return {**os.environ, "LD_PRELOAD": preload, "SLOW_FSYNC_MS": str(ms)}

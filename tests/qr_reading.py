"""QR codes read back as a phone's camera reads them: the real `zbarimg` on a picture.

A machine without zbarimg skips the reading; CI must have it (`zbar-tools`).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ZBARIMG = shutil.which("zbarimg") or "/usr/bin/zbarimg"
DEADLINE = 60.0  # seconds: a busy machine is slow, never this slow
NO_CODE = 4  # zbarimg's exit code when the picture holds no code


def need_zbarimg(path: str = ZBARIMG) -> None:
    """Skip the test where zbarimg is missing; fail it on CI."""
    if os.path.exists(path):
        return
    if os.environ.get("CI"):
        pytest.fail("zbarimg is missing: apt-get install -y zbar-tools")
    pytest.skip("zbarimg is not installed (apt-get install -y zbar-tools)")


def read_codes(path: Path) -> list[str]:
    """Every QR code zbarimg reads in the picture at `path`, in its order ([]: none)."""
    need_zbarimg()
    done = subprocess.run(
        [ZBARIMG, "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(path)],
        capture_output=True,
        text=True,
        timeout=DEADLINE,
        check=False,
    )
    assert done.returncode in (0, NO_CODE), f"zbarimg failed on {path}: {done.stderr}"
    return done.stdout.splitlines()

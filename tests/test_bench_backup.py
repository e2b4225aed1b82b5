"""bench/backup.py runs in its quick mode and prints its figures beside their baselines.

No figure is asserted: a benchmark reports, the reader judges.
"""

from __future__ import annotations

import os
import subprocess
import sys

from tests.paths import ROOT


def test_backup_bench_quick() -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "backup.py"), "--quick"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert "journal: 200 finished games" in out
    assert "one backup (backups.make)" in out
    assert "normal" in out and "fsync +20 ms" in out
    for label in ("time, ms", "size, MB", "p50", "p99", "max", "backups made meanwhile"):
        assert f"  {label} " in out, label
    assert "no backups" in out and "backups running" in out
    assert "one 60 Hz frame" in out

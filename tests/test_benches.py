"""Every bench runs, in its short mode (`--quick`), and prints its figures: a bench that
breaks fails CI instead of rotting. Nothing here is timed: the figures are the bench's
to print, beside their baselines, never asserted."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BENCHES = sorted(
    path.stem
    for path in (ROOT / "bench").glob("*.py")
    if 'if __name__ == "__main__":' in path.read_text(encoding="utf-8")
)
PATIENCE = 600  # seconds: a busy machine is slower, never failed


def test_the_benches_are_found() -> None:
    assert {"history", "phones", "startup", "tournament", "bell_latency"} <= set(BENCHES)
    assert "voice_latency" in BENCHES


def run_bench(bench: str, *options: str) -> subprocess.CompletedProcess[str]:
    """`bench` run with `options`, on SDL's dummy drivers."""
    environ = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "PYGAME_HIDE_SUPPORT_PROMPT": "1",
    }
    return subprocess.run(
        [sys.executable, str(ROOT / "bench" / f"{bench}.py"), *options],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=PATIENCE,
        check=False,
    )


@pytest.mark.parametrize("bench", BENCHES)
def test_the_bench_runs_in_its_short_mode(bench: str) -> None:
    done = run_bench(bench, "--quick")
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Traceback" not in done.stderr
    figures = [line for line in done.stdout.splitlines() if any(c.isdigit() for c in line)]
    assert figures, done.stdout


def test_the_bell_is_measured_beside_speech_in_one_run() -> None:
    """Issue 50: the bell's STOP while the box speaks, beside silence, in the same run."""
    done = run_bench("bell_latency", "--speech", "--quick")
    assert done.returncode == 0, done.stderr[-3000:]
    header = next(line for line in done.stdout.splitlines() if "silent" in line)
    assert header.split() == ["silent", "speaking"]
    assert any(line.split()[0] == "p99" for line in done.stdout.splitlines() if line.strip())

"""The code stays clean: ruff over the tree, `mypy --strict` over the package.

Run as tests so that CI refuses a change that breaks them, exactly like a failing test.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_ruff_is_clean() -> None:
    done = _run("ruff", "check", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_is_applied() -> None:
    done = _run("ruff", "format", "--check", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_on_the_package() -> None:
    done = _run("mypy", "--strict", "--no-incremental", "pi_app")
    assert done.returncode == 0, done.stdout + done.stderr

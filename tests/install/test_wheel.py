"""`pip install` of the wheel gives a working box: firmware and pinout included.

The wheel is built from a copy of the source tree, installed with its dependencies in
a fresh virtual environment outside the repository, and the box is checked end to end
there (installed_box.py): the firmware the wheel carries runs in MicroPython's unix
port over a pseudo-terminal, the ring's sand timer is reported done, and the bell,
on gpiozero's MockFactory, stops a Cambio round.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

from pi_app.bundled import FILES
from tests.firmware.mpy_harness import STUBS, need_micropython
from tests.paths import ROOT

SKIP = shutil.ignore_patterns(
    ".git",
    ".venv",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    ".hypothesis",
    "shots",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    "*.sqlite3*",
)


def _run(*command: object, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(
        [str(c) for c in command], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, f"{command} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_the_installed_wheel_runs_the_whole_box(tmp_path: Path) -> None:
    micropython = need_micropython()
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=SKIP)
    dist = tmp_path / "dist"
    _run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", dist, source, cwd=tmp_path)
    (wheel,) = dist.glob("tabletop-*.whl")
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    _run(python, "-m", "pip", "install", "-q", wheel, cwd=tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    script = elsewhere / "installed_box.py"
    shutil.copy(Path(__file__).with_name("installed_box.py"), script)
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    out = _run(python, script, micropython, STUBS, elsewhere, cwd=elsewhere, env=clean)
    report = json.loads(out.strip().splitlines()[-1])

    site = str(env_dir)
    assert report["package"].startswith(site)  # the wheel's code, not the repository's
    assert report["firmware"].startswith(site) and report["pinout"].startswith(site)
    expected = {str(p.relative_to(ROOT)) for pattern in FILES for p in ROOT.glob(pattern)}
    assert {"firmware/main.py", "hardware/pinout.toml", "systemd/tabletop.service"} <= expected
    assert set(report["bundled"]) == expected
    assert report["ring_on_hardware"], report
    assert report["pico_version"][0] == report["protocol_version"]
    assert report["timer_done"], report
    assert report["before_bell"] == "cambio-trading"
    assert report["after_bell"] == "cambio-stop" and report["stop_shown"], report
    assert report["phase"] == "stopped"

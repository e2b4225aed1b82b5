"""The wheel carries the Pico firmware and the pinout (see `pi_app/bundled.py`).

Everything else is declared in pyproject.toml; this only adds a build step that copies
`firmware/*.py`, `hardware/pinout.toml`, the udev rule and the systemd unit into the
wheel's `pi_app/bundled/`.
"""

from __future__ import annotations

import runpy
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
# The list lives in pi_app/bundled.py, read as a plain file (nothing else is importable here).
FILES: tuple[str, ...] = runpy.run_path(str(HERE / "pi_app" / "bundled.py"))["FILES"]


class BuildWithBundle(build_py):
    """build_py, plus the firmware and the pinout as package data of pi_app."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads them from the repository itself
        target = Path(self.build_lib) / "pi_app" / "bundled"
        for pattern in FILES:
            sources = sorted(HERE.glob(pattern))
            if not sources:
                raise SystemExit(f"nothing to bundle for {pattern}: is the tree complete?")
            for source in sources:
                copy = target / source.relative_to(HERE)
                copy.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, copy)


setup(cmdclass={"build_py": BuildWithBundle})

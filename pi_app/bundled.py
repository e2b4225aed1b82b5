"""Files the box needs that live outside the Python package in the repository.

The repository keeps `firmware/` (MicroPython for the Pico), `hardware/pinout.toml`,
the Pico's udev rule and the systemd unit at its top, where the product brief puts
them; there is one copy of each file. A wheel
carries them as package data under `pi_app/bundled/` (copied there by `setup.py` when
the wheel is built), because a box is installed from a wheel, not from a git clone.
`bundled_path` finds a file in the installed package first, then in the repository
(an editable install or a source tree).
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
BUNDLED = PACKAGE / "bundled"
REPOSITORY = PACKAGE.parent
# What the wheel carries, as paths relative to the repository (and to `bundled/`).
FILES = (
    "firmware/*.py",
    "hardware/pinout.toml",
    "hardware/udev/*.rules",
    "systemd/tabletop.service",
)


def bundled_path(relative: str) -> Path:
    """`relative` (e.g. "firmware") in the installed package, else in the repository."""
    packaged = BUNDLED / relative
    return packaged if packaged.exists() else REPOSITORY / relative

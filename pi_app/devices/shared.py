"""The firmware's plain-Python modules, loaded from `firmware/` for the Pi side.

`firmware/protocol.py` (framing) and `firmware/animations.py` (ring maths) run on the
Pico under MicroPython; the Pi loads the very same files rather than a copy, so the
link cannot drift out of step and the simulated ring draws what the real one shows.
They are loaded by path (the firmware directory is not a Python package: on the Pico
its files sit at the top of the flash) under private module names, once: from the
wheel's copy in `pi_app/bundled/firmware/` when installed, else from the repository.
"""

from __future__ import annotations

import importlib.util
import sys
from types import ModuleType

from pi_app.bundled import bundled_path

FIRMWARE_DIR = bundled_path("firmware")


def load_firmware_module(name: str) -> ModuleType:
    """Import `firmware/<name>.py` as `pi_app.devices._fw_<name>` (cached)."""
    qualified = f"pi_app.devices._fw_{name}"
    if qualified in sys.modules:
        return sys.modules[qualified]
    path = FIRMWARE_DIR / f"{name}.py"
    spec = importlib.util.spec_from_file_location(qualified, path)
    if spec is None or spec.loader is None or not path.is_file():
        raise ImportError(f"firmware module not found: {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[qualified] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[qualified]
        raise
    return module


protocol = load_firmware_module("protocol")
animations = load_firmware_module("animations")

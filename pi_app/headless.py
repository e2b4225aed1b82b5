"""Whether this run can show the table at all, decided before any display module loads.

`tabletop run` decides it first thing: a laptop with no display says so and exits 1
without touching the journal, while the box (a Pi, or the service systemd starts)
opens its journal at once, on a thread of its own, as the display's modules load
(`starting.JournalOpening`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from pi_app.i18n import Translator

_ = Translator("display")


def choose_video_driver(environ: Mapping[str, str], is_pi: bool) -> str | None:
    """The SDL video driver to ask for, or None to let SDL choose.

    On a Pi with no desktop (no DISPLAY, no WAYLAND_DISPLAY) the display is driven
    directly through KMS/DRM. Elsewhere, SDL picks; an explicit SDL_VIDEODRIVER wins.
    """
    if environ.get("SDL_VIDEODRIVER"):
        return environ["SDL_VIDEODRIVER"]
    if environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY"):
        return None
    return "kmsdrm" if is_pi else None


def is_raspberry_pi() -> bool:
    try:
        with open("/proc/device-tree/model", encoding="ascii", errors="ignore") as model:
            return "Raspberry Pi" in model.read()
    except OSError:
        return False


def headless_message() -> str:
    return _(
        "No display found (no DISPLAY or WAYLAND_DISPLAY, and this is not a Pi). "
        "To run without a screen use SDL_VIDEODRIVER=dummy tabletop, or "
        "`tabletop demo gambit7 --shots DIR` to save pictures of each scene."
    )


def is_service(config: Any, environ: Mapping[str, str] = os.environ) -> bool:
    """Whether this run is the box's service, which plays on without a screen: started
    by systemd (`INVOCATION_ID` or `NOTIFY_SOCKET` set) or configured as the box
    (`hardware = "pi"`). A laptop's `tabletop` is neither."""
    if environ.get("INVOCATION_ID") or environ.get("NOTIFY_SOCKET"):
        return True
    return str(config["hardware"]) == "pi"


def nothing_to_show(config: Any, environ: Mapping[str, str], is_pi: bool) -> bool:
    """A laptop's `tabletop` with no display at all: it says how to run headless."""
    windowed = environ.get("DISPLAY") or environ.get("WAYLAND_DISPLAY")
    driver = choose_video_driver(environ, is_pi)
    return driver is None and not windowed and not is_service(config, environ)

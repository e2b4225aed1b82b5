"""Pictures of the phones panel when the box makes its own Wi-Fi, for the README.

    python -m tests.display.wifi_shots docs/screenshots

Draws the panel with its two codes (in French, a made-up network and password, five
seats, one held by a phone) at 800x480 and 480x320, and saves phones-wifi.png and
phones-wifi-480.png.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from pi_app.display.canvas import Canvas, FontBook
from pi_app.display.phones import draw_phones
from pi_app.display.theme import BACKGROUND, theme_for
from pi_app.i18n import set_language
from pi_app.web.wifi_code import Hotspot

HOTSPOT = Hotspot("Tabletop-7Q4K", "truite-violon-42", "10.42.0.1")
LINK = "http://192.168.1.20:8370/j/Kx7pQm2vRt4a"  # made up: the panel names the hotspot's
SEATS = ["Alice", "Bruno", "Chloé", "Dimitri", "Émile"]
SHOTS = {"800x480": "phones-wifi.png", "480x320": "phones-wifi-480.png"}


def shoot(size: str, path: Path) -> None:
    """The two-code panel at `size`, saved to `path`."""
    theme = theme_for(size)
    canvas = Canvas(pygame.Surface(theme.size), theme, FontBook())
    canvas.surface.fill(BACKGROUND)
    draw_phones(canvas, [LINK], SEATS, ["Bruno"], hotspot=HOTSPOT)
    pygame.image.save(canvas.surface, str(path))


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    set_language("fr")
    for size, name in SHOTS.items():
        shoot(size, folder / name)
        print(folder / name)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots"))

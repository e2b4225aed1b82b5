"""The VM's screen as a person sees it, against the app's own render of the same scene.

QEMU's `screendump` writes the guest's scanout as a PPM. On KMS/DRM the box asks for
800x480 and SDL sets the nearest mode the display offers (800x600 on QEMU's
virtio-gpu); the app lays its scene out on the surface it got. So the app draws the
same scene here, on SDL's dummy display at the frame's size, and the two are compared
cell by cell (cells of 20 x 20 pixels, each cell's average colour): the buttons, their
labels and the background must be where the app puts them. A black or blank frame, a
console's text or another scene fails. Where to tap is read from the app's own hit
regions in that render.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pygame

CELL = 20
TOLERANCE = 24  # per channel, on a cell's average: fonts may hint a pixel apart
NEEDED = 0.97  # of the cells
SCENES = ("home", "seats", "options", "game")


class Frame:
    """One captured picture."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface

    @classmethod
    def read(cls, path: Path) -> Frame:
        return cls(pygame.image.load(str(path)))

    def save_png(self, path: Path) -> None:
        pygame.image.save(self.surface, str(path))

    @property
    def size(self) -> tuple[int, int]:
        width, height = self.surface.get_size()
        return width, height


def cells(surface: pygame.Surface) -> list[tuple[int, ...]]:
    width, height = surface.get_size()
    return [
        tuple(pygame.transform.average_color(surface, (x, y, CELL, CELL))[:3])
        for y in range(0, height - CELL + 1, CELL)
        for x in range(0, width - CELL + 1, CELL)
    ]


def cells_off(frame: Frame, expected: pygame.Surface) -> int:
    """How many cells of the frame differ from `expected` (all of them at another size)."""
    if frame.size != expected.get_size():
        return len(cells(expected))
    pairs = zip(cells(frame.surface), cells(expected), strict=True)
    return sum(any(abs(a - b) > TOLERANCE for a, b in zip(p, q, strict=True)) for p, q in pairs)


def same_picture(frame: Frame, expected: pygame.Surface) -> bool:
    """Whether the frame shows `expected` (at most 3 % of the cells off)."""
    return cells_off(frame, expected) <= (1 - NEEDED) * len(cells(expected))


def centre_of(app: Any, wanted: Hashable) -> tuple[int, int]:
    """The middle of the app's hit region for `wanted`."""
    for hit in app.canvas.hits:
        if hit.target == wanted:
            x, y = hit.rect.center
            return int(x), int(y)
    raise AssertionError(f"no {wanted!r} on the screen: {[h.target for h in app.canvas.hits]}")


@contextmanager
def app_at(size: tuple[int, int], lang: str = "en") -> Iterator[Any]:
    """The app on SDL's dummy display, its surface `size` as the VM's screen is."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from pi_app.display.demo import FakeClock, make_app
    from pi_app.i18n import set_language

    set_language(lang)
    with tempfile.TemporaryDirectory(prefix="tabletop-render-") as folder:
        app = make_app("800x480", Path(folder) / "journal.sqlite3", FakeClock(), {})
        app.drawing.painter.attach(pygame.display.set_mode(size))
        app.dirty = True
        app.step([])
        try:
            yield app
        finally:
            app.journal.close()


def click(app: Any, at: tuple[int, int]) -> None:
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1)])
    app.step([])


def enter(app: Any) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")])
    app.step([])


def render(scene: str, size: tuple[int, int]) -> tuple[pygame.Surface, tuple[int, int] | None]:
    """`rendered` in a process of its own: the test session registers games of its own
    (the tests' plugins), which the box's home does not show."""
    with tempfile.TemporaryDirectory(prefix="tabletop-render-") as folder:
        picture = Path(folder) / "frame.png"
        command = [sys.executable, "-m", "tests.pi.screen", scene, *map(str, size), str(picture)]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stdout + done.stderr
        tap = json.loads(done.stdout.splitlines()[-1])
        return pygame.image.load(str(picture)), None if tap is None else (tap[0], tap[1])


def rendered(scene: str, size: tuple[int, int]) -> tuple[pygame.Surface, tuple[int, int] | None]:
    """The app's frame of `scene` ("home", then each step to a game of Gambit 7:
    "seats", "options", "game") at `size`, and where to tap to go on from it (a tap on
    "Gambit 7", Enter on the seats, a tap on "Play")."""
    from pi_app.display.home.targets import GameTap
    from pi_app.display.targets import Button

    with app_at(size) as app:
        steps: list[Callable[[], object]] = [
            lambda: click(app, centre_of(app, GameTap("gambit7"))),
            lambda: enter(app),
            lambda: click(app, centre_of(app, Button.NEXT)),
        ]
        for go_on in steps[: SCENES.index(scene)]:
            go_on()
        shown = pygame.display.get_surface()
        assert shown is not None, "the app has no window"
        picture = shown.copy()
        taps = {"home": GameTap("gambit7"), "options": Button.NEXT}
        tap = centre_of(app, taps[scene]) if scene in taps else None
    return picture, tap


if __name__ == "__main__":
    frame, where = rendered(sys.argv[1], (int(sys.argv[2]), int(sys.argv[3])))
    pygame.image.save(frame, sys.argv[4])
    print(json.dumps(where))

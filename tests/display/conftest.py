"""Display tests run with no screen and no sound device: SDL's dummy drivers."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from pi_app.display.demo import FakeClock, make_app


@pytest.fixture
def english() -> Iterator[None]:
    """English words (the msgids) whatever the catalogues hold; French again after."""
    from pi_app.i18n import set_language

    set_language("en")
    try:
        yield
    finally:
        set_language("fr")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def app_factory(tmp_path: Path, clock: FakeClock) -> Iterator[object]:
    """Make apps on one journal file (a second app on the same file is a restart)."""
    made: list[object] = []

    def make(size: str = "800x480", ring: object = None, **config: object) -> object:
        for earlier in made:  # a restart reads what the earlier box's journal wrote
            earlier.journal.flush()  # type: ignore[attr-defined]
        app = make_app(size, tmp_path / "journal.sqlite3", clock, dict(config), ring=ring)
        made.append(app)
        return app

    yield make
    for app in made:
        app.journal.close()  # type: ignore[attr-defined]
    pygame.display.quit()

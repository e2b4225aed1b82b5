"""Pictures of the Pico page, to look at: what it says before, during and after an
install, and with no Pico, in every language at both sizes, and the home offering it.

    python -m tests.display.pico_shots FOLDER

Saves pico-<state>-<lang>-<size>.png and home-<lang>-<size>.png in FOLDER.
"""

from __future__ import annotations

import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from pi_app.display.demo import FakeClock, make_app
from pi_app.display.intents import Press
from pi_app.display.pages import PageButton
from pi_app.display.pico_firmware import INSTALL
from pi_app.display.pico_page import installed_text
from pi_app.firmware import Outcome, Verdict
from pi_app.i18n import LANGUAGES, set_language

PORT = "/dev/ttyACM0"
STATES = {
    "older": Outcome(Verdict.OTHER, PORT, (1, 0, 9)),
    "done": Outcome(Verdict.SAME, PORT, (1, 1, 0)),
    "none": Outcome(Verdict.NO_PICO),
    "failed": Outcome(Verdict.COPY_FAILED, PORT, code=1),
}


def settle(app: Any) -> None:
    deadline = time.monotonic() + 30
    while app.pico.busy is not None and time.monotonic() < deadline:
        app.step([])
        time.sleep(0.01)
    app.dirty = True
    app.step([])


def save(app: Any, path: Path) -> None:
    pygame.image.save(app.canvas.surface, str(path))
    print(path)


def shoot(folder: Path, lang: str, size: str) -> None:
    set_language(lang)
    with tempfile.TemporaryDirectory() as scratch:
        app = make_app(size, Path(scratch) / "journal.sqlite3", FakeClock())
        try:
            app.step([])
            save(app, folder / f"home-{lang}-{size}.png")
            app.feed(Press(PageButton("pico")))
            settle(app)
            for state, outcome in STATES.items():
                app.pico.seen = outcome
                if state in ("done", "failed"):
                    app.flash_message(*installed_text(outcome))
                settle(app)
                save(app, folder / f"pico-{state}-{lang}-{size}.png")
            hold = threading.Event()
            app.pico.jobs.run(hold.wait, lambda _r: None, owner=app.pico, group=INSTALL)
            app.dirty = True
            app.step([])
            save(app, folder / f"pico-installing-{lang}-{size}.png")
            hold.set()
            settle(app)
        finally:
            app.journal.close()


def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for lang in LANGUAGES:
        for size in ("800x480", "480x320"):
            shoot(folder, lang, size)
    set_language("fr")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "shots"))

"""`tabletop demo GAME --shots DIR`: a scripted game played off-screen, a PNG per scene.

The demo drives the real app (`App.feed` with the same intents a tap or a key makes)
on a journal in a temporary folder, with a clock it moves by hand, and saves the
screen whenever the script asks. It sets SDL_VIDEODRIVER=dummy itself, so it runs on
a machine without any display. Each game's script is its own, declared in its screen
module (`GameDeclaration.demo`); `history` plays three games, then the history;
`evening` a whole evening: games paused and resumed, an undo against the computer, a
restart.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Hashable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pi_app.i18n import Translator

if TYPE_CHECKING:
    from pi_app.box.computer import Computer
    from pi_app.display.driver import DemoScript
    from pi_app.display.intents import Intent
    from pi_app.display.scene import Command, Scene
    from pi_app.table.journal import Journal

_ = Translator("display")


DEMO_START = 1_795_293_000.0  # 2026-11-21 20:30 UTC: the demo's games have a real date


class FakeClock:
    """A clock that moves only when told: the demo and the tests are deterministic."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class Driver:
    """Plays a script on an app: taps, typing, the bell, time passing, pictures
    (`display.driver.DemoDriver`, which the games' scripts are typed against)."""

    def __init__(self, app: Any, clock: FakeClock, shots: Path | None) -> None:
        self.app = app
        self.clock = clock
        self.shots = shots
        self.saved: list[Path] = []
        self.app.step([])

    @property
    def journal(self) -> Journal:
        journal: Journal = self.app.journal
        return journal

    @property
    def computer(self) -> Computer:
        computer: Computer = self.app.session.computer
        return computer

    @property
    def scene(self) -> Scene:
        scene: Scene = self.app.scene
        return scene

    def press(self, target: Hashable) -> None:
        from pi_app.display.intents import Press

        self.feed(Press(target))

    def feed(self, intent: Intent) -> None:
        self.app.feed(intent)
        self.app.step([])

    def type(self, text: str, enter: bool = True) -> None:
        from pi_app.display.intents import Char, Enter

        for char in text:
            self.app.feed(Char(char))
        if enter:
            self.app.feed(Enter())
        self.app.step([])

    def bell(self) -> None:
        from pi_app.display.intents import Bell

        self.feed(Bell(self.clock()))

    def run(self, command: Command) -> None:
        self.app.execute(command)
        self.app.step([])

    def wait(self, seconds: float) -> None:
        """Let time pass in small steps, as the loop would."""
        end = self.clock() + seconds
        while self.clock() < end:
            self.clock.advance(min(0.5, end - self.clock()))
            self.app.step([])

    def restart(self) -> None:
        from pi_app.i18n import set_language

        size = "x".join(map(str, self.app.theme.size))
        path, config = self.app.journal.path, dict(self.app.config)
        self.app.journal.close()
        set_language(str(config.get("language", "fr")))
        self.app = make_app(size, path, self.clock, config)
        self.app.step([])

    def shot(self, name: str) -> Path | None:
        import pygame

        self.app.dirty = True
        self.app.step([])
        if self.shots is None:
            return None
        path = self.shots / f"{name}.png"
        pygame.image.save(self.app.painter.surface, str(path))
        self.saved.append(path)
        return path


HISTORY = "history"
"""A demo that is not a game's: three games played to their end, then the history."""
EVENING = "evening"
"""A demo that is not a game's: a whole evening, games paused and resumed, a restart."""
QUESTIONS = "questions"
"""A demo that is not a game's: a Gambit 7 round from the box's own questions."""


def script_for(name: str) -> DemoScript | None:
    """The demo called `name`: a game's own (its declaration's), or the history's."""
    from pi_app.display.games import declaration_of
    from pi_app.rules.registry import games

    if name == HISTORY:
        from pi_app.display.history.scene import demo_script

        return demo_script
    if name == EVENING:
        from pi_app.display.evening import evening

        return evening
    if name == QUESTIONS:
        from pi_app.display.quiz_demo import questions

        return questions
    return declaration_of(name).demo if name in games() else None


def demo_names() -> list[str]:
    """Every demo there is: the games' in the home's order, then the history."""
    from pi_app.display.games import declaration_of, menu_order
    from pi_app.rules.registry import games

    listed = [n for n in menu_order(games()) if declaration_of(n).demo is not None]
    return [*listed, HISTORY, EVENING, QUESTIONS]


def make_app(
    size: str,
    journal_path: Path,
    clock: FakeClock,
    config: dict[str, Any] | None = None,
    **parts: Any,
) -> Any:
    """An app on the dummy display at `size`, its journal at `journal_path`; `parts`
    are passed into it (`ring`, `on_listen`, `phones`)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from pi_app.config import Config
    from pi_app.display.app import build_app
    from pi_app.table import Journal

    pygame.display.init()
    pygame.font.init()
    values = dict(Config().values)
    values.update(config or {})
    values["display.size"] = size
    journal = Journal(journal_path, clock=clock)
    app = build_app(values, journal=journal, size=size, clock=clock, **parts)
    app.open_window(False)
    return app


def play(
    game: str, shots: Path | None, size: str = "800x480", driver_class: type[Driver] = Driver
) -> Driver:
    """Play the script of `game`; returns the driver (its `saved` lists the pictures)."""
    script = script_for(game)
    if script is None:
        raise KeyError(game)
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    clock = FakeClock(DEMO_START)
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(size, Path(folder) / "demo.sqlite3", clock)
        driver = driver_class(app, clock, shots)
        try:
            script(driver)
        finally:
            driver.app.journal.close()
    return driver


def run(args: argparse.Namespace, config: Any) -> int:
    """The `tabletop demo` command."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if script_for(args.game) is None:
        print(
            _("Unknown game {game}; choose one of: {games}").format(
                game=args.game, games=", ".join(demo_names())
            ),
            file=sys.stderr,
        )
        return 2
    driver = play(args.game, Path(args.shots), args.size)
    for path in driver.saved:
        print(path)
    return 0

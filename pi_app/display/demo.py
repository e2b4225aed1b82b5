"""`tabletop demo GAME --shots DIR`: a scripted game played off-screen, a PNG per scene.

The demo drives the real app (`App.feed` with the same intents a tap or a key makes)
on a journal in a temporary folder, with a clock it moves by hand, and saves the
screen whenever the script asks. It sets SDL_VIDEODRIVER=dummy itself, so it runs on
a machine without any display.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from pi_app.i18n import Translator

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
    """Plays a script on an app: taps, typing, the bell, time passing, pictures."""

    def __init__(self, app: Any, clock: FakeClock, shots: Path | None) -> None:
        self.app = app
        self.clock = clock
        self.shots = shots
        self.saved: list[Path] = []
        self.app.step([])

    def press(self, target: Any) -> None:
        from pi_app.display.intents import Press

        self.feed(Press(target))

    def feed(self, intent: Any) -> None:
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

    def run(self, command: Any) -> None:
        self.app.execute(command)
        self.app.step([])

    def wait(self, seconds: float) -> None:
        """Let time pass in small steps, as the loop would."""
        end = self.clock() + seconds
        while self.clock() < end:
            self.clock.advance(min(0.5, end - self.clock()))
            self.app.step([])

    def shot(self, name: str) -> Path | None:
        import pygame

        self.app.dirty = True
        self.app.step([])
        if self.shots is None:
            return None
        path = self.shots / f"{name}.png"
        pygame.image.save(self.app.screen, str(path))
        self.saved.append(path)
        return path


Script = Callable[[Driver], None]


def _new(driver: Driver, game: str, seats: Iterable[str], **options: Any) -> None:
    from pi_app.display.scene import NewGame

    driver.run(NewGame(game, tuple(seats), options))


def script_gambit7(d: Driver) -> None:
    from pi_app.display.games.gambit7 import BetButton, Case
    from pi_app.display.scene import Play
    from pi_app.display.targets import SeatTap

    d.shot("home")
    d.press(("game", "gambit7"))
    d.shot("home-seats")
    d.press(("seat", 1))  # the on-screen keyboard, its letters then its accents
    d.shot("home-keyboard")
    for key in ("z", "o", "page", "é"):
        d.press(("kb", key))
    d.shot("home-keyboard-accents")
    d.press(("kb", "done"))
    _new(d, "gambit7", ["Alice", "Bruno", "Chloé", "Dimitri"])
    d.bell()
    d.type("28")
    d.type("25")
    d.wait(12)
    d.shot("gambit7-answers")
    d.type("25")
    d.type("23")
    for seat, case in ((0, "25"), (0, "25"), (1, "25")):
        d.press(SeatTap(seat))
        d.press(Case(case))
    d.press(SeatTap(2))
    d.press(BetButton.TOKEN)
    d.press(Case("28"))
    d.press(SeatTap(3))
    d.press(BetButton.CHIPS)
    d.press(Case("less"))
    d.shot("gambit7-bets")
    d.press("close")
    d.type("27", enter=False)
    d.shot("gambit7-truth")
    d.type("", enter=True)
    d.shot("gambit7-payout")
    table = d.app.table
    answers = [
        (28, 25, 24, 30),
        (120, 95, 101, 99),
        (3, 4, 5, 6),
        (1789, 1815, 1804, 1830),
        (12, 15, 11, 18),
        (40, 45, 50, 55),
    ]
    truths = (26, 100, 4, 1805, 14, 47)
    for values, truth in zip(answers, truths, strict=True):
        d.run(Play("next"))
        for seat, value in zip(table.state.seats, values, strict=True):
            d.run(Play(f'answer "{seat}" {value} fr'))
        d.run(Play(f'bet "Alice" [{values[1]}]'))
        d.run(Play(f'bet "Bruno" [{values[2]}, {values[2]}]'))
        d.run(Play("close-bets"))
        d.run(Play(f"truth {truth} fr"))
    d.press("next")
    d.shot("gambit7-final")


def script_cambio(d: Driver) -> None:
    from pi_app.display.games.cambio import Currency, Hand, Holder, Ringer

    d.press(("game", "cambio"))
    d.press("next")
    d.press(("cycle", "variant"))
    d.shot("home-options")
    d.press("back")
    d.press("back")
    _new(d, "cambio", ["Ana", "Ben", "Cléo", "Dan"], variant="cambio", target=5000)
    d.shot("cambio-deal")
    d.press("deal")
    d.wait(10)
    d.shot("cambio-study")
    d.wait(25)
    d.shot("cambio-trading")
    d.bell()
    d.shot("cambio-stop")
    d.press(Ringer(1))
    d.press(Currency(2))
    d.press(Hand("9+plus"))
    d.press(Holder("minus"))
    d.press(Holder("minus"))
    d.shot("cambio-rung")
    d.press("show")
    d.shot("cambio-scores")


def script_quitte_ou_double(d: Driver) -> None:
    from pi_app.display.games.quitte_ou_double import demo_script

    demo_script(d)


def script_gambo(d: Driver) -> None:
    from pi_app.display.games.gambo import demo_script

    demo_script(d)


def script_tournament(d: Driver) -> None:
    from pi_app.display.games.cambio_tournament import demo_script

    demo_script(d)


def script_history(d: Driver) -> None:
    from pi_app.display.history import demo_script

    demo_script(d)


SCRIPTS: dict[str, Script] = {
    "gambit7": script_gambit7,
    "cambio": script_cambio,
    "quitte-ou-double": script_quitte_ou_double,
    "gambo": script_gambo,
    "cambio-tournament": script_tournament,
    "history": script_history,
}


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
    from pi_app.display.app import App
    from pi_app.table import Journal

    pygame.display.init()
    pygame.font.init()
    values = dict(Config().values)
    values.update(config or {})
    values["display.size"] = size
    journal = Journal(journal_path, clock=clock)
    app = App(values, journal=journal, size=size, clock=clock, **parts)
    app.open_window(False)
    return app


def play(
    game: str, shots: Path | None, size: str = "800x480", driver_class: type[Driver] = Driver
) -> Driver:
    """Play the script of `game`; returns the driver (its `saved` lists the pictures)."""
    if game not in SCRIPTS:
        raise KeyError(game)
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    clock = FakeClock(DEMO_START)
    with tempfile.TemporaryDirectory() as folder:
        app = make_app(size, Path(folder) / "demo.sqlite3", clock)
        driver = driver_class(app, clock, shots)
        try:
            SCRIPTS[game](driver)
        finally:
            app.journal.close()
    return driver


def run(args: argparse.Namespace, config: Any) -> int:
    """The `tabletop demo` command."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if args.game not in SCRIPTS:
        print(
            _("Unknown game {game}; choose one of: {games}").format(
                game=args.game, games=", ".join(SCRIPTS)
            ),
            file=sys.stderr,
        )
        return 2
    driver = play(args.game, Path(args.shots), args.size)
    for path in driver.saved:
        print(path)
    return 0

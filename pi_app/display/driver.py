"""What a demo script drives: the protocol `tabletop demo` and the tests both satisfy.

A game's screen module declares its demo (`GameDeclaration.demo`), a function of a
driver that taps, types, rings the bell, lets time pass and takes pictures, as a
player would (`display.demo.Driver` plays it on the real app). The scripts are typed
against this protocol, so the screen modules need not import the demo's machinery.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Protocol

from pi_app.box.computer import Computer
from pi_app.display.intents import Intent
from pi_app.display.scene import Command, Scene
from pi_app.table.journal import Journal


class DemoDriver(Protocol):
    """Plays a script on an app: taps, typing, the bell, time passing, pictures."""

    @property
    def journal(self) -> Journal:
        """The app's journal (the history's demo opens a game it holds)."""
        ...

    @property
    def computer(self) -> Computer:
        """The computer's seat (a script pauses it to play its side itself)."""
        ...

    @property
    def scene(self) -> Scene:
        """The scene on screen now."""
        ...

    def press(self, target: Hashable) -> None:
        """A tap on what the screen drew for `target`."""
        ...

    def feed(self, intent: Intent) -> None:
        """One intent, as a tap or a key makes it."""
        ...

    def type(self, text: str, enter: bool = True) -> None:
        """Keys typed, then Enter unless told not to."""
        ...

    def bell(self) -> None:
        """The bell, pressed now."""
        ...

    def run(self, command: Command) -> None:
        """A command carried out as if a scene had given it."""
        ...

    def wait(self, seconds: float) -> None:
        """Time passing, in small steps, as the loop would see it."""
        ...

    def shot(self, name: str) -> Path | None:
        """A picture of the screen named `name` (None when no folder was given)."""
        ...

    def restart(self) -> None:
        """The box switched off and on: a new app on the same journal, started in the
        configured language, as a new process would be."""
        ...


DemoScript = Callable[[DemoDriver], None]

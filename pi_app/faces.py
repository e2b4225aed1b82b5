"""One loader for every game's faces: its computer, its phone play, its screens.

A game is declared in one place: its rules package (`pi_app.rules.<game>`), and beside
it, found by the same name, the faces the other layers need: its computer seat
(`pi_app.ai.<game>.opponent`), its phone play (`pi_app.web.games.<game>`), its screens
(`pi_app.display.games.<game>`). Each layer names its face once (`Face`): where the
game's module is, which of its objects is the face, and the base class that object
must be. The face's base class holds a default for every hook (as python-chess's
`Board` holds the defaults its variants override), so a layer calls a game's face
like any typed object and mypy sees every hook; nothing outside this module reads a
game's module by a name. A game without a face there has None (its layer then does
what it does for every such game).

A game's module is looked for once (`_module` is cached: the home lists the paused
games' seats on every frame, and the computer is asked after every change), and its
face is read from it as it is now.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Face(Generic[T]):
    """One face of every game: `module` (with `{game}` for the game's package name, its
    record name with `_` for `-`), the object `name` in it, of base class `kind`."""

    module: str
    name: str
    kind: type[T]

    def module_of(self, game_name: str) -> str:
        return self.module.format(game=game_name.replace("-", "_"))


class FaceError(TypeError):
    """A game's module holds something else than its face: a fault of the program."""


@cache
def _module(name: str) -> ModuleType | None:
    """The module `name`, imported; None when there is none."""
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except ModuleNotFoundError:  # the game has no package in that layer at all
        return None
    return importlib.import_module(name)


def face(game_name: str, which: Face[T]) -> T | None:
    """`which` face of game `game_name`, or None when the game has none."""
    module_name = which.module_of(game_name)
    module = _module(module_name)
    found = None if module is None else vars(module).get(which.name)
    if found is None:
        return None
    if not isinstance(found, which.kind):
        raise FaceError(f"{module_name}.{which.name} is not a {which.kind.__name__}")
    return found

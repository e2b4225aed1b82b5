"""The scenes of each game, found by the game's record name.

A game's scenes are the module named like its rules package (`quitte-ou-double` is
`quitte_ou_double` here and in `pi_app.rules`). Each offers `scene_for(table, memory)`,
choosing the screen from the table's state alone; a game without its own screens gets
the generic one, which can play any game through its listable actions.

The module's `DECLARATION` (`display.declaration.GameDeclaration`) is everything else
the box needs of the game: its place in the menu, its options, its setup, its facts
and its demo (`declaration_of`). Tests declare games without a module here with
`register`, as they register their rules with `rules.registry.register`.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
from collections.abc import Iterable

from pi_app.display.declaration import GameDeclaration
from pi_app.display.memory import ScreenMemory
from pi_app.display.scene import Scene
from pi_app.table.protocol import GameTable

log = logging.getLogger(__name__)

_registered: dict[str, GameDeclaration] = {}
DEFAULT = GameDeclaration()
"""The declaration of a game that has none: no options, its biggest round told."""


def module_name(game_name: str) -> str:
    """The scene module of a game: its record name with `_` for `-`, as its rules package."""
    return f"{__name__}.{game_name.replace('-', '_')}"


def scene_for(table: GameTable, memory: ScreenMemory) -> Scene:
    """The scene that shows `table`'s state now; `memory` is what its screens keep."""
    name = table.game.name
    if importlib.util.find_spec(module_name(name)) is not None:
        module = importlib.import_module(module_name(name))
        try:
            scene: Scene = module.scene_for(table, memory)
        except Exception:  # a screen that cannot read this state: the generic one
            log.exception("no %s screen for this state", name)
        else:
            return scene
    from pi_app.display.games.generic import GenericScene

    return GenericScene(table.moves_played, table.outcome() is not None)


def register(name: str, declaration: GameDeclaration) -> GameDeclaration:
    """Declare game `name` for the box (a later registration replaces it), as
    `rules.registry.register` makes its rules findable: tests declare games this way."""
    _registered[name] = declaration
    return declaration


def declaration_of(game_name: str) -> GameDeclaration:
    """What the box knows of a game: registered, else its screen module's, else `DEFAULT`."""
    if game_name in _registered:
        return _registered[game_name]
    if importlib.util.find_spec(module_name(game_name)) is None:
        return DEFAULT
    declared = getattr(importlib.import_module(module_name(game_name)), "DECLARATION", None)
    return declared if isinstance(declared, GameDeclaration) else DEFAULT


def menu_order(names: Iterable[str]) -> list[str]:
    """Game names in the home's order: by declared menu place, then by name."""
    return sorted(names, key=lambda name: (declaration_of(name).menu, name))

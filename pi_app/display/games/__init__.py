"""The scenes of each game, found by the game's record name.

A game's scenes are in the module named like its rules package (`quitte-ou-double` is
`quitte_ou_double` here and in `pi_app.rules`). Its `DECLARATION`
(`display.declaration.GameDeclaration`, found by the one loader of game faces) names its
`scenes` (choosing the screen from the table's state alone; a game without its own
screens gets the generic one, which can play any game through its listable actions)
and everything else the box needs of the game: its place in the menu, its options,
its setup, its facts and its demo (`declaration_of`). Tests declare games without a module here with
`register`, as they register their rules with `rules.registry.register`.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from pi_app.display.declaration import GameDeclaration
from pi_app.display.memory import ScreenMemory
from pi_app.display.scene import Scene
from pi_app.faces import Face, face
from pi_app.table.protocol import GameTable

log = logging.getLogger(__name__)

_registered: dict[str, GameDeclaration] = {}
DEFAULT = GameDeclaration()
"""The declaration of a game that has none: no options, its biggest round told."""


SCREENS = Face("pi_app.display.games.{game}", "DECLARATION", GameDeclaration)
"""A game's screens and what the box knows of it: `DECLARATION` in its module here."""


def scene_for(table: GameTable, memory: ScreenMemory) -> Scene:
    """The scene that shows `table`'s state now; `memory` is what its screens keep."""
    scenes = declaration_of(table.game.name).scenes
    if scenes is not None:
        try:
            return scenes(table, memory)
        except Exception:  # a screen that cannot read this state: the generic one
            log.exception("no %s screen for this state", table.game.name)
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
    return face(game_name, SCREENS) or DEFAULT


def menu_order(names: Iterable[str]) -> list[str]:
    """Game names in the home's order: by declared menu place, then by name."""
    return sorted(names, key=lambda name: (declaration_of(name).menu, name))

"""The scenes of each game, found by the game's record name.

A game's scenes are the module named like its rules package (`quitte-ou-double` is
`quitte_ou_double` here and in `pi_app.rules`). Each offers `scene_for(table, memory)`,
choosing the screen from the table's state alone; a game without its own screens gets
the generic one, which can play any game through its listable actions.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging

from pi_app.display.memory import ScreenMemory
from pi_app.display.scene import Scene
from pi_app.table.protocol import GameTable

log = logging.getLogger(__name__)


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

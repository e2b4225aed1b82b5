"""The scenes of each game, found by the game's record name.

Each module here offers `scene_for(table) -> Scene`, choosing the screen from the
table's state alone; a game without its own screens gets the generic one, which can
play any game through its listable actions.
"""

from __future__ import annotations

import importlib
import logging
from typing import Any

from pi_app.display.scene import Scene

log = logging.getLogger(__name__)

MODULES: dict[str, str] = {
    "gambit7": "pi_app.display.games.gambit7",
    "cambio": "pi_app.display.games.cambio",
    "cambio-tournament": "pi_app.display.games.tournament",
    "quitte-ou-double": "pi_app.display.games.qod",
    "gambo": "pi_app.display.games.gambo",
}


def scene_for(table: Any) -> Scene:
    """The scene that shows `table`'s state now."""
    name = table.game.name
    if name in MODULES:
        try:
            module = importlib.import_module(MODULES[name])
        except ImportError:
            module = None
        if module is not None:
            try:
                scene: Scene = module.scene_for(table)
            except Exception:  # a screen that cannot read this state: the generic one
                log.exception("no %s screen for this state", name)
            else:
                return scene
    from pi_app.display.games.generic import GenericScene

    return GenericScene(len(table.timeline.actions), table.outcome() is not None)

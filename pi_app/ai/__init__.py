"""Computer opponents. They live outside `pi_app.rules` because a search with a time
budget reads a clock, which the rules never do; the clock is injected.

A game with a computer seat declares it in its own package here, named like the game
(`pi_app.ai.gambo.opponent`), and the box's core finds it by the game's name
(`opponent_for`): no shared module names a game.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from typing import Protocol, cast


class Opponent(Protocol):
    """What a game's `opponent` module offers the core."""

    def to_play(self, state: object, extras: Mapping[str, object]) -> str | None: ...

    def choose(self, state: object, level: str) -> str: ...


def opponent_for(game_name: str) -> Opponent | None:
    """The computer seat of `game_name`, or None when people play every seat."""
    name = f"{__name__}.{game_name.replace('-', '_')}.opponent"
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except ModuleNotFoundError:  # no package of that game here at all
        return None
    return cast(Opponent, importlib.import_module(name))

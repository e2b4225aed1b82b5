"""Computer opponents. They live outside `pi_app.rules` because a search with a time
budget reads a clock, which the rules never do; the clock is injected.

A game with a computer seat declares it in its own package here, named like the game
(`pi_app.ai.gambo.opponent`), and the box's core finds it by the game's name
(`opponent_for`): no shared module names a game.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Protocol, cast


class Opponent(Protocol):
    """What a game's `opponent` module offers the core."""

    def to_play(self, state: object, extras: Mapping[str, object]) -> str | None: ...

    def choose(self, state: object, level: str) -> str: ...


@cache
def opponent_for(game_name: str) -> Opponent | None:
    """The computer seat of `game_name`, or None when people play every seat (looked
    up once per game: the home lists the paused games' seats on every frame)."""
    name = f"{__name__}.{game_name.replace('-', '_')}.opponent"
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except ModuleNotFoundError:  # no package of that game here at all
        return None
    return cast(Opponent, importlib.import_module(name))


def seat_names(
    game_name: str, seats: Sequence[str], extras: Mapping[str, object], lang: str | None = None
) -> dict[str, str]:
    """The seats the computer plays at a table of `game_name` (its `extras` say which),
    each by its name in the record with the name it is shown by in `lang` (None: the
    current language): a record keeps the label of the language the game began in."""
    opponent = opponent_for(game_name)
    names = getattr(opponent, "computer_names", None)
    return dict(names(seats, extras, lang)) if callable(names) else {}

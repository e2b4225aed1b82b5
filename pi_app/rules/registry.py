"""Find a game by its record name.

Every package under `pi_app.rules` whose `__init__` exposes a `GAME` is a game (the
Cambio tournament is a package inside Cambio's); they are discovered on first use, so
adding a game is adding its package and nothing else.
Tests register extra games (a tiny one proves the contract) with `register`.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from pi_app.rules.contract import Game, RecordError

_games: dict[str, Game[Any, Any]] = {}
_registered: set[str] = set()
"""The names of the games registered at run time (`register`), not discovered."""
_discovered = False


def register(game: Game[Any, Any]) -> Game[Any, Any]:
    """Make `game` findable by its record name (a later registration replaces it)."""
    _games[game.name] = game
    _registered.add(game.name)
    return game


def registered() -> dict[str, Game[Any, Any]]:
    """The games registered at run time, found without importing any package."""
    return {name: _games[name] for name in _registered}


def discovered() -> bool:
    """Whether every game's package is imported already (`games` is then cheap)."""
    return _discovered


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    import pi_app.rules as package

    for info in pkgutil.walk_packages(package.__path__, f"{package.__name__}."):
        if not info.ispkg:
            continue
        module = importlib.import_module(info.name)
        game = getattr(module, "GAME", None)
        if game is not None and game.name not in _games:
            _games[game.name] = game


def games() -> dict[str, Game[Any, Any]]:
    """Every known game by record name."""
    _discover()
    return dict(_games)


def find_game(name: str) -> Game[Any, Any]:
    """The game whose records say `"game": name`, or `RecordError`."""
    _discover()
    try:
        return _games[name]
    except KeyError:
        raise RecordError(
            "Unknown game {name!r}; known games: {known}.",
            name=name,
            known=", ".join(sorted(_games)),
        ) from None

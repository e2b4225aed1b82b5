"""The phone play of each game, found by the game's record name.

A game that phones play (not only follow) has a module here named like its rules
package (`quitte-ou-double` is `quitte_ou_double`), as its screens have in
`pi_app.display.games`. The module offers `action(state, request)`, the game's action
for a phone's request (`web.requests.PhoneActions`, played by `perform`), and
`view(state, seat, locale)`, what the phone of `seat` may see of the game beyond the
scores (`web.views.GameView`). A game without a module here is played on the box, and
any phone follows its scores and rounds. Its `KINDS` names the messages its phones
send (`"answer"`, `"bet"`...): the server takes those, and no others, to the table.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from functools import cache
from types import ModuleType
from typing import TypeVar

S = TypeVar("S")


def module_name(game_name: str) -> str:
    """The phone module of a game: its record name with `_` for `-`, as its rules package."""
    return f"{__name__}.{game_name.replace('-', '_')}"


def phone_module(game_name: str) -> ModuleType | None:
    """The phone play of `game_name`, or None when its phones only follow the scores."""
    name = module_name(game_name)
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


@cache
def phone_kinds() -> frozenset[str]:
    """Every message kind some game's phones send (each module's `KINDS`)."""
    found: set[str] = set()
    for info in pkgutil.iter_modules(__path__, f"{__name__}."):
        kinds = getattr(importlib.import_module(info.name), "KINDS", ())
        found.update(str(kind) for kind in kinds)
    return frozenset(found)


def state_as(state: object, kind: type[S]) -> S:
    """`state` as the rules' class `kind`: each game's phone module narrows it once, here.

    A game's module is only ever given its own game's states (`phone_module`), so
    another kind is a fault in the program, said as one.
    """
    if not isinstance(state, kind):
        raise TypeError(f"a {kind.__name__} phone view was given {type(state).__name__}")
    return state

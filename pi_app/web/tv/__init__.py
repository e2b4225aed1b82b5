"""The big screen's view of each game, found by the game's record name.

A game shown on the big screen (`/tv`) has a module here named like its rules package
(`quitte-ou-double` is `quitte_ou_double`) declaring its `TV`, a `TvView` found through
the one loader of game faces (`pi_app.faces`): what the whole room may see of a state,
never more than a spectator (no slate before it is turned up). Its drawing is the
game's own script, `static/tv/<record name>.js`, found by the same name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pi_app.faces import Face, face

Json = dict[str, Any]


def _nothing_more(state: object, locale: str) -> Json:
    """A game whose big screen shows its scores and nothing more."""
    return {}


@dataclass(frozen=True)
class TvView:
    """A game on the big screen, as its module declares it (`TV`)."""

    view: Callable[[object, str], Json] = _nothing_more
    """What the room may see of a state beyond the scores, in a locale (plain JSON)."""
    texts: Mapping[str, str] = field(default_factory=dict)
    """The words the game's TV script shows (key -> msgid, domain "tv")."""


TV = Face("pi_app.web.tv.{game}", "TV", TvView)
"""A game's big-screen view: `TV` in `pi_app.web.tv.<game>`."""


def tv_view(game_name: str) -> TvView | None:
    """The big-screen view of `game_name`, or None when it shows its scores only."""
    return face(game_name, TV)

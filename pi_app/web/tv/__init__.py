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
from pi_app.questions.numbers import number_apart
from pi_app.rules.question import RoundQuestion

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


def truth_json(question: RoundQuestion | None, typed: str, locale: str) -> Json:
    """The round's true answer as the room reads it: its number apart from the words
    around it (`{"before", "number", "after"}`), so that the page draws the number as a
    key number and its unit at the size of its words. The box's question gives its own
    answer with its unit; a card's is the number the host typed (`typed`, as the table
    shows it), with no unit."""
    if question is None:
        return {"before": "", "number": typed, "after": ""}
    before, number, after = number_apart(question.answer, question.unit, locale)
    return {"before": before, "number": number, "after": after}


def tv_view(game_name: str) -> TvView | None:
    """The big-screen view of `game_name`, or None when it shows its scores only."""
    return face(game_name, TV)

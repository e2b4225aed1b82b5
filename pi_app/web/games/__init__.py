"""The phone play of each game, found by the game's record name.

A game that phones play (not only follow) has a module here named like its rules
package (`quitte-ou-double` is `quitte_ou_double`), as its screens have in
`pi_app.display.games`. The module declares its `PHONE`, a `PhonePlay` found through the
one loader of game faces (`pi_app.faces`): the messages its phones send (`kinds`:
`"answer"`, `"bet"`...; the server takes those, and no others, to the table), the
game's action for a phone's request (played through the core's door), what the phone
of a seat may see of the game beyond the scores (`view`), and the round's question of
the box's (`asked`, which a phone may flag). Every hook has its default, so a game
declares only what it has; a game without a module here is played on the box, and any
phone follows its scores and rounds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, TypeVar

from pi_app.faces import Face, face

if TYPE_CHECKING:
    from pi_app.rules.question import RoundQuestion
    from pi_app.web.phone_request import PhoneRequest

S = TypeVar("S")
Json = dict[str, Any]


def _not_from_a_phone(state: object, request: PhoneRequest) -> object:
    """A request of a kind the game's phones do not send: unreadable."""
    raise ValueError(request.kind)


def _nothing_more(state: object, seat: str | None, locale: str) -> Json:
    """A game whose phones see its scores and nothing more."""
    return {}


def _no_question(state: object) -> RoundQuestion | None:
    """A game the box asks no question in."""
    return None


@dataclass(frozen=True)
class PhonePlay:
    """A game's play on a phone, as its module declares it (`PHONE`)."""

    kinds: tuple[str, ...] = ()
    """The messages this game's phones send."""
    action: Callable[[object, PhoneRequest], object] = _not_from_a_phone
    """The game's action for a phone's request on a state; a `requests.Reply` for one
    the phone may not make; ValueError for a malformed one, `RuleError` for one the
    rules refuse."""
    view: Callable[[object, str | None, str], Json] = _nothing_more
    """What the phone of a seat (None: a spectator) may see of a state, in a locale."""
    asked: Callable[[object], RoundQuestion | None] = _no_question
    """The question the box asked in the round of a state (a phone may flag it)."""


PHONE = Face("pi_app.web.games.{game}", "PHONE", PhonePlay)
"""A game's phone play: `PHONE` in `pi_app.web.games.<game>`."""


def phone_play(game_name: str) -> PhonePlay | None:
    """The phone play of `game_name`, or None when its phones only follow the scores."""
    return face(game_name, PHONE)


@cache
def phone_kinds() -> frozenset[str]:
    """Every message kind some game's phones send (each game's `kinds`)."""
    from pi_app.rules.registry import games

    found: set[str] = set()
    for name in games():
        play = phone_play(name)
        if play is not None:
            found.update(play.kinds)
    return frozenset(found)


def state_as(state: object, kind: type[S]) -> S:
    """`state` as the rules' class `kind`: each game's phone module narrows it once, here.

    A game's module is only ever given its own game's states (`phone_play`), so
    another kind is a fault in the program, said as one.
    """
    if not isinstance(state, kind):
        raise TypeError(f"a {kind.__name__} phone view was given {type(state).__name__}")
    return state

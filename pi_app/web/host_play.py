"""What the host's phone does in each game, declared by the game that owns it.

The host's page (opened with the host's key, never a player's token) moves a round
on, types a card's true answer, corrects a slate, scores a Cambio hand or plays a
Gambo move: each game declares what its host sends and sees in its own module,
`pi_app.web.games.<game>` (its `HOST`, a `HostPlay`), found by the one loader of game
faces (`pi_app.faces`), as its phone play is (`PHONE`). What every game shares (next,
undo, redo, pause) and what is not a game's (the home, the settings, the box's
health: `HostPanel`s) is carried by the host's part of the server.

A host request names the game and the step it was made on (`HostRequest.step`): one
made on a view the table has moved past is refused with what changed, the game's own
words for the actions played since (`HostPlay.describe`), as undo and redo say first
what they take back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pi_app.faces import Face, face

if TYPE_CHECKING:
    from pi_app.box.acts import Act
    from pi_app.box.session import Session
    from pi_app.web.phone_request import Reply

Json = dict[str, Any]


@dataclass(frozen=True)
class HostRequest:
    """What the host's page asks: `kind` with the message's fields, made on `step` of
    game `game_id` (None: no game at the table, a home or settings request)."""

    kind: str
    fields: dict[str, Any]
    lang: str = "fr"
    game_id: int | None = None
    step: int | None = None


def _not_from_the_host(state: object, request: HostRequest) -> Sequence[str] | Reply:
    """A request of a kind the game's host does not send: unreadable."""
    raise ValueError(request.kind)


def _nothing_more(state: object, locale: str) -> Json:
    """A game whose host sees its scores and the shared buttons, nothing more."""
    return {}


def _as_notation(state: object, notation: str, locale: str) -> str:
    """A game that has no words for its actions: its notation, as the journal holds it."""
    return notation


@dataclass(frozen=True)
class HostPlay:
    """A game's play on the host's phone, as its module declares it (`HOST`)."""

    kinds: tuple[str, ...] = ()
    """The messages this game's host page sends (beside the shared next, undo, redo)."""
    action: Callable[[object, HostRequest], Sequence[str] | Reply] = _not_from_the_host
    """The notations (played in order, through the core's door) for a host's request on
    a state; a `Reply` the host may not make; ValueError for a malformed one,
    `RuleError` for one the rules refuse."""
    view: Callable[[object, str], Json] = _nothing_more
    """What the host sees of a state beyond the scores, in a locale: more than a
    player (the slates before they are turned up, to correct one)."""
    describe: Callable[[object, str, str], str] = _as_notation
    """An action in words, in a locale, from the state it was played on: what undo
    takes back ("the bets closed at 40"), what changed under a stale request."""
    texts: Mapping[str, str] = field(default_factory=dict)
    """The words the game's host script shows (key -> msgid, domain "host")."""


HOST = Face("pi_app.web.games.{game}", "HOST", HostPlay)
"""A game's host play: `HOST` in `pi_app.web.games.<game>`."""


def host_play(game_name: str) -> HostPlay | None:
    """The host play of `game_name`, or None when its host has the shared buttons only."""
    return face(game_name, HOST)


def _no_view(session: Session, locale: str) -> Json:
    return {}


def _no_act(session: Session, request: HostRequest) -> Sequence[Act] | Reply:
    raise ValueError(request.kind)


@dataclass(frozen=True)
class HostPanel:
    """A part of the host's page that is no game's: the home (games, seats, unfinished
    games), the settings, the box's health. Read and carried out on the table's owner's
    thread, from the session; its acts go through the core's door like a tap's."""

    name: str
    kinds: tuple[str, ...] = ()
    """The messages this panel sends."""
    view: Callable[[Session, str], Json] = _no_view
    """What the panel shows now, in a locale (plain JSON)."""
    act: Callable[[Session, HostRequest], Sequence[Act] | Reply] = _no_act
    """The acts for a request (carried out in order by the door, `by` the host), or a
    `Reply` refusing it; ValueError for a malformed one."""
    texts: Mapping[str, str] = field(default_factory=dict)
    """The words the panel's script shows (key -> msgid, domain "host")."""

"""The moments of a game that the room notices: named once, by each game, from two states.

A listener of the table (the sounds, the ring, a voice, the big screen) reacts to what
just happened: the answers turned up, a round paid out, the bell stopped the trading.
Each game names those moments itself, from the state before an action and the state
after it (`TellsMoments`), so a listener compares nothing of a game's state and needs no
hook per game: the sounds play the payout when `SCORED` is among a change's moments,
whichever game scored and whoever acted (a tap, a phone, a redo, a box with no screen).

Moments are told for an action played or redone, never for one taken back: an undo
is no payout. The end of a game (`ENDED`) is found here for every game, from its
outcome. Rules stay pure: these are functions of two frozen states.
"""

from __future__ import annotations

from typing import Any, Protocol, cast, runtime_checkable

from pi_app.rules.contract import Declares, Game

QUESTION = "question"
"""The round's question was asked (the box's own, or one typed for a card)."""
REVEALED = "revealed"
"""The answers were turned up: the bets open on them."""
BETS_CLOSED = "bets-closed"
"""No more bets ("rien ne va plus")."""
SCORED = "scored"
"""A round was scored: its payout is known."""
STOP = "stop"
"""The bell rang: everything stops (Cambio's trading)."""
FALSE_RING = "false-ring"
"""Someone rang without the hand they claimed: the round goes on."""
ROUND = "round"
"""A new round began."""
DEALT = "dealt"
"""The cards were dealt: the study time begins, its sand timer running (Cambio)."""
OPENED = "opened"
"""The trading opened: the study time is over, on time or early (Cambio)."""
ENDED = "ended"
"""The game is over (its outcome is decided)."""


@runtime_checkable
class TellsMoments(Protocol):
    """A game that names its moments: what the room should notice when an action took
    the game from `before` to `after` (both states of this game)."""

    def moments(self, before: Any, after: Any) -> frozenset[str]: ...


@runtime_checkable
class TakesTurns(Protocol):
    """A game played turn by turn: the index of the seat to move, None when nobody is
    (the game is over). The ring shows whose turn it is."""

    def to_move(self, state: Any) -> int | None: ...


_TELLS = Declares(TellsMoments)
_TURNS = Declares(TakesTurns)


def turn_of(game: Game[Any, Any], state: object) -> int | None:
    """The seat to move at a table of `game` (None: a game not played turn by turn)."""
    return cast(TakesTurns, game).to_move(state) if _TURNS(game) else None


def moments_of(game: Game[Any, Any], before: object, after: object) -> frozenset[str]:
    """The moments of an action that took `game` from `before` to `after`: the game's
    own (`TellsMoments`), and `ENDED` when the action decided its outcome. A table
    that has no state yet (a tournament before its settings arrive) has none."""
    if before is None or after is None:
        return frozenset()
    found = set(cast(TellsMoments, game).moments(before, after)) if _TELLS(game) else set()
    if game.outcome(before) is None and game.outcome(after) is not None:
        found.add(ENDED)
    return frozenset(found)

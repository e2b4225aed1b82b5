"""The host's next step: what moves a round on when the host says "next".

On the box's screen the host moves a round on with a tap (turn the answers up, close
the bets, go to the next round). A box with no screen has its Next button and its
bell for that, and they must do what the tap would have done: one step, the one the
round is waiting for. A game that can be moved on so declares it here
(`MovesOn.next_steps`, in its rules' notation); the others are moved on by their
players alone (a Gambo game by its moves).

The bell of a box with no screen is the host's Next button, unless the game says
what its bell does (`RingsBell.bell_steps`): a Cambio round's bell opens trading in
the study time and stops it after, as the bell on the screen's Cambio scene does.

Only steps that need no typing qualify: the true answer is one when the box asked the
question (it knows the answer), never when the host reads it from a card.

A game whose sand timer's end moves the round on declares it too (`EndsTimers.time_up_steps`):
Cambio's study time over opens the trading. The box plays those steps itself when its
timer runs out, with a screen or without one; the rules know the timer by its kind
only, never its clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class MovesOn(Protocol):
    """A game whose rounds the host moves on: `next_steps(state)` are the actions
    (in order) of the one step the round waits for, () when it waits for the players."""

    def next_steps(self, state: Any) -> Sequence[Any]: ...

    def format_action(self, action: Any) -> str: ...


def next_notations(game: object, state: object) -> tuple[str, ...]:
    """The host's next step at a table of `game`, as notations to play in order; ()
    when there is none (the players' turn, or a game its players alone move on)."""
    if not isinstance(game, MovesOn):
        return ()
    return tuple(game.format_action(action) for action in game.next_steps(state))


@runtime_checkable
class RingsBell(Protocol):
    """A game whose bell is its own: `bell_steps(state)` are the actions (in order) a
    press plays now, () when the bell means nothing in this state."""

    def bell_steps(self, state: Any) -> Sequence[Any]: ...

    def format_action(self, action: Any) -> str: ...


def bell_notations(game: object, state: object) -> tuple[str, ...]:
    """What the bell of a box with no screen plays at a table of `game`, as notations
    in order: the game's own bell steps when its bell means something now, else the
    host's next step; () when neither has a step to take."""
    if isinstance(game, RingsBell):
        steps = tuple(game.format_action(action) for action in game.bell_steps(state))
        if steps:
            return steps
    return next_notations(game, state)


@runtime_checkable
class EndsTimers(Protocol):
    """A game whose sand timers' ends move it on: `time_up_steps(state, kind)` are the
    actions (in order) the table plays when the timer `kind` runs out in `state`, ()
    when its end changes nothing now."""

    def time_up_steps(self, state: Any, kind: str) -> Sequence[Any]: ...

    def format_action(self, action: Any) -> str: ...


def time_up_notations(game: object, state: object, kind: str) -> tuple[str, ...]:
    """What the end of the sand timer `kind` plays at a table of `game`, as notations in
    order; () when the game declares nothing for it (or nothing now)."""
    if not isinstance(game, EndsTimers):
        return ()
    return tuple(game.format_action(action) for action in game.time_up_steps(state, kind))
